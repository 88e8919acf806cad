#!/usr/bin/env python3
"""nps_compare.py - `tech bench` nodes per second next to a CECP peer's, measured in one session.

These machines change speed from hour to hour, so an absolute nodes-per-second figure says
little unless a reference engine is measured alongside. Rounds alternate (TECH's bench, then
the peer on every position), and the medians and their ratio are printed.

The peer (default Debian's Fairy-Max) searches each position for --seconds and reports its
own nodes and time in its thinking output (`ply score time(cs) nodes pv`); its rate is the
sum of nodes over the sum of time. Positions come from an EPD file (default: the first 20
White-to-move problems of Win at Chess) and are set up with `setboard`, or with the legacy
`edit` command when the peer does not offer setboard (Fairy-Max).

    python3 scripts/nps_compare.py [--tech ./tech] [--bench-depth 6] [--peer /usr/games/fairymax]
                                   [--epd tests/data/wac.epd] [--positions 20] [--seconds 1]
                                   [--rounds 5]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

import chessrules as cr
from engine_client import CecpClient

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_EPD = os.path.join(HERE, "..", "tests", "data", "wac.epd")
THINKING_RE = re.compile(r"^\s*(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)\s")
BENCH_TOTAL_RE = re.compile(r"^Total: (\d+) nodes, ([\d.]+) s, (\d+) nodes/second")


def tech_bench(tech, depth):
    """Nodes per second of one `tech bench DEPTH` run, from its `Total:` line."""
    out = subprocess.run([tech, "bench", str(depth)], capture_output=True, text=True, check=True).stdout
    totals = [found for found in map(BENCH_TOTAL_RE.match, out.splitlines()) if found]
    if not totals:
        sys.exit(f"no total line in tech bench output:\n{out}")
    return int(totals[-1].group(3))


def peer_search(peer, board, seconds):
    """(nodes, seconds) of the deepest thinking line of one fixed-time search of the peer."""
    peer.new_game()
    peer.set_position(board)
    peer.send("post")
    peer.send(f"st {seconds}")
    nodes = centis = 0
    for line in peer.go().lines:
        found = THINKING_RE.match(line)
        if found:
            centis, nodes = int(found.group(3)), int(found.group(4))
    return nodes, centis / 100.0


def white_to_move_positions(path, count):
    boards = []
    with open(path) as f:
        for line in f:
            fields = line.split()
            if len(fields) < 4 or fields[1] != "w":
                continue
            boards.append(cr.Position.from_fen(" ".join(fields[:4]) + " 0 1"))
            if len(boards) == count:
                break
    return boards


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tech", default="./tech")
    parser.add_argument("--bench-depth", type=int, default=6)
    parser.add_argument("--peer", default="/usr/games/fairymax")
    parser.add_argument("--epd", default=DEFAULT_EPD)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seconds", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    boards = white_to_move_positions(args.epd, args.positions)
    tech_rates, peer_rates = [], []
    for _ in range(args.rounds):
        tech_rates.append(tech_bench(args.tech, args.bench_depth))
        nodes = seconds = 0
        with CecpClient([args.peer]) as peer:
            for board in boards:
                n, s = peer_search(peer, board, args.seconds)
                nodes, seconds = nodes + n, seconds + s
        peer_rates.append(nodes / seconds if seconds else 0.0)
    for name, rates in ((f"tech bench {args.bench_depth}", tech_rates), (os.path.basename(args.peer), peer_rates)):
        runs = ", ".join(f"{r / 1e6:.2f}" for r in rates)
        print(f"{name:16} runs [{runs}] M nodes/s, median {statistics.median(rates) / 1e6:.2f} M nodes/s")
    print(f"ratio tech/peer (nodes per second): {statistics.median(tech_rates) / statistics.median(peer_rates):.2f}")


if __name__ == "__main__":
    main()
