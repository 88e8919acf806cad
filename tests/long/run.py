#!/usr/bin/env python3
"""run.py - the long suite; the same as `python3 tests/run.py long ...` (tests/run.py says how)."""
import os
import sys

if __name__ == "__main__":
    run = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "run.py")
    os.execv(sys.executable, [sys.executable, run, "long", *sys.argv[1:]])
