#!/usr/bin/env python3
"""Summarizes a ratite-bench JSON result: a table of median times per family, operation
and N (with per-constraint build times), and an SVG plot of time against N on log-log axes,
one panel per operation and one line per family. Standard library only.

    report.py RESULTS.json OUT.svg [--markdown]
"""
import json
import math
import sys
from collections import defaultdict

UNIT_SCALE = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
COLORS = {"chain": "#1f77b4", "grid": "#ff7f0e", "tree": "#2ca02c", "random": "#d62728", "form": "#9467bd"}


def load(path):
    """Median real time (seconds) and counters per (family, operation, n): the "median"
    aggregate when the run had repetitions, else the median of the plain runs."""
    with open(path) as f:
        data = json.load(f)
    aggregated, plain, counters = {}, defaultdict(list), {}
    for b in data["benchmarks"]:
        parts = b.get("run_name", b["name"]).split("/")
        if len(parts) != 3 or not parts[2].isdigit():
            continue  # BigO and RMS rows, or benchmarks without N
        key = (parts[0], parts[1], int(parts[2]))
        seconds = b["real_time"] * UNIT_SCALE[b["time_unit"]]
        if b.get("run_type") == "aggregate":
            if b.get("aggregate_name") == "median":
                aggregated[key] = seconds
                counters[key] = b
        else:
            plain[key].append(seconds)
            counters.setdefault(key, b)
    medians = {k: sorted(v)[len(v) // 2] for k, v in plain.items()}
    medians.update(aggregated)
    return medians, counters


def human(seconds):
    if seconds < 1e-6:
        return f"{seconds * 1e9:.0f} ns"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


def table(medians, counters, markdown):
    sizes = sorted({k[2] for k in medians})
    rows = sorted({(k[0], k[1]) for k in medians})
    lines = []
    header = ["family/operation"] + [f"N={n}" for n in sizes]
    if markdown:
        lines.append("| " + " | ".join(header) + " |")
        lines.append("|" + "---|" * len(header))
    else:
        lines.append("  ".join(h.ljust(22 if i == 0 else 24) for i, h in enumerate(header)))
    for family, operation in rows:
        cells = [f"{family}/{operation}"]
        for n in sizes:
            key = (family, operation, n)
            if key not in medians:
                cells.append("")
                continue
            text = human(medians[key])
            per = counters.get(key, {}).get("per_constraint")
            if per is not None:
                text += f" ({human(per)}/c)"
            cells.append(text)
        if markdown:
            lines.append("| " + " | ".join(cells) + " |")
        else:
            lines.append("  ".join(c.ljust(22 if i == 0 else 24) for i, c in enumerate(cells)))
    return "\n".join(lines)


def plot(medians, path):
    operations = sorted({k[1] for k in medians})
    width, height, margin = 360, 260, 50
    columns = 3
    panels_down = math.ceil(len(operations) / columns)
    total_w, total_h = columns * width, panels_down * height + 30
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w}" height="{total_h}" font-family="sans-serif" font-size="10">',
           f'<text x="10" y="18" font-size="14">Ratite: median time against N (log-log)</text>']
    for index, operation in enumerate(operations):
        ox = (index % columns) * width
        oy = 30 + (index // columns) * height
        points = {k: v for k, v in medians.items() if k[1] == operation and v > 0}
        if not points:
            continue
        xs = [math.log10(k[2]) for k in points]
        ys = [math.log10(v) for v in points.values()]
        x0, x1 = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1
        y0, y1 = math.floor(min(ys)), math.ceil(max(ys)) if math.ceil(max(ys)) > math.floor(min(ys)) else math.floor(min(ys)) + 1
        pw, ph = width - margin - 15, height - margin - 25

        def px(x):
            return ox + margin + (x - x0) / (x1 - x0) * pw

        def py(y):
            return oy + 20 + ph - (y - y0) / (y1 - y0) * ph

        out.append(f'<text x="{ox + margin}" y="{oy + 12}" font-size="12">{operation}</text>')
        out.append(f'<rect x="{ox + margin}" y="{oy + 20}" width="{pw}" height="{ph}" fill="none" stroke="#999"/>')
        for e in range(y0, y1 + 1):
            out.append(f'<line x1="{ox + margin}" x2="{ox + margin + pw}" y1="{py(e):.1f}" y2="{py(e):.1f}" stroke="#eee"/>')
            out.append(f'<text x="{ox + 4}" y="{py(e) + 3:.1f}">{human(10 ** e)}</text>')
        for n in sorted({k[2] for k in points}):
            x = px(math.log10(n))
            out.append(f'<text x="{x - 10:.1f}" y="{oy + 20 + ph + 14}">{n}</text>')
        for family in sorted({k[0] for k in points}):
            series = sorted((k[2], v) for k, v in points.items() if k[0] == family)
            path_d = " ".join(f"{'M' if i == 0 else 'L'}{px(math.log10(n)):.1f},{py(math.log10(v)):.1f}" for i, (n, v) in enumerate(series))
            color = COLORS.get(family, "#333")
            out.append(f'<path d="{path_d}" fill="none" stroke="{color}" stroke-width="1.5"/>')
            for n, v in series:
                out.append(f'<circle cx="{px(math.log10(n)):.1f}" cy="{py(math.log10(v)):.1f}" r="2.5" fill="{color}"/>')
            last_n, last_v = series[-1]
            out.append(f'<text x="{px(math.log10(last_n)) - 40:.1f}" y="{py(math.log10(last_v)) - 5:.1f}" fill="{color}">{family}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    medians, counters = load(sys.argv[1])
    print()
    print(table(medians, counters, "--markdown" in sys.argv))
    plot(medians, sys.argv[2])
    print(f"\nplot: {sys.argv[2]}")


if __name__ == "__main__":
    main()
