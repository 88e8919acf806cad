"""test_console.py - a person at the terminal: help, board, perft, positions, searches, bench,
then a protocol taking over."""
import re

from harness import ONLY_MOVE_WHITE, Engine, check


def test_help_and_board():
    e = Engine()
    e.send("help")
    lines = []
    e.expect(r"help \| quit", 1.0, lines)
    check(any("uci | xboard" in l for l in lines), "help does not mention the protocols")
    e.send("d")
    m = e.expect(r"^Fen: (.*)$", 1.0)
    check(m.group(1).startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"), m.group(1))


def test_perft_and_divide():
    e = Engine()
    e.send("perft 3")
    check(e.expect(r"^Nodes searched: (\d+)", 5.0).group(1) == "8902", "perft 3 of the start position")
    e.send("moves e4 e7e5", "divide 1")
    lines = []
    m = e.expect(r"^Nodes searched: (\d+)", 2.0, lines)
    moves = [l for l in lines if re.match(r"^[a-h][1-8][a-h][1-8][qrbn]?: \d+$", l)]
    check(m.group(1) == "29" and len(moves) == 29, f"divide 1 after 1.e4 e5: {lines}")
    e.expect(r"^Time: ", 1.0)
    e.send("perft 99", "perft")
    e.expect("^usage: perft", 1.0)
    e.expect("^usage: perft", 1.0)


def test_positions_and_search():
    e = Engine()
    fen, only = ONLY_MOVE_WHITE
    e.send(f"fen {fen}", "go depth 2")
    check(e.expect(r"^bestmove (\S+)", 2.0).group(1) == only, "console search")
    e.send("fen nonsense")
    e.expect("bad FEN", 1.0)
    e.send("new", "moves e4 e5 Nf3 Nc6 Bb5 xx", "d")
    e.expect("xx: ", 1.0)
    m = e.expect(r"^Fen: (.*)$", 1.0)
    check(" b KQkq - " in m.group(1), f"moves before the bad one were kept: {m.group(1)}")
    e.send("undo", "go infinite")
    e.expect(r"^depth ", 2.0)
    e.send("d")
    e.expect("searching; `stop` first", 1.0)
    e.send("stop")
    e.expect(r"^bestmove ", 1.0)
    e.send("frobnicate")
    e.expect("^unknown command 'frobnicate'", 1.0)


def test_bench():
    e = Engine()
    e.send("bench 1")
    e.expect(r"^Total: \d+ nodes", 20.0)


def test_protocol_takes_over():
    e = Engine()
    e.send("moves e4", "uci")
    e.expect("^uciok$", 1.0)
    e.send("d")
    e.expect("^info string unknown command", 1.0)
    e.send("position startpos", "go depth 5")
    check(e.expect(r"^bestmove (\S+)", 5.0).group(1) == "e2e4", "UCI starts from its own position")
    f = Engine()
    f.send("help", "xboard", "protover 2")
    f.expect("^feature .*done=1", 1.0)
    f.send("d")
    f.expect(r"^Error \(unknown command\): d$", 1.0)
