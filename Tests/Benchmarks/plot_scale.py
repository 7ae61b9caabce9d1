#!/usr/bin/env python3
"""Plots bench_scale.py results: time and peak memory against input size.

Usage: plot_scale.py RESULTS.json [MORE.json ...] [-o OUT.svg] [--markdown]

Writes one SVG (default .build/bench/scale.svg) with two log-log panels, wall
time and peak RSS against input size, one line per scenario (rkmap, jq,
DuckDB). Several results files are merged, a later file's figure replacing an
earlier one's for the same scenario and size (e.g. a 100 MB + 1 GB run and a
separate 4 GB run). Only scenarios that ran are drawn; skipped and failed ones
are listed under the plot. --markdown also prints the figures as a Markdown
table (one row per scenario, one column per size) for the README. Plain Python,
no plotting packages.
"""

import argparse
import json
import math
import os
import sys
import textwrap
from xml.sax.saxutils import escape

# Scenario key -> (label, colour, dash pattern): rkmap in blues and greens,
# jq in orange, DuckDB in purple; dashed lines read the single JSON document.
STYLE = {
    "rkmap-json": ("rkmap JSON → NDJSON", "#1f5fbf", "6 3"),
    "rkmap-json-1core": ("rkmap JSON → NDJSON, one core", "#5dade2", "2 2"),
    "rkmap-ndjson": ("rkmap NDJSON → NDJSON (file)", "#1f5fbf", ""),
    "rkmap-ndjson-pipe": ("rkmap NDJSON → NDJSON (pipe)", "#17a2b8", ""),
    "rkmap-sqlite": ("rkmap NDJSON → SQLite", "#2e8b57", ""),
    "jq-json": ("jq JSON → NDJSON", "#e67e22", "6 3"),
    "jq-ndjson": ("jq NDJSON → NDJSON", "#e67e22", ""),
    "duckdb-json": ("DuckDB JSON → NDJSON", "#8e44ad", "6 3"),
    "duckdb-ndjson": ("DuckDB NDJSON → NDJSON", "#8e44ad", ""),
}
MB = 1_000_000


def load(paths):
    """{key: {input MB: (seconds, peak RSS MB, MB/s)}}, notes for skipped/failed runs
    (unless another file has the figure), run facts."""
    series, notes, facts = {}, {}, []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            document = json.load(f)
        facts.append(f"{document['date'][:10]}, best of {document['runs']}, load at end "
                     f"{document['load_average_end'][0]:.1f}")
        for size in document["sizes"]:
            for r in size["results"]:
                x = round(size["mb"])  # the nominal size: the JSON and NDJSON inputs differ by a few bytes
                if r["status"] == "ok":
                    series.setdefault(r["key"], {})[x] = (r["seconds"], r["peak_rss_mb"], r["mb_per_s"])
                    notes.pop((r["key"], x), None)
                elif x not in series.get(r["key"], {}):
                    notes[(r["key"], x)] = f"{r['name']} at {size['mb']:g} MB: {r['note']}"
    return series, notes, facts


def log_ticks(low, high):
    """Tick values (1-2-5 per decade when the range is short, decades otherwise)."""
    steps = (1, 2, 5) if math.log10(high / low) <= 2.5 else (1,)
    ticks = []
    for exponent in range(math.floor(math.log10(low)), math.ceil(math.log10(high)) + 1):
        for step in steps:
            value = step * 10 ** exponent
            if low <= value <= high:
                ticks.append(value)
    return ticks


def label(value, unit):
    """An axis label: seconds as `0.5 s`, sizes as `100 MB` or `4 GB`."""
    if unit == "MB" and value >= 1000:
        return f"{value / 1000:g} GB"
    return f"{value:g} {unit}"


def padded(values):
    """A log axis range with half a step of room around the data."""
    return min(values) / 1.5, max(values) * 1.5


def panel(x0, y0, width, height, title, series, index, unit, xs):
    """SVG elements of one panel; index picks seconds (0) or RSS (1)."""
    ys = [point[index] for points in series.values() for point in points.values() if point[index] > 0]
    ylow, yhigh = padded(ys)
    xlow, xhigh = min(xs) / 1.3, max(xs) * 1.3

    def px(x):
        return x0 + (math.log10(x) - math.log10(xlow)) / (math.log10(xhigh) - math.log10(xlow)) * width

    def py(y):
        return y0 + height - (math.log10(y) - math.log10(ylow)) / (math.log10(yhigh) - math.log10(ylow)) * height

    out = [f'<text x="{x0 + width / 2:.1f}" y="{y0 - 12}" text-anchor="middle" font-weight="bold">{escape(title)}</text>',
           f'<rect x="{x0}" y="{y0}" width="{width}" height="{height}" fill="none" stroke="#888"/>']
    for tick in log_ticks(ylow, yhigh):
        y = py(tick)
        out.append(f'<line x1="{x0}" y1="{y:.1f}" x2="{x0 + width}" y2="{y:.1f}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{x0 - 6}" y="{y + 4:.1f}" text-anchor="end">{label(tick, unit)}</text>')
    for tick in sorted(set(xs)):
        x = px(tick)
        out.append(f'<line x1="{x:.1f}" y1="{y0}" x2="{x:.1f}" y2="{y0 + height}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{x:.1f}" y="{y0 + height + 16}" text-anchor="middle">{label(tick, "MB")}</text>')
    out.append(f'<text x="{x0 + width / 2:.1f}" y="{y0 + height + 34}" text-anchor="middle">input size (log scale)</text>')
    for key in STYLE:
        points = series.get(key)
        if not points:
            continue
        _, colour, dash = STYLE[key]
        coords = [(px(x), py(points[x][index])) for x in sorted(points)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash_attr}/>')
        for x, y in coords:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>')
    return out


def svg(series, notes, facts):
    width, panel_w, panel_h, top, left = 900, 340, 260, 50, 70
    xs = sorted({x for points in series.values() for x in points})
    keys = [k for k in STYLE if k in series]
    legend_rows = (len(keys) + 1) // 2
    note_lines = [part for note in sorted(notes.values()) for part in textwrap.wrap(note, 125)]
    height = top + panel_h + 60 + legend_rows * 20 + 20 + len(note_lines) * 16 + 20
    body = ['<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
            f'<rect width="{width}" height="{height}" fill="white"/>']
    body += panel(left, top, panel_w, panel_h, "wall time (s, best run)", series, 0, "s", xs)
    body += panel(left + panel_w + 110, top, panel_w, panel_h, "peak RSS (MB)", series, 1, "MB", xs)
    y = top + panel_h + 60
    for i, key in enumerate(keys):
        name, colour, dash = STYLE[key]
        x = left + (i % 2) * 400
        row_y = y + (i // 2) * 20
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        body.append(f'<line x1="{x}" y1="{row_y - 4}" x2="{x + 30}" y2="{row_y - 4}" stroke="{colour}" '
                    f'stroke-width="2"{dash_attr}/>')
        body.append(f'<text x="{x + 38}" y="{row_y}">{escape(name)}</text>')
    y += legend_rows * 20 + 10
    body.append(f'<text x="{left}" y="{y}" fill="#555">rkmap scale benchmark ({escape("; ".join(facts))}); '
                'MB = 10^6 bytes</text>')
    for line in note_lines:
        y += 16
        body.append(f'<text x="{left}" y="{y}" fill="#555">{escape(line)}</text>')
    body.append("</svg>")
    return "\n".join(body) + "\n"


def markdown(series, notes):
    """The figures as a Markdown table: `seconds · MB/s · peak RSS` per size."""
    xs = sorted({x for points in series.values() for x in points} |
                {x for _, x in notes})
    lines = ["| scenario | " + " | ".join(label(x, "MB") for x in xs) + " |",
             "|---|" + "---|" * len(xs)]
    for key, (name, _, _) in STYLE.items():
        points = series.get(key, {})
        if not points and not any(k == key for k, _ in notes):
            continue
        cells = []
        for x in xs:
            if x in points:
                seconds, rss, rate = points[x]
                cells.append(f"{seconds:.2f} s · {rate:.0f} MB/s · {rss:.0f} MB")
            else:
                cells.append("skipped" if (key, x) in notes else "–")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description="Plot bench_scale.py results as an SVG.")
    parser.add_argument("results", nargs="+", help="results JSON files, merged in order")
    parser.add_argument("-o", "--output", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                              "..", "..", ".build", "bench", "scale.svg"))
    parser.add_argument("--markdown", action="store_true", help="also print a Markdown table of the figures")
    args = parser.parse_args(argv)
    series, notes, facts = load(args.results)
    if not series:
        print("plot_scale.py: no scenario ran in these results; nothing to plot", file=sys.stderr)
        return 1
    os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(svg(series, notes, facts))
    print(f"wrote {os.path.normpath(args.output)}")
    if args.markdown:
        print(markdown(series, notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
