#!/usr/bin/env python3
"""game_report.py - how deep and how long each engine of a match searched, from its PGN.

usage: python3 scripts/game_report.py GAMES.pgn[.gz] [--moves N]

Reads the `{score/depth time}` comments that scripts/match.py writes after every engine move
(moves of the opening line, commented {book}, are not counted). Per engine it prints the moves
counted, the median and mean depth, and the median time per move; --moves N counts only each
game's first N moves of each side (TECH-1971's opening depth, for instance).
"""
import argparse
import gzip
import re
import statistics
import sys

import chessrules as cr

# match.py's comment after an engine move: "+0.35/7 0.412s", "-M3/5 0.010s" (mate scores).
ENGINE_COMMENT_RE = re.compile(r"^\s*[+-]?(?:\d+\.\d+|M\d+)/(\d+)\s+(\d+\.\d+)s")


def engine_moves(game):
    """[(color, depth, seconds, that side's move number)] for each commented engine move;
    match.py writes one comment per move, so the n-th comment belongs to the n-th ply."""
    fen = game.tags.get("FEN")
    fields = fen.split() if fen else []
    first = 1 if fields[1:2] == ["b"] else 0
    first_number = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
    moves = []
    for ply, comment in enumerate(game.comments()):
        found = ENGINE_COMMENT_RE.match(comment)
        if found:
            color = (first + ply) % 2
            moves.append((color, int(found.group(1)), float(found.group(2)), first_number + (first + ply) // 2))
    return moves


def report(games, max_moves):
    per_engine = {}
    for game in games:
        names = (game.tags.get("White", "?"), game.tags.get("Black", "?"))
        for color, depth, seconds, number in engine_moves(game):
            if max_moves and number > max_moves:
                continue
            stats = per_engine.setdefault(names[color], {"depths": [], "times": []})
            stats["depths"].append(depth)
            stats["times"].append(seconds)
    lines = []
    for name, stats in per_engine.items():
        depths, times = stats["depths"], stats["times"]
        lines.append(f"{name}: {len(depths)} moves, depth median {statistics.median(depths):g} "
                     f"mean {statistics.mean(depths):.2f}, time per move median {statistics.median(times):.3f} s")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pgn")
    parser.add_argument("--moves", type=int, default=0, help="only each side's first N moves of a game")
    args = parser.parse_args()
    if args.pgn.endswith(".gz"):
        with gzip.open(args.pgn, "rt", errors="replace") as f:
            lines = report(cr.read_pgn(f.read()), args.moves)
    else:
        lines = report(cr.read_pgn(args.pgn), args.moves)
    if not lines:
        sys.exit("no engine-commented moves in " + args.pgn)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
