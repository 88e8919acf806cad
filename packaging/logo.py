#!/usr/bin/env python3
"""logo.py - draw TECH's logo for XBoard's engine list: a 100x50 PNG, as the Debian engines' logos
(/usr/share/games/plugins/logos/*.png) are, written with the standard library alone (zlib).

    python3 packaging/logo.py [OUT.png]      (default: packaging/tech.png, the committed copy)

The picture: a rook on four squares of a board at the left, the name in a 5x7 letter grid drawn at
twice its size, and the report's year under it. Every pixel comes from the tables below,
so the output is the same byte for byte on every machine (tests/protocol/test_packaging.py
checks the committed copy against it).
"""
import os
import struct
import sys
import zlib

WIDTH, HEIGHT = 100, 50
PAPER = (250, 248, 240)
INK = (24, 40, 96)
RED = (176, 32, 32)
LIGHT_SQUARE = (232, 214, 170)
DARK_SQUARE = (181, 136, 99)

# 5x7 letters, one string a row, '#' an inked cell.
GLYPHS = {
    "T": ["#####", "..#..", "..#..", "..#..", "..#..", "..#..", "..#.."],
    "E": ["#####", "#....", "#....", "####.", "#....", "#....", "#####"],
    "C": [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
    "H": ["#...#", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
    "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
    "9": [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
    "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
}

# A rook, 16 wide and 22 high, '#' ink.
ROOK = [
    "##.###..###.##..",
    "##.###..###.##..",
    "##############..",
    "##############..",
    ".############...",
    "..##########....",
    "..##########....",
    "..##########....",
    "..##########....",
    "..##########....",
    "..##########....",
    "..##########....",
    "..##########....",
    "..##########....",
    "..##########....",
    ".############...",
    ".############...",
    "##############..",
    "################",
    "################",
    "################",
    "################",
]


def blank():
    return [[PAPER] * WIDTH for _ in range(HEIGHT)]


def fill(pixels, x0, y0, w, h, colour):
    for y in range(max(y0, 0), min(y0 + h, HEIGHT)):
        for x in range(max(x0, 0), min(x0 + w, WIDTH)):
            pixels[y][x] = colour


def stamp(pixels, rows, x0, y0, scale, colour):
    """Draw a '#' bitmap with its top left at (x0, y0), each cell scale x scale pixels."""
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell == "#":
                fill(pixels, x0 + c * scale, y0 + r * scale, scale, scale, colour)


def text(pixels, word, x0, y0, scale, colour, gap=1):
    for n, letter in enumerate(word):
        stamp(pixels, GLYPHS[letter], x0 + n * (5 + gap) * scale, y0, scale, colour)


def draw():
    pixels = blank()
    # A board corner behind the rook: two light and two dark squares of 16 pixels.
    for i in range(2):
        for j in range(2):
            fill(pixels, 2 + 16 * i, 9 + 16 * j, 16, 16, DARK_SQUARE if (i + j) % 2 else LIGHT_SQUARE)
    stamp(pixels, ROOK, 10, 14, 1, INK)
    text(pixels, "TECH", 40, 9, 2, INK)          # 4 letters of 10x14, 2-pixel gaps: x 40-85, y 9-22
    text(pixels, "1971", 50, 28, 1, RED, gap=2)  # 4 digits of 5x7, 2-pixel gaps: x 50-75, centred
    fill(pixels, 40, 38, 46, 2, RED)             # a rule under the year, as wide as the name
    return pixels


def png(pixels):
    """The bytes of an 8-bit RGB PNG of `pixels` (rows of (r, g, b))."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + bytes(v for rgb in row for v in rgb) for row in pixels)
    header = struct.pack(">IIBBBBB", len(pixels[0]), len(pixels), 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "tech.png")
    with open(out, "wb") as f:
        f.write(png(draw()))
    print(out)


if __name__ == "__main__":
    main()
