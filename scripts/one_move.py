"""one_move.py - ask a UCI or CECP engine for one move in a position, one position at a time.

The engine is a client of scripts/engine_client.py (UciClient, CecpClient: the process, its
time-stamped lines, the handshake, a search with a deadline); this file only writes the few
commands a single search needs:

  UCI:  position startpos moves ... / isready / go movetime MS | go depth D  -> bestmove
  CECP: new / force / the moves / st S | sd D / post / ping N -> pong N / go  -> move

Every search reports the move, the deepest depth the engine printed, the wall time from
writing `go` to reading the move, and the CPU time the engine process used meanwhile.
"""
import os
import re
from collections import namedtuple

import chessrules as cr
from engine_client import CecpClient, EngineLost, EngineRefused, UciClient
from engine_shared import position_command

MOVE_GRACE = 30.0  # beyond the time limit, before a search is stopped as hung

Answer = namedtuple("Answer", "move depth wall cpu")


class EngineError(RuntimeError):
    pass


class Driver:
    """Common part: the client, errors named after the engine, the answer of one search."""

    def __init__(self, name, cmd, options=None, workdir=None):
        self.name = name
        try:
            self.client = self.Client(list(cmd), dict(options or {}), name=name, workdir=workdir)
        except EngineLost as lost:
            raise EngineError(f"{name}: {lost.detail}") from None

    def search(self, moves, limit):
        """limit: ("time", seconds) or ("depth", plies)."""
        try:
            self.set_up(moves, limit)
            cpu0 = self.client.cpu_seconds()
            search = self.go(limit)
        except EngineLost as lost:
            raise EngineError(f"{self.name}: {lost.detail}") from None
        except EngineRefused as refused:
            raise EngineError(f"{self.name}: {refused}") from None
        return Answer(search.bestmove or None, self.deepest(search.lines), search.ended - search.started,
                      self.client.cpu_seconds() - cpu0)

    @staticmethod
    def time_limit(limit):
        """Seconds before a search counts as hung: its time, or 600 s for a depth, plus grace."""
        kind, value = limit
        return (value if kind == "time" else 600.0) + MOVE_GRACE

    def close(self):
        self.client.close()


class UciDriver(Driver):
    Client = UciClient

    @property
    def id_name(self):
        return self.client.id_name

    def new_game(self):
        self.client.new_game()
        self.client.sync()

    def set_up(self, moves, limit):
        self.client.send(position_command(cr.START_FEN, moves))
        self.client.sync()

    def go(self, limit):
        kind, value = limit
        go = f"movetime {int(round(value * 1000))}" if kind == "time" else f"depth {int(value)}"
        return self.client.go(go, self.time_limit(limit))

    @staticmethod
    def deepest(lines):
        depths = [0]
        for line in lines:
            words = line.split()
            if words[:1] == ["info"] and "depth" in words:
                try:
                    depths.append(int(words[words.index("depth") + 1]))
                except (ValueError, IndexError):
                    pass
        return max(depths)


class CecpDriver(Driver):
    Client = CecpClient
    THINKING_RE = re.compile(r"^(\d+)\s+(-?\d+)\s+(\d+)\s+(\d+)")

    def new_game(self):
        pass  # every search starts with `new`

    def set_up(self, moves, limit):
        self.client.new_game()
        kind, value = limit
        if kind == "time":
            seconds = int(value) if float(value).is_integer() else value
            self.client.send(f"st {seconds}")
        else:
            self.client.send("st 600")
            self.client.send(f"sd {int(value)}")
        self.client.send("post")
        for move in moves:
            self.client.usermove(move)
        self.client.sync()

    def go(self, limit):
        search = self.client.go(self.time_limit(limit))
        self.client.send("force")
        return search

    @classmethod
    def deepest(cls, lines):
        return max([0] + [int(found.group(1)) for found in map(cls.THINKING_RE.match, lines) if found])


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
