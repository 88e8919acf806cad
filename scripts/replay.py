#!/usr/bin/env python3
"""replay.py - replay TECH's recorded games: for every move TECH made, search the position it
was made in at the game's depth and compare the engine's move with the recorded one.

usage: python3 scripts/replay.py [GAMES.pgn] [--engine ./tech] [--option NAME=VALUE ...]
                                 [--fen] [--depth D] [--quiet]

GAMES.pgn defaults to tests/data/paper-games.pgn (the four games of Gillogly's 1971 report).
Each game names TECH's side and depth in its tags: [TechSide "White"|"Black"] and
[TechDepth "5"]; [TechErrors "23"] lists the numbers of TECH's moves the game's source calls
program errors (they are counted like the others, and marked in the list of mismatches).

The position is given with its history (`position startpos moves ...`, or `position fen START
moves ...` for a game with a FEN tag), as TECH saw it; --fen gives the position alone
(`position fen FEN`), which drops the history: the repetition rule then sees nothing.
--depth overrides every game's depth. Prints one line per mismatch, K/M per game and in all.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import chessrules as cr  # noqa: E402
from engine_client import UciClient as UciEngine, position_command  # noqa: E402,F401  (names other scripts import)

DEFAULT_PGN = os.path.join(HERE, "..", "tests", "data", "paper-games.pgn")


def move_score(engine, position, depth, move):
    """The search's score (cp, or "mate N") of one root move at `depth`."""
    engine.send(position)
    return engine.go(f"depth {depth} searchmoves {move}").score


def tech_moves(tags, movetext):
    """(game, [(ply index, move number, the recorded Move)]) for every move of TECH's side."""
    game, problem = cr.game_from_pgn(tags, movetext)
    if problem:
        raise ValueError(f"{tags.get('White')} - {tags.get('Black')}: {problem}")
    side = cr.WHITE if tags.get("TechSide", "").lower() == "white" else cr.BLACK
    if tags.get("TechSide", "").lower() not in ("white", "black"):
        raise ValueError(f"{tags.get('White')} - {tags.get('Black')}: no TechSide tag")
    out = []
    for i, pos in enumerate(game.positions[:-1]):
        if pos.turn == side:
            out.append((i, pos.fullmove, game.moves[i]))
    return game, out


def presort_lines(tech, start_fen, moves, wanted):
    """`tech presort` for the position after `moves`: the lines of the moves in `wanted`
    (coordinate notation) and the phase line."""
    start = ["startpos"] if start_fen == cr.START_FEN else [start_fen]
    out = subprocess.run([tech, "presort", *start, "moves", *moves], capture_output=True, text=True).stdout
    lines = out.splitlines()
    return [lines[0]] + [line for line in lines[1:] if line.split()[1:2] and line.split()[1] in wanted]


def replay_game(engine, tags, movetext, depth=None, fen_only=False, explain=None):
    """Replay TECH's moves of one game. Returns (matched, total, mismatches) where a mismatch
    is (move number text, recorded SAN, engine SAN, flagged as a program error, explanation
    lines). With `explain` (the tech binary) each mismatch carries the search score of both
    moves at the game's depth and their pre-sort terms."""
    game, moves = tech_moves(tags, movetext)
    depth = depth or int(tags.get("TechDepth", "5"))
    errors = {int(n) for n in re.findall(r"\d+", tags.get("TechErrors", ""))}
    start_fen = game.start.fen()
    engine.send("ucinewgame")
    matched, mismatches = 0, []
    for ply, number, recorded in moves:
        pos = game.positions[ply]
        if fen_only:
            command = f"position fen {pos.fen()}"
        else:
            command = position_command(start_fen, [m.uci() for m in game.moves[:ply]])
        played = engine.best_move(command, depth)
        if played == recorded.uci():
            matched += 1
            continue
        label = f"{number}{'.' if pos.turn == cr.WHITE else '...'}"
        try:
            engine_san = pos.san(pos.parse_uci(played))
        except cr.IllegalMoveError:
            engine_san = f"{played} (illegal)"
        why = []
        if explain:
            for move in (recorded.uci(), played):
                why.append(f"search {move}: {move_score(engine, command, depth, move)}")
            why += presort_lines(explain, start_fen, [m.uci() for m in game.moves[:ply]], (recorded.uci(), played))
        mismatches.append((label, pos.san(recorded), engine_san, number in errors, why))
    return matched, len(moves), mismatches


def game_name(tags):
    return f"{tags.get('White', '?')} - {tags.get('Black', '?')}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pgn", nargs="?", default=DEFAULT_PGN)
    parser.add_argument("--engine", default="./tech", help="engine command line (UCI)")
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, sent with setoption")
    parser.add_argument("--depth", type=int, help="search every game at this depth instead of its TechDepth")
    parser.add_argument("--fen", action="store_true", help="give each position as a FEN without its history")
    parser.add_argument("--quiet", action="store_true", help="only the per-game and total lines")
    parser.add_argument("--explain", action="store_true",
                        help="under each mismatch: both moves' search scores and pre-sort terms (the engine must "
                             "be a tech binary)")
    args = parser.parse_args()
    options = [tuple(o.split("=", 1)) for o in args.option]
    engine = UciEngine(args.engine.split(), options)
    total_matched = total = 0
    try:
        for tags, movetext in cr.read_pgn(args.pgn):
            matched, count, mismatches = replay_game(engine, tags, movetext, args.depth, args.fen,
                                                     args.engine.split()[0] if args.explain else None)
            depth = args.depth or int(tags.get("TechDepth", "5"))
            print(f"{game_name(tags)} (TECH {tags['TechSide']}, depth {depth}): {matched}/{count}")
            if not args.quiet:
                for label, recorded, played, error, why in mismatches:
                    note = "  (a program error, says the report)" if error else ""
                    print(f"  {label:6} TECH played {recorded:7} engine {played}{note}")
                    for line in why:
                        print(f"           {line}")
            total_matched += matched
            total += count
    finally:
        engine.close()
    print(f"total: {total_matched}/{total}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
