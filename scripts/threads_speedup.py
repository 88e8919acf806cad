#!/usr/bin/env python3
"""threads_speedup.py - time to depth with N threads against one, measured in one session.

Each round runs `tech epd FILE --depth D --first K` once with Threads 1 and once with Threads N
(alternating which goes first), all options the same otherwise; the time of each run is the
wall time `tech epd` prints. Prints the medians, their ratio (time with 1 thread / time with N:
the speed-up) and the node counts. Needs an otherwise idle machine with at least N cores.

    python3 scripts/threads_speedup.py [--tech ./tech] [--epd tests/data/wac.epd] [--first 20]
                                       [--depth 8] [--threads 2] [--rounds 5]
                                       [--option NAME=VALUE ...]   (default: Style=TECH-modern)
"""
import argparse
import os
import re
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOLVED_RE = re.compile(r"^solved (\d+)/(\d+) .*?, (\d+) nodes, ([\d.]+) s$")


def epd_run(args, threads):
    """(seconds, nodes, solved) of one `tech epd` run."""
    command = [args.tech, "epd", args.epd, "--depth", str(args.depth), "--first", str(args.first),
               "--option", f"Threads={threads}"]
    for option in args.option or ["Style=TECH-modern"]:
        command += ["--option", option]
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        found = SOLVED_RE.match(line)
        if found:
            return float(found.group(4)), int(found.group(3)), int(found.group(1))
    sys.exit(f"no result line in:\n{out}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tech", default=os.path.join(HERE, "..", "tech"))
    parser.add_argument("--epd", default=os.path.join(HERE, "..", "tests", "data", "wac.epd"))
    parser.add_argument("--first", type=int, default=20)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--option", action="append", help="NAME=VALUE for both runs (repeatable)")
    args = parser.parse_args()
    times = {1: [], args.threads: []}
    nodes = {1: [], args.threads: []}
    for r in range(args.rounds):
        order = (1, args.threads) if r % 2 == 0 else (args.threads, 1)
        for threads in order:
            seconds, n, solved = epd_run(args, threads)
            times[threads].append(seconds)
            nodes[threads].append(n)
            print(f"round {r + 1}: {threads} thread(s): {seconds:.2f} s, {n} nodes, {solved} solved", flush=True)
    one, many = statistics.median(times[1]), statistics.median(times[args.threads])
    print(f"median time to depth {args.depth} on {args.first} positions: 1 thread {one:.2f} s, "
          f"{args.threads} threads {many:.2f} s: speed-up {one / many:.2f}x "
          f"(nodes {statistics.median(nodes[1]):.0f} vs {statistics.median(nodes[args.threads]):.0f})")


if __name__ == "__main__":
    main()
