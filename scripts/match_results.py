#!/usr/bin/env python3
"""match_results.py - add up match summaries (scripts/match.py --json) into the issue's figures.

usage: python3 scripts/match_results.py RUN.json [RUN.json ...] [--tech PREFIX]
Prints one line per run and totals per time control: games, forfeits of TECH and of the
opponents by kind, the share of the available time TECH used, its least time left, the CPU
time TECH used while its opponent thought (pondering) over that thinking time, ponder hit
rates (counted by the runner for UCI; as reported by TECH), and the median search depth of
each TECH engine's own moves 1-8 (book moves of the opening set not counted). Engines whose
name starts with PREFIX (default TECH) count as TECH.
"""
import argparse
import json
import os
import re
import statistics
from collections import defaultdict

import chessrules as cr


def move_shares(pgn_path, prefix):
    """Per TECH move, the share of its clock it spent: (share, seconds, clock, game, ply),
    rebuilt from the PGN that match.py writes (one `{... N.NNNs}` comment per move)."""
    shares = []
    if not os.path.exists(pgn_path):
        return shares
    for number, game in enumerate(cr.read_pgn(pgn_path), 1):
        tags = game.tags
        base, _, inc = tags["TimeControl"].partition("+")
        base, inc = float(base), float(inc or 0)
        white_first = " b " not in tags.get("FEN", " w ")
        names = [tags["White"], tags["Black"]] if white_first else [tags["Black"], tags["White"]]
        clocks = {tags["White"]: base + inc, tags["Black"]: base + inc}
        for ply, comment in enumerate(game.comments()):
            found = re.search(r"(\d+\.\d+)s\b", comment)
            if not found:
                continue
            name = names[ply % 2]
            spent = float(found.group(1))
            if name.startswith(prefix):
                shares.append((spent / clocks[name], spent, clocks[name], number, ply + 1))
            clocks[name] += inc - spent
    return shares


def opening_depths(pgn_path, prefix, last_move=8):
    """{engine name: [depth of each of its own moves numbered 1..last_move]}, from the
    `{score/depth time}` comments match.py writes (moves marked `book` are skipped)."""
    depths = defaultdict(list)
    if not os.path.exists(pgn_path):
        return depths
    for game in cr.read_pgn(pgn_path):
        tags = game.tags
        if "FEN" in tags:
            continue  # a set-up position: its move numbers are not the game's own
        for ply, comment in enumerate(game.comments()):
            name = tags["White"] if ply % 2 == 0 else tags["Black"]
            found = re.match(r"[+-]?M?[\d.]+/(\d+)", comment)
            if found and ply // 2 + 1 <= last_move and name.startswith(prefix):
                depths[name].append(int(found.group(1)))
    return depths


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("runs", nargs="+")
    parser.add_argument("--tech", default="TECH")
    args = parser.parse_args()
    totals = defaultdict(lambda: defaultdict(float))
    least = {}
    cpu_lines = []
    print(f"{'run':28} {'tc':8} {'games':>5} {'TECH forfeits':>13} {'other forfeits':>14} "
          f"{'TECH time used':>15} {'least left':>10} {'ponder hits (runner / TECH)':>28}")
    for path in args.runs:
        with open(path) as f:
            s = json.load(f)
        tc = s["tc"]
        ours = theirs = 0
        for kind, items in s["forfeits"].items():
            for item in items:
                if item["loser"].startswith(args.tech):
                    ours += 1
                    totals[tc][f"TECH {kind}"] += 1
                else:
                    theirs += 1
                    totals[tc][f"opponent {kind}"] += 1
        used = avail = 0.0
        hits = []
        for name, e in s["stats"].items():
            if not name.startswith(args.tech):
                continue
            used += e["time_used"]
            avail += e["time_available"]
            if e["min_left"] is not None:
                least[tc] = min(least.get(tc, e["min_left"]), e["min_left"])
            if e["predictions"]:
                hits.append(f"{100 * e['predicted_right'] / e['predictions']:.1f}%")
            if e["reported_ponder"] and e["reported_ponder"][1]:
                h, n = e["reported_ponder"]
                hits.append(f"{100 * h / n:.1f}%")
                kind = "self" if all(k.startswith(args.tech) for k in s["stats"]) else "opp"
                totals[tc][f"ponder {kind} hits"] += h
                totals[tc][f"ponder {kind} total"] += n
            if e.get("opponent_think"):
                totals[tc]["wait cpu"] += e["cpu_while_waiting"]
                totals[tc]["wait think"] += e["opponent_think"]
                cpu_lines.append(f"  {path.split('/')[-1]} {name}: CPU while the opponent thought "
                                 f"{e['cpu_while_waiting']:.1f} s of {e['opponent_think']:.1f} s "
                                 f"({e['cpu_while_waiting'] / e['opponent_think']:.2f})")
            totals[tc]["crashes+stalls"] += e["crashes"] + e["stalls"]
            totals[tc]["errors"] += len(e["errors"])
        totals[tc]["games"] += s["games"]
        totals[tc]["used"] += used
        totals[tc]["avail"] += avail
        mins = min((e["min_left"] for n, e in s["stats"].items()
                    if n.startswith(args.tech) and e["min_left"] is not None), default=None)
        for name, found in opening_depths(path[:-len(".json")] + ".pgn", args.tech).items():
            cpu_lines.append(f"  {path.split('/')[-1]} {name}: median depth of its moves 1-8 "
                             f"{statistics.median(found):g} ({len(found)} moves, {min(found)}-{max(found)})")
        shares = move_shares(path[:-len(".json")] + ".pgn", args.tech)
        if shares:
            worst = max(shares)
            totals[tc]["moves"] += len(shares)
            totals[tc]["over 25%"] += sum(1 for x in shares if x[0] > 0.25)
            if worst[0] > totals[tc]["worst share"]:
                totals[tc]["worst share"] = worst[0]
                totals[tc]["worst where"] = f"{path.split('/')[-1]} game {worst[3]} ply {worst[4]}: " \
                                            f"{worst[1]:.3f} s of {worst[2]:.3f} s"
        print(f"{path.split('/')[-1]:28} {tc:8} {s['games']:5d} {ours:13d} {theirs:14d} "
              f"{100 * used / avail if avail else 0:14.1f}% {mins if mins is not None else '-':>10} "
              f"{' / '.join(hits):>28}")
    for line in cpu_lines:
        print(line)
    print()
    for tc, t in totals.items():
        print(f"{tc}: {int(t['games'])} games; TECH used {100 * t['used'] / t['avail']:.1f}% of its available "
              f"time ({t['used']:.0f} of {t['avail']:.0f} s); least time left after a move {least.get(tc)} s; "
              f"TECH crashes+stalls {int(t['crashes+stalls'])}, error lines {int(t['errors'])}")
        if t["moves"]:
            print(f"  largest share of its clock one TECH move took: {100 * t['worst share']:.1f}% "
                  f"({t['worst where']}); moves over 25% of the clock: {int(t['over 25%'])} of {int(t['moves'])}")
        if t["wait think"]:
            print(f"  CPU TECH used while the opponent thought / the opponent's thinking time: "
                  f"{t['wait cpu']:.0f} of {t['wait think']:.0f} s "
                  f"({t['wait cpu'] / t['wait think']:.2f})")
        forfeits = {k: int(v) for k, v in t.items() if k.startswith(("TECH ", "opponent "))}
        print(f"  forfeits: {forfeits or 'none'}")
        for kind in ("self", "opp"):
            if t[f"ponder {kind} total"]:
                print(f"  ponder hits ({'self-play' if kind == 'self' else 'vs other engines'}, as TECH reports): "
                      f"{int(t[f'ponder {kind} hits'])} of {int(t[f'ponder {kind} total'])} "
                      f"({100 * t[f'ponder {kind} hits'] / t[f'ponder {kind} total']:.1f}%)")


if __name__ == "__main__":
    main()
