"""test_matches.py - TECH plays real games through both protocols and must not misbehave.

The issue asks for zero time forfeits, zero illegal moves and no crashes or stalls under a
tournament manager's clock; these matches are short versions of the measurement runs in
RESULTS.md. TECH-UCI ponders with the GUI-driven go ponder / ponderhit / stop cycle,
TECH-CECP ponders on its own after `hard`, so both pondering paths are exercised.
"""
from longlib import check, check_clean, engines, fairymax, run_match, tech
import chessrules
import games


def self_play(tc, games, name, **extra):
    summary = run_match([tech("uci", ponder=True), tech("xboard", ponder=True)], tc, games, name, **extra)
    check_clean(summary, ["TECH-uci", "TECH-xboard"])
    uci = summary["stats"]["TECH-uci"]
    check(uci["ponder_starts"] > 0 and uci["reported_ponder"], f"no pondering seen: {uci}")
    return summary


def test_self_play_1s():
    """20 games at 1 s + 10 ms: the time manager's tightest case; random 4-ply openings,
    each played with both colours, so the games differ."""
    self_play("1+0.01", 20, "self-1+0.01", openings=games.random_openings(4, 10, seed=11))


def test_self_play_10s():
    """4 games at 10 s + 100 ms from the start position (TECH's book-free opening)."""
    self_play("10+0.1", 4, "self-10+0.1")


def test_chess960_self_play():
    """Chess960: 6 games at 1 s + 10 ms, TECH through UCI (UCI_Chess960, castling king takes rook)
    against TECH through CECP (variant fischerandom, Shredder-FEN, O-O), both pondering, from
    three start positions drawn by number, each played with both colours."""
    summary = self_play("1+0.01", 6, "chess960-1+0.01", openings=games.chess960_openings(3, seed=960))
    check(summary["games"] == 6, f"{summary['games']} games")


def test_tech_vs_fairymax():
    """10 games at 1 s + 10 ms against another engine (Debian's Fairy-Max, CECP); the
    first pair from the start position, then random 4-ply openings."""
    path = fairymax()
    check(path is not None, "fairymax is not installed (apt-get install fairymax)")
    opponent = engines.EngineConfig(cmd=[path], proto="xboard", name="Fairy-Max")
    openings = [games.Opening(chessrules.START_FEN)] + games.random_openings(4, 4, seed=12)
    summary = run_match([tech("xboard", ponder=True), opponent], "1+0.01", 10, "fairymax-1+0.01", openings=openings)
    check_clean(summary, ["TECH-xboard"])
