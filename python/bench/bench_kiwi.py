"""Per-call cost of ratite.kiwi against kiwisolver: suggestValue, addConstraint,
updateVariables, on the same systems, best of several repetitions.

    python bench/bench_kiwi.py [--quick]

Prints a table in microseconds per call.
"""
import argparse
import importlib
import time


def best(function, repeat):
    """The fastest of `repeat` runs of function(), which returns (seconds, calls)."""
    return min(function() for _ in range(repeat))


def chain(kiwi, n):
    """x0 fixed at 0 by a weak edit, x_i == x_{i-1} + w_i with widths held strongly."""
    solver = kiwi.Solver()
    xs = [kiwi.Variable(f"x{i}") for i in range(n)]
    solver.addEditVariable(xs[0], "strong")
    for i in range(1, n):
        solver.addConstraint(xs[i] == xs[i - 1] + 10)
        solver.addConstraint((xs[i] <= 10000) | "weak")
    return solver, xs


def suggest_value(kiwi, calls):
    solver, xs = chain(kiwi, 100)
    v, suggest = xs[0], solver.suggestValue
    start = time.perf_counter()
    for i in range(calls):
        suggest(v, i & 1023)
    return (time.perf_counter() - start) / calls


def suggest_small(kiwi, calls):
    solver = kiwi.Solver()
    v, w = kiwi.Variable("v"), kiwi.Variable("w")
    solver.addEditVariable(v, "strong")
    solver.addConstraint(w == v + 1)
    suggest = solver.suggestValue
    start = time.perf_counter()
    for i in range(calls):
        suggest(v, i & 1023)
    return (time.perf_counter() - start) / calls


def suggest_and_update(kiwi, calls):
    solver, xs = chain(kiwi, 100)
    v, suggest, update = xs[0], solver.suggestValue, solver.updateVariables
    start = time.perf_counter()
    for i in range(calls):
        suggest(v, i & 1023)
        update()
    return (time.perf_counter() - start) / calls


def update_unchanged(kiwi, calls):
    solver, xs = chain(kiwi, 100)
    solver.updateVariables()
    update = solver.updateVariables
    start = time.perf_counter()
    for _ in range(calls):
        update()
    return (time.perf_counter() - start) / calls


def add_constraint(kiwi, calls):
    """Chains of 100 constraints, each in a fresh solver: kiwi's rows grow with a longer
    chain (every new row is substituted in full), which would time the chain length."""
    total, done = 0.0, 0
    while done < calls:
        solver = kiwi.Solver()
        xs = [kiwi.Variable(f"x{i}") for i in range(101)]
        constraints = [xs[i + 1] == xs[i] + 10 for i in range(100)]
        add = solver.addConstraint
        start = time.perf_counter()
        for c in constraints:
            add(c)
        total += time.perf_counter() - start
        done += 100
    return total / done


def add_remove(kiwi, calls):
    solver, xs = chain(kiwi, 100)
    c = (xs[50] >= 3) | "medium"
    add, remove = solver.addConstraint, solver.removeConstraint
    start = time.perf_counter()
    for _ in range(calls):
        add(c)
        remove(c)
    return (time.perf_counter() - start) / calls


BENCHMARKS = [
    ("suggestValue (one edit, one constraint)", suggest_small, 200000),
    ("suggestValue (chain of 100)", suggest_value, 200000),
    ("suggestValue + updateVariables", suggest_and_update, 50000),
    ("updateVariables, nothing changed", update_unchanged, 200000),
    ("addConstraint (chains of 100)", add_constraint, 50000),
    ("addConstraint + removeConstraint", add_remove, 20000),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer calls and repetitions")
    args = parser.parse_args()
    scale, repeat = (10, 3) if args.quick else (1, 5)
    modules = [("ratite.kiwi", importlib.import_module("ratite.kiwi"))]
    try:
        modules.append(("kiwisolver", importlib.import_module("kiwisolver")))
    except ImportError:
        pass
    header = f"{'µs per call':<40}" + "".join(f"{name:>14}" for name, _ in modules)
    if len(modules) == 2:
        header += f"{'ratio':>9}"
    print(header)
    for label, function, calls in BENCHMARKS:
        costs = [best(lambda: function(module, calls // scale), repeat) * 1e6 for _, module in modules]
        line = f"{label:<40}" + "".join(f"{c:>14.3f}" for c in costs)
        if len(costs) == 2:
            line += f"{costs[0] / costs[1]:>9.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
