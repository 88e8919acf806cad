#!/usr/bin/env python3
"""strength_table.py - the UCI_Elo scale of docs/STRENGTH.md (the table between its
strength-table markers, written by scripts/elo_fit.py from the measured games) as JSON for the
web page's strength chooser: [{"elo": 69, "profile": "TECH-1971", "year": "1971"}, ...].

usage: python3 web/strength_table.py docs/STRENGTH.md > build/web/strength.json
"""
import json
import re
import sys


def scale_rows(markdown):
    """The table's rows: Elo, profile and the year the speed stands for."""
    inside = markdown.split("<!-- strength-table:begin -->", 1)[1].split("<!-- strength-table:end -->", 1)[0]
    rows = []
    for line in inside.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 5 and re.fullmatch(r"\d+", cells[0]):
            rows.append({"elo": int(cells[0]), "profile": cells[1], "year": cells[4]})
    return rows


def main():
    with open(sys.argv[1], encoding="utf-8") as page:
        rows = scale_rows(page.read())
    if not rows:
        sys.exit(f"{sys.argv[1]}: no UCI_Elo scale between the strength-table markers")
    json.dump(rows, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
