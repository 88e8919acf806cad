"""uci_adapter.py - the match runner's UCI dialogue, the way cutechess-cli drives an engine.

Why it exists: a UCI engine in a match is told the position and both clocks before each move
(position + isready + go), ponders on the move it predicted (go ponder; ponderhit on a hit, stop
and a fresh go on a miss) and must be idle again before the next game. What is common to both
protocols (the process, the move's clock, the flag) is protocol_adapter.py's.
"""
import chessrules as cr
from engine_shared import PING_TIMEOUT, START_TIMEOUT, position_command
from protocol_adapter import Adapter, Reply


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
        self.chess960 = False       # UCI_Chess960 as last set

    def handshake(self):
        self.send("uci")
        self.wait(lambda: self.uciok, START_TIMEOUT, "uciok")
        for name, value in self.config.options.items():
            self.send(f"setoption name {name} value {value}")
        if self.config.debug:
            self.send("debug on")
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
        return position_command(game.start.fen(), game.uci_moves() + list(extra))

    def clock_words(self, game, own_s, opp_s, tc, turn):
        if tc.per_move:
            return f"movetime {int(tc.base * 1000)}"  # cutechess's st
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
        if game.chess960 != self.chess960:
            # Chess960: castling king takes rook (cutechess sets the option before each such game).
            if "uci_chess960" in self.declared:
                self.send(f"setoption name UCI_Chess960 value {'true' if game.chess960 else 'false'}")
                self.chess960 = game.chess960
            else:
                self.stats.note("warnings", "no UCI_Chess960 option: the engine cannot play Chess960")
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
