#!/usr/bin/env python3
"""selfplay.py - TECH against itself at a fixed depth, for test data: from each opening line
(coordinate moves, one line each), both sides play `go depth D` until the game ends by rule or
reaches the ply limit. No clock: the games depend on the engine's moves alone.

usage: python3 scripts/selfplay.py OPENINGS.txt [--engine ./tech] [--depth 3] [--plies 160]
                                   [--option NAME=VALUE ...] > GAMES.pgn

Writes the games as PGN on stdout, with a Termination tag (rule or "ply limit").
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
import chessrules as cr
from engine_client import UciClient
from engine_shared import position_command


def play_game(engine, opening, depth, max_plies):
    """One game from the opening moves; returns (Game, result, termination)."""
    game = cr.Game()
    for text in opening:
        game.play(text)
    engine.send("ucinewgame")
    while True:
        outcome = game.outcome()
        if outcome:
            return game, outcome.result, outcome.reason
        if len(game.moves) >= max_plies:
            return game, "*", "ply limit"
        move = engine.best_move(position_command(cr.START_FEN, game.uci_moves()), depth)
        game.play(move)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("openings")
    parser.add_argument("--engine", default="./tech", help="engine command line (UCI)")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, sent with setoption")
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--plies", type=int, default=160, help="stop a game after this many plies")
    args = parser.parse_args()
    with open(args.openings) as f:
        openings = [line.split() for line in f if line.strip() and not line.startswith("#")]
    engine = UciClient(args.engine.split(), [tuple(o.split("=", 1)) for o in args.option])
    try:
        for number, opening in enumerate(openings, 1):
            game, result, termination = play_game(engine, opening, args.depth, args.plies)
            print(f'[Event "TECH self-play, depth {args.depth}"]\n[Site "?"]\n[Date "????.??.??"]\n'
                  f'[Round "{number}"]\n[White "TECH"]\n[Black "TECH"]\n[Result "{result}"]\n'
                  f'[Termination "{termination}"]\n\n{game.movetext(result=result)}\n', flush=True)
    finally:
        engine.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
