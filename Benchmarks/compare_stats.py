"""The statistics of `Benchmarks/bench-compare`: the Mann-Whitney U test, the verdict on each
benchmark and instruction count, and the Markdown and JSON reports. Standard library only,
so it can be tested without building anything (`make bench-test`).
"""
import math
import statistics

REGRESSION = "regression"
IMPROVEMENT = "improvement"
UNCHANGED = "unchanged"
SAME = "same"
FAILED = "failed"

# Up to this many samples in all, without ties, the p-value is exact (the null distribution
# counted); past it, or with ties, the normal approximation with tie and continuity
# corrections. Counting the distribution takes about n^4/8 additions for n samples.
EXACT_LIMIT = 40


def ranks(values):
    """The ranks of `values` (1-based), ties given the mean of the ranks they span."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def tie_sizes(values):
    """The sizes of the groups of equal values that have more than one member."""
    counts = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return [c for c in counts.values() if c > 1]


def u_distribution(m, n):
    """How many of the C(m + n, m) ways to rank m samples among n others give each U, for U
    = 0 ... m * n (no ties): the number of subsets of size m of {0, ..., m + n - 1} with
    each sum of (element - position in the subset)."""
    # counts[k][u]: subsets of size k of the elements seen so far with statistic u.
    counts = [[0] * (m * n + 1) for _ in range(m + 1)]
    counts[0][0] = 1
    for element in range(m + n):
        for k in range(min(m, element + 1), 0, -1):
            # Taking `element` as the k-th smallest adds element - (k - 1) to U.
            shift = element - (k - 1)
            if shift < 0 or shift > n:
                continue
            row, below = counts[k], counts[k - 1]
            for u in range(m * n - shift, -1, -1):
                if below[u]:
                    row[u + shift] += below[u]
    return counts[m]


def mann_whitney_u(a, b):
    """The two-sided Mann-Whitney U test of samples `a` and `b`: (U of `a`, p-value).
    Exact when there are no ties and at most EXACT_LIMIT samples, else the normal
    approximation with the tie correction and a continuity correction."""
    m, n = len(a), len(b)
    if m == 0 or n == 0:
        raise ValueError("both samples need at least one value")
    pooled = list(a) + list(b)
    rank = ranks(pooled)
    u_a = sum(rank[:m]) - m * (m + 1) / 2
    u_b = m * n - u_a
    larger = max(u_a, u_b)
    ties = tie_sizes(pooled)
    if not ties and m + n <= EXACT_LIMIT:
        counts = u_distribution(m, n)
        at_least = sum(counts[int(round(larger)):])
        p = 2 * at_least / math.comb(m + n, m)
        return u_a, min(1.0, p)
    total = m + n
    tie_term = sum(t ** 3 - t for t in ties)
    variance = m * n / 12 * ((total + 1) - tie_term / (total * (total - 1)))
    if variance <= 0:
        return u_a, 1.0  # every value equal
    z = (larger - m * n / 2 - 0.5) / math.sqrt(variance)
    p = math.erfc(z / math.sqrt(2))  # two-sided: twice the upper tail
    return u_a, min(1.0, max(0.0, p))


def relative_change(base, head):
    """(head - base) / base, or None when base is zero."""
    return None if base == 0 else head / base - 1


def time_verdict(change, p, threshold, alpha):
    """A regression when the median grew by `threshold` or more (a fraction) and the test is
    significant at `alpha`; an improvement when it shrank as much, significantly; else
    unchanged."""
    if change is None or p >= alpha:
        return UNCHANGED
    if change >= threshold:
        return REGRESSION
    if change <= -threshold:
        return IMPROVEMENT
    return UNCHANGED


def instruction_verdict(base, head, threshold):
    """Instruction counts are exact: equal counts are the same, a change past `threshold`
    (a fraction) is a regression or an improvement, a smaller one is reported unchanged."""
    if base == head:
        return SAME
    change = relative_change(base, head)
    if change is None or change > threshold:
        return REGRESSION
    if change < -threshold:
        return IMPROVEMENT
    return UNCHANGED


def compare_times(name, base, head, threshold, alpha):
    """One benchmark's entry of the report from its samples (seconds) of each binary, its
    verdict from its own p-value (`adjust` then decides on the adjusted one)."""
    base_median, head_median = statistics.median(base), statistics.median(head)
    _, p = mann_whitney_u(base, head)
    change = relative_change(base_median, head_median)
    return {
        "name": name,
        "base_median": base_median,
        "head_median": head_median,
        "change": change,
        "p_value": p,
        "verdict": time_verdict(change, p, threshold, alpha),
        "base_samples": list(base),
        "head_samples": list(head),
    }


def benjamini_hochberg(p_values):
    """The Benjamini-Hochberg adjusted p-values of `p_values`, in their order: the smallest
    false discovery rate at which each test would be significant."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    smallest = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        smallest = min(smallest, p_values[i] * m / rank)
        adjusted[i] = smallest
    return adjusted


def adjust(entries, threshold, alpha, correction="bh"):
    """Decides every measured entry on its own samples, with p-values adjusted over all of
    them (Benjamini-Hochberg; `correction="none"` keeps the raw ones), into `q_value` and
    the verdict. A run compares a hundred benchmarks or more: at p < 0.05 each, one in
    twenty would be significant by chance alone."""
    measured = [e for e in entries if e["verdict"] != FAILED]
    raw = [e["p_value"] for e in measured]
    adjusted = benjamini_hochberg(raw) if correction == "bh" else raw
    for entry, q in zip(measured, adjusted):
        entry["q_value"] = q
        entry["verdict"] = time_verdict(entry["change"], q, threshold, alpha)
    return entries


def is_candidate(entry, threshold):
    """Whether a measured entry's median moved by `threshold` or more: what a confirmation
    measures again."""
    return entry["verdict"] != FAILED and entry["change"] is not None and abs(entry["change"]) >= threshold


def confirmation(base, head):
    """The fresh samples of a candidate, summarized as an entry is."""
    base_median, head_median = statistics.median(base), statistics.median(head)
    _, p = mann_whitney_u(base, head)
    return {"base_median": base_median, "head_median": head_median,
            "change": relative_change(base_median, head_median), "p_value": p,
            "base_samples": list(base), "head_samples": list(head)}


def decide_confirmed(entries, threshold, alpha, correction="bh"):
    """Verdicts of a two-stage comparison. The first samples only screen: an entry whose
    median moved less than `threshold` is unchanged. Each candidate was measured again
    (its `confirmation`), and is decided on those fresh samples alone, with p-values
    adjusted over the candidates (Benjamini-Hochberg): since the fresh samples know
    nothing of the screening, a candidate that moved by chance is as likely as any test
    to pass, and the adjustment holds the share of false verdicts among them at alpha. A
    confirmation that moved the other way is unchanged."""
    for entry in entries:
        if entry["verdict"] != FAILED:
            entry["verdict"] = UNCHANGED
            entry.pop("q_value", None)
    confirmed = [e for e in entries if e["verdict"] != FAILED and "confirmation" in e]
    raw = [e["confirmation"]["p_value"] for e in confirmed]
    adjusted = benjamini_hochberg(raw) if correction == "bh" else raw
    for entry, q in zip(confirmed, adjusted):
        again = entry["confirmation"]
        again["q_value"] = q
        same_way = again["change"] is not None and entry["change"] * again["change"] > 0
        entry["verdict"] = time_verdict(again["change"], q, threshold, alpha) if same_way else UNCHANGED
    return entries


def failed_entry(name, message):
    """A benchmark that could not be measured (a failure, as a regression is)."""
    return {"name": name, "base_median": None, "head_median": None, "change": None, "p_value": None,
            "verdict": FAILED, "message": message}


def compare_instructions(base_counts, head_counts, threshold):
    """An entry per workload of either build: a workload only one build has is `new` or
    `gone` (not a failure); one whose count is None (it could not be measured) failed."""
    entries = []
    for name in sorted(set(base_counts) | set(head_counts)):
        base, head = base_counts.get(name), head_counts.get(name)
        if name not in base_counts or name not in head_counts:
            entries.append({"workload": name, "base": base, "head": head, "change": None,
                            "verdict": "new" if name not in base_counts else "gone"})
            continue
        if base is None or head is None:
            entries.append({"workload": name, "base": base, "head": head, "change": None, "verdict": FAILED})
            continue
        entries.append({"workload": name, "base": base, "head": head, "change": relative_change(base, head),
                        "verdict": instruction_verdict(base, head, threshold)})
    return entries


def count_verdicts(entries):
    counts = {}
    for e in entries:
        counts[e["verdict"]] = counts.get(e["verdict"], 0) + 1
    return counts


def regressed(report):
    """Whether the report holds a regression, in time or in instructions, or a benchmark
    that failed."""
    return any(e["verdict"] in (REGRESSION, FAILED) for e in report["benchmarks"] + report.get("instructions", []))


def human_time(seconds):
    if seconds is None:
        return ""
    if seconds < 1e-6:
        return f"{seconds * 1e9:.0f} ns"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.2f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.3f} s"


def percent(change):
    return "" if change is None else f"{change * 100:+.1f}%"


def p_text(p):
    if p is None:
        return ""
    return f"{p:.2g}" if p < 0.001 else f"{p:.3f}"


VERDICT_MARK = {REGRESSION: "🔴 regression", IMPROVEMENT: "🟢 improvement", UNCHANGED: "unchanged", SAME: "same",
                FAILED: "❌ failed"}


def time_rows(entries):
    """A table row per entry: the first samples' medians, change and p-value, then those of
    the confirmation where there is one, the adjusted p-value (q) that decided and the
    verdict."""
    lines = ["| benchmark | base | head | change | p | confirmed | q | verdict |",
             "|---|---:|---:|---:|---:|---|---:|---|"]
    for e in entries:
        verdict = VERDICT_MARK[e["verdict"]]
        if e.get("message"):
            verdict += ": " + e["message"].replace("|", "\\|").replace("\n", " ")[:300]
        again = e.get("confirmation")
        confirmed = f"{percent(again['change'])}, p {p_text(again['p_value'])}" if again else ""
        q = again.get("q_value") if again else e.get("q_value")
        lines.append(f"| `{e['name']}` | {human_time(e['base_median'])} | {human_time(e['head_median'])} | "
                     f"{percent(e['change'])} | {p_text(e['p_value'])} | {confirmed} | {p_text(q)} | {verdict} |")
    return lines


def instruction_rows(entries):
    lines = ["| workload | base | head | change | verdict |", "|---|---:|---:|---:|---|"]
    for e in entries:
        base = "" if e["base"] is None else f"{e['base']:,}"
        head = "" if e["head"] is None else f"{e['head']:,}"
        change = "" if e["change"] is None else f"{e['change'] * 100:+.3f}%"
        lines.append(f"| `{e['workload']}` | {base} | {head} | {change} | {VERDICT_MARK.get(e['verdict'], e['verdict'])} |")
    return lines


def markdown(report):
    """The report as Markdown for a pull-request comment: the verdicts, the benchmarks that
    moved, then every benchmark and workload folded away."""
    s = report["settings"]
    base, head = report["base"], report["head"]
    times = report["benchmarks"]
    tally = count_verdicts(times)
    lines = [f"### Benchmarks: `{head['label']}` against `{base['label']}`", ""]
    clock = {"cpu": "CPU time", "real": "real time"}.get(s.get("clock", "real"), "time")
    threshold = f"{s['threshold'] * 100:g}%"
    adjusted = s.get("correction", "none") == "bh"
    if s.get("confirm"):
        candidates = sum(1 for e in times if "confirmation" in e)
        test = (f"{s['confirm']} more runs of each binary for each benchmark whose median moved by {threshold} "
                f"or more ({candidates} here), and a verdict on those alone: a regression is a median "
                f"{threshold} slower or more with " +
                (f"q < {s['alpha']:g} (the two-sided Mann-Whitney U test's p-value adjusted over the "
                 f"confirmed benchmarks by Benjamini-Hochberg)" if adjusted else
                 f"p < {s['alpha']:g} (two-sided Mann-Whitney U test)"))
    else:
        test = (f"a regression is a median {threshold} slower or more with " +
                (f"q < {s['alpha']:g} (the two-sided Mann-Whitney U test's p-value adjusted over the "
                 f"{len(times)} benchmarks by Benjamini-Hochberg)" if adjusted else
                 f"p < {s['alpha']:g} (two-sided Mann-Whitney U test)"))
    lines.append(f"{len(times)} benchmarks ({s['selection']}), {s['repetitions']} interleaved runs of each "
                 f"binary, {clock} compared; {test}; an improvement likewise faster.")
    lines.append("")
    failed = f", {tally[FAILED]} failed to run" if tally.get(FAILED) else ""
    summary = (f"**Time: {tally.get(REGRESSION, 0)} regressed, {tally.get(IMPROVEMENT, 0)} improved, "
               f"{tally.get(UNCHANGED, 0)} unchanged{failed}.**")
    instructions = report.get("instructions")
    if instructions:
        itally = count_verdicts(instructions)
        summary += (f" **Instructions (callgrind, exact): {itally.get(REGRESSION, 0)} regressed (over "
                    f"{s['instruction_threshold'] * 100:g}%), {itally.get(IMPROVEMENT, 0)} improved, "
                    f"{itally.get(UNCHANGED, 0)} changed less, {itally.get(SAME, 0)} identical"
                    f"{f', {itally[FAILED]} failed to run' if itally.get(FAILED) else ''}.**")
    elif report.get("instructions_note"):
        summary += f" Instructions: {report['instructions_note']}."
    lines.append(summary)
    moved = [e for e in times if e["verdict"] != UNCHANGED]
    if moved:
        lines += [""] + time_rows(moved)
    moved_instructions = [e for e in instructions or []
                          if e["verdict"] in (REGRESSION, IMPROVEMENT, FAILED, "new", "gone")]
    if moved_instructions:
        lines += [""] + instruction_rows(moved_instructions)
    only = report.get("only_in_one")
    if only:
        lines += ["", "Only in one build (not compared): " + ", ".join(f"`{n}`" for n in only)]
    lines += ["", f"<details><summary>All {len(times)} benchmarks</summary>", ""] + time_rows(times)
    lines += ["", "</details>"]
    if instructions:
        lines += ["", f"<details><summary>All {len(instructions)} instruction counts</summary>", ""]
        lines += instruction_rows(instructions) + ["", "</details>"]
    return "\n".join(lines) + "\n"
