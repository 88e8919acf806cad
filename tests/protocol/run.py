#!/usr/bin/env python3
"""run.py - run every scripted protocol session against an engine binary.

usage: python3 tests/protocol/run.py [--wrapper CMD] [--skip FILE] ./tech [NAME-SUBSTRING ...]
Prints one line per test and `protocol: N passed, M failed`; exits 1 on any failure.

--wrapper CMD (or the environment variable TECH_WRAPPER) runs the engine as `CMD ./tech ...`,
CMD split as a shell would: `--wrapper /usr/lib/wine/wine64 tech.exe` tests the Windows build
under Wine. --skip FILE leaves out the tests it names, one `module.test_name  reason` a line
(`#` starts a comment), each printed as SKIP with its reason.
"""
import importlib.util
import os
import shlex
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
        for attr in dir(module):
            if attr.startswith("test_") and callable(getattr(module, attr)):
                func = getattr(module, attr)
                tests.append((func.__code__.co_firstlineno, name[:-3], attr, func))
    # Keep each file's tests in source order.
    tests.sort(key=lambda t: (t[1], t[0]))
    return [(f"{module}.{attr}", func) for _, module, attr, func in tests]


def parse_args(argv):
    """(wrapper words, {test name: reason to skip it}, binary, name filters), or None if no
    binary is given."""
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


def main():
    parsed = parse_args(sys.argv[1:])
    if parsed is None:
        print(__doc__.strip())
        return 2
    wrapper, skips, binary, wanted = parsed
    binary = os.path.abspath(binary)
    if not os.access(binary, os.X_OK):
        print(f"protocol: cannot run {binary}")
        return 2
    os.environ["TECH_BINARY"] = binary
    os.environ["TECH_WRAPPER"] = shlex.join(wrapper)
    import harness  # noqa: E402  (needs TECH_BINARY and TECH_WRAPPER for its slowness factor)

    passed = failed = skipped = 0
    start = time.monotonic()
    tests = load_tests()
    unknown = sorted(set(skips) - {name for name, _ in tests})
    if unknown:
        print(f"protocol: the skip file names no such test: {', '.join(unknown)}")
        return 2
    for name, func in tests:
        if wanted and not any(w in name for w in wanted):
            continue
        if name in skips:
            skipped += 1
            print(f"SKIP {name}: {skips[name]}", flush=True)
            continue
        t0 = time.monotonic()
        engines = []
        original_init = harness.Engine.__init__

        def tracking_init(self, *args, **kwargs):
            original_init(self, *args, **kwargs)
            engines.append(self)

        harness.Engine.__init__ = tracking_init
        try:
            func()
            ok, why = True, ""
        except harness.TestFailure as e:
            ok, why = False, str(e)
        except Exception:
            ok, why = False, traceback.format_exc(limit=3)
        finally:
            harness.Engine.__init__ = original_init
            for e in engines:
                e.close()
            crashed = [e for e in engines if e.proc.returncode not in (None, 0)]
        if ok and crashed:
            ok, why = False, f"engine exited with status {crashed[0].proc.returncode}"
        reports = [r for r in (e.sanitizer_report() for e in engines) if r]
        if ok and reports:
            ok, why = False, f"sanitizer: {reports[0]}"
        elapsed = time.monotonic() - t0
        if ok:
            passed += 1
            print(f"PASS {name} ({elapsed:.2f} s)", flush=True)
        else:
            failed += 1
            print(f"FAIL {name} ({elapsed:.2f} s): {why}", flush=True)
            for e in engines:
                for line in e.transcript[-25:]:
                    print(f"    {line}")
                if e.stderr_text:
                    print("    stderr: " + "".join(e.stderr_text)[-1500:])
    skip_note = f", {skipped} skipped" if skipped else ""
    print(f"protocol: {passed} passed, {failed} failed{skip_note} ({time.monotonic() - start:.1f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
