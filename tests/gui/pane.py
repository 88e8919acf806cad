#!/usr/bin/env python3
"""pane.py - what a person sees in XBoard's engine pane while a held-back TECH thinks (issue 50).

XBoard runs under xvfb-run with TECH on move from the start position, held to UCI_Elo 1200 at
`level 0 10 5` (10 minutes + 5 s) with the work of 10+0.1 (`Strength Clock` = `same at every
clock`: a think of some 16 s; grown with this clock, the first moves' depth 5 takes under a
second), once natively (CECP) and once through polyglot (`-fUCI`), the
Engine Output window open. Screenshots of the whole screen are taken 6 s, 9 s and 12 s into the
think, and XBoard's debug log gives the lines the pane showed: the share of them that name the
depth the move was searched to (the depth under way, not an earlier iteration's) and the longest
gap between two. A second, short run shows the score of a rook up (the start without Black's a8
rook, TECH at full strength playing White): a person reads +5, not the trade-down rule's +0.93.

usage: python3 tests/gui/pane.py ./tech [--out DIR]
Exit status 0 when at least half the lines name that depth and no gap exceeds 2 s in both runs,
and the rook up shows at least +4.00; 1 otherwise; 2 when a tool is missing. The screenshots,
logs and a summary are kept in DIR (default build/gui/pane/).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

os.environ["PATH"] = os.environ.get("PATH", "") + os.pathsep + "/usr/games"

# An engine's thinking line as XBoard's debug log records it: ms <first : ply score time nodes pv.
THINKING = re.compile(r"^(\d+) <first : (\d+) ([+-]?\d+) (\d+) (\d+)\s")
MOVE = re.compile(r"^(\d+) <first : move (\S+)")
ROOK_UP = "1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1"
SHOTS_S = (6, 9, 12)
# [C] The targets of issue 50: a line at least this often, and at least this share naming the depth.
GAP_MAX_MS = 2000
SHARE_MIN = 0.5


def xboard(tools, name, engine, out, seconds, extra=()):
    """XBoard with TECH as the first engine, on move, for `seconds`; screenshots at SHOTS_S.
    Returns the debug log's path."""
    work = os.path.join(out, name)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    debug = os.path.join(work, "debug.log")
    xb = [tools["xboard"], *engine, "-tc", "10", "-inc", "5", "-mode", "MachineWhite", "-engineOutputUp", "true",
          "-showThinking", "true", "-ponderNextMove", "false", "-debugMode", "true", "-nameOfDebugFile", debug,
          "-saveSettingsOnExit", "false", "-popupExitMessage", "false", "-soundProgram", "true", *extra]
    shots = "".join(f"sleep {gap}; import -window root {work}/shot-{at}s.png; "
                    for gap, at in zip([SHOTS_S[0]] + [b - a for a, b in zip(SHOTS_S, SHOTS_S[1:])], SHOTS_S))
    script = f'"$@" > {work}/xboard.out 2>&1 & pid=$!; {shots}sleep {max(0, seconds - SHOTS_S[-1])}; kill $pid'
    subprocess.run([tools["xvfb-run"], "-a", "-s", "-screen 0 1280x800x24", "sh", "-c", script, "sh", *xb],
                   cwd=work, env=dict(os.environ, HOME=work), timeout=seconds + 60, check=False)
    return debug


def first_think(debug):
    """(ms, depth, score) of the thinking lines before TECH's first move, and the move's ms."""
    lines, moved = [], None
    with open(debug, errors="replace") as f:
        for line in f:
            m = THINKING.match(line)
            if m and moved is None:
                lines.append((int(m.group(1)), int(m.group(2)), int(m.group(3))))
            if MOVE.match(line) and moved is None:
                moved = int(MOVE.match(line).group(1))
    return lines, moved


def pane_figures(debug):
    """The share of the think's lines that name the depth of its last line (the move's), the
    longest gap (ms) from the first line to the move, and that depth."""
    lines, moved = first_think(debug)
    if not lines or moved is None:
        return 0.0, None, None
    depth = lines[-1][1]
    stamps = [ms for ms, _, _ in lines] + [moved]
    gap = max(b - a for a, b in zip(stamps, stamps[1:]))
    return sum(1 for _, d, _ in lines if d >= depth) / len(lines), gap, depth


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tech")
    parser.add_argument("--out", default=os.path.join("build", "gui", "pane"))
    args = parser.parse_args()
    tools = {name: shutil.which(name) for name in ("xvfb-run", "xboard", "polyglot", "import")}
    missing = [n for n, p in tools.items() if p is None]
    if missing:
        print(f"pane: missing {', '.join(missing)} (xboard, polyglot, xvfb, imagemagick)")
        return 2
    tech = os.path.abspath(args.tech)
    out = os.path.abspath(args.out)
    held = ["-fcp", tech, "-fd", os.path.dirname(tech),
            "-firstOptions", "UCI_LimitStrength=1,UCI_Elo=1200,Strength Clock=same at every clock"]
    failures, summary = [], []
    for name, engine in (("native", held), ("polyglot", held + ["-fUCI"])):
        share, gap, depth = pane_figures(xboard(tools, name, engine, out, 20))
        summary.append(f"{name}: {share:.0%} of the lines name depth {depth}, the longest gap {gap} ms")
        if gap is None or share < SHARE_MIN or gap > GAP_MAX_MS:
            failures.append(summary[-1])
    fen = os.path.join(out, "rook-up.fen")
    with open(fen, "w") as f:
        f.write(ROOK_UP + "\n")
    for name, engine in (("rook-up-native", []), ("rook-up-polyglot", ["-fUCI"])):
        full = ["-fcp", tech, "-fd", os.path.dirname(tech), *engine]
        lines, _ = first_think(xboard(tools, name, full, out, 13, ["-loadPositionFile", fen]))
        score = lines[-1][2] if lines else None
        summary.append(f"{name}: the move's score {score}")
        if score is None or score < 400:
            failures.append(summary[-1])
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write("\n".join(summary) + "\n")
    print("\n".join(summary))
    print(f"pane: {'FAIL ' + '; '.join(failures) if failures else 'ok'} (screenshots in {out})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
