"""test_game_report.py - scripts/game_report.py reads match.py's per-move comments: book moves are
not counted, each comment goes to the side that moved, a FEN with Black to move starts with Black,
and --moves keeps each side's first N moves."""
import os

from testlib import check

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
import chessrules as cr
import game_report

GAMES = """[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 {book} e5 {book} 2. Nf3 {+0.20/6 0.100s} Nc6 {-0.10/8 0.300s} 3. Bb5 {+0.30/7 0.200s}
a6 {-M2/9 0.500s} 1-0

[White "B"]
[Black "A"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"]
[Result "0-1"]

2... Nc6 {+0.00/10 1.000s} 3. Nf3 {+0.00/4 0.050s} 0-1
"""


def test_depths_and_times_per_engine():
    lines = game_report.report(cr.read_pgn(GAMES), 0)
    # A: 6, 7 (White in the first game), 10 (Black in the second); B: 8, 9, then 4.
    check(lines == ["A: 3 moves, depth median 7 mean 7.67, time per move median 0.200 s",
                    "B: 3 moves, depth median 8 mean 7.00, time per move median 0.300 s"], lines)


def test_first_moves_only():
    lines = game_report.report(cr.read_pgn(GAMES), 2)
    # Move numbers follow the FEN's: A keeps 2.Nf3 and 2...Nc6, B keeps 2...Nc6 and not 3.Nf3.
    check(lines == ["A: 2 moves, depth median 8 mean 8.00, time per move median 0.550 s",
                    "B: 1 moves, depth median 8 mean 8.00, time per move median 0.300 s"], lines)
