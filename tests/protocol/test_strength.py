"""test_strength.py - a strength a person chooses (issue 21): the Speed scale from the PDP-10 to
native, UCI_LimitStrength/UCI_Elo, CECP `nps`, and bad input for each. Ratios within one run,
never absolute speeds: this machine's speed drifts and is shared."""
import os
import re
import time

from harness import SLOW, Engine, bestmove, cecp_move, check, check_latency, cpu_demand_s

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import chessrules as cr

MIDDLEGAME = "r1b2rk1/ppqn1pbp/3p1np1/2pP4/4P3/2N2N2/PP2BPPP/R1BQR1K1 w - - 0 1"
STATS_RE = r"stats depth \d+ nodes (\d+) .* cpu-ms (\d+) wall-ms (\d+) pdp10-ms (\d+)"
# [C] How long each measured search runs: long enough for the pace to settle (the pre-sort's
# 1.4 PDP-10 seconds come first), short enough for `make test`.
SEARCH_S = 1.5

# Tests whose budget is a share of a real second that another test's load would take away: the
# runner runs them by themselves, after the others (tests/runner.py).
ALONE = ["test_cecp_nps_limits_the_nodes_by_the_time"]


def clock_ticks():
    import os
    return os.sysconf("SC_CLK_TCK")


def process_cpu_s(engine):
    """User + system CPU seconds of the engine process so far (Linux /proc)."""
    with open(f"/proc/{engine.proc.pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / clock_ticks()


def uci_engine(*options):
    e = Engine()
    e.uci()
    e.send("debug on", *(f"setoption name {name} value {value}" for name, value in options))
    e.ready()
    return e


def timed_search(e, seconds=SEARCH_S, fen=MIDDLEGAME, demand=False):
    """`go infinite` for `seconds`, then stop: (nodes, search stats dict, process CPU s, wall s).
    With `demand` the CPU is the time the threads wanted a CPU (on one or waiting for one:
    harness.cpu_demand_s), what an unlimited search takes on an idle machine however busy this
    one is."""
    e.send(f"position fen {fen}")
    e.ready()
    used = (lambda: cpu_demand_s(e.proc.pid)) if demand else (lambda: process_cpu_s(e))
    cpu_before, wall_before = used(), time.monotonic()
    e.send("go infinite")
    time.sleep(seconds)
    e.send("stop")
    lines = []
    bestmove(e, 5.0, lines)
    cpu, wall = used() - cpu_before, time.monotonic() - wall_before
    stats = next((m for m in (re.search(STATS_RE, line) for line in lines) if m), None)
    check(stats, f"no stats line (debug on): {lines[-3:]}")
    nodes = [int(m.group(1)) for m in (re.search(r" nodes (\d+) ", line) for line in lines) if m]
    check(nodes, f"no info line with nodes: {lines[-3:]}")
    numbers = dict(zip(("nodes", "cpu_ms", "wall_ms", "pdp10_ms"), map(int, stats.groups())))
    return nodes[-1], numbers, cpu, wall


def elo_range(e):
    """UCI_Elo's min and max as announced."""
    e.send("uci")
    m = e.expect(r"^option name UCI_Elo type spin default (-?\d+) min (-?\d+) max (-?\d+)$")
    e.expect("^uciok$")
    return int(m.group(2)), int(m.group(3))


# 1. The Speed scale.

def test_speed_is_a_scale_from_the_pdp10_to_native():
    """`Speed` offers the PDP-10, a year per decade of the report's factor 7 and native, native
    by default; PDP-10 keeps its old spelling."""
    e = Engine()
    e.send("uci")
    m = e.expect(r"^option name Speed type combo default (.*?) var (.*)$")
    e.expect("^uciok$")
    choices = m.group(2).split(" var ")
    check(m.group(1) == "native", f"default {m.group(1)!r}")
    check(choices[0] == "PDP-10" and choices[-1] == "native" and "1981 (x7)" in choices, f"choices {choices}")
    for value in ("PDP-10", "pdp-10", "1991 (x49)", "x12.5", "1985", "native", "X2401"):
        e.send(f"setoption name Speed value {value}")
    e.ready()
    check(not e.drain(0.1), "a valid speed was refused")
    e.quit()


def test_speed_holds_the_pace_and_sleeps():
    """Held back, the search's PDP-10 time runs at the chosen multiple of the wall clock, nodes
    follow the speed, and the CPU idles: at the lowest setting the process uses at most a tenth
    of what an unlimited search of the same length uses (wants: on a busy machine it gets less)."""
    e = uci_engine(("Style", "TECH-modern"))
    native_nodes, native_stats, native_cpu, native_wall = timed_search(e, demand=True)
    # A sanitizer build on a loaded machine may not reach x343 at all: a pace is held to what
    # the unlimited search reached, never beyond the setting.
    native_pace = native_stats["pdp10_ms"] / max(native_stats["wall_ms"], 1)
    results = {}
    for speed, multiple in (("PDP-10", 1), ("x49", 49), ("x343", 343)):
        e.send(f"setoption name Speed value {speed}")
        results[multiple] = timed_search(e)
    for multiple, (nodes, stats, cpu, wall) in results.items():
        pace = stats["pdp10_ms"] / max(stats["wall_ms"], 1)
        check(0.6 * min(multiple, native_pace) <= pace <= 1.05 * multiple,
              f"x{multiple}: {stats['pdp10_ms']} PDP-10 ms in {stats['wall_ms']} ms = x{pace:.1f}"
              f" (unlimited: x{native_pace:.1f})")
    check(results[1][0] < results[49][0] < results[343][0] < native_nodes,
          f"nodes by speed: {[results[m][0] for m in (1, 49, 343)]}, native {native_nodes}")
    ratio = (results[1][2] / results[1][3]) / max(native_cpu / native_wall, 1e-3)
    check(ratio <= 0.10, f"CPU share at the PDP-10's pace {ratio:.3f} of an unlimited search's")
    e.quit()


def test_paced_search_stops_at_once():
    """At the PDP-10's pace a node takes milliseconds and the search sleeps most of the time:
    `stop` still ends it at once."""
    e = uci_engine(("Speed", "PDP-10"))
    e.send(f"position fen {MIDDLEGAME}", "go infinite")
    time.sleep(0.5)
    sent = e.send("stop")
    _, stamp = e.expect_at(r"^bestmove ", 2.0)
    check_latency(stamp - sent, 0.2, "bestmove after stop of a paced search")
    e.quit()


# 2. UCI_LimitStrength and UCI_Elo.

MOVE_STATS_RE = r"stats depth \d+ nodes \d+ .* wall-ms (\d+) pdp10-ms \d+ move-pdp10-ms (\d+)"
def black_reply(moves):
    """Black's answer in a clock test's game: the first of QUIET_REPLIES that is legal (the
    project's rules referee says), else the first legal move: the same game whatever the clock."""
    position = cr.Position.from_fen(cr.START_FEN)
    for text in moves:
        position = position.push(position.parse_uci(text))
    legal = sorted(m.uci() for m in position.legal_moves())
    return next((m for m in QUIET_REPLIES if m in legal), legal[0] if legal else None)


# Black's preferred answers: quiet moves that leave the game a game.
QUIET_REPLIES = ("g8f6", "b8c6", "h7h6", "a7a6", "e7e6", "d7d6", "f8e7", "e8g8", "a8b8", "b8a8", "h8g8", "g8h8")


def play_clocked(setting, clock, moves_to_play):
    """TECH plays White for `moves_to_play` moves under `clock` ('wtime BASE winc INC' in ms, its
    own clock kept here, or 'movetime MS'), Black answering with black_reply; returns each move's
    PDP-10 work and wall time (ms), from `debug on`'s stats."""
    e = uci_engine(*setting)
    e.send("ucinewgame")
    e.ready()
    base, inc = None, 0
    words = clock.split()
    if words[0] == "wtime":
        base, inc = int(words[1]), int(words[3])
    moves, work, walls = [], [], []
    for i in range(moves_to_play):
        e.send("position startpos moves " + " ".join(moves))
        e.ready()
        go = f"go wtime {base} btime {base} winc {inc} binc {inc}" if base is not None else f"go {clock}"
        sent = e.send(go)
        lines = []
        move, _ = bestmove(e, 30.0 * SLOW, lines)
        elapsed = time.monotonic() - sent
        stats = next((m for m in (re.search(MOVE_STATS_RE, line) for line in lines) if m), None)
        check(stats, f"no stats line: {lines[-3:]}")
        walls.append(int(stats.group(1)))
        work.append(int(stats.group(2)))
        if base is not None:
            base = base - int(elapsed * 1000) + inc
        answer = black_reply(moves + [move])
        if answer is None:
            break
        moves += [move, answer]
    e.quit()
    return work, walls


def median(values):
    values = sorted(values)
    return values[len(values) // 2]


def test_uci_elo_buys_work_in_order():
    """UCI_LimitStrength with UCI_Elo: a move's PDP-10 work grows with the Elo, far from the bottom
    of the range to the top; TECH says which profile and how much work in its first line, and
    UCI_LimitStrength false gives the user's own Style and Speed back (native here)."""
    e = Engine()
    low, high = elo_range(e)
    check(low < high, f"UCI_Elo range {low}..{high}")
    e.send("debug on", "setoption name UCI_LimitStrength value true")
    work = {}
    for elo in (low, low + (high - low) // 2, high):
        e.send(f"setoption name UCI_Elo value {elo}", f"position fen {MIDDLEGAME}")
        e.ready()
        e.send("go movetime 1500")
        lines = []
        bestmove(e, 10.0 * SLOW, lines)
        said = [l for l in lines if "PDP-10 seconds of work a move" in l]
        check(said and f"UCI_Elo {elo}" in said[0], f"UCI_Elo {elo}: no profile line: {lines[:2]}")
        stats = next((m for m in (re.search(MOVE_STATS_RE, line) for line in lines) if m), None)
        check(stats, f"no stats line: {lines[-3:]}")
        work[elo] = int(stats.group(2))
    elos = sorted(work)
    check(work[elos[0]] < work[elos[1]] < work[elos[2]], f"work by UCI_Elo: {work}")
    check(work[elos[2]] > 50 * work[elos[0]], f"work by UCI_Elo: {work}")
    e.send("setoption name UCI_LimitStrength value false")
    native_nodes, stats, _, _ = timed_search(e)
    check(stats["pdp10_ms"] > 200 * stats["wall_ms"], f"LimitStrength off is not native: {stats}")
    e.quit()


def test_uci_elo_thinks_alike_at_every_clock():
    """With `Strength Clock` "same at every clock", one UCI_Elo does the same work a move at
    10+0.1 and at 60+0.6, and with 300 ms or 3 s a move (medians over a short game, so that the
    depth rule has its history): within a factor 1.5. `Speed`, a machine, does more work with more
    time. The games run side by side. (The default grows the work with the clock:
    test_strength_clock.py.)"""
    import threading
    elo_setting = (("UCI_LimitStrength", "true"), ("UCI_Elo", str(ELO_FOR_CLOCK_TEST)),
                   ("Strength Clock", "same at every clock"))
    speed_setting = (("Speed", "1991 (x49)"),)
    runs = {"elo 10+0.1": (elo_setting, "wtime 10000 winc 100"), "elo 60+0.6": (elo_setting, "wtime 60000 winc 600"),
            "elo 300ms": (elo_setting, "movetime 300"), "elo 3s": (elo_setting, "movetime 3000"),
            "speed 300ms": (speed_setting, "movetime 300"), "speed 3s": (speed_setting, "movetime 3000")}
    results = {}

    def play(name):
        setting, clock = runs[name]
        results[name] = play_clocked(setting, clock, CLOCK_TEST_MOVES)
    threads = [threading.Thread(target=play, args=(name,)) for name in runs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    check(len(results) == len(runs), f"a game failed: {sorted(results)}")
    work = {name: median(results[name][0][1:]) for name in runs}  # the first move has no history
    for fast, slow in (("elo 10+0.1", "elo 60+0.6"), ("elo 300ms", "elo 3s")):
        ratio = work[slow] / max(work[fast], 1)
        check(1 / 1.5 <= ratio <= 1.5, f"{fast} {work[fast]} PDP-10 ms a move, {slow} {work[slow]}: x{ratio:.2f}")
        walls = median(results[slow][1][1:]) / max(median(results[fast][1][1:]), 1)
        check(walls > 2, f"{slow} took no longer than {fast}: wall x{walls:.1f} (the work is not spread)")
    ratio = work["speed 3s"] / max(work["speed 300ms"], 1)
    check(ratio > 3, f"Speed x49: {work['speed 300ms']} PDP-10 ms a move at 300 ms, {work['speed 3s']} at 3 s")


# [C] The clock test's setting and length: a TECH-1971 setting whose work this machine gives at
# 300 ms a move even under a sanitizer, and enough moves for the depth rule to settle.
ELO_FOR_CLOCK_TEST = 900
CLOCK_TEST_MOVES = 5


def test_paced_search_talks_every_second():
    """Held back, TECH says something at least once a second (a heartbeat `info depth D nodes N
    ... time T` while no line comes) and the move's own line right before bestmove; the console
    too. The lowest setting, a long move."""
    probe = Engine()
    low, _ = elo_range(probe)
    probe.quit()
    e = uci_engine(("UCI_LimitStrength", "true"), ("UCI_Elo", str(low)))
    e.send(f"position fen {MIDDLEGAME}")
    e.ready()
    e.send("go wtime 60000 btime 60000 winc 1000 binc 1000")
    stamps, lines = [time.monotonic()], []
    while True:
        found, stamp = e.expect_at(r"^(info|bestmove)", 30.0 * SLOW)
        line = found.string
        stamps.append(stamp)
        lines.append(line)
        if line.startswith("bestmove"):
            break
    gaps = [b - a for a, b in zip(stamps, stamps[1:])]
    check(max(gaps) <= 1.25 * SLOW, f"a silence of {max(gaps):.2f} s: {lines}")
    check(stamps[-1] - stamps[0] > 2.0, f"the move took {stamps[-1] - stamps[0]:.1f} s: not held back?")
    last = [l for l in lines if l.startswith("info") and "string" not in l][-1]
    move = lines[-1].split()[1]
    check(f" pv {move}" in last and " score " in last, f"last line before bestmove: {last!r}")
    e.quit()
    c = Engine()
    c.send("set UCI_LimitStrength true", f"set UCI_Elo {low}", f"fen {MIDDLEGAME}", "go")
    sent = time.monotonic()
    _, stamp = c.expect_at(r"^bestmove ", 10.0 * SLOW)
    check(stamp - sent <= 3.0 * SLOW, f"the console's go took {stamp - sent:.1f} s at the lowest setting")
    c.quit()


def test_uci_elo_spreads_the_clock():
    """Held back, no setting spends most of its base time on the opening: by TECH's tenth move of
    a 12+0.2 game (60+1 scaled down by five) at most 40% of the base is gone, at the bottom of the
    range, in the middle and at the top."""
    e = Engine()
    low, high = elo_range(e)
    e.quit()
    for elo in (low, (low + high) // 2, high):
        work, walls = play_clocked((("UCI_LimitStrength", "true"), ("UCI_Elo", str(elo))), "wtime 12000 winc 200", 10)
        spent = sum(walls) - 200 * 10
        check(spent <= 0.40 * 12000 * SLOW, f"UCI_Elo {elo}: {spent} ms of 12000 spent by move 10 ({walls})")


# 3. CECP: the options and nps.

def cecp_engine():
    e = Engine()
    e.xboard()
    e.send("post", "new", "force")
    return e


def current_option(e, name):
    """The value an option is shown with at `protover 2` (CECP lists the current values)."""
    e.send("protover 2")
    lines = []
    e.expect("^feature .*done=1", 2.0, lines)
    for line in lines:
        m = re.match(rf'^feature option="{re.escape(name)} -(\w+) (.*)"$', line)
        if m:
            kind, rest = m.groups()
            if kind == "combo":
                return next(v[1:] for v in (p.strip() for p in rest.split("///")) if v.startswith("*"))
            return rest.split()[0]
    raise AssertionError(f"{name} not listed")


def test_bad_strength_input_changes_nothing():
    """Out of range and non-numeric values of every new option, in both protocols: the
    protocol's own error, and the setting stays as it was."""
    e = Engine()
    low, high = elo_range(e)
    bad = [("Speed", "x0.5"), ("Speed", "x"), ("Speed", "1960"), ("Speed", "2100"), ("Speed", "fast"),
           ("Speed", "x1e999"), ("UCI_Elo", str(low - 1)), ("UCI_Elo", str(high + 1)), ("UCI_Elo", "abc"),
           ("UCI_Elo", "1500.5"), ("UCI_Elo", "-5"), ("UCI_LimitStrength", "maybe"),
           ("Speed Custom", "x0.5"), ("Speed Custom", "fast"), ("Speed Custom", "x-3"), ("Speed Custom", "1960"),
           ("Speed Custom", "x" + "9" * 40)]
    for name, value in bad:
        e.send(f"setoption name {name} value {value}")
        # The value quoted whole, or its first characters and a mark where it was cut (issue 51).
        shown = value if len(value) <= 40 else value[:37] + "..."
        e.expect(rf"^info string option '{name}' .*'{re.escape(shown)}'$", 2.0)
    e.ready()
    e.quit()
    c = cecp_engine()
    c.send("option Speed=1981 (x7)", f"option UCI_Elo={low + 1}", "option UCI_LimitStrength=1")
    for name, value in bad:
        c.send(f"option {name}={value}")
        c.expect(rf"^Error \(bad option\): option {name}=", 2.0)
    check(current_option(c, "Speed") == "1981 (x7)", "Speed changed by bad input")
    check(current_option(c, "UCI_Elo") == str(low + 1), "UCI_Elo changed by bad input")
    check(current_option(c, "UCI_LimitStrength") == "1", "UCI_LimitStrength changed by bad input")
    c.quit()


def test_every_speed_can_be_set_as_a_gui_sends_it():
    """The table's speeds between the combo's choices (x2.44, x9.21, x12.5) through `Speed Custom`,
    as cutechess-cli, Cute Chess, polyglot (UCI) and XBoard (CECP) send a string option: the pace
    is the one asked for; empty (UCI's <empty>) changes nothing; `Speed` set again wins."""
    for value, multiple in (("x2.44", 2.44), ("x9.21", 9.21), ("x12.5", 12.5)):
        e = uci_engine(("Style", "TECH-modern"), ("Speed Custom", value))
        _, stats, _, _ = timed_search(e)
        pace = stats["pdp10_ms"] / max(stats["wall_ms"], 1)
        check(0.6 * multiple <= pace <= 1.05 * multiple, f"Speed Custom {value}: x{pace:.2f}")
        e.send("setoption name Speed Custom value <empty>")
        _, stats, _, _ = timed_search(e)
        pace = stats["pdp10_ms"] / max(stats["wall_ms"], 1)
        check(0.6 * multiple <= pace <= 1.05 * multiple, f"after <empty>, Speed Custom {value}: x{pace:.2f}")
        e.quit()
    c = cecp_engine()
    c.send("option Speed Custom=x12.5")
    check(current_option(c, "Speed Custom") == "x12.5", "CECP: Speed Custom not kept")
    c.send("option Speed=1991 (x49)")
    check(current_option(c, "Speed") == "1991 (x49)", "CECP: Speed after Speed Custom")
    c.quit()


def stats_nodes(e, timeout=10.0):
    """The nodes of the move just played, from the `# stats` comment that follows it."""
    cecp_move(e, timeout)
    return int(e.expect(r"^# stats depth \d+ nodes (\d+)", 2.0).group(1))


def nps_move(e, seconds):
    e.send(f"setboard {MIDDLEGAME}", f"st {seconds}", "go")
    return stats_nodes(e)


def test_cecp_nps_limits_the_nodes_by_the_time():
    """`nps N`: a move given T seconds searches at most T x N nodes (less the move overhead's
    share), and TECH-modern, which would go on, stops there: twice the time, twice the nodes.
    `new` ends it."""
    e = cecp_engine()
    check("nps=1" in " ".join(e.transcript), "feature nps=1 not announced")
    e.send("option Style=TECH-modern", "nps 2000")
    budgets = {1: (1000 - 50) * 2, 2: (2000 - 50) * 2}   # (st ms - Move Overhead) x rate
    for seconds, budget in budgets.items():
        e.send("force")
        nodes = nps_move(e, seconds)
        check(0.9 * budget <= nodes <= budget, f"st {seconds} under nps 2000: {nodes} nodes, budget {budget}")
    e.send("new", "force", "option Style=TECH-modern")
    nodes = nps_move(e, 1)
    check(nodes > 10 * budgets[1], f"after new, nps still held: {nodes} nodes")
    e.quit()


def test_cecp_bad_nps_changes_nothing():
    """`nps` without a number, with letters, 0 (the protocol's CPU-time mode, not implemented)
    and negative: an Error line each, and the rate set before stays."""
    e = cecp_engine()
    e.send("option Style=TECH-modern", "nps 2000")
    for line, reason in (("nps", "whole number"), ("nps abc", "whole number"), ("nps 1.5", "whole number"),
                         ("nps 0", "CPU-time"), ("nps -5", "at least 1")):
        e.send(line)
        e.expect(rf"^Error \(.*{reason}.*\): {re.escape(line)}$", 2.0)
    nodes = nps_move(e, 1)
    check(nodes <= (1000 - 50) * 2, f"the rate was lost: {nodes} nodes")
    e.quit()


def test_paced_only_move_is_played_at_once():
    """One legal move under a clock, at the PDP-10's pace: played at once, not after the 1.4 PDP-10
    seconds of the pre-sort (a 10+0 game against Fairy-Max saw such a move take 1.6 s of 4)."""
    for style in ("TECH-1971", "TECH-modern"):
        e = uci_engine(("Style", style), ("Speed", "PDP-10"))
        e.send("position fen 7k/8/8/8/8/8/6q1/7K w - - 0 1")
        e.ready()
        sent = e.send("go wtime 4000 btime 4000")
        found, stamp = e.expect_at(r"^bestmove (\S+)", 5.0 * SLOW)
        check(found.group(1) == "h1g2", f"{style}: {found.string}")
        check_latency(stamp - sent, 0.4, f"{style}: the only move")
        e.quit()


def test_pondering_draws_on_the_same_budget():
    """Held to a UCI_Elo, a long think on the opponent's time buys no extra work: after 3 s of
    `go ponder` and a `ponderhit`, the move has done no more PDP-10 work than the setting allows a
    move on its own clock (TECH-modern: its budget; TECH-1971: its cap, twice the budget), and it
    comes at once, the work being done. A TECH-modern and a TECH-1971 setting."""
    probe = Engine()
    low, high = elo_range(probe)
    probe.quit()
    for elo in (high - 300, (low + high) // 2):
        e = uci_engine(("UCI_LimitStrength", "true"), ("UCI_Elo", str(elo)))
        e.send(f"position fen {MIDDLEGAME}")
        e.ready()
        e.send("go ponder wtime 10000 btime 10000 winc 100 binc 100")
        said = e.expect(r"^info string .*profile (TECH-\w+) at UCI_Elo \d+ \(([\d.]+) PDP-10 seconds", 5.0)
        cap_ms = float(said.group(2)) * 1000 * (1 if said.group(1) == "TECH-modern" else 2)
        time.sleep(3.0)
        sent = e.send("ponderhit")
        lines = []
        found, stamp = e.expect_at(r"^bestmove ", 10.0 * SLOW, lines)
        pondered = next((m for m in (re.search(MOVE_STATS_RE, l) for l in lines) if m), None)
        check(pondered, f"UCI_Elo {elo}: no stats line after the hit")
        work = int(pondered.group(2))
        check(work <= 1.02 * cap_ms, f"UCI_Elo {elo} ({said.group(1)}): {work} PDP-10 ms after 3 s of pondering, "
              f"cap {cap_ms:.0f}")
        check_latency(stamp - sent, 0.5, f"UCI_Elo {elo}: the move after the hit")
        e.quit()
