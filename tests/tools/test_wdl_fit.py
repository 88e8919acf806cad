"""test_wdl_fit.py - UCI_ShowWDL's model (protocol/driver/wdl_table.h) is what scripts/wdl_fit.py
makes of the games kept for it (tests/data/wdl/), both profiles' five score bands hold 100
positions or more of the games held out of the fit, and in none of them is the predicted score
further from the observed than it was when the model was made (GUARD_POINTS: a guard against a
worse model; issue 53's target is 3 points, which these 636 games cannot show: docs/PROTOCOLS.md §8)."""
import glob
import os
import re
import subprocess
import sys
import tempfile

from testlib import ROOT, check

GAMES = sorted(glob.glob(os.path.join(ROOT, "tests", "data", "wdl", "*.pgn.gz")))
HEADER = os.path.join(ROOT, "protocol", "driver", "wdl_table.h")
# The largest gap between the predicted and the observed score in a band, in points, on the games
# held out: 6.7 (TECH-1971) and 5.2 (TECH-modern) when the model was made; 4.8 and 5.2 now.
GUARD_POINTS = 7.0


def fit(tmp):
    written = os.path.join(tmp, "wdl_table.h")
    done = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "wdl_fit.py"), *GAMES, "--write", written],
                          capture_output=True, text=True, timeout=120)
    check(done.returncode == 0, f"wdl_fit.py: {done.returncode} {done.stderr[-500:]}")
    return done.stdout, written


def numbers(path):
    with open(path) as f:
        return dict(re.findall(r"^#define (WDL_\w+) (\S+)$", f.read(), re.M))


def test_the_model_is_the_fit_of_the_kept_games_and_holds_out_of_it():
    check(GAMES, "no games in tests/data/wdl/")
    with tempfile.TemporaryDirectory() as tmp:
        report, written = fit(tmp)
        made = numbers(written)
    check(set(made) == {f"WDL_{p}_{n}" for p in ("1971", "MODERN") for n in ("A0", "A1", "B0", "B1")},
          f"the fit wrote {made}")
    check(made == numbers(HEADER), f"wdl_table.h {numbers(HEADER)} is not the fit {made}: run scripts/wdl_fit.py "
          "tests/data/wdl/*.pgn.gz --write")
    gaps = [float(g) for g in re.findall(r"calibration error .*: ([\d.]+) points", report)]
    check(len(gaps) == 2 and max(gaps) <= GUARD_POINTS, f"calibration on the held-out games:\n{report}")
    bands = re.findall(r"held out, score .*?: +(\d+) positions", report)
    check(len(bands) == 10 and all(int(n) >= 100 for n in bands), f"bands of fewer than 100 positions:\n{report}")
