#!/usr/bin/env python3
"""opening_moves.py - which of an engine's opening moves in a set of games would differ at a
fixed depth: for every move the named player made in the first N moves of each game, search
the same position (same history, `position startpos moves ...`) with `go depth D` and compare.

usage: python3 scripts/opening_moves.py GAMES.pgn --player NAME [--engine ./tech]
                                        [--option NAME=VALUE ...] [--depth 5] [--moves 8]

Used to see what TECH's clock-scaled depth rule does to its book-free opening play: the games
are played under a clock (deeper than 5 ply), the comparison searches at the old fixed depth.
Prints one line per differing move and the count. Moves of the opening line (commented {book}
by scripts/match.py) are not the engine's and are left out.
"""
import argparse

import chessrules as cr
from engine_client import UciClient
from engine_shared import position_command


def fixed_depth_move(engine, start_fen, moves, depth):
    """The engine's move after the game's start and `moves`, searched afresh to `depth`."""
    engine.new_game()
    return engine.best_move(position_command(start_fen, moves), depth)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("--player", required=True, help="the White/Black tag of the engine whose moves count")
    parser.add_argument("--engine", default="./tech")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, sent with setoption")
    parser.add_argument("--depth", type=int, default=5)
    parser.add_argument("--moves", type=int, default=8, help="the player's first N moves of each game")
    args = parser.parse_args()
    options = [tuple(o.split("=", 1)) for o in args.option]
    engine = UciClient([args.engine], options)
    total = changed = 0
    for number, record in enumerate(cr.read_pgn(args.pgn), 1):
        tags, movetext = record
        if args.player not in (tags.get("White"), tags.get("Black")):
            continue
        game, _ = cr.game_from_pgn(tags, movetext)
        # The opening line's moves (match.py comments them {book}) are not the engine's own.
        comments = record.comments()
        book = [ply < len(comments) and comments[ply].strip() == "book" for ply in range(len(game.moves))]
        color = cr.WHITE if tags.get("White") == args.player else cr.BLACK
        start_fen = game.start.fen()
        for ply, move in enumerate(game.moves):
            pos = game.positions[ply]
            if pos.turn != color:
                continue
            if pos.fullmove > args.moves:
                break
            if book[ply]:
                continue
            total += 1
            fixed = fixed_depth_move(engine, start_fen, [m.uci() for m in game.moves[:ply]], args.depth)
            if fixed != move.uci():
                changed += 1
                print(f"game {number} move {pos.fullmove}{'.' if color == cr.WHITE else '...'} played "
                      f"{game.sans[ply]} ({move.uci()}), depth {args.depth} plays {fixed}")
    engine.close()
    print(f"{changed} of {total} moves of {args.player} in the first {args.moves} moves differ from depth {args.depth}")


if __name__ == "__main__":
    main()
