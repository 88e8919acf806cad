"""engine_client.py - a script's side of a UCI or CECP engine: start it, ask, read the answer.

Why it exists: the measuring scripts (replay, opening_moves, presort_quality, latency, ...)
each need the same few steps: start an engine, do the handshake, set options, give it a
position, let it search (with a deadline, and `stop` when the deadline passes), read until a
certain line, quit. This is that client, once. The engine's output lines carry the time they
arrived (engine_process.py), so timings taken here are the engine's, not the script's.

Not for games under a clock: the match runner (match.py) needs pondering, flags and forfeits
and has its own adapters (uci_adapter.py, cecp_adapter.py) on the same process class; what the
two share, the time-outs and the protocol text, is engine_shared.py's.

    with UciClient(["./tech"], {"Style": "TECH-modern"}) as engine:
        engine.send(position_command(cr.START_FEN, ["e2e4"]))
        search = engine.go("depth 5")          # Search: bestmove, ponder, lines, started, ended
"""
import math
import time
from dataclasses import dataclass, field

# EngineLost is the callers' too: a client raises it when the engine dies or stays silent. The
# time-outs and the protocol text are the ones the match runner uses (engine_shared.py; a script
# that writes a `position` command imports position_command from there).
from engine_process import FORFEIT_STALL, EngineLost, EngineProcess, process_cpu_seconds
from engine_shared import (FEATURE_RE, FEATURE_TIMEOUT, PING_TIMEOUT, QUIT_TIMEOUT, START_TIMEOUT, STOP_TIMEOUT,
                           cecp_setup_lines)


class EngineRefused(RuntimeError):
    """The engine answered a request with an error instead of doing it (CECP `Error`,
    `Illegal move`)."""


def starts_with_words(wanted):
    """A test for a line: True if its first words are those of `wanted` ("bestmove",
    "pong 3", "Nodes searched:")."""
    words = wanted.split()
    return lambda line: line.split()[:len(words)] == words


@dataclass
class Found:
    """What read_until found: the line it waited for, when it came, and every line read on the
    way (that one last)."""
    when: float
    line: str
    lines: list = field(default_factory=list)


@dataclass
class Search:
    """One search: the move, the lines before it, when `go` was written and the move came."""
    bestmove: str
    ponder: str
    lines: list
    started: float
    ended: float

    @property
    def score(self):
        """The score of the last info line that has one ("cp 25", "mate 3"; "?" if none)."""
        score = "?"
        for line in self.lines:
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                at = words.index("score")
                score = " ".join(words[at + 1:at + 3])
        return score


class EngineClient:
    """The protocol-free part: the process, lines out, time-stamped lines in, quit."""

    quit_line = "quit"

    def __init__(self, cmd, name=None, workdir=None, log=None, preexec_fn=None):
        self.name = name or cmd[0]
        self.process = EngineProcess(cmd, log, self.name, workdir, preexec_fn)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def send(self, text):
        """Write one line; returns the time just before the write."""
        return self.process.send(text)

    def read_until(self, wanted, timeout=None, after=None):
        """Read lines until one that `wanted` accepts (a test of the line, or its first words as
        text); returns a Found. Lines that came before the time `after` are passed over.
        timeout None waits for ever; else EngineLost (stall) when it passes first."""
        accepts = starts_with_words(wanted) if isinstance(wanted, str) else wanted
        deadline = math.inf if timeout is None else time.monotonic() + timeout
        lines = []
        while True:
            item = self.process.next_line(deadline)
            if item is None:
                what = wanted if isinstance(wanted, str) else "answer"
                raise EngineLost(FORFEIT_STALL, f"no {what} within {timeout:g} s")
            when, line = item[0], item[1].strip()
            if after is not None and when < after:
                continue
            lines.append(line)
            if accepts(line):
                return Found(when, line, lines)

    def wait_exit(self, timeout):
        """The exit status once the engine has ended, or None if it still runs after `timeout` s."""
        return self.process.wait_exit(timeout)

    def cpu_seconds(self):
        """CPU time the engine has used so far (0.0 where the system does not say)."""
        return process_cpu_seconds(self.process.proc.pid) or 0.0

    def close(self, timeout=QUIT_TIMEOUT):
        """Quit (a kill if the engine has not exited after `timeout` s); returns the exit status."""
        return self.process.close(self.quit_line, timeout)


class UciClient(EngineClient):
    """A UCI engine: `uci` ... `uciok`, the options, `isready`, then one search at a time."""

    def __init__(self, cmd, options=(), **process):
        super().__init__(cmd, **process)
        self.handshake(dict(options))

    def handshake(self, options):
        """uci until uciok (keeping the engine's name and its option lines), then the options
        and isready."""
        self.send("uci")
        found = self.read_until("uciok", START_TIMEOUT)
        self.id_name = next((line[len("id name "):] for line in found.lines if line.startswith("id name ")),
                            self.name)
        self.option_lines = [line for line in found.lines if line.startswith("option name ")]
        for name, value in options.items():
            self.setoption(name, value)
        self.sync()

    def combo_values(self, name):
        """The values of the engine's combo option `name` (empty if it has none)."""
        for line in self.option_lines:
            if line.startswith(f"option name {name} type combo"):
                return line.split(" var ")[1:]
        return []

    def setoption(self, name, value):
        self.send(f"setoption name {name} value {value}")

    def sync(self, timeout=PING_TIMEOUT):
        """isready until readyok; returns the round trip in seconds."""
        sent = self.send("isready")
        return self.read_until("readyok", timeout).when - sent

    def new_game(self):
        self.send("ucinewgame")

    def go(self, limits, timeout=None):
        """`go LIMITS` and the lines until its bestmove. With a timeout, `stop` is sent when it
        passes and the move must come within STOP_TIMEOUT."""
        started = self.send(f"go {limits}")
        try:
            found = self.read_until("bestmove", timeout)
        except EngineLost as lost:
            if lost.kind != FORFEIT_STALL:
                raise
            self.send("stop")
            found = self.read_until("bestmove", STOP_TIMEOUT)
        words = found.line.split()
        ponder = words[3] if len(words) > 3 and words[2] == "ponder" else ""
        return Search(words[1] if len(words) > 1 else "", ponder, found.lines[:-1], started, found.when)

    def best_move(self, position, depth):
        """The move the engine plays after `position` (a `position ...` command) with `go depth D`."""
        self.send(position)
        return self.go(f"depth {depth}").bestmove


class CecpClient(EngineClient):
    """A CECP (XBoard protocol 2) engine: the features answered, then one search at a time in
    force mode. Moves are sent in coordinate notation, so `san` is the one feature refused."""

    REFUSED = {"san"}

    def __init__(self, cmd, options=(), **process):
        super().__init__(cmd, **process)
        self.ping_id = 0
        self.handshake(dict(options))

    def handshake(self, options):
        """xboard, protover 2, each feature accepted or refused until done=1 (an engine that
        says done=0 gets START_TIMEOUT, one that says nothing FEATURE_TIMEOUT and is then taken
        as protocol 1), then the options."""
        self.features = {}
        self.send("xboard")
        self.send("protover 2")
        done = {"value": None}

        def feature_line(line):
            if line.startswith("feature "):
                for key, value in FEATURE_RE.findall(line):
                    value = value.strip('"')
                    if key == "done":
                        done["value"] = value
                    else:
                        self.features[key] = value
                    self.send(f"{'rejected' if key in self.REFUSED else 'accepted'} {key}")
            return done["value"] == "1"

        try:
            self.read_until(feature_line, FEATURE_TIMEOUT)
        except EngineLost as lost:
            if lost.kind != FORFEIT_STALL:
                raise
            if done["value"] == "0":
                self.read_until(feature_line, START_TIMEOUT)
            # No done=... at all: a protocol 1 engine, taken as it is (as cutechess does).
        for name, value in options.items():
            self.option(name, value)
        self.sync()

    def option(self, name, value):
        self.send(f"option {name}={value}")

    def sync(self, timeout=PING_TIMEOUT):
        """ping N until pong N (engines with ping=1); returns the round trip in seconds, or
        None for an engine without ping."""
        if self.features.get("ping") != "1":
            return None
        self.ping_id += 1
        sent = self.send(f"ping {self.ping_id}")
        return self.read_until(f"pong {self.ping_id}", timeout).when - sent

    def new_game(self):
        """`new` and `force`: the start position, the engine moving for neither side."""
        self.send("new")
        self.send("force")

    def set_position(self, position):
        for line in cecp_setup_lines(position, self.features.get("setboard") == "1"):
            self.send(line)

    def usermove(self, move):
        """A move in coordinate notation, as the engine asked for moves."""
        self.send(f"usermove {move}" if self.features.get("usermove") == "1" else move)

    def go(self, timeout=None):
        """`go` and the lines until the engine's `move`. With a timeout, `?` (move now) is sent
        when it passes and the move must come within STOP_TIMEOUT. An `Illegal move` or
        `Error` line instead of the move raises EngineRefused."""
        def move_or_refusal(line):
            return line.startswith(("move ", "Illegal move", "Error"))

        started = self.send("go")
        try:
            found = self.read_until(move_or_refusal, timeout)
        except EngineLost as lost:
            if lost.kind != FORFEIT_STALL:
                raise
            self.send("?")
            found = self.read_until(move_or_refusal, STOP_TIMEOUT)
        if not found.line.startswith("move "):
            raise EngineRefused(found.line)
        return Search(found.line.split()[1], "", found.lines[:-1], started, found.when)
