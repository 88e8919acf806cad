"""test_presort_quality.py - the pre-sort's choice among materially equal moves, judged by Stockfish.

tests/data/presort_ties.json holds 1,999 tie sets of TECH-modern with Stockfish's value of each
move (scripts/presort_quality.py). The test asks the engine under test for both pre-sorts of
every position and fails if either stops beating a random choice by a clear margin, or if E10
(the expanded module, on in TECH-modern) stops beating the 1971 module. Measured 2026-11-25:
1971 48.5 cp, E10 41.2 cp, random 61.2 cp (tests/BENCHMARKS.md).
"""
import os
import subprocess
import sys

from longlib import ROOT, binary, check

# Bounds with room for a small change of weights; a broken module lands near the random row.
E10_LOSS_MAX = 44.0
PRESORT_1971_LOSS_MAX = 52.0


def test_presort_beats_random_choice():
    """E10 < 1971 < random, each by the margins above, over the committed tie sets."""
    script = os.path.join(ROOT, "scripts", "presort_quality.py")
    cache = os.path.join(ROOT, "tests", "data", "presort_ties.json")
    out = subprocess.run([sys.executable, script, "--cache", cache, "--tech", binary()],
                         capture_output=True, text=True, check=True, timeout=600).stdout
    loss = {}
    for line in out.splitlines():
        for name in ("1971 pre-sort", "E10 expanded", "random choice"):
            if line.startswith(name):
                loss[name] = float(line[len(name):].split()[1])
    check(len(loss) == 3, f"presort_quality.py printed no table:\n{out}")
    check(loss["E10 expanded"] <= E10_LOSS_MAX, f"E10 gives away {loss['E10 expanded']} cp:\n{out}")
    check(loss["1971 pre-sort"] <= PRESORT_1971_LOSS_MAX, f"the 1971 pre-sort gives away {loss['1971 pre-sort']} cp:\n{out}")
    check(loss["E10 expanded"] < loss["1971 pre-sort"] < loss["random choice"] - 8, f"order broken:\n{out}")
