"""test_races.py - the threaded protocol paths driven fast, as the sanitizer builds need them:
stop, ponderhit and isready racing a search's end, Threads 2 with both profiles, CECP pondering
under quick usermove/force/new sequences. Each session must keep the protocol's counts (one
bestmove per go, one pong per ping, no move refused) and end cleanly; under ThreadSanitizer any
data race fails the test (run.py checks stderr)."""
import random
import re

from harness import MOVE_RE, SLOW, Engine, check

# Opening lines to ponder in (each prefix is a legal position).
LINES = ["e2e4 e7e5 g1f3 b8c6 f1b5 a7a6", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6", "c2c4 e7e5 b1c3 g8f6 g2g3 d7d5"]


def count(lines, pattern):
    regex = re.compile(pattern)
    return sum(1 for line in lines if regex.search(line))


def settle(e, timeout=5.0):
    """isready until readyok; returns every line read on the way."""
    lines = []
    e.send("isready")
    e.expect("^readyok$", timeout, lines)
    return lines


def uci_race_session(style, threads, rounds, seed):
    rng = random.Random(seed)
    e = Engine()
    e.uci()
    e.send(f"setoption name Style value {style}", f"setoption name Threads value {threads}",
           "setoption name Ponder value true")
    seen = settle(e)
    gos = readies = 0
    for _ in range(rounds):
        line = rng.choice(LINES).split()
        moves = " ".join(line[:rng.randrange(len(line) + 1)])
        e.send(f"position startpos moves {moves}" if moves else "position startpos")
        kind = rng.randrange(5)
        if kind == 0:
            e.send("go ponder wtime 400 btime 400 winc 10 binc 10")
        elif kind == 1:
            e.send("go infinite")
        elif kind == 2:
            e.send("go movetime 5")
        elif kind == 3:
            e.send("go wtime 200 btime 200")
        else:
            e.send("go depth 3")
        gos += 1
        seen += e.drain(rng.random() * 0.015)
        # The race: end the search while it may be ending by itself, with isready bursts around.
        burst = ["isready"] * rng.randrange(3)
        ender = rng.choice(["ponderhit", "stop", "ponderhit\nstop", "isready\nstop", "ucinewgame", "stop\nstop"])
        lines = [*burst, *ender.split("\n"), *burst]
        readies += lines.count("isready")
        e.send(*lines)
        seen += e.drain(rng.random() * 0.01)
    e.send("stop", "isready")
    readies += 1
    # Every isready answered: everything sent before the last one has been handled.
    while count(seen, "^readyok$") < readies:
        seen.append(e.expect("^readyok$", 10.0, seen).group(0))
    bestmoves = [l for l in seen if l.startswith("bestmove ")]
    check(len(bestmoves) == gos, f"{style}/{threads}: {len(bestmoves)} bestmoves for {gos} go commands")
    bad = [l for l in bestmoves if not MOVE_RE.match(l.split()[1])]
    check(not bad, f"{style}/{threads}: malformed bestmove {bad[:3]}")
    rc, _ = e.quit(2.0)
    check(rc == 0, f"{style}/{threads}: exit status {rc}")


def test_uci_stop_ponderhit_isready_races():
    for seed, (style, threads) in enumerate([("TECH-modern", 2), ("TECH-1971", 2), ("TECH-modern", 1)]):
        uci_race_session(style, threads, 25, seed)


def test_cecp_hard_pondering_fast_sequences():
    """TECH ponders (hard, Threads 2) while moves, force, new, undo, ? and pings arrive faster
    than it can finish anything; every ping gets its pong, no move is refused."""
    rng = random.Random(7)
    for style in ("TECH-modern", "TECH-1971"):
        e = Engine()
        e.xboard()
        e.send(f"option Style={style}", "cores 2", "post")
        seen = []
        pings = 0
        for round_number in range(20):
            line = rng.choice(LINES).split()
            e.send("new", "hard", "level 0 0:03 0.05", "time 300", "otim 300", f"usermove {line[0]}")
            seen += e.drain(rng.random() * 0.02)
            sequence = rng.choice([["force"], ["new"], ["?"], ["easy", "hard"], ["undo"],
                                   ["force", "new", "force", f"usermove {line[0]}", f"usermove {line[1]}", "go"],
                                   ["result 1-0 {adjudicated}"]])
            e.send(*sequence)
            pings += 1
            e.send(f"ping {round_number}")
            seen += e.drain(rng.random() * 0.02)
        e.send("force", "ping 999")
        e.expect("^pong 999$", 10.0, seen)
        pongs = count(seen, r"^pong \d+$")
        check(pongs == pings, f"{style}: {pongs} pongs for {pings} pings before the last")
        refused = [l for l in seen if l.startswith(("Illegal", "Error", "tellusererror"))]
        check(not refused, f"{style}: {refused[:3]}")
        moves = [l.split()[1] for l in seen if l.startswith("move ")]
        check(all(MOVE_RE.match(m) for m in moves), f"{style}: malformed moves {moves}")
        rc, _ = e.quit(2.0 * SLOW)
        check(rc == 0, f"{style}: exit status {rc}")


def test_hint_book_memory_analyze_right_after_new():
    """Issue 35: `hint` right after `new` searched on the shared Search while the search thread was
    still emptying its tables for the new game (a race ThreadSanitizer reports as the clear's
    memset against the guess). The debug and tsan builds widen the window: there
    TECH_TEST_CLEAR_DELAY_MS holds the clear back (the release build has no such hook, and runs
    the same session). `hint` now waits for the clear; `bk`, `memory` and `analyze` right after
    `new` are answered as usual."""
    e = Engine(env_extra={"TECH_TEST_CLEAR_DELAY_MS": "300"})
    e.xboard()
    e.send("option Style=TECH-modern", "memory 64", "force", "analyze")
    e.drain(0.3 * SLOW)  # the analysis fills the table that `new` has cleared
    seen = []
    e.send("exit", "new", "hint", "ping 1")
    e.expect("^pong 1$", 5.0, seen)
    hints = [l for l in seen if l.startswith("Hint: ")]
    check(len(hints) == 1 and MOVE_RE.match(hints[0].split()[1]), f"hint after new: {seen}")
    e.send("new", "bk", "ping 2")
    e.expect("^pong 2$", 5.0, seen)
    e.send("new", "memory 32", "hint", "ping 3")
    e.expect("^pong 3$", 5.0, seen)
    e.send("new", "analyze", "hint", "ping 4")
    e.expect("^pong 4$", 5.0, seen)
    e.send("exit", "new", "option Style=TECH-1971", "hint", "bk", "ping 5")
    e.expect("^pong 5$", 5.0, seen)
    refused = [l for l in seen if l.startswith(("Error", "Illegal", "tellusererror"))]
    check(not refused, f"refused: {refused}")
    rc, _ = e.quit(2.0)
    check(rc == 0, f"exit status {rc}")
