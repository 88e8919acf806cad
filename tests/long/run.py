#!/usr/bin/env python3
"""run.py - the long suites: the match referee's own checks, then real matches.

usage: python3 tests/long/run.py ./tech [NAME-SUBSTRING ...]
Runs every test_* function in tests/long/test_*.py (files in name order, functions in source
order), prints one line per test and `long: N passed, M failed`; exits 1 on any failure.
Games, logs and PGNs are kept under build/long/ for a look after a failure.
"""
import importlib.util
import os
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))


def load_tests():
    sys.path.insert(0, HERE)
    tests = []
    for name in sorted(os.listdir(HERE)):
        if not (name.startswith("test_") and name.endswith(".py")):
            continue
        spec = importlib.util.spec_from_file_location(name[:-3], os.path.join(HERE, name))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found = [(getattr(module, a).__code__.co_firstlineno, a, getattr(module, a))
                 for a in dir(module) if a.startswith("test_") and callable(getattr(module, a))]
        tests += [(f"{name[:-3]}.{attr}", func) for _, attr, func in sorted(found)]
    return tests


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip())
        return 2
    binary = os.path.abspath(sys.argv[1])
    if not os.access(binary, os.X_OK):
        print(f"long: cannot run {binary}")
        return 2
    os.environ["TECH_BINARY"] = binary
    import longlib  # noqa: E402  (after TECH_BINARY is set)

    wanted = sys.argv[2:]
    passed = failed = 0
    start = time.monotonic()
    for name, func in load_tests():
        if wanted and not any(w in name for w in wanted):
            continue
        t0 = time.monotonic()
        print(f"RUN  {name}", flush=True)
        try:
            func()
            ok, why = True, ""
        except longlib.TestFailure as e:
            ok, why = False, str(e)
        except Exception:  # noqa: BLE001  (a crash in a test is a failure, not the end of the run)
            ok, why = False, traceback.format_exc(limit=4)
        elapsed = time.monotonic() - t0
        if ok:
            passed += 1
            print(f"PASS {name} ({elapsed:.1f} s)", flush=True)
        else:
            failed += 1
            print(f"FAIL {name} ({elapsed:.1f} s): {why}", flush=True)
    print(f"long: {passed} passed, {failed} failed ({time.monotonic() - start:.1f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
