#!/usr/bin/env python3
"""run.py - the GUI suite, two matches at a time; the same as `python3 tests/run.py gui --jobs 2 ...`
(tests/run.py says how; tests/gui/test_xboard.py what it plays)."""
import os
import sys

if __name__ == "__main__":
    run = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "run.py")
    os.execv(sys.executable, [sys.executable, run, "gui", "--jobs", "2", *sys.argv[1:]])
