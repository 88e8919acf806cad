#!/usr/bin/env python3
"""file_circles.py - the circles of files: which C files of a folder reach each other by includes and calls.

usage: python3 scripts/file_circles.py [--build DIR] [--allow FILE]... FOLDER...

A file is a .c and its .h together (castling.c and castling.h are one file, `castling`). File A
leans on file B when A's .c or .h includes B.h, or when A's object (DIR/FOLDER/A.o, default
build/release) uses a symbol that B's object defines, as `nm` lists them (undefined in A, defined
in B). A circle is a set of two or more files of which each leans on every other, directly or
through the others (a strongly connected component). Prints each FOLDER's circles, one a line:
`FOLDER: a b c`, then `N circles`.

--allow FILE (FOLDER/NAME, repeated): the files among which a circle is allowed. With any, the
script exits 1 when a circle holds a file outside them (a new circle, or one grown beyond them).
"""
import argparse
import os
import re
import subprocess
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)\.h"', re.M)


def files_of(folder):
    """{name: [source paths]}: the .c and .h of each file of the folder."""
    files = {}
    for entry in sorted(os.listdir(folder)):
        name, ext = os.path.splitext(entry)
        if ext in (".c", ".h"):
            files.setdefault(f"{folder}/{name}", []).append(os.path.join(folder, entry))
    return files


def symbols(obj):
    """(defined, used): the object's external symbols by `nm`."""
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 2 and parts[-2] == "U":
            used.add(parts[-1])
        elif len(parts) == 3 and parts[1].isupper():
            defined.add(parts[2])
    return defined, used


def leans(folders, build):
    """{file: set of files it leans on}, over the files of every folder."""
    files = {}
    for folder in folders:
        files.update(files_of(folder))
    edges = {name: set() for name in files}
    for name, paths in files.items():
        folder = os.path.dirname(name)
        for path in paths:
            with open(path, encoding="utf-8") as f:
                for header in INCLUDE.findall(f.read()):
                    target = os.path.normpath(os.path.join(folder, header))
                    if target in files and target != name:
                        edges[name].add(target)
    owner, uses = {}, {}
    for name in files:
        obj = os.path.join(build, name + ".o")
        if os.path.exists(obj):
            defined, uses[name] = symbols(obj)
            owner.update((symbol, name) for symbol in defined)
    for name, used in uses.items():
        edges[name] |= {owner[s] for s in used if s in owner and owner[s] != name}
    return edges


def circles(edges):
    """The strongly connected components of two or more files, each sorted (Tarjan's algorithm)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return sorted(found)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default="build/release", help="the build folder holding the objects")
    parser.add_argument("--allow", action="append", default=[], help="a file a circle may hold (repeated)")
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args(argv)
    sys.setrecursionlimit(10000)
    found = circles(leans([f.rstrip("/") for f in args.folders], args.build))
    allowed = set(args.allow)
    outside = []
    for circle in found:
        folder = os.path.commonpath(circle)
        print(f"{folder}: " + " ".join(os.path.relpath(name, folder) for name in circle))
        if allowed:
            outside += [name for name in circle if name not in allowed]
    print(f"{len(found)} circles")
    if outside:
        print("in a circle but not allowed: " + " ".join(outside))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
