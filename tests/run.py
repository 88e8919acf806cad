#!/usr/bin/env python3
"""run.py - run one of TECH's Python test suites against an engine binary.

usage: python3 tests/run.py SUITE [--wrapper CMD] [--skip FILE]... [--jobs N] ./tech [NAME-SUBSTRING ...]

The suites, each a folder of tests/ with its test_*.py files:
  protocol  sessions with the daemon: UCI, CECP, the console, the shell tools (support: harness.py)
  tools     the scripts people run: the match runner and its referee, the strength fits, the openings
  release   the release files and the repository: packages, archives, the tree's own rules
  long      real matches, minutes each (make test-long; support: longlib.py)
The options and the output are tests/runner.py's.
"""
import os
import sys

import runner

# suite -> (support module, whether its tests are announced and run one at a time)
SUITES = {"protocol": ("harness", False), "tools": ("testlib", False), "release": ("harness", False),
          "long": ("longlib", True)}

if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in SUITES:
        print(__doc__.strip())
        sys.exit(2)
    suite = sys.argv.pop(1)
    support, announce = SUITES[suite]
    folder = os.path.join(runner.TESTS, suite)
    sys.exit(runner.main(folder, suite, support, announce=announce))
