"""test_console.py - a person at the terminal: the banner, help, board, perft, positions,
searches, the profile and options, lines typed during a search, the game's end, bench, then a
protocol taking over."""
import os
import pty
import re
import select
import subprocess
import time

from harness import MATED, ONLY_MOVE_WHITE, SLOW, STALEMATE, Engine, check, check_latency, engine_command


def test_banner_first_at_a_terminal_and_on_a_pipe():
    """TECH starts with one line (name, version, profile, `help`): a person at a terminal is
    greeted, and a GUI on a pipe learns that it runs (Scid waits 5 s for an engine's first line
    before it sends `uci`, issue 41); after it, nothing before TECH is asked."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(engine_command(), stdin=slave, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    os.close(slave)
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 2.0 * SLOW)
        banner = proc.stdout.readline().decode() if ready else ""
        os.write(master, b"quit\n")
        proc.wait(timeout=5 * SLOW)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    check(re.match(r"^TECH \S+, profile TECH-1971: .*`help`", banner), f"banner: {banner!r}")
    e = Engine()  # the harness reads the banner from the pipe (harness.BANNER)
    check(re.match(r"^TECH \S+, profile TECH-1971: .*`help`", e.banner), f"banner on a pipe: {e.banner!r}")
    e.silent(0.2)


def test_style_and_options():
    e = Engine()
    e.send("style")
    e.expect("^profile TECH-1971$", 1.0)
    e.send("style modern", "go depth 3")
    e.expect("^profile TECH-modern$", 1.0)
    lines = []
    e.expect(r"^bestmove ", 5.0, lines)
    check([l.split()[1] for l in lines if l.startswith("depth")][:3] == ["1", "2", "3"],
          f"TECH-modern deepens iteratively: {lines}")
    e.send("set E9 Move Ordering false", "set Move Overhead 100", "set Depth 3", "style")
    e.expect("^E9 Move Ordering false$", 1.0)
    e.expect("^Move Overhead 100$", 1.0)
    e.expect("^Depth 3$", 1.0)
    e.expect("^profile TECH-modern, E9 Move Ordering off$", 1.0)
    e.send("set Depth 99", "set Frobnicate 1", "style 1972", "style 1971")
    e.expect("Depth.* 1 to 30", 1.0)
    e.expect("^set: no option 'Frobnicate'", 1.0)
    e.expect("^style: .*1972", 1.0)
    e.expect("^profile TECH-1971$", 1.0)


def test_lines_typed_during_a_search_wait_for_it():
    e = Engine()
    e.send("go infinite")
    e.expect(r"^depth ", 2.0)
    e.send("d", "moves e4")
    e.expect(r"^\(waits for the search to end", 1.0)
    e.silent(0.3, "^(Fen|bestmove)")
    e.send("stop")
    e.expect(r"^bestmove ", 1.0)
    check(" w KQkq " in e.expect(r"^Fen: (.*)$", 1.0).group(1), "d ran after the search, before the move")
    e.send("d")
    check(" b KQkq " in e.expect(r"^Fen: (.*)$", 1.0).group(1), "the queued move was played")
    # A script's lines run in order after each search, to the end of its input.
    f = Engine()
    f.send("go depth 3", "moves e4", "go depth 3", "d")
    f.expect(r"^bestmove ", 5.0)
    f.expect(r"^bestmove ", 5.0)
    check(" b KQkq " in f.expect(r"^Fen: (.*)$", 1.0).group(1), "script order")


def test_game_end_said_plainly():
    e = Engine()
    e.send(f"fen {MATED}", "go depth 2")
    e.expect(r"^game over: checkmate, 1-0 \{White mates\}$", 2.0)
    e.send(f"fen {STALEMATE}", "go depth 2")
    e.expect(r"^game over: stalemate, 1/2-1/2", 2.0)
    e.send("fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "moves a1a8")
    e.expect(r"^game over: checkmate, 1-0", 1.0)


def test_help_and_board():
    e = Engine()
    e.send("help")
    lines = []
    e.expect(r"help \| quit", 1.0, lines)
    check(any("uci | xboard" in l for l in lines), "help does not mention the protocols")
    e.send("d")
    m = e.expect(r"^Fen: (.*)$", 1.0)
    check(m.group(1).startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"), m.group(1))


def test_help_readme_and_manual_name_every_game_command():
    """Issue 41: `help`, the console table of docs/PLAYING.md (the README's until issue 50) and the
    manual page's CONSOLE section each name the commands of a game at the terminal."""
    e = Engine()
    e.send("help")
    lines = []
    e.expect(r"help \| quit", 1.0, lines)
    helped = " ".join(lines)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    with open(os.path.join(root, "docs", "PLAYING.md"), encoding="utf-8") as f:
        guide = re.search(r"^## The console\n(.*?)(?=^## )", f.read(), re.M | re.S).group(1)
    with open(os.path.join(root, "docs", "tech.6"), encoding="utf-8") as f:
        manual = re.search(r"^\.SH CONSOLE\n(.*?)(?=^\.SH )", f.read(), re.M | re.S).group(1)
    for command in ("play", "clock", "board", "undo", "resign", "draw", "save"):
        check(re.search(rf"(^|[ |]){command}\b", helped), f"help does not name `{command}`")
        check(f"| `{command}" in guide, f"docs/PLAYING.md's console table has no row for `{command}`")
        check(re.search(rf"^\.B[IR]? {command}\b", manual, re.M), f"the manual's CONSOLE has no `{command}`")


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
    e.send("stop")
    e.expect(r"^bestmove ", 1.0)
    e.send("frobnicate")
    e.expect("^unknown command 'frobnicate'", 1.0)


def test_bench():
    e = Engine()
    e.send("bench 1")
    e.expect(r"^Total: \d+ nodes", 20.0)
    e.send("bench 1 --style modern")
    e.expect(r"bench: \d+ positions, depth 1, profile TECH-modern", 20.0)
    e.expect(r"^Total: \d+ nodes", 20.0)


def test_bench_runs_like_a_search():
    """Issue 35: `bench` runs on a thread of its own, as `go` and `perft` do: `stop` ends it at once
    (it says how far it got), lines typed meanwhile wait for it, `quit` exits within 100 ms; a
    depth beyond its cap and a bad word are refused on stdout in the console's form."""
    e = Engine()
    e.send("bench 8")
    e.expect(r"bench: \d+ positions, depth 8, profile TECH-1971", 5.0)
    e.send("d")
    e.expect(r"^\(waits for the bench to end; `stop` ends it now\)$", 1.0)
    start = e.send("stop")
    m, stamp = e.expect_at(r"^Bench stopped after (\d+) of (\d+) positions", 1.0)
    check_latency(stamp - start, 0.3, "stop of a bench")
    e.expect(r"^Fen: ", 1.0)  # the line kept behind the bench
    e.send("bench 8")
    e.expect(r"bench: \d+ positions, depth 8, profile TECH-1971", 5.0)
    rc, seconds = e.quit()
    check(rc == 0, f"quit during bench: status {rc}")
    check_latency(seconds, 0.1, "quit during bench")
    # TECH-modern's first search builds the KPK bitbase (E13) once, tens of milliseconds.
    e = Engine()
    e.send("bench 8 --style modern")
    e.expect(r"^ 1 opening: start position .* nodes", 5.0)
    rc, seconds = e.quit()
    check(rc == 0, f"quit during bench --style modern: status {rc}")
    check_latency(seconds, 0.1, "quit during bench --style modern")
    f = Engine()
    for bad, word in (("bench 11", "depth '11'"), ("bench 99", "depth '99'"), ("bench --style baroque", "style"),
                      ("bench 2 x", "depth 'x'"), ("bench --style", "style")):
        f.send(bad)
        line = f.expect(r"^bench .*; usage: bench \[DEPTH 1\.\.10\] \[--style modern\]$", 1.0).string
        check(word in line, f"{bad}: {line}")
    check(not "".join(f.stderr_text), f"bench complained on stderr: {f.stderr_text}")
    f.send("bench 1")
    f.expect(r"^Bench: \d+ nodes", 20.0)


def test_a_stopped_perft_or_bench_says_what_it_counted():
    """Issue 41: a perft or a bench stopped in its first root move or position says how many nodes
    it had counted (the unfinished part included), not "0 nodes"."""
    e = Engine()
    e.send("perft 7")
    time.sleep(0.4)
    e.send("stop")
    m = e.expect(r"^Perft stopped after (\d+) of 20 root moves \((\d+) nodes counted, (\d+) of them in the moves "
                 r"completed\)$", 1.0)
    done, counted, completed = int(m.group(1)), int(m.group(2)), int(m.group(3))
    check(counted > 0 and counted >= completed and (done > 0) == (completed > 0), f"perft stopped: {m.group(0)}")
    e.send("bench 8")
    e.expect(r"bench: \d+ positions, depth 8", 5.0)
    time.sleep(0.4)
    e.send("stop")
    m = e.expect(r"^Bench stopped after (\d+) of 30 positions, (\d+) nodes(?: \((\d+) of them in position (\d+), "
                 r"unfinished\))?$", 1.0)
    check(int(m.group(2)) > 0, f"bench stopped: {m.group(0)}")
    if m.group(3):
        check(0 < int(m.group(3)) <= int(m.group(2)) and int(m.group(4)) == int(m.group(1)) + 1,
              f"bench stopped: {m.group(0)}")


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
