"""test_uci_time.py - every UCI time-control form: the move must come back within its budget,
from the engine's own clock, with the increment only credited after the move (docs/SPEC.md §7)."""
import re

from harness import MOVE_RE, SLOW, Engine, bestmove, check

MIDDLE_GAME = "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9"
PAWN_ENDING = "8/8/4k3/8/8/3K4/4P3/8 w - - 0 60"

# Tests whose search stops where its measured depth times say the next depth would not fit: the
# load of other tests stretches those times, so the runner runs them by themselves at the end.
ALONE = ["test_zero_clock_with_an_increment_plays_on_the_increment"]


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


def test_zero_clock_with_an_increment_plays_on_the_increment():
    """Knights 22.12 sends `wtime 0 btime 0` with the increment at every move (a control of
    increment alone, 0+3, looks the same): TECH plans with the increment, not a move at once at
    depth 2 (issue 41), and stays within it."""
    e = Engine()
    e.uci()
    e.send("setoption name Style value TECH-modern")
    move, elapsed, infos = timed_go(e, f"position fen {MIDDLE_GAME}", "go wtime 0 btime 0 winc 3000 binc 3000", 3.0)
    depths = [int(m.group(1)) for m in (re.match(r"^info depth (\d+) seldepth", l) for l in infos) if m]
    check(elapsed > 0.3 and max(depths) >= 5, f"with a 3 s increment: {elapsed:.3f} s, depths {depths}")


def test_depth_and_nodes_cap_a_clock():
    e = Engine()
    e.uci()
    _, _, infos = timed_go(e, f"position fen {MIDDLE_GAME}", "go wtime 100000 btime 100000 depth 2", 2.0)
    depths = [int(m.group(1)) for m in (re.match(r"^info depth (\d+)", l) for l in infos) if m]
    check(depths and max(depths) <= 2, f"depth cap 2 exceeded: {depths}")
    timed_go(e, f"position fen {MIDDLE_GAME}", "go nodes 3000 wtime 100000 btime 100000", 2.0)


def test_depth_rule_moves_with_the_clock():
    """docs/SPEC.md §7 [P]: after the opening the depth moves one ply at a time: up one while the
    average of the last five moves times the factor (3 from an even depth, 7 from an odd one)
    fits in the time available, down one when the average exceeds it."""
    e = Engine()
    e.uci()
    e.send("debug on", f"position fen {PAWN_ENDING}")
    plans = []
    for _ in range(3):
        e.send("go wtime 600000 btime 600000")
        plans.append(int(e.expect(r"^info string plan: depth (\d+)", 1.0).group(1)))
        bestmove(e, 30.0)
    check(plans == [5, 6, 7], f"depths with plenty of time, one ply a move from the start depth 5: {plans}")
    e.send("go wtime 40 btime 40")
    low = int(e.expect(r"^info string plan: depth (\d+)", 1.0).group(1))
    bestmove(e, 1.0)
    check(low == plans[-1] - 1, f"depth {low} with 40 ms left after {plans}: one ply down")


# Game 2 of the report, TECH's first eight moves as White and Black's replies (1.P-K4 P-Q3 ...
# 8.Q-Q2 P-QN4), in coordinates.
OPENING_LINE = "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6 g1f3 f8g7 f1d3 e8g8 e1g1 c7c6 c1e3 b8d7 d1d2 b7b5".split()


def test_opening_at_start_depth():
    """[P] "After the opening phase TECH will also adjust its maximum depth"; "The opening is
    defined to be the first eight moves": moves 1-8 run at the Depth option however much time
    there is, move 9 is the first the rule moves (one ply up here)."""
    e = Engine()
    e.uci()
    e.send("debug on", "setoption name Depth value 3", "ucinewgame")
    depths = []
    for ply in range(0, len(OPENING_LINE) + 1, 2):
        moves = " ".join(OPENING_LINE[:ply])
        e.send(f"position startpos moves {moves}" if moves else "position startpos", "go wtime 600000 btime 600000")
        depths.append(int(e.expect(r"^info string plan: depth (\d+)", 1.0).group(1)))
        bestmove(e, 30.0)
    check(depths[:8] == [3] * 8, f"moves 1-8 at depths {depths[:8]}, the Depth option is 3")
    check(depths[8] == 4, f"move 9 at depth {depths[8]}: one ply up with 10 minutes left")


def plan_hard_ms(e, go):
    """The hard limit the time manager plans for `go` (debug on), after the search ends."""
    e.send(go)
    m = e.expect(r"^info string plan: depth \d+ .* hard (\d+) ms", 1.0)
    bestmove(e, 60.0)
    return int(m.group(1))


def test_no_move_takes_more_than_its_share():
    """docs/SPEC.md §7, the safety net [C]: no move of TECH-1971 takes more than twice the time
    available per move, nor more than a tenth of the clock left (with fewer than ten moves to the
    control, the share of one of them). With 56 s of a sudden-death minute left, 5.6 s at most
    (once a depth-9 move took 8.2 s there). TECH-modern keeps its own limit."""
    e = Engine()
    e.uci()
    e.send("debug on", f"position fen {MIDDLE_GAME}")
    hard = plan_hard_ms(e, "go wtime 56000 btime 56000")
    check(hard <= 5600, f"hard limit {hard} ms with 56 s left under sudden death, more than a tenth")
    hard = plan_hard_ms(e, "go wtime 56000 btime 56000 movestogo 3")
    check(18000 <= hard <= 18700, f"hard limit {hard} ms with 56 s for 3 moves: a third")
    hard = plan_hard_ms(e, "go wtime 56000 btime 56000 movestogo 40")
    check(hard <= 2 * 56000 // 40, f"hard limit {hard} ms with 56 s for 40 moves: more than twice the average")
    # A search far too deep for the clock is cut off at the share: Depth 14 from a middle game.
    e.send("setoption name Depth value 14", "ucinewgame")
    timed_go(e, f"position fen {MIDDLE_GAME}", "go wtime 20000 btime 20000", 2.0 + 0.3)
    e.send("setoption name Style value TECH-modern", "setoption name Depth value 5", "ucinewgame",
           f"position fen {MIDDLE_GAME}")
    hard = plan_hard_ms(e, "go wtime 56000 btime 56000")
    check(hard > 20000, f"TECH-modern's hard limit {hard} ms: its own, 8 x avail or half the clock")


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
