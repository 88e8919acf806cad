"""drivers.py - ask a UCI or CECP engine for one move in a position, one position at a time.

The process, its reader thread and time-stamped lines come from scripts/engines.py
(EngineProcess); this file only writes the few commands a single search needs:

  UCI:  position startpos moves ... / isready / go movetime MS | go depth D  -> bestmove
  CECP: new / force / the moves / st S | sd D / post / ping N -> pong N / go  -> move

Every search reports the move, the deepest depth the engine printed, the wall time from
writing `go` to reading the move, and the CPU time the engine process used meanwhile.
"""
import os
import re
import sys
import time
from collections import namedtuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
import chessrules as cr  # noqa: E402
import engines  # noqa: E402  (EngineProcess, DebugLog, process_cpu_seconds)

START_TIMEOUT = 30.0
SYNC_TIMEOUT = 15.0
MOVE_GRACE = 30.0  # beyond the time limit, before a search counts as hung

Answer = namedtuple("Answer", "move depth wall cpu")


class EngineError(RuntimeError):
    pass


class Driver:
    """Common part: the process and line reading."""

    def __init__(self, name, cmd, options=None, workdir=None):
        self.name = name
        self.options = dict(options or {})
        config = engines.EngineConfig(cmd=list(cmd), proto=self.proto, name=name, workdir=workdir)
        self.proc = engines.EngineProcess(config, engines.DebugLog(None), name)
        self.handshake()

    def lines_until(self, stop, timeout, what):
        """Read lines, passing each to stop(line); return when stop returns True."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                item = self.proc.next_line(deadline)
            except engines.EngineLost as lost:
                raise EngineError(f"{self.name}: {lost.detail}") from None
            if item is None:
                raise EngineError(f"{self.name}: no {what} within {timeout:g} s")
            if stop(item[1].strip()):
                return item[0]

    def cpu(self):
        return engines.process_cpu_seconds(self.proc.proc.pid) or 0.0

    def close(self):
        self.proc.close("quit")


class UciDriver(Driver):
    proto = "uci"

    def handshake(self):
        self.id_name = self.name

        def stop(line):
            if line.startswith("id name "):
                self.id_name = line[len("id name "):].strip()
            return line == "uciok"

        self.proc.send("uci")
        self.lines_until(stop, START_TIMEOUT, "uciok")
        for key, value in self.options.items():
            self.proc.send(f"setoption name {key} value {value}")
        self.sync()

    def sync(self):
        self.proc.send("isready")
        self.lines_until(lambda line: line == "readyok", SYNC_TIMEOUT, "readyok")

    def new_game(self):
        self.proc.send("ucinewgame")
        self.sync()

    def search(self, moves, limit):
        """limit: ("time", seconds) or ("depth", plies)."""
        self.proc.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        self.sync()
        kind, value = limit
        go = f"go movetime {int(round(value * 1000))}" if kind == "time" else f"go depth {int(value)}"
        state = {"depth": 0, "move": None}

        def stop(line):
            words = line.split()
            if words[:1] == ["info"] and "depth" in words:
                try:
                    state["depth"] = max(state["depth"], int(words[words.index("depth") + 1]))
                except (ValueError, IndexError):
                    pass
            elif words[:1] == ["bestmove"] and len(words) > 1:
                state["move"] = words[1]
                return True
            return False

        cpu0 = self.cpu()
        started = self.proc.send(go)
        limit_s = value if kind == "time" else 600.0
        ended = self.lines_until(stop, limit_s + MOVE_GRACE, "bestmove")
        return Answer(state["move"], state["depth"], ended - started, self.cpu() - cpu0)


class CecpDriver(Driver):
    proto = "xboard"
    FEATURE_RE = re.compile(r'(\w+)=("[^"]*"|\S+)')
    THINKING_RE = re.compile(r"^(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)")

    def handshake(self):
        self.features = {}
        self.ping_id = 0
        self.proc.send("xboard")
        self.proc.send("protover 2")
        state = {"done": None}

        def stop(line):
            if line.startswith("feature"):
                for key, value in self.FEATURE_RE.findall(line):
                    value = value.strip('"')
                    if key == "done":
                        state["done"] = value
                    else:
                        self.features[key] = value
                        self.proc.send(f"accepted {key}")
            return state["done"] == "1"

        try:
            self.lines_until(stop, 5.0, "feature done=1")
        except EngineError:
            if state["done"] != "0":
                raise  # a protocol-1 engine is of no use here: no ping, no st
            self.lines_until(stop, START_TIMEOUT, "feature done=1")  # done=0 asks for more time
        for key, value in self.options.items():
            self.proc.send(f"option {key}={value}")
        self.sync()

    def sync(self):
        if self.features.get("ping") != "1":
            time.sleep(0.05)
            return
        self.ping_id += 1
        self.proc.send(f"ping {self.ping_id}")
        wanted = f"pong {self.ping_id}"
        self.lines_until(lambda line: line == wanted, SYNC_TIMEOUT, wanted)

    def new_game(self):
        pass  # every search starts with `new`

    def search(self, moves, limit):
        self.proc.send("new")
        self.proc.send("force")
        kind, value = limit
        if kind == "time":
            seconds = int(value) if float(value).is_integer() else value
            self.proc.send(f"st {seconds}")
        else:
            self.proc.send("st 600")
            self.proc.send(f"sd {int(value)}")
        self.proc.send("post")
        prefix = "usermove " if self.features.get("usermove") == "1" else ""
        for move in moves:
            self.proc.send(prefix + move)
        self.sync()
        state = {"depth": 0, "move": None}

        def stop(line):
            words = line.split()
            if words[:1] == ["move"] and len(words) > 1:
                state["move"] = words[1]
                return True
            found = self.THINKING_RE.match(line)
            if found:
                state["depth"] = max(state["depth"], int(found.group(1)))
            elif line.startswith("Illegal move") or line.startswith("Error"):
                raise EngineError(f"{self.name}: {line}")
            return False

        cpu0 = self.cpu()
        started = self.proc.send("go")
        limit_s = value if kind == "time" else 600.0
        ended = self.lines_until(stop, limit_s + MOVE_GRACE, "move")
        self.proc.send("force")
        return Answer(state["move"], state["depth"], ended - started, self.cpu() - cpu0)


def start(name, proto, cmd, options=None, workdir=None):
    """Start an engine; a relative program path is taken from the current folder."""
    cmd = list(cmd)
    if os.sep in cmd[0] and not os.path.isabs(cmd[0]):
        cmd[0] = os.path.abspath(cmd[0])
    return (UciDriver if proto == "uci" else CecpDriver)(name, cmd, options, workdir)


def normalise(position, text):
    """The engine's move as the referee's coordinate move, or None if it is not legal."""
    try:
        return position.parse_move(text).uci()
    except (cr.IllegalMoveError, TypeError):
        return None
