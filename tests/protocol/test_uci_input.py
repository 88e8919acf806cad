"""test_uci_input.py - bad UCI input: the engine answers with `info string`, stays alive and keeps
its state (checked by searching a position whose only legal move is known)."""
import os
import re
import time

from harness import MOVE_RE, ONLY_MOVE_BLACK, ONLY_MOVE_WHITE, Engine, TestFailure, bestmove, check


def start_with_known_position():
    """An engine in UCI mode whose current position has exactly one legal move."""
    e = Engine()
    e.uci()
    e.send(f"position fen {ONLY_MOVE_WHITE[0]}")
    return e


def assert_state_kept(e):
    e.send("go depth 1")
    move, _ = bestmove(e, 2.0)
    check(move == ONLY_MOVE_WHITE[1], f"state changed: bestmove {move}, expected {ONLY_MOVE_WHITE[1]}")
    e.ready()


def expect_info_string(e, lines):
    for line in lines:
        e.send(line)
        e.expect("^info string ", 1.0)


def test_unknown_commands():
    e = start_with_known_position()
    expect_info_string(e, ["hello", "joho debug on", "goo depth 3", "xboard"])
    assert_state_kept(e)


def test_malformed_position():
    e = start_with_known_position()
    expect_info_string(e, ["position", "position startfoo", "position startpos e2e4",
                           "position fen", "position fen moves e2e4"])
    assert_state_kept(e)


def test_bad_fens():
    e = start_with_known_position()
    expect_info_string(e, [
        "position fen garbage",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
        "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        "position fen k7/8/8/8/8/8/8/K6R b - - 0 1 extra",
        "position fen " + "x" * 5000,
    ])
    assert_state_kept(e)


def test_four_field_fen_accepted():
    e = Engine()
    e.uci()
    e.send(f"position fen {' '.join(ONLY_MOVE_BLACK[0].split()[:4])}", "go depth 1")
    move, _ = bestmove(e, 2.0)
    check(move == ONLY_MOVE_BLACK[1], f"bestmove {move}")


def test_illegal_move_in_list():
    e = start_with_known_position()
    expect_info_string(e, ["position startpos moves e2e4 e7e5 e1e3",
                           "position startpos moves e2e5",
                           "position startpos moves e7e5",
                           "position startpos moves e2e4 xyz",
                           "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1",
                           f"position fen {ONLY_MOVE_BLACK[0]} moves a8a7"])
    assert_state_kept(e)


def test_bad_option_values():
    e = start_with_known_position()
    expect_info_string(e, ["setoption name Hash value notanumber",
                           "setoption name Hash value 0",
                           "setoption name Hash value 99999999999999999999",
                           "setoption name Threads value -1",
                           "setoption name Style value TECH-2525",
                           "setoption name Ponder value maybe",
                           "setoption name Depth",
                           "setoption name No Such Option value 1",
                           "setoption value 3",
                           "setoption"])
    assert_state_kept(e)


def test_bad_go_arguments():
    e = start_with_known_position()
    e.send("go depth banana wtime")
    e.expect("^info string ", 1.0)
    move, _ = bestmove(e, 2.0)
    check(move == ONLY_MOVE_WHITE[1], f"bestmove {move}")
    e.send("go searchmoves e2e4 depth 1")
    e.expect("^info string ", 1.0)
    move, _ = bestmove(e, 2.0)
    check(move == ONLY_MOVE_WHITE[1], f"bestmove {move}")


def test_100kb_line():
    e = start_with_known_position()
    e.send("x" * 100_000)
    e.expect("^info string ", 2.0)
    e.send("position startpos moves " + "e2e4 " * 20_000)
    e.expect("^info string ", 2.0)
    e.send("setoption name " + "Hash " * 20_000 + "value 1")
    e.expect("^info string ", 2.0)
    assert_state_kept(e)


def test_garbage_bytes():
    e = start_with_known_position()
    e.send(os.urandom(4096).replace(b"\n", b" ") + b"\n", b"\x00\x00\xff\xfe\r\n", b"\x1b[A\x7f\n", b"\r\n", b"\n")
    e.drain(0.2)
    check(e.alive(), "engine died on garbage bytes")
    assert_state_kept(e)


def test_input_mid_search():
    e = Engine()
    e.uci()
    e.send("position startpos moves e2e4", "go infinite")
    e.silent(0.2, "^bestmove")
    e.send("hello", "x" * 100_000, "position fen garbage", "setoption name Hash value 8", "debug on",
           f"position fen {ONLY_MOVE_WHITE[0]}", "isready")
    e.expect("^readyok$", 1.0)
    e.silent(0.2, "^bestmove")
    e.send("stop")
    move, _ = bestmove(e, 1.0)
    check(MOVE_RE.match(move) and move[1] in "78", f"bestmove {move} is not Black's in the searched position")
    assert_state_kept(e)  # the position set mid-search holds


def test_line_without_final_newline():
    e = Engine()
    e.send("uci\nisready")
    e.expect("^uciok$")
    e.proc.stdin.close()
    e.expect("^readyok$", 1.0)
    check(e.proc.wait(timeout=2.0) == 0, "exit status at end of input")


def test_line_ends_cut_between_reads_lose_nothing():
    """Every line end a GUI on any system sends (LF, CR, CRLF), each cut between two reads of the
    pipe as well as whole, a Ctrl-Z byte (the end of input to a Windows text-mode reader, here
    an ordinary byte) and a megabyte line ended by CRLF, all while a search runs: each isready
    is answered once, the position set among them holds, and a last line without its line end
    is still read before the end of input."""
    e = Engine()
    e.uci()
    e.send("position startpos moves e2e4", "go infinite")
    e.silent(0.1, "^bestmove")
    pieces = [b"isready\n", b"isready\r", b"\n", b"isready\r\n", b"isready\r", b"isready\r", b"\nisre",
              b"ady\n\x1a\r\n", b"x" * (1 << 20) + b"\r", b"\n", b"position fen " + ONLY_MOVE_WHITE[0].encode() + b"\r",
              b"\nisready\r\n"]
    asked = sum(p.count(b"isready") for p in pieces) + 1  # and the cut "isre" + "ady"
    for piece in pieces:
        e.send(piece)
        time.sleep(0.02)  # one read each
    lines = []
    for _ in range(asked):
        e.expect("^readyok$", 5.0, lines)
    check(not [l for l in lines if l.startswith("bestmove")], f"the search ended: {lines}")
    e.send("stop")
    bestmove(e, 2.0)
    e.send("go depth 1")
    move, _ = bestmove(e, 2.0)
    check(move == ONLY_MOVE_WHITE[1], f"the position set among the lines was lost: bestmove {move}")
    e.send(b"isready")
    e.proc.stdin.close()
    e.expect("^readyok$", 2.0)
    check(e.proc.wait(timeout=2.0) == 0, "exit status at end of input")
    try:
        while True:
            e.next_line(0.2)  # whatever came after, into the transcript
    except TestFailure:
        pass
    answers = sum(line == "<< readyok" for line in e.transcript)
    check(answers == asked + 1, f"{answers} readyok for {asked + 1} isready")


def test_go_perft():
    """`go perft D` answers like `tech divide D`: a line per root move, then the total."""
    e = Engine()
    e.uci()
    e.send("position startpos moves e2e4", "go perft 2")
    lines = []
    m = e.expect(r"^Nodes searched: (\d+)", 5.0, lines)
    moves = [l for l in lines if re.match(r"^[a-h][1-8][a-h][1-8][qrbn]?: \d+$", l)]
    check(m.group(1) == "600" and len(moves) == 20, f"go perft 2 after 1.e4: {lines}")
    e.send("go perft 0")
    e.expect(r"^info string go perft: depth", 1.0)


def test_debug_prints_tree_statistics():
    """With `debug on` every search ends with docs/SPEC.md §9's statistics as an info string."""
    e = Engine()
    e.uci()
    e.send("debug on", "position startpos", "go depth 4")
    m = e.expect(r"^info string stats depth (\d+) nodes (\d+) nbp (\d+) full-generations (\d+)"
                 r" capture-generations (\d+) makes (\d+)", 5.0)
    depth, nodes, nbp, full, captures, makes = (int(x) for x in m.groups())
    check(depth == 4 and nodes > nbp > 0 and full > 0 and captures > 0 and makes > 0, f"stats: {m.group(0)}")
    e.expect(r"^bestmove ", 5.0)


def test_end_of_input_gives_the_running_search_its_bestmove():
    """`printf 'uci\\nposition startpos\\ngo depth 5\\n' | tech` prints the bestmove before exiting,
    as Stockfish does; an infinite search is stopped and answers too."""
    for go in ("go depth 5", "go infinite"):
        e = Engine()
        e.send("uci", "position startpos", go)
        e.proc.stdin.close()
        e.expect(r"^bestmove [a-h][1-8][a-h][1-8]", 10.0)
        check(e.proc.wait(timeout=5) == 0, f"{go}: exit status {e.proc.returncode}")
