#!/usr/bin/env python3
"""elo_fit.py - one rating scale for every strength run: maximum likelihood over all results,
95% intervals, anchored to Stockfish's UCI_Elo labels; the ply ladder, the speed ladder, and
the calibration table of TECH's UCI_Elo.

usage:
  python3 scripts/elo_fit.py [--runs tests/long/strength/runs.jsonl ...] [MATCH.json ...]
      [--native-multiple PROFILE=X] [--prior-draws 1] [--json fit.json]
      [--table protocol/driver/strength_table.h] [--doc docs/STRENGTH.md]

--doc rewrites the Elo/speed/year table between the strength-table markers of a Markdown page
(docs/STRENGTH.md, "The UCI_Elo scale"). The option's range and default reach the manual page
from the program itself (scripts/man_options.py).

Inputs: the strength runs file(s) written by scripts/strength_run.py (one JSON object a line),
and any match.py --json summaries (e.g. the ply ladder's dN.json): there the players are the
summary's engine names (TECH-1971-d3 ...), the score the first engine's.

The model (Bradley-Terry on the Elo scale): player i beats j with probability
1 / (1 + 10^((r_j - r_i) / 400)); a draw counts as half a win and half a loss. The ratings
maximise the likelihood of all results at once (Newton's method), one connected group of
players at a time; each pairing also counts --prior-draws extra draws (default 1) so that a
perfect score still has a finite rating (at 100 games it moves 90% to 89.6%, about 5 Elo).
95% intervals: +/-1.96 standard errors from the inverse of the observed information (the
Hessian), for every difference and every anchored rating.

Anchoring: Stockfish players with a UCI_Elo label (Stockfish@1350 ..., also on their own clock
of 60+0.6, the one the labels are calibrated at) are fitted like any other player; then the whole group is shifted by the mean of (label - fitted rating) over them, the
least-squares shift that puts the fitted Stockfish points on their labels. The report gives
how far each label lies from its fitted point and the slope of fitted Elo against label Elo
(1 if the labels' spacing holds at the time control played). A group without labelled
Stockfish players is reported relative to its first player.

Far anchors: a pairing of TECH with another program whose players the fit puts more than
NEAR_ELO (200) apart is left out and the fit done again, until the set of far anchors holds;
the report lists each with its score and the score the fit expects. Such a result measures
the tail of the logistic curve, where two different programs need not follow one (TECH-1971
at native speed scores 79% against Stockfish at 1350 where its ladder says 95%). A far pairing
that is a player's last link to the group stays: that player's place rests on it alone.
--keep-far keeps them all: a check against a list engine is far by design (TECH's top against
HoiChess), and there the far pairing is the measurement.
"""
import argparse
import datetime
import json
import math
import os
import statistics
import sys
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
import strength_players as players

ROOT = os.path.dirname(HERE)
DEFAULT_RUNS = os.path.join(ROOT, "tests", "long", "strength", "runs.jsonl")
LOG10_OVER_400 = math.log(10) / 400
Z95 = 1.959964
# Newton's step is cut to this many Elo: started at 0 against players held at list ratings of
# 1434-2644, a full step can overshoot into the flat tail of the logistic curve.
MAX_NEWTON_STEP = 200.0
# An anchor (TECH against another program) is read only where the fit puts its players within
# this many Elo (an expected score of 24-76%): further apart it measures the tail of the
# logistic curve, where two different programs need not follow one (docs/STRENGTH.md §2).
NEAR_ELO = 200
# [P] Gillogly 1971: "TECH's current rating is 1147 based on its first tournament" (USCF).
USCF_1971 = 1147
TABLE_BEGIN, TABLE_END = "<!-- strength-table:begin -->", "<!-- strength-table:end -->"


# ---------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------

def canonical_or_same(name):
    try:
        return players.canonical(name)
    except ValueError:
        return name


def read_runs(path):
    """Results of a runs file: dicts a, b, wins, losses, draws, tc, source; and the native
    multiples measured with them."""
    results, natives = [], []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            run = json.loads(line)
            a, b = (canonical_or_same(p["name"]) for p in run["players"])
            results.append({"a": a, "b": b, "wins": run["wins"], "losses": run["losses"], "draws": run["draws"],
                            "tc": run.get("tc", "?"), "source": f"{os.path.basename(path)}:{number}",
                            "build": run.get("build", "?"), "date": run.get("date", "?")})
            if run.get("native_multiple"):
                natives.append(run["native_multiple"])
    return results, natives


def read_match_summary(path):
    """A match.py --json summary as one result."""
    with open(path) as f:
        summary = json.load(f)
    a, b = (canonical_or_same(n) for n in summary["engines"])
    return {"a": a, "b": b, "wins": summary["wins"], "losses": summary["losses"], "draws": summary["draws"],
            "tc": summary.get("tc", "?"), "source": os.path.basename(path), "build": "?", "date": "?"}


def pairings(results, prior_draws):
    """Results summed per unordered pair: {(a, b): [score of a, games]}, a < b."""
    table = {}
    for r in results:
        a, b, score = r["a"], r["b"], r["wins"] + 0.5 * r["draws"]
        games = r["wins"] + r["losses"] + r["draws"]
        if a == b or games == 0:
            continue
        if a > b:
            a, b, score = b, a, games - score
        entry = table.setdefault((a, b), [prior_draws * 0.5, float(prior_draws)])
        entry[0] += score
        entry[1] += games
    return table


# ---------------------------------------------------------------------------------------
# The fit
# ---------------------------------------------------------------------------------------

def groups_of(table):
    """Connected groups of players, each sorted."""
    parent = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in table:
        parent[find(a)] = find(b)
    groups = {}
    for p in list(parent):
        groups.setdefault(find(p), []).append(p)
    return [sorted(g) for g in sorted(groups.values(), key=lambda g: sorted(g)[0])]


def solve(matrix, vector):
    """Gaussian elimination with partial pivoting: matrix x = vector."""
    n = len(vector)
    m = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        if abs(m[col][col]) < 1e-15:
            raise ValueError("singular system: a player with no games?")
        for r in range(n):
            if r != col:
                factor = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= factor * m[col][c]
    return [m[i][n] / m[i][i] for i in range(n)]


def invert(matrix):
    n = len(matrix)
    columns = [solve(matrix, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return [[columns[j][i] for j in range(n)] for i in range(n)]


def expected(diff):
    return 1.0 / (1.0 + 10 ** (-diff / 400.0))


def fit_group(group, table, fixed=None):
    """Maximum-likelihood ratings of one group and their covariance (dict of dicts; a fixed
    player's entries are 0). `fixed` holds players at given ratings (the list engines of
    elo_joint.py); without it the group's first player stands at 0."""
    fixed = fixed or {}
    free = [p for p in group if p not in fixed] if fixed else group[1:]
    index = {p: i for i, p in enumerate(free)}
    rating = {p: float(fixed.get(p, 0.0)) for p in group}
    pairs = [(a, b, s, n) for (a, b), (s, n) in table.items() if a in rating]
    info = [[0.0] * len(free) for _ in free]
    for _ in range(100):
        grad = [0.0] * len(free)
        info = [[0.0] * len(free) for _ in free]
        for a, b, score, games in pairs:
            e = expected(rating[a] - rating[b])
            g = LOG10_OVER_400 * (score - games * e)
            w = LOG10_OVER_400 ** 2 * games * e * (1 - e)
            for p, sign in ((a, 1), (b, -1)):
                if p in index:
                    grad[index[p]] += sign * g
            for p in (a, b):
                for q in (a, b):
                    if p in index and q in index:
                        info[index[p]][index[q]] += w if p == q else -w
        if not free:
            break
        step = solve(info, grad)
        largest = max(abs(s) for s in step)
        if largest > MAX_NEWTON_STEP:  # far from the optimum the quadratic model overshoots
            step = [s * MAX_NEWTON_STEP / largest for s in step]
        for p, i in index.items():
            rating[p] += step[i]
        if max(abs(s) for s in step) < 1e-7:
            break
    cov_free = invert(info) if free else []
    cov = {p: {q: 0.0 for q in group} for p in group}
    for p, i in index.items():
        for q, j in index.items():
            cov[p][q] = cov_free[i][j]
    return rating, cov


def is_anchor(a, b):
    """A pairing of TECH with another program (not TECH with TECH, nor Stockfish with itself)."""
    return kind_of(a)["kind"].startswith("tech") != kind_of(b)["kind"].startswith("tech")


def connected(group, pairs):
    """Whether the pairs join every player of the group."""
    return len(group) <= 1 or any(len(g) == len(group) for g in groups_of(dict.fromkeys(pairs)))


def fit_near(group, table, near=NEAR_ELO):
    """fit_group over the group's pairings less its far anchors: those whose players the fit
    puts more than `near` Elo apart, unless a player would lose its last link to the group without
    them. Fitted again until the far set holds. near=None keeps every pairing. Returns (rating,
    cov, far pairings)."""
    pairs = {k: v for k, v in table.items() if k[0] in group}
    if near is None:
        rating, cov = fit_group(group, pairs)
        return rating, cov, []
    far = set()
    for _ in range(20):
        rating, cov = fit_group(group, {k: v for k, v in pairs.items() if k not in far})
        keep, new = set(pairs), set()
        for key in sorted((k for k in pairs if is_anchor(*k) and abs(rating[k[0]] - rating[k[1]]) > near),
                          key=lambda k: -abs(rating[k[0]] - rating[k[1]])):
            if connected(group, keep - {key}):
                keep.discard(key)
                new.add(key)
        if new == far:
            break
        far = new
    else:
        raise ValueError(f"the far anchors do not settle: {sorted(far)}")
    return rating, cov, sorted(far)


def variance(cov, weights):
    """Variance of sum(w_p r_p) for weights {player: w}."""
    return sum(wp * wq * cov[p][q] for p, wp in weights.items() for q, wq in weights.items())


def interval(value, var):
    half = Z95 * math.sqrt(max(var, 0.0))
    return {"value": value, "low": value - half, "high": value + half}


def scale_of_label(name):
    """Where a labelled Stockfish player stands on the 2023 scale: its step of the staircase, at
    the middle of the Skills the step spans (strength_players.stockfish_step_elo_2023)."""
    label = players.describe(name)["label"]
    return players.stockfish_step_elo_2023(players.stockfish_pick_depth(label))


def anchor_group(group, rating, cov):
    """Shift a group onto the Stockfish labels' places on the 2023 scale. Returns (anchored
    ratings with intervals, label report) or (relative ratings, None) without labelled Stockfish
    players."""
    labels = {p: scale_of_label(p) for p in group if is_labelled(p)}
    if not labels:
        ref = group[0]
        return {p: interval(rating[p] - rating[ref], variance(cov, diff_weights(p, ref))) for p in group}, None
    k = len(labels)
    shift = sum(labels[p] - rating[p] for p in labels) / k
    anchored = {}
    for p in group:
        weights = {q: -1.0 / k for q in labels}
        weights[p] = weights.get(p, 0.0) + 1.0
        anchored[p] = interval(rating[p] + shift, variance(cov, weights))
    report = {"shift": shift, "points": {p: {"label": players.describe(p)["label"], "scale": labels[p],
                                             "fitted": anchored[p]} for p in labels}}
    if k >= 2:
        mean_label = sum(labels.values()) / k
        spread = sum((v - mean_label) ** 2 for v in labels.values())
        weights = {p: (labels[p] - mean_label) / spread for p in labels}
        slope = sum(weights[p] * rating[p] for p in labels)
        report["slope"] = interval(slope, variance(cov, weights))
    return anchored, report


def is_labelled(name):
    try:
        info = players.describe(name)
    except ValueError:
        return False
    return (info["kind"] == "stockfish" and info["label"] is not None
            and info["clock"] in (None, players.STOCKFISH_CALIBRATION_TC))


def diff_weights(p, q):
    return {p: 1.0} if p == q else {p: 1.0, q: -1.0}


# ---------------------------------------------------------------------------------------
# Ladders
# ---------------------------------------------------------------------------------------

def kind_of(name):
    try:
        return players.describe(name)
    except ValueError:
        return {"kind": "unknown"}


def ply_ladder(group, rating, cov):
    """Per profile, the fixed-depth players: each depth against the next, and Elo per ply."""
    rows = []
    for profile in players.PROFILES:
        depths = sorted((kind_of(p)["depth"], p) for p in group
                        if kind_of(p)["kind"] == "tech-depth" and kind_of(p)["profile"] == profile)
        for (d1, p1), (d2, p2) in zip(depths, depths[1:]):
            rows.append({"profile": profile, "from": d1, "to": d2, "players": [p1, p2],
                         "elo": interval(rating[p2] - rating[p1], variance(cov, diff_weights(p2, p1)))})
        if len(depths) >= 3:
            (d1, p1), (d2, p2) = depths[0], depths[-1]
            per = interval((rating[p2] - rating[p1]) / (d2 - d1), variance(cov, diff_weights(p2, p1)) / (d2 - d1) ** 2)
            rows.append({"profile": profile, "from": d1, "to": d2, "players": [p1, p2], "elo": per, "mean": True})
    return rows


def speed_points(group, natives):
    """Per profile, its players at a speed, sorted: (multiple, name), native at its measured multiple."""
    points = {}
    for p in group:
        info = kind_of(p)
        if info["kind"] == "tech-speed" and not info["clock"]:
            m = info["multiple"] if info["multiple"] is not None else natives.get(info["profile"])
            if m:
                points.setdefault(info["profile"], []).append((m, p))
    return {profile: sorted(v) for profile, v in points.items()}


def speed_ladder(points, rating, cov):
    """Neighbouring speeds of a profile: Elo per factor 7 (one 'decade' of the report)."""
    rows = []
    for profile, pts in points.items():
        for (m1, p1), (m2, p2) in zip(pts, pts[1:]):
            decades = math.log(m2 / m1) / math.log(players.DECADE_FACTOR)
            var = variance(cov, diff_weights(p2, p1))
            rows.append({"profile": profile, "players": [p1, p2], "decades": decades,
                         "elo": interval(rating[p2] - rating[p1], var),
                         "per_factor_7": interval((rating[p2] - rating[p1]) / decades, var / decades ** 2)})
        if len(pts) >= 3:
            (m1, p1), (m2, p2) = pts[0], pts[-1]
            decades = math.log(m2 / m1) / math.log(players.DECADE_FACTOR)
            var = variance(cov, diff_weights(p2, p1))
            rows.append({"profile": profile, "players": [p1, p2], "decades": decades, "mean": True,
                         "elo": interval(rating[p2] - rating[p1], var),
                         "per_factor_7": interval((rating[p2] - rating[p1]) / decades, var / decades ** 2)})
    return rows


# ---------------------------------------------------------------------------------------
# The calibration table
# ---------------------------------------------------------------------------------------

def label_steps(labels):
    """The steps of Stockfish's staircase that the labelled players stand on, by pick depth:
    depth, labels played, the step's place on the 2023 scale, strength (the mean fitted place of
    its players), and whether it climbs above every lower step."""
    played = {}
    for row in labels["points"].values():
        played.setdefault(players.stockfish_pick_depth(row["label"]), []).append(row)
    steps, top = [], -math.inf
    for depth in sorted(played):
        strength = statistics.fmean(row["fitted"]["value"] for row in played[depth])
        steps.append({"depth": depth, "labels": sorted(row["label"] for row in played[depth]),
                      "scale": players.stockfish_step_elo_2023(depth), "strength": strength,
                      "climbs": strength > top})
        top = max(top, strength)
    return steps


def label_scale(steps):
    """UCI_Elo on Stockfish's 2023 scale. Stockfish's labels are a staircase: every label of one
    pick depth plays alike (strength_players.stockfish_pick_depth), though Stockfish 16 labels the
    step with the 2023 Elos of all the Skills it spans. So the labelled players are joined by pick
    depth (label_steps), each step's strength the mean of its players' fitted places, and set at
    the middle of its 2023 range. A fitted rating becomes the Elo at that strength on the line
    through the steps: on a step's middle it plays even with every label of the step; between two
    middles no label plays even, and the line interpolates.
    Beyond the lowest and the highest step the scale goes on one UCI_Elo per fitted Elo: there only
    TECH's own games measure, and they measure Elo. Steps whose strengths do not climb with their
    depth are left out (noise, not a scale)."""
    marks = [(step["strength"], step["scale"]) for step in steps if step["climbs"]]

    def to_label(fitted):
        if fitted <= marks[0][0]:
            return marks[0][1] + fitted - marks[0][0]
        for (f1, l1), (f2, l2) in zip(marks, marks[1:]):
            if fitted <= f2:
                return l1 + (fitted - f1) / (f2 - f1) * (l2 - l1)
        return marks[-1][1] + fitted - marks[-1][0]
    return to_label


def calibration_chain(points, anchored, natives, to_label=lambda elo: elo):
    """The curve UCI_Elo follows: TECH-1971 from the PDP-10 up to its strongest speed, then
    TECH-modern where it is stronger still (entering at the speed where it reaches TECH-1971's
    best), each point stronger than the one before. Entries: (profile, multiple or None for
    native, elo), the Elo on the scale `to_label` gives (label_scale: Stockfish's labels)."""
    chain = []
    for profile in players.PROFILES:
        pts = [(m, p, to_label(anchored[p]["value"])) for m, p in points.get(profile, [])]
        top = chain[-1][2] if chain else -math.inf
        entry = entry_point(pts, top) if chain else None
        if entry:
            chain.append((profile, entry, top))
        for m, p, elo in pts:
            if elo > (chain[-1][2] if chain else -math.inf) and (not chain or round(elo) > round(chain[-1][2])):
                multiple = None if kind_of(p)["multiple"] is None else m
                chain.append((profile, multiple, elo))
    return chain


def entry_point(pts, elo):
    """The speed at which a profile's curve reaches `elo` (geometric interpolation), if it
    does so between two of its points."""
    for (m1, _, e1), (m2, _, e2) in zip(pts, pts[1:]):
        if e1 < elo <= e2:
            return math.exp(math.log(m1) + (elo - e1) / (e2 - e1) * (math.log(m2) - math.log(m1)))
    return None


def curve_at(chain, elo, natives):
    """The profile and multiple (None = native) that play at `elo`: strength.c's rule."""
    i = 0
    while i + 1 < len(chain) and round(chain[i + 1][2]) <= elo:
        i += 1
    profile, multiple, e_low = chain[i]
    if i + 1 >= len(chain) or chain[i + 1][0] != profile or elo <= round(e_low):
        return profile, multiple
    _, m_high, e_high = chain[i + 1]
    native = natives[profile]
    low, high = math.log(multiple or native), math.log(m_high or native)
    share = (elo - round(e_low)) / (round(e_high) - round(e_low))
    m = math.exp(low + share * (high - low))
    return profile, (None if m >= native else m)


def work_ms(profile, multiple, natives):
    """The PDP-10 work a move may take (ms) that plays as `profile` at `multiple` (None = native)
    played at the table's control (strength_players.WORK_MS_PER_MULTIPLE)."""
    return (multiple or natives[profile]) * players.WORK_MS_PER_MULTIPLE[profile]


def table_text(chain, natives, results, anchors, tcs):
    games = sum(r["wins"] + r["losses"] + r["draws"] for r in results)
    builds = sorted({r["build"] for r in results if r["build"] != "?"})
    dates = sorted(r["date"][:10] for r in results if r["date"] != "?")
    per = ", ".join(f"{p} {players.WORK_MS_PER_MULTIPLE[p]:g} ms" for p in players.PROFILES)
    lines = [
        "/* strength_table.h - GENERATED by scripts/elo_fit.py; do not edit: run it again on new results.",
        f" * Measured: {games} games in {len(results)} runs ({', '.join(sorted(tcs))}; "
        f"{dates[0] if dates else '?'} to {dates[-1] if dates else '?'};",
        *textwrap.wrap(f"builds {', '.join(builds) or '?'}),", 96, initial_indent=" * ", subsequent_indent=" * "),
        " * tests/long/strength/runs.jsonl, fitted on one scale by maximum likelihood; each point's Elo is",
        " * its place on Stockfish's 2023 scale (the Skill levels as its 2023 calibration rated them): each",
        " * step of Stockfish 15.1's staircase (its labels of one pick depth play alike) stands at the",
        *textwrap.wrap(f"middle of the Skills it spans, the steps played {anchors or '(none)'}; interpolated between them, one "
                       "for one beyond them (docs/STRENGTH.md).", 96, initial_indent=" * ", subsequent_indent=" * "),
        " * Each point: a profile, the PDP-10 work a move may take (ms) and its UCI_Elo. The work is the",
        " * speed measured at that control (a multiple of TECH's PDP-10) times the work a move of such a",
        *textwrap.wrap(f"speed did per unit of multiple ({per}; native: x"
                       + ", x".join(f"{natives.get(p, 0):.0f}" for p in players.PROFILES)
                       + "; docs/STRENGTH.md §1). */", 96, initial_indent=" * ", subsequent_indent=" * "),
    ]
    return "\n".join(lines + table_points(chain, natives)) + "\n"


def table_points(chain, natives):
    """The lines of strength_table.h after its heading: the Elo range and the points."""
    names = {"TECH-1971": "STRENGTH_TECH_1971", "TECH-deep": "STRENGTH_TECH_DEEP", "TECH-modern": "STRENGTH_TECH_MODERN"}
    entries = [f"    {{{names[p]}, {work_ms(p, m, natives):.1f}, {round(e)}}}" for p, m, e in chain]
    return [f"enum {{ STRENGTH_ELO_MIN = {round(chain[0][2])}, STRENGTH_ELO_MAX = {round(chain[-1][2])} }};",
            "#define STRENGTH_POINTS \\"] + [e + (", \\" if i + 1 < len(entries) else "") for i, e in enumerate(entries)]


def doc_table(chain, natives, results, step=100, source="tests/long/strength/runs.jsonl"):
    """The Elo <-> work <-> speed <-> year table of docs/STRENGTH.md's 'The UCI_Elo scale', under a line that
    says what it was measured from."""
    games = sum(r["wins"] + r["losses"] + r["draws"] for r in results)
    tcs = ", ".join(sorted({r["tc"] for r in results}))
    rows = [f"Measured at {tcs}: {games} games in {len(results)} runs ({source}).", "",
            f"| UCI_Elo | profile | work a move (PDP-10 seconds) | as a speed at {tcs} | year (x7 a decade) |",
            "|---:|---|---:|---:|---:|"]
    low, high = round(chain[0][2]), round(chain[-1][2])
    elos = sorted({low, high} | set(range((low // step + 1) * step, high, step)))
    for elo in elos:
        profile, m = curve_at(chain, elo, natives)
        shown = m or natives[profile]
        speed = "native" if m is None else players.speed_text(m)
        work = work_ms(profile, m, natives) / 1000
        work_text = f"{work:,.0f}" if work >= 100 else f"{work:.3g}"
        rows.append(f"| {elo} | {profile} | {work_text} | {speed} | {players.multiple_year(shown):.0f}"
                    f"{' (this machine)' if m is None else ''} |")
    return "\n".join(rows)


def write_doc_table(path, chain, natives, results, source="tests/long/strength/runs.jsonl"):
    """Replace the table between the strength-table markers of the Markdown page at `path`."""
    with open(path) as f:
        text = f.read()
    start, end = text.index(TABLE_BEGIN) + len(TABLE_BEGIN), text.index(TABLE_END)
    text = text[:start] + "\n" + doc_table(chain, natives, results, source=source) + "\n" + text[end:]
    with open(path, "w") as f:
        f.write(text)


# ---------------------------------------------------------------------------------------
# Report
# ---------------------------------------------------------------------------------------

def list_checks(group, rating, cov):
    """TECH at a UCI_Elo against an engine with a list rating (strength_players.LIST_RATINGS): the
    difference the scale predicts (setting minus list rating) next to the one measured."""
    rows = []
    for p in group:
        info = kind_of(p)
        if info["kind"] != "tech-elo":
            continue
        for q in group:
            base = players.split_clock(q)[0]
            if base in players.LIST_RATINGS:
                rows.append({"tech": p, "engine": q, "predicted": info["elo"] - players.LIST_RATINGS[base],
                             "measured": interval(rating[p] - rating[q], variance(cov, diff_weights(p, q)))})
    return rows


def fmt(iv, sign=True):
    f = "+.0f" if sign else ".0f"
    return f"{iv['value']:{f}} ({iv['low']:{f}} .. {iv['high']:{f}})"


def native_multiples(measured, given):
    natives = dict(given)
    for profile in players.PROFILES:
        values = [m[profile] for m in measured if isinstance(m, dict) and m.get(profile)]
        if profile not in natives and values:
            natives[profile] = statistics.median(values)
    return natives


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("summaries", nargs="*", help="match.py --json summaries")
    parser.add_argument("--runs", action="append", help=f"a runs file (default {os.path.relpath(DEFAULT_RUNS, ROOT)})")
    parser.add_argument("--native-multiple", action="append", default=[], metavar="PROFILE=X",
                        help="native speed of a profile as a multiple of the PDP-10 (default: the runs' median)")
    parser.add_argument("--prior-draws", type=float, default=1.0)
    parser.add_argument("--json", help="write the fit here (for scripts/strength_svg.py)")
    parser.add_argument("--table", help="write the UCI_Elo calibration table (C header) here")
    parser.add_argument("--doc", help="replace the Elo/speed/year table between the strength-table markers of "
                                      "this Markdown page (docs/STRENGTH.md)")
    parser.add_argument("--keep-far", action="store_true",
                        help="keep far anchors in the fit (checks against list engines are far by design)")
    args = parser.parse_args(argv)
    results, measured = [], []
    for path in args.runs or ([DEFAULT_RUNS] if os.path.exists(DEFAULT_RUNS) else []):
        got, natives = read_runs(path)
        results += got
        measured += natives
    results += [read_match_summary(p) for p in args.summaries]
    if not results:
        parser.error("no results")
    given = {}
    for word in args.native_multiple:
        profile, _, value = word.partition("=")
        given[profile] = float(value)
    natives = native_multiples(measured, given)
    table = pairings(results, args.prior_draws)
    out = {"players": {}, "groups": [], "ply_ladder": [], "speed_ladder": [], "labels": None,
           "natives": natives, "chain": None, "far_anchors": []}
    games = sum(r["wins"] + r["losses"] + r["draws"] for r in results)
    print(f"{len(results)} runs, {games} games, {len(table)} pairings; each pairing counts {args.prior_draws:g} "
          f"extra draw(s)")
    chain_source = None
    for group in groups_of(table):
        rating, cov, far = fit_near(group, table, None if args.keep_far else NEAR_ELO)
        anchored, labels = anchor_group(group, rating, cov)
        out["groups"].append(group)
        print(f"\n== {len(group)} players, " + ("anchored to Stockfish's UCI_Elo labels" if labels
                                                  else f"relative to {group[0]}"))
        for a, b in far:
            score, games = table[(a, b)]
            print(f"  far anchor, left out: {a} v {b}: {score:g}/{games:g} ({100 * score / games:.1f}%), "
                  f"fitted {rating[a] - rating[b]:+.0f} apart (expected {100 * expected(rating[a] - rating[b]):.1f}%)")
            out["far_anchors"].append({"players": [a, b], "score": score, "games": games,
                                       "fitted_difference": rating[a] - rating[b]})
        for p in sorted(group, key=lambda q: anchored[q]["value"]):
            info = kind_of(p)
            extra = ""
            if info["kind"] == "tech-elo" and labels:
                extra = f"   (set to UCI_Elo {info['elo']}: {anchored[p]['value'] - info['elo']:+.0f})"
            if labels and (p == "TECH-1971@PDP-10" or (p.startswith("TECH-1971@") and info["clock"])):
                extra = f"   (USCF 1971: {USCF_1971})"
            print(f"  {p:28s} {fmt(anchored[p], sign=not labels)}{extra}")
            out["players"][p] = dict(anchored[p], anchored=bool(labels), **{k: v for k, v in info.items()})
        if labels:
            print(f"  Stockfish labels on the 2023 scale (the middle of their step): shift {labels['shift']:+.0f}; "
                  "fitted minus scale:")
            for p, row in sorted(labels["points"].items(), key=lambda kv: kv[1]["label"]):
                print(f"    {p:26s} {row['scale']:6.0f} {row['fitted']['value'] - row['scale']:+.0f}")
            if "slope" in labels:
                print(f"  fitted Elo per label Elo: {labels['slope']['value']:.2f} "
                      f"({labels['slope']['low']:.2f} .. {labels['slope']['high']:.2f}); 1.00 = the labels' spacing holds")
        for row in list_checks(group, rating, cov):
            off = row["measured"]["value"] - row["predicted"]
            print(f"  {row['tech']} v {row['engine']} (list {players.LIST_RATINGS[players.split_clock(row['engine'])[0]]}):"
                  f" predicted {row['predicted']:+.0f}, measured {fmt(row['measured'])}, off by {off:+.0f}")
        for row in ply_ladder(group, rating, cov):
            out["ply_ladder"].append(row)
            what = "mean per ply" if row.get("mean") else f"d{row['from']} -> d{row['to']}"
            print(f"  ply ladder {row['profile']} {what}: {fmt(row['elo'])}")
        points = speed_points(group, natives)
        for row in speed_ladder(points, rating, cov):
            out["speed_ladder"].append(row)
            what = "overall" if row.get("mean") else f"{row['players'][0]} -> {row['players'][1]}"
            print(f"  speed ladder {row['profile']} {what}: {fmt(row['elo'])} over {row['decades']:.2f} x7, "
                  f"per x7 {fmt(row['per_factor_7'])}")
        if labels and points and all(p in natives for p in points):
            chain_source = (points, anchored, labels, group, far)
    if chain_source:
        points, anchored, labels, group, far = chain_source
        out["labels"] = labels  # the curve's labels (a time-odds pair is a labelled group too)
        # The table and its heading speak of the games that placed its points (far anchors did not).
        results = [r for r in results if r["a"] in group and tuple(sorted((r["a"], r["b"]))) not in far]
        steps = label_steps(labels)
        chain = calibration_chain(points, anchored, natives, label_scale(steps))
        out["chain"] = chain
        print("\nUCI_Elo calibration: " + ", ".join(f"{p}@{players.speed_text(m)} {e:.0f}" for p, m, e in chain))
        print("Stockfish's steps (pick depth: labels played, the step on the 2023 scale, fitted strength):")
        for step in steps:
            print(f"  depth {step['depth']}: {', '.join(map(str, step['labels']))}; 2023 scale {step['scale']:.0f}; "
                  f"{step['strength']:.0f}{'' if step['climbs'] else ' (below a lower step: left out)'}")
        anchors = ", ".join(f"d{step['depth']} {'/'.join(map(str, step['labels']))} at {step['scale']:.0f}"
                            for step in steps if step["climbs"])
        tcs = {r["tc"] for r in results}
        if args.table:
            with open(args.table, "w") as f:
                f.write(table_text(chain, natives, results, anchors, tcs))
            print(f"wrote {args.table}")
        if args.doc:
            write_doc_table(args.doc, chain, natives, results)
            print(f"updated the table in {args.doc}")
    elif args.table or args.doc:
        print("no calibration: the TECH speed players and the labelled Stockfish players are not one group "
              "(or a profile's native multiple is unknown)", file=sys.stderr)
        return 1
    if args.json:
        out["date"] = datetime.date.today().isoformat()
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
