"""test_piped_perft.py - `go perft` in a script (issue 51, F3): perft checkers written for Stockfish
pipe `position` and `go perft` pairs and read the counts back, so each `go perft` must print its
count before the next line is acted on, and `isready` must be answered after the counts. Before
the fix the next line stopped the perft (`Perft stopped after 0 of 20 root moves`) and `readyok`
came first. `stop` and `quit` still end a perft at once."""
import time

from harness import Engine, check

# Stockfish 15.1's perft counts: from the initial array, and after 1.e4.
PAIRS = (("startpos", 5, 4865609), ("startpos moves e2e4", 4, 405385), ("startpos", 3, 8902))
# A perft too long to finish within the test: what `stop` and `quit` must cut.
LONG_PERFT = 8


def test_piped_pairs_print_every_count_in_order_then_readyok():
    e = Engine()
    e.send("uci")
    for position, depth, _ in PAIRS:
        e.send(f"position {position}", f"go perft {depth}")
    e.send("isready")
    lines = []
    e.expect("^readyok$", 30.0, lines)
    counts = [int(l.split(": ")[1]) for l in lines if l.startswith("Nodes searched: ")]
    check(counts == [count for _, _, count in PAIRS], f"counts {counts}")
    check(not any("stopped" in l for l in lines), "a perft was stopped by the line after it")
    e.quit()


def test_stop_ends_a_perft_at_once_and_the_lines_behind_it_follow():
    e = Engine()
    e.uci()
    e.send("position startpos", f"go perft {LONG_PERFT}", "isready", "position startpos moves e2e4", "go perft 1")
    time.sleep(0.2)
    sent = time.monotonic()
    e.send("stop")
    lines = []
    e.expect(r"^Perft stopped after", 2.0, lines)
    e.expect("^readyok$", 2.0, lines)
    check(int(e.expect(r"^Nodes searched: (\d+)$", 2.0, lines).group(1)) == 20, "the held perft 1 did not print its count")
    check(time.monotonic() - sent < 2.0, "stop waited")
    e.quit()


def test_quit_ends_a_perft_at_once():
    e = Engine()
    e.uci()
    e.send("position startpos", f"go perft {LONG_PERFT}", "isready")
    time.sleep(0.2)
    e.quit(timeout=2.0)
