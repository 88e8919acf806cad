#!/usr/bin/env python3
"""xboard_games.py - TECH under real clients: XBoard (native CECP) and XBoard + polyglot (UCI),
the matches and the judges of what they leave (the tests are tests/gui/test_xboard.py).

Why: the scripted protocol tests and scripts/match.py only show that TECH meets our reading
of the protocols; XBoard and polyglot are the real consumers (docs/PROTOCOLS.md §5.2, §5.3).
Each match runs under xvfb-run in XBoard's match mode, with pondering on; then the saved PGN,
XBoard's debug log and polyglot's log are checked: every game finished with a result that a rule
explains (replayed with scripts/chessrules.py), no time forfeit, no illegal move, no false claim,
no engine error line, no crash.

The clock and the number of games come from the environment: TECH_GUI_GAMES games a match
(default 2), TECH_GUI_TC XBoard's -tc (minutes[:seconds], default 0:20), TECH_GUI_INC its -inc
(seconds, default 0.2); the files are kept in TECH_GUI_OUT (default build/gui/) for a look after
a failure.
"""
import os
import re
import shutil
import subprocess
import time

import chessrules as cr

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
GAMES = int(os.environ.get("TECH_GUI_GAMES", "2"))
CLOCK = ["-tc", os.environ.get("TECH_GUI_TC", "0:20"), "-inc", os.environ.get("TECH_GUI_INC", "0.2")]
OUT = os.environ.get("TECH_GUI_OUT", os.path.join(ROOT, "build", "gui"))
# Seconds a match may take before it is killed.
MATCH_TIMEOUT = 280.0

# Debian installs the engines, xboard and polyglot in /usr/games, often not on PATH.
os.environ["PATH"] = os.environ.get("PATH", "") + os.pathsep + "/usr/games"

# How a game may end in these matches: by a rule, by resignation, or by agreement.
FAIR_END = re.compile(r"mate|stalemate|repetition|50.move|fifty|insufficient|material|resign|agree", re.I)
# XBoard's words for a game it ends at -adjudicateDrawMoves (a match that caps its games' length).
LONG_GAME = "Xboard adjudication: long game"
# XBoard's own words for what must never happen (strings in xboard 4.9 backend.c).
XBOARD_ALARMS = re.compile(r"exited unexpectedly|Forfeit due to|False (draw|win|illegal-move) claim|"
                           r"flag fell|wins on time|loses on time|Illegal move \"|rejected by")
# What an engine must never say during these games.
ENGINE_ALARMS = re.compile(r"^(Error|Illegal move|tellusererror|askuser)")


def find_tools():
    """The programs needed, or None with the names of the missing ones."""
    tools = {name: shutil.which(name) for name in ("xvfb-run", "xboard", "polyglot", "fairymax", "sjaakii")}
    missing = [n for n, p in tools.items() if p is None]
    return (None, missing) if missing else (tools, [])


def run_xboard(name, engines, clock=None, timeout=MATCH_TIMEOUT):
    """One XBoard match; returns (exit status, xboard's output, pgn path, debug path, seconds).
    `engines` are XBoard's engine options; `clock` (games, XBoard's clock options) replaces the
    environment's; HOME is a scratch directory so that no ~/.xboardrc is read or written."""
    games, clock = clock or (GAMES, CLOCK)
    workdir = os.path.join(OUT, name)
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    pgn, debug = os.path.join(workdir, "games.pgn"), os.path.join(workdir, "debug.log")
    cmd = [shutil.which("xvfb-run"), "-a", "xboard", *engines,
           "-matchGames", str(games), *clock,
           "-ponderNextMove", "true", "-autoCallFlag", "true", "-testClaims", "true",
           "-saveGameFile", pgn, "-debugMode", "true", "-nameOfDebugFile", debug,
           "-popupExitMessage", "false", "-saveSettingsOnExit", "false", "-soundProgram", "true"]
    env = dict(os.environ, HOME=workdir)
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=workdir, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=timeout, text=True, errors="replace")
        status, text = proc.returncode, proc.stdout
    except subprocess.TimeoutExpired as exc:
        output = exc.stdout or ""
        status, text = "timeout", output.decode("utf-8", "replace") if isinstance(output, bytes) else output
    with open(os.path.join(workdir, "xboard.out"), "w") as f:
        f.write(text)
    return status, text, pgn, debug, time.monotonic() - start


def check_games(pgn, expected, capped=False):
    """Every game finished with a result a rule explains (`capped`: or drawn by XBoard at the
    match's -adjudicateDrawMoves), all moves legal, and a mate or rule-based draw on the board
    matches the recorded result."""
    problems = []
    games = cr.read_pgn(pgn) if os.path.exists(pgn) else []
    if len(games) != expected:
        problems.append(f"{pgn}: {len(games)} games saved, {expected} expected")
    for i, record in enumerate(games, 1):
        tags = record.tags
        result = tags.get("Result", "*")
        comments = record.comments()
        reason = comments[-1] if comments else ""
        where = f"game {i} ({tags.get('White')} vs {tags.get('Black')})"
        if result not in ("1-0", "0-1", "1/2-1/2"):
            problems.append(f"{where}: unfinished, result {result} {{{reason}}}")
        if not (FAIR_END.search(reason) or (capped and reason == LONG_GAME and result == "1/2-1/2")):
            problems.append(f"{where}: ended {result} {{{reason}}}")
        game, problem = record.replay()
        if problem:
            problems.append(f"{where}: {problem}")
            continue
        by_rule = game.outcome()
        if by_rule and by_rule.result != result:
            problems.append(f"{where}: recorded {result} {{{reason}}}, the board says {by_rule.result} "
                            f"{{{by_rule.reason}}}")
        no_mate = not (by_rule and "mates" in by_rule.reason)
        # a word "mate"/"mates"/"checkmate", not the "mate" inside "material" or "stalemate"
        if re.search(r"\b(check)?mates?\b", reason, re.IGNORECASE) and no_mate:
            problems.append(f"{where}: {{{reason}}} but the final position is no mate")
    return problems, len(games)


def check_debug(debug, tech_sides):
    """XBoard's debug log: no alarm from XBoard, no error line from a TECH side."""
    problems = []
    if not os.path.exists(debug):
        return [f"{debug}: no debug log"]
    for number, line in enumerate(open(debug, errors="replace"), 1):
        line = line.rstrip("\n")
        if XBOARD_ALARMS.search(line):
            problems.append(f"{debug}:{number}: {line}")
            continue
        found = re.match(r"^\d+ <(first|second)\s*: ?(.*)$", line)
        if found and found.group(1) in tech_sides and ENGINE_ALARMS.match(found.group(2)):
            problems.append(f"{debug}:{number}: {line}")
    return problems


# A CECP thinking line: ply score time nodes pv.
THINKING = re.compile(r"^-?\d+ -?\d+ \d+ \d+ (\S+)")
# [C] Issue 41: a person watching XBoard's engine pane sees a line at least this often while TECH
# thinks on its move, however slow the setting.
THINKING_GAP_MS = 2000


def check_thinking(debug, side="first"):
    """XBoard's debug log of a TECH held to a strength: on each of its moves (from `go` or the
    opponent's move to its `move`) a thinking line at least every THINKING_GAP_MS, and the last
    one names the move played (XBoard files that line's score under the move)."""
    problems, moves, longest = [], 0, 0
    start = last_line = None
    for number, line in enumerate(open(debug, errors="replace"), 1):
        found = re.match(rf"^(\d+) ([<>]){side}\s*: ?(.*)$", line.rstrip("\n"))
        if not found:
            continue
        ms, way, text = int(found.group(1)), found.group(2), found.group(3)
        if way == ">" and (text == "go" or text.startswith("usermove")):
            start, last_line, stamps = ms, None, [ms]
        elif way == "<" and start is not None and THINKING.match(text):
            last_line = text
            stamps.append(ms)
        elif way == "<" and start is not None and text.startswith("move "):
            moves += 1
            stamps.append(ms)
            gap = max(b - a for a, b in zip(stamps, stamps[1:]))
            longest = max(longest, gap)
            if gap > THINKING_GAP_MS:
                problems.append(f"{debug}:{number}: {gap} ms without a thinking line before {text}")
            if last_line is None or THINKING.match(last_line).group(1) != text.split()[1]:
                problems.append(f"{debug}:{number}: {text} after the thinking line {last_line!r}")
            start = None
    if moves == 0:
        problems.append(f"{debug}: no move of TECH's found")
    return problems, moves, longest


def check_polyglot_log(path):
    """polyglot's log of its UCI talk with TECH: TECH must not have complained about
    anything polyglot sent (TECH answers bad input with `info string <reason>`)."""
    if not os.path.exists(path):
        return [f"{path}: no polyglot log"]
    problems = []
    for number, line in enumerate(open(path, errors="replace"), 1):
        found = re.search(r"Engine->Adapter: (info string .*)$", line)
        # Not complaints: the ponder statistics, and the profile said at a game's first search.
        if found and "ponder hits" not in found.group(1) and not re.match(r"info string TECH \S+, profile ",
                                                                          found.group(1)):
            problems.append(f"{path}:{number}: TECH complained: {found.group(1)}")
        if re.search(r"Engine->Adapter: (Error|Illegal)", line):
            problems.append(f"{path}:{number}: {line.strip()}")
    return problems


def uci_options(tech):
    """{name: (type, default)} as TECH announces them over UCI, in order."""
    out = subprocess.run([tech], input="uci\nquit\n", capture_output=True, text=True, timeout=10).stdout
    options = {}
    for line in out.splitlines():
        found = re.match(r"^option name (.+?) type (\w+)(?: default (.+?))?(?: min | var |$)", line)
        if found:
            options[found.group(1)] = (found.group(2), found.group(3))
    return options


# polyglot's words for UCI's option types, and how it writes a default (a check as 0/1; a combo
# marks the default with `*`).
POLYGLOT_TYPES = {"check": "-check", "spin": "-spin", "combo": "-combo", "button": "-button", "string": "-string"}


def check_polyglot_options(tech, polyglot):
    """What XBoard shows of TECH's options through polyglot (issue 42): every option TECH announces
    but the five polyglot maps onto its own commands (UCI_Chess960: `variant fischerandom`), in
    TECH's order, each name and default intact (polyglot once showed "E5 draw Detection" and a string
    default as the text `<empty>`)."""
    talk = subprocess.run([polyglot, "-noini", "-ec", tech], input="xboard\nprotover 2\n", capture_output=True,
                          text=True, timeout=10).stdout
    shown = [re.match(r'^feature option="(.+?) (-\w+)(?: (.*))?"$', l) for l in talk.splitlines()]
    shown = [(m.group(1), m.group(2), m.group(3) or "") for m in shown if m and not m.group(1).startswith("Polyglot ")]
    want = {n: t for n, t in uci_options(tech).items() if n not in ("Hash", "Threads", "Ponder", "UCI_AnalyseMode",
                                                                           "UCI_Chess960")}
    problems = []
    if [n for n, _, _ in shown] != list(want):
        problems.append(f"polyglot shows the options {[n for n, _, _ in shown]}, TECH announces {list(want)}")
    for name, kind, rest in shown:
        if name not in want:
            continue
        uci_kind, default = want[name]
        if kind != POLYGLOT_TYPES[uci_kind]:
            problems.append(f"polyglot shows {name!r} as {kind}, TECH announces a {uci_kind}")
        elif uci_kind == "check" and rest != ("1" if default == "true" else "0"):
            problems.append(f"polyglot shows {name!r} at {rest!r}, TECH's default is {default}")
        elif uci_kind in ("spin", "string") and rest.split(" ")[0] != default:
            problems.append(f"polyglot shows {name!r} at {rest!r}, TECH's default is {default}")
        elif uci_kind == "combo" and f"*{default}" not in rest:
            problems.append(f"polyglot shows {name!r} as {rest!r}, TECH's default is {default}")
    return problems, len(shown)


def check_score(name, text, games):
    found = re.search(r"final score (\d+)-(\d+)-(\d+)", text)
    if not found:
        return [f"{name}: XBoard printed no final score"]
    played = sum(int(n) for n in found.groups())
    return [] if played == games else [f"{name}: final score counts {played} games, {games} expected"]
