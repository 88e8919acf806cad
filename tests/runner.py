"""runner.py - the one runner of the Python test suites (tests/protocol, tests/long): every test_*
function of a suite's test_*.py files, against an engine binary.

usage: python3 tests/SUITE/run.py [--wrapper CMD] [--skip FILE]... [--jobs N] ./tech [NAME-SUBSTRING ...]
Prints one line per test and `SUITE: N passed, M failed`; exits 1 on any failure, 2 on a usage error.

--wrapper CMD (or the environment variable TECH_WRAPPER) runs the engine as `CMD ./tech ...`, CMD
split as a shell would: `--wrapper /usr/lib/wine/wine64 tech.exe` tests the Windows build under
Wine. --skip FILE (any number of them) leaves out the tests it names, one `module.test_name  reason`
a line (`#` starts a comment), each printed as SKIP with its reason. NAME-SUBSTRING runs only the
tests whose `module.test_name` contains one of them. --jobs N (or TECH_TEST_JOBS) runs N tests at
a time, each in a process of its own (default: one more than the machine has cores; 1 runs them
in order in this process): most of a protocol test's time is spent waiting on the engine's clock,
not computing. A test marked `ALONE` (a module's list of test names whose timing another test
would disturb) runs after the others, by itself. Tests start longest first, by the times of the
suite's last run (kept in build/test-times/SUITE.json); a line is printed as each test ends.

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
import json
import multiprocessing
import os
import shlex
import sys
import time
import traceback

# The project's Python folders, put on the path of every test (and so of the scripts a test
# imports): the one place that sets it. tests/ holds the runner and the suites' shared modules,
# tests/protocol the harness that drives the engine (which the release files' tests use too).
TESTS = os.path.dirname(os.path.abspath(__file__))
PROJECT = os.path.dirname(TESTS)
PYTHON_PATHS = [TESTS, os.path.join(TESTS, "protocol")] + [
    os.path.join(PROJECT, d) for d in ("scripts", "packaging")]


def set_python_paths(folder):
    """The one place Python's paths are set: `folder` and PYTHON_PATHS, for this process and for
    the Python programs it starts (PYTHONPATH)."""
    sys.path[:0] = [folder] + [p for p in PYTHON_PATHS if p not in sys.path]
    inherited = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    os.environ["PYTHONPATH"] = os.pathsep.join(PYTHON_PATHS + inherited)


def load_tests(folder):
    """[(module.test_name, function)] and the set of names that must run alone: files in name
    order, each file's tests in source order."""
    tests, alone = [], set()
    for name in sorted(os.listdir(folder)):
        if not (name.startswith("test_") and name.endswith(".py")):
            continue
        spec = importlib.util.spec_from_file_location(name[:-3], os.path.join(folder, name))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        found = [(getattr(module, a).__code__.co_firstlineno, a, getattr(module, a))
                 for a in dir(module) if a.startswith("test_") and callable(getattr(module, a))]
        tests += [(f"{name[:-3]}.{attr}", func) for _, attr, func in sorted(found)]
        alone |= {f"{name[:-3]}.{attr}" for attr in getattr(module, "ALONE", ())}
    return tests, alone


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
    """(wrapper words, {test name: reason to skip it}, jobs, binary, name filters), or None if the
    command line is not one the usage allows."""
    wrapper, skips, rest = os.environ.get("TECH_WRAPPER", ""), {}, []
    jobs = os.environ.get("TECH_TEST_JOBS", str((os.cpu_count() or 1) + 1))
    words = iter(argv)
    for word in words:
        if word in ("--wrapper", "--skip", "--jobs"):
            value = next(words, None)
            if value is None:
                return None
            if word == "--wrapper":
                wrapper = value
            elif word == "--jobs":
                jobs = value
            else:
                skips.update(read_skips(value))
        else:
            rest.append(word)
    if not rest or not jobs.isdigit() or int(jobs) < 1:
        return None
    return shlex.split(wrapper), skips, int(jobs), rest[0], rest[1:]


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


# The suite being run, for the worker processes (they are forked with it).
_SUITE = {}


def _run_named(name):
    """Run one test of _SUITE by name (in a worker process): (name, passed, why, details, seconds)."""
    t0 = time.monotonic()
    ok, why, details = run_one(_SUITE["tests"][name], _SUITE["support"])
    return name, ok, why, details, time.monotonic() - t0


def report(name, ok, why, details, elapsed):
    """Print one test's line (and a failure's details); returns "passed", "failed" or "skipped"."""
    if ok is None:
        print(f"SKIP {name}: {why}", flush=True)
        return "skipped"
    if ok:
        print(f"PASS {name} ({elapsed:.2f} s)", flush=True)
        return "passed"
    print(f"FAIL {name} ({elapsed:.2f} s): {why}", flush=True)
    for line in details:
        print(f"    {line}")
    return "failed"


def times_file(label):
    """Where a suite's test times are kept between runs (build/test-times/SUITE.json)."""
    return os.path.join(PROJECT, "build", "test-times", f"{label}.json")


def read_times(label):
    try:
        with open(times_file(label)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {}


def write_times(label, times):
    try:
        os.makedirs(os.path.dirname(times_file(label)), exist_ok=True)
        with open(times_file(label), "w") as f:
            json.dump(times, f, indent=0, sort_keys=True)
    except OSError:
        pass  # a read-only tree runs its tests all the same


def run_tests(names, alone, jobs, announce, results):
    """Run `names` (each of _SUITE's), `jobs` at a time in forked workers, then those in `alone`
    one by one; put each test's (ok, why, details, seconds) in `results` and print its line."""
    together = [n for n in names if n not in alone]
    by_itself = [n for n in names if n in alone]
    if jobs > 1 and len(together) > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for name, ok, why, details, elapsed in pool.imap_unordered(_run_named, together):
                results[name] = (ok, why, details, elapsed)
                report(name, ok, why, details, elapsed)
        together = []
    for name in together + by_itself:
        if announce:
            print(f"RUN  {name}", flush=True)
        _, ok, why, details, elapsed = _run_named(name)
        results[name] = (ok, why, details, elapsed)
        report(name, ok, why, details, elapsed)


def main(folder, label, support_name, announce=False):
    """Run the suite in `folder` with the command line's arguments; `label` names it in the
    summary, `support_name` is its support module, `announce` prints RUN before each test and runs
    them one at a time (for suites whose tests take minutes and are timed). Returns the exit
    status."""
    parsed = parse_args(sys.argv[1:])
    if parsed is None:
        print(__doc__.strip())
        return 2
    wrapper, skips, jobs, binary, wanted = parsed
    binary = os.path.abspath(binary)
    # Under a wrapper the file is the wrapper's to run (node runs tech.js, which is no program).
    if not (os.path.isfile(binary) if wrapper else os.access(binary, os.X_OK)):
        print(f"{label}: cannot run {binary}")
        return 2
    # The support module reads these when it is imported (the engine, its wrapper, the slowness).
    os.environ["TECH_BINARY"] = binary
    os.environ["TECH_WRAPPER"] = shlex.join(wrapper)
    set_python_paths(folder)
    support = importlib.import_module(support_name)

    tests, alone = load_tests(folder)
    unknown = sorted(set(skips) - {name for name, _ in tests})
    if unknown:
        print(f"{label}: the skip file names no such test: {', '.join(unknown)}")
        return 2
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    start = time.monotonic()
    chosen = []
    for name, _ in tests:
        if wanted and not any(w in name for w in wanted):
            continue
        if name in skips:
            counts["skipped"] += 1
            print(f"SKIP {name}: {skips[name]}", flush=True)
        else:
            chosen.append(name)
    last_times = read_times(label)
    if not announce:
        chosen.sort(key=lambda n: -last_times.get(n, 0.0))
    _SUITE.update(tests=dict(tests), support=support)
    results = {}
    run_tests(chosen, alone, 1 if announce else jobs, announce, results)
    for ok, why, details, elapsed in results.values():
        counts["passed" if ok else "skipped" if ok is None else "failed"] += 1
    last_times.update({n: round(r[3], 2) for n, r in results.items()})
    write_times(label, last_times)
    skip_note = f", {counts['skipped']} skipped" if counts["skipped"] else ""
    print(f"{label}: {counts['passed']} passed, {counts['failed']} failed{skip_note} "
          f"({time.monotonic() - start:.1f} s)")
    return 1 if counts["failed"] else 0
