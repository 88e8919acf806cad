"""testlib.py - what every Python suite shares: the failure and skip a test raises, `check`, the
engine under test and how slow its build runs. The protocol suite's harness.py builds on it; the
tools' and the release files' suites use it alone."""
import os
import re
import shlex

# A command the engine runs under, if any (run.py --wrapper, or TECH_WRAPPER): Wine for tech.exe.
WRAPPER = shlex.split(os.environ.get("TECH_WRAPPER", ""))

# Sanitizer and debug builds run several times slower: scale the time limits for them.
# TECH_TEST_SLOW=F sets the factor (Wine: WINE_SLOW in the Makefile); it multiplies every time
# limit of the suite, before check_latency's measured slowness.
CHECKED_BUILD = bool(re.search(r"(asan|tsan|debug)", os.environ.get("TECH_BINARY", "")))
SLOW = 4.0 if CHECKED_BUILD else 1.0
SLOW = float(os.environ.get("TECH_TEST_SLOW", SLOW))

# The standard start position.
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# The project's root folder.
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class TestFailure(Exception):
    """A check failed; the message says what was expected and what came."""


class TestSkipped(Exception):
    """The test cannot run on this machine (a tool it needs is missing); the message says which."""


def check(condition, message):
    if not condition:
        raise TestFailure(message)


def engine_command(*args, binary=None):
    """The argument list that runs the engine binary (under the wrapper, if one is set) with
    `args`; for tests that start it themselves (shell tools, scripts)."""
    return [*WRAPPER, binary or os.environ["TECH_BINARY"], *args]
