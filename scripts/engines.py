"""engines.py - engines as a tournament manager sees them: processes, protocols and clocks.

Why it exists: scripts/match.py plays engines against each other the way cutechess-cli does
(docs/PROTOCOLS.md §5.1). This module is the engine side of that: it starts an engine process
and reads its output on a thread, stamping each line with the time it was read; it speaks
UCI or CECP (XBoard protocol 2) to it with cutechess's time-outs; it runs the engine's clock
for one move (flag, move-now, stall) and the UCI ponder cycle; and it counts what the summary
reports about each engine (EngineStats). Whether a move is legal and how a game ends is the
referee's business (games.py with chessrules.py); scheduling and results are match.py's.

The game loop drives an adapter (ADAPTERS[proto]) with new_game, think, opponent_moved,
after_own_move and end_game; an engine that dies or stops answering raises EngineLost.
"""
import os
import queue
import re
import shlex
import subprocess
import threading
import time
from dataclasses import dataclass, field

import chessrules as cr

# Timeouts in seconds, the values cutechess uses (chessengine.cpp, xboardengine.cpp).
START_TIMEOUT = 35.0      # uciok, or feature done=1 after done=0
FEATURE_TIMEOUT = 8.0     # CECP features without done=0
PING_TIMEOUT = 15.0       # isready -> readyok, ping -> pong
STALL_TIMEOUT = 15.0      # a move after stop / ?, once the flag has fallen
QUIT_TIMEOUT = 5.0        # exit after quit, then kill

PONDER_STATS_RE = re.compile(r"ponder hits (\d+) of (\d+)")

# Forfeit kinds, as the summary and the tests name them.
FORFEIT_TIME = "time"
FORFEIT_ILLEGAL = "illegal move"
FORFEIT_FALSE_CLAIM = "false claim"
FORFEIT_ILLEGAL_CLAIM = "claims a legal move illegal"
FORFEIT_DISCONNECT = "disconnect"
FORFEIT_STALL = "stall"


# ---------------------------------------------------------------------------------------
# Configuration
# ---------------------------------------------------------------------------------------

@dataclass
class TimeControl:
    """Base time plus increment, both in seconds (cutechess `tc=BASE+INC`)."""
    base: float
    inc: float

    @classmethod
    def parse(cls, text):
        base, _, inc = text.partition("+")
        tc = cls(float(base), float(inc or 0))
        if tc.base <= 0 or tc.inc < 0:
            raise ValueError(f"bad time control {text!r}")
        return tc

    def __str__(self):
        return f"{self.base:g}+{self.inc:g}"

    def cecp_level(self):
        """`level 0 M:SS INC` as cutechess writes it (minutes, or minutes:seconds)."""
        seconds = int(round(self.base))
        base = f"{seconds // 60}" if seconds % 60 == 0 else f"{seconds // 60}:{seconds % 60:02d}"
        return f"level 0 {base} {self.inc:g}"


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
    tc: TimeControl = None  # this engine's own clock (time odds); None: the match's --tc

    @classmethod
    def parse(cls, words):
        kw, options, ponder = {}, {}, False
        for word in words:
            if word == "ponder":
                ponder = True
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
                   tc=kw.get("tc"))


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


# ---------------------------------------------------------------------------------------
# Statistics and the traffic log
# ---------------------------------------------------------------------------------------

class EngineStats:
    """What the summary reports about one engine, merged over games and worker threads."""

    def __init__(self, name):
        self.name = name
        self.lock = threading.Lock()
        self.moves = 0
        self.time_used = 0.0          # seconds spent on its moves
        self.time_available = 0.0     # per game: base + increment per move played
        self.move_share_sum = 0.0     # sum over moves of elapsed / clock before the move
        self.min_left = None          # smallest clock left after a move (s)
        self.max_move = 0.0           # longest single move (s)
        self.max_share = 0.0          # largest share of its clock one move took
        self.max_ping = 0.0           # slowest readyok / pong (s)
        self.predictions = 0          # UCI: bestmove ... ponder Y followed by a reply
        self.predicted_right = 0      # ... where the reply was Y
        self.ponder_starts = 0        # go ponder sent (UCI)
        self.ponderhits = 0           # ponderhit sent (UCI)
        self.reported = [0, 0]        # engine-reported ponder hits / total, summed over processes
        self.reported_seen = False
        self.errors = []              # Error / Illegal move / tellusererror lines
        self.warnings = []            # protocol oddities that are not forfeits
        self.stalls = 0
        self.crashes = 0
        self.restarts = 0
        self.opponent_think = 0.0     # seconds the opponent thought while this engine waited
        self.cpu_while_waiting = 0.0  # CPU seconds this engine used meanwhile (pondering)

    def add(self, **values):
        with self.lock:
            for key, value in values.items():
                setattr(self, key, getattr(self, key) + value)

    def note(self, kind, text):
        with self.lock:
            getattr(self, kind).append(text)

    def record_move(self, elapsed, clock_before, clock_after):
        with self.lock:
            self.moves += 1
            self.time_used += elapsed
            self.move_share_sum += elapsed / clock_before if clock_before > 0 else 1.0
            self.max_move = max(self.max_move, elapsed)
            if clock_before > 0:
                self.max_share = max(self.max_share, elapsed / clock_before)
            if self.min_left is None or clock_after < self.min_left:
                self.min_left = clock_after

    def record_ping(self, latency):
        with self.lock:
            self.max_ping = max(self.max_ping, latency)

    def as_dict(self):
        share = self.time_used / self.time_available if self.time_available else 0.0
        return {
            "name": self.name, "moves": self.moves, "time_used": round(self.time_used, 3),
            "time_available": round(self.time_available, 3), "time_share": round(share, 4),
            "mean_move_share": round(self.move_share_sum / self.moves, 4) if self.moves else 0.0,
            "min_left": None if self.min_left is None else round(self.min_left, 4),
            "max_move": round(self.max_move, 4), "max_share": round(self.max_share, 4),
            "max_ping": round(self.max_ping, 4),
            "predictions": self.predictions, "predicted_right": self.predicted_right,
            "ponder_starts": self.ponder_starts, "ponderhits": self.ponderhits,
            "reported_ponder": self.reported if self.reported_seen else None,
            "errors": self.errors, "warnings": self.warnings, "stalls": self.stalls,
            "crashes": self.crashes, "restarts": self.restarts,
            "opponent_think": round(self.opponent_think, 3), "cpu_while_waiting": round(self.cpu_while_waiting, 3),
        }


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


# ---------------------------------------------------------------------------------------
# Engine process: pipes, a reader thread, time-stamped lines
# ---------------------------------------------------------------------------------------

class EngineLost(Exception):
    """The engine died (kind 'disconnect') or did not answer in time (kind 'stall')."""

    def __init__(self, kind, detail):
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


class EngineProcess:
    """A running engine. A thread reads stdout and stamps each line with the monotonic time
    it was read, so move times do not depend on when the game loop gets round to it."""

    def __init__(self, config, log, who):
        self.log, self.who = log, who
        self.proc = subprocess.Popen(config.cmd, cwd=config.workdir, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0)
        self.lines = queue.Queue()
        self.stderr_lines = []
        self.eof = False
        threading.Thread(target=self._read_stdout, daemon=True).start()
        self.stderr_thread = threading.Thread(target=self._read_stderr, daemon=True)
        self.stderr_thread.start()

    def _read_stdout(self):
        for raw in iter(self.proc.stdout.readline, b""):
            now = time.monotonic()
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            self.log.write(self.who, "<", line, now)
            self.lines.put((now, line))
        self.lines.put((time.monotonic(), None))

    def _read_stderr(self):
        for raw in iter(self.proc.stderr.readline, b""):
            line = raw.decode("utf-8", "replace").rstrip("\r\n")
            self.log.write(self.who, "!", line)
            self.stderr_lines.append(line)

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
        """The next (time, line), or None when the deadline passes first (deadline None:
        do not wait). Raises EngineLost at end of output."""
        if self.eof:
            raise EngineLost(FORFEIT_DISCONNECT, self._exit_text())
        try:
            if deadline is None:
                item = self.lines.get_nowait()
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

    def close(self, quit_line):
        """Ask the engine to quit, wait, kill if it does not; returns the exit status."""
        if self.proc.poll() is None and quit_line:
            try:
                self.send(quit_line)
                self.proc.stdin.close()
            except (EngineLost, OSError):
                pass
        try:
            status = self.proc.wait(timeout=QUIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            status = self.proc.wait()
        self.stderr_thread.join(timeout=1.0)
        return status


# ---------------------------------------------------------------------------------------
# Protocol adapters: what is shared, then UCI and CECP
# ---------------------------------------------------------------------------------------

@dataclass
class Reply:
    """What an engine answered when asked to move: a move, or an event that ends the game."""
    kind: str                 # 'move' | 'resign' | 'claim' | 'illegal-claim'
    when: float               # monotonic time the line was read
    text: str = ""            # the move, the claimed result, or the rejected move
    comment: str = ""
    ponder: str = ""          # UCI: the predicted reply
    flagged: bool = False     # the clock ran out before it came


class Adapter:
    """An engine seen through its protocol. The game loop calls new_game, think,
    opponent_moved, after_own_move and end_game; the subclasses write the protocol text.
    Lines are read only inside pump(), which passes each to the subclass's on_line()."""

    quit_line = "quit"

    def __init__(self, config, stats, log, worker):
        self.config, self.stats, self.log = config, stats, log
        self.who = f"[{worker}] {config.name}"
        self.proc = None
        self.reported = None       # last (hits, total) this process printed
        self.reply = None          # the answer to the current think()
        self.event = None          # a Reply the engine sent unasked (resign, claim)
        self.thinking = False
        self.last_score = ""       # "+0.25/5" for the PGN comment
        self.measure_ping = False  # only pings during play count (start-up allocates memory)

    @property
    def name(self):
        return self.config.name

    # --- process life ---

    def ensure_running(self):
        """Start the engine (again, after a crash or stall) and do the handshake."""
        if self.proc is not None and self.proc.proc.poll() is None and not self.proc.eof:
            return
        if self.proc is not None:
            self.retire()
            self.stats.add(restarts=1)
        self.proc = EngineProcess(self.config, self.log, self.who)
        self.reset_state()
        self.handshake()

    def retire(self, quit_line=None):
        """Close the process and keep what it reported about pondering."""
        if self.proc is None:
            return
        status = self.proc.close(quit_line)
        for line in self.proc.stderr_lines:
            found = PONDER_STATS_RE.search(line)
            if found:
                self.reported = (int(found.group(1)), int(found.group(2)))
        if self.reported:
            with self.stats.lock:
                self.stats.reported[0] += self.reported[0]
                self.stats.reported[1] += self.reported[1]
                self.stats.reported_seen = True
        if status not in (0, None) and quit_line:
            self.stats.note("warnings", f"exit status {status} after quit")
        self.proc = None
        self.reported = None

    def kill(self):
        """Throw a broken engine away; the next game starts a fresh one."""
        if self.proc is not None:
            self.proc.proc.kill()
            self.retire()

    def quit(self):
        self.retire(self.quit_line)

    # --- reading ---

    def send(self, text):
        return self.proc.send(text)

    def pump(self, until, deadline):
        """Handle lines until until() holds (True) or the deadline passes (False)."""
        while not until():
            item = self.proc.next_line(deadline)
            if item is None:
                return until()
            self.dispatch(*item)
        return True

    def drain(self):
        """Handle the lines already waiting, without blocking: claims and crashes of an
        engine that is not on move are noticed before the game goes on."""
        if self.proc is None:
            return
        try:
            while True:
                item = self.proc.next_line(None)
                if item is None:
                    return
                self.dispatch(*item)
        except EngineLost as lost:
            self.event = Reply(lost.kind, time.monotonic(), comment=lost.detail)

    def wait(self, until, timeout, what):
        if not self.pump(until, time.monotonic() + timeout):
            raise EngineLost(FORFEIT_STALL, f"no {what} within {timeout:g} s")

    def dispatch(self, when, line):
        found = PONDER_STATS_RE.search(line)
        if found:
            self.reported = (int(found.group(1)), int(found.group(2)))
        self.on_line(when, line.strip())

    def answer(self, reply):
        """A move or event from the engine: the answer to think() if it is thinking."""
        if self.thinking and self.reply is None and reply.kind == "move":
            self.reply = reply
        elif reply.kind == "move":
            self.stats.note("warnings", f"move {reply.text} when not on move")
        elif self.event is None:
            self.event = reply

    # --- moving ---

    def await_reply(self, started, budget, margin):
        """Wait for the move of the current search. When the clock (plus margin) runs out,
        flag, tell the engine to move now, and give it STALL_TIMEOUT to do so."""
        done = lambda: self.reply is not None or self.event is not None  # noqa: E731
        try:
            if not self.pump(done, started + budget + margin):
                self.move_now()
                if not self.pump(done, time.monotonic() + STALL_TIMEOUT):
                    self.stats.add(stalls=1)
                    raise EngineLost(FORFEIT_STALL, f"no move {STALL_TIMEOUT:g} s after its flag fell")
                answer = self.reply or self.event
                answer.flagged = True
        finally:
            self.thinking = False
        answer = self.reply or self.event
        self.reply = None
        if answer is self.event:
            self.event = None
        return answer

    def take_event(self):
        event, self.event = self.event, None
        return event

    # --- to be provided by the protocol ---

    def reset_state(self):
        raise NotImplementedError

    def handshake(self):
        raise NotImplementedError

    def on_line(self, when, line):
        raise NotImplementedError

    def move_now(self):
        raise NotImplementedError


class UciAdapter(Adapter):
    """UCI the cutechess way: position + isready + go with both clocks; after `bestmove X
    ponder Y`, position ... X Y + go ponder; ponderhit on a hit, stop + a fresh go on a miss."""

    def reset_state(self):
        self.uciok = False
        self.declared = set()
        self.pending_pings = 0
        self.ping_sent = 0.0
        self.outstanding_go = 0     # go commands whose bestmove has not come
        self.pondering = False
        self.ponder_move = None
        self.prediction = None      # the ponder move of its last bestmove

    def handshake(self):
        self.send("uci")
        self.wait(lambda: self.uciok, START_TIMEOUT, "uciok")
        for name, value in self.config.options.items():
            self.send(f"setoption name {name} value {value}")
        self.sync()

    def on_line(self, when, line):
        words = line.split()
        if not words:
            return
        if words[0] == "readyok":
            if self.pending_pings > 0:
                self.pending_pings -= 1
                if self.pending_pings == 0 and self.measure_ping:
                    self.stats.record_ping(when - self.ping_sent)
            else:
                self.stats.note("warnings", "readyok without isready")
        elif words[0] == "bestmove":
            self.on_bestmove(when, words)
        elif words[0] == "info":
            self.on_info(words)
        elif words[0] == "uciok":
            self.uciok = True
        elif words[0] == "option" and "name" in words and "type" in words:
            self.declared.add(" ".join(words[words.index("name") + 1:words.index("type")]).lower())

    def on_bestmove(self, when, words):
        self.outstanding_go -= 1
        if self.outstanding_go < 0:
            self.outstanding_go = 0
            self.stats.note("warnings", "bestmove without go: " + " ".join(words))
            return
        if self.outstanding_go > 0:
            return  # the answer to a stopped ponder search: thrown away
        if self.pondering:
            self.stats.note("warnings", "premature bestmove while pondering: " + " ".join(words))
            return
        move = words[1] if len(words) > 1 else ""
        ponder = words[3] if len(words) > 3 and words[2] == "ponder" else ""
        if self.thinking:
            self.answer(Reply("move", when, move, ponder=ponder))

    def on_info(self, words):
        if "string" in words:
            return
        if "score" in words and "depth" in words:
            i = words.index("score")
            if i + 2 < len(words) and "bound" not in " ".join(words[i + 3:i + 4]):
                kind, value = words[i + 1], words[i + 2]
                depth = words[words.index("depth") + 1]
                if kind == "cp":
                    score = f"{int(value) / 100:+.2f}"
                else:
                    score = f"{'+' if int(value) > 0 else '-'}M{abs(int(value))}"
                self.last_score = f"{score}/{depth}"

    def sync(self, measure=False):
        """isready until readyok, so the engine has done all it was told (cutechess's ping)."""
        self.measure_ping = measure
        self.pending_pings += 1
        self.ping_sent = self.send("isready")
        self.wait(lambda: self.pending_pings == 0, PING_TIMEOUT, "readyok")

    def position_command(self, game, extra=()):
        moves = game.uci_moves() + list(extra)
        start = "startpos" if game.start.fen() == cr.START_FEN else f"fen {game.start.fen()}"
        return f"position {start}" + (" moves " + " ".join(moves) if moves else "")

    def clock_words(self, game, own_s, opp_s, tc, turn):
        own, opp = max(0, int(own_s * 1000)), max(0, int(opp_s * 1000))
        wtime, btime = (own, opp) if turn == cr.WHITE else (opp, own)
        words = f"wtime {wtime} btime {btime}"
        if tc.inc > 0:
            words += f" winc {int(tc.inc * 1000)} binc {int(tc.inc * 1000)}"
        return words

    def new_game(self, game, color, tc, opponent):
        self.ensure_running()
        self.tc = tc
        self.send("ucinewgame")
        if "ponder" in self.declared:
            self.send(f"setoption name Ponder value {'true' if self.config.ponder else 'false'}")
        elif self.config.ponder:
            self.stats.note("warnings", "no Ponder option declared: pondering stays off (as in cutechess)")
        self.sync()
        self.pondering = False
        self.prediction = None

    def opponent_moved(self, game, move):
        if self.prediction is not None:
            self.stats.add(predictions=1, predicted_right=int(move.uci() == self.prediction))
            self.prediction = None

    def think(self, game, own_s, opp_s, margin):
        last = game.moves[-1].uci() if game.moves else None
        clocks = self.clock_words(game, own_s, opp_s, self.tc, game.position.turn)
        if self.config.depth:
            clocks = f"depth {self.config.depth}"  # fixed depth: the clocks are the runner's alone
        self.reply = None
        if self.pondering and last == self.ponder_move:
            self.pondering = False
            self.thinking = True
            self.stats.add(ponderhits=1)
            started = self.send("ponderhit")
        elif self.pondering:
            # A miss: stop the ponder search (its bestmove is thrown away) and search the real
            # position at once; the clock runs from the stop, so a slow stop costs time.
            self.pondering = False
            self.thinking = True
            started = self.send("stop")
            self.send(self.position_command(game))
            self.pending_pings += 1
            self.ping_sent = self.send("isready")
            self.outstanding_go += 1
            self.send(f"go {clocks}")
        else:
            self.send(self.position_command(game))
            self.sync(measure=True)
            self.thinking = True
            self.outstanding_go += 1
            started = self.send(f"go {clocks}")
        return started, self.await_reply(started, own_s, margin)

    def after_own_move(self, game, own_s, opp_s, reply):
        """Remember the prediction; ponder on it when pondering is on (cutechess: position
        with both moves, isready, go ponder with the clocks as they will be)."""
        if not reply.ponder or reply.ponder in ("(none)", "0000"):
            return
        try:
            guess = game.position.parse_uci(reply.ponder)
        except cr.IllegalMoveError:
            self.stats.note("warnings", f"illegal ponder move {reply.ponder} after {game.uci_moves()[-1]}")
            return
        self.prediction = guess.uci()
        if not self.config.ponder or "ponder" not in self.declared or game.outcome() is not None:
            return
        if len(game.position.push(guess).legal_moves()) == 0:
            return  # the guess would end the game: nothing to ponder
        self.send(self.position_command(game, [guess.uci()]))
        self.pending_pings += 1
        self.ping_sent = self.send("isready")
        self.outstanding_go += 1
        self.send("go ponder " + self.clock_words(game, own_s, opp_s, self.tc, cr.other(game.position.turn)))
        self.pondering = True
        self.ponder_move = guess.uci()
        self.stats.add(ponder_starts=1)

    def move_now(self):
        self.send("stop")

    def end_game(self, outcome):
        """Stop any search (its bestmove is thrown away) and wait until the engine is idle."""
        if self.pondering or self.outstanding_go:
            self.send("stop")
            self.pondering = False
        self.sync()
        if self.outstanding_go:
            self.wait(lambda: self.outstanding_go == 0, PING_TIMEOUT, "bestmove after stop")


def cecp_setup_lines(position, setboard):
    """The CECP lines (in force mode) that set up `position`: `setboard`, or for engines without
    it (Fairy-Max has setboard=0) the legacy `edit` mode, where black to move needs a move first."""
    if setboard:
        return [f"setboard {position.fen()}"]
    lines = ["a2a3"] if position.turn == cr.BLACK else []
    lines += ["edit", "#"]
    for white in (True, False):
        if not white:
            lines.append("c")
        lines += [piece.upper() + cr.square_name(sq) for sq, piece in enumerate(position.board)
                  if piece and piece.isupper() == white]
    return lines + ["."]


class CecpAdapter(Adapter):
    """CECP v2 the cutechess way: features answered with accepted/rejected, `new`, `force`,
    `level`, `post`, `hard`/`easy`; per move ping, `time`, `otim`, then `go` or the
    opponent's move; at the end `?` if thinking, `force`, `result`."""

    # The features cutechess accepts; it rejects all others (docs/PROTOCOLS.md §3.1).
    ACCEPTED = {"ping", "setboard", "san", "usermove", "nps", "time", "reuse", "myname",
                "variants", "name", "memory", "smp", "egt", "option", "done"}
    FEATURE_RE = re.compile(r'(\w+)=("[^"]*"|\S+)')
    THINKING_RE = re.compile(r"^(\d+)[\s]+(-?\d+)\s+(\d+)\s+(\d+)")
    CLAIM_RE = re.compile(r"^(1-0|0-1|1/2-1/2)\s*(\{.*\})?")
    OLD_MOVE_RE = re.compile(r"^\d+\s*\.\s*\.\.\.\s*(\S+)$")

    def reset_state(self):
        self.features = {"ping": "0", "setboard": "0", "usermove": "0", "san": "0", "reuse": "1",
                         "name": "0", "time": "1"}
        self.features_done = None   # None: waiting; False: done=0 seen; True: done=1
        self.ping_id = 0
        self.pong_id = 0
        self.ping_sent = 0.0
        self.force = True
        self.pending_move = None
        self.games_played = 0

    def handshake(self):
        self.send("xboard")
        self.send("protover 2")
        if not self.pump(lambda: self.features_done is not None, time.monotonic() + FEATURE_TIMEOUT):
            self.stats.note("warnings", "no feature done=1: treated as protocol 1")
        elif self.features_done is False:
            self.wait(lambda: self.features_done, START_TIMEOUT, "feature done=1")
        for name, value in self.config.options.items():
            self.send(f"option {name}={value}")
        self.sync()

    def on_line(self, when, line):
        if not line:
            return
        words = line.split()
        head = words[0]
        if head == "pong":
            if len(words) > 1 and words[1] == str(self.ping_id):
                self.pong_id = self.ping_id
                if self.measure_ping:
                    self.stats.record_ping(when - self.ping_sent)
        elif head == "move" and len(words) > 1:
            self.answer(Reply("move", when, words[1]))
        elif head == "feature":
            self.on_features(line)
        elif head == "resign":
            self.answer(Reply("resign", when, comment=line))
        elif self.CLAIM_RE.match(line):
            found = self.CLAIM_RE.match(line)
            self.answer(Reply("claim", when, found.group(1), comment=(found.group(2) or "").strip("{}")))
        elif line.startswith("Illegal move"):
            self.stats.note("errors", line)
            self.answer(Reply("illegal-claim", when, line.split()[-1], comment=line))
        elif line.startswith("Error") or head in ("tellusererror", "askuser"):
            self.stats.note("errors", line)
        elif self.OLD_MOVE_RE.match(line):
            self.answer(Reply("move", when, self.OLD_MOVE_RE.match(line).group(1)))
        elif self.THINKING_RE.match(line):
            found = self.THINKING_RE.match(line)
            score = int(found.group(2))
            if abs(score) >= 100000:
                text = f"{'+' if score > 0 else '-'}M{abs(score) - 100000}"
            else:
                text = f"{score / 100:+.2f}"
            self.last_score = f"{text}/{found.group(1)}"

    def on_features(self, line):
        for key, value in self.FEATURE_RE.findall(line):
            value = value.strip('"')
            if key == "done":
                self.features_done = value == "1"
            elif key in self.ACCEPTED:
                self.features[key] = value
            self.send(f"{'accepted' if key in self.ACCEPTED else 'rejected'} {key}")

    def sync(self, measure=False):
        """ping N until pong N (only with ping=1; cutechess pings before every move)."""
        if self.features.get("ping") != "1":
            return
        self.measure_ping = measure
        self.ping_id += 1
        self.ping_sent = self.send(f"ping {self.ping_id}")
        self.wait(lambda: self.pong_id == self.ping_id, PING_TIMEOUT, f"pong {self.ping_id}")

    def send_move(self, game, move):
        """The move just played in `game`, as the engine asked for it."""
        if self.features.get("san") == "1":
            text = game.sans[-1]
        else:
            text = move.uci()
        self.send(f"usermove {text}" if self.features.get("usermove") == "1" else text)

    def set_position(self, game):
        """The game so far, in force mode: its start position, then the opening's moves."""
        if game.start.fen() != cr.START_FEN:
            for line in cecp_setup_lines(game.start, self.features.get("setboard") == "1"):
                self.send(line)
        for i, move in enumerate(game.moves):
            text = game.sans[i] if self.features.get("san") == "1" else move.uci()
            self.send(f"usermove {text}" if self.features.get("usermove") == "1" else text)

    def new_game(self, game, color, tc, opponent):
        if self.proc is not None and self.features.get("reuse") == "0" and self.games_played:
            self.retire(self.quit_line)
        self.ensure_running()
        self.games_played += 1
        self.send("new")
        self.send("force")
        self.force = True
        self.pending_move = None
        self.set_position(game)
        self.send(tc.cecp_level())
        self.send("post")
        self.send("hard" if self.config.ponder else "easy")
        if self.features.get("name") == "1":
            self.send("computer")
            self.send(f"name {opponent}")
        self.sync()

    def opponent_moved(self, game, move):
        if self.force:
            self.send_move(game, move)   # force mode: the move goes in at once
        else:
            self.pending_move = (game, move)

    def think(self, game, own_s, opp_s, margin):
        self.sync(measure=True)
        self.reply = None
        self.thinking = True
        started = self.send(f"time {max(0, int(own_s * 100))}")
        self.send(f"otim {max(0, int(opp_s * 100))}")
        if self.pending_move:
            self.send_move(*self.pending_move)
            self.pending_move = None
        else:
            self.send("go")
            self.force = False
        return started, self.await_reply(started, own_s, margin)

    def after_own_move(self, game, own_s, opp_s, reply):
        pass  # a CECP engine ponders by itself after `hard`

    def move_now(self):
        self.send("?")

    def end_game(self, outcome):
        self.send("force")
        self.send(f"result {outcome.result} {{{outcome.reason}}}")
        self.force = True
        self.pending_move = None
        self.sync()


ADAPTERS = {"uci": UciAdapter, "xboard": CecpAdapter}
