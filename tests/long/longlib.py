"""longlib.py - what the long tests share: paths, the check helper and the match runner's modules
(engines, match); scripts/ is on the path the runner sets (tests/runner.py)."""
import os

import engines
import match

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCRIPTS = os.path.join(ROOT, "scripts")


class TestFailure(Exception):
    """A check failed; the message says what was expected and what came."""


def check(condition, message):
    if not condition:
        raise TestFailure(message)


def binary():
    """The engine under test (tests/runner.py sets it from its argument)."""
    return os.environ["TECH_BINARY"]


def fairymax():
    """Debian's Fairy-Max, or None when it is not installed."""
    for path in ("/usr/games/fairymax", "/usr/bin/fairymax"):
        if os.access(path, os.X_OK):
            return path
    return None


def run_match(players, tc, count, name, **extra):
    """Play a match with scripts/match.py, keep its PGN and log under build/long/, print the
    summary indented under the test's PASS/FAIL line, and return the summary."""
    out = os.path.join(ROOT, "build", "long")
    os.makedirs(out, exist_ok=True)
    config = match.MatchConfig(engines=players, tc=engines.TimeControl.parse(tc), games=count,
                               pgn=os.path.join(out, name + ".pgn"), log=os.path.join(out, name + ".log"),
                               event=name, quiet=True, **extra)
    summary = match.Match(config).run()
    for line in match.format_summary(summary).splitlines():
        print("    " + line)
    return summary


def tech(proto, ponder=False, name=None):
    """TECH as one side of a match."""
    return engines.EngineConfig(cmd=[binary()], proto=proto, name=name or f"TECH-{proto}", ponder=ponder)


def check_clean(summary, who):
    """The engines named in `who` forfeited no game (of any kind) and had no errors, crashes,
    stalls or protocol warnings. (Fairy-Max does lose on time at 1+0.01 now and then: that
    is its business, not TECH's.)"""
    check(summary["games"] > 0, "no games played")
    ours = {kind: [f for f in items if f["loser"] in who] for kind, items in summary["forfeits"].items()}
    check(not any(ours.values()), f"forfeits: {ours}")
    for name in who:
        s = summary["stats"][name]
        check(s["crashes"] == 0 and s["stalls"] == 0, f"{name}: {s['crashes']} crashes, {s['stalls']} stalls")
        check(not s["errors"], f"{name} errors: {s['errors'][:5]}")
        check(not s["warnings"], f"{name} warnings: {s['warnings'][:5]}")
