"""kiwisolver against Ratite on the generated systems: one driver, two modules.

    python bench/bench_peers.py --cli .build/release/ratite [--sizes 100,300,1000]
        [--families chain,grid,tree,random] [--timeout 300] [--out Benchmarks/results/peers]

Each system comes from ``ratite generate FAMILY --n N`` (a solve file). It is parsed once
here and handed to the same functions for ``kiwisolver`` and for ``ratite.kiwi`` (Ratite
behind kiwisolver's API), each in a process of its own, so both get the same variables,
constraints, strengths, edit variables and suggestions, in the same order. Per family and N
it times:

* build: every constraint added to an empty solver, the edit variables added and
  suggested, one ``updateVariables`` (the best of up to 5 fresh builds in 2 s);
* resize: every edit variable suggested 10% above, then 10% below its first value, and
  ``updateVariables`` (the mean of back-to-back resizes, as many as fit in 0.5 s);
* add+remove: ``v == value + 1`` at medium on the middle variable (in order of first
  appearance), added, updated, removed, updated (the mean per round, likewise).

Constraint objects are made before the timer starts: the times are the solvers' calls.
Each module runs in its own process per case, cut off after ``--timeout`` seconds (the
operations not finished then print ``-``); after a timeout the family's larger sizes are
not tried for that module. Prints a table (times and kiwi/ratite ratios) and writes
OUT.json (the raw numbers, with the additions' share of each build) and OUT.svg (time
against N).

The generated priorities 1000, 750, 500 and 250 are kiwi's required, strong, medium and
weak, which ratite.kiwi maps back onto exactly those Ratite priorities. Their meaning
differs: kiwi adds violations up weighted 10⁶ : 10³ : 1, Ratite orders levels strictly.
The values are compared after the build: the largest difference, and whether each level's
total violation agrees (where the optimum is not unique the values may differ with the
same totals). A priority with no kiwi name skips the case: kiwi's strengths between the
names are weights, not levels, so no strength would mean the same thing.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib
import json
import os
import re
import subprocess
import sys
import time
from typing import Dict, List, NamedTuple, Optional, Tuple

MODULES = ("kiwisolver", "ratite.kiwi")
OPERATIONS = ("build", "resize", "add_remove")
STRENGTHS = {1000.0: "required", 750.0: "strong", 500.0: "medium", 250.0: "weak"}
LEVELS = ("strong", "medium", "weak")


class Unsupported(ValueError):
    """A solve file that kiwi's API cannot express."""


class System(NamedTuple):
    """A parsed solve file: variable names in order of first appearance, constraints as
    (terms, constant, op, strength) meaning ``Σ c·v + constant  op  0``, edit variables as
    (name, strength) and suggestions as (name, value)."""

    variables: List[str]
    constraints: List[Tuple[Tuple[Tuple[str, float], ...], float, str, str]]
    edits: List[Tuple[str, str]]
    suggestions: List[Tuple[str, float]]


# ---------------------------------------------------------------------------------------
# Solve files (docs/file-formats.md): linear expressions, `*` and `/` by constants only
# ---------------------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)|([A-Za-z_]\w*)|(.))")
_RELATION = re.compile(r"==|<=|>=")


def _tokens(text: str) -> List[str]:
    return [number or name or other for number, name, other in _TOKEN.findall(text.strip())]


class _Linear:
    """Recursive descent over a linear expression; each part is (coefficients, constant)."""

    def __init__(self, text: str, order: Dict[str, None]):
        self.tokens, self.at, self.order = _tokens(text), 0, order

    def parse(self):
        value = self.sum()
        if self.at != len(self.tokens):
            raise Unsupported(f"unexpected {self.tokens[self.at]!r} in {' '.join(self.tokens)!r}")
        return value

    def peek(self) -> Optional[str]:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self) -> str:
        self.at += 1
        return self.tokens[self.at - 1]

    def sum(self):
        terms, constant = self.product()
        while self.peek() in ("+", "-"):
            sign = 1.0 if self.take() == "+" else -1.0
            other, c = self.product()
            terms = _combine(terms, other, sign)
            constant += sign * c
        return terms, constant

    def product(self):
        terms, constant = self.factor()
        while self.peek() in ("*", "/"):
            divide = self.take() == "/"
            other, c = self.factor()
            if other and (terms or divide):
                raise Unsupported("a product of variables or a division by one is not linear")
            if divide:
                terms, constant = {n: v / c for n, v in terms.items()}, constant / c
            elif other:
                terms, constant = {n: v * constant for n, v in other.items()}, c * constant
            else:
                terms, constant = {n: v * c for n, v in terms.items()}, constant * c
        return terms, constant

    def factor(self):
        token = self.take() if self.peek() is not None else None
        if token in ("+", "-"):
            terms, constant = self.factor()
            return (terms, constant) if token == "+" else ({n: -v for n, v in terms.items()}, -constant)
        if token == "(":
            value = self.sum()
            if self.peek() != ")":
                raise Unsupported("a parenthesis is not closed")
            self.take()
            return value
        if token and (token[0].isdigit() or token[0] == "."):
            return {}, float(token)
        if token and (token[0].isalpha() or token[0] == "_"):
            self.order.setdefault(token)
            return {token: 1.0}, 0.0
        raise Unsupported(f"expected a number, a name or '(' at {token!r}")


def _combine(a: Dict[str, float], b: Dict[str, float], sign: float) -> Dict[str, float]:
    result = dict(a)
    for name, value in b.items():
        result[name] = result.get(name, 0.0) + sign * value
    return result


def _strength(priority: str) -> str:
    """kiwi's named strength for a solve file's priority: a number or any of Ratite's names,
    so Apple's ``defaultHigh`` (750) is strong."""
    from ratite.layout import priority_value

    try:
        return STRENGTHS[priority_value(priority)]
    except (KeyError, ValueError):
        raise Unsupported(f"priority {priority} has no kiwi strength name (kiwi weighs strengths, Ratite orders "
                          "them, so only the four shared levels mean the same thing)") from None


def parse_solve(text: str) -> System:
    """The system of a solve file; Unsupported for what kiwi's API cannot express."""
    order: Dict[str, None] = {}
    system = System([], [], [], [])
    for line in text.splitlines():
        statement = line.split("#", 1)[0].strip()
        if not statement:
            continue
        words = statement.split()
        body, at, priority = statement.partition("@")
        if words[0] == "edit" and len(body.split()) == 2:
            name = body.split()[1]
            order.setdefault(name)
            strength = _strength(priority.strip() if at else "strong")
            if strength == "required":
                raise Unsupported("a required edit variable")
            system.edits.append((name, strength))
        elif words[0] == "suggest" and len(words) == 3 and "=" not in statement:
            system.suggestions.append((words[1], float(words[2])))
        else:
            parts = _RELATION.split(body)
            if len(parts) != 2:
                raise Unsupported(f"not a constraint: {statement!r}")
            left, lc = _Linear(parts[0], order).parse()
            right, rc = _Linear(parts[1], order).parse()
            op = _RELATION.search(body).group()
            strength = _strength(priority.strip() if at else "required")
            system.constraints.append((tuple(_combine(left, right, -1.0).items()), lc - rc, op, strength))
    system.variables.extend(order)
    return system


# ---------------------------------------------------------------------------------------
# The driver: the same calls on either module
# ---------------------------------------------------------------------------------------


def constraints_of(kiwi, system: System):
    """(variables by name, kiwi Constraint objects) of the system, in the module `kiwi`."""
    variables = {name: kiwi.Variable(name) for name in system.variables}
    constraints = [
        kiwi.Constraint(kiwi.Expression([kiwi.Term(variables[n], c) for n, c in terms], constant), op, strength)
        for terms, constant, op, strength in system.constraints
    ]
    return variables, constraints


def build(kiwi, system: System, variables, constraints):
    """A solver with every constraint and edit variable, suggested and updated; returned with
    the seconds the additions took and the whole build took. The collector is off meanwhile
    (as in timeit): its pauses belong to neither solver."""
    solver = kiwi.Solver()
    add = solver.addConstraint
    gc.disable()
    try:
        start = time.perf_counter()
        for c in constraints:
            add(c)
        added = time.perf_counter()
        for name, strength in system.edits:
            solver.addEditVariable(variables[name], strength)
        for name, value in system.suggestions:
            solver.suggestValue(variables[name], value)
        solver.updateVariables()
        return solver, added - start, time.perf_counter() - start
    finally:
        gc.enable()


def mean_of_rounds(function, budget: float, most: int) -> Tuple[float, int]:
    """Mean seconds of back-to-back calls of function() and their number: one call to warm
    up and estimate, then as many as fit in `budget` (2 to `most`), timed together with the
    collector off. Timing each call alone would add a cold start to every one."""
    start = time.perf_counter()
    function()
    rounds = max(2, min(most, int(budget / max(time.perf_counter() - start, 1e-9))))
    gc.collect()
    gc.disable()
    try:
        start = time.perf_counter()
        for _ in range(rounds):
            function()
        return (time.perf_counter() - start) / rounds, rounds
    finally:
        gc.enable()


def worker(module_name: str, system: System) -> None:
    """Measures one module on the system, printing one JSON line per result as it is done
    (the parent keeps what was printed before a timeout)."""
    kiwi = importlib.import_module(module_name)
    variables, constraints = constraints_of(kiwi, system)

    def emit(**fields):
        print(json.dumps(fields), flush=True)

    # The best of up to 5 builds in 2 s, each from a fresh solver; the previous one is freed
    # and collected before the next starts.
    runs: List[Tuple[float, float]] = []
    while not runs or (sum(total for _, total in runs) < 2.0 and len(runs) < 5):
        solver = None
        gc.collect()
        solver, added, total = build(kiwi, system, variables, constraints)
        runs.append((added, total))
    added, total = min(runs, key=lambda run: run[1])
    emit(op="build", seconds=total, runs=len(runs))
    emit(op="additions", seconds=added, runs=len(runs))
    emit(values=[variables[n].value() for n in system.variables])

    edits = [(variables[name], value) for name, value in system.suggestions]
    count = [0]

    def resize():
        factor = 1.1 if count[0] % 2 == 0 else 0.9
        count[0] += 1
        for v, value in edits:
            solver.suggestValue(v, value * factor)
        solver.updateVariables()

    seconds, rounds = mean_of_rounds(resize, 0.5, 10000)
    emit(op="resize", seconds=seconds, runs=rounds)
    for v, value in edits:
        solver.suggestValue(v, value)
    solver.updateVariables()

    # Hold the middle variable one point away from where it is, as the Swift suite does.
    middle = variables[system.variables[len(system.variables) // 2]]
    extra = kiwi.Constraint(kiwi.Expression([kiwi.Term(middle, 1.0)], -(middle.value() + 1)), "==", "medium")

    def add_remove():
        solver.addConstraint(extra)
        solver.updateVariables()
        solver.removeConstraint(extra)
        solver.updateVariables()

    seconds, rounds = mean_of_rounds(add_remove, 0.5, 10000)
    emit(op="add_remove", seconds=seconds, runs=rounds)


# ---------------------------------------------------------------------------------------
# Checking answers
# ---------------------------------------------------------------------------------------


def violations(system: System, values: Dict[str, float]) -> Dict[str, float]:
    """Total violation per strength of the values (edit variables: distance from their
    suggestion). Equal totals at every level mean equally good answers in both senses,
    kiwi's weighted sum and Ratite's order."""
    totals = {level: 0.0 for level in ("required",) + LEVELS}
    for terms, constant, op, strength in system.constraints:
        value = constant + sum(c * values[n] for n, c in terms)
        excess = abs(value) if op == "==" else max(value, 0.0) if op == "<=" else max(-value, 0.0)
        totals[strength] += excess
    suggested = dict(system.suggestions)
    for name, strength in system.edits:
        if name in suggested:
            totals[strength] += abs(values[name] - suggested[name])
    return totals


def compare(system: System, answers: Dict[str, List[float]]) -> Optional[dict]:
    """The largest difference between the two modules' values and each level's totals."""
    if len(answers) < 2:
        return None
    by_module = {m: dict(zip(system.variables, answers[m])) for m in MODULES}
    totals = {m: violations(system, by_module[m]) for m in MODULES}
    difference = max(abs(by_module[MODULES[0]][n] - by_module[MODULES[1]][n]) for n in system.variables)
    # Relative to the sizes involved: the totals add up thousands of terms.
    scale = 1e-9 * max([1.0] + [abs(v) for t in totals.values() for v in t.values()])
    same = all(abs(totals[MODULES[0]][k] - totals[MODULES[1]][k]) <= scale for k in totals[MODULES[0]])
    return {"max_difference": difference, "same_totals": same, "totals": totals}


# ---------------------------------------------------------------------------------------
# Running the cases
# ---------------------------------------------------------------------------------------


def generate(cli: str, family: str, n: int) -> str:
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
    return subprocess.run([cli, "generate", family, "--n", str(n)], capture_output=True, text=True, check=True,
                          env=env).stdout


def run_worker(module_name: str, system: System, timeout: float) -> Tuple[dict, bool]:
    """The results a worker process printed (seconds per operation, their runs, the values
    after the build), and whether it finished in time."""
    command = [sys.executable, os.path.abspath(__file__), "--worker", module_name]
    try:
        done = subprocess.run(command, input=json.dumps(system), capture_output=True, text=True, timeout=timeout)
        output, finished = done.stdout, True
        if done.returncode != 0:
            # Reported with the row: one failing case should not lose the others' results.
            lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
            return {"error": lines[-1], "runs": {}}, True
    except subprocess.TimeoutExpired as expired:
        output, finished = expired.stdout or "", False
        if isinstance(output, bytes):
            output = output.decode()
    results: dict = {"runs": {}}
    if not finished:
        results["timed_out"] = True
    for line in output.splitlines():
        fields = json.loads(line)
        if "values" in fields:
            results["values"] = fields["values"]
        else:
            results[fields["op"]] = fields["seconds"]
            results["runs"][fields["op"]] = fields["runs"]
    return results, finished


def run_case(cli: str, family: str, n: int, timeout: float, skip: set) -> dict:
    """One family and size: both modules (or those not cut off at a smaller size)."""
    text = generate(cli, family, n)
    case = {"family": family, "n": n}
    try:
        system = parse_solve(text)
    except Unsupported as reason:
        case["skipped"] = str(reason)
        return case
    case.update(constraints=len(system.constraints), variables=len(system.variables), edits=len(system.edits))
    answers = {}
    for module_name in MODULES:
        if (module_name, family) in skip:
            case[module_name] = {"runs": {}, "not_tried": True}
            continue
        results, finished = run_worker(module_name, system, timeout)
        if not finished:
            skip.add((module_name, family))
        if "values" in results:
            answers[module_name] = results.pop("values")
        case[module_name] = results
    case["check"] = compare(system, answers)
    return case


def duration(seconds: Optional[float]) -> str:
    if seconds is None:
        return "-"
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.3g} {unit}"
    return f"{seconds * 1e9:.3g} ns"


def ratio(case: dict, op: str) -> str:
    """kiwisolver's time over Ratite's (above 1: Ratite is faster)."""
    kiwi, ours = case[MODULES[0]].get(op), case[MODULES[1]].get(op)
    if not (kiwi and ours):
        return "-"
    return f"{kiwi / ours:.3g}×" if kiwi / ours < 1000 else f"{kiwi / ours:.0f}×"


HEADER = ("family", "N", "cons.", "build kiwi", "ratite", "×", "resize kiwi", "ratite", "×",
          "add+rm kiwi", "ratite", "×", "max Δ", "levels")
WIDTHS = (6, 5, 5, 10, 8, 6, 11, 8, 6, 11, 8, 6, 8, 6)


def cells(case: dict) -> List[str]:
    """A case's table cells (HEADER's columns)."""
    found = [case["family"], str(case["n"]), str(case.get("constraints", "-"))]
    if "skipped" in case:
        return found + ["skipped"] + [""] * (len(HEADER) - 4)
    for op in OPERATIONS:
        found += [duration(case[m].get(op)) for m in MODULES] + [ratio(case, op)]
    check = case["check"]
    if check:
        return found + [f"{check['max_difference']:.3g}", "same" if check["same_totals"] else "differ"]
    return found + ["-", "-"]


def line(values, markdown: bool) -> str:
    """One table line, aligned for the terminal or in Markdown."""
    if markdown:
        return "| " + " | ".join(values) + " |"
    return " ".join(f"{v:<{w}}" if i == 0 else f"{v:>{w}}" for i, (v, w) in enumerate(zip(values, WIDTHS)))


def remarks(case: dict) -> List[str]:
    """What a row cannot show: a skipped case's reason, a module's error or timeout."""
    found = [f"  {case['family']} {case['n']}: skipped: {case['skipped']}"] if "skipped" in case else []
    for module_name in MODULES:
        results = case.get(module_name, {})
        if "error" in results:
            found.append(f"  {case['family']} {case['n']}: {module_name} failed: {results['error']}")
        elif results.get("timed_out"):
            found.append(f"  {case['family']} {case['n']}: {module_name} cut off after the timeout")
        elif results.get("not_tried"):
            found.append(f"  {case['family']} {case['n']}: {module_name} not tried (cut off at a smaller N)")
    return found


NOTES = """\
build: best of up to 5; resize, add+rm: means of back-to-back rounds; ×: kiwisolver / ratite; -: not measured.
max Δ: the largest difference between the two answers after the build; levels: whether the total violation
at each strength agrees (same: equally good answers, so a difference is a tie between optima, not an error).
Strengths: the generated priorities 1000/750/500/250 are kiwi's required/strong/medium/weak, which ratite.kiwi
maps back to exactly 1000/750/500/250. kiwisolver weighs them 1e6 : 1e3 : 1 where Ratite orders them
strictly, so kiwi may give up a stronger constraint for enough weaker ones (levels would then "differ")."""


def plot(cases: List[dict], path: str) -> None:
    """Time against N, log-log, one panel per operation: kiwisolver solid, Ratite dashed."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    # Text as text and no date: a smaller file that changes only with the numbers.
    plt.rcParams["svg.fonttype"] = "none"
    figure, axes = plt.subplots(1, len(OPERATIONS), figsize=(13, 4.2), constrained_layout=True)
    families = list(dict.fromkeys(c["family"] for c in cases if "skipped" not in c))
    colors = dict(zip(families, plt.rcParams["axes.prop_cycle"].by_key()["color"]))
    for ax, op in zip(axes, OPERATIONS):
        for family in families:
            for module_name, style in zip(MODULES, ("o-", "s--")):
                points = [(c["n"], c[module_name][op]) for c in cases
                          if c["family"] == family and "skipped" not in c and op in c[module_name]]
                if points:
                    ax.plot(*zip(*points), style, color=colors[family], label=f"{family} {module_name}")
        ax.set(xscale="log", yscale="log", xlabel="N", ylabel="seconds", title=op.replace("_", "+"))
        ax.grid(True, which="both", alpha=0.3)
    axes[0].legend(fontsize=7)
    figure.suptitle("kiwisolver (solid) and Ratite via ratite.kiwi (dashed) on `ratite generate` systems")
    figure.savefig(path, metadata={"Date": None})


def versions() -> Dict[str, str]:
    found = {"python": sys.version.split()[0]}
    for module_name in ("kiwisolver", "ratite", "matplotlib"):
        try:
            found[module_name] = importlib.import_module(module_name).__version__
        except ImportError:
            found[module_name] = "missing"
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--cli", default="ratite", help="the ratite command (for ratite generate)")
    parser.add_argument("--sizes", default="100,300,1000")
    parser.add_argument("--families", default="chain,grid,tree,random")
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per module and case")
    parser.add_argument("--out", default="Benchmarks/results/peers", help="writes OUT.json and OUT.svg")
    parser.add_argument("--markdown", action="store_true", help="also print the table in Markdown")
    args = parser.parse_args()
    if args.worker:
        worker(args.worker, System(*json.load(sys.stdin)))
        return
    found = versions()
    if "missing" in (found["kiwisolver"], found["ratite"]):
        raise SystemExit(f"needs kiwisolver and ratite in this Python ({found}); make bench-peers installs them")
    print(" ".join(f"{k} {v}" for k, v in found.items()), flush=True)
    print(line(HEADER, False))
    cases, skip = [], set()
    for family in args.families.split(","):
        for n in (int(size) for size in args.sizes.split(",")):
            cases.append(run_case(args.cli, family, n, args.timeout, skip))
            print(line(cells(cases[-1]), False), flush=True)
    for case in cases:
        for remark in remarks(case):
            print(remark)
    print(NOTES)
    if args.markdown:
        print("\n" + "\n".join([line(HEADER, True), line(["---"] * len(HEADER), True)] +
                                [line(cells(case), True) for case in cases]))
    report = {"date": datetime.date.today().isoformat(), "command": " ".join(sys.argv), "versions": found,
              "timeout": args.timeout, "cases": cases}
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out + ".json", "w") as out:
        json.dump(report, out, indent=1)
    if found["matplotlib"] == "missing":
        print(f"wrote {args.out}.json (no plot: matplotlib is not installed)")
        return
    plot(cases, args.out + ".svg")
    print(f"wrote {args.out}.json and {args.out}.svg")


if __name__ == "__main__":
    main()
