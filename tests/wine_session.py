#!/usr/bin/env python3
"""wine_session.py - run a command while one Windows program keeps Wine's server up.

usage: python3 tests/wine_session.py WINE PROGRAM.exe -- COMMAND [ARG ...]

Debian's Wine stops its server, and the services it starts with it (wineboot among them: a
second or more), as soon as its last program exits; a suite that starts a few hundred engines one
after another would pay that for each. So PROGRAM.exe (tech.exe: its console reads stdin) runs
under WINE for as long as COMMAND does, reading a pipe that stays open, and ends at the end of
its input afterwards. Its first start also makes the Wine prefix (WINEPREFIX, else ~/.wine) if
there is none yet, which takes up to half a minute; COMMAND starts once it has answered.
Exit status: COMMAND's (2 if PROGRAM.exe does not start).
"""
import queue
import subprocess
import sys
import threading

# Seconds the keeper may take to answer: a new prefix is made on a loaded machine.
START_TIMEOUT = 180
STOP_TIMEOUT = 10


def read_lines(stream, lines):
    """Every line of the keeper's output, into `lines`, until it ends."""
    for raw in iter(stream.readline, b""):
        lines.put(raw.strip())


def answered(lines):
    """The keeper's `id name` once it has said readyok within START_TIMEOUT seconds, else None."""
    name = "?"
    try:
        while True:
            line = lines.get(timeout=START_TIMEOUT).decode("ascii", "replace")
            if line.startswith("id name "):
                name = line[len("id name "):]
            if line == "readyok":
                return name
    except queue.Empty:
        return None


def main(argv):
    if len(argv) < 4 or argv[2] != "--":
        print(__doc__.strip(), file=sys.stderr)
        return 2
    wine, program, command = argv[0], argv[1], argv[3:]
    keeper = subprocess.Popen([wine, program], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL)
    lines = queue.Queue()
    threading.Thread(target=read_lines, args=(keeper.stdout, lines), daemon=True).start()
    try:
        keeper.stdin.write(b"uci\nisready\n")
        keeper.stdin.flush()
        name = answered(lines)
        if name is None:
            print(f"wine_session: {program} did not answer under {wine}", file=sys.stderr)
            return 2
        print(f"wine_session: {name} ({program} under {wine}) keeps the Wine server up", flush=True)
        return subprocess.call(command)
    finally:
        try:
            keeper.stdin.close()
            keeper.wait(timeout=STOP_TIMEOUT)
        except (OSError, subprocess.TimeoutExpired):
            keeper.kill()
            keeper.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
