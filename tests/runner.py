"""runner.py - the one runner of the Python test suites (tests/protocol, tests/long): every test_*
function of a suite's test_*.py files, against an engine binary.

usage: python3 tests/SUITE/run.py [--wrapper CMD] [--skip FILE] ./tech [NAME-SUBSTRING ...]
Prints one line per test and `SUITE: N passed, M failed`; exits 1 on any failure, 2 on a usage error.

--wrapper CMD (or the environment variable TECH_WRAPPER) runs the engine as `CMD ./tech ...`, CMD
split as a shell would: `--wrapper /usr/lib/wine/wine64 tech.exe` tests the Windows build under
Wine. --skip FILE leaves out the tests it names, one `module.test_name  reason` a line (`#` starts
a comment), each printed as SKIP with its reason. NAME-SUBSTRING runs only the tests whose
`module.test_name` contains one of them.

A suite is a folder with its run.py (which calls main() below) and a support module that its tests
import: it defines TestFailure (a check that failed: the test fails with its message, not with a
traceback), may define TestSkipped (a test that cannot run here, for want of a tool it names: it
is printed as SKIP with its reason) and test_finished(), called after every test: it cleans up what the test left
(the protocol suite closes the engines the test started) and returns (problem, lines): why the test
fails after all (an engine that crashed, a sanitizer's report) or None, and lines to print under a
failure (the engines' last words).
"""
import importlib
import importlib.util
import os
import shlex
import sys
import time
import traceback


def load_tests(folder):
    """[(module.test_name, function)]: files in name order, each file's tests in source order."""
    tests = []
    for name in sorted(os.listdir(folder)):
        if not (name.startswith("test_") and name.endswith(".py")):
            continue
        spec = importlib.util.spec_from_file_location(name[:-3], os.path.join(folder, name))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found = [(getattr(module, a).__code__.co_firstlineno, a, getattr(module, a))
                 for a in dir(module) if a.startswith("test_") and callable(getattr(module, a))]
        tests += [(f"{name[:-3]}.{attr}", func) for _, attr, func in sorted(found)]
    return tests


def read_skips(path):
    """{test name: reason} from a skip file (none: {})."""
    skips = {}
    if path:
        with open(path) as f:
            for line in f:
                name, _, reason = line.split("#", 1)[0].strip().partition(" ")
                if name:
                    skips[name] = reason.strip()
    return skips


def parse_args(argv):
    """(wrapper words, {test name: reason to skip it}, binary, name filters), or None if the
    command line is not one the usage allows."""
    wrapper, skip_file, rest = os.environ.get("TECH_WRAPPER", ""), None, []
    words = iter(argv)
    for word in words:
        if word in ("--wrapper", "--skip"):
            value = next(words, None)
            if value is None:
                return None
            if word == "--wrapper":
                wrapper = value
            else:
                skip_file = value
        else:
            rest.append(word)
    if not rest:
        return None
    return shlex.split(wrapper), read_skips(skip_file), rest[0], rest[1:]


def run_one(func, support):
    """Run one test: (passed, why it failed, lines to print under a failure); passed is None for
    a test that skipped itself, why then its reason."""
    skipped = getattr(support, "TestSkipped", ())
    try:
        func()
        ok, why = True, ""
    except support.TestFailure as e:
        ok, why = False, str(e)
    except skipped as e:
        ok, why = None, str(e)
    except Exception:  # noqa: BLE001  (a crash in a test is its failure, not the end of the run)
        ok, why = False, traceback.format_exc(limit=4)
    details = []
    finished = getattr(support, "test_finished", None)
    if finished:
        problem, details = finished()
        if ok and problem:
            ok, why = False, problem
    return ok, why, details


def main(folder, label, support_name, announce=False):
    """Run the suite in `folder` with the command line's arguments; `label` names it in the
    summary, `support_name` is its support module, `announce` prints RUN before each test (for
    suites whose tests take minutes). Returns the exit status."""
    parsed = parse_args(sys.argv[1:])
    if parsed is None:
        print(__doc__.strip())
        return 2
    wrapper, skips, binary, wanted = parsed
    binary = os.path.abspath(binary)
    if not os.access(binary, os.X_OK):
        print(f"{label}: cannot run {binary}")
        return 2
    # The support module reads these when it is imported (the engine, its wrapper, the slowness).
    os.environ["TECH_BINARY"] = binary
    os.environ["TECH_WRAPPER"] = shlex.join(wrapper)
    sys.path.insert(0, folder)
    support = importlib.import_module(support_name)

    tests = load_tests(folder)
    unknown = sorted(set(skips) - {name for name, _ in tests})
    if unknown:
        print(f"{label}: the skip file names no such test: {', '.join(unknown)}")
        return 2
    passed = failed = skipped = 0
    start = time.monotonic()
    for name, func in tests:
        if wanted and not any(w in name for w in wanted):
            continue
        if name in skips:
            skipped += 1
            print(f"SKIP {name}: {skips[name]}", flush=True)
            continue
        if announce:
            print(f"RUN  {name}", flush=True)
        t0 = time.monotonic()
        ok, why, details = run_one(func, support)
        elapsed = time.monotonic() - t0
        if ok is None:
            skipped += 1
            print(f"SKIP {name}: {why}", flush=True)
        elif ok:
            passed += 1
            print(f"PASS {name} ({elapsed:.2f} s)", flush=True)
        else:
            failed += 1
            print(f"FAIL {name} ({elapsed:.2f} s): {why}", flush=True)
            for line in details:
                print(f"    {line}")
    skip_note = f", {skipped} skipped" if skipped else ""
    print(f"{label}: {passed} passed, {failed} failed{skip_note} ({time.monotonic() - start:.1f} s)")
    return 1 if failed else 0
