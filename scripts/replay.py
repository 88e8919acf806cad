#!/usr/bin/env python3
"""replay.py - replay TECH's recorded games: for every move TECH made, search the position it
was made in at the game's depth and compare the engine's move with the recorded one.

usage: python3 scripts/replay.py [GAMES.pgn] [--engine ./tech] [--option NAME=VALUE ...]
                                 [--fen] [--depth D] [--quiet] [--explain] [--cross-check]

GAMES.pgn defaults to tests/data/paper-games.pgn (the four games of Gillogly's 1971 report).
Each game names TECH's side and depth in its tags: [TechSide "White"|"Black"] and
[TechDepth "5"]; [TechErrors "23"] lists the numbers of TECH's moves the game's source calls
program errors (they are counted like the others, and marked in the list of mismatches).

The position is given with its history (`position startpos moves ...`, or `position fen START
moves ...` for a game with a FEN tag), as TECH saw it; --fen gives the position alone
(`position fen FEN`), which drops the history: the repetition rule then sees nothing.
--depth overrides every game's depth. Prints one line per mismatch, K/M per game and in all.

--cross-check replays the games once under every value of the engine's `Presort Reading`
option (each turns one question of the pre-sort to its other reading, docs/FIDELITY.md §4)
and prints the cross-check table: each reading's count on Games 1+2 and on Games 3+4 beside
the report's reading, and what the discipline of docs/FIDELITY.md §4 makes of it. A reading
fitted on one half must not lose on the other.
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
import chessrules as cr
from engine_client import UciClient as UciEngine
from engine_shared import position_command

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


# The halves of the cross-check: the report's games in file order (1 and 2, then 3 and 4).
HALVES = ((0, 1), (2, 3))
READING_OPTION = "Presort Reading"
REPORT_READING = "report"
# docs/FIDELITY.md §4: no reading may rest on one or two moves alone.
FEW_MOVES = 2


def replay_counts(engine, games, reading):
    """Moves matched per game with the engine's pre-sort under `reading`."""
    engine.send(f"setoption name {READING_OPTION} value {reading}")
    return [replay_game(engine, tags, movetext)[0] for tags, movetext in games]


def verdict(report_halves, other_halves):
    """What the discipline of docs/FIDELITY.md §4 makes of one alternative reading against the
    report's: fitted on either half, does it hold on the other?"""
    gains = [o - r for r, o in zip(report_halves, other_halves)]
    if any(g > 0 for g in gains) and any(g < 0 for g in gains):
        return "rejected: gains on one half, loses on the other"
    if all(g <= 0 for g in gains) and any(g < 0 for g in gains):
        return f"loses {-sum(gains)} and gains nowhere"
    if all(g == 0 for g in gains):
        return "no move separates them: the text decides"
    if sum(gains) <= FEW_MOVES:
        moves = "1 move" if sum(gains) == 1 else f"{sum(gains)} moves"
        return f"gains {sum(gains)}, loses nowhere: rests on {moves}, the text decides"
    return f"gains {sum(gains)} and loses nowhere: the report's reading is in doubt"


def cross_check(engine, games):
    """[(reading, [count per game])] for every value of the Presort Reading option, the report's
    reading first."""
    readings = engine.combo_values(READING_OPTION)
    if REPORT_READING not in readings:
        raise RuntimeError(f"the engine has no '{READING_OPTION}' option with a '{REPORT_READING}' value")
    rows = [(r, replay_counts(engine, games, r)) for r in [REPORT_READING] + [r for r in readings if r != REPORT_READING]]
    engine.send(f"setoption name {READING_OPTION} value {REPORT_READING}")
    return rows


def cross_check_table(rows):
    """The cross-check as Markdown lines, the report's reading first."""
    def halves(counts):
        return [sum(counts[i] for i in half) for half in HALVES]

    report = halves(rows[0][1])
    lines = ["| reading | Games 1+2 | Games 3+4 | total | fitted on 1+2, checked on 3+4, and the other way round |",
             "|---|---:|---:|---:|---|"]
    for reading, counts in rows:
        h = halves(counts)
        judged = "the readings TECH-1971 plays" if reading == REPORT_READING else verdict(report, h)
        lines.append(f"| {reading} | {h[0]} | {h[1]} | {sum(counts)} | {judged} |")
    return lines


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
    parser.add_argument("--cross-check", action="store_true",
                        help="replay under every Presort Reading and print the cross-check table")
    parser.add_argument("--explain", action="store_true",
                        help="under each mismatch: both moves' search scores and pre-sort terms (the engine must "
                             "be a tech binary)")
    args = parser.parse_args()
    options = [tuple(o.split("=", 1)) for o in args.option]
    engine = UciEngine(args.engine.split(), options)
    if args.cross_check:
        try:
            print("\n".join(cross_check_table(cross_check(engine, cr.read_pgn(args.pgn)))))
        finally:
            engine.close()
        return 0
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
