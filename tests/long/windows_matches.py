#!/usr/bin/env python3
"""windows_matches.py - tech.exe (the Windows build, under Wine) plays the Linux build through the
match runner, both pondering, each protocol on each side: any fault (a forfeit of any kind, an
engine error, a crash, a stall) fails the run; the Linux suites have passed before it, so a fault
here is the Windows build's or its meeting with the other.

usage: python3 tests/run.py tests/long/windows_matches.py [--games N] [--tc BASE+INC] ./tech '/usr/lib/wine/wine64 tech.exe'

Two matches of N/2 games each (N even, default 4): tech.exe through UCI against ./tech through
CECP with TECH-1971, then tech.exe through CECP against ./tech through UCI with TECH-modern (the
table, E11-E13, its time manager). Random 4-ply openings, each played with both colours. Games
and logs are kept under build/long/ (windows-*.pgn, windows-*.log). `make test-windows` runs it.
"""
import argparse
import os
import shlex
import sys

import longlib
from longlib import check_clean, engines, run_match
import games

# (the Windows build's protocol, the Linux build's, the profile), one match each.
PAIRINGS = [("uci", "xboard", "TECH-1971"), ("xboard", "uci", "TECH-modern")]
OPENING_PLIES = 4
SEED = 34


def side(cmd, proto, style, build):
    name = f"{build}-{proto}"
    return engines.EngineConfig(cmd=cmd, proto=proto, name=name, ponder=True, options={"Style": style})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("linux", help="the Linux build (./tech)")
    parser.add_argument("windows", help="the command that runs tech.exe (shell-quoted)")
    parser.add_argument("--games", type=int, default=4, help="games in all, an even number (default 4)")
    parser.add_argument("--tc", default="2+0.02", help="time control BASE+INC in seconds (default 2+0.02)")
    args = parser.parse_args()
    per_match = args.games // len(PAIRINGS)
    if per_match < 2 or per_match % 2:
        parser.error("--games: each of the two matches needs an even number of games (4, 8, 12, ...)")
    linux, windows = [os.path.abspath(args.linux)], shlex.split(args.windows)
    played, failures = 0, []
    for number, (windows_proto, linux_proto, style) in enumerate(PAIRINGS):
        players = [side(windows, windows_proto, style, "windows"), side(linux, linux_proto, style, "linux")]
        openings = games.random_openings(OPENING_PLIES, per_match // 2, seed=SEED + number)
        name = f"windows-{windows_proto}-{style}"
        print(f"{name}: tech.exe ({windows_proto}) v ./tech ({linux_proto}), {style}, {per_match} games at {args.tc}",
              flush=True)
        summary = run_match(players, args.tc, per_match, name, openings=openings)
        played += summary["games"]
        try:
            check_clean(summary, [p.name for p in players])
        except longlib.TestFailure as e:
            failures.append(f"{name}: {e}")
    for failure in failures:
        print(f"FAIL {failure}")
    print(f"windows matches: {played} games, {len(failures)} of {len(PAIRINGS)} matches with a fault")
    return 1 if failures or played < args.games else 0


if __name__ == "__main__":
    sys.exit(main())
