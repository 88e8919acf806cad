"""test_strict_numbers.py - every number a command carries is read whole or refused whole (issue
35): hexadecimal, exponents, infinities and NaNs, trailing words, and numbers below what a command
takes get the protocol's own refusal (CECP `Error (...): cmd`, UCI and the console an `info
string` or a line of their own), nothing changes and the game goes on. Numbers above a range
still saturate (test_limits.py)."""
import re
import time

from harness import SLOW, Engine, check

# CECP lines that each must be refused; after them TECH still has `st 0.5` and `sd 2`.
CECP_MALFORMED = [
    "nps 1 2", "nps 0x10", "nps 1e3",
    "st -1", "st 0", "st -0.5", "st 0x10", "st inf", "st nan", "st 1e1", "st .", "st 5 5",
    "level 40 5 -3", "level -1 5 0", "level 40 -5 0", "level 40 0x5 0", "level 40 5 0 9", "level 40 5:xx 0",
    "level 40 inf 0", "level 40 5 nan", "level 40 5", "level 40 5: 0", "level 40 1e1 0",
    "sd 0", "sd -5", "sd 3 4", "sd 0x3", "sd 2.5",
    "time 100 200", "time 1e3", "time 0x10", "otim 12.5", "otim inf",
    "memory 0", "memory -5", "memory 16 x", "memory 0x10", "cores 0", "cores 2 x", "cores +inf",
    "ping 1 2", "ping 0x10",
    "option Speed=x0x10", "option Speed=xinf", "option Speed=x1e3", "option Speed=0x7B9",
    "option Depth=0x5", "option Depth= 5", "option Move Overhead=5e1", "option MultiPV=2.0",
]


def test_cecp_malformed_numbers_are_refused_whole():
    e = Engine()
    e.xboard()
    e.send("new", "st 0.5", "sd 2", "post")
    for line in CECP_MALFORMED:
        e.send(line)
        e.expect(rf"^Error \([^)]+\): {re.escape(line)}$", 2.0)
    e.ping(1)
    # Nothing changed: `st 0.5` and `sd 2` still hold, and the game goes on.
    start = e.send("force", "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "go")
    lines = []
    e.expect(r"^move \S+$", 3.0, lines)
    elapsed = e.last_stamp - start
    plies = [int(l.split()[0]) for l in lines if re.match(r"^\d+ -?\d+ \d+ \d+ ", l)]
    check(plies and max(plies) <= 2, f"sd 2 was lost: plies {plies}")
    check(elapsed <= 0.5 * SLOW + 0.5, f"st 0.5 was lost: the move took {elapsed:.2f} s")
    e.send("usermove e7e5")
    e.expect(r"^move \S+$", 3.0)
    e.quit()


def test_cecp_well_formed_numbers_still_read():
    """The plain forms GUIs send: fractions, m:ss, a sign, numbers beyond a range (saturated)."""
    e = Engine()
    e.xboard()
    for line in ("st 0.25", "st 2", "level 40 0:30 0.5", "level 0 1.5 0", "level 40 5 0", "sd 99", "time -100",
                 "otim +300", "cores 99", "cores 1", "nps 5000", "nps 999999999999", "ping -7",
                 "option Speed=x12.5", "option Speed=1985.5", "option Speed=native", "option Depth=+5"):
        e.send(line)
    e.send("ping 2")
    lines = []
    e.expect("^pong 2$", 2.0, lines)
    check(not [l for l in lines if l.startswith("Error")], f"a well-formed number was refused: {lines}")
    e.quit()


def test_uci_malformed_option_numbers_are_refused():
    e = Engine()
    e.uci()
    for line in ("setoption name Speed value x0x10", "setoption name Speed value xinf", "setoption name Speed value x1e3",
                 "setoption name Speed value 0x7B9", "setoption name Speed value xnan",
                 "setoption name Move Overhead value 0x10", "setoption name Depth value 5.0",
                 "setoption name MultiPV value 1e1"):
        e.send(line)
        e.expect(r"^info string option '[^']+' (takes|has)", 2.0)
    # Speed stays native: a depth-4 search is over at once, not paced.
    e.send("position startpos", "go depth 4")
    e.expect(r"^bestmove \S+", 2.0)
    e.quit()


def test_console_malformed_numbers_are_refused():
    e = Engine()
    for line, answer in (("perft 3 x", "^usage: perft"), ("perft 0x3", "^usage: perft"), ("perft +inf", "^usage: perft"),
                         ("go movetime 0x10", "^go: cannot read"), ("go depth 2.5", "^go: cannot read"),
                         ("bench 2 x", "^bench depth 'x'"), ("bench 0x2", "^bench depth '0x2'"),
                         ("set Speed x0x10", "Speed.*not 'x0x10'")):
        e.send(line)
        e.expect(answer, 2.0)
    e.send("perft 2")
    check(e.expect(r"^Nodes searched: (\d+)", 5.0).group(1) == "400", "the console goes on")
    start = time.monotonic()
    e.quit()
    check(time.monotonic() - start < 2.0 * SLOW, "quit")
