#!/usr/bin/env python3
"""quit_latency.py - how long TECH takes to exit after `quit`, in every state of a session.

A GUI that closes a game or itself sends `quit` and waits; an engine still busy is killed, and
a `usermove` or `?` that waits behind a search stage costs clock time. This starts TECH in each
state below (UCI and CECP, every stage of a job: the insurance search, the main search, the
reply guess, pondering, analysis, perft, an edit block, a table being cleared), at Speed native
and PDP-10, waits WAIT seconds, then times `quit` from the write to the process's exit (seen
by a thread blocked in wait(), so to the millisecond, not at a polling interval). Each
case also sends a sync first (`isready`, or `ping` where CECP answers it at once) and times it.

usage: python3 scripts/quit_latency.py [--engine ./tech] [--wait 0.5 2.0] [--json FILE]
Prints one line per case (sync and quit in ms) and the slowest of each; exits 1 if any quit took
TARGET_MS or more (issue 25: under 100 ms in any state, at any speed).
"""
import argparse
import json
import sys
import threading
import time

from engine_client import EngineClient, EngineLost

TARGET_MS = 100.0
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

# (name, lines): the state is what the lines leave TECH doing. A CECP ping while TECH thinks on
# its own move is answered after the move (the protocol's rule): those states are not synced.
UCI = ("uci",)
CECP = ("xboard", "protover 2")
STATES = [
    ("uci idle", UCI + ("isready",)),
    ("uci go wtime (TECH-1971: insurance, then main)", UCI + ("position startpos moves e2e4", "go wtime 600000 btime 600000")),
    ("uci go depth 9 (main search)", UCI + ("position startpos", "go depth 9")),
    ("uci go movetime then stop (reply guess)", UCI + ("position startpos", "go movetime 200")),
    ("uci go ponder", UCI + ("position startpos moves e2e4", "go ponder wtime 600000 btime 600000")),
    ("uci go infinite, TECH-modern, 2 threads", UCI + ("setoption name Style value TECH-modern",
                                                     "setoption name Threads value 2", "go infinite")),
    ("uci go perft 9", UCI + ("go perft 9",)),
    ("uci ucinewgame after a Hash 1024 search", UCI + ("setoption name Style value TECH-modern",
                                                     "setoption name Hash value 1024", "go movetime 1500",
                                                     "@wait 2.0", "ucinewgame")),
    ("cecp idle", CECP + ("new", "force")),
    ("cecp thinking (level)", CECP + ("new", "level 0 10 0", "go")),
    ("cecp pondering: guessing the reply", CECP + (f"setboard {KIWIPETE}", "hard", "playother")),
    ("cecp thinking, then pondering after the guess", CECP + ("new", "hard", "sd 3", "usermove e2e4", "@wait 1.0")),
    ("cecp usermove during the guess, then thinking", CECP + (f"setboard {KIWIPETE}", "hard", "playother",
                                                            "@wait 0.3", "usermove a2a3")),
    ("cecp ? during the guess", CECP + (f"setboard {KIWIPETE}", "hard", "playother", "@wait 0.3", "?")),
    ("cecp hint during the guess", CECP + (f"setboard {KIWIPETE}", "hard", "playother", "@wait 0.3", "hint")),
    ("cecp analyze", CECP + ("new", "analyze")),
    ("cecp edit block", CECP + ("new", "force", "edit", "#", "Ka1")),
]
SPEEDS = {"native": None, "PDP-10": "PDP-10"}


def answer_time(engine, text, sent, timeout):
    """When the line `text` came after the time `sent`, or None if it did not within `timeout` s."""
    try:
        return engine.read_until(text, timeout, after=sent).when
    except EngineLost:
        return None


def speed_lines(protocol_lines, speed):
    if not speed:
        return []
    return ["setoption name Speed value PDP-10"] if protocol_lines[0] == "uci" else ["option Speed=PDP-10"]


class ExitWatch:
    """The moment the engine's process ends, to the millisecond: a thread blocks in wait()
    (waitpid, which returns as the process exits) and notes the time. Popen.wait with a timeout
    polls with sleeps that grow to 50 ms, and so reported exits up to that much late."""

    def __init__(self, engine):
        self.proc = engine.process.proc
        self.when = None
        self.thread = threading.Thread(target=self._wait, daemon=True)
        self.thread.start()

    def _wait(self):
        self.proc.wait()
        self.when = time.monotonic()

    def exited_at(self, timeout):
        """When the process ended, or None if it runs on after `timeout` s."""
        self.thread.join(timeout)
        return self.when


def measure(binary, name, lines, speed, wait):
    e = EngineClient([binary])
    head, rest = list(lines[:1]), list(lines[1:])
    if lines[0] == "xboard":
        head, rest = list(lines[:2]), list(lines[2:])
    for line in head + speed_lines(lines, speed) + rest:
        if line.startswith("@wait "):
            time.sleep(float(line.split()[1]))
        else:
            e.send(line)
    time.sleep(wait)
    # The sync: isready always answers at once; a CECP ping only when TECH is not thinking.
    sync_ms = None
    if lines[0] == "uci":
        t0 = e.send("isready")
        t1 = answer_time(e, "readyok", t0, 30.0)
        sync_ms = (t1 - t0) * 1000 if t1 else float("inf")
    elif "thinking" not in name:
        t0 = e.send("ping 77")
        t1 = answer_time(e, "pong 77", t0, 30.0)
        sync_ms = (t1 - t0) * 1000 if t1 else float("inf")
    watch = ExitWatch(e)          # blocked in wait() before `quit` is written
    t0 = e.send("quit")
    exited_at = watch.exited_at(60.0)
    quit_ms = (exited_at - t0) * 1000 if exited_at is not None else float("inf")
    e.close(timeout=0)   # a kill, if it is still running
    return sync_ms, quit_ms


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", default="./tech")
    parser.add_argument("--wait", type=float, nargs="+", default=[0.5, 2.0])
    parser.add_argument("--json")
    args = parser.parse_args()
    results = []
    for speed in SPEEDS:
        for name, lines in STATES:
            for wait in args.wait:
                sync_ms, quit_ms = measure(args.engine, name, lines, SPEEDS[speed], wait)
                results.append({"state": name, "speed": speed, "wait_s": wait, "sync_ms": sync_ms, "quit_ms": quit_ms})
                sync = f"{sync_ms:8.1f}" if sync_ms is not None else "       -"
                print(f"{speed:7} {name:52} after {wait:.1f} s: sync {sync} ms, quit {quit_ms:8.1f} ms", flush=True)
    worst_quit = max(results, key=lambda r: r["quit_ms"])
    syncs = [r for r in results if r["sync_ms"] is not None]
    worst_sync = max(syncs, key=lambda r: r["sync_ms"])
    print(f"slowest quit: {worst_quit['quit_ms']:.1f} ms ({worst_quit['speed']}, {worst_quit['state']})")
    print(f"slowest sync: {worst_sync['sync_ms']:.1f} ms ({worst_sync['speed']}, {worst_sync['state']})")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 1 if worst_quit["quit_ms"] >= TARGET_MS else 0


if __name__ == "__main__":
    sys.exit(main())
