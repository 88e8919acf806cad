"""cecp_adapter.py - the match runner's CECP (XBoard protocol 2) dialogue, as cutechess-cli has it.

Why it exists: a CECP engine in a match answers features, is set up in force mode (new, force,
the start position, the opening's moves), gets its clock as `time`/`otim` before each move and
the opponent's move, or `go` for its first; it ponders by itself after `hard`. What is common to
both protocols (the process, the move's clock, the flag) is protocol_adapter.py's.
"""
import re
import time

import chessrules as cr
from engine_shared import FEATURE_RE, FEATURE_TIMEOUT, PING_TIMEOUT, START_TIMEOUT, cecp_setup_lines
from protocol_adapter import Adapter, Reply

# Seconds an engine without `ping` is listened to after `result`: Dreamer 0.3.0 claims its own mate
# ("0-1 {Black mates}") a line after the mating move, and that claim belongs to the game it ended.
END_SETTLE = 0.2


class CecpAdapter(Adapter):
    """CECP v2 the cutechess way: features answered with accepted/rejected, `new`, `force`,
    `level`, `post`, `hard`/`easy`; per move ping, `time`, `otim`, then `go` or the
    opponent's move; at the end `?` if thinking, `force`, `result`."""

    # The features cutechess accepts; it rejects all others (docs/PROTOCOLS.md §3.1).
    ACCEPTED = {"ping", "setboard", "san", "usermove", "nps", "time", "reuse", "myname",
                "variants", "name", "memory", "smp", "egt", "option", "done"}
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
        for key, value in FEATURE_RE.findall(line):
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

    def move_text(self, game, ply):
        """Move `ply` of `game` as the engine asked for it: SAN with san=1, else coordinates, and in
        fischerandom castling as O-O / O-O-O, as XBoard sends it."""
        move = game.moves[ply]
        if self.features.get("san") == "1":
            return game.sans[ply]
        if game.chess960 and game.positions[ply].is_castling(move):
            return "O-O" if move.to > move.frm else "O-O-O"
        return move.uci()

    def send_move(self, game, move):
        """The move just played in `game`, as the engine asked for it."""
        text = self.move_text(game, len(game.moves) - 1)
        self.send(f"usermove {text}" if self.features.get("usermove") == "1" else text)

    def set_position(self, game):
        """The game so far, in force mode: its start position, then the opening's moves."""
        if game.start.fen() != cr.START_FEN or game.chess960:
            for line in cecp_setup_lines(game.start, self.features.get("setboard") == "1"):
                self.send(line)
        for i in range(len(game.moves)):
            text = self.move_text(game, i)
            self.send(f"usermove {text}" if self.features.get("usermove") == "1" else text)

    def new_game(self, game, color, tc, opponent):
        if self.proc is not None and self.features.get("reuse") == "0" and self.games_played:
            self.retire(self.quit_line)
        self.ensure_running()
        self.games_played += 1
        self.send("new")
        if game.chess960:
            if "fischerandom" not in self.features.get("variants", "").split(","):
                self.stats.note("warnings", "the engine does not list fischerandom among its variants")
            self.send("variant fischerandom")
        self.send("force")
        self.force = True
        self.pending_move = None
        self.set_position(game)
        self.send(tc.cecp_level(self.config.whole_increment))
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
        if self.features.get("ping") != "1":
            # No pong marks the end of what the engine says of this game: listen for a moment, so
            # that a claim it sends after the last move is judged against this game's result
            # (finish_game) and is not read in the next game as a resignation or a false claim.
            self.pump(lambda: False, time.monotonic() + END_SETTLE)
