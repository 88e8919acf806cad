"""test_harness.py - the suite's own timing checks (harness.py): a latency within its limit passes
without a measurement, one beyond what any measured slowness allows fails on any machine, and the
exit of a process is timed from its end (a pidfd), not from a polling wait that notices it later."""
import subprocess
import sys
import time

from harness import SLOW, SLOWNESS_CAP, TestFailure, check, check_latency, measured_slowness, wait_exit


def test_latency_within_the_limit_passes_and_far_beyond_fails():
    started = time.monotonic()
    check_latency(0.5 * SLOW * 0.01, 0.01, "a quick reply")
    check(time.monotonic() - started < 0.1, "a latency within its limit measured the machine")
    check(measured_slowness(0.05) >= 1.0, "a slowness below 1")
    try:
        check_latency(1.01 * SLOWNESS_CAP * SLOW * 0.01, 0.01, "a reply far too late")
        failed = None
    except TestFailure as e:
        failed = str(e)
    check(failed and "a reply far too late took" in failed, f"a latency beyond the cap passed: {failed}")


def test_exit_is_timed_when_it_happens():
    """A process that exits 0.3 s after it starts is timed at its exit, not before it; one that
    does not exit within the timeout is reported so."""
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(0.3)"])
    rc, ended = wait_exit(proc, 10.0)
    check(rc == 0, f"exit status {rc}")
    check(ended - started >= 0.3, f"the exit timed {ended - started:.3f} s after the start, before it happened")
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(5)"])
    try:
        wait_exit(proc, 0.1)
        timed_out = False
    except subprocess.TimeoutExpired:
        timed_out = True
    finally:
        proc.kill()
        proc.wait()
    check(timed_out, "a process still running was taken for ended")
