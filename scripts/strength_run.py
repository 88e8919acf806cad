#!/usr/bin/env python3
"""strength_run.py - play one strength pairing with match.py and append its result to the
strength runs file, so that scripts/elo_fit.py can fit every run ever made on one scale.

usage:
  python3 scripts/strength_run.py TECH-1971@PDP-10 TECH-1971@x7 --tc 10+0.1 --games 100 \\
      [--concurrency 2] [--tech ./tech] [--runs tests/long/strength/runs.jsonl] [--note TEXT] \\
      [--pgn FILE] [--dry-run] [-- more match.py arguments]
  python3 scripts/strength_run.py --native-multiple [--tech ./tech]
  python3 scripts/strength_run.py --import-summary d3.json --build 04267d2 --command "..." [--note TEXT]

Players are named as in scripts/strength_players.py (TECH-1971@x49, TECH-modern@native,
TECH-1971-d3, TECH-Elo1500, Stockfish@1350, Fairy-Max, Phalanx; ~BASE+INC gives one player
its own clock). Each run appends one JSON line: the date, the build (git commit of the tree
holding --tech, "+dirty" if it has changes), the time control, both players with the exact
match.py words, wins/losses/draws from the first player's view, forfeits, the speed of this
machine per profile as a multiple of TECH's PDP-10 (native_multiple, measured before the
games), the note and the exact commands. --native-multiple only measures and prints that speed.
--import-summary appends a match that was played with match.py directly (its --json summary:
the players are its engine names, e.g. the ply ladder's TECH-1971-d3), with the build and the
command given.
"""
import argparse
import datetime
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
import strength_players as players
from engine_client import UciClient

ROOT = os.path.dirname(HERE)
DEFAULT_RUNS = os.path.join(ROOT, "tests", "long", "strength", "runs.jsonl")
# [C] The native speed is measured on these Win at Chess middle-game positions, each searched
# for PROBE_NODES nodes by each profile at native speed; the median of the per-position ratios
# of PDP-10 time to CPU time (`info string stats`, debug on) is the machine's multiple of the
# PDP-10 for that profile. The profiles differ: TECH-modern's nodes cost more CPU (the table,
# the ordering) and the same PDP-10 time, so its native multiple is lower.
PROBE_FENS = (
    "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1",
    "r1b1kb1r/3q1ppp/pBp1pn2/8/Np3P2/5B2/PPP3PP/R2Q1RK1 w kq - 0 1",
    "r1b2rk1/ppqn1pbp/3p1np1/2pP4/4P3/2N2N2/PP2BPPP/R1BQR1K1 w - - 0 1",
)
PROBE_NODES = 3000000
STATS_RE = re.compile(r"cpu-ms (\d+) wall-ms (\d+) pdp10-ms (\d+)")


def native_multiple(tech_cmd, profile, nodes=PROBE_NODES):
    """This machine's native speed for `profile`, as a multiple of TECH's PDP-10 (PDP-10 time /
    CPU time)."""
    ratios = []
    options = dict(word[len("option."):].split("=", 1) for word in players.PROFILE_OPTIONS[profile])
    with UciClient(shlex.split(tech_cmd), options) as engine:
        engine.send("debug on")
        for fen in PROBE_FENS:
            engine.send(f"position fen {fen}")
            for line in engine.go(f"nodes {nodes}").lines:
                found = STATS_RE.search(line)
                if found:
                    cpu, _, pdp10 = map(int, found.groups())
                    ratios.append(pdp10 / max(cpu, 1))
    if not ratios:
        raise RuntimeError(f"{tech_cmd}: no `info string stats` lines (a build without pdp10-ms?)")
    return statistics.median(ratios)


def native_multiples(tech_cmd, nodes=PROBE_NODES):
    return {profile: round(native_multiple(tech_cmd, profile, nodes)) for profile in players.PROFILES}


def build_id(tech_cmd):
    """The git commit of the tree that holds the binary, with +dirty for uncommitted changes."""
    folder = os.path.dirname(os.path.abspath(shlex.split(tech_cmd)[0]))
    try:
        commit = subprocess.run(["git", "-C", folder, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", folder, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        return commit + ("+dirty" if dirty else "")
    except (subprocess.CalledProcessError, FileNotFoundError):
        return "unknown"


def match_command(names, tech_cmd, args, json_path):
    cmd = [sys.executable, os.path.join(HERE, "match.py")]
    for name in names:
        cmd += ["--engine"] + players.engine_words(name, tech_cmd)
    cmd += ["--tc", args.tc, "--games", str(args.games), "--concurrency", str(args.concurrency), "--quiet",
            "--json", json_path]
    if args.pgn:
        cmd += ["--pgn", args.pgn]
    return cmd + args.match_args


def run_record(names, tech_cmd, args, summary, command, native):
    # A player with its own clock plays on it, the other on --tc: "1+0.18 v 60+0.6".
    clocks = [players.split_clock(n)[1] or args.tc for n in names]
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "build": args.build or build_id(tech_cmd),
        "tc": clocks[0] if clocks[0] == clocks[1] else " v ".join(clocks),
        "players": [{"name": n, "words": players.engine_words(n, tech_cmd)} for n in names],
        "wins": summary["wins"], "losses": summary["losses"], "draws": summary["draws"],
        "forfeits": summary.get("forfeits", {}),
        "native_multiple": native,
        "note": args.note,
        "command": shlex.join([os.path.relpath(__file__, ROOT)] + args.argv),
        "match_command": shlex.join(command),
    }


def append_record(path, record):
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "a") as f:
        f.write(json.dumps(record) + "\n")


def import_summary(args):
    """Append a run played with match.py directly, from its --json summary."""
    with open(args.import_summary) as f:
        summary = json.load(f)
    record = {
        "date": datetime.datetime.fromtimestamp(os.path.getmtime(args.import_summary),
                                                datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "build": args.build or "unknown",
        "tc": summary["tc"],
        "players": [{"name": n} for n in summary["engines"]],
        "wins": summary["wins"], "losses": summary["losses"], "draws": summary["draws"],
        "forfeits": summary.get("forfeits", {}),
        "native_multiple": None,
        "note": args.note or f"imported from {os.path.basename(args.import_summary)}",
        "command": args.command or "unknown",
    }
    append_record(args.runs, record)
    print(f"appended to {args.runs}: {' v '.join(summary['engines'])} "
          f"{record['wins']}-{record['losses']}-{record['draws']}")
    return 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    full_argv = list(argv)
    match_args = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("players", nargs="*", help="two player names")
    parser.add_argument("--tc", default="10+0.1")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--tech", default=os.path.join(ROOT, "tech"), help="the TECH binary (default ./tech)")
    parser.add_argument("--runs", default=DEFAULT_RUNS, help="the results file to append to")
    parser.add_argument("--pgn")
    parser.add_argument("--note", default="")
    parser.add_argument("--build", help="the build to record (default: the git commit of --tech's folder)")
    parser.add_argument("--dry-run", action="store_true", help="print the match.py command only")
    parser.add_argument("--native-multiple", action="store_true", help="measure this machine's speed and stop")
    parser.add_argument("--probe-nodes", type=int, default=PROBE_NODES,
                        help=f"nodes per position of the native-speed probe (default {PROBE_NODES})")
    parser.add_argument("--import-summary", metavar="JSON", help="append a match.py --json summary played before")
    parser.add_argument("--command", help="with --import-summary: the command that played it")
    args = parser.parse_args(argv)
    args.match_args = match_args
    args.argv = full_argv
    if args.native_multiple:
        for profile, multiple in native_multiples(args.tech, args.probe_nodes).items():
            print(f"{profile} at native speed: x{multiple} the PDP-10")
        return 0
    if args.import_summary:
        return import_summary(args)
    if len(args.players) != 2:
        parser.error("give two players")
    try:
        names = [players.canonical(n) for n in args.players]
    except ValueError as exc:
        parser.error(str(exc))
    with tempfile.TemporaryDirectory() as tmp:
        json_path = os.path.join(tmp, "match.json")
        command = match_command(names, args.tech, args, json_path)
        if args.dry_run:
            print(shlex.join(command))
            return 0
        native = native_multiples(args.tech, args.probe_nodes)
        status = subprocess.run(command).returncode
        if not os.path.exists(json_path):
            print("match.py wrote no summary: nothing appended", file=sys.stderr)
            return status or 1
        with open(json_path) as f:
            summary = json.load(f)
    record = run_record(names, args.tech, args, summary, command, native)
    append_record(args.runs, record)
    print(f"appended to {args.runs}: {names[0]} v {names[1]} {record['wins']}-{record['losses']}-{record['draws']}")
    return status


if __name__ == "__main__":
    sys.exit(main())
