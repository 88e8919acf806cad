"""test_strength_joint.py - scripts/elo_joint.py: each point of the curve placed against
Stockfish's labelled Skills and against list engines held at their ratings, its number the middle
of the two where the scale climbs against the list engines (and moved no further than the largest
miss allows where it would not: elo_climb.py), and the UCI_Elo table and docs/STRENGTH.md's tables written
from those numbers."""
import json
import os
import re
import subprocess
import sys
import tempfile

from testlib import check

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import elo_climb
import elo_fit
import elo_joint
import strength_players as players

# A world where the two kinds of opponent disagree as they do in games: each TECH point has one
# rating against Stockfish's Skills (and against TECH) and another, lower, against the list
# engines; Stockfish plays at the middle of its steps, the list engines at their list ratings.
STOCKFISH = {f"Stockfish@{label}": players.stockfish_step_elo_2023(players.stockfish_pick_depth(label))
             for label in (1350, 1550, 1800, 1900)}
LIST = {name: float(players.LIST_RATINGS[name]) for name in ("Dreamer", "HoiChess")}
POINTS = {  # name: (place against Stockfish, place against the list engines)
    "TECH-1971@x343": (1300, 1300), "TECH-1971@native": (1600, 1550), "TECH-deep@x2401": (1900, 1700),
    "TECH-deep@native": (2000, 1800), "TECH-modern@x2401": (2200, None), "TECH-modern@native": (2300, 2000)}
PAIRS = [("TECH-1971@x343", "Stockfish@1350"), ("TECH-1971@native", "Stockfish@1550"),
         ("TECH-deep@x2401", "Stockfish@1800"), ("TECH-deep@native", "Stockfish@1800"),
         ("TECH-modern@native", "Stockfish@1900"), ("TECH-modern@x2401", "Stockfish@1900"),
         ("TECH-modern@x2401", "TECH-modern@native"),
         ("TECH-1971@x343", "TECH-1971@native"), ("TECH-1971@native", "TECH-deep@x2401"),
         ("TECH-deep@x2401", "TECH-deep@native"), ("TECH-deep@native", "TECH-modern@native"),
         ("TECH-1971@x343", "Dreamer"), ("TECH-1971@native", "Dreamer"), ("TECH-1971@native", "HoiChess"),
         ("TECH-deep@x2401", "HoiChess"), ("TECH-deep@native", "HoiChess"), ("TECH-modern@native", "HoiChess")]
GAMES, DRAWS = 4000, 800
NATIVES = {"TECH-1971": 40000.0, "TECH-deep": 26000.0, "TECH-modern": 25000.0}


def rating(name, against):
    if name in POINTS:
        return POINTS[name][1 if against in LIST else 0]
    return STOCKFISH.get(name, LIST.get(name))


def synthetic_runs(path):
    with open(path, "w") as f:
        for a, b in PAIRS:
            score = elo_fit.expected(rating(a, b) - rating(b, a)) * GAMES
            wins = round(score - DRAWS / 2)
            f.write(json.dumps({"date": "2026-01-01T00:00:00Z", "build": "test", "tc": "10+0.1",
                                "players": [{"name": a}, {"name": b}], "wins": wins,
                                "losses": GAMES - wins - DRAWS, "draws": DRAWS, "native_multiple": NATIVES}) + "\n")
        # another control is not the table's: left out
        f.write(json.dumps({"date": "2026-01-01T00:00:00Z", "build": "test", "tc": "60+0.6",
                            "players": [{"name": "TECH-deep@x2401"}, {"name": "HoiChess"}], "wins": 0,
                            "losses": 100, "draws": 0}) + "\n")


def test_each_point_is_the_middle_of_its_two_places():
    with tempfile.TemporaryDirectory() as tmp:
        runs, table, page, out_json = (os.path.join(tmp, n) for n in ("runs.jsonl", "t.h", "STRENGTH.md", "j.json"))
        synthetic_runs(runs)
        with open(page, "w") as f:
            f.write(f"before\n{elo_fit.TABLE_BEGIN}\nold\n{elo_fit.TABLE_END}\n"
                    f"between\n{elo_joint.KINDS_BEGIN}\nold kinds\n{elo_joint.KINDS_END}\nafter\n")
        out = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "elo_joint.py"), "--runs", runs,
                              "--prior-draws", "0", "--table", table, "--doc", page, "--json", out_json],
                             capture_output=True, text=True, timeout=60)
        check(out.returncode == 0, f"elo_joint failed: {out.stdout[-800:]} {out.stderr[-800:]}")
        with open(out_json) as f:
            fitted = {row["name"]: row for row in json.load(f)["points"]}
        for name, (sf, lst) in POINTS.items():
            row = fitted[name]
            if lst is None:  # no list games: the Stockfish place less half the D of the nearest point measured
                check(row["list"] is None and abs(row["joint"] - (sf - 150)) < 5 and row["d_from"] == "TECH-modern@native",
                      f"{name}: {row}")
                continue
            check(abs(row["stockfish"][0] - sf) < 5 and abs(row["list"][0] - lst) < 5,
                  f"{name}: places {row['stockfish'][0]:.0f} / {row['list'][0]:.0f}, want {sf} / {lst}")
            check(abs(row["joint"] - (sf + lst) / 2) < 5 and abs(row["d"] - (sf - lst)) < 7,
                  f"{name}: number {row['joint']:.0f}, D {row['d']:.0f}")
        with open(table) as f:
            text = f.read()
        points = [(p, float(w), int(e)) for p, w, e in re.findall(r"\{(STRENGTH_TECH_\w+), ([\d.]+), (\d+)\}", text)]
        want = [("STRENGTH_TECH_1971", 1300), ("STRENGTH_TECH_1971", 1575), ("STRENGTH_TECH_DEEP", 1800),
                ("STRENGTH_TECH_DEEP", 1900), ("STRENGTH_TECH_MODERN", 2050), ("STRENGTH_TECH_MODERN", 2150)]
        check(len(points) == len(want) and all(p == wp and abs(e - we) <= 3 for (p, _, e), (wp, we) in zip(points, want)),
              f"table {points}")
        per = players.WORK_MS_PER_MULTIPLE
        check(abs(points[3][1] - NATIVES["TECH-deep"] * per["TECH-deep"]) < 1, f"TECH-deep's native work: {points[3]}")
        check("GENERATED by scripts/elo_joint.py" in text and "STRENGTH_ELO_MIN = " in text, text[:300])
        with open(page) as f:
            text = f.read()
        check("old" not in text and text.startswith("before\n") and text.endswith("after\n") and "between" in text, text)
        row = next((line for line in text.splitlines() if "| TECH-deep@x2401 |" in line), "")
        cells = [c.strip() for c in row.strip("|").split("|")]
        check(len(cells) == 8 and cells[2] == "4000, 28.1%" and cells[4] == "+100" and cells[7] == "-100",
              f"the kinds row of TECH-deep@x2401: {row!r}")


def test_a_setting_played_by_number_is_its_point_of_the_table():
    points = [("TECH-1971", 414.0, 81), ("TECH-1971", 2898.0, 284), ("TECH-modern", 25306.2, 1659),
              ("TECH-modern", 367353.0, 2099), ("TECH-modern", 3672765.0, 2277)]
    check(elo_joint.setting_point(284, points) == ("TECH-1971", 2898.0), "a point itself")
    profile, work = elo_joint.setting_point(1879, points)
    check(profile == "TECH-modern" and abs(work - (25306.2 * 367353.0) ** 0.5) < 1, f"geometric middle: {work}")
    check(elo_joint.setting_point(200, points)[0] == "TECH-1971", "below the change of profile")


def test_the_table_is_read_as_clang_format_lays_it_out():
    # b56b881's table: its last point broken over continued lines (once missed: every setting above
    # 2038 read as TECH-modern at full speed)
    text = ("#define STRENGTH_POINTS \\\n    {STRENGTH_TECH_1971, 414.0, 21}, {STRENGTH_TECH_DEEP, 5756400.0, 2038}, \\\n"
            "        {STRENGTH_TECH_MODERN, 664384.2, 2038},     \\\n    {      \\\n"
            "        STRENGTH_TECH_MODERN, 3672765.0, 2231     \\\n    }\n")
    points = elo_joint.table_points_in(text)
    check(points == [("TECH-1971", 414.0, 21), ("TECH-deep", 5756400.0, 2038), ("TECH-modern", 664384.2, 2038),
                     ("TECH-modern", 3672765.0, 2231)], f"{points}")
    with open(os.path.join(ROOT, "protocol", "driver", "strength_table.h")) as f:
        committed = f.read()
    top = re.search(r"STRENGTH_ELO_MAX = (\d+)", committed).group(1)
    check(elo_joint.table_points_in(committed)[-1][2] == int(top), "the committed table's last point is read")


def climb_checked(points):
    """elo_climb's numbers for `points` [(S, L)], checked against its two rules."""
    seq = [{"stockfish": float(sf), "list": float(lst)} for sf, lst in points]
    numbers, largest = elo_climb.climbing_numbers(seq)
    kept = elo_climb.climbing(seq)
    check(len(numbers) == len(kept), f"{len(numbers)} numbers for {len(kept)} points")
    for p, n in zip(kept, numbers):
        check(abs(n - p["stockfish"]) <= largest + 0.5 and abs(n - p["list"]) <= largest + 0.5,
              f"{n:.1f} misses ({p['stockfish']}, {p['list']}) by more than {largest}")
    for (p, n), (q, m) in zip(zip(kept, numbers), zip(kept[1:], numbers[1:])):
        gain = (m - n) * elo_climb.STEP_GAIN / elo_climb.STEP_NUMBER
        check(0.5 <= m - n and q["list"] - p["list"] >= gain - 0.5,
              f"{n:.1f} -> {m:.1f} gains {q['list'] - p['list']:.0f} against the list engines")
    return kept, numbers, largest


def test_the_numbers_climb_against_the_list_engines_at_the_middles_largest_miss():
    # the curve as the games of b56b881's fit placed it: D jumps from TECH-1971 (+30) to TECH-deep (+220)
    points = [(1337, 1263), (1472, 1448), (1659, 1627), (1600, 1560), (1853, 1631), (1921, 1690), (2179, 1897),
              (2277, 2140)]
    kept, numbers, largest = climb_checked(points)
    check(len(kept) == 7 and {"stockfish": 1600.0, "list": 1560.0} not in kept, f"the point that does not climb: {kept}")
    check(abs(largest - (2179 - 1897) / 2) < 1e-9, f"largest miss {largest}: the middle's own")
    check(abs(numbers[0] - 1300) < 1 and abs(numbers[-2] - 2038) < 1, f"middles kept where nothing binds: {numbers}")
    middles = [(p["stockfish"] + p["list"]) / 2 for p in kept]
    check(middles[3] - middles[2] > (1631 - 1627) * 200 / 120, "the middles themselves would not climb")


def test_the_largest_miss_grows_only_as_far_as_the_climb_needs():
    # two points pinned at their middles (|D| = 290 each, opposite signs) 310 apart but 20 apart
    # against the list engines: the climb needs 600 - 2M <= 20 * 200 / 120
    kept, numbers, largest = climb_checked([(1200, 1490), (1800, 1510)])
    need = (600 - 20 * elo_climb.STEP_NUMBER / elo_climb.STEP_GAIN) / 2
    check(need <= largest < need + elo_climb.M_STEP + 1e-9, f"largest miss {largest}, needed {need:.1f}")
