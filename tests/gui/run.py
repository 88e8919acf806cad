#!/usr/bin/env python3
"""run.py - TECH under real clients: XBoard (native CECP) and XBoard + polyglot (UCI).

Why: the scripted protocol tests and scripts/match.py only show that TECH meets our reading
of the protocols; XBoard and polyglot are the real consumers (docs/PROTOCOLS.md §5.2, §5.3).
Three short matches run under xvfb-run in XBoard's match mode, with pondering on:
  1. TECH (CECP) vs Fairy-Max (CECP),
  2. TECH held to UCI_Elo 1800 (CECP) vs Fairy-Max at 40 moves in 2 minutes: its thinking lines
     come at least every 2 s and the last one before each move names it (issue 41), and the game
     names it by the profile that plays at that level, TECH-deep (issue 43),
  3. TECH (UCI, through polyglot) vs TECH (CECP),
  4. Chess960 (XBoard's -variant fischerandom, a shuffled start each game): TECH (CECP) vs
     Sjaak II, which plays the variant (Fairy-Max 5.0b does not): XBoard sends Shredder-FEN and
     O-O / O-O-O, and takes TECH's O-O back,
  5. Chess960 through polyglot: TECH (UCI, UCI_Chess960) vs TECH (CECP).
Then the saved PGN, XBoard's debug log and polyglot's log are checked: every game finished
with a result that a rule explains (replayed with scripts/chessrules.py), no time forfeit,
no illegal move, no false claim, no engine error line, no crash.

usage: python3 tests/gui/run.py ./tech [--games N] [--tc M:SS] [--inc S] [--out DIR]
Exit status 0 when everything is clean, 1 on any failure, 2 when a tool is missing.
Files are kept in DIR (default build/gui/) for a look after a failure.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import chessrules as cr  # noqa: E402

# Debian installs the engines, xboard and polyglot in /usr/games, often not on PATH.
os.environ["PATH"] = os.environ.get("PATH", "") + os.pathsep + "/usr/games"

# How a game may end in these matches: by a rule, by resignation, or by agreement.
FAIR_END = re.compile(r"mate|stalemate|repetition|50.move|fifty|insufficient|material|resign|agree", re.I)
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


def run_xboard(name, engines, args, out, clock=None):
    """One XBoard match; returns (exit status, xboard's output, pgn path, debug path, seconds).
    `engines` are XBoard's engine options; `clock` (games, XBoard's clock options) replaces the
    command line's; HOME is a scratch directory so that no ~/.xboardrc is read or written."""
    games, clock = clock or (args.games, ["-tc", args.tc, "-inc", str(args.inc)])
    workdir = os.path.join(out, name)
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
                              timeout=args.timeout, text=True, errors="replace")
        status, text = proc.returncode, proc.stdout
    except subprocess.TimeoutExpired as exc:
        output = exc.stdout or ""
        status, text = "timeout", output.decode("utf-8", "replace") if isinstance(output, bytes) else output
    with open(os.path.join(workdir, "xboard.out"), "w") as f:
        f.write(text)
    return status, text, pgn, debug, time.monotonic() - start


def check_games(pgn, expected):
    """Every game finished with a result a rule explains, all moves legal, and a mate or
    rule-based draw on the board matches the recorded result."""
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
        if not FAIR_END.search(reason):
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--games", type=int, default=2, help="games per match (default 2)")
    parser.add_argument("--tc", default="0:20", help="XBoard -tc, minutes[:seconds] (default 0:20)")
    parser.add_argument("--inc", type=float, default=0.2, help="XBoard -inc, seconds (default 0.2)")
    parser.add_argument("--timeout", type=float, default=280.0, help="seconds per match before it is killed")
    parser.add_argument("--out", default=os.path.join(ROOT, "build", "gui"))
    args = parser.parse_args()
    tech = os.path.abspath(args.binary)
    tools, missing = find_tools()
    if missing:
        print(f"gui: missing {' '.join(missing)} (apt-get install xboard polyglot xvfb fairymax sjaakii)")
        return 2
    os.makedirs(args.out, exist_ok=True)
    tech_dir = os.path.dirname(tech)
    polyglot_log = os.path.join(args.out, "uci-vs-cecp", "polyglot.log")
    polyglot_960_log = os.path.join(args.out, "chess960-uci-vs-cecp", "polyglot.log")
    matches = [
        ("cecp-vs-fairymax", ["-fcp", tech, "-fd", tech_dir, "-scp", tools["fairymax"]], {"first"}, None),
        # A person's game: TECH held to a strength at 40 moves in 2 minutes (paced moves of about 2
        # s), its thinking watched in the engine pane; one game.
        ("paced-vs-fairymax", ["-fcp", tech, "-fd", tech_dir, "-firstOptions", "UCI_LimitStrength=1,UCI_Elo=1800",
                               "-scp", tools["fairymax"], "-showThinking", "true"], {"first"},
         (1, ["-tc", "2", "-mps", "40"])),
        ("uci-vs-cecp", ["-fcp", tech, "-fd", tech_dir, "-firstIsUCI", "true",
                         "-adapterCommand", f'{tools["polyglot"]} -noini -ec "%fcp" -ed "%fd" '
                                            f'-log true -lf "{polyglot_log}"',
                         "-scp", tech, "-sd", tech_dir], {"first", "second"}, None),
        ("chess960-vs-sjaakii", ["-fcp", tech, "-fd", tech_dir, "-scp", tools["sjaakii"],
                                 "-variant", "fischerandom"], {"first"}, None),
        ("chess960-uci-vs-cecp", ["-fcp", tech, "-fd", tech_dir, "-firstIsUCI", "true",
                                  "-adapterCommand", f'{tools["polyglot"]} -noini -ec "%fcp" -ed "%fd" '
                                                     f'-log true -lf "{polyglot_960_log}"',
                                  "-scp", tech, "-sd", tech_dir, "-variant", "fischerandom"], {"first", "second"}, None),
    ]
    failures = 0
    problems, count = check_polyglot_options(tech, tools["polyglot"])
    print(f"{'PASS' if not problems else 'FAIL'} gui polyglot-options: {count} of TECH's options shown intact", flush=True)
    for p in problems[:20]:
        print(f"    {p}")
    failures += bool(problems)
    for name, engines, tech_sides, clock in matches:
        status, text, pgn, debug, seconds = run_xboard(name, engines, args, args.out, clock)
        games = clock[0] if clock else args.games
        problems = [] if status == 0 else [f"xboard exit status {status}"]
        problems += check_score(name, text, games)
        game_problems, count = check_games(pgn, games)
        problems += game_problems + check_debug(debug, tech_sides)
        if name == "uci-vs-cecp":
            problems += check_polyglot_log(polyglot_log)
        if name == "chess960-uci-vs-cecp":
            problems += check_polyglot_log(polyglot_960_log)
        if name == "paced-vs-fairymax":
            thinking_problems, moves, longest = check_thinking(debug)
            problems += thinking_problems
            print(f"     thinking: {moves} moves of TECH's, the longest silence {longest} ms", flush=True)
            with open(pgn, errors="replace") as f:
                names = re.findall(r'^\[(?:White|Black) "(TECH[^"]*)"\]', f.read(), re.M)
            if not names or any(not n.startswith("TECH-deep ") for n in names):
                problems.append(f"the game names TECH {names}, not by the profile UCI_Elo 1800 plays (TECH-deep)")
        score = re.search(r"Match .*final score \S+", text)
        print(f"{'PASS' if not problems else 'FAIL'} gui {name}: {count} games, "
              f"{score.group(0) if score else 'no score'} ({seconds:.0f} s)", flush=True)
        for p in problems[:20]:
            print(f"    {p}")
        failures += bool(problems)
    print(f"gui: {len(matches) + 1 - failures} passed, {failures} failed (files in {args.out})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
