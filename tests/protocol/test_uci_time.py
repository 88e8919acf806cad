"""test_uci_time.py - every UCI time-control form: the move must come back within its budget,
from the engine's own clock, with the increment only credited after the move (docs/SPEC.md §7)."""
import re
import time

from harness import MOVE_RE, SLOW, Engine, bestmove, check

MIDDLE_GAME = "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9"
PAWN_ENDING = "8/8/4k3/8/8/3K4/4P3/8 w - - 0 60"


def timed_go(e, position, go, limit_s):
    e.send(position)
    t0 = e.send(go)
    infos = []
    m = e.expect(r"^bestmove (\S+)", limit_s + 1.0, infos)
    elapsed = e.last_stamp - t0
    check(elapsed <= limit_s * SLOW, f"`{go}` answered after {elapsed:.3f} s, budget {limit_s:.3f} s")
    check(MOVE_RE.match(m.group(1)), f"bestmove {m.group(1)}")
    return m.group(1), elapsed, infos


def test_sudden_death():
    e = Engine()
    e.uci()
    timed_go(e, f"position fen {MIDDLE_GAME}", "go wtime 1000 btime 1000", 0.5)


def test_increment_not_spent_before_it_is_credited():
    e = Engine()
    e.uci()
    timed_go(e, f"position fen {MIDDLE_GAME}", "go wtime 300 btime 300 winc 5000 binc 5000", 0.3)


def test_moves_to_go():
    e = Engine()
    e.uci()
    timed_go(e, f"position fen {MIDDLE_GAME}", "go movestogo 1 wtime 500 btime 500", 0.5)
    timed_go(e, f"position fen {MIDDLE_GAME}", "go wtime 3000 btime 3000 movestogo 40", 3.0)


def test_own_clock_is_used():
    e = Engine()
    e.uci()
    # Black to move with 0.3 s; White's plenty of time must not be read.
    timed_go(e, "position startpos moves e2e4", "go wtime 100000 btime 300 winc 0 binc 0", 0.3)


def test_movetime_is_a_hard_cap():
    e = Engine()
    e.uci()
    _, elapsed, infos = timed_go(e, f"position fen {MIDDLE_GAME}", "go movetime 200", 0.25)
    check(any(" pv " in l for l in infos), "no info line")


def test_zero_and_negative_time():
    e = Engine()
    e.uci()
    timed_go(e, f"position fen {MIDDLE_GAME}", "go wtime 0 btime 0", 0.1)
    timed_go(e, f"position fen {MIDDLE_GAME}", "go wtime -500 btime 1000", 0.1)


def test_depth_and_nodes_cap_a_clock():
    e = Engine()
    e.uci()
    _, _, infos = timed_go(e, f"position fen {MIDDLE_GAME}", "go wtime 100000 btime 100000 depth 2", 2.0)
    depths = [int(m.group(1)) for m in (re.match(r"^info depth (\d+)", l) for l in infos) if m]
    check(depths and max(depths) <= 2, f"depth cap 2 exceeded: {depths}")
    timed_go(e, f"position fen {MIDDLE_GAME}", "go nodes 3000 wtime 100000 btime 100000", 2.0)


def test_depth_rule_moves_with_the_clock():
    """docs/SPEC.md §7, scaled to the clock: with plenty of time the depth climbs several plies a move
    (up to three) until its predicted time fills the time available; short of time it drops."""
    e = Engine()
    e.uci()
    e.send("debug on", f"position fen {PAWN_ENDING}")
    plans = []
    for _ in range(3):
        e.send("go wtime 600000 btime 600000")
        plans.append(int(e.expect(r"^info string plan: depth (\d+)", 1.0).group(1)))
        bestmove(e, 30.0)
    check(plans[0] == 5, f"first search at the start depth 5: {plans}")
    check(plans[1] > plans[0] + 1 and plans[2] > plans[1], f"depths with plenty of time: {plans}")
    check(all(b - a <= 3 for a, b in zip(plans, plans[1:])), f"climbed more than 3 plies a move: {plans}")
    e.send("go wtime 40 btime 40")
    low = int(e.expect(r"^info string plan: depth (\d+)", 1.0).group(1))
    bestmove(e, 1.0)
    check(low < plans[2], f"depth {low} with 40 ms left after {plans}")


def test_first_search_uses_start_depth():
    """The Depth option is the depth of a game's first search; the rule takes over from there,
    in the opening too."""
    e = Engine()
    e.uci()
    e.send("debug on", "setoption name Depth value 3", "ucinewgame", "position startpos moves e2e4 e7e5",
           "go wtime 600000 btime 600000")
    depth = int(e.expect(r"^info string plan: depth (\d+)", 1.0).group(1))
    bestmove(e, 2.0)
    check(depth == 3, f"first search at depth {depth}, start depth option 3")
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6", "go wtime 600000 btime 600000")
    second = int(e.expect(r"^info string plan: depth (\d+)", 1.0).group(1))
    bestmove(e, 30.0)
    check(second > depth, f"second search at depth {second} with 10 minutes left")


def test_fast_game_never_flags():
    """A short game against itself at 1 s + 20 ms: every move inside the mover's clock."""
    e = Engine()
    e.uci()
    clocks = [1000.0, 1000.0]
    moves = []
    for ply in range(16):
        side = ply % 2
        e.send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        t0 = e.send(f"go wtime {int(clocks[0])} btime {int(clocks[1])} winc 20 binc 20")
        m = e.expect(r"^bestmove (\S+)", 3.0)
        used = (e.last_stamp - t0) * 1000
        check(used < clocks[side], f"ply {ply}: used {used:.0f} ms with {clocks[side]:.0f} ms left")
        clocks[side] += 20 - used
        if m.group(1) == "0000":
            break
        moves.append(m.group(1))
    check(len(moves) >= 10, f"game ended early: {moves}")


def test_self_play_with_ponder_cycle():
    """cutechess's ponder cycle: after `bestmove X ponder Y` the GUI sends `go ponder` on X Y,
    then `ponderhit` on a hit or `stop` + a fresh `go` on a miss. Every move inside the clock."""
    white, black = Engine(), Engine()
    for e in (white, black):
        e.uci()
        e.send("setoption name Ponder value true", "ucinewgame", "isready")
        e.expect("^readyok$")
    clocks = [2000.0, 2000.0]
    moves = []
    pondering = None  # White's predicted Black move while it ponders
    hits = misses = 0

    def position():
        return "position startpos moves " + " ".join(moves) if moves else "position startpos"

    def go_line():
        return f"go wtime {int(clocks[0])} btime {int(clocks[1])} winc 50 binc 50"

    for ply in range(24):
        side = ply % 2
        if side == 0:
            if pondering is not None and moves[-1] == pondering:
                t0 = white.send("ponderhit")
                hits += 1
            else:
                if pondering is not None:
                    white.send("stop")
                    bestmove(white, 1.0)  # thrown away
                    misses += 1
                white.send(position())
                t0 = white.send(go_line())
            m = white.expect(r"^bestmove (\S+)(?: ponder (\S+))?$", 3.0)
            stamp = white.last_stamp
        else:
            black.send(position())
            t0 = black.send(go_line())
            m = black.expect(r"^bestmove (\S+)(?: ponder (\S+))?$", 3.0)
            stamp = black.last_stamp
        used = (stamp - t0) * 1000
        check(used < clocks[side], f"ply {ply}: {used:.0f} ms used with {clocks[side]:.0f} ms left")
        clocks[side] += 50 - used
        if m.group(1) == "0000":
            break
        moves.append(m.group(1))
        if side == 0:
            pondering = m.group(2)
            if pondering:
                white.send(position() + " " + pondering, go_line().replace("go ", "go ponder ", 1))
    white.send("stop")
    white.drain(0.2)
    check(hits + misses > 0, "White never pondered")
