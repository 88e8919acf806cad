"""test_replay.py - fidelity you can measure (docs/FIDELITY.md): TECH's own games from the 1971
report replayed move by move must not match fewer moves than they do now (a floor), and a
position gets the same move with its history (`position startpos moves`) as from a FEN alone,
over the report's games and over self-play games."""
import os
import sys

from harness import check

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.join(ROOT, "tests", "data")
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import chessrules as cr  # noqa: E402
from replay import UciEngine, replay_game, tech_moves  # noqa: E402
from same_position import compare, game_positions  # noqa: E402

PAPER_GAMES = os.path.join(DATA, "paper-games.pgn")
SELF_PLAY = os.path.join(DATA, "selfplay.pgn")
# TECH's moves in the report's four games (40 + 37 + 11 + 31).
PAPER_MOVES = 119
# The floor: moves matched per game, in file order, and in all (docs/FIDELITY.md lists and
# explains every mismatch). Raise it when a rule change matches more; never lower it silently.
FLOOR_PER_GAME = [35, 29, 10, 29]
FLOOR_TOTAL = 103
# Depth of the one-position-one-move check over the self-play games (the report's games are
# checked at depth 5, as the issue measured them).
SELF_PLAY_DEPTH = 4


def engine():
    return UciEngine([os.environ["TECH_BINARY"]])


def test_paper_games_parse():
    games = cr.read_pgn(PAPER_GAMES)
    check(len(games) == 4, f"{len(games)} games in {PAPER_GAMES}")
    total = 0
    for tags, movetext in games:
        _, moves = tech_moves(tags, movetext)
        check(tags.get("TechDepth", "").isdigit(), f"no TechDepth in {tags}")
        total += len(moves)
    check(total == PAPER_MOVES, f"{total} TECH moves, the report has {PAPER_MOVES}")


def test_paper_games_replay_floor():
    e = engine()
    try:
        results = [replay_game(e, tags, movetext) for tags, movetext in cr.read_pgn(PAPER_GAMES)]
    finally:
        e.close()
    matched = [m for m, _, _ in results]
    lines = [f"{m}/{n}: " + ", ".join(f"{label}{rec} (engine {got})" for label, rec, got, *_ in mis)
             for m, n, mis in results]
    for number, (got, floor) in enumerate(zip(matched, FLOOR_PER_GAME), 1):
        check(got >= floor, f"game {number}: {got} moves match, the floor is {floor}\n" + "\n".join(lines))
    check(sum(matched) >= FLOOR_TOTAL, f"{sum(matched)}/{PAPER_MOVES} match, the floor is {FLOOR_TOTAL}")


def same_move_everywhere(path, depth):
    """[(description)] of the positions whose move depends on the history."""
    e = engine()
    differ = []
    try:
        for tags, movetext in cr.read_pgn(path):
            start_fen, positions = game_positions(tags, movetext)
            for moves, pos in positions:
                with_history, alone = compare(e, start_fen, moves, pos, depth)
                if with_history != alone:
                    differ.append(f"{pos.fen()}: {with_history} with the moves, {alone} from the FEN")
    finally:
        e.close()
    return differ


def test_one_position_one_move_paper_games():
    differ = same_move_everywhere(PAPER_GAMES, 5)
    check(not differ, f"{len(differ)} positions depend on the history:\n" + "\n".join(differ[:10]))


def test_one_position_one_move_self_play():
    differ = same_move_everywhere(SELF_PLAY, SELF_PLAY_DEPTH)
    check(not differ, f"{len(differ)} positions depend on the history:\n" + "\n".join(differ[:10]))
