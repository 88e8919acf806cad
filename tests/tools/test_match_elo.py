"""test_match_elo.py - scripts/match.py's Elo line: undefined for a clean sweep (no draws, no
losses or no wins) instead of a made-up +/-2400, and open-ended intervals said as such."""
import os

from testlib import check

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
import match


def test_sweeps_have_no_elo():
    for wins, losses in ((2, 0), (0, 2), (30, 0)):
        text = match.format_elo(wins, losses, 0)
        check("undefined" in text and "2400" not in text, f"{wins}-{losses}-0: {text}")
        check(match.elo_estimate(wins, losses, 0) == (None, None, None), f"{wins}-{losses}-0 estimate")


def test_ordinary_results_keep_their_interval():
    text = match.format_elo(60, 20, 40)
    check(text.startswith("Elo difference: +120.4 (95% interval +70.4 .. +175.7"), text)
    check("+inf" in match.format_elo(5, 0, 1), f"5-0-1 has no upper bound: {match.format_elo(5, 0, 1)}")
    check("-0.0" not in match.format_elo(1, 1, 0) and "2400" not in match.format_elo(1, 1, 0),
          match.format_elo(1, 1, 0))
    check("every game drawn" in match.format_elo(0, 0, 4), match.format_elo(0, 0, 4))
    check(match.format_elo(0, 0, 0) == "Elo difference: no games", "no games")
