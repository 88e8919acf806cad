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
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chessrules as cr  # noqa: E402


class UciEngine:
    """A UCI engine over pipes, driven one fixed-depth search at a time."""

    def __init__(self, command, options):
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, word):
        for line in self.proc.stdout:
            if line.split()[:1] == [word]:
                return line.split()
        raise RuntimeError(f"engine closed before '{word}'")

    def best_move(self, start_fen, moves, depth):
        self.send("ucinewgame")
        start = "startpos" if start_fen == cr.START_FEN else f"fen {start_fen}"
        self.send(f"position {start} moves {' '.join(moves)}" if moves else f"position {start}")
        self.send(f"go depth {depth}")
        return self.wait_for("bestmove")[1]

    def close(self):
        self.send("quit")
        self.proc.wait()


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
    engine = UciEngine([args.engine], options)
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
            fixed = engine.best_move(start_fen, [m.uci() for m in game.moves[:ply]], args.depth)
            if fixed != move.uci():
                changed += 1
                print(f"game {number} move {pos.fullmove}{'.' if color == cr.WHITE else '...'} played "
                      f"{game.sans[ply]} ({move.uci()}), depth {args.depth} plays {fixed}")
    engine.close()
    print(f"{changed} of {total} moves of {args.player} in the first {args.moves} moves differ from depth {args.depth}")


if __name__ == "__main__":
    main()
