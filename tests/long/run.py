#!/usr/bin/env python3
"""run.py - the long suites: the match referee's own checks, then real matches.

usage: python3 tests/long/run.py [--wrapper CMD] [--skip FILE] ./tech [NAME-SUBSTRING ...]
The runner, its options and its output are tests/runner.py's; the tests' tools are longlib.py's.
Games, logs and PGNs are kept under build/long/ for a look after a failure.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import runner  # noqa: E402  (tests/ on the path)

if __name__ == "__main__":
    sys.exit(runner.main(HERE, "long", "longlib", announce=True))
