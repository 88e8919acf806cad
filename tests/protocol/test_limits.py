"""test_limits.py - input at the real limits, as a hostile GUI sends it (each a defect once found): the
largest numbers a protocol line can carry, games of thousands of reversible plies, a Hash that
cannot be had, a perft that must stay interruptible, exits that leave no thread behind, a new
game after the largest table."""
import os
import re
import resource
import time

from harness import MOVE_RE, SLOW, WRAPPER, Engine, bestmove, cecp_move, check, check_latency

INT64_MAX = "9223372036854775807"
INT64_MIN = "-9223372036854775808"
TOO_MANY_DIGITS = "99999999999999999999999999"
STYLES = ("TECH-1971", "TECH-modern")
# Far past the undo stack (1,168 entries) and the 1,200 plies that crashed TECH.
LONG_GAME_PLIES = 5000
SANITIZED = bool(re.search(r"(asan|tsan)", os.environ.get("TECH_BINARY", "")))
# A Hash size no engine of these tests can have: the memory limit below is smaller.
HUGE_HASH_MB = 4096
MEMORY_LIMIT_MB = 1024
# Under a wrapper (Wine), the wrapper's own reservations come on top: Wine takes about 1.7 GB of
# address space before the engine starts, and starts at no limit below about 2 GB.
WRAPPER_MEMORY_MB = 2048


def uci_engine(style="TECH-1971", threads=1):
    e = Engine()
    e.uci()
    e.send(f"setoption name Style value {style}", f"setoption name Threads value {threads}")
    e.ready()
    return e


def memory_limited_engine():
    """An engine that cannot have more than MEMORY_LIMIT_MB of memory: an address-space limit
    (ulimit -v) for plain builds; the sanitizers' own allocation cap for sanitizer builds, whose
    shadow memory needs terabytes of address space."""
    if SANITIZED:
        cap = f"allocator_may_return_null=1:max_allocation_size_mb={MEMORY_LIMIT_MB}"
        env = {name: (os.environ.get(name, "") + ":" + cap).lstrip(":") for name in ("ASAN_OPTIONS", "TSAN_OPTIONS")}
        return Engine(env_extra=env)
    limit = (MEMORY_LIMIT_MB + (WRAPPER_MEMORY_MB if WRAPPER else 0)) * 1024 * 1024
    return Engine(preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)))


def lines_until(e, pattern, timeout=2.0):
    """The lines before the first one matching `pattern` (which is consumed)."""
    seen = []
    e.expect(pattern, timeout, seen)
    return seen


# 1. Huge numbers.

def test_huge_go_numbers_are_saturated():
    """Every `go` number up to 64 bits and beyond, negative and garbage, in both profiles: the
    engine answers isready, searches as asked and stays alive (the sanitizer builds fail on any
    overflow)."""
    finite = [f"go wtime 1000 btime 1000 winc {INT64_MAX} binc {INT64_MAX}",
              f"go wtime {INT64_MIN} btime {INT64_MIN} winc {INT64_MIN} binc -1",
              f"go wtime {TOO_MANY_DIGITS} btime 10 movestogo -5",
              f"go movetime {INT64_MIN}", "go movetime 0", f"go depth {INT64_MAX} nodes 2000",
              f"go nodes {TOO_MANY_DIGITS} movetime 200", f"go mate {INT64_MAX} movetime 200",
              "go wtime 12abc btime 0x10 winc +5 depth 2", f"go depth {INT64_MIN}",
              "go wtime 5e3 btime 1000 depth 3"]
    for style in STYLES:
        e = uci_engine(style)
        for go in finite:
            e.send("position startpos moves e2e4", go, "isready")
            answers = {}
            while len(answers) < 2:  # readyok and the bestmove, in either order
                m = e.expect(r"^(readyok|bestmove (\S+))", 5.0)
                answers[m.group(1).split()[0]] = m.group(2)
            move = answers["bestmove"]
            check(MOVE_RE.match(move) and move[1] in "78", f"{style}, {go}: bestmove {move}")
        # A century per move. A deadline that wrapped into the past stopped the search at once;
        # now TECH-modern thinks until stopped, and TECH-1971's depth rule plays its depth.
        for go in (f"go movetime {INT64_MAX}", f"go wtime {INT64_MAX} btime {INT64_MAX} winc {INT64_MAX}",
                   f"go wtime {INT64_MAX} btime {INT64_MAX} movestogo {INT64_MAX}", f"go movetime {TOO_MANY_DIGITS}"):
            e.send("ucinewgame", "position startpos", go)
            lines = []
            if style == "TECH-modern":
                e.silent(0.4, "^bestmove")
                e.ready()
                e.send("stop")
            move, _ = bestmove(e, 10.0, lines)
            depths = [int(m.group(1)) for m in (re.match(r"^info depth (\d+) ", l) for l in lines) if m]
            deep_enough = style == "TECH-modern" or (depths and max(depths) >= 5)  # modern: thought until stopped
            check(MOVE_RE.match(move) and deep_enough, f"{style}, {go}: bestmove {move}, depths {depths}")
        e.quit()


def test_huge_cecp_numbers_are_saturated():
    """CECP's clock commands (`time`, `otim` in centiseconds, `level`, `st`, `sd`) and `ping` at
    and beyond 64 bits: no error for a well-formed number however large (a malformed or negative
    one is refused: test_strict_numbers.py), the pong echoes it, the game goes on."""
    e = Engine()
    e.xboard()
    e.send("new", f"time {INT64_MAX}", f"otim {INT64_MIN}", f"level {INT64_MAX} {INT64_MAX} {INT64_MAX}",
           f"level 40 {TOO_MANY_DIGITS}:{TOO_MANY_DIGITS} {TOO_MANY_DIGITS}.5", f"sd {INT64_MAX}",
           f"sd {TOO_MANY_DIGITS}", f"st {INT64_MAX}", f"st {TOO_MANY_DIGITS * 20}.5", f"time {TOO_MANY_DIGITS}",
           f"ping {INT64_MAX}")
    lines = lines_until(e, f"^pong {INT64_MAX}$")
    check(not [l for l in lines if l.startswith("Error")], f"a number was refused: {lines}")
    e.send(f"ping {INT64_MIN}")
    e.expect(f"^pong {INT64_MIN}$")
    e.send("new", "level 0 1 0", f"time {INT64_MAX}", "otim 100", "usermove e2e4")  # new: sd cleared
    check(MOVE_RE.match(cecp_move(e, 5.0)), "no move with a century on the clock")
    e.send("st 0.2", "usermove d2d4")
    check(MOVE_RE.match(cecp_move(e, 3.0)), "no move at st 0.2")
    e.send("option Style=TECH-modern", f"st {INT64_MAX}", "usermove g1f3")  # modern: thinks to the limit
    e.silent(0.4, "^move")  # a century per move: thinking
    e.send("?")
    check(MOVE_RE.match(cecp_move(e, 2.0)), "no move after ?")
    e.send("time soon", "st x", "sd deep", "ping 1.5")
    for _ in range(4):
        e.expect(r"^Error \(bad (time|depth|ping)\)", 1.0)
    e.ping(9)
    e.quit()


# 2. Long reversible games.

def shuffle(plies):
    moves = ("g1f3", "g8f6", "f3g1", "f6g8")
    return " ".join(moves[i % 4] for i in range(plies))


def test_long_reversible_game_uci():
    """`position startpos moves` with 5,000 plies of knight shuffles (no capture, no pawn move):
    each profile searches the position; a pawn move after them clears the history."""
    for style in STYLES:
        e = uci_engine(style)
        e.send(f"position startpos moves {shuffle(LONG_GAME_PLIES)}", "go depth 3")
        move, _ = bestmove(e, 10.0)
        check(MOVE_RE.match(move) and move[1] in "12", f"{style}: bestmove {move} is not White's")
        e.send(f"position startpos moves {shuffle(LONG_GAME_PLIES + 1)} e7e5", "go nodes 5000")
        move, _ = bestmove(e, 10.0)
        check(move in ("f3e5", "f3g5", "f3h4", "f3d4", "f3g1") or move[1] == "2" or move in ("e1e2", "d1e2", "f1e2"),
              f"{style}: bestmove {move} is not White's after 1...e5")
        e.send(f"position startpos moves {shuffle(LONG_GAME_PLIES)}", "go ponder wtime 1000 btime 1000")
        e.silent(0.2, "^bestmove")
        e.send("ponderhit")
        bestmove(e, 3.0)
        e.ready()
        e.quit()


def test_long_reversible_game_cecp_force_mode():
    """5,000 `usermove`s in force mode, then TECH plays, takes back and plays on."""
    e = Engine()
    e.xboard()
    e.send("new", "force")
    moves = shuffle(LONG_GAME_PLIES).split()
    for i in range(0, len(moves), 500):
        e.send(*[f"usermove {m}" for m in moves[i:i + 500]])
        e.ping(i + 1, 10.0)
    e.send("st 0.2", "go")
    lines = []
    move = cecp_move(e, 5.0, lines)
    check(move[1] in "12", f"move {move} is not White's")
    check(not [l for l in lines if l.startswith(("Illegal", "Error"))], f"a move was refused: {lines}")
    e.send("force", "undo", "remove", "usermove g1f3", "usermove g8f6", "hard", "go")
    cecp_move(e, 5.0)
    e.ping(99, 5.0)
    e.quit()


# 3. Hash that cannot be had.

def test_failed_hash_allocation_does_not_stick():
    """A Hash size without memory is reported once; the setting goes back to the table in use, so
    later options (Style, Threads, Clear Hash, isready, new games) neither retry nor report it."""
    e = memory_limited_engine()
    e.uci()
    e.send(f"setoption name Hash value {HUGE_HASH_MB}", "isready")
    lines = lines_until(e, "^readyok$", 5.0)
    check(any(re.match(rf"info string no memory for a {HUGE_HASH_MB} MB table; Hash stays 16 MB", l) for l in lines),
          f"no report of the failure: {lines}")
    e.send("setoption name Style value TECH-modern", "setoption name Threads value 2", "setoption name Clear Hash",
           "setoption name Hash value 16", "ucinewgame", "isready")
    lines = lines_until(e, "^readyok$", 5.0)
    check(not lines, f"later commands reported something: {lines}")
    e.send("position startpos", "go depth 4")
    bestmove(e, 10.0)
    e.send("setoption name Hash value 64", "isready")  # a size that fits is applied silently
    check(not lines_until(e, "^readyok$", 5.0), "Hash 64 was refused")
    e.quit()


def test_hash_change_during_a_search_is_reported():
    """A Hash size set while TECH searches takes effect when the search is over: said at once,
    and a failure then is reported at the next isready (not silently dropped)."""
    e = memory_limited_engine()
    e.uci()
    e.send("setoption name Style value TECH-modern", "position startpos", "go infinite")
    e.silent(0.2, "^bestmove")
    e.send(f"setoption name Hash value {HUGE_HASH_MB}")
    e.expect(rf"^info string Hash {HUGE_HASH_MB} MB takes effect when the search has ended$", 2.0)
    e.send("stop")
    bestmove(e, 2.0)
    e.send("isready")
    lines = lines_until(e, "^readyok$", 5.0)
    check(any(l.startswith(f"info string no memory for a {HUGE_HASH_MB} MB table") for l in lines),
          f"the failed resize went unreported: {lines}")
    e.send("go infinite")
    e.silent(0.2, "^bestmove")
    e.send("setoption name Hash value 32", "stop")
    bestmove(e, 2.0)
    e.send("isready")
    lines = lines_until(e, "^readyok$", 5.0)
    check(not [l for l in lines if "no memory" in l], f"Hash 32 failed: {lines}")
    e.quit()


def test_cecp_reports_only_real_failures():
    """CECP: `memory` beyond what can be had gives one Error; options that took effect give
    none; a memory beyond the Hash range is read as its maximum."""
    e = memory_limited_engine()
    e.xboard()
    e.send(f"memory {HUGE_HASH_MB}", "ping 1")
    lines = lines_until(e, "^pong 1$", 5.0)
    check(len(lines) == 1 and re.match(r"^Error \(no memory for a \d+ MB table; Hash stays 16 MB\): memory", lines[0]),
          f"expected one no-memory Error: {lines}")
    check("llegal" not in lines[0], "an Error that xboard would read as a move rejection")
    e.send("option Style=TECH-modern", "cores 2", "option Clear Hash", "memory 64", "new", "ping 2")
    lines = [l for l in lines_until(e, "^pong 2$", 5.0) if not l.startswith("feature myname=")]  # the new profile
    check(not lines, f"options that took effect were answered: {lines}")
    e.send(f"memory {INT64_MAX}", "ping 3")
    lines = lines_until(e, "^pong 3$", 5.0)
    check(len(lines) == 1 and "no memory for a 4096 MB table" in lines[0], f"memory {INT64_MAX}: {lines}")
    e.send("st 0.2", "go")
    cecp_move(e, 3.0)
    e.quit()


def test_largest_hash_then_new_game_is_fast():
    """Hash at its maximum: allocated at once (fresh pages cost nothing until used), and the new
    game right after it clears no memory that is already zero; after a search the table is
    cleared without writing every page."""
    if SANITIZED:
        return  # 4 GB under a sanitizer's allocator says nothing more than the plain build does
    e = Engine()
    e.uci()
    e.send("setoption name Style value TECH-modern", f"setoption name Hash value {HUGE_HASH_MB}")
    t0 = e.send("isready")
    _, t1 = e.expect_at("^readyok$", 10.0)
    check_latency(t1 - t0, 1.0, f"setting Hash {HUGE_HASH_MB}")
    t0 = e.send("ucinewgame", "isready")
    _, t1 = e.expect_at("^readyok$", 20.0)
    check_latency(t1 - t0, 0.5, f"ucinewgame after Hash {HUGE_HASH_MB}")
    e.send("position startpos", "go depth 5")
    bestmove(e, 10.0)
    t0 = e.send("ucinewgame", "isready")
    _, t1 = e.expect_at("^readyok$", 20.0)
    check_latency(t1 - t0, 0.5, f"ucinewgame after a search with Hash {HUGE_HASH_MB}")
    e.quit()


def test_most_threads_search_answer_and_quit():
    """Threads at its maximum (64) in TECH-modern: a search with every helper answers isready at
    once, plays a legal move, searches again after a new game, and quits promptly with every
    thread joined."""
    e = uci_engine("TECH-modern", threads=64)
    e.send("position startpos moves e2e4", "go movetime 700")
    e.silent(0.2, "^bestmove")
    t0 = e.send("isready")
    _, t1 = e.expect_at("^readyok$", 2.0)
    check_latency(t1 - t0, 0.5, "isready during a 64-thread search")
    move, _ = bestmove(e, 5.0)
    check(MOVE_RE.match(move) and move[1] in "78", f"bestmove {move}")
    e.send("ucinewgame", "position startpos", "go infinite")
    e.silent(0.3, "^bestmove")
    rc, seconds = e.quit()
    check(rc == 0, f"exit status {rc}")
    check_latency(seconds, 1.0, "quit of a 64-thread search")


# 4. perft runs like a search.

def test_go_perft_is_interruptible():
    """`go perft 9` (hours of counting) ends at once on stop or quit; the lines after it, isready
    and go among them, wait for its count (issue 51: a piped script gets every count)."""
    e = Engine()
    e.uci()
    e.send("position startpos", "go perft 9")
    time.sleep(0.2)
    e.send("isready")
    e.silent(0.3, "^readyok$")
    t0 = e.send("stop")
    _, t1 = e.expect_at(r"^Perft stopped after \d+ of 20 root moves", 1.0)
    check_latency(t1 - t0, 0.2, "stop of a perft")
    e.expect("^readyok$", 1.0)
    e.send("go perft 9")
    time.sleep(0.1)
    e.send("go depth 2")  # waits behind the perft; the stop ends both
    e.silent(0.2, "^bestmove")
    e.send("stop")
    e.expect(r"^Perft stopped", 1.0)
    bestmove(e, 3.0)
    e.send("go perft 3")
    e.expect(r"^Nodes searched: 8902$", 3.0)
    e.send("go perft 9")
    time.sleep(0.1)
    rc, seconds = e.quit()
    check(rc == 0, f"quit during perft: status {rc}")
    check_latency(seconds, 0.5, "quit during perft")


def test_console_perft_is_interruptible():
    """The console's perft: commands typed meanwhile wait for it (a script's order holds), each
    told so as a bench's and a search's are, `stop` ends it, `quit` too."""
    e = Engine()
    e.send("perft 9")
    time.sleep(0.1)
    e.send("moves e4", "divide 1")
    for _ in range(2):
        e.expect(r"^\(waits for the perft to end; `stop` ends it now\)$", 1.0)
    e.silent(0.3)  # they wait for the perft
    e.send("stop")
    e.expect(r"^Perft stopped", 1.0)
    lines = []
    e.expect(r"^Nodes searched: 20$", 2.0, lines)  # Black's 20 replies: `moves e4` ran first
    e.send("perft 3", "moves d5", "divide 1")
    e.expect(r"^Nodes searched: 13160$", 2.0)  # perft 3 after 1.e4
    e.expect(r"^Nodes searched: 31$", 2.0)  # White's moves after 1.e4 d5
    e.send("perft 9")
    rc, _ = e.quit()
    check(rc == 0, f"exit status {rc}")
    e = Engine()  # end of input: the perft and the commands after it complete
    e.send("perft 4", "moves e4", "perft 1")
    e.proc.stdin.close()
    e.expect(r"^Nodes searched: 197281$", 5.0)
    e.expect(r"^Nodes searched: 20$", 2.0)
    check(e.proc.wait(timeout=2.0 * SLOW) == 0, "exit status at end of input")


# 5. Exits that leave nothing behind (the sanitizer builds report leaks and threads).

def test_exit_after_quit_joins_every_thread():
    """Every way a GUI ends a session: quit while searching (two threads), pondering, counting,
    idle; quit with the pipe left open; end of input alone. Exit status 0, no sanitizer report."""
    sessions = [
        ("uci", "setoption name Style value TECH-modern", "setoption name Threads value 2", "position startpos",
         "go infinite"),
        ("uci", "position startpos", "go ponder wtime 1000 btime 1000"),
        ("uci", "go perft 9"),
        ("xboard", "protover 2", "new", "hard", "cores 2", "option Style=TECH-modern", "usermove e2e4"),
        ("xboard", "protover 2", "new", "analyze"),
        ("uci", "isready"),
    ]
    for lines in sessions:
        for close_stdin in (False, True):
            e = Engine()
            e.send(*lines)
            time.sleep(0.3)
            if close_stdin:
                e.send("quit")
                e.proc.stdin.close()
                rc = e.proc.wait(timeout=2.0 * SLOW)
            else:
                rc, _ = e.quit()
            e.stderr_thread.join(timeout=2.0)
            report = e.sanitizer_report()
            check(rc == 0 and not report, f"{lines}: status {rc}, {report}")
    e = Engine()
    e.send("uci", "position startpos", "go depth 3")
    e.proc.stdin.close()
    bestmove(e, 5.0)
    check(e.proc.wait(timeout=2.0 * SLOW) == 0, "end of input: exit status")


# Fuzzing's findings, each kept as a session test (their inputs are in tests/fuzz/corpus too).

def test_echoed_input_stays_printable():
    """A bad FEN or move with control bytes is echoed with '?' for them: no raw byte (a second
    line end, an escape) reaches the GUI (found by fuzz-cecp)."""
    e = Engine()
    e.xboard()
    e.send(b"setboard r3k2r/8/8//8/8/8/8\x1b\x01R3K2R w KQkq - 0 1\n", b"usermove e2e4\x07\n", b"ping 1\n")
    lines = lines_until(e, "^pong 1$")
    check(any(l.startswith("tellusererror Illegal position") for l in lines), f"no tellusererror: {lines}")
    check(all(re.fullmatch(r"[ -~]*", l) for l in lines), f"a non-printable byte went out: {lines!r}")
    e.quit()
    e = Engine()
    e.uci()
    e.send(b"position fen \x1b[31mk7/8/8/8/8/8/8/K7 w - - 0 1\n", b"isready\n")
    lines = lines_until(e, "^readyok$")
    check(lines and all(re.fullmatch(r"[ -~]*", l) for l in lines), f"info string: {lines!r}")
    e.quit()


def test_stat01_before_any_move_has_no_trailing_blank():
    """`.` in analyze mode before the search names a move: the stat01 line ends with the counts
    (found by fuzz-cecp)."""
    e = Engine()
    e.xboard()
    e.send("new", "analyze", ".", "exit", "ping 1")
    lines = lines_until(e, "^pong 1$")
    stats = [l for l in lines if l.startswith("stat01:")]
    check(stats and all(re.fullmatch(r"stat01: \d+ \d+ \d+ \d+ \d+( [a-h][1-8][a-h][1-8][nbrq]?)?", l) for l in stats),
          f"stat01 lines: {stats!r}")
    e.quit()

