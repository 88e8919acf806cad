"""test_gui_checker.py - tests/gui/xboard_games.py's judge of XBoard's saved games: an adjudicated draw by
insufficient material ("mating material" has "mate" inside "material") is accepted, and a game
that says "mates" on a board with no mate is still caught; a draw XBoard adjudicates for a game's
length counts only in a match that caps the length."""
import importlib.util
import os
import tempfile

from testlib import check

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def gui_runner():
    spec = importlib.util.spec_from_file_location("gui_run", os.path.join(ROOT, "tests", "gui", "xboard_games.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def judge(movetext, capped=False):
    pgn = ('[White "TECH"]\n[Black "Fairy-Max"]\n[SetUp "1"]\n'
           '[FEN "4k3/8/8/8/8/8/3p4/4KB2 w - - 0 1"]\n[Result "%s"]\n\n%s\n' % (movetext.split()[-1], movetext))
    with tempfile.NamedTemporaryFile("w", suffix=".pgn", delete=False) as f:
        f.write(pgn)
    try:
        return gui_runner().check_games(f.name, 1, capped)
    finally:
        os.unlink(f.name)


def test_insufficient_material_adjudication_is_a_fair_end():
    problems, games = judge("1. Kxd2 {Xboard adjudication: Insufficient mating material} 1/2-1/2")
    check(games == 1 and problems == [], problems)


def test_a_mate_claimed_on_a_board_without_one_is_caught():
    problems, _ = judge("1. Kxd2 {White mates} 1-0")
    check(any("no mate" in p for p in problems), problems)


def test_a_long_game_draw_counts_only_where_the_match_caps_the_length():
    movetext = "1. Kxd2 Kd7 2. Bc4 Ke7 {Xboard adjudication: long game} 1/2-1/2"
    check(judge(movetext, capped=True) == ([], 1), judge(movetext, capped=True))
    problems, _ = judge(movetext)
    check(any("ended 1/2-1/2" in p for p in problems), problems)
    problems, _ = judge("1. Kxd2 Kd7 2. Bc4 Ke7 {Xboard adjudication: long game} 1-0", capped=True)
    check(any("ended 1-0" in p for p in problems), problems)
