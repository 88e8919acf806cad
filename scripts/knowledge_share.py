#!/usr/bin/env python3
"""How much of TECH-modern's CPU time goes to chess knowledge: the report's rule for a technology
program, "A reasonable limitation might be 5% or less CPU time spent on chess-specific
heuristics" (Gillogly 1971, "The Future of Technology Programming").

Takes positions from games (every N-th ply of each game of the PGN files, by default the
report's games and the project's self-play games), has `tech epd` search them with
`--style modern`, records the run with `perf record` and adds up the samples by the source file
their instructions come from (`perf report --sort srcfile`: an inlined function counts in the
file that defines it, so eval_make, inlined into the search's make, counts in eval.h):

  chess knowledge   engine/positional*.c (the root pre-sort, E10, the root's piece values),
                    engine/eval*.c and eval*.h (E11, E12), engine/endgame.c and kpk.c (E13)
  the rest          move generation, make/unmake, the tree, ordering, the table, the C library

The bitbase of E13 (kpk.c) is built once per process, at the first search that needs it; it is
shown on its own line. The small helpers of types.h and board.h that the knowledge code inlines
count under those headers, so the share is slightly understated (the headers' total is shown).

usage: python3 scripts/knowledge_share.py [--tech ./tech-prof] [--every 8] [--time 0.5 | --depth D]
                                          [--pgn FILE ...] [--option NAME=VALUE ...]
Build the profiled binary first (the release build's optimisation, with symbols):
    make BUILD=build/prof EXE=tech-prof OPT_FLAGS="-O3 -DNDEBUG -g" tech-prof
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
import chessrules as cr

KNOWLEDGE = re.compile(r"^(positional\w*\.c|eval\w*\.[ch]|endgame\.c|kpk\.c)$")
BITBASE = "kpk.c"
HEADERS = ("types.h", "board.h")
DEFAULT_PGNS = [os.path.join(ROOT, "tests", "data", "paper-games.pgn"),
                os.path.join(ROOT, "tests", "data", "selfplay.pgn")]
ROW = re.compile(r"^\s*([\d.]+)%\s+(\S*)\s*$")


def game_positions(pgn_paths, every, first_ply):
    """FENs of every `every`-th ply from `first_ply` on, of every game; positions without a
    legal move (the game's end) are left out."""
    fens = []
    for path in pgn_paths:
        for pgn_game in cr.read_pgn(path):
            game, _ = pgn_game.replay()
            for ply, position in enumerate(game.positions):
                if ply >= first_ply and (ply - first_ply) % every == 0 and position.legal_moves():
                    fens.append(position.fen())
    return fens


def perf_by_file(tech, epd_path, search_args, options):
    with tempfile.TemporaryDirectory() as tmp:
        data = os.path.join(tmp, "perf.data")
        cmd = ["perf", "record", "-q", "-o", data, "--", tech, "epd", epd_path, "--style", "modern"] + search_args
        for option in options:
            cmd += ["--option", option]
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        report = subprocess.run(["perf", "report", "-i", data, "--no-children", "--sort", "srcfile", "--stdio"],
                                check=True, capture_output=True, text=True).stdout
    shares = {}
    for line in report.splitlines():
        m = ROW.match(line)
        if m:
            shares[m.group(2) or "(unknown)"] = shares.get(m.group(2) or "(unknown)", 0.0) + float(m.group(1))
    return shares


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tech", default=os.path.join(ROOT, "tech-prof"))
    parser.add_argument("--pgn", action="append", help="games to take positions from (repeatable)")
    parser.add_argument("--every", type=int, default=8, help="every N-th ply (default 8)")
    parser.add_argument("--first-ply", type=int, default=10, help="from this ply on (default 10)")
    parser.add_argument("--time", type=float, default=0.5, help="seconds per position (default 0.5)")
    parser.add_argument("--depth", type=int, help="a fixed depth instead of --time")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE passed to tech epd")
    args = parser.parse_args()
    fens = game_positions(args.pgn or DEFAULT_PGNS, args.every, args.first_ply)
    if not fens:
        sys.exit("no positions")
    with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as epd:
        for i, fen in enumerate(fens):
            epd.write(" ".join(fen.split()[:4]) + f' id "game position {i + 1}";\n')
    search_args = ["--depth", str(args.depth)] if args.depth else ["--time", str(args.time)]
    try:
        shares = perf_by_file(args.tech, epd.name, search_args, args.option)
    finally:
        os.unlink(epd.name)
    knowledge = {f: s for f, s in shares.items() if KNOWLEDGE.match(f)}
    print(f"{len(fens)} game positions, tech epd --style modern {' '.join(search_args)}")
    for name, share in sorted(knowledge.items(), key=lambda kv: -kv[1]):
        print(f"  {name:24s} {share:6.2f}%")
    total = sum(knowledge.values())
    bitbase = knowledge.get(BITBASE, 0.0)
    print(f"chess knowledge: {total:.2f}% of the samples ({total - bitbase:.2f}% without building the KPK bitbase)")
    print(f"  (inlined helpers counted under {', '.join(HEADERS)}: "
          f"{sum(shares.get(h, 0.0) for h in HEADERS):.2f}% in all, knowledge's part of it not split out)")


if __name__ == "__main__":
    main()
