#!/usr/bin/env python3
"""latency.py - how fast TECH answers isready (UCI) and ping (CECP) while it searches.

A GUI pings before nearly every move and forfeits an engine that stays silent (cutechess: 15 s),
so the answer must come at once even with every core searching. For each profile and thread
count this starts TECH, sets it searching (UCI `go infinite`, CECP `analyze`), sends SAMPLES
syncs a few milliseconds apart and times each from the write to the answer's arrival.

usage: python3 scripts/latency.py [--engine ./tech] [--samples 300] [--load N] [--json FILE]
On a busy machine, run the client itself at a real-time priority (`chrt -f 10 python3 ...`,
root): TECH is still started as an ordinary process, and only TECH's delay is measured.
Prints one line per case (worst, 99th percentile, median in ms) and exits 1 if any worst case
is at or over the target (5 ms: an answer a GUI cannot tell from an idle engine's).
"""
import argparse
import json
import os
import random
import subprocess
import sys
import time

from engine_client import CecpClient, UciClient

TARGET_MS = 5.0
STYLES = ("TECH-1971", "TECH-modern")


def ordinary_scheduling():
    """The engine runs as GUIs run it, whatever this client runs as: `chrt -f 10 latency.py`
    keeps the client's own reading of the answers out of the measurement on a busy machine."""
    if hasattr(os, "sched_setscheduler"):
        os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))


def start_searching(engine, protocol, style, threads):
    """TECH in the profile and thread count, searching the start position until told to stop."""
    if protocol == "uci":
        client = UciClient([engine], {"Style": style, "Threads": threads}, preexec_fn=ordinary_scheduling)
        client.send("position startpos")
        client.send("go infinite")
    else:
        client = CecpClient([engine], {"Style": style}, preexec_fn=ordinary_scheduling)
        client.send(f"cores {threads}")
        client.send("new")
        client.send("analyze")
    return client


def measure(engine, protocol, style, threads, samples, rng):
    e = start_searching(engine, protocol, style, threads)
    try:
        time.sleep(0.3)  # the search is under way, every thread busy
        times = []
        for _ in range(samples):
            times.append(1000 * e.sync())   # isready -> readyok, ping N -> pong N
            time.sleep(0.002 + rng.random() * 0.01)
    finally:
        e.close()
    times.sort()
    return {"protocol": protocol, "style": style, "threads": threads, "samples": len(times),
            "worst_ms": round(times[-1], 3), "p99_ms": round(times[int(0.99 * (len(times) - 1))], 3),
            "median_ms": round(times[len(times) // 2], 3)}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0], epilog=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="./tech")
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--load", type=int, default=0, help="busy processes beside TECH (default 0)")
    parser.add_argument("--json")
    args = parser.parse_args(argv)
    rng = random.Random(1)
    load = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.load)]
    results = []
    try:
        for protocol in ("uci", "xboard"):
            for style in STYLES:
                for threads in (1, 2):
                    r = measure(args.engine, protocol, style, threads, args.samples, rng)
                    results.append(r)
                    print(f"{protocol:6} {style:11} threads {threads}: worst {r['worst_ms']:7.3f} ms, "
                          f"p99 {r['p99_ms']:7.3f} ms, median {r['median_ms']:6.3f} ms ({r['samples']} samples)",
                          flush=True)
    finally:
        for process in load:
            process.kill()
            process.wait()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 1 if any(r["worst_ms"] >= TARGET_MS for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
