#!/usr/bin/env python3
"""work_per_move.py - the PDP-10 work TECH did a move in a match, from match.py's --log: how
UCI_Elo's budgets were calibrated against the speeds the strength curve was measured at.

usage:
  python3 scripts/work_per_move.py LOG ENGINE [--multiple X]

ENGINE is the engine's name in the log (match.py's name=). With --multiple X the engine was
paced at Speed xX (its work a move is X times the wall time from `go` to `bestmove`: the
time its clock ran, the PDP-10 time of its searches at that pace); without it the engine ran
with `debug` (match.py's bare word `debug`) and said each move's work itself
(`info string stats ... move-pdp10-ms N`). Prints the moves counted and the median, geometric
mean, mean and quartiles of the work a move, in PDP-10 milliseconds.

How strength_players.WORK_MS_PER_MULTIPLE was measured (docs/STRENGTH.md §1): a profile paced
at a speed of the curve (TECH-1971 at x343, TECH-modern at x2401) and the same profile held to a
trial budget played the same Stockfish at 10+0.1 (8 games each, match.py --log); the budget
that plays as the speed is the trial budget times the ratio of the geometric means of the work
a move, and the work per multiple is that budget over the speed's multiple.
"""
import argparse
import math
import re
import statistics
import sys

LINE = re.compile(r"\s*([\d.]+) \[(\d+)\] (\S+) ([<>]) (.*)")
WORK = re.compile(r"move-pdp10-ms (\d+)")


def work_per_move(path, engine, multiple=None):
    """The engine's work a move (PDP-10 ms), in the log's order."""
    started, work = {}, []
    with open(path) as f:
        for text in f:
            m = LINE.match(text)
            if not m or m.group(3) != engine:
                continue
            stamp, game, direction, line = float(m.group(1)), m.group(2), m.group(4), m.group(5)
            if direction == ">" and line.startswith("go ") and not line.startswith("go ponder"):
                started[game] = stamp
            elif direction == "<" and multiple is None and WORK.search(line):
                work.append(int(WORK.search(line).group(1)))
            elif direction == "<" and line.startswith("bestmove") and multiple and game in started:
                work.append(multiple * (stamp - started.pop(game)) * 1000.0)
    return work


def summary(values):
    values = sorted(values)
    n = len(values)
    geomean = math.exp(sum(math.log(max(v, 1.0)) for v in values) / n)
    return {"moves": n, "median": statistics.median(values), "geomean": geomean, "mean": statistics.fmean(values),
            "q25": values[n // 4], "q75": values[(3 * n) // 4]}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("log")
    parser.add_argument("engine")
    parser.add_argument("--multiple", type=float, help="the engine was paced at Speed xX")
    args = parser.parse_args(argv)
    work = work_per_move(args.log, args.engine, args.multiple)
    if not work:
        print(f"no moves of {args.engine!r} with their work in {args.log}", file=sys.stderr)
        return 1
    s = summary(work)
    print(f"{args.engine}: {s['moves']} moves, PDP-10 ms a move: median {s['median']:.0f}, geometric mean "
          f"{s['geomean']:.0f}, mean {s['mean']:.0f}, quartiles {s['q25']:.0f} .. {s['q75']:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
