"""test_perft960.py - TECH's Chess960 move generation at the depths `make test` leaves out.

The unit tests run tests/perft960.epd's counts of at most a million leaves; here `tech perft`
counts every position at depth 5 (the suite's depth-5 counts, 0.9 to 107 million leaves each),
and the positions whose depth-6 count is below DEPTH6_LEAF_LIMIT at depth 6.
"""
import os
import subprocess
import time

from longlib import ROOT, binary, check

DEPTH6_LEAF_LIMIT = 70_000_000


def read_suite():
    suite = []
    with open(os.path.join(ROOT, "tests", "perft960.epd")) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                fen, *depths = [part.strip() for part in line.split(";")]
                suite.append((fen, {int(d.split()[0][1:]): int(d.split()[1]) for d in depths}))
    return suite


def tech_perft(depth, fen):
    out = subprocess.run([binary(), "perft", str(depth), fen], capture_output=True, text=True, timeout=600).stdout
    lines = [l for l in out.splitlines() if l.startswith("Nodes searched: ")]
    check(lines, f"no count from tech perft {depth} {fen}: {out[-200:]}")
    return int(lines[0].split()[-1])


def test_chess960_perft_deep():
    suite = read_suite()
    start, checked, leaves = time.monotonic(), 0, 0
    for fen, counts in suite:
        for depth in (5, 6):
            if depth not in counts or (depth == 6 and counts[6] > DEPTH6_LEAF_LIMIT):
                continue
            got = tech_perft(depth, fen)
            check(got == counts[depth], f"perft {depth} of {fen}: {got}, expected {counts[depth]}")
            checked += 1
            leaves += got
    check(checked >= len(suite), f"only {checked} counts")
    print(f"    {checked} counts ({leaves} leaves) over {len(suite)} positions, all exact, "
          f"in {time.monotonic() - start:.0f} s")
