#!/usr/bin/env python3
"""clock_fit.py - how a UCI_Elo setting's work a move grows with the clock (issue 55), from the
games already recorded at two controls.

usage:
  python3 scripts/clock_fit.py [--runs FILE ...] [--table protocol/driver/strength_table.h]
                               [--header protocol/driver/clock_table.h] [--check]

Two numbers make the rule, both from data:
- g, what a full-strength opponent gains a doubling of its time: the games in which TECH held to
  a fixed work a move (a `TECH-EloN` setting of the old rule, the same work at every control)
  met the same opponent at 10+0.1 and at 60+0.6. One logistic (Elo) model over every such pairing:
  the pairing's Elo at 10+0.1 is its own, free; at another control it moves by what each side
  gains, log2(R) times its gain a doubling, where R is the control's time a move over 10+0.1's:
  0 for TECH held to a work, g for a full-strength engine (HoiChess, Phalanx, Dreamer, Stash), g_s
  for Stockfish at a UCI_Elo label (its Skill: a pick at a fixed depth, which gains little). Games
  of Stockfish against itself at time odds and of HoiChess against Stockfish's label tie g_s in.
  The interval is the profile likelihood's 95% (the points as a binomial, a draw half a point).
- s, what TECH gains a doubling of its work: the least-squares slope of the UCI_Elo table's Elo
  against log2 of its work along each profile (strength_table.h).
The rule: a move's work is W(N) x R^k, k = g / s of the profile that plays at N, so that TECH's
Elo rises by what the opponents gain; at a control slower than 10+0.1, a TECH-deep or TECH-modern
setting, where TECH-modern's line against full-strength engines (its point against HoiChess at 10+0.1, LINE_PAIRING, climbing by
its s) asks at least the work the table measured TECH-modern at, TECH-modern on that line at
N + g log2 R. --header writes k per profile into clock_table.h (the
program reads it: strength.c); --check exits 1 if that file is not what it would write.
Standard library only.
"""
import argparse
import json
import math
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STRENGTH = os.path.join("tests", "long", "strength")
DEFAULT_RUNS = [os.path.join(STRENGTH, f) for f in (
    "list-check.jsonl", "list-check-60.jsonl", "check.jsonl", "settings-43.jsonl", "stockfish-clock.jsonl",
    "clock-55.jsonl")]
DEFAULT_TABLE = os.path.join("protocol", "driver", "strength_table.h")
DEFAULT_HEADER = os.path.join("protocol", "driver", "clock_table.h")
# The control the UCI_Elo table was measured at (strength_table.h): R = 1 there.
REFERENCE = (10000, 100)
# The time manager's estimate of the time a move (protocol/driver/timeman.c, avail_ms): the clock
# less the overhead over the horizon, plus this share of the increment; the horizon is the
# profile's (TECH-modern and TECH-deep deepen iteratively, TECH-1971 plays its rule).
INCREMENT_SHARE = 0.75
HORIZON = {"TECH-1971": 14, "TECH-deep": 20, "TECH-modern": 20}
OVERHEAD_MS = 50  # Move Overhead's default (options.c)
# The controls the prediction is given for (seconds, as match.py writes them; a person's names):
# 60+0.6, a blitz and a rapid game of people's, and 3 s a move.
PREDICTED = (("60+0.6", "60+0.6"), ("180+2", "3+2"), ("900+10", "15+10"), ("st=3", "3 s a move"))
CHI2_95 = 3.841  # chi-square, 1 degree of freedom, 95%
TABLE_POINT = re.compile(r"\{[\s\\]*STRENGTH_TECH_(\w+),\s*([\d.]+),\s*(-?\d+)[\s\\]*\}")
PROFILE_OF = {"1971": "TECH-1971", "DEEP": "TECH-deep", "MODERN": "TECH-modern"}
FULL_STRENGTH = re.compile(r"^(HoiChess|Phalanx|Dreamer|Fairy-Max|Sjeng|Stash)")
# The day `Strength Clock` came (issue 55): a TECH-EloN of an earlier record did the same work at
# every clock; of a later one, only if it set "same at every clock" (the default grows).
STRENGTH_CLOCK_SINCE = "2026-12-02"
# TECH-modern's line against full-strength engines (docs/STRENGTH.md §1c): its measured point is
# TECH-modern held to the table's top work (build 0444e27's TECH-Elo2277: 3672765 PDP-10 ms a
# move) against HoiChess at 10+0.1, at HoiChess's list rating (the full-strength engine nearest
# the settings it places); the line climbs by TECH-modern's slope s along the table.
LINE_PAIRING = ("TECH-Elo2277", "HoiChess", "0444e27")
LINE_WORK_MS = 3672765.0
LIST_RATING = {"HoiChess": 1798}
SAME_AT_EVERY_CLOCK = "option.Strength Clock=same at every clock"


def kind_of(name, words=(), date=""):
    """'work' (TECH held to UCI_Elo's work, the same at every clock), 'skill' (Stockfish at a
    label), 'full' (an engine at full strength), or None (a player this fit does not use: a paced
    TECH, a depth, a UCI_Elo that grows with the clock: what the fit predicts, not a measure of g)."""
    name = name.split("~")[0]
    if re.match(r"^TECH-Elo\d+(\+ponder)?$", name):
        return "work" if date < STRENGTH_CLOCK_SINCE or SAME_AT_EVERY_CLOCK in words else None
    if re.match(r"^Stockfish@\d+$", name):
        return "skill"
    if FULL_STRENGTH.match(name):
        return "full"
    return None


def control_ms(tc, horizon=20, overhead=0):
    """The time manager's time a move at the start of a game of control `tc` ('B+I' seconds, or
    'st=S' seconds a move), in ms."""
    if tc.startswith("st="):
        return float(tc[3:]) * 1000 - overhead
    base, inc = (float(x) * 1000 for x in tc.split("+"))
    return (base - overhead) / horizon + INCREMENT_SHARE * inc


def doublings(tc, horizon=20, overhead=0):
    """log2 R: R the control's time a move over 10+0.1's."""
    reference = (REFERENCE[0] - overhead) / horizon + INCREMENT_SHARE * REFERENCE[1]
    return math.log2(control_ms(tc, horizon, overhead) / reference)


def read_records(paths):
    """Every recorded result as (first's kind, second's kind, first name, second name, build,
    first's control, second's control, points of the first, games)."""
    out = []
    for path in paths:
        with open(os.path.join(ROOT, path) if not os.path.isabs(path) else path) as f:
            for line in f:
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                r = json.loads(line)
                (a, words_a), (b, words_b) = ((p["name"], p.get("words", [])) for p in r["players"])
                date = r.get("date", "")
                if "points" in r:
                    points, games = float(r["points"]), int(r["games"])
                else:
                    points, games = r["wins"] + r["draws"] / 2, r["wins"] + r["losses"] + r["draws"]
                tcs = r["tc"].split(" v ")
                tc_a, tc_b = (tcs[0], tcs[1]) if len(tcs) == 2 else (tcs[0], tcs[0])
                out.append((kind_of(a, words_a, date), kind_of(b, words_b, date), a, b, r.get("build", ""), tc_a,
                            tc_b, points, games))
    return out


def usable(records):
    """The records that carry what a side gains with the clock, each as a pairing key, the two
    kinds, the two sides' log2 R and the result: a pairing of the same players and build met at
    10+0.1 and at a slower control (the 10+0.1 games fix the pairing's own difference), or one
    engine against itself at time odds. Scaled controls only (base and increment in proportion,
    so that every engine's time a move grows alike); a fixed time a move is not one for an engine
    that keeps its own clock."""
    rows, controls = [], {}
    for ka, kb, a, b, build, tc_a, tc_b, points, games in records:
        if ka is None or kb is None or tc_a.startswith("st=") or tc_b.startswith("st="):
            continue
        base_a, base_b = a.split("~")[0].split("+")[0], b.split("~")[0].split("+")[0]
        key = None if base_a == base_b else (base_a, base_b, build)
        rows.append((key, ka, kb, doublings(tc_a), doublings(tc_b), points, games))
        if key:
            controls.setdefault(key, set()).add((tc_a, tc_b))
    return [r for r in rows if r[0] is None or len(controls[r[0]]) > 1]


def expected(diff):
    return 1 / (1 + 10 ** (-diff / 400))


def log_likelihood(diff, points, games):
    p = min(max(expected(diff), 1e-12), 1 - 1e-12)
    return points * math.log(p) + (games - points) * math.log(1 - p)


def best_offset(rows, gain):
    """The pairing's own Elo at 10+0.1 that fits its rows best, and that likelihood (concave in
    the offset: Newton's steps, halved where they overshoot)."""
    def total(d):
        return sum(log_likelihood(d + gain[ka] * la - gain[kb] * lb, pts, n) for _, ka, kb, la, lb, pts, n in rows)
    d, step = 0.0, 200.0
    value = total(d)
    while step > 0.01:
        for trial in (d + step, d - step):
            v = total(trial)
            if v > value:
                d, value = trial, v
                break
        else:
            step /= 2
    return d, value


def likelihood(rows, g, g_skill):
    """The log-likelihood of every usable row at gains g (full strength) and g_skill (a label),
    each pairing at its best offset."""
    gain = {"work": 0.0, "full": g, "skill": g_skill}
    by_key = {}
    for row in rows:
        by_key.setdefault(row[0], []).append(row)
    value = 0.0
    for key, group in by_key.items():
        if key is None:
            value += sum(log_likelihood(gain[ka] * la - gain[kb] * lb, pts, n) for _, ka, kb, la, lb, pts, n in group)
        else:
            value += best_offset(group, gain)[1]
    return value


def golden_max(f, low, high, tol=0.05):
    """The x in [low, high] where the unimodal f is largest, and f there."""
    ratio = (math.sqrt(5) - 1) / 2
    a, b = low, high
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = f(c), f(d)
    while b - a > tol:
        if fc > fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = f(c)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = f(d)
    x = (a + b) / 2
    return x, f(x)


def profile_g(rows, g):
    """The likelihood at g with g_skill at its best, and that g_skill."""
    g_skill, value = golden_max(lambda gs: likelihood(rows, g, gs), -200, 400)
    return value, g_skill


def fit_gain(rows):
    """g with its 95% profile-likelihood interval, and g_skill at g."""
    g, best = golden_max(lambda x: profile_g(rows, x)[0], -200, 600)
    limit = best - CHI2_95 / 2

    def edge(inside, outside):
        for _ in range(40):
            mid = (inside + outside) / 2
            if profile_g(rows, mid)[0] >= limit:
                inside = mid
            else:
                outside = mid
        return (inside + outside) / 2
    return g, edge(g, g - 800), edge(g, g + 800), profile_g(rows, g)[1]


def pairing_lines(rows):
    """Each pairing's Elo at each control, as measured, for the reader."""
    lines = []
    for key in sorted({r[0] for r in rows if r[0]}):
        parts = []
        for _, ka, kb, la, lb, pts, n in (r for r in rows if r[0] == key):
            score = min(max(pts / n, 0.5 / n), 1 - 0.5 / n)
            parts.append(f"log2 R {la:.2f}: {pts:g}/{n} ({400 * math.log10(score / (1 - score)):+.0f})")
        lines.append(f"  {key[0]} v {key[1]} ({key[2]}): " + "; ".join(parts))
    return lines


def read_table(path):
    """{profile: [(work_ms, elo)]} from strength_table.h's points."""
    with open(os.path.join(ROOT, path) if not os.path.isabs(path) else path) as f:
        text = f.read()
    curve = {}
    for profile, work, elo in TABLE_POINT.findall(text):
        curve.setdefault(PROFILE_OF[profile], []).append((float(work), int(elo)))
    return curve


def slope(points):
    """The least-squares slope of Elo against log2 work, and its standard error."""
    xs, ys = [math.log2(w) for w, _ in points], [e for _, e in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx
    if len(xs) < 3:
        return b, float("nan")
    residual = sum((y - my - b * (x - mx)) ** 2 for x, y in zip(xs, ys)) / (len(xs) - 2)
    return b, math.sqrt(residual / sxx)


def line_point(records):
    """TECH-modern's line: (its Elo against the anchor's full-strength engine at 10+0.1, games)."""
    a, b, build = LINE_PAIRING
    points = games = 0
    for _, _, ra, rb, rbuild, tc_a, tc_b, pts, n in records:
        if (ra, rb, rbuild) == (a, b, build) and tc_a == tc_b == f"{REFERENCE[0] // 1000}+{REFERENCE[1] / 1000:g}":
            points, games = points + pts, games + n
    score = points / games
    return LIST_RATING[b] + 400 * math.log10(score / (1 - score)), games


def header_text(exponents, g, g_low, g_high, slopes, runs, games, line_elo):
    """clock_table.h, short lines (clang-format leaves it as written)."""
    names = (("1971", "TECH-1971"), ("DEEP", "TECH-deep"), ("MODERN", "TECH-modern"))
    lines = [
        "/* clock_table.h - GENERATED by scripts/clock_fit.py; do not edit: run it again on new results.",
        " * A UCI_Elo setting's work a move grows with the clock as R^k (docs/STRENGTH.md §1c): R the time",
        f" * a move the control gives over the time a move of {REFERENCE[0] // 1000}+{REFERENCE[1] / 1000:g}, "
        "where the table was measured,",
        " * k the profile's. k = g / s: g, what a full-strength engine gains a doubling of its time,",
        f" * {g:.0f} Elo (95%: {g_low:.0f} .. {g_high:.0f}), from {games} games at two controls or at time odds in",
        *(f" * {os.path.basename(run)}" for run in runs),
        " * (tests/long/strength/); s, what the profile gains a doubling of its work along the table",
        " * (strength_table.h): " + ", ".join(f"{p} {slopes[p]:.0f}" for _, p in names) + ". */",
        "#ifndef TECH_CLOCK_TABLE_H",
        "#define TECH_CLOCK_TABLE_H",
        "",
        f"enum {{ STRENGTH_CLOCK_BASE_MS = {REFERENCE[0]}, STRENGTH_CLOCK_INCREMENT_MS = {REFERENCE[1]} }};",
        *(f"#define STRENGTH_CLOCK_EXPONENT_{k} {exponents[p]:.3f}" for k, p in names),
        "/* g, and TECH-modern's line against full-strength engines: its point against "
        f"{LINE_PAIRING[1]} at",
        f" * {REFERENCE[0] // 1000}+{REFERENCE[1] / 1000:g} ({LINE_PAIRING[0]} of build {LINE_PAIRING[2]}, "
        f"list {LIST_RATING[LINE_PAIRING[1]]}) and its slope s. */",
        f"#define STRENGTH_CLOCK_GAIN {g:.1f}",
        f"#define STRENGTH_CLOCK_LINE_WORK_MS {LINE_WORK_MS:.1f}",
        f"#define STRENGTH_CLOCK_LINE_ELO {line_elo:.1f}",
        f"#define STRENGTH_CLOCK_LINE_SLOPE {slopes['TECH-modern']:.1f}",
        "",
        "#endif",
        "",
    ]
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", nargs="+", default=DEFAULT_RUNS, help="result files (jsonl)")
    parser.add_argument("--table", default=DEFAULT_TABLE, help="the UCI_Elo table (strength_table.h)")
    parser.add_argument("--header", help="write the exponents into this header (clock_table.h)")
    parser.add_argument("--check", action="store_true", help="exit 1 if --header (default clock_table.h) differs")
    args = parser.parse_args(argv)

    records = read_records(args.runs)
    rows = usable(records)
    games = sum(r[6] for r in rows)
    print(f"{len(rows)} results, {games} games, at two controls or at time odds ({', '.join(args.runs)}):")
    print("\n".join(pairing_lines(rows)))
    g, g_low, g_high, g_skill = fit_gain(rows)
    print(f"a full-strength engine gains a doubling of its time: {g:.0f} Elo (95%: {g_low:.0f} .. {g_high:.0f})")
    print(f"Stockfish at a UCI_Elo label (its Skill) gains: {g_skill:.0f} Elo a doubling")
    without = [r for r in rows if not (r[0] and "Stash" in r[0][1])]
    if len(without) < len(rows):
        g2, lo2, hi2, _ = fit_gain(without)
        print(f"  without issue 55's Stash games: {g2:.0f} ({lo2:.0f} .. {hi2:.0f})")

    curve = read_table(args.table)
    slopes, exponents = {}, {}
    print("TECH gains a doubling of its work (least squares along the table's profile), k = g / s:")
    for profile in ("TECH-1971", "TECH-deep", "TECH-modern"):
        s, se = slope(curve[profile])
        slopes[profile], exponents[profile] = s, g / s
        print(f"  {profile}: s {s:.0f} (standard error {se:.0f}, {len(curve[profile])} points): "
              f"k {g / s:.2f} (95%: {g_low / s:.2f} .. {g_high / s:.2f})")

    print(f"at a control, R over {REFERENCE[0] // 1000}+{REFERENCE[1] / 1000:g} (the time manager's time a move at the "
          f"game's start, Move Overhead {OVERHEAD_MS} ms), the work a move x R^k, and what the opponents gain "
          "(what a setting of the same work at every clock loses):")
    for tc, shown in PREDICTED:
        parts = []
        for profile in ("TECH-1971", "TECH-deep", "TECH-modern"):
            lr = doublings(tc, HORIZON[profile], OVERHEAD_MS)
            parts.append(f"{profile} R {2 ** lr:.1f} work x{2 ** (lr * exponents[profile]):.1f}")
        lr = doublings(tc, 20, OVERHEAD_MS)
        print(f"  {shown}: {'; '.join(parts)}; the opponents gain {g * lr:+.0f} ({g_low * lr:+.0f} .. {g_high * lr:+.0f}): "
              f"a setting that grows with the clock is predicted to hold its number within "
              f"{(g_low - g) * lr:+.0f} .. {(g_high - g) * lr:+.0f}")

    line_elo, line_games = line_point(records)
    print(f"TECH-modern's line against full-strength engines: {LINE_WORK_MS / 1000:.0f} PDP-10 s a move "
          f"{line_elo:.0f} ({LINE_PAIRING[0]} v {LINE_PAIRING[1]}, build {LINE_PAIRING[2]}, {line_games} games at "
          f"{REFERENCE[0] // 1000}+{REFERENCE[1] / 1000:g}), +{slopes['TECH-modern']:.0f} a doubling of its work; "
          "a TECH-deep or TECH-modern setting N (the table's from "
          f"{min(e for _, e in curve['TECH-deep'])}) at a slower control plays TECH-modern at N + g log2 R on it where "
          f"that asks at least TECH-modern's least work in the table ({min(w for w, _ in curve['TECH-modern']) / 1000:.0f} "
          "s):")
    for tc, shown in PREDICTED:
        lr = doublings(tc, 20, OVERHEAD_MS)
        least = min(w for w, _ in curve["TECH-modern"])
        from_elo = line_elo + slopes["TECH-modern"] * math.log2(least / LINE_WORK_MS) - g * lr
        print(f"  {shown}: settings from {max(from_elo, min(e for _, e in curve['TECH-deep'])):.0f} up")

    header = args.header or (DEFAULT_HEADER if args.check else None)
    if header:
        text = header_text(exponents, g, g_low, g_high, slopes, args.runs, games, line_elo)
        path = os.path.join(ROOT, header) if not os.path.isabs(header) else header
        if args.check:
            with open(path) as f:
                if f.read() != text:
                    print(f"{header} is not what clock_fit.py writes: run it with --header {header}")
                    return 1
            print(f"{header}: as written")
        else:
            with open(path, "w") as f:
                f.write(text)
            print(f"wrote {header}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
