"""test_scid.py - TECH in Scid 4.7 (Debian's scid), a UCI GUI that shows an engine's chances of a
win, a draw and a loss: Scid sets UCI_ShowWDL itself when the engine offers it, and its engine
window writes each line's `wdl` beside it (tests/gui/scid_wdl.sh; the screen in
build/gui/scid-wdl/scid.png, docs/scid-wdl.png)."""
import os
import re
import shutil
import subprocess

import xboard_games as xg
from testlib import check


def test_scid_sets_show_wdl_and_reads_the_chances():
    check(os.path.exists("/usr/games/scid"), "missing /usr/games/scid (apt-get install scid)")
    for tool in ("xvfb-run", "import"):
        check(shutil.which(tool), f"missing {tool} (apt-get install xvfb imagemagick)")
    out = os.path.join(xg.OUT, "scid-wdl")
    shutil.rmtree(out, ignore_errors=True)
    done = subprocess.run(["sh", os.path.join(xg.HERE, "scid_wdl.sh"), os.environ["TECH_BINARY"], out],
                          capture_output=True, text=True, timeout=150)
    check(done.returncode == 0, f"scid_wdl.sh: {done.returncode} {done.stderr[-500:]}")
    with open(os.path.join(out, "to-tech.log"), errors="replace") as f:
        sent = f.read()
    check(re.search(r"^setoption name UCI_ShowWDL value true$", sent, re.M),
          f"Scid did not set UCI_ShowWDL: {sent[-500:]}")
    with open(os.path.join(out, "from-tech.log"), errors="replace") as f:
        lines = [l for l in f.read().splitlines() if l.startswith("info depth") and " score " in l]
    chances = [re.search(r" score (?:cp|mate) -?\d+ wdl (\d+) (\d+) (\d+) ", l) for l in lines]
    missing = [line for line, c in zip(lines, chances) if not c]
    check(lines and not missing, f"no info line with a score, or one without wdl: {missing[:3]}")
    check(all(sum(int(x) for x in c.groups()) == 1000 for c in chances), "W + D + L is not 1000 on every line")
    # Two pawns up, White to move: TECH's chances favour White on the deepest line.
    win, _, loss = (int(x) for x in chances[-1].groups())
    check(win > loss, f"two pawns up, yet win {win} <= loss {loss}")
    check(os.path.getsize(os.path.join(out, "scid.png")) > 0, "no screenshot")
