#!/usr/bin/env python3
"""strength_svg.py - TECH's Elo against its speed: the fit of scripts/elo_fit.py drawn as an SVG,
one line per profile with 95% error bars, the speed on a log scale in multiples of TECH's PDP-10
and, on the top axis, the years they stand for by the report's factor 7 per decade.

usage:
  python3 scripts/elo_fit.py --json fit.json && python3 scripts/strength_svg.py fit.json \\
      [--out docs/strength-curve.svg]
"""
import argparse
import json
import math
import os
import sys
from xml.sax.saxutils import escape

HERE = os.path.dirname(os.path.abspath(__file__))
import strength_players as players

ROOT = os.path.dirname(HERE)
WIDTH, HEIGHT = 720, 460
LEFT, RIGHT, TOP, BOTTOM = 70, 30, 60, 60
COLOURS = {"TECH-1971": "#1f5fa8", "TECH-deep": "#2e8b57", "TECH-modern": "#c0392b"}
ELO_STEP = 200
# [P] Gillogly 1971: "TECH's current rating is 1147 based on its first tournament" (USCF).
USCF_1971 = 1147


def speed_points(fit):
    """Per profile: [(multiple, value, low, high, name)] sorted by speed; native at its multiple."""
    natives = fit.get("natives", {})
    series = {}
    for name, p in fit["players"].items():
        if p.get("kind") != "tech-speed" or p.get("clock"):
            continue
        m = p["multiple"] if p["multiple"] is not None else natives.get(p["profile"])
        if m:
            series.setdefault(p["profile"], []).append((m, p["value"], p["low"], p["high"], name))
    return {k: sorted(v) for k, v in series.items()}


def uci_elo_points(fit):
    """The UCI_Elo curve (elo_fit.py's chain, on Stockfish's labels): [(multiple, elo)]."""
    natives = fit.get("natives", {})
    return [(m or natives[profile], e) for profile, m, e in fit.get("chain") or [] if m or natives.get(profile)]


def svg(fit):
    series = speed_points(fit)
    if not series:
        raise SystemExit("no TECH players at a speed in this fit")
    anchored = any(p.get("anchored") for p in fit["players"].values())
    uci_elo = uci_elo_points(fit)
    multiples = [pt[0] for pts in series.values() for pt in pts]
    elos = ([v for pts in series.values() for pt in pts for v in pt[2:4]] + ([USCF_1971] if anchored else [])
            + [e for _, e in uci_elo])
    x_max = max(multiples) * 2
    y_min, y_max = math.floor(min(elos) / ELO_STEP) * ELO_STEP, math.ceil(max(elos) / ELO_STEP) * ELO_STEP
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(m):
        return LEFT + plot_w * math.log(m) / math.log(x_max)

    def y(e):
        return TOP + plot_h * (y_max - e) / (y_max - y_min)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{WIDTH / 2}" y="18" text-anchor="middle" font-size="14">TECH\'s strength against '
           f'its speed ({escape(fit.get("scale", "Elo anchored to Stockfish 15.1 UCI_Elo")) if anchored else "Elo relative"}; '
           f'95% intervals)</text>']
    # Axes: multiples below, years above, Elo at the left.
    decade = 1
    while decade <= x_max:
        xx = x(decade)
        year = players.multiple_year(decade)
        out.append(f'<line x1="{xx:.1f}" y1="{TOP}" x2="{xx:.1f}" y2="{TOP + plot_h}" stroke="#ddd"/>')
        out.append(f'<text x="{xx:.1f}" y="{TOP + plot_h + 16}" text-anchor="middle">'
                   f'{"PDP-10" if decade == 1 else "x" + str(decade)}</text>')
        out.append(f'<text x="{xx:.1f}" y="{TOP - 8}" text-anchor="middle">{year:.0f}</text>')
        decade *= players.DECADE_FACTOR
    for e in range(int(y_min), int(y_max) + 1, ELO_STEP):
        out.append(f'<line x1="{LEFT}" y1="{y(e):.1f}" x2="{LEFT + plot_w}" y2="{y(e):.1f}" stroke="#eee"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y(e) + 4:.1f}" text-anchor="end">{e}</text>')
    out.append(f'<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="black"/>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 22}" text-anchor="middle">speed, multiples of '
               f'TECH\'s PDP-10 (log scale)</text>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{TOP - 24}" text-anchor="middle">year, by the report\'s '
               f'factor 7 per decade</text>')
    out.append(f'<text transform="translate(18 {TOP + plot_h / 2}) rotate(-90)" text-anchor="middle">Elo</text>')
    if anchored:
        yy = y(USCF_1971)
        out.append(f'<line x1="{LEFT}" y1="{yy:.1f}" x2="{LEFT + plot_w}" y2="{yy:.1f}" stroke="#777" '
                   f'stroke-dasharray="5,4"/>')
        out.append(f'<text x="{LEFT + plot_w - 4}" y="{yy - 5:.1f}" text-anchor="end" fill="#555">TECH in 1971: '
                   f'USCF {USCF_1971}</text>')
    if uci_elo:
        path = " ".join(f"{'M' if i == 0 else 'L'}{x(m):.1f},{y(e):.1f}" for i, (m, e) in enumerate(uci_elo))
        out.append(f'<path d="{path}" fill="none" stroke="black" stroke-width="1.5" stroke-dasharray="2,3"/>')
        out.append(f'<text x="{LEFT + 10}" y="{TOP + 16 + 18 * len(series)}">┄ '
                   f'{escape(fit.get("curve", "UCI_Elo: the Stockfish label played even with (docs/STRENGTH.md table)"))}</text>')
    for row, (profile, pts) in enumerate(sorted(series.items())):
        colour = COLOURS.get(profile, "black")
        path = " ".join(f"{'M' if i == 0 else 'L'}{x(m):.1f},{y(v):.1f}" for i, (m, v, *_rest) in enumerate(pts))
        out.append(f'<path d="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for m, v, low, high, name in pts:
            xx = x(m)
            out.append(f'<line x1="{xx:.1f}" y1="{y(low):.1f}" x2="{xx:.1f}" y2="{y(high):.1f}" stroke="{colour}"/>')
            for e in (low, high):
                out.append(f'<line x1="{xx - 4:.1f}" y1="{y(e):.1f}" x2="{xx + 4:.1f}" y2="{y(e):.1f}" '
                           f'stroke="{colour}"/>')
            out.append(f'<circle cx="{xx:.1f}" cy="{y(v):.1f}" r="3.5" fill="{colour}"><title>{escape(name)}: '
                       f'{v:.0f} ({low:.0f} .. {high:.0f})</title></circle>')
            if name.endswith("@native"):
                out.append(f'<text x="{xx + 6:.1f}" y="{y(v) + 4:.1f}" fill="{colour}">native</text>')
        out.append(f'<rect x="{LEFT + 10}" y="{TOP + 10 + 18 * row}" width="12" height="4" fill="{colour}"/>')
        out.append(f'<text x="{LEFT + 28}" y="{TOP + 16 + 18 * row}">{escape(profile)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("fit", help="the --json output of scripts/elo_fit.py")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "strength-curve.svg"))
    args = parser.parse_args(argv)
    with open(args.fit) as f:
        fit = json.load(f)
    with open(args.out, "w") as f:
        f.write(svg(fit))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
