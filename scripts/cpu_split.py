#!/usr/bin/env python3
"""Where TECH's CPU time goes today, in the report's five parts (Gillogly 1971, CMU-CS-71-109:
"Legal move generation: 50% Tree management: 28% Board updating: 17% Positional analysis: 1%
Everything else: 4%").

Runs `tech treestats` (by default the report's games, every fifth move, depths 2-5: the report's
own sample) under valgrind's callgrind, takes the instructions executed in each function
(exclusive cost: a function's own instructions, including those of the functions the compiler
inlined into it) and adds them up by the source file that defines the function:

  move generation      engine/movegen.c, legality.c, attack.c (TECH found illegal moves by
                       generating the next ply's moves, so legality is part of its generation)
  tree management      engine/tree.c, search.c, ordering.c, tt.c, threadpool.c
  board update         engine/makemove.c, board.c, zobrist.c
  positional analysis  engine/positional*.c, rules.c (the root pre-sort's legal moves and
                       repetition test)
  everything else      the rest (the tool itself, the C library)

Instruction counts stand in for CPU time (callgrind counts instructions, not cycles).

usage: python3 scripts/cpu_split.py [--tech ./tech-prof] [--callgrind-out FILE] [TREESTATS ARGS...]
Build the profiled binary first (symbols, same optimisation as the release build but -g):
    make BUILD=build/prof EXE=tech-prof OPT_FLAGS="-O3 -g"
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

PARTS = ["move generation", "tree management", "board update", "positional analysis", "everything else"]
SHARE_1971 = [50, 28, 17, 1, 4]  # [P] Gillogly 1971, "TECH spends its time as follows"
FILE_PARTS = [
    (re.compile(r"engine/(movegen|legality|attack)\.c$"), 0),
    (re.compile(r"engine/(tree|search|ordering|tt|threadpool)\.c$"), 1),
    (re.compile(r"engine/(makemove|board|zobrist)\.c$"), 2),
    (re.compile(r"engine/(positional\w*|rules)\.c$"), 3),
]
LINE = re.compile(r"^\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(\S+?):(\S+?)(?:'\d+)?(?:\s+\[(.*)\])?\s*$")


def part_of(path):
    for pattern, part in FILE_PARTS:
        if pattern.search(path):
            return part
    return 4


def split(annotate_text):
    """Instructions per part from callgrind_annotate's exclusive listing."""
    defined_in = {}  # function -> the file that defines it (the entry that names its binary)
    entries = []
    for line in annotate_text.splitlines():
        m = LINE.match(line)
        if not m or m.group(2) == "PROGRAM":
            continue
        count, path, function, binary = int(m.group(1).replace(",", "")), m.group(2), m.group(3), m.group(4)
        entries.append((count, path, function))
        if binary:
            defined_in.setdefault(function, path)
    totals = [0] * len(PARTS)
    for count, path, function in entries:
        totals[part_of(defined_in.get(function, path))] += count
    return totals


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tech", default=os.path.join(ROOT, "tech-prof"))
    parser.add_argument("--callgrind-out", help="keep callgrind's output here")
    parser.add_argument("treestats_args", nargs="*", help="arguments for tech treestats")
    args = parser.parse_args()
    if args.callgrind_out:
        out = args.callgrind_out
    else:
        handle, out = tempfile.mkstemp(prefix="callgrind.", suffix=".out")
        os.close(handle)
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, args.tech, "treestats"]
    command += args.treestats_args or [os.path.join(ROOT, "tests", "data", "paper-games.pgn")]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    text = subprocess.run(["callgrind_annotate", "--inclusive=no", "--threshold=100", out], check=True,
                          capture_output=True, text=True).stdout
    if not args.callgrind_out:
        os.remove(out)
    totals = split(text)
    whole = sum(totals) or 1
    print("CPU split of `tech %s` (callgrind, instructions)" % " ".join(command[4:]).replace(ROOT + "/", ""))
    print("%-22s %8s %8s" % ("part", "today", "1971"))
    for name, count, share in zip(PARTS, totals, SHARE_1971):
        print("%-22s %7.1f%% %7d%%" % (name, 100.0 * count / whole, share))
    return 0


if __name__ == "__main__":
    sys.exit(main())
