#!/usr/bin/env python3
"""elo_joint.py - one number for each point of TECH's strength curve from both kinds of opponent
(issue 43; docs/STRENGTH.md §6).

usage:
  python3 scripts/elo_joint.py [--runs FILE ...] [--native-multiple PROFILE=X ...]
      [--json joint.json] [--table protocol/driver/strength_table.h] [--doc docs/STRENGTH.md]

A point of the curve is a profile at a speed (TECH-deep@x2401). It has two places:
  - on Stockfish's 2023 scale: elo_fit.py's fit of the games against Stockfish's labelled
    Skills and of TECH against TECH, read through the staircase of the labels (as the table was
    made before issue 43);
  - against full-strength engines: maximum likelihood over the games against the list engines
    held at their list ratings (strength_players.LIST_RATINGS: Dreamer, HoiChess, Phalanx), the
    bridges (Fairy-Max, Sjeng) rated by the pool, and TECH against TECH.
Each pool sees only its own kind of opponent: a list engine's games against Stockfish would
carry one kind's place into the other (the two do not agree, and that gap is what is measured).
The point's number is the middle of its two places, the number whose larger miss is smallest
(each miss half the gap D = Stockfish place - list place), moved where the middles would not
climb against the list engines: elo_climb.py keeps every +200 of the scale a gain of +120 against
them, missing neither kind by more than the middles' largest miss. A point with one place only is
numbered by it and the offset of the nearest point with both (marked in the report). The
calibration chain then takes the profiles weakest first, each entering where its numbers pass the
best of the one before (elo_fit.calibration_chain), and --table / --doc write the UCI_Elo
table and the tables of docs/STRENGTH.md's "The UCI_Elo scale" from it.

Runs played at a UCI_Elo (TECH-Elo1798) are points too: the table in force at their build
(git show BUILD:protocol/driver/strength_table.h) gives the profile and the work, and the work
divided by the profile's work a multiple (strength_players.WORK_MS_PER_MULTIPLE) the speed.
Only 10+0.1 games are read (the table's control).
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
import elo_climb
import elo_fit
import strength_players as players

ROOT = os.path.dirname(HERE)
STRENGTH_DIR = os.path.join(ROOT, "tests", "long", "strength")
DEFAULT_RUNS = [os.path.join(STRENGTH_DIR, name)
                for name in ("runs.jsonl", "list-check.jsonl", "middle.jsonl", "check-43.jsonl", "settings-43.jsonl")]
TABLE_PATH = "protocol/driver/strength_table.h"
TABLE_CONTROL = "10+0.1"
BRIDGES = ("Fairy-Max", "Sjeng")
# A point of the table; clang-format may break a macro's last point over continued lines.
POINT_RE = re.compile(r"\{[\s\\]*STRENGTH_(TECH_1971|TECH_DEEP|TECH_MODERN),\s*([\d.]+),\s*(-?\d+)[\s\\]*\}")
PROFILE_OF_ENUM = {"TECH_1971": "TECH-1971", "TECH_DEEP": "TECH-deep", "TECH_MODERN": "TECH-modern"}


# ---------------------------------------------------------------------------------------
# Players
# ---------------------------------------------------------------------------------------

def opponent_kind(name):
    """'tech', 'stockfish' (labelled, on the table's control), 'list', 'bridge' or 'other'."""
    info = elo_fit.kind_of(name)
    base = players.split_clock(name)[0] if info["kind"] != "unknown" else name
    if info["kind"].startswith("tech"):
        return "tech"
    if elo_fit.is_labelled(name):
        return "stockfish"
    if base in players.LIST_RATINGS:
        return "list"
    if base in BRIDGES:
        return "bridge"
    return "other"


def table_at(build, cache={}):
    """The points of the UCI_Elo table a build played with: [(profile, work ms, elo)]."""
    if build not in cache:
        try:
            text = subprocess.run(["git", "-C", ROOT, "show", f"{build}:{TABLE_PATH}"], capture_output=True,
                                  text=True, check=True).stdout
        except (subprocess.CalledProcessError, FileNotFoundError):
            raise SystemExit(f"elo_joint.py: the UCI_Elo table of build {build} is not in this repository")
        cache[build] = table_points_in(text)
    return cache[build]


def table_points_in(text):
    """The points of a strength_table.h: [(profile, work ms, elo)]."""
    return [(PROFILE_OF_ENUM[p], float(w), int(e)) for p, w, e in POINT_RE.findall(text)]


def setting_point(elo, points):
    """strength.c's curve_at: the profile and work (ms) that a UCI_Elo plays with."""
    i = 0
    while i + 1 < len(points) and points[i + 1][2] <= elo:
        i += 1
    profile, work, low = points[i]
    if i + 1 >= len(points) or points[i + 1][0] != profile or elo <= low:
        return profile, work
    _, work_high, high = points[i + 1]
    share = (elo - low) / (high - low)
    return profile, math.exp(math.log(work) + share * (math.log(work_high) - math.log(work)))


def as_speed_player(name, build):
    """TECH-EloN of a build -> its profile at the speed of its work (native at the profile's last
    point); any other name unchanged."""
    info = elo_fit.kind_of(name)
    if info["kind"] != "tech-elo" or info["clock"]:
        return name
    points = table_at(build)
    profile, work = setting_point(info["elo"], points)
    if work == max(w for p, w, _ in points if p == profile):
        return f"{profile}@native"  # the curve's last point of a profile is its native speed
    return f"{profile}@x{work / players.WORK_MS_PER_MULTIPLE[profile]:.0f}"


# ---------------------------------------------------------------------------------------
# The two places
# ---------------------------------------------------------------------------------------

def pool_table(results, kind, prior_draws):
    """The pairings one pool sees. Stockfish's: TECH against TECH and against Stockfish's labels
    (the table's fit before issue 43). The list engines': only games against the list engines
    and the bridges, and theirs among themselves: TECH's games against TECH carry what one
    profile gains against another (self-play), which a full-strength engine does not give back."""
    allowed = {"tech", "stockfish"} if kind == "stockfish" else {"tech", "list", "bridge"}
    keep = [r for r in results if {opponent_kind(r["a"]), opponent_kind(r["b"])} <= allowed
            and (kind == "stockfish" or "tech" not in (opponent_kind(r["a"]), opponent_kind(r["b"]))
                 or {opponent_kind(r["a"]), opponent_kind(r["b"])} != {"tech"})]
    return elo_fit.pairings(keep, prior_draws), keep


def stockfish_places(results, prior_draws):
    """Each player's place on Stockfish's 2023 scale: {name: (value, half width of 95%)}."""
    table, _ = pool_table(results, "stockfish", prior_draws)
    places = {}
    for group in elo_fit.groups_of(table):
        if not any(elo_fit.is_labelled(p) for p in group):
            continue
        rating, cov, _ = elo_fit.fit_near(group, table)
        anchored, labels = elo_fit.anchor_group(group, rating, cov)
        to_label = elo_fit.label_scale(elo_fit.label_steps(labels))
        for p in group:
            value = to_label(anchored[p]["value"])
            half = to_label(anchored[p]["high"]) - value
            places[p] = (value, half)
    return places


def list_places(results, prior_draws):
    """Each player's place against the list engines held at their list ratings."""
    table, _ = pool_table(results, "list", prior_draws)
    places = {}
    for group in elo_fit.groups_of(table):
        fixed = {p: players.LIST_RATINGS[players.split_clock(p)[0]] for p in group if opponent_kind(p) == "list"}
        if not fixed:
            continue
        rating, cov = elo_fit.fit_group(group, table, fixed)
        for p in group:
            places[p] = (rating[p], elo_fit.Z95 * math.sqrt(max(cov[p][p], 0.0)))
    return places


def games_against(results, name, kind):
    return sum(r["wins"] + r["losses"] + r["draws"] for r in results
               if name in (r["a"], r["b"]) and opponent_kind(r["b" if r["a"] == name else "a"]) == kind)


def joint_points(results, prior_draws, natives):
    """Every TECH speed player with its places: dicts name, stockfish, list, joint, d, games."""
    sf, lst = stockfish_places(results, prior_draws), list_places(results, prior_draws)
    rows = []
    for name in sorted(set(sf) | set(lst)):
        if elo_fit.kind_of(name)["kind"] != "tech-speed":
            continue
        s, li = sf.get(name), lst.get(name)
        rows.append({"name": name, "stockfish": s, "list": li, "d": s[0] - li[0] if s and li else None,
                     "games_stockfish": games_against(results, name, "stockfish"),
                     "games_list": games_against(results, name, "list") + games_against(results, name, "bridge")})
    both = [row for row in rows if row["d"] is not None]
    for row in both:
        row["joint"], row["half"] = (row["stockfish"][0] + row["list"][0]) / 2, math.hypot(row["stockfish"][1],
                                                                                           row["list"][1]) / 2
    climb_points(both, natives)
    for row in rows:
        if row["d"] is not None:
            continue
        near = nearest_measured(row, rows, natives)
        kind = "stockfish" if row["stockfish"] else "list"
        # the nearest point's offset from its place against this kind, and its D for the other place
        row["joint"] = row[kind][0] + (near["joint"] - near[kind][0] if near else 0.0)
        row["d_near"] = near["d"] if near else 0.0
        row["half"] = row[kind][1]
        row["d_from"] = near["name"] if near else None
    return rows


def climb_points(both, natives):
    """Renumber the points measured against both kinds so that the scale climbs against the
    list engines (elo_climb.py): the climbing points weakest first, profile by profile."""
    order = {p: i for i, p in enumerate(players.PROFILES)}

    def key(row):
        info = elo_fit.kind_of(row["name"])
        return order[info["profile"]], info["multiple"] or natives.get(info["profile"], 1e12)
    seq = [{"row": row, "stockfish": row["stockfish"][0], "list": row["list"][0]} for row in sorted(both, key=key)]
    numbers, _ = elo_climb.climbing_numbers(seq)
    for point, number in zip(elo_climb.climbing(seq), numbers):
        point["row"]["joint"], point["row"]["climbs"] = number, True


def nearest_measured(row, rows, natives):
    """The point of the same profile nearest in speed (log) that has both places."""
    info = elo_fit.kind_of(row["name"])

    def speed(r):
        i = elo_fit.kind_of(r["name"])
        return i["multiple"] or natives.get(i["profile"], 1.0)
    both = [r for r in rows if r["d"] is not None and elo_fit.kind_of(r["name"])["profile"] == info["profile"]]
    return min(both, key=lambda r: abs(math.log(speed(r) / speed(row))), default=None)


# ---------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------

def place_text(place):
    return f"{place[0]:6.0f} ±{place[1]:3.0f}" if place else "     —     "


def report(rows, natives):
    print(f"{'point':24s} {'Stockfish place':>15s} {'games':>5s} {'list place':>12s} {'games':>5s} "
          f"{'D':>6s} {'number':>7s} {'miss':>5s}")
    order = {p: i for i, p in enumerate(players.PROFILES)}

    def key(row):
        info = elo_fit.kind_of(row["name"])
        return order[info["profile"]], info["multiple"] or natives.get(info["profile"], 1e9)
    for row in sorted(rows, key=key):
        d = f"{row['d']:+6.0f}" if row["d"] is not None else "     —"
        miss = (f"{max(abs(row['joint'] - row['stockfish'][0]), abs(row['joint'] - row['list'][0])):5.0f}"
                if row["d"] is not None else "    —") + (" climbs" if row.get("climbs") else "")
        print(f"{row['name']:24s} {place_text(row['stockfish']):>15s} {row['games_stockfish']:5d} "
              f"{place_text(row['list']):>12s} {row['games_list']:5d} {d} {row['joint']:7.0f} {miss}")


KINDS_BEGIN, KINDS_END = "<!-- strength-kinds:begin -->", "<!-- strength-kinds:end -->"
# The settings whose steps the report reads against the list engines: every 200 from 1200 (issue
# 43's targets: each step of +200 from 1200 to the top gains at least 120 against them).
STEP_FROM, STEP = 1200, 200


def filled_place(row, kind):
    """A point's place against one kind: measured, or the other kind's shifted by the D of the
    nearest point measured against both."""
    if row[kind]:
        return row[kind][0]
    return row["stockfish"][0] - row["d_near"] if row["stockfish"] else row["list"][0] + row["d_near"]


def place_at(rows, profile, multiple, natives, kind):
    """A profile's place against one kind of opponent at a speed: geometric interpolation
    between its two nearest points (the end point beyond them)."""
    measured = sorted((elo_fit.kind_of(r["name"])["multiple"] or natives[profile], filled_place(r, kind)) for r in rows
                      if elo_fit.kind_of(r["name"])["profile"] == profile)
    if not measured:
        return None
    if multiple <= measured[0][0]:
        return measured[0][1]
    for (m1, e1), (m2, e2) in zip(measured, measured[1:]):
        if multiple <= m2:
            return e1 + (e2 - e1) * math.log(multiple / m1) / math.log(m2 / m1)
    return measured[-1][1]


def weakest_step(rows, chain, natives, every=10):
    """The +STEP of the scale, from any setting from STEP_FROM on (every `every`), that gains
    least against the list engines: (from, gain)."""
    def list_at(elo):
        profile, multiple = elo_fit.curve_at(chain, elo, natives)
        return place_at(rows, profile, multiple or natives[profile], natives, "list")
    top = round(chain[-1][2])
    gains = [(elo, list_at(elo + STEP) - list_at(elo)) for elo in range(STEP_FROM, top - STEP + 1, every)]
    return min(gains, key=lambda g: g[1], default=None)


def steps_report(rows, chain, natives):
    """The settings every STEP from STEP_FROM to the top: the point that plays each and its
    places against both kinds read off the measured points (interpolated)."""
    top = round(chain[-1][2])
    out = []
    for elo in list(range(STEP_FROM, top, STEP)) + [top]:
        profile, multiple = elo_fit.curve_at(chain, elo, natives)
        m = multiple or natives[profile]
        out.append({"elo": elo, "profile": profile, "multiple": m,
                    "stockfish": place_at(rows, profile, m, natives, "stockfish"),
                    "list": place_at(rows, profile, m, natives, "list")})
    return out


def score_against(results, name, kind):
    """TECH player `name`'s wins, losses and draws against one kind of opponent."""
    w = l_ = d = 0
    for r in results:
        if name not in (r["a"], r["b"]):
            continue
        first = r["a"] == name
        if opponent_kind(r["b"] if first else r["a"]) not in ((kind,) if kind == "stockfish" else ("list", "bridge")):
            continue
        w += r["wins"] if first else r["losses"]
        l_ += r["losses"] if first else r["wins"]
        d += r["draws"]
    return w, l_, d


def kinds_table(rows, results, chain):
    """The table of the curve's points against each kind of opponent (docs/STRENGTH.md): the number, then per
    kind the games, the score and the place with its 95% interval, and the miss."""
    by_name = {row["name"]: row for row in rows}
    out = ["| UCI_Elo | point | v Stockfish's Skills: games, score | place (95%) | miss | "
           "v full-strength engines: games, score | place (95%) | miss |", "|---:|---|---:|---:|---:|---:|---:|---:|"]
    for profile, multiple, elo in chain:
        name = f"{profile}@{players.speed_text(multiple)}" if multiple else f"{profile}@native"
        row = by_name.get(name)
        if not row or row["d"] is None:
            continue
        cells = []
        for kind, place in (("stockfish", row["stockfish"]), ("list", row["list"])):
            w, l_, d = score_against(results, name, kind)
            n = w + l_ + d
            cells += [f"{n}, {100 * (w + d / 2) / n:.1f}%" if n else "—",
                      f"{place[0]:.0f} ({place[0] - place[1]:.0f} .. {place[0] + place[1]:.0f})",
                      f"{place[0] - elo:+.0f}"]
        out.append(f"| {round(elo)} | {name} | " + " | ".join(cells) + " |")
    return "\n".join(out)


def write_kinds_table(path, text):
    with open(path) as f:
        page = f.read()
    start, end = page.index(KINDS_BEGIN) + len(KINDS_BEGIN), page.index(KINDS_END)
    with open(path, "w") as f:
        f.write(page[:start] + "\n" + text + "\n" + page[end:])


def table_heading(results, natives, chain, files):
    games = sum(r["wins"] + r["losses"] + r["draws"] for r in results)
    builds = sorted({r["build"] for r in results if r["build"] != "?"})
    per = ", ".join(f"{p} {players.WORK_MS_PER_MULTIPLE[p]:g} ms" for p in players.PROFILES)
    native = ", ".join(f"{p} x{natives[p]:.0f}" for p in players.PROFILES if p in natives)
    import textwrap
    body = (f"Measured: {games} games in {len(results)} runs at {TABLE_CONTROL} (builds {', '.join(builds)}; "
            f"{files}). Each point's Elo is the middle of its two places (scripts/elo_joint.py): on Stockfish's "
            "2023 scale (its labelled Skills, elo_fit.py) and against full-strength engines at their list ratings "
            "(Dreamer 1434, HoiChess 1798, Phalanx 2644); moved where the scale would not climb +120 a +200 "
            "against the full-strength engines, never further from either place than the middles' largest miss "
            "(scripts/elo_climb.py; docs/STRENGTH.md §6). Each point: a profile, the PDP-10 "
            f"work a move may take (ms) and its UCI_Elo; the work is a speed times the work a move of a unit of "
            f"speed ({per}; native: {native}; docs/STRENGTH.md §1).")
    lines = ["/* strength_table.h - GENERATED by scripts/elo_joint.py; do not edit: run it again on new results."]
    lines += textwrap.wrap(body, 96, initial_indent=" * ", subsequent_indent=" * ")
    lines[-1] += " */"
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--runs", action="append", help="a runs file (default: runs, list-check, middle, check-43 and settings-43)")
    parser.add_argument("--native-multiple", action="append", default=[], metavar="PROFILE=X",
                        help="native speed of a profile as a multiple of the PDP-10 (default: the runs' median)")
    parser.add_argument("--prior-draws", type=float, default=1.0)
    parser.add_argument("--json", help="write the points and the chain here")
    parser.add_argument("--table", help="write the UCI_Elo calibration table (C header) here")
    parser.add_argument("--doc", help="replace the tables between the strength-table and strength-kinds markers of "
                                      "this Markdown page (docs/STRENGTH.md)")
    args = parser.parse_args(argv)
    results, measured = [], []
    for path in args.runs or DEFAULT_RUNS:
        got, natives = elo_fit.read_runs(path)
        results += [r for r in got if r["tc"] == TABLE_CONTROL]
        measured += natives
    given = dict(word.partition("=")[::2] for word in args.native_multiple)
    natives = elo_fit.native_multiples(measured, {p: float(x) for p, x in given.items()})
    for r in results:
        r["a"], r["b"] = (as_speed_player(r[k], r["build"]) for k in ("a", "b"))
    rows = joint_points(results, args.prior_draws, natives)
    games = sum(r["wins"] + r["losses"] + r["draws"] for r in results)
    print(f"{len(results)} runs, {games} games at {TABLE_CONTROL}; natives: "
          + ", ".join(f"{p} x{m:.0f}" for p, m in natives.items()))
    report(rows, natives)
    anchored = {row["name"]: {"value": row["joint"]} for row in rows}
    points = elo_fit.speed_points(list(anchored), natives)
    chain = elo_fit.calibration_chain(points, anchored, natives)
    print("\nUCI_Elo calibration: " + ", ".join(f"{p}@{players.speed_text(m) if m else 'native'} {e:.0f}"
                                               for p, m, e in chain))
    files = ", ".join(os.path.relpath(path, ROOT) for path in (args.runs or DEFAULT_RUNS))
    if args.table:
        with open(args.table, "w") as f:
            f.write("\n".join(table_heading(results, natives, chain, files) + elo_fit.table_points(chain, natives)) + "\n")
        print(f"wrote {args.table}")
    steps = steps_report(rows, chain, natives)
    print("\nSettings every 200 (places read off the measured points; the step against the list engines):")
    for before, row in zip([None] + steps, steps):
        step = f"{row['list'] - before['list']:+.0f}" if before and row["list"] and before["list"] else "—"
        sf = f"{row['stockfish']:.0f}" if row["stockfish"] else "—"
        lst = f"{row['list']:.0f}" if row["list"] else "—"
        print(f"  {row['elo']:5d} {row['profile']}@x{row['multiple']:.0f}: Stockfish {sf}, list {lst}, step {step}")
    weakest = weakest_step(rows, chain, natives)
    if weakest:
        print(f"  the weakest +{STEP} from any setting (every 10 from {STEP_FROM}): {weakest[0]} -> "
              f"{weakest[0] + STEP}, {weakest[1]:+.0f} against the list engines")
    kinds = kinds_table(rows, results, chain)
    print("\nThe curve's points against each kind of opponent:\n" + kinds)
    if args.doc:
        elo_fit.write_doc_table(args.doc, chain, natives, results, source=files)
        write_kinds_table(args.doc, kinds)
        print(f"updated the tables in {args.doc}")
    if args.json:
        # "players" in elo_fit.py's form, so that strength_svg.py draws the joint curve
        drawn = {row["name"]: dict(elo_fit.kind_of(row["name"]), value=row["joint"], low=row["joint"] - row["half"],
                                   high=row["joint"] + row["half"], anchored=True) for row in rows}
        with open(args.json, "w") as f:
            json.dump({"players": drawn, "points": rows, "chain": chain, "natives": natives, "steps": steps,
                       "scale": "Elo between Stockfish's Skills and list engines",
                       "curve": "UCI_Elo (docs/STRENGTH.md table)"}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
