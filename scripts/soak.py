#!/usr/bin/env python3
"""soak.py - hours of hostile-GUI play: TECH (UCI) against TECH (CECP) at a bullet time control,
pondering on, while another process loads the CPU, with chaos injected around every move.

Why: a daemon lives for hours inside someone else's GUI. The match runner (match.py, whose
adapters and clocks (uci_adapter.py, cecp_adapter.py) and referee (games.py) this script
reuses) plays clean games; here the GUI misbehaves the ways real ones do and the games must still end without a forfeit, an
illegal move, a crash or a hang, and isready/ping must stay fast while TECH searches.

Chaos, all legal to send at that moment and each answered as the protocol says:
  between moves (TECH pondering or idle): garbage lines (unknown commands, control bytes),
    isready/ping bursts, out-of-turn commands (UCI stop/ponderhit when idle, debug, register;
    CECP hint, bk, ., easy+hard, draw, computer, random);
  during TECH's own search: isready bursts (latency measured), a duplicate `go` (UCI; the first
    search's bestmove is thrown away, as a GUI would; a CECP `go` could arrive just after TECH
    moved, when it means "play the other side"), stop storms (UCI stop x N, CECP ? x N);
  between games: option changes (Hash, Threads, Style; CECP memory, cores, option Style=).

usage:
  python3 scripts/soak.py [--games 20] [--tc 2+0.02] [--load 1] [--seed 1] [--engine ./tech]
                          [--log FILE] [--json FILE] [--quiet]
Prints the match's game lines, then a report: games, forfeits by kind, illegal moves, crashes,
hangs, unexpected Error lines, and the worst isready/ping latency during search per engine.
Exit status 1 on any forfeit, crash, hang, illegal move or unexpected error.
"""
import argparse
import collections
import json
import os
import random
import subprocess
import sys
import time

import chessrules as cr
import engines
import games
import match

# The latency target for isready/ping while TECH searches, in seconds.
LATENCY_TARGET = 0.005
# Between-game option values.
HASH_SIZES = (1, 8, 16, 64, 128)
STYLES = ("TECH-1971", "TECH-modern")
# Ping ids of the chaos, far above the adapter's own (which count from 1).
CHAOS_PING_BASE = 1_000_000


def garbage_line(rng):
    """A line no protocol knows, that does not look like a move: one Error / info string."""
    letters = "".join(rng.choice("zyxwvkj") for _ in range(rng.randrange(1, 12)))
    tail = rng.choice(["", " 1 2 3", " \x01\x02", "\t\t", " " + "q" * rng.randrange(200), " ?!", " e2e4"])
    return "zz" + letters + tail


class Latency:
    """isready/ping round trips, split by what TECH was doing when the line was sent."""

    def __init__(self):
        self.samples = collections.defaultdict(list)

    def add(self, kind, seconds):
        self.samples[kind].append(seconds)

    def report(self):
        out = {}
        for kind, values in sorted(self.samples.items()):
            values = sorted(values)
            out[kind] = {"count": len(values), "worst_ms": round(1000 * values[-1], 3),
                         "p99_ms": round(1000 * values[int(0.99 * (len(values) - 1))], 3),
                         "median_ms": round(1000 * values[len(values) // 2], 3),
                         "over_target": sum(1 for v in values if v > LATENCY_TARGET)}
        return out


class Chaos:
    """The random choices of one adapter (seeded, so a run can be repeated)."""

    def __init__(self, seed, latency):
        self.rng = random.Random(seed)
        self.latency = latency
        self.injected = collections.Counter()

    def chance(self, p):
        return self.rng.random() < p


class ChaosUci(engines.UciAdapter):
    chaos = None

    def reset_state(self):
        super().reset_state()
        self.isready_sent = collections.deque()   # (time, what TECH was doing) per isready
        self.search_go = None                      # the `go` of TECH's own search under way

    def send(self, text):
        now = super().send(text)
        if text == "isready":
            doing = "own search" if self.thinking else ("ponder search" if self.pondering else "idle")
            self.isready_sent.append((now, doing))
        elif text.startswith("go ") and not text.startswith("go ponder"):
            self.search_go = text
        return now

    def on_line(self, when, line):
        if line.strip() == "readyok" and self.isready_sent:
            sent, doing = self.isready_sent.popleft()
            self.chaos.latency.add(f"{self.name} isready, {doing}", when - sent)
        super().on_line(when, line)

    def burst(self, n):
        for _ in range(n):
            self.pending_pings += 1
            self.ping_sent = self.send("isready")

    def new_game(self, game, color, tc, opponent):
        c = self.chaos
        self.ensure_running()
        if c.chance(0.5):
            c.injected["option changes"] += 1
            self.send(f"setoption name Hash value {c.rng.choice(HASH_SIZES)}")
            self.send(f"setoption name Threads value {c.rng.choice((1, 2))}")
            self.send(f"setoption name Style value {c.rng.choice(STYLES)}")
        super().new_game(game, color, tc, opponent)

    def think(self, game, own_s, opp_s, margin):
        c = self.chaos
        self.search_go = None
        for _ in range(c.rng.randrange(3)):
            c.injected["garbage lines"] += 1
            self.send(garbage_line(c.rng))
        if c.chance(0.5):
            c.injected["isready bursts"] += 1
            self.burst(c.rng.randrange(1, 5))
        if not self.pondering and c.chance(0.3):
            c.injected["out-of-turn commands"] += 1
            for text in c.rng.sample(["stop", "ponderhit", "debug off", "register later", "stop"], 2):
                self.send(text)
        return super().think(game, own_s, opp_s, margin)

    def await_reply(self, started, budget, margin):
        c = self.chaos
        # Let the search get under way, then poke it.
        self.pump(lambda: self.reply is not None, time.monotonic() + c.rng.random() * min(0.03, budget / 8))
        if self.reply is None:
            c.injected["isready during search"] += 1
            self.burst(c.rng.randrange(1, 4))
            if self.search_go and c.chance(0.1):
                c.injected["duplicate go"] += 1
                self.outstanding_go += 1   # the first search's bestmove is thrown away
                self.send(self.search_go)
            if c.chance(0.08):
                c.injected["stop storms"] += 1
                for _ in range(c.rng.randrange(2, 7)):
                    self.send("stop")
        return super().await_reply(started, budget, margin)


class ChaosCecp(engines.CecpAdapter):
    chaos = None

    def reset_state(self):
        super().reset_state()
        self.expected_errors = 0
        self.chaos_pings = {}                     # id -> (time sent, what TECH was doing)
        self.chaos_ping_id = CHAOS_PING_BASE

    def on_line(self, when, line):
        words = line.split()
        if words[:1] == ["pong"] and len(words) > 1 and words[1].isdigit() and int(words[1]) >= CHAOS_PING_BASE:
            sent, doing = self.chaos_pings.pop(int(words[1]), (when, "?"))
            self.chaos.latency.add(f"{self.name} ping, {doing}", when - sent)
            return
        if line.startswith("Error") and self.expected_errors > 0:
            self.expected_errors -= 1   # the answer to a garbage line
            return
        super().on_line(when, line)

    def ping_burst(self, n, doing):
        for _ in range(n):
            self.chaos_ping_id += 1
            self.chaos_pings[self.chaos_ping_id] = (self.send(f"ping {self.chaos_ping_id}"), doing)

    def new_game(self, game, color, tc, opponent):
        super().new_game(game, color, tc, opponent)
        c = self.chaos
        if c.chance(0.5):
            c.injected["option changes"] += 1
            self.send(f"memory {c.rng.choice(HASH_SIZES)}")
            self.send(f"cores {c.rng.choice((1, 2))}")
            self.send(f"option Style={c.rng.choice(STYLES)}")
            self.sync()

    def think(self, game, own_s, opp_s, margin):
        c = self.chaos
        # TECH ponders here (hard) unless the game has just begun: pings are answered at once.
        doing = "ponder search" if self.config.ponder and not self.force else "idle"
        for _ in range(c.rng.randrange(3)):
            c.injected["garbage lines"] += 1
            self.expected_errors += 1
            self.send(garbage_line(c.rng))
        if c.chance(0.6):
            c.injected["ping bursts"] += 1
            self.ping_burst(c.rng.randrange(1, 5), doing)
        if c.chance(0.3):
            c.injected["out-of-turn commands"] += 1
            for text in c.rng.sample(["hint", "bk", ".", "computer", "random", "easy\nhard", "post"], 2):
                for part in text.split("\n"):
                    self.send(part)
        return super().think(game, own_s, opp_s, margin)

    def await_reply(self, started, budget, margin):
        c = self.chaos
        self.pump(lambda: self.reply is not None, time.monotonic() + c.rng.random() * min(0.03, budget / 8))
        if self.reply is None:
            # While TECH thinks on its move a pong waits for the move (the spec): not a latency.
            if c.chance(0.3):
                c.injected["pings during search"] += 1
                self.ping_burst(1, "own search (answered after the move)")
            if c.chance(0.08):
                c.injected["stop storms"] += 1
                for _ in range(c.rng.randrange(2, 6)):
                    self.send("?")
        return super().await_reply(started, budget, margin)


def start_load(count):
    """Busy processes that compete with the engines for the CPU."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def run(args):
    latency = Latency()
    chaos = [Chaos(args.seed, latency), Chaos(args.seed + 1, latency)]
    ChaosUci.chaos, ChaosCecp.chaos = chaos
    players = [engines.EngineConfig(cmd=[args.engine], proto="uci", name="TECH-UCI", ponder=True),
               engines.EngineConfig(cmd=[args.engine], proto="xboard", name="TECH-CECP", ponder=True)]
    openings = (games.read_openings(games.DEFAULT_OPENINGS) if os.path.exists(games.DEFAULT_OPENINGS)
                else [games.Opening(cr.START_FEN)])
    config = match.MatchConfig(players, engines.TimeControl.parse(args.tc), args.games, 1, openings,
                               0.0, None, args.log, "TECH soak", args.quiet,
                               adapters={"uci": ChaosUci, "xboard": ChaosCecp})
    load = start_load(args.load)
    try:
        summary = match.Match(config).run()
    finally:
        for process in load:
            process.kill()
            process.wait()
    stats = summary["stats"]
    forfeits = summary["forfeits"]
    report = {
        "games": summary["games"],
        "tc": summary["tc"],
        "seconds": summary["seconds"],
        "forfeits": {kind: len(items) for kind, items in forfeits.items()},
        "forfeit_details": forfeits,
        "illegal_moves": sum(len(forfeits.get(k, []))
                             for k in (engines.FORFEIT_ILLEGAL, engines.FORFEIT_ILLEGAL_CLAIM)),
        "crashes": sum(s["crashes"] for s in stats.values()),
        "hangs": sum(s["stalls"] for s in stats.values()),
        "unexpected_errors": {name: s["errors"] for name, s in stats.items() if s["errors"]},
        "warnings": {name: s["warnings"][:10] for name, s in stats.items() if s["warnings"]},
        "chaos": dict(chaos[0].injected + chaos[1].injected),
        "latency": latency.report(),
    }
    return summary, report


def format_report(report):
    lines = [f"soak: {report['games']} games at {report['tc']} in {report['seconds']} s",
             f"forfeits: {report['forfeits'] or 0}", f"illegal moves: {report['illegal_moves']}",
             f"crashes: {report['crashes']}", f"hangs: {report['hangs']}",
             f"unexpected errors: {report['unexpected_errors'] or 0}",
             "chaos injected: " + ", ".join(f"{k} {v}" for k, v in sorted(report["chaos"].items()))]
    lines.append("isready/ping latency (ms): worst, p99, median, count, over 5 ms")
    for kind, v in report["latency"].items():
        lines.append(f"  {kind}: {v['worst_ms']}, {v['p99_ms']}, {v['median_ms']}, {v['count']}, {v['over_target']}")
    if report["warnings"]:
        lines.append(f"warnings: {report['warnings']}")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--tc", default="2+0.02", help="BASE+INC in seconds (default 2+0.02)")
    parser.add_argument("--load", type=int, default=1, help="busy processes beside the engines (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", default="./tech")
    parser.add_argument("--log", help="write all protocol traffic here")
    parser.add_argument("--json", help="write the report as JSON here")
    parser.add_argument("--quiet", action="store_true", help="only the report")
    args = parser.parse_args(argv)
    summary, report = run(args)
    print(format_report(report), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"report": report, "match": summary}, f, indent=1)
    bad = report["forfeits"] or report["crashes"] or report["hangs"] or report["illegal_moves"] \
        or report["unexpected_errors"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
