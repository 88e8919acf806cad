"""protocol_adapter.py - an engine as the match runner drives it, whatever its protocol.

Why it exists: the game loop (games.py) plays through one interface for UCI and CECP engines:
new_game, think, opponent_moved, after_own_move and end_game. This base class holds what the
two protocols share: the process's life (start, handshake, restart after a crash or stall,
quit), the reading of its lines (pump, drain, wait), the answer to a move request (Reply) and
the clock of one move: when the clock plus the margin runs out, the flag falls, the engine is
told to move now and gets STALL_TIMEOUT to do it. An engine that dies or stops answering raises
EngineLost. The protocol text is the subclasses' (uci_adapter.py, cecp_adapter.py).
"""
import re
import time
from dataclasses import dataclass

from engine_process import FORFEIT_STALL, EngineLost, EngineProcess
from engine_shared import STOP_TIMEOUT

# Seconds a flagged engine gets to move after `stop` / `?` (cutechess's; tests/long lowers it).
STALL_TIMEOUT = STOP_TIMEOUT

# TECH's count of its ponder hits, on stderr at exit ("tech: ponder hits 12 of 20 (60%)").
PONDER_STATS_RE = re.compile(r"ponder hits (\d+) of (\d+)")


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
        self.proc = EngineProcess(self.config.cmd, self.log, self.who, self.config.workdir)
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
