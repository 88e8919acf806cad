#!/usr/bin/env python3
"""man_options.py - the OPTIONS section of the manual page (docs/tech.6) written from TECH's own
option table, so that the page cannot drift from the program.

usage:
  python3 scripts/man_options.py [--engine ./tech] [--page docs/tech.6] [--check]

It asks the engine for its options (`uci`: names in the order announced, types, defaults,
ranges, combo values; `xboard` + `protover 2`: which of them CECP offers as feature options) and
rewrites the section: one entry per option, in the program's order, each opening with a line of
facts written from the answer (type, default, range or values, "UCI only"), followed by the text
written by hand under that entry in the page, which is kept as it is. An option the engine
announces with no entry in the page, or an entry the engine does not announce, stops it: the
meaning of a new option is written once, by hand, under a `.TP` / `.B NAME` entry in the page.
--check writes nothing and exits 1, with a diff, if the page is not what it would write
(tests/protocol/test_docs.py runs it). Standard library only.
"""
import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SECTION = re.compile(r"^\.SH OPTIONS\n(.*?)(?=^\.SH )", re.M | re.S)
UCI_OPTION = re.compile(r"^option name (.+?) type (\w+)(.*)$")
CECP_OPTION = re.compile(r'^feature option="(.+?) -\w+')
# The enhancement switches' values: a check box's words are read too (options.c, switch_names).
SWITCH_VALUES = ["profile", "on", "off"]


class PageError(Exception):
    """What is wrong with the page or the engine's answer, for the user."""


def ask(engine, lines):
    """The engine's answer to `lines` (each sent, then quit)."""
    out = subprocess.run(shlex.split(engine), input="\n".join(lines + ["quit"]) + "\n", capture_output=True,
                         text=True, timeout=60)
    return out.stdout.splitlines()


def announced(engine):
    """[{name, type, default, min, max, vars, cecp}] in the order `uci` lists them."""
    options = []
    for line in ask(engine, ["uci"]):
        m = UCI_OPTION.match(line.rstrip("\r"))
        if not m:
            continue
        name, kind, rest = m.groups()
        head, *values = rest.split(" var ")
        default = re.search(r" default (.*?)(?= min | max |$)", head)
        low, high = re.search(r" min (-?\d+)", head), re.search(r" max (-?\d+)", head)
        options.append({"name": name, "type": kind, "default": default.group(1) if default else None,
                        "min": low and low.group(1), "max": high and high.group(1), "vars": values})
    if not options:
        raise PageError(f"{engine}: no `option` lines after `uci`")
    cecp = {m.group(1) for m in map(CECP_OPTION.match, ask(engine, ["xboard", "protover 2"])) if m}
    for option in options:
        option["cecp"] = option["name"] in cecp
    return options


def roff(text):
    """A word for troff: hyphens as \\- (a minus, not a hyphen to break at), backslashes doubled."""
    return text.replace("\\", "\\e").replace("-", "\\-")


def bold(text):
    return f"\\fB{roff(text)}\\fR"


def facts(option):
    """The entry's first line: the type, default and range or values, and whether CECP offers it."""
    kind = option["type"]
    words = [kind]
    if kind in ("check", "string", "combo", "spin") and option["default"] is not None:
        words.append(f"default {bold(option['default'])}")
    if kind == "spin":
        words.append(f"from {bold(option['min'])} to {bold(option['max'])}")
    if kind == "combo":
        values = ", ".join(bold(v) for v in option["vars"])
        if option["vars"] == SWITCH_VALUES:
            values += f" ({bold('true')} and {bold('false')} read as on and off)"
        words.append(f"values {values}")
    line = ", ".join(words[:2]) + ("; " + "; ".join(words[2:]) if words[2:] else "") + "."
    return line + ("" if option["cecp"] else " UCI only.")


def heading(name):
    return f'.B "{roff(name)}"' if " " in name else f".B {roff(name)}"


def entries(section):
    """(the text before the first entry, {name: [the lines written by hand]}) of the OPTIONS
    section; an entry's first line after its `.B` heading is its facts line, not kept."""
    intro, *parts = section.split(".TP\n")
    found = {}
    for part in parts:
        lines = part.rstrip("\n").split("\n")
        m = re.match(r'^\.B "?(.+?)"?$', lines[0])
        if not m:
            raise PageError(f"an entry of OPTIONS does not open with `.B NAME`: {lines[0]!r}")
        name = m.group(1).replace("\\-", "-").replace("\\e", "\\")
        found[name] = lines[2:]
    return intro, found


def written(page_text, options):
    """The page with its OPTIONS section written from `options`."""
    m = SECTION.search(page_text)
    if not m:
        raise PageError("the page has no .SH OPTIONS section")
    intro, found = entries(m.group(1))
    names = [o["name"] for o in options]
    missing = [n for n in names if n not in found or not found[n]]
    extra = [n for n in found if n not in names]
    if missing or extra:
        raise PageError("".join(f"option {n!r} has no entry: write its meaning under `.TP` / `{heading(n)}` "
                                "in the OPTIONS section\n" for n in missing) +
                        "".join(f"the page describes {n!r}, which the engine does not announce\n" for n in extra))
    body = intro + "".join(".TP\n" + "\n".join([heading(o["name"]), facts(o)] + found[o["name"]]) + "\n"
                           for o in options)
    return page_text[:m.start(1)] + body + page_text[m.end(1):]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--engine", default=os.path.join(ROOT, "tech"), help="the command that runs TECH")
    parser.add_argument("--page", default=os.path.join(ROOT, "docs", "tech.6"))
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if the page is out of date")
    args = parser.parse_args(argv)
    with open(args.page, encoding="utf-8") as f:
        text = f.read()
    try:
        new = written(text, announced(args.engine))
    except PageError as e:
        print(f"{args.page}: {e}", file=sys.stderr, end="" if str(e).endswith("\n") else "\n")
        return 1
    if args.check:
        if new != text:
            sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), new.splitlines(True), args.page,
                                                       args.page + " (from the engine)"))
            print(f"{args.page}: OPTIONS is out of date: run python3 scripts/man_options.py", file=sys.stderr)
            return 1
        return 0
    if new != text:
        with open(args.page, "w", encoding="utf-8") as f:
            f.write(new)
        print(f"wrote the OPTIONS section of {args.page}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
