#!/usr/bin/env python3
"""Summarizes ratite-bench JSON results. Standard library only.

    report.py RESULTS.json OUT.svg [--markdown] [--medians MEDIANS.json]
        a table of median times per family, operation and N (with per-constraint build
        times), and an SVG plot of time against N on log-log axes, one panel per operation
        and one line per family; --medians also writes the medians file trackers read
    report.py --trend OUTDIR RESULTS.json... [--labels A,B,...]
        results of several commits, oldest first (full results or medians files): one SVG
        per family and operation in OUTDIR, the median time against the commit, one line
        per N, with the spread of the repetitions as a band

A medians file has Google Benchmark's JSON shape (the `context` block, then `benchmarks`)
with one entry a benchmark: its `median` aggregate, or its only run made into one. Each
entry also has `real_time_min` and `real_time_max`, the range of its repetitions in its
time unit, which trackers ignore as they ignore counters. github-action-benchmark (tool
`googlecpp`) and Bencher (adapter `cpp_google`) read `name`, `real_time` and `time_unit`.
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


def is_fit(entry):
    return entry.get("run_type") == "aggregate" and entry.get("aggregate_name") in ("BigO", "RMS")


def medians_document(data):
    """`data` (a ratite-bench JSON result) reduced to one median entry a benchmark, in the
    order the benchmarks ran, with the range of its repetitions (see the module's notes)."""
    runs, medians, order = defaultdict(list), {}, []
    for entry in data["benchmarks"]:
        if is_fit(entry):
            continue
        name = entry.get("run_name", entry["name"])
        if name not in runs and name not in medians:
            order.append(name)
        if entry.get("run_type") == "aggregate":
            if entry.get("aggregate_name") == "median":
                medians[name] = dict(entry)
        else:
            runs[name].append(entry)
    entries = []
    for name in order:
        plain = sorted(runs.get(name, []), key=lambda e: e["real_time"])
        if name in medians:
            entry = medians[name]
        elif plain:
            # A single repetition (or no aggregates): the middle run stands for the median.
            entry = dict(plain[(len(plain) - 1) // 2])
            entry.update({"name": f"{name}_median", "run_type": "aggregate", "aggregate_name": "median",
                          "aggregate_unit": "time", "repetitions": len(plain)})
            entry.pop("repetition_index", None)
        else:
            continue
        if plain:
            scale = UNIT_SCALE[plain[0]["time_unit"]] / UNIT_SCALE[entry["time_unit"]]
            entry["real_time_min"] = plain[0]["real_time"] * scale
            entry["real_time_max"] = plain[-1]["real_time"] * scale
        entries.append(entry)
    return {"context": data.get("context", {}), "benchmarks": entries}


def write_medians(results_path, out_path):
    with open(results_path) as f:
        document = medians_document(json.load(f))
    with open(out_path, "w") as f:
        json.dump(document, f, indent=2)
        f.write("\n")


def split_name(name):
    """(family, operation, n) of a run name, n None when it has no size."""
    parts = name.split("/")
    n = int(parts[2]) if len(parts) >= 3 and parts[2].isdigit() else None
    return parts[0], parts[1] if len(parts) > 1 else "", n


def trend_points(path):
    """Per (family, operation, n): (median, low, high) in seconds, from a full result or a
    medians file; low and high are the repetitions' range (the median when unknown)."""
    with open(path) as f:
        data = json.load(f)
    points = {}
    for entry in medians_document(data)["benchmarks"]:
        scale = UNIT_SCALE[entry["time_unit"]]
        median = entry["real_time"] * scale
        low = entry.get("real_time_min", entry["real_time"]) * scale
        high = entry.get("real_time_max", entry["real_time"]) * scale
        name = entry.get("run_name", entry["name"].removesuffix("_median"))
        points[split_name(name)] = (median, low, high)
    return data.get("context", {}), points


SIZE_COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"]


def trend_plot(title, labels, series, path):
    """One SVG: x the commits in order, y the time (log), a line per N with its band."""
    width, height, left, right, top, bottom = 720, 360, 70, 110, 34, 90
    pw, ph = width - left - right, height - top - bottom
    values = [v for points in series.values() for p in points if p for v in p[1:] if v > 0]
    y0 = math.floor(math.log10(min(values)) * 2) / 2
    y1 = math.ceil(math.log10(max(values)) * 2) / 2
    if y1 <= y0:
        y1 = y0 + 0.5

    def px(i):
        return left + (pw / 2 if len(labels) == 1 else i * pw / (len(labels) - 1))

    def py(v):
        return top + ph - (math.log10(v) - y0) / (y1 - y0) * ph

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="sans-serif" font-size="10">',
           f'<text x="{left}" y="20" font-size="14">{title}: median time by commit, band: range of the repetitions</text>',
           f'<rect x="{left}" y="{top}" width="{pw}" height="{ph}" fill="none" stroke="#999"/>']
    exponent = math.ceil(y0)
    while exponent <= y1:
        for mantissa in (1, 2, 5):
            v = mantissa * 10 ** exponent
            if y0 <= math.log10(v) <= y1:
                out.append(f'<line x1="{left}" x2="{left + pw}" y1="{py(v):.1f}" y2="{py(v):.1f}" stroke="#eee"/>')
                out.append(f'<text x="{left - 6}" y="{py(v) + 3:.1f}" text-anchor="end">{human(v)}</text>')
        exponent += 1
    for i, label in enumerate(labels):
        x = px(i)
        out.append(f'<text transform="translate({x + 3:.1f},{top + ph + 8}) rotate(60)">{label}</text>')
    for k, (n, points) in enumerate(sorted(series.items(), key=lambda item: (item[0] is None, item[0] or 0))):
        color = SIZE_COLORS[k % len(SIZE_COLORS)]
        present = [(i, p) for i, p in enumerate(points) if p]
        upper = " ".join(f"{px(i):.1f},{py(p[2]):.1f}" for i, p in present)
        lower = " ".join(f"{px(i):.1f},{py(p[1]):.1f}" for i, p in reversed(present))
        out.append(f'<polygon points="{upper} {lower}" fill="{color}" fill-opacity="0.18" stroke="none"/>')
        line = " ".join(f"{'M' if j == 0 else 'L'}{px(i):.1f},{py(p[0]):.1f}" for j, (i, p) in enumerate(present))
        out.append(f'<path d="{line}" fill="none" stroke="{color}" stroke-width="1.5"/>')
        for i, p in present:
            out.append(f'<circle cx="{px(i):.1f}" cy="{py(p[0]):.1f}" r="2.5" fill="{color}"/>')
        out.append(f'<text x="{left + pw + 8}" y="{top + 12 + 14 * k}" fill="{color}">'
                   f'{"N=" + str(n) if n is not None else "(no N)"}</text>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def trends(out_dir, paths, labels):
    """Writes one trend SVG per family and operation of `paths` (oldest first) into
    `out_dir`; returns the files written."""
    import os

    loaded = [trend_points(p) for p in paths]
    if labels is None:
        labels = [str(context.get("commit") or os.path.basename(p).removesuffix(".json"))
                  for (context, _), p in zip(loaded, paths)]
    if len(labels) != len(paths):
        raise SystemExit("report.py: --labels needs one label per result file")
    os.makedirs(out_dir, exist_ok=True)
    keys = sorted({k for _, points in loaded for k in points}, key=lambda k: (k[0], k[1], k[2] or 0))
    written = []
    for family, operation in sorted({(k[0], k[1]) for k in keys}):
        series = {}
        for _, _, n in (k for k in keys if k[:2] == (family, operation)):
            series[n] = [points.get((family, operation, n)) for _, points in loaded]
        path = os.path.join(out_dir, f"trend-{family}-{operation}.svg")
        trend_plot(f"{family}/{operation}", labels, series, path)
        written.append(path)
    return written


def main():
    import argparse

    parser = argparse.ArgumentParser(description="Summarizes ratite-bench JSON results (see the module's notes).")
    parser.add_argument("files", nargs="*", help="RESULTS.json OUT.svg, or with --trend the result files")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    parser.add_argument("--medians", metavar="MEDIANS.json", help="also write the medians file")
    parser.add_argument("--trend", metavar="OUTDIR", help="draw trends of the result files into OUTDIR")
    parser.add_argument("--labels", help="with --trend: the commits' labels, comma-separated")
    args = parser.parse_args()
    if args.trend:
        if not args.files:
            parser.error("--trend needs result files")
        labels = args.labels.split(",") if args.labels else None
        written = trends(args.trend, args.files, labels)
        print(f"{len(written)} trend plots in {args.trend}")
        return
    if len(args.files) != 2:
        parser.error("expected RESULTS.json OUT.svg")
    results, svg = args.files
    medians, counters = load(results)
    print()
    print(table(medians, counters, args.markdown))
    plot(medians, svg)
    if args.medians:
        write_medians(results, args.medians)
    print(f"\nplot: {svg}" + (f"; medians for trackers: {args.medians}" if args.medians else ""))


if __name__ == "__main__":
    main()
