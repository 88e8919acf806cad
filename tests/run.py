#!/usr/bin/env python3
"""run.py - run one of TECH's Python test suites against an engine binary.

usage: python3 tests/run.py SUITE [--wrapper CMD] [--skip FILE]... [--jobs N] ./tech [NAME-SUBSTRING ...]
       python3 tests/run.py FILE.py [ARGUMENTS ...]   (a test program of its own, on the suites' paths)

The suites, each a folder of tests/ with its test_*.py files:
  protocol  sessions with the daemon: UCI, CECP, the console, the shell tools (support: harness.py)
  tools     the scripts people run: the match runner and its referee, the strength fits, the openings
  release   the release files and the repository: packages, archives, the tree's own rules
  long      real matches, minutes each (make test-long; support: longlib.py)
  gui       XBoard and polyglot playing TECH, Scid showing its chances, under a virtual display (--jobs 2)
The options and the output are tests/runner.py's.
"""
import os
import runpy
import sys

import runner

# suite -> (support module, whether its tests are announced and run one at a time)
SUITES = {"protocol": ("harness", False), "tools": ("testlib", False), "release": ("harness", False),
          "long": ("longlib", True), "gui": ("testlib", False)}

if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1].endswith(".py"):
        program = os.path.abspath(sys.argv.pop(1))
        runner.set_python_paths(os.path.dirname(program))
        sys.argv[0] = program
        runpy.run_path(program, run_name="__main__")
        sys.exit(0)
    if len(sys.argv) < 2 or sys.argv[1] not in SUITES:
        print(__doc__.strip())
        sys.exit(2)
    suite = sys.argv.pop(1)
    support, announce = SUITES[suite]
    folder = os.path.join(runner.TESTS, suite)
    sys.exit(runner.main(folder, suite, support, announce=announce))
