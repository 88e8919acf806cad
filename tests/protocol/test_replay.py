"""test_replay.py - fidelity you can measure (docs/FIDELITY.md): TECH's own games from the 1971
report replayed move by move must not match fewer moves than they do now (a floor), and a
position gets the same move with its history (`position startpos moves`) as from a FEN alone,
over the report's games and over self-play games."""
import os

from harness import check, engine_command

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DATA = os.path.join(ROOT, "tests", "data")
import chessrules as cr
from replay import UciEngine, cross_check, cross_check_table, replay_game, tech_moves
from same_position import compare, game_positions

PAPER_GAMES = os.path.join(DATA, "paper-games.pgn")
SELF_PLAY = os.path.join(DATA, "selfplay.pgn")
# TECH's moves in the report's four games (40 + 37 + 11 + 31).
PAPER_MOVES = 119
# The floor: moves matched per game, in file order, and in all (docs/FIDELITY.md lists and
# explains every mismatch). Raise it when a rule change matches more; never lower it silently.
# History: 103 with the Q-pawn rows as printed; 104 with the readings of docs/FIDELITY.md §4 (the
# support condition on the centre-pawn push back: 2...N-QB3 of Games 1 and 3 matched, Game 1's
# 4...P-Q4 not; the king field for pieces and the middle-game king factor -1: Game 1 32...Q-Q5 and
# Game 2 10.BxB matched; 190 for TECH's pawns only and the rook behind a passer from the pawn's
# side, the plain text: Game 2 33.R-QB1 and 36.R-QN1 lost).
FLOOR_PER_GAME = [36, 29, 10, 29]
FLOOR_TOTAL = 104
# Depth of the one-position-one-move check over the self-play games (the report's games are
# checked at depth 5, as the issue measured them).
SELF_PLAY_DEPTH = 4


def engine(options=()):
    return UciEngine(engine_command(), options)


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


def test_cross_check_of_the_readings():
    """docs/FIDELITY.md §4: every reading of the pre-sort's rules against its alternative, on
    Games 1+2 and on Games 3+4; the table is printed. No alternative may beat the report's
    reading on one half by more than a couple of moves without losing on the other (the
    report's reading would then be in doubt), and the report's reading keeps its floor."""
    e = engine()
    try:
        rows = cross_check(e, cr.read_pgn(PAPER_GAMES))
    finally:
        e.close()
    table = cross_check_table(rows)
    print("\n".join("    " + line for line in table), flush=True)
    check(len(rows) > 10, f"only {len(rows)} readings in the cross-check")
    check(sum(rows[0][1]) >= FLOOR_TOTAL, f"the report's reading matches {sum(rows[0][1])}, the floor is {FLOOR_TOTAL}")
    doubtful = [line for line in table if "in doubt" in line]
    check(not doubtful, "an alternative reading fits better on both halves:\n" + "\n".join(doubtful))


def test_two_knights_not_elephant():
    """After 1.P-K4 P-K4 2.N-KB3 TECH played 2...N-QB3 (Games 1 and 3): the Q2-Q4 row is withheld
    from a pawn an enemy pawn could take unsupported, so 2...P-Q4 scores 3, not 23."""
    e = engine()
    try:
        for depth in (3, 4, 5):
            got = e.best_move("position startpos moves e2e4 e7e5 g1f3", depth)
            check(got == "b8c6", f"1.e4 e5 2.Nf3 at depth {depth}: {got}, TECH played 2...N-QB3 (b8c6)")
    finally:
        e.close()


def same_move_everywhere(path, depth, options=()):
    """[(description)] of the positions whose move depends on the history."""
    e = engine(options)
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


def test_one_position_one_move_without_presort():
    """The Positional Presort option off (the report's Game 4 opponent): captures by victim, then
    board order, so that here too the history does not choose the move (the piece lists'
    order once made 41 of these positions differ at depth 3)."""
    differ = same_move_everywhere(SELF_PLAY, 3, [("Positional Presort", "false")])
    check(not differ, f"{len(differ)} positions depend on the history:\n" + "\n".join(differ[:10]))
