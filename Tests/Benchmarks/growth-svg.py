#!/usr/bin/env python3
"""Draws growth.sh's medians as an SVG (one panel per operation, time against the number
of updates, both on log scales, one line per tool) and prints the table of medians and
ratios that goes under it in the README.

    growth-svg.py RESULTS.tsv OUT.svg "MACHINE LINE"
"""
import csv
import math
import sys
from xml.sax.saxutils import escape

TOOLS = [("portfolio", "#1f6feb"), ("ledger", "#d1242f"), ("hledger", "#1a7f37")]
OPERATIONS = ["import", "export", "list", "month table"]
PANEL_W, PANEL_H = 330, 230
MARGIN_L, MARGIN_R, MARGIN_T, MARGIN_B = 58, 14, 30, 40


def size_label(size):
    return f"{size // 1_000_000}M" if size >= 1_000_000 else f"{size // 1000}k"


def time_label(ms):
    if ms >= 1000:
        return f"{ms / 1000:g} s"
    return f"{ms:g} ms"


def read(path):
    data = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            data[(row["operation"], row["tool"], int(row["size"]))] = float(row["ms"])
    return data


def panel(data, operation, sizes, left, top):
    parts = []
    values = [data[(operation, tool, size)] for tool, _ in TOOLS for size in sizes if (operation, tool, size) in data]
    low = 10 ** math.floor(math.log10(max(min(values), 0.1)))
    high = 10 ** math.ceil(math.log10(max(max(values), low * 10)))
    inner_w = PANEL_W - MARGIN_L - MARGIN_R
    inner_h = PANEL_H - MARGIN_T - MARGIN_B
    x0, y0 = left + MARGIN_L, top + MARGIN_T

    def x(size):
        if len(sizes) == 1:
            return x0 + inner_w / 2
        span = math.log10(sizes[-1]) - math.log10(sizes[0])
        return x0 + inner_w * (math.log10(size) - math.log10(sizes[0])) / span

    def y(ms):
        span = math.log10(high) - math.log10(low)
        return y0 + inner_h * (1 - (math.log10(max(ms, low)) - math.log10(low)) / span)

    parts.append(f'<text x="{left + PANEL_W / 2:.1f}" y="{top + 18}" text-anchor="middle" font-weight="bold">{escape(operation)}</text>')
    parts.append(f'<rect x="{x0}" y="{y0}" width="{inner_w}" height="{inner_h}" fill="none" stroke="#8c959f" stroke-width="0.6"/>')
    decade = low
    while decade <= high * 1.0001:
        parts.append(f'<line x1="{x0}" x2="{x0 + inner_w}" y1="{y(decade):.1f}" y2="{y(decade):.1f}" stroke="#d0d7de" stroke-width="0.5"/>')
        parts.append(f'<text x="{x0 - 5}" y="{y(decade) + 4:.1f}" text-anchor="end" font-size="10">{time_label(decade)}</text>')
        decade *= 10
    for size in sizes:
        parts.append(f'<text x="{x(size):.1f}" y="{y0 + inner_h + 14}" text-anchor="middle" font-size="10">{size_label(size)}</text>')
    parts.append(f'<text x="{x0 + inner_w / 2:.1f}" y="{y0 + inner_h + 30}" text-anchor="middle" font-size="10">updates</text>')
    for tool, color in TOOLS:
        points = [(x(size), y(data[(operation, tool, size)])) for size in sizes if (operation, tool, size) in data]
        if not points:
            continue
        path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"/>')
        for px, py in points:
            parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="2.5" fill="{color}"/>')
    return parts


def main():
    results, out, machine = sys.argv[1], sys.argv[2], sys.argv[3]
    data = read(results)
    sizes = sorted({size for (_, _, size) in data})
    width, height = 2 * PANEL_W, 2 * PANEL_H + 56
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for index, operation in enumerate(OPERATIONS):
        parts += panel(data, operation, sizes, (index % 2) * PANEL_W, (index // 2) * PANEL_H)
    legend_y = 2 * PANEL_H + 16
    for index, (tool, color) in enumerate(TOOLS):
        lx = 20 + index * 120
        parts.append(f'<line x1="{lx}" x2="{lx + 24}" y1="{legend_y}" y2="{legend_y}" stroke="{color}" stroke-width="2"/>')
        parts.append(f'<text x="{lx + 30}" y="{legend_y + 4}">{tool}</text>')
    parts.append(f'<text x="20" y="{legend_y + 26}" font-size="10">median wall clock, log scales; {escape(machine)}; Tests/Benchmarks/growth.sh</text>')
    parts.append("</svg>")
    with open(out, "w") as f:
        f.write("\n".join(parts) + "\n")

    print("| updates | operation | portfolio (ms) | ledger (ms) | hledger (ms) | ledger / portfolio | hledger / portfolio |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for size in sizes:
        for operation in OPERATIONS:
            ours = data.get((operation, "portfolio", size))
            peers = [data.get((operation, tool, size)) for tool in ("ledger", "hledger")]
            cells = [f"{v:,.1f}" if v is not None else "" for v in [ours] + peers]
            ratios = [f"{p / ours:,.1f}×" if p is not None and ours else "" for p in peers]
            print(f"| {size_label(size)} | {operation} | " + " | ".join(cells + ratios) + " |")


if __name__ == "__main__":
    main()
