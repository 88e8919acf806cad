"""test_ponder_deepening.py - pondering that keeps thinking (docs/SPEC.md §8, both profiles, UCI `go
ponder` and CECP `hard`): deeper than the rule's depth, one core busy until the opponent moves,
a hit on a deep enough result plays at once, a miss is abandoned; and the clock's limits hold
on a machine loaded by other processes. Under Speed PDP-10 TECH-1971 ponders as in 1971: the
rule's depth and no deeper, played at once on a hit."""
import re
import subprocess
import sys
import time

from harness import SLOWNESS_CAP, Engine, bestmove, cecp_hint, cecp_move, check, check_latency, schedstat_s

STYLES = ("TECH-1971", "TECH-modern")
RUY_LOPEZ = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7"


# [C] A ponder search is judged after the engine has had this much CPU time: 1.5 s of wall time
# on an idle machine, longer on a busy one (at most SLOWNESS_CAP times), so that the depth it
# reaches measures the search, not the load.
PONDER_CPU_S = 1.5


def ponder_for(engine, stop_pattern):
    """Let the engine ponder until its threads have been on a CPU for PONDER_CPU_S; no line may
    match `stop_pattern` meanwhile. Returns (the lines, the seconds its threads wanted a CPU: on
    one or waiting for one, the wall seconds)."""
    pid = engine.proc.pid
    on0, waiting0 = schedstat_s(pid)
    t0 = time.monotonic()
    lines = []
    while True:
        lines += engine.silent(0.1, stop_pattern)
        on, waiting = schedstat_s(pid)
        if on - on0 >= PONDER_CPU_S or time.monotonic() - t0 >= PONDER_CPU_S * SLOWNESS_CAP:
            return lines, on + waiting - on0 - waiting0, time.monotonic() - t0


def depths(lines):
    found = [int(m.group(1)) for m in (re.match(r"^info depth (\d+) seldepth", l) for l in lines) if m]
    return max(found) if found else 0


def uci_engine(style):
    e = Engine()
    e.uci()
    e.send(f"setoption name Style value {style}", "setoption name Ponder value true", "ucinewgame", "isready")
    e.expect("^readyok$")
    return e


def test_uci_ponder_thinks_until_the_opponent_moves():
    for style in STYLES:
        e = uci_engine(style)
        e.send("debug on", RUY_LOPEZ, "go wtime 60000 btime 60000")
        plan = int(e.expect(r"^info string plan: depth (\d+)", 1.0).group(1))
        bestmove(e, 30.0)
        # TECH-1971 plans a depth; TECH-modern (plan depth 0) a time.
        e.send(RUY_LOPEZ + " d2d3 b7b5", "go ponder wtime 60000 btime 60000")
        lines, used, wall = ponder_for(e, "^bestmove")
        check(used >= 0.9 * wall, f"{style}: busy {used:.2f} s while pondering for {wall:.2f} s")
        deepest = depths(lines)
        check(deepest > max(plan, 1), f"{style}: pondered to depth {deepest}, the rule's depth is {plan}")
        t0 = e.send("isready")
        _, t1 = e.expect_at("^readyok$", 1.0)
        check_latency(t1 - t0, 0.05, f"{style}: isready while pondering")
        e.send("stop")
        bestmove(e, 1.0)


def test_uci_hit_after_deepening_plays_at_once():
    for style in STYLES:
        e = uci_engine(style)
        # 20 s a move available: the rule's first depth (5) and its deepening are done within a
        # second of pondering, so the hit finds them done.
        e.send("position startpos moves e2e4 e7e5 g1f3", "go ponder wtime 600000 btime 600000 movestogo 30")
        e.silent(1.5, "^bestmove")
        if style == "TECH-modern":
            # The modern rule plays at once when the ponder search has thought longer than its
            # soft limit would have given it: with a short clock.
            e.send("stop")
            bestmove(e, 1.0)
            e.send("position startpos moves e2e4 e7e5 g1f3", "go ponder wtime 3000 btime 3000")
            e.silent(1.5, "^bestmove")
        t0 = e.send("ponderhit")
        _, t1 = e.expect_at(r"^bestmove \S+", 2.0)
        check_latency(t1 - t0, 0.1, f"{style}: bestmove after the hit")


def test_uci_pdp10_ponders_the_rules_depth_only():
    """docs/SPEC.md §8 [P]: "If the opponent makes the expected move, TECH will print its reply
    immediately if finished, or continue the computations." Under Speed PDP-10 TECH-1971's
    ponder search is the rule's depth (the Depth option, 2 here, on the game's first move) and
    no deeper: nothing deeper is reported while it waits, and the hit plays at once."""
    e = uci_engine("TECH-1971")
    e.send("setoption name Speed value PDP-10", "setoption name Depth value 2",
           "position startpos moves e2e4 e7e5 g1f3", "go ponder wtime 600000 btime 600000")
    # Depth 2 takes about 2.3 s of the PDP-10's time here; then the search waits for the hit.
    lines = e.silent(6.0, "^bestmove")
    check(depths(lines) == 2, f"pondered to depth {depths(lines)} at PDP-10 speed, the rule's depth is 2")
    check(not [l for l in lines if re.match(r"^info depth [3-9]", l)], "a deeper depth begun while pondering")
    t0 = e.send("ponderhit")
    _, t1 = e.expect_at(r"^bestmove \S+", 2.0)
    check_latency(t1 - t0, 0.1, "bestmove after the hit on a finished search")


def test_uci_miss_is_abandoned_and_the_game_goes_on():
    for style in STYLES:
        e = uci_engine(style)
        e.send(RUY_LOPEZ, "go ponder wtime 30000 btime 30000")
        e.silent(0.5, "^bestmove")
        t0 = e.send("stop")
        _, t1 = e.expect_at(r"^bestmove \S+", 1.0)
        check_latency(t1 - t0, 0.1, f"{style}: the answer to stop")
        e.send(RUY_LOPEZ + " d2d4", "go wtime 1000 btime 1000")
        bestmove(e, 2.0)
        e.ready()
        rc, _ = e.quit()
        check(rc == 0, f"{style}: exit status {rc}")
        e.close()
        report = e.sanitizer_report()
        check(report is None, f"{style}: {report}")


def test_cecp_ponder_thinks_until_the_opponent_moves():
    for style in STYLES:
        e = Engine()
        e.xboard()
        # 20 s left; TECH-1971's move 1 is in the opening, at the start depth 5, which 1.5 s of
        # pondering completes even on a loaded machine.
        e.send(f"option Style={style}", "new", "hard", "post", "level 0 1 0", "time 2000", "otim 2000",
               "usermove e2e4")
        cecp_move(e, 30.0)
        guess = cecp_hint(e, 2.0)
        check(guess, f"{style}: no hint")
        lines, used, wall = ponder_for(e, "^move")
        check(used >= 0.9 * wall, f"{style}: busy {used:.2f} s while pondering for {wall:.2f} s")
        plies = [int(m.group(1)) for m in (re.match(r"^(\d+) -?\d+ \d+ \d+ ", l) for l in lines) if m]
        check(plies and max(plies) >= 6, f"{style}: pondered only to depth {max(plies) if plies else 0}")
        t0 = e.send("time 1900", "otim 1850", f"usermove {guess}")
        _, t1 = e.expect_at(r"^move \S+$", 20.0)
        if style == "TECH-1971":
            check_latency(t1 - t0, 0.1, f"{style}: the move after the hit")


def test_limits_hold_on_a_loaded_machine():
    """Two busy processes share the two cores with TECH: its moves still come within the hard
    limit (min(8 x available, half the clock left), docs/SPEC.md §7) plus the pipe's delay."""
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(2)]
    try:
        for style in STYLES:
            e = uci_engine(style)
            for moves in ("e2e4", "e2e4 e7e5 g1f3 b8c6 f1b5", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6"):
                e.send(f"position startpos moves {moves}")
                clock = 2000
                avail = (clock - 50) / 25 + 0.75 * 20
                hard = min(8 * avail, (clock - 50) / 2)
                t0 = e.send(f"go wtime {clock} btime {clock} winc 20 binc 20")
                _, t1 = e.expect_at(r"^bestmove \S+", 3.0)
                # Beyond the hard limit: the pipe's delay, 60 ms, longer as other load adds to the hogs.
                check_latency(max(0.0, t1 - t0 - hard / 1000), 0.06,
                              f"{style} after {moves}: {1000 * (t1 - t0):.0f} ms, hard limit {hard:.0f} ms; the excess")
    finally:
        for h in hogs:
            h.kill()
            h.wait()
