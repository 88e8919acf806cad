#!/usr/bin/env python3
"""clock_study.py - how a TECH setting uses its clock: the work, nodes and time of each move of one
game at several time controls, the share of the base time gone by a move, and the longest
silence while it thinks.

usage:
  python3 scripts/clock_study.py [--tech ./tech] [--option NAME=VALUE ...] [--moves 20]
      [--from 5] [--by 10] CLOCK [CLOCK ...]

A CLOCK is BASE+INC in seconds (10+0.1, 60+0.6, 15+10), M/BASE for M moves in BASE seconds
(40/300), or st=SECONDS (a fixed time a move). TECH plays White from the start position, its own
clock kept here as a GUI keeps it; Black answers every move with the first of a fixed list of
quiet moves that is legal (scripts/chessrules.py decides), so every control plays the same game
as long as TECH's moves are the same. Each control runs in its own TECH process, side by side.
For each control it prints, over TECH's moves --from to --moves: the median and geometric mean
of the PDP-10 work a move (`move-pdp10-ms`, from `debug on`) and of its nodes, the median time a
move, the share of the base time gone after TECH's --by-th move, and the longest gap between two
lines TECH wrote while thinking. The last line compares every control's median work with the
first control's.

  python3 scripts/clock_study.py --option UCI_LimitStrength=true --option UCI_Elo=1394 10+0.1 60+0.6 st=3
"""
import argparse
import math
import os
import re
import statistics
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
import chessrules as cr

STATS = re.compile(r"info string stats depth (\d+) nodes (\d+) .* move-pdp10-ms (\d+)")
BEST = re.compile(r"^bestmove (\S+)")
# Black's answers: quiet moves that leave the game a game (the first legal one is played).
QUIET_REPLIES = ("g8f6", "b8c6", "h7h6", "a7a6", "e7e6", "d7d6", "f8e7", "e8g8", "a8b8", "b8a8", "h8g8", "g8h8")


def black_reply(position):
    legal = sorted(m.uci() for m in position.legal_moves())
    return next((m for m in QUIET_REPLIES if m in legal), legal[0] if legal else None)


def parse_clock(text):
    """(base_ms, inc_ms, moves_per_period, movetime_ms)."""
    if text.startswith("st="):
        return 0, 0, 0, int(float(text[3:]) * 1000)
    if "/" in text:
        moves, base = text.split("/")
        return int(float(base) * 1000), 0, int(moves), 0
    base, _, inc = text.partition("+")
    return int(float(base) * 1000), int(float(inc or 0) * 1000), 0, 0


class Tech:
    """A TECH process whose every output line is stamped as it arrives."""

    def __init__(self, command):
        import subprocess
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.lines = []
        self.lock = threading.Condition()
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.proc.stdout:
            with self.lock:
                self.lines.append((time.monotonic(), line.rstrip("\n")))
                self.lock.notify_all()

    def send(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()
        return time.monotonic()

    def wait_for(self, pattern, since, timeout=600.0):
        """Lines from index `since` until one matches: (index after it, matching line)."""
        deadline = time.monotonic() + timeout
        with self.lock:
            while True:
                for i in range(since, len(self.lines)):
                    if re.search(pattern, self.lines[i][1]):
                        return i + 1, self.lines[i]
                since = len(self.lines)
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(pattern)
                self.lock.wait(left)

    def quit(self):
        self.send("quit")
        self.proc.wait(10)


def play(tech_cmd, options, clock_text, moves_to_play):
    base, inc, period, movetime = parse_clock(clock_text)
    tech = Tech(tech_cmd)
    tech.send("uci")
    seen, _ = tech.wait_for("^uciok", 0)
    for name, value in options:
        tech.send(f"setoption name {name} value {value}")
    tech.send("debug on")
    tech.send("ucinewgame")
    tech.send("isready")
    seen, _ = tech.wait_for("^readyok", seen)
    position = cr.Position.from_fen(cr.START_FEN)
    moves, rows, left = [], [], base
    for number in range(1, moves_to_play + 1):
        tech.send("position startpos moves " + " ".join(moves))
        tech.send("isready")
        seen, _ = tech.wait_for("^readyok", seen)
        if movetime:
            go = f"go movetime {movetime}"
        else:
            go = f"go wtime {left} btime {left}" + (f" winc {inc} binc {inc}" if inc else "")
            if period:
                go += f" movestogo {period - (number - 1) % period}"
        start = tech.send(go)
        first = seen
        seen, (stamp, line) = tech.wait_for(r"^bestmove", seen)
        elapsed_ms = int((stamp - start) * 1000)
        stamps = [start] + [t for t, _ in tech.lines[first:seen]]
        gap = max(b - a for a, b in zip(stamps, stamps[1:]))
        stats = next((STATS.search(l) for _, l in tech.lines[first:seen] if STATS.search(l)), None)
        move = BEST.match(line).group(1)
        if not movetime:
            left = left - elapsed_ms + inc
            if period and number % period == 0:
                left += base
        rows.append({"move": number, "depth": int(stats.group(1)), "nodes": int(stats.group(2)),
                     "work_ms": int(stats.group(3)), "time_ms": elapsed_ms, "left_ms": left, "gap_s": gap})
        position = position.push(position.parse_uci(move))
        moves.append(move)
        reply = black_reply(position)
        if reply is None:
            break
        position = position.push(position.parse_uci(reply))
        moves.append(reply)
    tech.quit()
    return rows


def geomean(values):
    return math.exp(sum(math.log(max(v, 1)) for v in values) / len(values))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("clocks", nargs="+")
    parser.add_argument("--tech", default=os.path.join(os.path.dirname(HERE), "tech"))
    parser.add_argument("--option", action="append", default=[], help="NAME=VALUE, set with setoption")
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--from", dest="first", type=int, default=5)
    parser.add_argument("--by", type=int, default=10, help="report the base time gone after this many moves")
    args = parser.parse_args(argv)
    options = [tuple(o.split("=", 1)) for o in args.option]
    results = {}

    def run(clock):
        results[clock] = play([args.tech], options, clock, args.moves)
    threads = [threading.Thread(target=run, args=(c,)) for c in args.clocks]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(f"TECH {' '.join(args.option) or '(defaults)'}, moves {args.first}-{args.moves}:")
    medians = {}
    for clock in args.clocks:
        rows = results[clock]
        part = [r for r in rows if args.first <= r["move"] <= args.moves]
        base, _, _, movetime = parse_clock(clock)
        medians[clock] = statistics.median(r["work_ms"] for r in part)
        gone = ""
        if base and len(rows) >= args.by:
            gone = f", {100 * (base - rows[args.by - 1]['left_ms']) / base:.0f}% of the base gone after move {args.by}"
        print(f"  {clock:>8}: work a move median {medians[clock]:.0f} PDP-10 ms (geometric mean "
              f"{geomean([r['work_ms'] for r in part]):.0f}), nodes median {statistics.median(r['nodes'] for r in part):.0f}, "
              f"depths {min(r['depth'] for r in part)}-{max(r['depth'] for r in part)}, time a move median "
              f"{statistics.median(r['time_ms'] for r in part):.0f} ms{gone}, longest silence "
              f"{max(r['gap_s'] for r in rows):.2f} s")
    first = args.clocks[0]
    print("  work a move against " + first + ": " + ", ".join(
        f"{c} x{medians[c] / max(medians[first], 1):.2f}" for c in args.clocks[1:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
