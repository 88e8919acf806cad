#!/usr/bin/env python3
"""same_position.py - one position, one move: does the engine play the same move in a position
whether it gets the game's history (`position startpos moves ...`) or only the position
(`position fen FEN`)? Checks every position of every game in the PGN files in which a move was
played, both sides to move. Left out: the positions whose history since the last capture or
pawn move already holds a repeated position (the position itself included), because there
the repetition rule (docs/SPEC.md §6) legitimately depends on the history.

usage: python3 scripts/same_position.py GAMES.pgn [MORE.pgn ...] [--engine ./tech]
                                        [--option NAME=VALUE ...] [--depth 5] [--quiet]

Prints one line per position where the two moves differ, then `differ: N of M positions`.
Exit status 1 if any differ.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
import chessrules as cr
from engine_client import UciClient
from engine_shared import position_command


def game_positions(tags, movetext):
    """(start FEN, [(moves so far, position)]) for every position of the game in which a move
    was played and whose history since the last irreversible move has no repeated position."""
    game, problem = cr.game_from_pgn(tags, movetext)
    if problem:
        raise ValueError(problem)
    out = []
    for i, pos in enumerate(game.positions[:-1]):
        segment = [p.repetition_key() for p in game.positions[max(0, i - pos.halfmove):i + 1]]
        if len(set(segment)) == len(segment):
            out.append(([m.uci() for m in game.moves[:i]], pos))
    return game.start.fen(), out


def compare(engine, start_fen, moves, pos, depth):
    """(move with the history, move from the FEN alone)."""
    engine.send("ucinewgame")
    with_history = engine.best_move(position_command(start_fen, moves), depth)
    engine.send("ucinewgame")
    alone = engine.best_move(f"position fen {pos.fen()}", depth)
    return with_history, alone


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pgn", nargs="+")
    parser.add_argument("--engine", default="./tech", help="engine command line (UCI)")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, sent with setoption")
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--quiet", action="store_true", help="only the total")
    args = parser.parse_args()
    engine = UciClient(args.engine.split(), [tuple(o.split("=", 1)) for o in args.option])
    differ = total = 0
    try:
        for path in args.pgn:
            for tags, movetext in cr.read_pgn(path):
                start_fen, positions = game_positions(tags, movetext)
                for moves, pos in positions:
                    with_history, alone = compare(engine, start_fen, moves, pos, args.depth)
                    total += 1
                    if with_history != alone:
                        differ += 1
                        if not args.quiet:
                            print(f"{tags.get('White', '?')} - {tags.get('Black', '?')} after {len(moves)} plies: "
                                  f"history {with_history}, FEN {alone}  ({pos.fen()})")
    finally:
        engine.close()
    print(f"differ: {differ} of {total} positions")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
