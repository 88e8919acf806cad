#!/usr/bin/env python3
"""wdl_fit.py - fit UCI_ShowWDL's model to TECH's own games, per profile, and check it on games
held out of the fit.

usage: python3 scripts/wdl_fit.py GAMES.pgn[.gz] ... [--folds K] [--write protocol/driver/wdl_table.h]

Every move a TECH engine made with a score (match.py's comments, {+1.25/7 0.310s}) is one
position: the score from the mover's side and the game's result from the same side; the opening
line's moves ({book}) and mate scores (a mate is certain: protocol/driver/wdl.c) are left out, and
so are the games a clock ended (Termination "time forfeit").
The profile is the engine's name: TECH-1971..., or TECH-modern...

The model (protocol/driver/wdl.c): with the score shaped, t = 100 (|s| / 100)^p with s's sign,
win = 1 / (1 + exp((a - t) / b)), loss = win at -t, draw = 1 - win - loss, where a and b move with
the material on the board, m (both sides' men but the kings at TECH's base values, over the
initial array's): a = a0 + a1 m, b = b0 + b1 m. A level score means more with few men left than
with all of them; p < 1 makes a pawn's lead count for more beside a queen's than a plain logistic
would. a0, a1, b0, b1 and p per profile by maximum likelihood over every game's positions (Nelder
and Mead's simplex); --write puts them into the C header.
The check, on games held out of the fit (cross-validation): the games are taken in pairs
(match.py plays each opening with both colours, one after the other) and the pairs dealt into K
folds (--folds, 5 by default); each fold's positions are predicted by the model fitted to the
other folds' games alone, so every position is predicted by a model that never saw its game. The
positions then in five bands of the score, each band's mean predicted score (win + draw / 2)
beside the score its games actually made, and their largest gap in bands of at least 100
positions (the calibration error). --folds 0 fits and writes without the check.
"""
import argparse
import concurrent.futures
import gzip
import math
import os
import re
import sys

import chessrules as cr

# TECH's base values (engine/board.h) and the initial array's men but the kings, both sides.
BASE_VALUE = {"p": 100, "n": 330, "b": 330, "r": 500, "q": 900, "k": 0}
INITIAL_MATERIAL = 2 * (8 * 100 + 4 * 330 + 2 * 500 + 900)
# A scored move's comment as match.py writes it: "+1.25/7 0.310s" (a mate "+M5/9 ...").
SCORE_RE = re.compile(r"^([+-]\d+\.\d+)/\d+\b")
PROFILES = ("TECH-1971", "TECH-modern")
# The score bands of the check, in centipawns from the mover's side: [low, high).
BANDS = ((-math.inf, -200), (-200, -50), (-50, 50), (50, 200), (200, math.inf))
# A band's positions enough for its observed score to count in the calibration error.
BAND_MINIMUM = 100
# The header's place and what it names (the model's numbers per profile).
HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "protocol", "driver", "wdl_table.h")
MACROS = {"TECH-1971": "1971", "TECH-modern": "MODERN"}
PARAMETERS = ("A0", "A1", "B0", "B1", "P")
# [C] The shape p is kept within these bounds (a plain logistic is 1).
SHAPE_MIN, SHAPE_MAX = 0.2, 3.0


def read_games(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", errors="replace") as f:
        return cr.read_pgn(f.read())


def profile_of(name):
    return next((p for p in PROFILES if name.startswith(p)), None)


def material_share(position):
    """m: the men on the board but the kings, at the base values, over the initial array's."""
    return sum(BASE_VALUE[p.lower()] for p in position.board if p) / INITIAL_MATERIAL


def positions(game):
    """[(profile, score in cp from the mover's side, m, result from that side: 1, 0.5 or 0)]."""
    result = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(game.tags.get("Result"))
    comments = game.comments()
    # A result the clock decided ("time forfeit") says nothing of the positions before it.
    if result is None or "FEN" in game.tags or game.tags.get("Termination", "normal") != "normal":
        return []
    replayed, problem = game.replay()
    if problem or len(comments) != len(replayed.moves):
        return []
    found = []
    for ply, comment in enumerate(comments):
        white = ply % 2 == 0
        profile = profile_of(game.tags.get("White" if white else "Black", ""))
        score = SCORE_RE.match(comment)
        if profile and score:
            found.append((profile, round(float(score.group(1)) * 100), round(material_share(replayed.positions[ply]), 2),
                          result if white else 1.0 - result))
    return found


def model(params, m):
    """(a, b) of the model at material share m."""
    a0, a1, b0, b1 = params[:4]
    return max(0.0, a0 + a1 * m), max(1.0, b0 + b1 * m)


def shaped(params, score):
    """t: the score in centipawns shaped by p (100 stays 100)."""
    p = min(SHAPE_MAX, max(SHAPE_MIN, params[4]))
    return math.copysign(100.0 * (abs(score) / 100.0) ** p, score)


def chances(params, score, m):
    a, b = model(params, m)
    score = shaped(params, score)
    win = 1.0 / (1.0 + math.exp(min(700.0, (a - score) / b)))
    loss = 1.0 / (1.0 + math.exp(min(700.0, (a + score) / b)))
    return win, max(1e-12, 1.0 - win - loss), loss


def fit(data):
    """(a0, a1, b0, b1, p) of the greatest likelihood, by Nelder and Mead's simplex over the positions
    grouped by score, material and result."""
    groups = {}
    for score, m, result in data:
        groups[(score, m, result)] = groups.get((score, m, result), 0) + 1
    weighted = list(groups.items())

    def cost(params):
        total = 0.0
        for (score, m, result), count in weighted:
            win, draw, loss = chances(params, score, m)
            total -= count * math.log(max(1e-12, win if result == 1.0 else loss if result == 0.0 else draw))
        return total

    params = nelder_mead(cost, [150.0, 0.0, 150.0, 0.0, 1.0], [100.0, 100.0, 100.0, 100.0, 0.3])
    params[4] = min(SHAPE_MAX, max(SHAPE_MIN, params[4]))
    return params


def nelder_mead(cost, start, steps, rounds=2000, tolerance=1e-7):
    """The minimum of `cost` near `start` (the simplex's first corners a step away on each axis)."""
    simplex = [list(start)] + [[x + (steps[i] if i == j else 0.0) for j, x in enumerate(start)]
                               for i in range(len(start))]
    values = [cost(p) for p in simplex]
    for _ in range(rounds):
        order = sorted(range(len(simplex)), key=values.__getitem__)
        simplex, values = [simplex[i] for i in order], [values[i] for i in order]
        if values[-1] - values[0] <= tolerance * (abs(values[0]) + 1.0):
            break
        centre = [sum(p[j] for p in simplex[:-1]) / (len(simplex) - 1) for j in range(len(start))]

        def towards(factor):
            return [c + factor * (w - c) for c, w in zip(centre, simplex[-1])]

        reflected = towards(-1.0)
        r = cost(reflected)
        if r < values[0]:
            expanded = towards(-2.0)
            e = cost(expanded)
            simplex[-1], values[-1] = (expanded, e) if e < r else (reflected, r)
        elif r < values[-2]:
            simplex[-1], values[-1] = reflected, r
        else:
            contracted = towards(0.5)
            c = cost(contracted)
            if c < values[-1]:
                simplex[-1], values[-1] = contracted, c
            else:
                best = simplex[0]
                simplex = [best] + [[b + 0.5 * (x - b) for b, x in zip(best, p)] for p in simplex[1:]]
                values = [values[0]] + [cost(p) for p in simplex[1:]]
    return simplex[min(range(len(simplex)), key=values.__getitem__)]


def calibration(params, data, games=None):
    """[(band, positions, mean predicted score, observed score, margin)] for the bands with
    positions; `params` is the model of every position, or a list of each one's; `games` gives each
    position's game, and the margin is then 1.96 standard errors of the gap with the positions of
    one game counted together (they share its result), else 0."""
    rows = []
    for low, high in BANDS:
        inside = [i for i, (s, _, _) in enumerate(data) if low <= s < high]
        if not inside:
            continue
        gaps = {}
        predicted = observed = 0.0
        for i in inside:
            score, m, result = data[i]
            win, draw, _ = chances(params[i] if isinstance(params[0], (list, tuple)) else params, score, m)
            predicted += win + draw / 2
            observed += result
            key = games[i] if games else i
            gaps[key] = gaps.get(key, 0.0) + result - (win + draw / 2)
        n = len(inside)
        margin = 1.96 * math.sqrt(sum(g * g for g in gaps.values())) / n if games else 0.0
        rows.append(((low, high), n, predicted / n, observed / n, margin))
    return rows


def band_text(low, high):
    if low == -math.inf:
        return f"below {high / 100:+.2f}"
    if high == math.inf:
        return f"{low / 100:+.2f} and above"
    return f"{low / 100:+.2f} .. {high / 100:+.2f}"


def write_header(path, fits, sources):
    lines = ["/* wdl_table.h - GENERATED by scripts/wdl_fit.py; do not edit: run it again on new games.",
             " * UCI_ShowWDL's model per profile (wdl.c): with m the material on the board over the initial",
             " * array's and the score shaped as 100 (|s| / 100)^P, a = A0 + A1 m is the shaped score at which a",
             " * win is as likely as not and b = B0 + B1 m the spread, in centipawns, fitted to the profile's own",
             " * games (tests/data/wdl/):"]
    lines += [f" * {os.path.basename(s)}" for s in sources]
    lines += [f" * ({profile}: {n} positions of {g} games in the fit)" for profile, (_, n, g) in fits.items()]
    lines[-1] += " */"
    lines += ["#ifndef TECH_WDL_TABLE_H", "#define TECH_WDL_TABLE_H", ""]
    for profile, (params, _, _) in fits.items():
        lines += [f"#define WDL_{MACROS[profile]}_{name} {value:.3f}" if name == "P"
                  else f"#define WDL_{MACROS[profile]}_{name} {value:.1f}" for name, value in zip(PARAMETERS, params)]
    lines += ["", "#endif", ""]
    with open(path, "w") as f:
        f.write("\n".join(lines))


def cross_validated(data, pairs, games, folds):
    """Each position's model fitted without its fold of opening pairs (`pairs`: each position's
    pair), and the calibration of those predictions (`games`: each position's game)."""
    order = sorted(set(pairs))
    fold_of = {pair: i % folds for i, pair in enumerate(order)}
    training = [[d for d, pair in zip(data, pairs) if fold_of[pair] != k] for k in range(folds)]
    # the folds' fits are independent: one process a core
    with concurrent.futures.ProcessPoolExecutor(max_workers=min(folds, os.cpu_count() or 1)) as pool:
        fitted = list(pool.map(fit, training))
    models = [fitted[fold_of[pair]] for pair in pairs]
    return calibration(models, data, games)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="+", help="PGN files (gzip too) of match.py games")
    parser.add_argument("--folds", type=int, default=5, help="cross-validation folds of opening pairs (0: no check)")
    parser.add_argument("--write", nargs="?", const=HEADER, help="write the model into this C header")
    args = parser.parse_args()
    data = {p: [] for p in PROFILES}
    pairs = {p: [] for p in PROFILES}
    games = {p: [] for p in PROFILES}
    for path in args.games:
        for index, game in enumerate(read_games(path)):
            for profile, score, m, result in positions(game):
                data[profile].append((score, m, result))
                pairs[profile].append((path, index // 2))
                games[profile].append((path, index))
    fits = {}
    for profile in PROFILES:
        if not data[profile]:
            continue
        params = fit(data[profile])
        game_count = len(set(games[profile]))
        fits[profile] = (params, len(data[profile]), game_count)
        print(f"{profile}: a = {params[0]:.1f} {params[1]:+.1f} m, b = {params[2]:.1f} {params[3]:+.1f} m (cp), "
              f"p = {params[4]:.3f}, from {len(data[profile])} positions of {game_count} games")
        for m in (1.0, 0.5, 0.2):
            row = []
            for score in (0, 100, 300, 500):
                win, draw, loss = chances(params, score, m)
                row.append(f"{score / 100:+.2f} {1000 * win:.0f}/{1000 * draw:.0f}/{1000 * loss:.0f}")
            print(f"  material {m:.0%}: " + ", ".join(row) + " (win/draw/loss per mille)")
        if args.folds < 2:
            continue
        worst = None
        print(f"  held out ({args.folds} folds of {len(set(pairs[profile]))} opening pairs, each predicted by the "
              "model of the other folds):")
        for (low, high), n, predicted, observed, margin in cross_validated(
                data[profile], pairs[profile], games[profile], args.folds):
            counted = n >= BAND_MINIMUM
            if counted:
                worst = max(worst or 0.0, abs(predicted - observed))
            print(f"  held out, score {band_text(low, high):>16}: {n:5d} positions, predicted {100 * predicted:5.1f}%, "
                  f"observed {100 * observed:5.1f}% (the gap's 95% margin, games counted whole: "
                  f"{100 * margin:.1f}){'' if counted else ' under 100 positions: not counted'}")
        print(f"  calibration error (largest gap, bands of {BAND_MINIMUM}+ positions): "
              + (f"{100 * worst:.1f} points" if worst is not None else "no band has so many"))
    if not fits:
        print("no scored moves of TECH-1971 or TECH-modern in these games")
        return 1
    if args.write:
        write_header(args.write, fits, args.games)
        print(f"written: {args.write}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
