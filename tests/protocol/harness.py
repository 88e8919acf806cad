"""harness.py - drive the engine binary through pipes with time-bounded reads (stdlib only)."""
import os
import queue
import re
import select
import subprocess
import sys
import threading
import time

from testlib import CHECKED_BUILD, SLOW, START_FEN, WRAPPER, TestFailure, TestSkipped, check, engine_command

# The runner and the protocol tests take these from here as well as the harness's own.
SHARED = (CHECKED_BUILD, SLOW, START_FEN, WRAPPER, TestFailure, TestSkipped, check, engine_command)

# [C] A busy machine stretches every latency: a reply that takes 30 ms on an idle one waits its
# turn for a core behind the other processes. check_latency measures how much slower than idle the
# machine is when a latency misses its limit, for this long, and allows that many times the limit,
# at most SLOWNESS_CAP times (beyond that a latency is a fault of the engine, not of the load).
SLOWNESS_PROBE_S = 0.3
SLOWNESS_CAP = 20.0


def measured_slowness(seconds=SLOWNESS_PROBE_S):
    """How many times slower than an idle machine this one runs now (1.0 at least): the larger of
    the wall time a spinning thread of this process takes per second of CPU it gets over
    `seconds` (2 when it gets half a core) and the 1-minute load average per core (/proc/loadavg,
    the runnable processes; on a system without it, the probe alone)."""
    wall0, cpu0 = time.monotonic(), time.thread_time()
    while time.monotonic() - wall0 < seconds:
        pass
    probe = (time.monotonic() - wall0) / max(time.thread_time() - cpu0, 1e-3)
    try:
        with open("/proc/loadavg") as f:
            load = float(f.read().split()[0]) / (os.cpu_count() or 1)
    except (OSError, ValueError, IndexError):
        load = 1.0
    return max(1.0, probe, load)


def wait_exit(proc, timeout):
    """(exit code, the monotonic time of the exit) of a Popen process. Waited for through a pidfd,
    which wakes at the exit itself: Popen.wait(timeout) polls, up to 50 ms late, which a latency
    would count. subprocess.TimeoutExpired after `timeout` seconds."""
    try:
        fd = os.pidfd_open(proc.pid)
    except (AttributeError, OSError):  # no pidfd here (or already reaped): the polling wait
        rc = proc.wait(timeout=timeout)
        return rc, time.monotonic()
    try:
        readable, _, _ = select.select([fd], [], [], timeout)
        ended = time.monotonic()
    finally:
        os.close(fd)
    if not readable:
        raise subprocess.TimeoutExpired(proc.args, timeout)
    return proc.wait(), ended


def slowness_now():
    """measured_slowness(), at most SLOWNESS_CAP: the factor a test may stretch a time by."""
    return min(measured_slowness(), SLOWNESS_CAP)


def schedstat_s(pid):
    """(seconds on a CPU, seconds runnable and waiting for one) of the process's threads so far
    (Linux /proc/PID/task/*/schedstat)."""
    on_cpu = waiting = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                fields = f.read().split()
        except FileNotFoundError:  # a thread that ended meanwhile
            continue
        on_cpu, waiting = on_cpu + int(fields[0]), waiting + int(fields[1])
    return on_cpu / 1e9, waiting / 1e9


def cpu_demand_s(pid):
    """Seconds the process's threads have wanted a CPU: on one, or runnable and waiting for one,
    so that other load on a shared machine, which keeps a busy thread waiting, does not count as
    idling."""
    return sum(schedstat_s(pid))


def check_latency(seconds, limit, what):
    """Fail unless `seconds`, the latency of `what` (a reply, a stop, an exit), is within `limit`
    seconds, times SLOW, times the machine's measured slowness (measured only when the plain limit
    is missed, so an idle machine is held to the limit itself)."""
    allowed = limit * SLOW
    if seconds < allowed:
        return
    slowness = slowness_now()
    check(seconds < allowed * slowness,
          f"{what} took {seconds:.3f} s: limit {allowed:.3f} s, x{slowness:.2f} on this machine now")


# White's only legal move is Ka1xb2 (the queen guards a2 and b1).
ONLY_MOVE_WHITE = ("k7/8/8/8/8/8/1q6/K7 w - - 0 1", "a1b2")
# Black's only legal move is Ka8xb7.
ONLY_MOVE_BLACK = ("k7/1Q6/8/8/8/8/8/K7 b - - 0 1", "a8b7")
# White mates in one with Ra1-a8.
MATE_IN_ONE = ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8")
# Black is checkmated / stalemated.
MATED = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"
STALEMATE = "k7/8/1Q6/8/8/8/8/K7 b - - 0 1"
MOVE_RE = re.compile(r"^[a-h][1-8][a-h][1-8][nbrq]?$")
# The line the daemon starts with: name, version, profile and a word on `help`.
BANNER = r"^TECH \S+, profile TECH-\S+: .*`help`"


# The engines the test under way has started: the runner closes them after it (test_finished).
STARTED = []


class Engine:
    """One engine process; stdout lines are collected by a thread with their arrival times."""

    def __init__(self, binary=None, args=(), env_extra=None, preexec_fn=None):
        self.binary = binary or os.environ["TECH_BINARY"]
        env = dict(os.environ)
        env.update(env_extra or {})
        # ThreadSanitizer sleeps 1 s at exit by default, which would hide the exit latency.
        if "atexit_sleep_ms" not in env.get("TSAN_OPTIONS", ""):
            env["TSAN_OPTIONS"] = (env.get("TSAN_OPTIONS", "") + " atexit_sleep_ms=0").strip()
        self._start(args, env, preexec_fn)
        STARTED.append(self)
        if not args:
            # The daemon's first line, whoever reads it (daemon.c): read here, so that a test
            # sees what its own commands bring.
            try:
                self.banner = self.expect(BANNER, 5.0).string
            except TestFailure:
                if not self._wrapper_failed_to_start():
                    raise
                # Wine on a loaded machine now and then ends a process before it runs a line of
                # the program (no output, no message): that is the wrapper's, so start once more.
                print(f"note: {WRAPPER[0]} ended with status {self.proc.returncode} before the engine's "
                      "first line and said nothing; started once more", file=sys.stderr)
                self._start(args, env, preexec_fn)
                self.banner = self.expect(BANNER, 5.0).string

    def _start(self, args, env, preexec_fn):
        self.proc = subprocess.Popen(engine_command(*args, binary=self.binary), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, bufsize=0, env=env, preexec_fn=preexec_fn)
        self.lines = queue.Queue()
        self.transcript = []
        self.stderr_text = []
        threading.Thread(target=self._read_stdout, daemon=True).start()
        self.stderr_thread = threading.Thread(target=self._read_stderr, daemon=True)
        self.stderr_thread.start()

    def _wrapper_failed_to_start(self):
        """Whether a wrapped engine ended without a single line on either stream."""
        if not WRAPPER or self.transcript:
            return False
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            return False
        self.stderr_thread.join(timeout=1)
        return not self.stderr_text


    def _read_stdout(self):
        for raw in iter(self.proc.stdout.readline, b""):
            line = raw.decode("utf-8", "replace").rstrip("\n")
            self.lines.put((time.monotonic(), line))
        self.lines.put((time.monotonic(), None))

    def _read_stderr(self):
        for raw in iter(self.proc.stderr.readline, b""):
            self.stderr_text.append(raw.decode("utf-8", "replace"))

    def send(self, *lines):
        """Write lines (str or bytes) and return the monotonic time after the write."""
        for line in lines:
            data = line if isinstance(line, bytes) else (line + "\n").encode()
            self.transcript.append(">> " + repr(data)[:200])
            self.proc.stdin.write(data)
        self.proc.stdin.flush()
        return time.monotonic()

    def next_line(self, timeout):
        """The next output line, or TestFailure after `timeout` seconds."""
        line = self.next_line_or_none(timeout)
        if line is None:
            raise TestFailure(f"no output within {timeout:.2f} s")
        return line

    def next_line_or_none(self, timeout):
        """The next output line, or None after `timeout` seconds; TestFailure at end of output."""
        try:
            stamp, line = self.lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is None:
            self.lines.put((stamp, None))
            raise TestFailure("engine closed its output")
        self.transcript.append("<< " + line[:200])
        self.last_stamp = stamp
        return line

    def expect(self, pattern, timeout=2.0, collect=None):
        """Read until a line matches the regex `pattern`; returns the match. Lines before it go to
        `collect` (a list) when given. A wait that runs out is stretched once by the machine's
        measured slowness (slowness_now) before it fails: on a busy machine the line may be on
        its way."""
        deadline = time.monotonic() + timeout * SLOW
        stretched = False
        regex = re.compile(pattern)
        while True:
            left = deadline - time.monotonic()
            if left <= 0 and not stretched:
                stretched = True
                deadline += timeout * SLOW * (slowness_now() - 1.0)
                continue
            if left <= 0:
                raise TestFailure(f"expected /{pattern}/ within {timeout:.2f} s")
            try:
                line = self.next_line_or_none(left)
            except TestFailure as e:
                raise TestFailure(f"expected /{pattern}/: {e}")
            if line is None:
                continue
            m = regex.search(line)
            if m:
                return m
            if collect is not None:
                collect.append(line)

    def expect_at(self, pattern, timeout=2.0, collect=None):
        """As expect(), also returning the arrival time of the matching line."""
        m = self.expect(pattern, timeout, collect)
        return m, self.last_stamp

    def silent(self, seconds, pattern=None):
        """Check that no line (or no line matching `pattern`) arrives for `seconds`; returns the
        lines that did arrive."""
        end = time.monotonic() + seconds
        seen = []
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return seen
            try:
                stamp, line = self.lines.get(timeout=left)
            except queue.Empty:
                return seen
            if line is None:
                self.lines.put((stamp, None))
                raise TestFailure("engine closed its output")
            self.transcript.append("<< " + line[:200])
            check(not (pattern is None or re.search(pattern, line)), f"unexpected line: {line!r}")
            seen.append(line)

    def drain(self, seconds=0.05):
        """Read whatever arrives within `seconds`."""
        return self.silent(seconds, pattern="(?!)")

    def uci(self):
        self.send("uci")
        self.expect("^uciok$")

    def ready(self, timeout=2.0):
        self.send("isready")
        self.expect("^readyok$", timeout)

    def xboard(self):
        """The CECP handshake; returns the feature lines before the last (done=1)."""
        self.send("xboard", "protover 2")
        lines = []
        self.expect("^feature .*done=1", 2.0, lines)
        return lines

    def ping(self, n=1, timeout=2.0):
        self.send(f"ping {n}")
        self.expect(f"^pong {n}$", timeout)

    def quit(self, timeout=2.0):
        """Send quit and return (exit code, seconds until exit)."""
        start = self.send("quit")
        try:
            rc, ended = wait_exit(self.proc, timeout * SLOW)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise TestFailure("engine did not exit after quit")
        return rc, ended - start

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(timeout=2.0 * SLOW)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.stderr_thread.join(timeout=2.0)

    def sanitizer_report(self):
        """The first line of a sanitizer report on stderr, or None."""
        for line in self.stderr_text:
            # A refused allocation under allocator_may_return_null=1 is a test's doing, not a bug.
            if "Sanitizer failed to allocate" in line:
                continue
            if "Sanitizer" in line or "runtime error:" in line:
                return line.strip()
        return None

    def alive(self):
        return self.proc.poll() is None


def bestmove(engine, timeout=3.0, collect=None):
    """Wait for `bestmove X [ponder Y]`; returns (X, Y or None)."""
    m = engine.expect(r"^bestmove (\S+)(?: ponder (\S+))?$", timeout, collect)
    return m.group(1), m.group(2)


def cecp_move(engine, timeout=3.0, collect=None):
    m = engine.expect(r"^move (\S+)$", timeout, collect)
    return m.group(1)


def cecp_hint(engine, timeout=3.0):
    """TECH's `Hint:` move, asked again until it has one: while pondering there is none until the
    reply is guessed (seconds at Speed PDP-10), and `hint` never waits for it. None if none came."""
    deadline = time.monotonic() + timeout * SLOW
    while time.monotonic() < deadline:
        engine.send("hint")
        hints = [line for line in engine.drain(0.05) if line.startswith("Hint: ")]
        if hints:
            return hints[0].split()[1]
    return None


def test_finished():
    """Called by the runner after each test (tests/runner.py): close the engines the test started;
    return (why the test fails after all: an engine that exited with an error or a sanitizer's
    report, else None; the engines' last lines and stderr, to print under a failure)."""
    engines = list(STARTED)
    STARTED.clear()
    for e in engines:
        e.close()
    problem = None
    crashed = [e for e in engines if e.proc.returncode not in (None, 0)]
    reports = [r for r in (e.sanitizer_report() for e in engines) if r]
    if crashed:
        problem = f"engine exited with status {crashed[0].proc.returncode}"
    elif reports:
        problem = f"sanitizer: {reports[0]}"
    details = []
    for e in engines:
        details += e.transcript[-25:]
        if e.stderr_text:
            details.append("stderr: " + "".join(e.stderr_text)[-1500:])
    return problem, details
