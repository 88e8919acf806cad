"""test_quoted_input.py - input quoted back in a refusal is whole, or cut with a visible mark
(issue 51, F4): a reader must never take a cut quote for the whole. Before the fix `position`
quoted a FEN to 60 characters (the issue's FEN lost its final `1`, the cut invisible), and the
other refusals cut their quotes (`%.40s`, `%.24s`, an echo buffer) the same way."""
import re

from harness import Engine, check

MARK = "..."
# The issue's FEN, 71 characters, refused (an en-passant square that cannot be).
ISSUE_FEN = "q1r1krr1/1pp3pp/1r2Q3/4p3/2Pp4/7b/PP4P1/2RNR1KR b KEfq c3 0 1"
LONG_WORD = "x" * 200


def quoted(line, opening, closing):
    """The text between `opening` and `closing` in `line` (None if absent)."""
    m = re.search(re.escape(opening) + "(.*)" + re.escape(closing), line)
    return m.group(1) if m else None


def test_uci_refusals_quote_whole_or_mark_the_cut():
    e = Engine()
    e.uci()
    e.send(f"position fen {ISSUE_FEN}")
    line = e.expect("^info string position: bad FEN").string
    check(quoted(line, "): ", "; position unchanged") == ISSUE_FEN, f"the FEN not whole: {line}")
    cases = (
        (f"position fen {LONG_WORD}", "): ", "; position unchanged"),
        (f"position startpos moves e2e4 {LONG_WORD}", "bad move 2 '", "' ("),
        (f"setoption name {LONG_WORD} value 1", "unknown option '", "'"),
        (f"setoption name Speed value {LONG_WORD}", "not '", "'"),
        (f"setoption name Threads value {LONG_WORD}", "not '", "'"),
        ("go wtime " + "9" * 60 + " btime 1000", "wtime ", " read as"),
        (f"go perft {LONG_WORD}", "depth '", "' is not"),
    )
    for command, opening, closing in cases:
        e.send(command, "stop", "isready")
        lines = []
        e.expect("^readyok$", 3.0, lines)
        said = [l for l in lines if l.startswith("info string") and opening in l]
        check(said, f"{command[:40]}: no refusal in {lines}")
        text = quoted(said[0], opening, closing)
        check(text is not None and text.endswith(MARK), f"{command[:40]}: cut without a mark: {said[0]}")
    e.quit()


def test_cecp_and_console_echoes_mark_the_cut():
    e = Engine()
    e.xboard()
    e.send(f"variant {LONG_WORD}")
    line = e.expect(r"^Error \(unsupported variant\): ").string
    check(line.endswith("x" + MARK), f"cut without a mark: {line}")
    e.quit()
    e = Engine()
    e.send(f"fen {LONG_WORD}")
    line = e.expect("^bad FEN").string
    check(line.endswith("x" + MARK), f"cut without a mark: {line}")
    e.quit()
