"""test_xboard.py - TECH in XBoard's match mode under a virtual display, natively (CECP) and
through polyglot (UCI), pondering on (the matches and their judges: xboard_games.py):
  1. TECH (CECP) vs Fairy-Max (CECP),
  2. TECH held to UCI_Elo 1800 (CECP) vs Fairy-Max at 40 moves in 2 minutes: its thinking lines
     come at least every 2 s and the last one before each move names it (issue 41), and the game
     names it by the profile that plays at that level, TECH-deep (issue 43),
  3. TECH (UCI, through polyglot) vs TECH (CECP),
  4. Chess960 (XBoard's -variant fischerandom, a shuffled start each game): TECH (CECP) vs
     Sjaak II, which plays the variant (Fairy-Max 5.0b does not): XBoard sends Shredder-FEN and
     O-O / O-O-O, and takes TECH's O-O back,
  5. Chess960 through polyglot: TECH (UCI, UCI_Chess960) vs TECH (CECP),
and the options XBoard shows through polyglot. Two matches at a time fit two cores
(`python3 tests/run.py gui --jobs 2 ./tech`)."""
import os
import re
import shutil
import subprocess

import xboard_games as xg
from testlib import check



def tools():
    """The programs the matches need; fails naming the missing ones."""
    found, missing = xg.find_tools()
    check(not missing, f"missing {' '.join(missing)} (apt-get install xboard polyglot xvfb fairymax sjaakii)")
    return found


def tech():
    return os.environ["TECH_BINARY"]


def polyglot_adapter(log):
    return f'{tools()["polyglot"]} -noini -ec "%fcp" -ed "%fd" -log true -lf "{log}"'


def play(name, engines, tech_sides, clock=None, capped=False, timeout=xg.MATCH_TIMEOUT):
    """Play one match and judge it: (problems, the saved PGN's path, the debug log's path)."""
    status, text, pgn, debug, seconds = xg.run_xboard(name, engines, clock, timeout)
    games = clock[0] if clock else xg.GAMES
    problems = [] if status == 0 else [f"xboard exit status {status}"]
    problems += xg.check_score(name, text, games)
    game_problems, count = xg.check_games(pgn, games, capped)
    problems += game_problems + xg.check_debug(debug, tech_sides)
    score = re.search(r"Match .*final score \S+", text)
    print(f"     {name}: {count} games, {score.group(0) if score else 'no score'} ({seconds:.0f} s)", flush=True)
    return problems, pgn, debug


def verdict(problems):
    check(not problems, "\n".join(problems[:20]))


# The paced game's length: past the first 40 moves' control, XBoard then calls it a draw (a
# game at 40 moves in 2 minutes may otherwise go on for ten minutes).
PACED_MOVES = 45


def test_paced_vs_fairymax():
    """A person's game: TECH held to a strength at 40 moves in 2 minutes (paced moves of about 2 s),
    its thinking watched in the engine pane; one game of at most PACED_MOVES moves."""
    directory = os.path.dirname(tech())
    problems, pgn, debug = play("paced-vs-fairymax",
                                ["-fcp", tech(), "-fd", directory, "-firstOptions", "UCI_LimitStrength=1,UCI_Elo=1800",
                                 "-scp", tools()["fairymax"], "-showThinking", "true",
                                 "-adjudicateDrawMoves", str(PACED_MOVES)], {"first"},
                                (1, ["-tc", "2", "-mps", "40"]), capped=True, timeout=420.0)
    thinking_problems, moves, longest = xg.check_thinking(debug)
    problems += thinking_problems
    print(f"     thinking: {moves} moves of TECH's, the longest silence {longest} ms", flush=True)
    with open(pgn, errors="replace") as f:
        names = re.findall(r'^\[(?:White|Black) "(TECH[^"]*)"\]', f.read(), re.M)
    if not names or any(not n.startswith("TECH-deep ") for n in names):
        problems.append(f"the game names TECH {names}, not by the profile UCI_Elo 1800 plays (TECH-deep)")
    verdict(problems)


def test_cecp_vs_fairymax():
    problems, _, _ = play("cecp-vs-fairymax", ["-fcp", tech(), "-fd", os.path.dirname(tech()),
                                               "-scp", tools()["fairymax"]], {"first"})
    verdict(problems)


def test_uci_through_polyglot_vs_cecp():
    log = os.path.join(xg.OUT, "uci-vs-cecp", "polyglot.log")
    directory = os.path.dirname(tech())
    problems, _, _ = play("uci-vs-cecp", ["-fcp", tech(), "-fd", directory, "-firstIsUCI", "true",
                                          "-adapterCommand", polyglot_adapter(log), "-scp", tech(), "-sd", directory],
                          {"first", "second"})
    verdict(problems + xg.check_polyglot_log(log))


def test_chess960_vs_sjaakii():
    problems, _, _ = play("chess960-vs-sjaakii", ["-fcp", tech(), "-fd", os.path.dirname(tech()),
                                                  "-scp", tools()["sjaakii"], "-variant", "fischerandom"], {"first"})
    verdict(problems)


def test_chess960_uci_through_polyglot_vs_cecp():
    log = os.path.join(xg.OUT, "chess960-uci-vs-cecp", "polyglot.log")
    directory = os.path.dirname(tech())
    problems, _, _ = play("chess960-uci-vs-cecp",
                          ["-fcp", tech(), "-fd", directory, "-firstIsUCI", "true", "-adapterCommand",
                           polyglot_adapter(log), "-scp", tech(), "-sd", directory, "-variant", "fischerandom"],
                          {"first", "second"})
    verdict(problems + xg.check_polyglot_log(log))


def test_polyglot_shows_every_option():
    problems, count = xg.check_polyglot_options(tech(), tools()["polyglot"])
    check(count > 0, "polyglot showed no option of TECH's")
    verdict(problems)


def test_book_window_says_why():
    """A person's click on Engine > Book after TECH's move (ExplainMoves on) opens XBoard's
    Information window with TECH's answer to `bk`: its pre-sort and why it played its move
    (tests/gui/book_window.sh; the screen in build/gui/book-window/book.png, docs/xboard-why.png)."""
    tools()
    for tool in ("xdotool", "import"):
        check(shutil.which(tool), f"missing {tool} (apt-get install xdotool imagemagick)")
    out = os.path.join(xg.OUT, "book-window")
    shutil.rmtree(out, ignore_errors=True)
    done = subprocess.run(["sh", os.path.join(xg.HERE, "book_window.sh"), tech(), out], capture_output=True,
                             text=True, timeout=120)
    check(done.returncode == 0, f"book_window.sh: {done.returncode} {done.stderr[-500:]}")
    with open(os.path.join(out, "windows.txt")) as f:
        windows = f.read().split("\n")
    check("Information" in windows, f"no Information window opened: {windows}")
    with open(os.path.join(out, "debug.log"), errors="replace") as f:
        log = f.read()
    check(re.search(r">first : bk$", log, re.M), "XBoard sent no bk")
    why = re.search(r"<first :  Why TECH played its last move:\n.*<first :  (\S+ .*)$", log, re.M)
    check(why and "came out equal" in why.group(1), f"no explanation in TECH's answer to bk: {why}")
