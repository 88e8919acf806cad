#!/usr/bin/env python3
"""presort_quality.py - how well TECH's pre-sort chooses among its materially equal moves.

TECH plays the positionally first of the moves its material search finds equally good
(docs/SPEC.md §4, §5). This tool measures that choice against a strong engine: for positions
taken from games, it finds TECH's tie set (every legal move searched alone with `go depth D
searchmoves M` in the chosen profile; the moves with the best material score), lets Stockfish
value each move of the tie set, and reports, for the 1971 pre-sort and for E10's expanded
module, how many centipawns (by Stockfish) the pre-sort's first move of the tie set gives away
against the best move of the same set. Positions whose tie set has one move say nothing and are
skipped. The work is cached in a JSON file, so that a second run (or --fit) costs nothing.

usage: python3 scripts/presort_quality.py [GAMES.pgn ...] [--tech ./tech]
           [--stockfish /usr/games/stockfish] [--every 7] [--positions 300] [--depth 6]
           [--sf-depth 12] [--cache presort_quality.json] [--fit]

Without games, the positions are those of the cache. tests/data/presort_ties.json holds the
tie sets and Stockfish values of 1,999 positions from TECH-modern's games against itself and
Fairy-Max (2026-11-25), so that

    python3 scripts/presort_quality.py --cache tests/data/presort_ties.json

judges the current build's two pre-sorts in a minute, with no search at all. The last row,
a random choice, is the expected loss of picking one move of each tie set at random: the
floor that any positional module should beat.

--fit also searches multipliers for E10's named terms that would lower the loss (a hint for
changing the module's weights, which must then be measured in games).
"""
import argparse
import json
import os
import re
import subprocess
import sys

import chessrules as cr
from engine_client import UciClient

SCORE_RE = re.compile(r"score (cp|mate) (-?\d+)")
MATE_CP = 100000


class Uci(UciClient):
    """A UCI engine asked for the scores of chosen root moves."""

    def score(self, fen, moves, depth, multipv=1):
        """{move: score} of a `go depth` restricted to `moves` (MultiPV as given)."""
        self.send(f"setoption name MultiPV value {multipv}") if multipv > 1 else None
        self.send(f"position fen {fen}")
        scores = {}
        for line in self.go(f"depth {depth} searchmoves {' '.join(moves)}").lines:
            if not line.startswith("info") or " pv " not in line:
                continue
            found = SCORE_RE.search(line)
            if not found:
                continue
            kind, value = found.group(1), int(found.group(2))
            cp = value if kind == "cp" else (MATE_CP - abs(value)) * (1 if value > 0 else -1)
            pv = line.split(" pv ")[1].split()
            words = line.split()
            this_depth = int(words[words.index("depth") + 1])
            if this_depth == depth or multipv > 1:
                scores[pv[0]] = cp
        if multipv > 1:
            self.send("setoption name MultiPV value 1")
        return scores


def sample_positions(paths, every, limit):
    """FENs of every `every`-th position from ply 16 on, in order, up to `limit`."""
    fens = []
    for path in paths:
        for game in cr.read_pgn(path):
            replayed, _ = game.replay()
            for ply in range(16, len(replayed.positions) - 1, every):
                pos = replayed.positions[ply]
                if pos.legal_moves():
                    fens.append(pos.fen())
                if len(fens) >= limit:
                    return fens
    return fens


def presort_terms(tech, fen, expanded):
    """[(move, score, {term: value})] in the pre-sort's order, from `tech presort`."""
    args = [tech, "presort"] + (["--expanded"] if expanded else []) + fen.split()
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    entries = []
    for line in out.splitlines()[1:]:
        words = line.split()
        if len(words) < 3:
            continue
        terms = dict(w.split("=") for w in words[3:] if "=" in w)
        entries.append((words[1], int(words[2]), {k: int(v) for k, v in terms.items()}))
    return entries


def measure(args, cache):
    if not args.pgn:
        return sorted(fen for fen, entry in cache.items() if "stockfish" in entry)
    fens = sample_positions(args.pgn, args.every, args.positions)
    todo = [f for f in fens if f not in cache]
    if not todo:
        return fens
    tech = Uci([args.tech], {"Style": "TECH-modern"})
    sf = Uci([args.stockfish], {"Threads": 1, "Hash": 64})
    for i, fen in enumerate(todo):
        legal = [m.uci() for m in cr.Position.from_fen(fen).legal_moves()]
        values = {}
        for move in legal:
            tech.send("ucinewgame")
            values.update(tech.score(fen, [move], args.depth))
        best = max(values.values())
        ties = sorted(m for m, v in values.items() if v == best)
        entry = {"ties": ties}
        if len(ties) > 1:
            entry["stockfish"] = sf.score(fen, ties, args.sf_depth, multipv=len(ties))
        cache[fen] = entry
        if (i + 1) % 10 == 0:
            print(f"measured {i + 1}/{len(todo)}", file=sys.stderr)
            save(args.cache, cache)
    tech.close()
    sf.close()
    save(args.cache, cache)
    return fens


def save(path, cache):
    with open(path, "w") as f:
        json.dump(cache, f)


def loss_of(entry, order):
    """Stockfish centipawns the first tie move in `order` gives away against the set's best."""
    sf = entry["stockfish"]
    ties = [m for m in entry["ties"] if m in sf]
    if len(ties) < 2:
        return None
    chosen = next((m for m in order if m in ties), None)
    return max(sf[m] for m in ties) - sf[chosen] if chosen else None


def weighted_order(expanded, weights):
    scored = [(sum(weights.get(t, 1.0) * v for t, v in terms.items()), -i, move)
              for i, (move, _, terms) in enumerate(expanded)]
    return [move for _, _, move in sorted(scored, reverse=True)]


def report(args, fens, cache):
    """The pre-sorts are taken from `tech presort` now, so that a changed module is judged on
    the cached tie sets and Stockfish values."""
    entries = []
    for fen in fens:
        entry = cache.get(fen, {})
        if "stockfish" not in entry:
            continue
        entry = dict(entry, presort=[e[0] for e in presort_terms(args.tech, fen, False)],
                     expanded=presort_terms(args.tech, fen, True))
        entries.append(entry)
    rows = []
    for name, order_of in (("1971 pre-sort", lambda e: e["presort"]),
                           ("E10 expanded", lambda e: [m for m, _, _ in e["expanded"]])):
        losses = [x for x in (loss_of(e, order_of(e)) for e in entries) if x is not None]
        capped = [min(x, 300) for x in losses]
        rows.append((name, len(losses), sum(capped) / max(1, len(capped)),
                     sum(1 for x in losses if x == 0) / max(1, len(losses))))
    rows.append(random_choice(entries))
    print(f"{len(fens)} positions sampled, {len(entries)} with two or more materially equal moves")
    print("pre-sort         positions  mean loss (cp, capped at 300)  best of the set chosen")
    for name, n, mean, best in rows:
        print(f"{name:16s} {n:9d}  {mean:29.1f}  {100 * best:20.1f}%")
    if args.fit:
        fit_weights(entries)


def random_choice(entries):
    """The expected loss and best-move rate of a uniformly random pick from each tie set."""
    loss_sum = best_sum = 0.0
    count = 0
    for entry in entries:
        sf = entry["stockfish"]
        ties = [m for m in entry["ties"] if m in sf]
        if len(ties) < 2:
            continue
        best = max(sf[m] for m in ties)
        loss_sum += sum(min(best - sf[m], 300) for m in ties) / len(ties)
        best_sum += sum(1 for m in ties if sf[m] == best) / len(ties)
        count += 1
    return ("random choice", count, loss_sum / max(1, count), best_sum / max(1, count))


def fit_weights(entries):
    terms = sorted({t for e in entries for _, _, ts in e["expanded"] for t in ts})

    def mean_loss(weights):
        losses = [loss_of(e, weighted_order(e["expanded"], weights)) for e in entries]
        losses = [min(x, 300) for x in losses if x is not None]
        return sum(losses) / max(1, len(losses))

    weights = {t: 1.0 for t in terms}
    best = mean_loss(weights)
    for _ in range(3):
        for t in terms:
            for factor in (0.0, 0.5, 0.75, 1.5, 2.0, 3.0):
                trial = dict(weights, **{t: weights[t] * factor})
                value = mean_loss(trial)
                if value < best - 1e-9:
                    best, weights = value, trial
    print("fitted multipliers (mean loss %.1f):" % best)
    for t in terms:
        print(f"  {t:16s} {weights[t]:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="*")
    parser.add_argument("--tech", default="./tech")
    parser.add_argument("--stockfish", default="/usr/games/stockfish")
    parser.add_argument("--every", type=int, default=7)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--depth", type=int, default=6, help="TECH's depth for each root move")
    parser.add_argument("--sf-depth", type=int, default=12)
    parser.add_argument("--cache", default="presort_quality.json")
    parser.add_argument("--fit", action="store_true")
    args = parser.parse_args()
    cache = {}
    if os.path.exists(args.cache):
        with open(args.cache) as f:
            cache = json.load(f)
    fens = measure(args, cache)
    report(args, fens, cache)
    return 0


if __name__ == "__main__":
    sys.exit(main())
