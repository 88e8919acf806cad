"""test_strength_tools.py - the strength measurement tools (scripts/strength_players.py,
strength_run.py, elo_fit.py, strength_svg.py): names, one recorded run, a fit that recovers
known ratings and their anchoring, the calibration table, the SVG."""
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from testlib import SLOW, check

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import elo_fit
import strength_players
import strength_svg

# Known ratings the fit must find again: Stockfish's labels are 1.2 of the true spacing apart
# (a label gap of 300 is 250 true Elo) and 100 too high at 1700, so the report must say so.
TRUE = {"Stockfish@1400": 1400, "Stockfish@1700": 1650, "Stockfish@2000": 1900,
        "TECH-1971@PDP-10": 800, "TECH-1971@x7": 980, "TECH-1971@x49": 1150, "TECH-1971@x343": 1330,
        "TECH-1971@native": 1600, "TECH-modern@x343": 1450, "TECH-modern@x2401": 1700,
        "TECH-modern@native": 1950}
PAIRS = [("TECH-1971@PDP-10", "TECH-1971@x7"), ("TECH-1971@x7", "TECH-1971@x49"),
         ("TECH-1971@x49", "TECH-1971@x343"), ("TECH-1971@x343", "TECH-1971@native"),
         ("TECH-modern@x343", "TECH-modern@x2401"), ("TECH-modern@x2401", "TECH-modern@native"),
         ("TECH-1971@native", "TECH-modern@x2401"), ("TECH-1971@x343", "Stockfish@1400"),
         ("TECH-1971@native", "Stockfish@1700"), ("TECH-modern@native", "Stockfish@2000"),
         ("Stockfish@1400", "Stockfish@1700"), ("Stockfish@1700", "Stockfish@2000"),
         ("TECH-1971@PDP-10", "Stockfish@1400")]
GAMES, DRAW_SHARE = 4000, 0.2
NATIVES = {"TECH-1971": 40000.0, "TECH-modern": 25000.0}


def synthetic_runs(path):
    """The runs file of a world where TRUE holds: each pairing's score its expectation."""
    with open(path, "w") as f:
        for a, b in PAIRS:
            score = elo_fit.expected(TRUE[a] - TRUE[b]) * GAMES
            draws = round(DRAW_SHARE * GAMES)
            wins = round(score - draws / 2)
            run = {"date": "2026-01-01T00:00:00Z", "build": "test", "tc": "10+0.1",
                   "players": [{"name": a}, {"name": b}], "wins": wins, "losses": GAMES - wins - draws,
                   "draws": draws, "native_multiple": NATIVES}
            f.write(json.dumps(run) + "\n")


# Where the labels stand on the 2023 scale: each at the middle of its step, Skill depth - 0.5
# (@1400 picks at depth 1: Skill 0.5, 1394; @1700 at depth 4: Skill 3.5, 1832.5; @2000 at depth 7:
# Skill 6.5, 2431.5).
SCALE_2023 = {"Stockfish@1400": 1394, "Stockfish@1700": 1832.5, "Stockfish@2000": 2431.5}


def true_anchored(name):
    """TRUE shifted as the fit shifts: the mean error of the Stockfish players' 2023 places taken out."""
    shift = sum(SCALE_2023[p] - TRUE[p] for p in SCALE_2023) / len(SCALE_2023)
    return TRUE[name] + shift


def test_player_names():
    """A player has one name in every run: years and x1 become speed words; each name starts
    the engine it stands for."""
    canon = strength_players.canonical
    check(canon("TECH-1971@1991") == "TECH-1971@x49", canon("TECH-1971@1991"))
    check(canon("TECH-1971@x1") == "TECH-1971@PDP-10", canon("TECH-1971@x1"))
    check(canon("TECH-modern@NATIVE") == "TECH-modern@native", canon("TECH-modern@NATIVE"))
    words = strength_players.engine_words("Stockfish@1350~60+0.6", "./tech")
    check("option.UCI_Elo=1350" in words and "tc=60+0.6" in words, f"{words}")
    words = strength_players.engine_words("TECH-1971-d3", "./tech")
    check("depth=3" in words and "cmd=./tech" in words, f"{words}")
    words = strength_players.engine_words(canon("TECH-Elo1394+ponder"), "./tech")
    check("ponder" in words and "option.UCI_Elo=1394" in words and "name=TECH-Elo1394+ponder" in words, f"{words}")
    check(canon("TECH-1971@1991+ponder") == "TECH-1971@x49+ponder", canon("TECH-1971@1991+ponder"))
    saved = os.environ.get("STASH_DIR")
    try:
        os.environ["STASH_DIR"] = "/engines/stash"
        words = strength_players.engine_words("Stash-v11", "./tech")
        check("cmd=/engines/stash/v11/stash-bot" in words and "proto=uci" in words, f"{words}")
        del os.environ["STASH_DIR"]
        try:
            strength_players.engine_words("Stash-v8", "./tech")
            raise AssertionError("Stash-v8 started with no STASH_DIR")
        except ValueError as e:
            check("STASH_DIR" in str(e), str(e))
    finally:
        if saved is not None:
            os.environ["STASH_DIR"] = saved
    for bad in ("TECH-1971@x0.5", "TECH-1971@fast", "Stockfish@abc", "Crafty", "Stockfish@1350+ponder"):
        try:
            strength_players.canonical(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad!r} accepted")


def test_time_odds_are_recorded_per_player():
    """A player with its own clock (~BASE+INC) plays on it: the run's time control names both."""
    import argparse
    import strength_run
    args = argparse.Namespace(tc="10+0.1", build="test", note="", argv=[])
    summary = {"wins": 1, "losses": 0, "draws": 1}
    names = ["TECH-1971@x1000~1+0.18", "Stockfish@1350~60+0.6"]
    record = strength_run.run_record(names, "./tech", args, summary, ["match.py"], None)
    check(record["tc"] == "1+0.18 v 60+0.6", record["tc"])
    record = strength_run.run_record(["TECH-1971@x7", "TECH-1971@x49"], "./tech", args, summary, ["m"], None)
    check(record["tc"] == "10+0.1", record["tc"])


def test_elo_fit_recovers_known_ratings_and_judges_the_labels():
    """From results whose scores are their expectations, the fit finds the true differences, puts
    the group on the labels' 2023 places by the least-squares shift, reports the labels' spacing
    (the slope of the true ratings against the 2023 places) and the ladders, and writes a
    calibration table whose points climb, each at the 2023 Elo of the Stockfish step it plays
    even with, with the PDP-10 work a move that plays so."""
    with tempfile.TemporaryDirectory() as tmp:
        runs, table, fit_json, page = (os.path.join(tmp, n) for n in ("runs.jsonl", "t.h", "fit.json", "STRENGTH.md"))
        synthetic_runs(runs)
        with open(runs, "a") as f:  # a time-odds pair: a labelled group of its own, fitted after the curve's
            f.write(json.dumps({"date": "2026-01-01T00:00:00Z", "build": "test", "tc": "1+0.18 v 60+0.6",
                                "players": [{"name": "TECH-1971@x1000~1+0.18"}, {"name": "Stockfish@1450~60+0.6"}],
                                "wins": 3, "losses": 6, "draws": 1}) + "\n")
        with open(page, "w") as f:
            f.write(f"before\n{elo_fit.TABLE_BEGIN}\nold\n{elo_fit.TABLE_END}\nafter\n")
        out = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "elo_fit.py"), "--runs", runs,
                              "--prior-draws", "0", "--json", fit_json, "--table", table, "--doc", page],
                             capture_output=True, text=True, timeout=60)
        check(out.returncode == 0, f"elo_fit failed: {out.stderr}")
        with open(fit_json) as f:
            fit = json.load(f)
        for name in TRUE:
            got = fit["players"][name]["value"]
            check(abs(got - true_anchored(name)) < 5, f"{name}: fitted {got:.1f}, true {true_anchored(name):.1f}")
            check(fit["players"][name]["low"] < got < fit["players"][name]["high"], f"{name}: interval")
        check(len(fit["labels"]["points"]) == 3, f"the curve's labels, not the time-odds pair's: {fit['labels']}")
        slope = fit["labels"]["slope"]["value"]
        xs, ys = zip(*((SCALE_2023[p], TRUE[p]) for p in SCALE_2023))
        mx, my = sum(xs) / 3, sum(ys) / 3
        want = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
        check(abs(slope - want) < 0.01, f"label slope {slope:.3f}, want {want:.3f}")
        per_ply_rows = [r for r in fit["speed_ladder"] if r.get("mean") and r["profile"] == "TECH-1971"]
        check(per_ply_rows, "no overall speed ladder for TECH-1971")
        with open(table) as f:
            text = f.read()
        check("GENERATED by scripts/elo_fit.py" in text and "STRENGTH_POINTS" in text, text[:200])
        points = [(m.group(1), float(m.group(2)), int(m.group(3)))
                  for m in (re.search(r"\{(STRENGTH_TECH_\w+), ([\d.]+), (\d+)\}", line) for line in text.splitlines())
                  if m]
        elos = [e for _, _, e in points]
        # Climbing; an equal Elo only where TECH-modern takes over from TECH-1971.
        check(all(b[2] > a[2] or (b[2] == a[2] and a[0] != b[0]) for a, b in zip(points, points[1:]))
              and elos == sorted(elos), f"table points {points}")
        check(f"STRENGTH_ELO_MIN = {elos[0]}," in text and f"STRENGTH_ELO_MAX = {elos[-1]} " in text, text)
        # UCI_Elo is the 2023 Elo of the Stockfish step at equal strength: TECH-1971 native (true
        # 1600) lies 200 of the 250 true Elo from @1400 to @1700: 1394 + 0.8 * 438.5 = 1745; beyond
        # the steps one for one: TECH-modern native 1950 is 50 above @2000 (2431.5 + 50), the
        # PDP-10 600 below @1400 (1394 - 600). Each with its work: the multiple (native: the runs') times
        # the profile's work per multiple.
        per = strength_players.WORK_MS_PER_MULTIPLE
        table_elo = {(profile, round(work)): elo for profile, work, elo in points}
        for key, label in ((("STRENGTH_TECH_1971", round(NATIVES["TECH-1971"] * per["TECH-1971"])), 1745),
                           (("STRENGTH_TECH_MODERN", round(NATIVES["TECH-modern"] * per["TECH-modern"])), 2482),
                           (("STRENGTH_TECH_1971", round(per["TECH-1971"])), 794)):
            check(abs(table_elo.get(key, -9999) - label) <= 2, f"{key}: UCI_Elo {table_elo.get(key)}, want {label}")
        with open(page) as f:
            text = f.read()
        check("old" not in text and "| UCI_Elo | profile |" in text and text.startswith("before\n")
              and text.endswith("after\n"), text)
        check(f"| {elos[0]} | TECH-1971 |" in text and f"| {elos[-1]} | TECH-modern |" in text, text)  # the range's ends
        check("| UCI_Elo | profile | work a move (PDP-10 seconds) |" in text, text)
        svg_path = os.path.join(tmp, "curve.svg")
        strength_svg.main([fit_json, "--out", svg_path])
        root = ET.parse(svg_path).getroot()
        circles = root.findall("{http://www.w3.org/2000/svg}circle")
        check(len(circles) == sum(1 for p in TRUE if p.startswith("TECH")), f"{len(circles)} points drawn")


def test_a_far_anchor_is_left_out_unless_it_is_the_last_link():
    """An anchor whose players the fit puts more than NEAR_ELO apart measures the logistic's tail:
    TECH-modern native (true 1950) scoring only 75% against Stockfish@1400 (true 1400; 96% expected)
    is left out, and every rating is the true one again; without the rule the fit is pulled off.
    A program met only far away (Fairy-Max, 500 below TECH-1971@native, its one pairing) keeps it."""
    with tempfile.TemporaryDirectory() as tmp:
        runs = os.path.join(tmp, "runs.jsonl")
        synthetic_runs(runs)
        with open(runs, "a") as f:
            for a, b, wins, losses in (("TECH-modern@native", "Stockfish@1400", 3000, 1000),
                                       ("Fairy-Max", "TECH-1971@native", 213, 3787)):
                f.write(json.dumps({"date": "2026-01-01T00:00:00Z", "build": "test", "tc": "10+0.1",
                                    "players": [{"name": a}, {"name": b}], "wins": wins, "losses": losses,
                                    "draws": 0, "native_multiple": NATIVES}) + "\n")
        results, _ = elo_fit.read_runs(runs)
        table = elo_fit.pairings(results, 0)
        group = elo_fit.groups_of(table)[0]
        rating, _, far = elo_fit.fit_near(group, table)
        # The PDP-10 against Stockfish@1400 (600 apart) is far too, though it agrees with the rest.
        check(far == [("Stockfish@1400", "TECH-1971@PDP-10"), ("Stockfish@1400", "TECH-modern@native")],
              f"far anchors left out: {far}")
        for name in TRUE:
            want = TRUE[name] - TRUE["Stockfish@1400"]
            got = rating[name] - rating["Stockfish@1400"]
            check(abs(got - want) < 5, f"{name}: {got:.1f} above Stockfish@1400, true {want}")
        check(abs(rating["TECH-1971@native"] - rating["Fairy-Max"] - 500) < 5, "Fairy-Max kept its one pairing")
        pulled, _ = elo_fit.fit_group(group, table)
        got = pulled["TECH-modern@native"] - pulled["Stockfish@1400"]
        check(got < TRUE["TECH-modern@native"] - TRUE["Stockfish@1400"] - 20, f"without the rule: {got:.1f}")
        # --keep-far (near=None): every pairing stays, as in a check against a list engine.
        kept, _, far = elo_fit.fit_near(group, table, None)
        check(far == [] and abs(kept["TECH-modern@native"] - pulled["TECH-modern@native"]) < 1e-6,
              f"near=None left out {far}")


def test_stockfish_labels_are_a_staircase():
    """Stockfish 15.1 picks its move at depth 1 + int(level), so its labels step: 1350 and 1450
    pick at depth 1, 1500 at 2, 1700 at 4, 1800 and 1850 at 5, 1900 at 6, 2100 at 8. Two labels of
    one step measured alike are one point at the middle of the step on the 2023 scale (labels
    1785-1871 pick at depth 5, Skills 4 to 5, 1923 to 2204: 2063.5); between steps the scale runs
    from step to step. The label to play for a 2023 Elo is the one whose Skill the 2023 fit rates
    there, on its step."""
    depth = strength_players.stockfish_pick_depth
    for label, want in ((1350, 1), (1450, 1), (1500, 2), (1600, 3), (1700, 4), (1800, 5),
                        (1850, 5), (1900, 6), (2000, 7), (2100, 8)):
        check(depth(label) == want, f"UCI_Elo {label}: pick depth {depth(label)}, want {want}")
    low, high, middle = strength_players.stockfish_step(5)
    check(round(low) == 1785 and round(high) == 1871 and round(middle) == 1828, f"step 5: {low, high, middle}")

    def row(label, fitted):
        return {"label": label, "fitted": {"value": fitted}}
    labels = {"points": {"Stockfish@1800": row(1800, 1690), "Stockfish@1850": row(1850, 1710),
                         "Stockfish@1900": row(1900, 2200)}}
    to_label = elo_fit.label_scale(elo_fit.label_steps(labels))
    for fitted, want in ((1690, 2053.5), (1700, 2063.5), (1950, 2173.5), (2300, 2383.5)):
        check(abs(to_label(fitted) - want) < 1.5, f"fitted {fitted}: UCI_Elo {to_label(fitted):.1f}, want {want}")
    for elo, label in ((1320, 1350), (1468, 1490), (1923, 1785), (2000, 1809), (2204, 1872)):
        got = strength_players.stockfish_label_2023(elo)
        check(got == label, f"2023 Elo {elo}: label {got}, want {label}")
        check(abs(strength_players.stockfish_elo_2023(got) - elo) < 3, f"label {got} is not {elo} on the 2023 scale")


def test_elo_fit_reads_match_summaries():
    """A match.py --json summary (the ply ladder's) is a result too; a group without Stockfish
    labels is reported relative to its first player."""
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for d, (w, l, dr) in enumerate(((80, 15, 5), (75, 20, 5)), 1):
            path = os.path.join(tmp, f"d{d}.json")
            with open(path, "w") as f:
                json.dump({"engines": [f"TECH-1971-d{d + 1}", f"TECH-1971-d{d}"], "tc": "36000+0",
                           "wins": w, "losses": l, "draws": dr}, f)
            paths.append(path)
        out = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "elo_fit.py"), "--runs",
                              os.devnull] + paths, capture_output=True, text=True, timeout=60)
        check(out.returncode == 0, out.stderr)
        check("relative to TECH-1971-d1" in out.stdout and "ply ladder TECH-1971 d1 -> d2: +2" in out.stdout,
              out.stdout)


def test_strength_run_appends_one_record():
    """strength_run.py plays the pairing through match.py and appends one line with everything
    needed to trust and repeat it."""
    binary = os.environ["TECH_BINARY"]
    with tempfile.TemporaryDirectory() as tmp:
        runs = os.path.join(tmp, "runs.jsonl")
        out = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "strength_run.py"), "TECH-1971-d1",
                              "TECH-1971-d2", "--games", "2", "--tc", "600+0", "--tech", binary, "--runs", runs,
                              "--note", "test", "--probe-nodes", "100000"], capture_output=True, text=True,
                             timeout=120 * SLOW)
        check(out.returncode == 0, f"strength_run failed: {out.stdout[-500:]} {out.stderr[-500:]}")
        with open(runs) as f:
            records = [json.loads(line) for line in f]
        check(len(records) == 1, f"{len(records)} records")
        r = records[0]
        check(r["wins"] + r["losses"] + r["draws"] == 2, f"{r}")
        check([p["name"] for p in r["players"]] == ["TECH-1971-d1", "TECH-1971-d2"], f"{r['players']}")
        check(all(r["native_multiple"][p] > 100 for p in strength_players.PROFILES), f"{r['native_multiple']}")
        for key in ("date", "build", "tc", "command", "match_command", "note"):
            check(r.get(key), f"no {key} in {r}")
