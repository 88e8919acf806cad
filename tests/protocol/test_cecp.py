"""test_cecp.py - CECP v2 sessions: features, game set-up, moves, errors, time controls,
analysis, game end, quit."""
import os
import re
import subprocess
import signal

from harness import (MATE_IN_ONE, MATED, MOVE_RE, ONLY_MOVE_BLACK, ONLY_MOVE_WHITE, SLOW, STARTED, Engine, TestFailure,
                     cecp_move, check, check_latency)

REQUIRED_FEATURES = ["ping=1", "setboard=1", "usermove=1", "time=1", "draw=1", "sigint=0", "sigterm=0", "reuse=1",
                     "analyze=1", "colors=0", "playother=1", "name=1", "nps=1", "debug=1", "memory=1", "smp=1",
                     'variants="normal,fischerandom"']


def cecp_engine():
    e = Engine()
    e.xboard()
    return e


def no_error_lines(lines):
    bad = [l for l in lines if l.startswith(("Error", "Illegal", "tellusererror"))]
    check(not bad, f"unexpected complaint: {bad}")


def test_feature_handshake():
    e = Engine()
    e.send("xboard")
    e.silent(0.1)
    e.send("protover 2")
    lines = []
    e.expect("^feature .*done=1", 2.0, lines)
    check(lines and lines[0] == "feature done=0", f"first reply {lines[:1]}")
    text = " ".join(lines)
    for feature in REQUIRED_FEATURES:
        check(feature in text, f"feature {feature} missing")
    check(re.search(r'myname="TECH-1971 [^" ]+"', text), "myname missing or without the profile and version")
    options = [l for l in lines if l.startswith("feature option=")]
    check(any('"Style -combo' in l and "*TECH-1971" in l for l in options), f"Style option: {options}")
    check(any('"Depth -spin 5 1 30"' in l for l in options), "Depth option")
    check(any('"Clear Hash -button"' in l for l in options), "Clear Hash button")
    e.send("accepted ping", "rejected pause")
    e.ping(1)
    # The profile is part of the name: said again when it changes (xboard takes features at any
    # time), and only then. Under UCI_LimitStrength the level picks the profile and the name
    # follows it (the middle of the scale is TECH-deep whatever Style says); back to Style's
    # profile when the limit is off.
    steps = [(("option Style=TECH-modern", "option Depth=4"), "TECH-modern"), (("option UCI_Elo=1900",), None),
             (("option UCI_LimitStrength=1",), "TECH-deep"), (("option UCI_Elo=1000",), "TECH-1971"),
             (("option UCI_LimitStrength=0",), "TECH-modern")]
    for n, (commands, profile) in enumerate(steps, start=2):
        e.send(*commands, f"ping {n}")
        lines = []
        e.expect(f"^pong {n}$", 2.0, lines)
        want = [] if profile is None else [f'feature myname="{profile} ']
        check(len(lines) == len(want) and all(l.startswith(w) and l.endswith('"') for l, w in zip(lines, want)),
              f"after {commands}: {lines}, want the name {profile}")


def test_new_go_plays_e2e4():
    e = cecp_engine()
    e.send("new", "post", "go")
    lines = []
    move = cecp_move(e, 10.0, lines)
    check(move == "e2e4", f"move {move}, expected e2e4")
    thinking = [l for l in lines if re.match(r"^\d+ -?\d+ \d+ \d+ ", l)]
    check(thinking, f"no thinking output with post: {lines}")
    no_error_lines(lines)


def test_usermove_reply_knight_qb3():
    e = cecp_engine()
    # Games 1 and 3 of the report: 1.e4 e5 2.Nf3 Nc6 (docs/FIDELITY.md).
    e.send("new", "force", "usermove e2e4", "usermove e7e5", "g1f3", "go")
    lines = []
    move = cecp_move(e, 10.0, lines)
    check(move == "b8c6", f"move {move}, expected b8c6")
    no_error_lines(lines)


def test_engine_answers_as_black():
    e = cecp_engine()
    e.send("new", "level 0 1 0", "time 4000", "otim 4000", "usermove d2d4")
    move = cecp_move(e, 3.0)
    check(MOVE_RE.match(move) and move[1] in "78", f"black move {move}")
    e.send("time 3900", "otim 3900", "usermove c2c4")
    move = cecp_move(e, 3.0)
    check(move[1] in "78", f"second black move {move}")


def test_illegal_and_unknown():
    e = cecp_engine()
    e.send("new", "force")
    for bad in ("usermove e2e5", "usermove e7e5", "usermove xyz", "e1e2", "Nf6", "e2e4q", "O-O"):
        e.send(bad)
        word = bad.split()[-1]
        e.expect(rf"^Illegal move \([^)]+\): {word}$", 1.0)
    for bad in ("foo", "hint2", "e9", "nps 0", "level x", "sd banana", "time soon", "option Depth=abc",
                "option Nope=1", "variant suicide", "usermove", "pause"):
        e.send(bad)
        m = e.expect(r"^Error \(([^)]*)\): ", 1.0)
        check("llegal" not in m.group(0), f"'llegal' in an Error line: {m.group(0)}")
    e.send("go")
    move = cecp_move(e, 10.0)
    check(move == "e2e4", f"state changed: move {move}")


def test_illegal_move_replies_sent_for_each():
    e = cecp_engine()
    e.send("new", "force", "usermove e2e5", "e7e5", "Nf6", "usermove e1e2")
    for _ in range(4):
        e.expect("^Illegal move", 1.0)


def test_setboard_and_bad_setboard():
    e = cecp_engine()
    fen, only = ONLY_MOVE_WHITE
    e.send("new", "force", f"setboard {fen}", "go")
    check(cecp_move(e, 2.0) == only, "only move from setboard")
    e.send("force", "setboard garbage fen")
    e.expect("^tellusererror ", 1.0)
    e.send("usermove a1b2")
    e.expect(r"^Illegal move \(no valid position\): a1b2$", 1.0)
    e.send(f"setboard {ONLY_MOVE_BLACK[0]}", "go")
    check(cecp_move(e, 2.0) == ONLY_MOVE_BLACK[1], "setboard after a bad one")


def test_refused_go_changes_nothing():
    """A `go` (or `playother`) refused for want of a valid position leaves force mode on and takes
    no side: a later setboard and move get no answer from TECH (issue 35)."""
    for command in ("go", "playother"):
        e = cecp_engine()
        e.send("new", "force", "setboard garbage fen")
        e.expect("^tellusererror ", 1.0)
        e.send(command)
        e.expect(rf"^Error \(no valid position\): {command}$", 1.0)
        e.send("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "usermove e2e4", "usermove e7e5")
        e.silent(0.5, "^(move|Error|Illegal)")
        e.ping(1)
        e.send("go")
        check(MOVE_RE.match(cecp_move(e, 5.0)), f"{command}: no move after a valid go")


def test_go_during_analyze_is_refused():
    """CECP's analyze mode takes moves, undo, new, setboard, exit, `.`, bk and hint; XBoard sends
    `exit` before it gives the engine a side. A `go` (or `playother`) inside it is refused and the
    analysis goes on; after `exit`, `go` plays."""
    e = cecp_engine()
    e.send("new", "post", "analyze")
    e.expect(r"^\d+ -?\d+ \d+ \d+ ", 2.0)
    for command in ("go", "playother"):
        e.send(command)
        e.expect(rf"^Error \(analyze mode; exit leaves it\): {command}$", 1.0)
    e.silent(0.5, "^(move|Illegal)")
    e.send(".")  # answered only while TECH analyses
    e.expect(r"^stat01: ", 1.0)
    e.send("exit", "go")
    check(cecp_move(e, 10.0) == "e2e4", "go after exit")


def test_sd_without_a_clock_has_a_safety_net():
    """`sd 30` with neither `level` nor `st`: TECH searches as deep as asked, but moves within the
    safety net of XBoard's default control (15 s, docs/PROTOCOLS.md §3.2), without a `?`."""
    e = cecp_engine()
    e.send("new", "force", "setboard r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9", "sd 30")
    start = e.send("go")
    move = cecp_move(e, 15.0 + 5.0)
    check(MOVE_RE.match(move) and e.last_stamp - start >= 5.0, f"{move} after {e.last_stamp - start:.1f} s")
    e.quit()


def test_undo_and_remove():
    e = cecp_engine()
    fen, only = ONLY_MOVE_WHITE
    e.send("new", "force", f"setboard {fen}", f"usermove {only}", "undo", "go")
    check(cecp_move(e, 2.0) == only, "undo did not restore the position")
    # After 1.e4 e5 TECH plays 2.Nf3, which is illegal after 2.Nf3 d5 (and Black would be to
    # move after 2...d5 alone).
    e.send("force", "new", "force", "e2e4", "e7e5", "g1f3", "d7d5", "remove", "go")
    check(cecp_move(e, 10.0) == "g1f3", "remove did not take back two plies")
    e.send("force", "new", "undo")
    m = e.expect(r"^Error \(([^)]*)\): undo", 1.0)
    check("llegal" not in m.group(0), m.group(0))


def test_ping_idle_and_after_move():
    e = cecp_engine()
    e.ping(5)
    e.send("new", "st 1", "go", "ping 7")
    lines = []
    e.expect("^pong 7$", 3.0, lines)
    check(any(l.startswith("move ") for l in lines), f"pong 7 came before the move: {lines}")
    e.ping(8, 0.2)


def test_move_now():
    e = cecp_engine()
    e.send("new", "option Depth=20", "st 30", "go")  # the first search runs at the Depth option
    e.silent(0.3, "^move")
    t0 = e.send("?")
    _, t1 = e.expect_at(r"^move \S+$", 1.0)
    check_latency(t1 - t0, 0.2, "the move after ?")
    e.silent(0.2, "^move")


def test_force_and_result_stop_thinking():
    e = cecp_engine()
    e.send("new", "option Depth=20", "st 30", "go")  # the first search runs at the Depth option
    e.silent(0.2, "^move")
    e.send("force")
    e.silent(0.4, "^move")
    e.send("go")
    e.silent(0.2, "^move")
    e.send("result 1-0 {White resigns}")
    e.silent(0.4, "^move")
    e.ping(3)


def test_level_forms():
    e = cecp_engine()
    cases = [("level 40 5 0", 30000, 5.0), ("level 0 2:30 12", 15000, 5.0), ("level 0 0:02 0.05", 200, 1.0),
             ("level 0 1 0", 6000, 3.0), ("level 0 0:05 1.5", 40, 0.4), ("level 1 0.5 0", 3000, 1.6)]
    for level, centis, budget in cases:
        e.send("new", level, f"time {centis}", f"otim {centis}", "usermove e2e4")
        lines = []
        t0 = e.last_send = e.send("ping 1")
        e.expect("^pong 1$", budget + 1.0, lines)
        no_error_lines(lines)
        moves = [l for l in lines if l.startswith("move ")]
        check(len(moves) == 1, f"{level}: moves {moves}")
        check(e.last_stamp - t0 <= min(budget, centis / 100) * SLOW, f"{level}: {e.last_stamp - t0:.2f} s")


def test_st_and_sd():
    e = cecp_engine()
    e.send("new", "st 0.3", "go")
    _, t = e.expect_at(r"^move \S+$", 2.0)
    e.send("new", "st 1", "sd 2", "post", "go")
    lines = []
    cecp_move(e, 2.0, lines)
    plies = [int(l.split()[0]) for l in lines if re.match(r"^\d+ -?\d+ \d+ \d+ ", l)]
    check(plies and max(plies) <= 2, f"sd 2 exceeded: {plies}")
    e.send("new", "sd 3", "st 1", "go")  # `new` clears sd; st stays
    cecp_move(e, 3.0)


def test_mate_announced_and_scored():
    e = cecp_engine()
    fen, mate = MATE_IN_ONE
    e.send("new", "force", f"setboard {fen}", "post", "sd 3", "go")
    lines = []
    move = cecp_move(e, 3.0, lines)
    check(move == mate, f"move {move}")
    check(any(re.match(r"^\d+ 100001 ", l) for l in lines), f"no 100001 mate score: {lines}")
    e.expect(r"^1-0 \{White mates\}$", 1.0)


def test_opponent_mates():
    e = cecp_engine()
    e.send("new", "force", "f2f3", "e7e5", "g2g4", "playother", "d8h4")
    e.expect(r"^0-1 \{Black mates\}$", 1.0)
    e.silent(0.3, "^move")


def test_fifty_move_claim():
    e = cecp_engine()
    e.send("new", "force", "setboard 7r/8/3k4/8/8/3K4/8/R7 w - - 99 80", "sd 2", "go")
    cecp_move(e, 3.0)
    e.expect(r"^1/2-1/2 \{Draw by 50-move rule\}$", 1.0)


def test_draw_offers():
    e = cecp_engine()
    e.send("new", "draw")
    e.silent(0.2, "offer draw")  # the start position is not drawn
    e.send("force", "setboard 8/8/3k4/8/8/3K4/8/8 w - - 0 1", "draw")
    e.expect("^offer draw$", 1.0)


def test_analyze_mode():
    e = cecp_engine()
    e.send("new", "post", "analyze")
    e.expect(r"^\d+ -?\d+ \d+ \d+ ", 2.0)
    e.send(".")
    e.expect(r"^stat01: \d+ \d+ \d+ \d+ 20( [a-h][1-8][a-h][1-8][nbrq]?)?$", 1.0)
    e.send("usermove e2e4")
    e.expect(r"^\d+ -?\d+ \d+ \d+ ", 2.0)
    e.send("undo", "e2e4", "e7e5", ".")
    e.expect(r"^stat01: ", 1.0)
    e.send("exit")
    lines = e.silent(0.3, "^(move|Error|Illegal)")
    e.ping(2)
    check(not [l for l in lines if l.startswith("move")], "a move in analyze mode")
    e.send("go")
    move = cecp_move(e, 10.0)
    # After 1.e4 e5 TECH plays 2.Nf3 (from the initial array it would play 1.e4).
    check(move == "g1f3", f"after exit TECH plays on from the analysed position: {move}")


def test_options_memory_cores():
    e = cecp_engine()
    e.send("option Depth=3", "option Style=TECH-modern", "option Clear Hash", "option Move Overhead=20",
           "option E5 Draw Detection=1", "option E5 Repetitions and Fifty Moves=on", "memory 32", "cores 2",
           "computer", "name Opponent", "rating 2000 1800", "random", "ics -", "egtpath syzygy /tmp", "variant normal", "hard", "easy", "post", "nopost")
    lines = e.silent(0.3, "^(?!feature myname=)")  # the name says the new profile
    no_error_lines(lines)
    e.send("new", "go")
    check(MOVE_RE.match(cecp_move(e, 5.0)), "move after options")


def uci_best_move(moves, depth):
    """What UCI's `go depth D` plays after `moves` (the same engine, the same profile)."""
    e = Engine()
    e.uci()
    e.send(f"position startpos moves {' '.join(moves)}".rstrip(), f"go depth {depth}")
    return e.expect(r"^bestmove (\S+)", 10.0).group(1)


def test_hint_without_pondering():
    """`hint` is TECH's 2-ply guess for the side to move (the move it would ponder on), asked
    for without pondering: at the start and after TECH's move, it is what a 2-ply search plays."""
    e = cecp_engine()
    e.send("new", "easy", "hint")
    hint = e.expect(r"^Hint: (\S+)$", 2.0).group(1)
    check(hint == uci_best_move([], 2), f"hint at the start {hint}")
    e.send("sd 3", "usermove e2e4")
    reply = cecp_move(e, 5.0)
    e.send("hint")
    hint = e.expect(r"^Hint: (\S+)$", 2.0).group(1)
    check(hint == uci_best_move(["e2e4", reply], 2), f"hint after 1.e4 {reply}: {hint}")
    e.send("setboard " + MATED, "hint", "ping 1")
    lines = []
    e.expect("^pong 1$", 2.0, lines)
    check(not [l for l in lines if l.startswith("Hint")], f"a hint without a legal move: {lines}")


def test_book_is_the_presort():
    """`bk`: TECH has no book; it shows its pre-sort, each line starting with a blank, then an
    empty line (xboard's book window)."""
    e = cecp_engine()
    e.send("new", "bk")
    lines = []
    e.expect("^$", 2.0, lines)
    check(lines and all(l[:1] in (" ", "\t") for l in lines), f"bk lines must start with a blank: {lines}")
    check("no opening book" in lines[0] and "pre-sort" in lines[0], f"bk says what it is: {lines[0]!r}")
    ranked = [l.split() for l in lines if re.match(r"^\s+\d+\. ", l)]
    check(len(ranked) >= 5 and ranked[0][0] == "1.", f"ranked moves: {lines}")
    check(any("20 moves in all" in l for l in lines), f"the count of moves: {lines}")
    e.send("option Positional Presort=0", "bk")
    lines = []
    e.expect("^$", 2.0, lines)
    check("pre-sort off" in lines[0], f"bk without the pre-sort: {lines[0]!r}")
    e.ping(1)


def test_white_black_and_playother():
    e = cecp_engine()
    e.send("new", "force", "e2e4", "playother", "e7e5")
    move = cecp_move(e, 5.0)
    check(move[1] in "12", f"playother: engine should play White, got {move}")
    e.send("new", "force", "black", "go")
    move = cecp_move(e, 5.0)
    check(move[1] in "78", f"after `black` TECH moves for Black: {move}")


def test_sigint_ignored():
    """TECH announces sigint=0 sigterm=0: SIGINT is ignored either way, SIGTERM once the GUI has
    accepted sigterm=0 (it then ends TECH with quit, not a signal)."""
    e = cecp_engine()
    e.send("accepted sigint", "accepted sigterm", "new", "option Depth=20", "st 5", "go")
    e.silent(0.1, "^move")
    os.kill(e.proc.pid, signal.SIGINT)
    os.kill(e.proc.pid, signal.SIGTERM)
    e.send("?")
    e.expect(r"^move \S+$", 1.0)
    e.ping(4)


def test_sigterm_ends_tech_unless_the_gui_accepted_sigterm_0():
    """Issue 41: a GUI that rejects sigterm=0 (PyChess), or answers nothing about it, ends its
    engine with SIGTERM: TECH must go, not linger as a process nobody reads."""
    for answer in ("rejected sigterm", None):
        e = cecp_engine()
        e.send(*(["accepted sigint"] + ([answer] if answer else [])))
        e.ping(1)
        os.kill(e.proc.pid, signal.SIGINT)
        e.ping(2)
        os.kill(e.proc.pid, signal.SIGTERM)
        try:
            rc = e.proc.wait(timeout=2.0 * SLOW)
        except subprocess.TimeoutExpired:
            raise TestFailure(f"{answer or 'no answer'}: TECH still runs after SIGTERM")
        check(rc == -signal.SIGTERM, f"{answer or 'no answer'}: exit status {rc} after SIGTERM")
        STARTED.remove(e)  # ended by the signal, as it should be: not a crash


def test_quit_while_thinking():
    e = cecp_engine()
    e.send("new", "option Depth=20", "st 30", "go")  # the first search runs at the Depth option
    e.silent(0.3, "^move")
    rc, seconds = e.quit()
    check(rc == 0, f"exit status {rc}")
    check_latency(seconds, 0.1, "the exit after quit")


def test_bad_input_keeps_state():
    e = cecp_engine()
    fen, only = ONLY_MOVE_WHITE
    e.send("new", "force", f"setboard {fen}")
    e.send("x" * 100_000, os.urandom(2048).replace(b"\n", b" ") + b"\n", b"\x00\xff\r\n", "level", "st", "sd",
           "time", "ping notanumber")
    e.drain(0.3)
    check(e.alive(), "engine died")
    e.send("go")
    check(cecp_move(e, 2.0) == only, "state changed by bad input")


def test_analyze_follows_setboard_and_new():
    e = cecp_engine()
    fen, only = ONLY_MOVE_WHITE
    e.send("new", "post", "force", "analyze", f"setboard {fen}")
    e.expect(rf"^\d+ -?\d+ \d+ \d+ {only}", 2.0)
    e.send("new")
    e.expect(r"^1 -?\d+ \d+ \d+ ", 2.0)
    e.send(".")
    e.expect(r"^stat01: \d+ \d+ \d+ \d+ 20( [a-h][1-8][a-h][1-8][nbrq]?)?$", 1.0)
    e.send("exit", "force")
    lines = e.silent(0.3, "^(move|Error|Illegal)")
    check(not [l for l in lines if l.startswith("move")], "a move in analyze mode")


def test_post_shows_tree_statistics():
    """With `post`, each move is followed by docs/SPEC.md §9's statistics as a `#` debug line."""
    e = Engine()
    e.send("xboard", "protover 2")
    e.expect(r"done=1", 2.0)
    e.send("new", "post", "sd 3", "go")
    e.expect(r"^move ", 5.0)
    m = e.expect(r"^# stats depth (\d+) nodes (\d+) nbp (\d+)", 2.0)
    check(int(m.group(1)) == 3 and int(m.group(2)) > int(m.group(3)) > 0, f"stats: {m.group(0)}")


# Win at Chess 1 (tests/data/wac.epd): TECH-1971's depth 5 finds two moves that lose material (in
# its pre-sort's order) before Qg6, which mates.
WAC_001 = "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1"
THINKING_RE = re.compile(r"^(\d+) (-?\d+) \d+ \d+ (.*)$")


def test_thinking_lines_only_for_settled_depths():
    """CECP posts a depth's line once the depth is complete, never a new best move of the depth
    under way, which the rest of the depth may still better (docs/PROTOCOLS.md §3.3): where UCI's
    depth 5 says -430, then -330, then mate, CECP says the mate alone."""
    u = Engine()
    u.uci()
    u.send(f"position fen {WAC_001}", "go depth 5")
    lines = []
    u.expect("^bestmove ", 10.0, lines)
    uci_scores = {re.search(r" score (\w+ -?\d+)", l).group(1) for l in lines if l.startswith("info depth 5 ")}
    check(len(uci_scores) >= 3, f"the position no longer shows several new best moves at depth 5: {lines}")
    e = cecp_engine()
    e.send("new", "force", f"setboard {WAC_001}", "sd 5", "post", "go")
    lines = []
    move = cecp_move(e, 10.0, lines)
    thinking = [THINKING_RE.match(l).groups() for l in lines if THINKING_RE.match(l)]
    # Settled before depth 5: the pre-sort's choice (depth 0, nothing searched) and the depth-2
    # insurance search (issue 41: a slow search shows a true line at once); never a new best
    # move of depth 5 under way.
    check([t[0] for t in thinking] == ["0", "2", "5"] and thinking[-1][1] == "100002"
          and thinking[-1][2].split()[0] == move == "g3g6", f"thinking lines for depth 5: {thinking}, move {move}")
    # TECH-modern deepens: one line per completed depth, in order; a heartbeat may repeat the last
    # one, never change it.
    e.send("new", "option Style=TECH-modern", "force", f"setboard {WAC_001}", "sd 6", "go")
    lines = []
    cecp_move(e, 10.0, lines)
    by_depth = {}
    for depth, score, pv in (THINKING_RE.match(l).groups() for l in lines if THINKING_RE.match(l)):
        by_depth.setdefault(int(depth), set()).add((score, pv))
    depths = [int(THINKING_RE.match(l).group(1)) for l in lines if THINKING_RE.match(l)]
    check(depths == sorted(depths) and all(len(seen) == 1 for seen in by_depth.values()),
          f"TECH-modern's thinking lines: {[l for l in lines if THINKING_RE.match(l)]}")
