"""ecolines.py - the named opening lines that the opening set and the agreement measure use.

Source: the ECO classification file `eco.pgn` that Debian's `pgn-extract` package ships
(/usr/share/pgn-extract/eco.pgn): 2014 named lines, each a PGN game with ECO, Opening and
(often) Variation tags and its moves in SAN. If the package is not installed, its .deb is
fetched with `apt-get download` into a temporary folder and unpacked there with `dpkg-deb -x`;
nothing is installed and nothing is kept. `--eco FILE` gives the file directly.

(The npm package @chess-openings/eco.json carries no data of its own: it downloads its JSON
from GitHub when called, which a machine that reaches only package registries cannot do.)

Standard library only, plus the project's rules referee scripts/chessrules.py.
"""
import os
import shutil
import subprocess
from collections import namedtuple

import chessrules as cr

PACKAGE = "pgn-extract"
INSTALLED_PATH = "/usr/share/pgn-extract/eco.pgn"

NamedLine = namedtuple("NamedLine", "index eco opening variation game")
"""One line of the source: its place in the file (0-based), the ECO code, the opening and
variation names (variation may be ""), and the replayed chessrules.Game."""


def line_name(line):
    """The line's full name: "Opening, Variation" (or the opening alone)."""
    return f"{line.opening}, {line.variation}" if line.variation else line.opening


def position_key(pos):
    """What makes two positions the same here: placement, side to move, castling rights, and
    the e.p. square only when an e.p. capture is legal (so transpositions merge)."""
    return pos.repetition_key()


def _package_version_installed():
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", PACKAGE], capture_output=True, text=True)
        return out.stdout.strip() if out.returncode == 0 else ""
    except OSError:
        return ""


def locate_eco_pgn(explicit, workdir):
    """(path, description) of the source file. `explicit` (a path) wins; then the installed
    package; else the package is downloaded and unpacked inside `workdir`."""
    if explicit:
        return explicit, f"file {explicit}"
    if os.path.exists(INSTALLED_PATH):
        version = _package_version_installed()
        return INSTALLED_PATH, f"Debian package {PACKAGE} {version} (installed), {INSTALLED_PATH}"
    if not shutil.which("apt-get") or not shutil.which("dpkg-deb"):
        raise SystemExit(f"no {INSTALLED_PATH}, and no apt-get/dpkg-deb to fetch {PACKAGE}: give --eco FILE")
    done = subprocess.run(["apt-get", "download", PACKAGE], cwd=workdir, capture_output=True, text=True)
    debs = [name for name in os.listdir(workdir) if name.startswith(PACKAGE) and name.endswith(".deb")]
    if not debs:
        raise SystemExit(f"apt-get download {PACKAGE} failed (run `apt-get update` first?):\n{done.stderr}")
    deb = os.path.join(workdir, debs[0])
    unpacked = os.path.join(workdir, "unpacked")
    subprocess.run(["dpkg-deb", "-x", deb, unpacked], check=True)
    version = subprocess.run(["dpkg-deb", "-f", deb, "Version"], capture_output=True, text=True).stdout.strip()
    path = os.path.join(unpacked, INSTALLED_PATH.lstrip("/"))
    if not os.path.exists(path):
        raise SystemExit(f"{debs[0]} has no {INSTALLED_PATH}")
    return path, f"Debian package {PACKAGE} {version} (downloaded .deb, unpacked in a temporary folder), {INSTALLED_PATH}"


def read_named_lines(path):
    """Every line of the file, replayed by the referee; a line with an illegal move stops the run."""
    lines = []
    for index, (tags, movetext) in enumerate(cr.read_pgn(path)):
        game, error = cr.game_from_pgn(tags, movetext)
        if error:
            raise SystemExit(f"{path}: line {index + 1} ({tags.get('ECO')} {tags.get('Opening')}): {error}")
        lines.append(NamedLine(index, tags.get("ECO", "?"), tags.get("Opening", "?"), tags.get("Variation", ""), game))
    if not lines:
        raise SystemExit(f"{path}: no named lines")
    return lines


class NamedPosition:
    """A position some named line passes through before its end, with every move that some
    named line plays there. `moves` is the first line's path to it (coordinate moves)."""

    __slots__ = ("key", "ply", "moves", "position", "named", "lines")

    def __init__(self, key, ply, moves, position):
        self.key, self.ply, self.moves, self.position = key, ply, moves, position
        self.named = {}   # uci move -> SAN
        self.lines = []   # indexes of the named lines that continue from here


def named_positions(lines, max_ply):
    """The positions at plies 0 .. max_ply-1 of the named lines at which a line continues,
    transpositions merged (each counted once, at the lowest ply it is reached), in the order
    first met (by ply, then file order)."""
    table = {}
    for ply in range(max_ply):
        for line in lines:
            game = line.game
            if len(game.moves) <= ply:
                continue
            pos = game.positions[ply]
            key = position_key(pos)
            entry = table.get(key)
            if entry is None:
                entry = table[key] = NamedPosition(key, ply, [m.uci() for m in game.moves[:ply]], pos)
            move = game.moves[ply]
            entry.named.setdefault(move.uci(), game.sans[ply])
            entry.lines.append(line.index)
    return list(table.values())
