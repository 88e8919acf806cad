"""engine_process.py - an engine as a process: pipes, and each output line with the time it came.

Why it exists: every script that talks to an engine needs the same base, and the figures they
measure (a move's time, an isready's round trip, a quit's exit) must not depend on when the
script gets round to reading. A thread reads the engine's stdout in whole chunks and stamps
each line with the monotonic time its chunk arrived; stderr is kept for the error message when
the engine dies. The protocols are spoken above this: engine_client.py (a script asking for
searches) and the match runner's adapters (protocol_adapter.py and its subclasses).
"""
import math
import os
import queue
import subprocess
import threading
import time

from engine_shared import QUIT_TIMEOUT

READ_CHUNK = 65536        # [C] bytes per read of a pipe

# The two ways an engine is lost. In a match each is a forfeit of that name (games.py).
FORFEIT_DISCONNECT = "disconnect"
FORFEIT_STALL = "stall"


class EngineLost(Exception):
    """The engine died (kind 'disconnect') or did not answer in time (kind 'stall')."""

    def __init__(self, kind, detail):
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


class DebugLog:
    """Optional transcript of all traffic, one line per message, shared by all workers."""

    def __init__(self, path):
        self.file = open(path, "w") if path else None
        self.lock = threading.Lock()
        self.t0 = time.monotonic()

    def write(self, who, arrow, text, when=None):
        if self.file:
            with self.lock:
                self.file.write(f"{(when or time.monotonic()) - self.t0:10.4f} {who} {arrow} {text}\n")

    def close(self):
        if self.file:
            self.file.close()


def process_cpu_seconds(pid):
    """CPU time a process has used so far, every thread counted (Linux /proc; None elsewhere).
    schedstat gives nanoseconds per thread; stat's clock ticks are the fallback."""
    try:
        total = 0
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        return total / 1e9
    except (OSError, ValueError, IndexError):
        pass
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def read_lines(pipe, on_line):
    """Call on_line(time, text) for each line of `pipe` until it closes; the time is when the
    line's chunk was read. A last line without a newline counts too."""
    fd = pipe.fileno()
    pending = b""
    while True:
        chunk = os.read(fd, READ_CHUNK)
        now = time.monotonic()
        if not chunk:
            break
        pending += chunk
        *whole, pending = pending.split(b"\n")
        for raw in whole:
            on_line(now, raw.decode("utf-8", "replace").rstrip("\r"))
    if pending:
        on_line(time.monotonic(), pending.decode("utf-8", "replace").rstrip("\r"))


class EngineProcess:
    """A running engine. A thread reads stdout and stamps each line with the monotonic time
    it was read, so move times do not depend on when the caller gets round to it.

    cmd: the command line (a list); log, who: the traffic log (a DebugLog, or None) and the
    name to write there; preexec_fn: run in the child before the engine starts."""

    def __init__(self, cmd, log=None, who="", workdir=None, preexec_fn=None):
        self.log, self.who = log or DebugLog(None), who
        self.proc = subprocess.Popen(cmd, cwd=workdir, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, bufsize=0, preexec_fn=preexec_fn)
        self.lines = queue.Queue()
        self.stderr_lines = []
        self.eof = False
        threading.Thread(target=self._read_stdout, daemon=True).start()
        self.stderr_thread = threading.Thread(target=self._read_stderr, daemon=True)
        self.stderr_thread.start()

    def _read_stdout(self):
        def arrived(now, line):
            self.log.write(self.who, "<", line, now)
            self.lines.put((now, line))
        read_lines(self.proc.stdout, arrived)
        self.lines.put((time.monotonic(), None))

    def _read_stderr(self):
        def arrived(now, line):
            self.log.write(self.who, "!", line, now)
            self.stderr_lines.append(line)
        read_lines(self.proc.stderr, arrived)

    def send(self, text):
        """Write one line; returns the monotonic time taken just before writing."""
        now = time.monotonic()
        self.log.write(self.who, ">", text, now)
        try:
            self.proc.stdin.write((text + "\n").encode())
        except (BrokenPipeError, OSError):
            raise EngineLost(FORFEIT_DISCONNECT, f"cannot write {text!r}: engine gone "
                                                 f"(exit status {self.proc.poll()})") from None
        return now

    def next_line(self, deadline):
        """The next (time, line), or None when the deadline passes first (deadline None: do
        not wait; math.inf: wait for ever). Raises EngineLost at end of output."""
        if self.eof:
            raise EngineLost(FORFEIT_DISCONNECT, self._exit_text())
        try:
            if deadline is None:
                item = self.lines.get_nowait()
            elif deadline == math.inf:
                item = self.lines.get()
            else:
                item = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            return None
        if item[1] is None:
            self.eof = True
            raise EngineLost(FORFEIT_DISCONNECT, self._exit_text())
        return item

    def _exit_text(self):
        try:
            status = self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            status = None
        tail = " | ".join(self.stderr_lines[-3:])
        return f"engine output ended (exit status {status}){': ' + tail if tail else ''}"

    def wait_exit(self, timeout):
        """The exit status once the process has ended, or None if it runs on after `timeout` s."""
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def close(self, quit_line, timeout=QUIT_TIMEOUT):
        """Ask the engine to quit, wait, kill if it does not; returns the exit status."""
        if self.proc.poll() is None and quit_line:
            try:
                self.send(quit_line)
                self.proc.stdin.close()
            except (EngineLost, OSError):
                pass
        status = self.wait_exit(timeout)
        if status is None:
            self.proc.kill()
            status = self.proc.wait()
        self.stderr_thread.join(timeout=1.0)
        return status
