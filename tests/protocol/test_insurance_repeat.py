"""test_insurance_repeat.py - short searches back to back (issue 51, F2): the second of two
`go movetime 1` in a row finds the table full of the first one's work, so its insurance search
ends in a few dozen nodes and its main search gets part of its first depth done before the clock
runs out. Every such search must still complete the 2-ply insurance search, and its last line
before `bestmove` must name a depth that was completed, the one `stats` gives, with the move
played first in its line. Before the fix the last line named the depth cut part-way (`info depth
5 ... pv e2e4 ...` over `stats depth 0`), in up to 7 runs of 30."""
import re

from harness import Engine, check

# The four sequences of the issue: what comes before the second `go movetime 1`.
FIRST_SEARCHES = (
    "go movetime 1",
    "go mate 5 movetime 1",
    "go wtime 1000 btime 1000 winc 10 binc 10 mate 5 movetime 0",
    "go wtime 20 btime 20",
)
RUNS = 30


def search_agrees(e, go):
    """Run `go` to its bestmove; a message when its last info line and its stats disagree with
    the move played or with each other, or name less than the insurance search's depth 2."""
    e.send(go)
    lines = []
    best = e.expect(r"^bestmove (\S+)", 5.0, lines).group(1)
    infos = [l for l in lines if re.match(r"^info depth \d+ seldepth ", l)]
    stats = [l for l in lines if l.startswith("info string stats depth ")]
    if not infos or not stats:
        return f"{go}: no info line or no stats in {lines}"
    line_depth = int(infos[-1].split()[2])
    line_move = infos[-1].split(" pv ")[1].split()[0]
    stats_depth = int(stats[-1].split()[4])
    if line_depth != stats_depth or line_move != best or stats_depth < 2:
        return f"{go}: '{infos[-1]}', '{stats[-1][:32]}', bestmove {best}"
    return None


def test_back_to_back_short_searches_report_completed_depths():
    faults = []
    for first in FIRST_SEARCHES:
        e = Engine()
        e.uci()
        e.send("debug on")
        for _ in range(RUNS):
            e.send("ucinewgame", "position startpos")
            e.ready()
            for go in (first, "go movetime 1"):
                fault = search_agrees(e, go)
                if fault:
                    faults.append(fault)
        e.quit()
    check(not faults, f"{len(faults)} of {RUNS * 2 * len(FIRST_SEARCHES)} searches: {faults[:4]}")
