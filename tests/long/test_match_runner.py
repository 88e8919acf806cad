"""test_match_runner.py - the match runner must catch each failure it exists to catch.

A fake engine (fake_engine.py) plays random legal moves and commits one fault on request;
the runner must end that game as the right kind of forfeit, against the right engine, and
must report nothing when both sides behave.
"""
import os
import re
import sys

from longlib import HERE, check, engines, run_match
import protocol_adapter

FAKE = os.path.join(HERE, "fake_engine.py")


def fake(proto, fault="", at=3, name=None, seed=1, depth=0):
    return engines.EngineConfig(cmd=[sys.executable, FAKE, "--fault", fault, "--at", str(at), "--seed", str(seed)],
                              proto=proto, name=name or f"Fake-{proto}", depth=depth)


def faulty_game(proto, fault, tc="1+0.01"):
    """One game, the faulty engine White; returns the summary."""
    saved = protocol_adapter.STALL_TIMEOUT
    protocol_adapter.STALL_TIMEOUT = 1.0
    try:
        return run_match([fake(proto, fault, name="Faulty"), fake("uci", name="Good")], tc, 1, f"fake-{proto}-{fault}")
    finally:
        protocol_adapter.STALL_TIMEOUT = saved


def expect_forfeit(summary, kind):
    forfeits = summary["forfeits"]
    check(list(forfeits) == [kind], f"expected one {kind} forfeit, got {forfeits}")
    check(forfeits[kind][0]["loser"] == "Faulty", f"the wrong engine forfeited: {forfeits}")
    check(summary["losses"] == 1, f"the faulty engine should lose: {summary}")


def test_time_forfeit():
    for proto in ("uci", "xboard"):
        expect_forfeit(faulty_game(proto, "slow"), engines.FORFEIT_TIME)


def test_stall():
    for proto in ("uci", "xboard"):
        expect_forfeit(faulty_game(proto, "stall"), engines.FORFEIT_STALL)


def test_illegal_move():
    for proto in ("uci", "xboard"):
        expect_forfeit(faulty_game(proto, "illegal"), engines.FORFEIT_ILLEGAL)


def test_crash():
    for proto in ("uci", "xboard"):
        expect_forfeit(faulty_game(proto, "crash"), engines.FORFEIT_DISCONNECT)


def test_false_claim_and_rejected_move():
    expect_forfeit(faulty_game("xboard", "claim"), engines.FORFEIT_FALSE_CLAIM)
    expect_forfeit(faulty_game("xboard", "reject"), engines.FORFEIT_ILLEGAL_CLAIM)


def test_resign_is_no_forfeit():
    summary = faulty_game("xboard", "resign")
    check(not summary["forfeits"] and summary["losses"] == 1, f"resignation: {summary}")
    check(list(summary["terminations"]) == ["White resigns"], f"{summary['terminations']}")


def test_a_claim_after_the_last_move_stays_in_its_game():
    """Dreamer 0.3.0 has no `ping` and claims its mate a line after the mating move: that claim is
    judged against the game it ended, never read in the next game (where it was a resignation)."""
    summary = run_match([fake("xboard", "late-claim", name="Claimer", seed=1), fake("uci", name="Mover", seed=2)],
                        "30+0", 6, "fake-late-claim")
    with open(os.path.join(HERE, "..", "..", "build", "long", "fake-late-claim.log")) as log:
        claims = [line for line in log if "Claimer <" in line and re.search(r"< (1-0|0-1|1/2-1/2) \{", line)]
    check(claims, "the claimer's moves ended no game: the fault was not exercised")
    check(summary["games"] == 6 and not summary["forfeits"], f"{summary}")
    for reason in summary["terminations"]:
        check(reason.startswith(("Draw by", "White mates", "Black mates")), f"a claim left over from a game: {reason}")


def test_clean_games_end_by_rule():
    """Random movers reach every kind of rule-based end; both protocols, both colours."""
    summary = run_match([fake("uci", name="A", seed=2), fake("xboard", name="B", seed=3)], "30+0", 6, "fake-clean")
    check(not summary["forfeits"], f"forfeits between well-behaved engines: {summary['forfeits']}")
    check(summary["games"] == 6, f"{summary['games']} games")
    for reason in summary["terminations"]:
        check(reason.startswith(("Draw by", "White mates", "Black mates")), f"unexpected end: {reason}")


def test_fixed_depth_engine_gets_go_depth():
    """depth=N (fixed-depth experiments): that engine's every search is `go depth N`, never the
    clocks; the other engine still gets the clocks."""
    summary = run_match([fake("uci", name="Deep", seed=4, depth=3), fake("uci", name="Clock", seed=5)],
                        "30+0", 2, "fake-depth")
    check(summary["games"] == 2 and not summary["forfeits"], f"{summary}")
    with open(os.path.join(HERE, "..", "..", "build", "long", "fake-depth.log")) as log:
        sent = [line for line in log if " > go" in line or "> go" in line]
    deep = [line for line in sent if "Deep" in line]
    clock = [line for line in sent if "Clock" in line]
    check(deep and all(line.rstrip().endswith("go depth 3") for line in deep), f"Deep got: {deep[:3]}")
    check(clock and all("wtime" in line for line in clock), f"Clock got: {clock[:3]}")
    for words in (["cmd=x", "depth=0"], ["cmd=x", "depth=three"], ["cmd=x", "proto=xboard", "depth=3"]):
        try:
            engines.EngineConfig.parse(words)
        except ValueError:
            continue
        check(False, f"--engine {' '.join(words)} was accepted")
