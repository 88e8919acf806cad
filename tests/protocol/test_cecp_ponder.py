"""test_cecp_ponder.py - CECP pondering after `hard` (docs/SPEC.md §8): guess, hit, miss, and the
commands that must leave a consistent state while TECH ponders."""
from harness import MOVE_RE, SLOW, Engine, cecp_hint, cecp_move, check, check_latency, slowness_now


def pondering_engine(extra=()):
    """TECH plays Black, has answered 1.e4 and ponders; returns (engine, its move, its guess).
    40 s of sudden death: TECH-1971 plans for 14 more moves (timeman.c), so a move may take up to
    about 2.85 s, inside the 3 s the tests wait for it."""
    e = Engine()
    e.xboard()
    e.send("new", "hard", "level 0 1 0", *extra, "time 4000", "otim 4000", "usermove e2e4")
    move = cecp_move(e, 3.0)
    guess = cecp_hint(e, 2.0)
    check(guess and MOVE_RE.match(guess), f"hint {guess}")
    return e, move, guess


def other_move(guess):
    for candidate in ("d2d4", "g1f3", "b1c3", "a2a3"):
        if candidate != guess:
            return candidate
    return "h2h3"


def test_ponder_hit():
    e, _, guess = pondering_engine()
    e.silent(0.3, "^move")  # no move on the opponent's behalf
    t0 = e.send("time 3900", "otim 3800", f"usermove {guess}")
    lines = []
    _, t1 = e.expect_at(r"^move \S+$", 3.0, lines)
    check(any(l.startswith("# ponder hit") for l in lines), f"no ponder hit reported: {lines}")
    check(t1 - t0 < 2.0 * SLOW, f"move {t1 - t0:.2f} s after the hit")
    e.silent(0.3, "^move")  # exactly one move


def test_ponder_hit_after_ponder_search_finished():
    e, _, guess = pondering_engine(("sd 2",))
    e.silent(0.4, "^move")
    t0 = e.send(f"usermove {guess}")
    _, t1 = e.expect_at(r"^move \S+$", 1.0)
    check_latency(t1 - t0, 0.1, "the answer of a finished ponder search")


def test_thinking_line_after_a_hit():
    """A ponder search that had finished when the guessed move came: its line (without the
    guess, now played) comes before the move, so the GUI shows a score and depth for it."""
    e, _, guess = pondering_engine(("sd 3", "post"))
    e.silent(0.4, "^move")
    e.send(f"usermove {guess}")
    lines = []
    move = cecp_move(e, 1.0, lines)
    thinking = [l.split() for l in lines if l[:1].isdigit()]
    check(thinking and thinking[-1][4] == move and thinking[-1][0] == "3",
          f"no thinking line for {move} after the hit: {lines}")


def test_hint_is_the_guess_while_pondering():
    e, move, guess = pondering_engine(("sd 2",))
    check(guess != move, "the hint is the opponent's move")
    e.send("easy")  # pondering off: the same 2-ply guess, searched on request
    e.silent(0.2, "^move")
    e.send("hint")
    check(e.expect(r"^Hint: (\S+)$", 2.0).group(1) == guess, "hint without pondering differs from the guess")


def test_ponder_miss():
    e, _, guess = pondering_engine()
    e.send("time 3900", "otim 3800", f"usermove {other_move(guess)}")
    lines = []
    move = cecp_move(e, 3.0, lines)
    check(any(l.startswith("# ponder miss") for l in lines), f"no ponder miss reported: {lines}")
    check(MOVE_RE.match(move), f"move {move}")
    e.silent(0.3, "^move")


def test_ping_while_pondering_is_immediate():
    e, _, _ = pondering_engine()
    t0 = e.send("ping 42")
    _, t1 = e.expect_at("^pong 42$", 1.0)
    check_latency(t1 - t0, 0.2, "pong while pondering")


def test_force_undo_go_while_pondering():
    e, _, _ = pondering_engine()
    e.send("force")
    e.silent(0.3, "^move")
    e.send("undo", "undo", "usermove d2d4", "go")  # back to the start; 1.d4 and TECH to move
    move = cecp_move(e, 3.0)
    check(move[1] in "78", f"move {move} after undo")
    e.silent(0.3, "^move")


def test_move_now_and_new_while_pondering():
    e, _, guess = pondering_engine()
    e.send("?")
    e.silent(0.3, "^move")  # `?` while pondering: stop pondering, no move
    e.send(f"usermove {guess}")
    move = cecp_move(e, 3.0)
    check(MOVE_RE.match(move), f"move {move}")
    e.send("new")
    e.silent(0.3, "^move")
    e.send("go")
    check(cecp_move(e, 3.0) == "e2e4", "after new TECH plays 1.e4 as White")


def test_easy_stops_pondering():
    e, _, guess = pondering_engine()
    e.send("easy")
    e.silent(0.2)
    e.send(f"usermove {guess}")
    lines = []
    cecp_move(e, 3.0, lines)
    check(not any(l.startswith("# ponder") for l in lines), f"pondered after easy: {lines}")
    e.ping(1)


def test_ponder_thinking_shows_guess_first():
    e = Engine()
    e.xboard()
    e.send("new", "hard", "post", "sd 4", "usermove e2e4")
    cecp_move(e, 3.0)
    m = e.expect(r"^\d+ -?\d+ \d+ \d+ (\S+)", 2.0)
    e.send("hint")
    guess = e.expect(r"^Hint: (\S+)$", 2.0).group(1)
    check(m.group(1) == guess, f"pondering PV starts with {m.group(1)}, guess {guess}")


def test_self_play_with_pondering_never_flags():
    """TECH (pondering) vs TECH through CECP at 2 s + 0.05 s: every move inside the clock, both
    sides accept every move, the pondering side reports hits or misses. On a busy machine, where
    every move waits for a core, the clock is that many times longer (harness.slowness_now,
    measured before the game): the same game for a machine that slow."""
    scale = slowness_now()
    base_s, inc_ms = max(2, round(2 * scale)), round(50 * scale)
    white, black = Engine(), Engine()
    for e, extra in ((white, "hard"), (black, "easy")):
        e.xboard()
        e.send("new", f"level 0 0:{base_s:02d} {inc_ms / 1000:.3f}", extra)
    clocks = [1000.0 * base_s, 1000.0 * base_s]  # ms: White, Black
    engines = [white, black]
    last = None
    ended = False
    for ply in range(24):
        side = ply % 2
        mover = engines[side]
        mover.send(f"time {int(clocks[side] / 10)}", f"otim {int(clocks[1 - side] / 10)}")
        t0 = mover.send("go" if ply == 0 else f"usermove {last}")
        lines = []
        m = mover.expect(r"^(move (\S+)|1-0|0-1|1/2-1/2)", 3.0 * scale, lines)
        check(not [l for l in lines if l.startswith(("Illegal", "Error"))], f"ply {ply}: {lines}")
        if not m.group(2):
            ended = True
            break
        used = (mover.last_stamp - t0) * 1000
        check(used < clocks[side], f"ply {ply}: {used:.0f} ms used with {clocks[side]:.0f} ms left")
        clocks[side] += inc_ms - used
        last = m.group(2)
    check(ended or ply == 23, "game loop")
    white.send("ping 99")
    lines = []
    white.expect("^pong 99$", 3.0, lines)
    events = [l for l in white.transcript if l.startswith("<< # ponder")]
    check(events, "the pondering side never resolved a ponder")
