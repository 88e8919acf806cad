"""engine_stats.py - what a match's summary reports about each engine.

Why it exists: the summary (match.py) judges an engine by more than its score: the share of its
clock it used, its longest move and least time left, its slowest readyok/pong, how often its
ponder guesses came true (counted by the runner, and as the engine itself reports them), and
its errors, warnings, stalls, crashes and restarts. The adapters and the game loop add to one
EngineStats per engine from several worker threads; as_dict() is the summary's view.
"""
import threading


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
