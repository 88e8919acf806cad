#!/usr/bin/env python3
"""match.py - a small cutechess-cli: play engine-vs-engine games over pipes and judge them.

Why it exists: TECH must not lose on time, play illegal moves, crash or stall under the way
real tournament managers drive engines, and this machine has no cutechess. This runner
speaks UCI and CECP (XBoard protocol 2) the way cutechess does (docs/PROTOCOLS.md
§5.1), keeps both clocks itself (monotonic, from writing the command that starts a move to
reading the move), and checks every move and every game end with the independent referee
in chessrules.py.

usage:
  python3 scripts/match.py \\
      --engine cmd=./tech proto=uci name=TECH-UCI ponder option.Hash=16 \\
      --engine cmd=./tech proto=xboard name=TECH-CECP ponder \\
      --tc 10+0.1 --games 20 [--concurrency 1] [--pgn out.pgn] [--openings FILE] \\
      [--random-openings PLIES [--seed S]] [--variant fischerandom] [--margin MS] [--ponder] \\
      [--log FILE] [--json FILE] [--quiet]

--engine takes KEY=VALUE words up to the next option: cmd (the command line, shell-quoted),
proto (uci | xboard), name, dir (working directory), option.NAME=VALUE (UCI setoption /
CECP option), the bare word `ponder` (UCI go ponder cycle / CECP `hard`), the bare word `debug`
(UCI `debug on`: TECH then says each move's statistics in the log), depth=N (UCI
only: every move is `go depth N` instead of the clocks, for fixed-depth experiments; give a
long --tc so that no flag falls), and tc=BASE+INC (this engine's own clock instead of --tc:
a time-odds match); the bare word `whole-increment` (CECP: the increment in `level` in whole
seconds, for an engine that refuses a fraction, as Dreamer 0.3.0 does; the clock still credits
the real one).
Games alternate colours; with --openings (one FEN per line) or --random-openings PLIES each
position is played twice, once with each engine as White. --variant fischerandom plays Chess960:
from the start positions of --openings (X-FEN or Shredder-FEN), else from Chess960 start
positions drawn by number (--seed), each twice; UCI engines get UCI_Chess960 and castle king takes
rook, CECP engines get `variant fischerandom`, Shredder-FEN and O-O / O-O-O, as cutechess and XBoard
drive them. Exit status: 0, or 1 if any game ended by a forfeit.
"""
# One job per module: engines.py and the modules it gathers (engine_process.py, uci_adapter.py,
# cecp_adapter.py, ...) start the engines and speak their protocols (clocks, stalls,
# pondering); games.py plays and judges one game, reads the openings and writes the PGN; this
# file reads the command line, runs the games on worker threads and reports the results.
import argparse
import json
import math
import os
import queue
import sys
import threading
import time
from dataclasses import dataclass, field

import chessrules as cr
from engine_process import DebugLog
from engine_stats import EngineStats
from engines import ADAPTERS, FORFEIT_KINDS, EngineConfig, TimeControl, name_engines
from games import (DEFAULT_OPENINGS, Adjudication, GameRecord, Opening, chess960_openings, finish_game,
                   pgn_text, play_game, random_openings, read_openings)


# ---------------------------------------------------------------------------------------
# Results: Elo with its error bars
# ---------------------------------------------------------------------------------------

def elo_estimate(wins, losses, draws):
    """Elo difference from a score with its 95% interval: the per-game score variance of the
    trinomial result, normal approximation. Returns (elo, low, high), None without games, or
    (None, None, None) when the Elo is undefined: a score of 100% or 0% (no losses, or no wins,
    and no draws) lies at infinity. An end of the interval past 0% or 100% is -inf or +inf."""
    n = wins + losses + draws
    if n == 0:
        return None
    score = (wins + draws / 2) / n
    if score in (0.0, 1.0):
        return None, None, None
    variance = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    margin = 1.96 * math.sqrt(variance / n)

    def elo(p):
        if p <= 0:
            return -math.inf
        if p >= 1:
            return math.inf
        return -400 * math.log10(1 / p - 1) + 0.0  # + 0.0: an even score is +0.0, not -0.0

    return elo(score), elo(score - margin), elo(score + margin)


def format_elo(wins, losses, draws):
    est = elo_estimate(wins, losses, draws)
    if est is None:
        return "Elo difference: no games"
    elo, low, high = est
    if elo is None:
        side = "no losses" if losses == 0 else "no wins"
        return (f"Elo difference: undefined ({wins}-{losses}-{draws}: {side} and no draws, a score no finite "
                f"Elo gives; play more games)")
    if wins == 0 and losses == 0:
        return f"Elo difference: {elo:+.1f} (every game drawn: no interval from {draws} games)"
    if math.isinf(low) or math.isinf(high):
        return f"Elo difference: {elo:+.1f} (95% interval {low:+.1f} .. {high:+.1f}: too few games to bound it)"
    return f"Elo difference: {elo:+.1f} (95% interval {low:+.1f} .. {high:+.1f}, about ±{(high - low) / 2:.0f})"


# ---------------------------------------------------------------------------------------
# The match: workers, results, summary
# ---------------------------------------------------------------------------------------

# Without a terminal, the running score goes to stderr this often (seconds).
PROGRESS_EVERY_S = 600


@dataclass
class MatchConfig:
    engines: list
    tc: TimeControl
    games: int
    concurrency: int = 1
    openings: list = field(default_factory=lambda: [Opening(cr.START_FEN)])
    margin: float = 0.0
    pgn: str = None
    log: str = None
    event: str = "TECH match"
    quiet: bool = False
    adjudication: Adjudication = field(default_factory=Adjudication)
    adapters: dict = field(default_factory=lambda: dict(ADAPTERS))   # proto -> adapter class


class Match:
    """Runs the games on `concurrency` workers, each with its own pair of engine processes."""

    def __init__(self, config):
        self.config = config
        name_engines(config.engines)
        self.stats = {c.name: EngineStats(c.name) for c in config.engines}
        self.records = []
        self.lock = threading.Lock()
        self.log = DebugLog(config.log)
        self.pgn = open(config.pgn, "w") if config.pgn else None
        self.jobs = queue.Queue()
        for i in range(config.games):
            self.jobs.put(i)
        self.started = self.last_progress = time.monotonic()
        self.failure = None

    def run(self):
        workers = [threading.Thread(target=self.worker, args=(w + 1,), daemon=True)
                   for w in range(max(1, min(self.config.concurrency, self.config.games)))]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        self.log.close()
        if self.pgn:
            self.pgn.close()
        if self.failure:
            raise self.failure
        return self.summary()

    def worker(self, number):
        a, b = (self.config.adapters[c.proto](c, self.stats[c.name], self.log, number) for c in self.config.engines)
        try:
            while True:
                try:
                    index = self.jobs.get_nowait()
                except queue.Empty:
                    break
                opening = self.config.openings[(index // 2) % len(self.config.openings)]
                white, black = (a, b) if index % 2 == 0 else (b, a)
                record = GameRecord(index + 1, white.name, black.name, opening.fen, opening.game(), self.config.tc)
                record.comments = ["book"] * len(opening.moves)
                players = {cr.WHITE: white, cr.BLACK: black}
                play_game(record, players, self.config.tc, self.config.margin, self.config.adjudication)
                finish_game(record, players)
                self.report(record)
        except Exception as exc:  # noqa: BLE001  (a runner bug must stop the match loudly)
            self.failure = exc
            while not self.jobs.empty():
                self.jobs.get_nowait()
        finally:
            for adapter in (a, b):
                try:
                    adapter.quit()
                except Exception:  # noqa: BLE001
                    adapter.kill()

    def report(self, record):
        with self.lock:
            self.records.append(record)
            if self.pgn:
                self.pgn.write(pgn_text(record, self.config.tc, self.config.event))
                self.pgn.flush()
            self.progress()
            if not self.config.quiet:
                first = self.config.engines[0].name
                w, l, d = self.score(first)
                extra = f" [{record.forfeit}: {record.detail}]" if record.forfeit else ""
                print(f"Finished game {record.round} ({record.white} vs {record.black}): "
                      f"{record.outcome.result} {{{record.outcome.reason}}}{extra}", flush=True)
                print(f"Score of {first} vs {self.config.engines[1].name}: {w} - {l} - {d} "
                      f"[{(w + d / 2) / max(1, w + l + d):.3f}] {w + l + d}", flush=True)

    def progress(self):
        """Games done and the running score on stderr: a status line rewritten in place on a
        terminal; otherwise a plain line every PROGRESS_EVERY_S seconds and at the end."""
        first, second = (c.name for c in self.config.engines)
        w, l, d = self.score(first)
        n = w + l + d
        text = (f"{n}/{self.config.games} games, {first} v {second} {w + d / 2:g}/{n} "
                f"({100 * (w + d / 2) / n:.1f}%), {format_elo(w, l, d)}")
        if sys.stderr.isatty():
            sys.stderr.write("\r\033[K" + text + ("\n" if n == self.config.games else ""))
            sys.stderr.flush()
        elif n == self.config.games or time.monotonic() - self.last_progress >= PROGRESS_EVERY_S:
            self.last_progress = time.monotonic()
            print(text, file=sys.stderr, flush=True)

    def score(self, name):
        w = l = d = 0
        for r in self.records:
            if r.outcome.result == "1/2-1/2":
                d += 1
            elif (r.outcome.result == "1-0") == (r.white == name):
                w += 1
            else:
                l += 1
        return w, l, d

    def summary(self):
        """Everything the report needs, as plain data (the tests read this)."""
        first = self.config.engines[0].name
        w, l, d = self.score(first)
        forfeits = {}
        terminations = {}
        for r in self.records:
            terminations[r.outcome.reason] = terminations.get(r.outcome.reason, 0) + 1
            if r.forfeit:
                forfeits.setdefault(r.forfeit, []).append(
                    {"round": r.round, "loser": r.loser, "detail": r.detail})
        return {
            "engines": [c.name for c in self.config.engines], "tc": str(self.config.tc),
            "games": len(self.records), "wins": w, "losses": l, "draws": d,
            "forfeits": forfeits, "terminations": terminations,
            "plies": sum(len(r.game.moves) for r in self.records),
            "seconds": round(time.monotonic() - self.started, 1),
            "stats": {name: s.as_dict() for name, s in self.stats.items()},
        }


def format_summary(s):
    """The summary as text: result, how games ended, forfeits, and per-engine figures."""
    a, b = s["engines"]
    out = [f"Score of {a} vs {b}: {s['wins']} - {s['losses']} - {s['draws']} "
           f"({s['games']} games at {s['tc']}, {s['plies']} plies, {s['seconds']} s)",
           f"{a} v {b}: " + format_elo(s["wins"], s["losses"], s["draws"])]
    out.append("Game ends:")
    for reason, n in sorted(s["terminations"].items(), key=lambda kv: -kv[1]):
        out.append(f"  {n:4d}  {reason}")
    out.append("Forfeits: " + ", ".join(f"{k} {len(s['forfeits'].get(k, []))}" for k in FORFEIT_KINDS))
    for kind, items in s["forfeits"].items():
        for item in items:
            out.append(f"  game {item['round']}: {item['loser']} {kind}: {item['detail']}")
    for name, e in s["stats"].items():
        out.append(f"{name}: {e['moves']} moves, used {e['time_used']:.1f} s of {e['time_available']:.1f} s "
                   f"available ({100 * e['time_share']:.1f}%), mean {100 * e['mean_move_share']:.1f}% of the "
                   f"clock per move (at most {100 * e['max_share']:.0f}%), longest move {e['max_move']:.3f} s, "
                   f"least left {e['min_left'] if e['min_left'] is not None else '-'} s, "
                   f"slowest ping {e['max_ping']:.3f} s")
        if e.get("opponent_think"):
            out.append(f"  CPU while the opponent thought: {e['cpu_while_waiting']:.1f} s "
                       f"of {e['opponent_think']:.1f} s ({e['cpu_while_waiting'] / e['opponent_think']:.2f})")
        if e["predictions"]:
            out.append(f"  ponder move right {e['predicted_right']} of {e['predictions']} "
                       f"({100 * e['predicted_right'] / e['predictions']:.1f}%), go ponder {e['ponder_starts']}, "
                       f"ponderhit {e['ponderhits']}")
        if e["reported_ponder"]:
            hits, total = e["reported_ponder"]
            out.append(f"  engine-reported ponder hits {hits} of {total} "
                       f"({100 * hits / total if total else 0:.1f}%)")
        out.append(f"  errors {len(e['errors'])}, crashes {e['crashes']}, stalls {e['stalls']}, "
                   f"restarts {e['restarts']}, warnings {len(e['warnings'])}")
        for text in (e["errors"] + e["warnings"])[:10]:
            out.append(f"    {text}")
    return "\n".join(out)



def split_engine_args(argv):
    """argparse cannot take KEY=VALUE lists that start with a bare word; cut them out."""
    engines, rest, current = [], [], None
    for word in argv:
        if word == "--engine":
            current = []
            engines.append(current)
        elif word.startswith("--"):
            current = None
            rest.append(word)
        elif current is not None:
            current.append(word)
        else:
            rest.append(word)
    return engines, rest


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    engine_words, rest = split_engine_args(argv)
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--tc", default="10+0.1",
                        help="BASE+INC in seconds (default 10+0.1), or st=SECONDS for a fixed time a move "
                             "(give --margin: an engine that spends the whole time comes back a little after it)")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--pgn", help="write the games here")
    parser.add_argument("--openings", help="start positions: a PGN file of lines, an EPD/FEN file (one per "
                             "line), or `startpos` (default: book-free-openings/openings.epd, or the start "
                             "position if that file is missing)")
    parser.add_argument("--random-openings", metavar="PLIES", type=int,
                        help="start each pair of games from a random PLIES-ply line instead")
    parser.add_argument("--seed", type=int, default=1, help="for --random-openings and --variant (default 1)")
    parser.add_argument("--variant", choices=("standard", "fischerandom"), default="standard",
                        help="fischerandom: Chess960 games (start positions from --openings, or drawn by number)")
    parser.add_argument("--margin", type=float, default=0.0, help="ms a move may come after the flag (default 0)")
    parser.add_argument("--ponder", action="store_true", help="pondering on for both engines")
    parser.add_argument("--log", help="write all protocol traffic here")
    parser.add_argument("--json", help="write the summary as JSON here")
    parser.add_argument("--event", default="TECH match")
    parser.add_argument("--quiet", action="store_true", help="only the summary")
    parser.add_argument("--draw", nargs=3, type=int, metavar=("MOVE", "COUNT", "SCORE"),
                        help="adjudicate a draw from move MOVE on when both scores stayed within SCORE cp "
                             "for COUNT moves each (as cutechess-cli -draw)")
    parser.add_argument("--resign", nargs=2, type=int, metavar=("COUNT", "SCORE"),
                        help="adjudicate a loss when an engine's score stayed at or below -SCORE cp for COUNT "
                             "moves and its opponent's at or above SCORE (as cutechess-cli -resign)")
    args = parser.parse_args(rest)
    if len(engine_words) != 2:
        parser.error("give exactly two --engine")
    try:
        engines = [EngineConfig.parse(words) for words in engine_words]
        tc = TimeControl.parse(args.tc)
        chess960 = args.variant == "fischerandom"
        if chess960 and args.random_openings:
            parser.error("--random-openings plays standard chess; Chess960 starts are drawn by number")
        if chess960:
            openings = (read_openings(args.openings, chess960=True) if args.openings
                        else chess960_openings((args.games + 1) // 2, args.seed))
        elif args.openings == "startpos" or (not args.openings and not os.path.exists(DEFAULT_OPENINGS)):
            openings = [Opening(cr.START_FEN)]
        else:
            openings = read_openings(args.openings or DEFAULT_OPENINGS)
        if args.random_openings:
            openings = random_openings(args.random_openings, (args.games + 1) // 2, args.seed)
    except ValueError as exc:
        parser.error(str(exc))
    if args.ponder:
        for e in engines:
            e.ponder = True
    rules = Adjudication()
    if args.draw:
        rules.draw_from, rules.draw_count, rules.draw_score = args.draw
    if args.resign:
        rules.resign_count, rules.resign_score = args.resign
    config = MatchConfig(engines, tc, args.games, args.concurrency, openings, args.margin / 1000.0,
                         args.pgn, args.log, args.event, args.quiet, rules)
    summary = Match(config).run()
    print(format_summary(summary), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(summary, f, indent=1)
    return 1 if summary["forfeits"] else 0


if __name__ == "__main__":
    sys.exit(main())
