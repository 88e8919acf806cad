"""test_wdl_fit.py - UCI_ShowWDL's model (protocol/driver/wdl_table.h) is what scripts/wdl_fit.py
makes of the games kept for it (tests/data/wdl/). The check of the model on games held out of its
fit (cross-validated, issue 53's target of 3 points) takes a minute more and runs with the long
suite: tests/long/test_wdl_calibration.py."""
import glob
import os
import re
import subprocess
import sys
import tempfile

from testlib import ROOT, check

GAMES = sorted(glob.glob(os.path.join(ROOT, "tests", "data", "wdl", "*.pgn.gz")))
HEADER = os.path.join(ROOT, "protocol", "driver", "wdl_table.h")


def fit(tmp, *more):
    written = os.path.join(tmp, "wdl_table.h")
    done = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "wdl_fit.py"), *GAMES, *more, "--write",
                           written], capture_output=True, text=True, timeout=300)
    check(done.returncode == 0, f"wdl_fit.py: {done.returncode} {done.stderr[-500:]}")
    return done.stdout, written


def numbers(path):
    with open(path) as f:
        return dict(re.findall(r"^#define (WDL_\w+) (\S+)$", f.read(), re.M))


def test_the_model_is_the_fit_of_the_kept_games():
    check(GAMES, "no games in tests/data/wdl/")
    with tempfile.TemporaryDirectory() as tmp:
        _, written = fit(tmp, "--folds", "0")
        made = numbers(written)
    check(set(made) == {f"WDL_{p}_{n}" for p in ("1971", "MODERN") for n in ("A0", "A1", "B0", "B1", "P")},
          f"the fit wrote {made}")
    check(made == numbers(HEADER), f"wdl_table.h {numbers(HEADER)} is not the fit {made}: run scripts/wdl_fit.py "
          "tests/data/wdl/*.pgn.gz --write")
