"""engines.py - the engines of a match: how they are given, and the names the runner imports.

Why it exists: scripts/match.py plays engines against each other the way cutechess-cli does
(docs/PROTOCOLS.md §5.1). This module reads an engine's `--engine` words (EngineConfig) and a
time control (TimeControl), names the engines, and maps each protocol to its adapter
(ADAPTERS). The rest of the engine side is split by job, and its public names are imported
here so that the runner, soak.py and the tests keep one place to import from:

  engine_process.py   the process and its time-stamped output; EngineLost; the traffic log
  protocol_adapter.py what UCI and CECP share in a match: the move's clock, flag and stall
  uci_adapter.py      the UCI dialogue and the ponder cycle (UciAdapter)
  cecp_adapter.py     the CECP dialogue (CecpAdapter)
  engine_stats.py     what the summary reports about each engine (EngineStats)

Whether a move is legal and how a game ends is the referee's business (games.py with
chessrules.py); scheduling and results are match.py's.
"""
import os
import shlex
from dataclasses import dataclass, field

from cecp_adapter import CecpAdapter
from engine_process import FORFEIT_DISCONNECT, FORFEIT_STALL
from uci_adapter import UciAdapter

# Forfeit kinds, as the summary and the tests name them (the other two, FORFEIT_DISCONNECT and
# FORFEIT_STALL, are the ways an engine is lost: engine_process.py).
FORFEIT_TIME = "time"
FORFEIT_ILLEGAL = "illegal move"
FORFEIT_FALSE_CLAIM = "false claim"
FORFEIT_ILLEGAL_CLAIM = "claims a legal move illegal"
# Every kind, in the order a match summary lists them (match.py).
FORFEIT_KINDS = (FORFEIT_TIME, FORFEIT_ILLEGAL, FORFEIT_FALSE_CLAIM, FORFEIT_ILLEGAL_CLAIM,
                 FORFEIT_DISCONNECT, FORFEIT_STALL)

ADAPTERS = {"uci": UciAdapter, "xboard": CecpAdapter}


@dataclass
class TimeControl:
    """Base time plus increment, both in seconds (cutechess `tc=BASE+INC`), or a fixed time a
    move (`st=SECONDS`, cutechess's `st`: every move gets that long, nothing carries over)."""
    base: float
    inc: float
    per_move: bool = False

    @classmethod
    def parse(cls, text):
        if text.startswith("st="):
            tc = cls(float(text[3:]), 0.0, per_move=True)
        else:
            base, _, inc = text.partition("+")
            tc = cls(float(base), float(inc or 0))
        if tc.base <= 0 or tc.inc < 0:
            raise ValueError(f"bad time control {text!r}")
        return tc

    def __str__(self):
        return f"st={self.base:g}" if self.per_move else f"{self.base:g}+{self.inc:g}"

    def pgn(self):
        """The PGN TimeControl tag: BASE+INC, or */SECONDS for a time a move (PGN standard 9.6.1)."""
        return f"*/{self.base:g}" if self.per_move else f"{self.base:g}+{self.inc:g}"

    def cecp_level(self, whole_increment=False):
        """`level 0 M:SS INC` as cutechess writes it (minutes, or minutes:seconds); `st N` for a
        time a move. `whole_increment`: INC in whole seconds, rounded down, for an engine that
        refuses a fraction (Dreamer 0.3.0 answers `level 0 0:10 0.1` with an error and keeps its
        own control); the clock still credits the whole increment."""
        if self.per_move:
            return f"st {self.base:g}"
        seconds = int(round(self.base))
        base = f"{seconds // 60}" if seconds % 60 == 0 else f"{seconds // 60}:{seconds % 60:02d}"
        return f"level 0 {base} {int(self.inc) if whole_increment else self.inc:g}"


@dataclass
class EngineConfig:
    """One --engine: how to start it and how to talk to it."""
    cmd: list
    proto: str
    name: str = ""
    workdir: str = None
    options: dict = field(default_factory=dict)
    ponder: bool = False
    depth: int = 0      # UCI: `go depth N` for every move instead of the clocks (0: clocks)
    debug: bool = False  # UCI: `debug on` after the handshake (TECH then reports each move's stats)
    whole_increment: bool = False  # CECP: `level` with the increment in whole seconds (cecp_level)
    tc: TimeControl = None  # this engine's own clock (time odds); None: the match's --tc

    @classmethod
    def parse(cls, words):
        kw, options, ponder, debug, whole_increment = {}, {}, False, False, False
        for word in words:
            if word == "ponder":
                ponder = True
                continue
            if word == "debug":
                debug = True
                continue
            if word == "whole-increment":
                whole_increment = True
                continue
            key, sep, value = word.partition("=")
            if not sep:
                raise ValueError(f"--engine: expected KEY=VALUE, got {word!r}")
            if key.startswith("option."):
                options[key[len("option."):]] = value
            elif key in ("cmd", "proto", "name", "dir"):
                kw[key] = value
            elif key == "tc":
                kw[key] = TimeControl.parse(value)
            elif key == "depth":
                if not value.isdigit() or int(value) < 1:
                    raise ValueError(f"--engine: depth must be a positive integer, not {value!r}")
                kw[key] = int(value)
            else:
                raise ValueError(f"--engine: unknown key {key!r}")
        if "cmd" not in kw:
            raise ValueError("--engine needs cmd=")
        proto = kw.get("proto", "uci")
        if proto not in ("uci", "xboard"):
            raise ValueError(f"--engine: proto must be uci or xboard, not {proto!r}")
        if kw.get("depth") and proto != "uci":
            raise ValueError("--engine: depth= needs proto=uci")
        return cls(cmd=shlex.split(kw["cmd"]), proto=proto, name=kw.get("name", ""),
                   workdir=kw.get("dir"), options=options, ponder=ponder, depth=kw.get("depth", 0),
                   tc=kw.get("tc"), debug=debug, whole_increment=whole_increment)


def name_engines(configs):
    """Give every engine a distinct display name: the given one, else the program's name,
    suffixed with the protocol (and a number) when two would look the same."""
    names = [c.name or os.path.basename(c.cmd[0]) for c in configs]
    if len(set(names)) < len(names):
        names = [n if c.name else f"{n}-{c.proto}" for n, c in zip(names, configs)]
    if len(set(names)) < len(names):
        names = [f"{n}-{i + 1}" for i, n in enumerate(names)]
    for c, n in zip(configs, names):
        c.name = n
