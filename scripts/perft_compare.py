#!/usr/bin/env python3
"""perft_compare.py - TECH's perft speed next to a reference UCI engine's (Stockfish's `go perft`).

Runs are interleaved (reference, TECH, reference, TECH, ...) so that both see the same machine
load, and the medians are compared: these machines are noisy, one run proves nothing.

    python3 scripts/perft_compare.py [--tech ./tech] [--reference /usr/games/stockfish]
                                     [--depth 6] [--runs 5] [--fen FEN]
"""
import argparse
import statistics
import subprocess
import sys

from engine_client import UciClient

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def reference_run(command, fen, depth):
    """Seconds the reference engine takes for `go perft depth`, timed from the command to its
    total line (start-up and network loading are outside the measurement)."""
    with UciClient([command]) as engine:
        engine.send(f"position fen {fen}")
        started = engine.send(f"go perft {depth}")
        total = engine.read_until("Nodes searched:")
    return total.when - started, int(total.line.split(":")[1])


def tech_run(command, fen, depth):
    """Seconds and nodes of `tech perft depth FEN`, as TECH itself timed them."""
    out = subprocess.run([command, "perft", str(depth), fen], capture_output=True, text=True, check=True).stdout
    nodes = int(next(l for l in out.splitlines() if l.startswith("Nodes searched")).split(":")[1])
    seconds = float(next(l for l in out.splitlines() if l.startswith("Time:")).split()[1])
    return seconds, nodes


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tech", default="./tech")
    parser.add_argument("--reference", default="/usr/games/stockfish")
    parser.add_argument("--depth", type=int, default=6)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--fen", default=START_FEN)
    args = parser.parse_args()

    ref_times, tech_times, counts = [], [], set()
    for _ in range(args.runs):
        seconds, nodes = reference_run(args.reference, args.fen, args.depth)
        ref_times.append(seconds)
        counts.add(nodes)
        seconds, nodes = tech_run(args.tech, args.fen, args.depth)
        tech_times.append(seconds)
        counts.add(nodes)
    if len(counts) != 1:
        sys.exit(f"node counts disagree: {sorted(counts)}")
    nodes = counts.pop()
    for name, times in (("reference", ref_times), ("tech", tech_times)):
        median = statistics.median(times)
        runs = ", ".join(f"{t:.3f}" for t in times)
        print(f"{name:9} perft {args.depth}: {nodes} nodes, runs [{runs}] s, median {median:.3f} s, "
              f"{nodes / median / 1e6:.1f} M nodes/s")
    print(f"ratio tech/reference (nodes per second): {statistics.median(ref_times) / statistics.median(tech_times):.2f}")


if __name__ == "__main__":
    main()
