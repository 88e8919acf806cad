#!/usr/bin/env python3
"""run.py - the protocol suite: every scripted session of tests/protocol against an engine binary.

usage: python3 tests/protocol/run.py [--wrapper CMD] [--skip FILE] ./tech [NAME-SUBSTRING ...]
The runner, its options and its output are tests/runner.py's; the tests' tools are harness.py's.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import runner  # noqa: E402  (tests/ on the path)

if __name__ == "__main__":
    sys.exit(runner.main(HERE, "protocol", "harness"))
