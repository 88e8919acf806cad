"""test_docs.py - the documents say what the program does: the manual page's OPTIONS section is
what scripts/man_options.py writes from the engine's own option table (names, order, types,
defaults, ranges, values) and documents nothing else; the README stays a first screen and links
the manual instead of listing the options again; every GUI example gives values the GUI takes;
and every number the README, the manual page and the pages under docs/ state about the strength
(UCI_Elo's range and default, the scale's rows, each level written "N (W PDP-10 s a move)") is
the program's own."""
import os
import re

import shlex
import subprocess
import sys

from harness import Engine, bestmove, check, engine_command

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
README = os.path.join(ROOT, "README.md")
MAN_PAGE = os.path.join(ROOT, "docs", "tech.6")
DOCS = os.path.join(ROOT, "docs")
# Where a person reads about the options and the strength: the README and the pages it sends them to.
GUIDES = [README, os.path.join(DOCS, "INSTALL.md"), os.path.join(DOCS, "PLAYING.md"),
          os.path.join(DOCS, "DEVELOPING.md")]
STRENGTH = os.path.join(DOCS, "STRENGTH.md")
STRENGTH_TABLE = os.path.join(ROOT, "protocol", "driver", "strength_table.h")

UCI_OPTION = re.compile(r"^option name (.+?) type (\w+)(.*)$")
CECP_OPTION = re.compile(r'^feature option="(.+?) -(button|save|reset|check|string|spin|slider|combo|file|path)\b')


def uci_options():
    """{name: {"type": ..., "default": ..., "min": ..., "max": ..., "vars": [...]}} from `uci`."""
    e = Engine()
    e.send("uci")
    lines = []
    e.expect("^uciok$", 2.0, lines)
    options = {}
    for line in lines:
        m = UCI_OPTION.match(line)
        if not m:
            continue
        name, kind, rest = m.groups()
        spec = {"type": kind, "default": "", "min": None, "max": None, "vars": []}
        words = rest.split()
        for i, word in enumerate(words[:-1]):
            if word in ("default", "min", "max"):
                spec[word] = words[i + 1]
            elif word == "var":
                spec["vars"].append(words[i + 1])
        options[name] = spec
    check(options, "the engine announced no UCI option")
    return options


def cecp_options():
    """Names of the `feature option=` lines answering `protover 2`."""
    e = Engine()
    e.send("xboard", "protover 2")
    lines = []
    e.expect("^feature .*done=1", 2.0, lines)
    names = [m.group(1) for m in map(CECP_OPTION.match, lines) if m]
    check(names, "the engine announced no CECP option")
    return names


def man_page_option_names():
    """The `.B` headings of the entries in the manual page's OPTIONS section."""
    with open(MAN_PAGE, encoding="utf-8") as f:
        text = f.read()
    section = re.search(r"^\.SH OPTIONS\n(.*?)(?=^\.SH )", text, re.M | re.S)
    check(section, "docs/tech.6 has no OPTIONS section")
    names = re.findall(r"^\.TP\n\.B (.+)$", section.group(1), re.M)
    return {name.strip().strip('"').replace("\\-", "-") for name in names}


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_man_page_options_are_written_from_the_option_table():
    """docs/tech.6's OPTIONS section is what scripts/man_options.py writes from the engine's `uci`
    and `protover 2` answers: a changed default, range, value or order fails here until the
    script is run again."""
    out = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "man_options.py"), "--check",
                          "--engine", shlex.join(engine_command()), "--page", MAN_PAGE],
                         capture_output=True, text=True, timeout=120)
    check(out.returncode == 0, f"docs/tech.6 is out of date:\n{out.stdout[-3000:]}{out.stderr[-1000:]}")


def test_switches_take_the_words_the_man_page_gives():
    """The manual page says an E switch reads true and false as on and off (man_options.py writes
    it for every combo of profile, on and off)."""
    e = Engine()
    e.uci()
    for value in ("true", "false", "on", "off", "profile"):
        e.send(f"setoption name E9 Move Ordering value {value}")
    e.send("isready")
    lines = []
    e.expect("^readyok$", 2.0, lines)
    check(not [line for line in lines if "info string" in line], f"a switch's words refused: {lines}")
    e.quit()


def test_readme_is_a_first_screen_that_links_the_manual():
    """The README a newcomer reads in two minutes: at most 200 lines; on its first 40 how to build
    and test, play in the terminal, add TECH to the GUIs and choose a strength; the options in
    the manual page, linked, not listed again."""
    text = read(README)
    lines = text.splitlines()
    check(len(lines) <= 200, f"README.md has {len(lines)} lines")
    first = "\n".join(lines[:40])
    for words in ("make test", "play black", "Cute Chess", "XBoard", "Arena", "UCI_LimitStrength", "UCI_Elo",
                  "docs/tech.6"):
        check(words in first, f"README.md's first 40 lines do not say {words!r}")
    options = exact_uci_options()
    for path in GUIDES:
        for line in read(path).splitlines():
            m = re.match(r"^\| `([^`]+)` \|", line)
            check(not (m and m.group(1) in options), f"{path}: a table row for option {m and m.group(1)!r}: the "
                                                     "options are listed once, in the manual page")


def test_man_page_lists_every_option():
    announced = set(uci_options()) | set(cecp_options())
    documented = man_page_option_names()
    for name in sorted(announced - documented):
        check(False, f"option {name!r} is announced but missing from the OPTIONS section of docs/tech.6")
    for name in sorted(documented - announced):
        check(False, f"docs/tech.6 documents option {name!r}, which the engine does not announce")


def exact_uci_options():
    """{name: (type, [combo values])} from `uci`, combo values whole ("1981 (x7)")."""
    e = Engine()
    e.send("uci")
    lines = []
    e.expect("^uciok$", 2.0, lines)
    e.quit()
    options = {}
    for line in lines:
        m = UCI_OPTION.match(line)
        if m:
            name, kind, rest = m.groups()
            spin = re.search(r" min (-?\d+) max (-?\d+)", rest)
            options[name] = (kind, rest.split(" var ")[1:], (int(spin.group(1)), int(spin.group(2))) if spin else None)
    return options


def gui_accepts(option, value, check_values=("true", "false")):
    """Whether a GUI that checks values as cutechess-cli does takes `value` for `option`: a
    combo only one of its values exactly, a spin a whole number in range, a check its two
    words, a string anything (cutechess's EngineComboOption::isValid and its siblings)."""
    kind, choices, span = option
    if kind == "combo":
        return value in choices
    if kind == "spin":
        return re.fullmatch(r"-?\d+", value) is not None and span[0] <= int(value) <= span[1]
    if kind == "check":
        return value in check_values
    return kind == "string"


def test_gui_examples_are_accepted():
    """Every option value the README and the pages it links tell a person to give a GUI is one the
    GUI takes: the cutechess-cli words (`option.NAME=VALUE`), polyglot's ini lines (`NAME = VALUE`)
    and XBoard's -firstOptions (`NAME=VALUE`, checks as 1/0). A combo takes only its listed values
    (cutechess-cli refused `option.Speed=x49` and played that engine at full speed)."""
    options = exact_uci_options()
    seen = []
    for path in GUIDES:
        text, where = read(path), os.path.relpath(path, ROOT)
        for m in re.finditer(r'"option\.([^"=]+)=([^"]*)"|option\.([A-Za-z_][\w-]*)=([^\s`"\\)]+)', text):
            name, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4).rstrip(".,;"))
            if name == "NAME":
                continue  # the syntax itself
            check(name in options, f"{where}: cutechess option.{name} is not an option")
            check(gui_accepts(options[name], value), f"{where}: cutechess-cli refuses option.{name}={value}")
            seen.append(name)
        for m in re.finditer(r"^\s*([A-Za-z_][\w ]*?)\s+=\s+(.+?)\s*$|`([A-Za-z_][\w ]*?) = ([^`]+)`", text, re.M):
            name, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            if name in options:
                check(gui_accepts(options[name], value), f"{where}: polyglot refuses {name} = {value}")
                seen.append(name)
        for m in re.finditer(r'-firstOptions "([^"]+)"', text):
            for pair in m.group(1).split(","):
                name, _, value = pair.partition("=")
                check(name in options, f"{where}: -firstOptions {name} is not an option")
                check(gui_accepts(options[name], value, ("1", "0")), f"{where}: XBoard refuses {name}={value}")
                seen.append(name)
    check({"Speed", "Speed Custom", "UCI_Elo", "Style"} <= set(seen), f"examples checked: {sorted(set(seen))}")


def test_cutechess_examples_name_every_engine():
    """Every cutechess-cli example in the README, the pages it links and the manual page gives each
    engine a `name=` (else both show TECH's own name), and the first one of docs/INSTALL.md, the
    one a tournament copies, plays from the openings file, which exists: TECH without Variety plays
    the same game from the same position."""
    pages = [(os.path.relpath(path, ROOT), read(path)) for path in GUIDES]
    pages.append(("docs/tech.6", read(MAN_PAGE).replace("\\-", "-").replace("\\e", "\\")))
    for name, text in pages:
        engines = re.findall(r"(?<![-\w])-engine (\S+)", text)  # cutechess-cli's, not match.py's --engine
        check(all(word.startswith("name=") for word in engines), f"{name}: -engine without name=: {engines}")
    install = read(os.path.join(DOCS, "INSTALL.md"))
    first = re.search(r"^\s*cutechess-cli .*?(?=^\s*```)", install, re.M | re.S)
    check(first, "docs/INSTALL.md has no cutechess-cli example")
    m = re.search(r"-openings file=(\S+) format=epd order=random -repeat", first.group(0))
    check(m and os.path.isfile(os.path.join(ROOT, m.group(1))), f"the first cutechess-cli example: {first.group(0)}")


# ---------------------------------------------------------------------------------------------
# The numbers the documents state about the strength, against the program
# ---------------------------------------------------------------------------------------------

LEVEL = re.compile(r"\b(\d{2,4}) \(([\d,.]+) PDP-10 s a move\)")
WORK_SAID = re.compile(r"profile (TECH-\w+) at UCI_Elo (\d+) \(([\d.]+) PDP-10 seconds of work a move\)")


def strength_texts():
    """[(name, text)]: the README, the pages it sends a person to, the manual page, and the part of
    docs/STRENGTH.md that says what the scale is now (its first section; the rest is the record
    of how it was measured, at the numbers of its day)."""
    texts = [(os.path.relpath(path, ROOT), read(path)) for path in GUIDES]
    texts.append(("docs/tech.6", read(MAN_PAGE).replace("\\-", "-")))
    strength = read(STRENGTH)
    scale = re.search(r"^## The `UCI_Elo` scale\n(.*?)(?=^## )", strength, re.M | re.S)
    check(scale, "docs/STRENGTH.md has no section `The UCI_Elo scale`")
    texts.append(("docs/STRENGTH.md, The UCI_Elo scale", scale.group(1)))
    return texts


def levels(elos):
    """{elo: (profile, work in PDP-10 seconds)} as the engine says it plays each UCI_Elo (the
    `info string` that opens a search held back by UCI_LimitStrength)."""
    e = Engine()
    e.uci()
    e.send("setoption name UCI_LimitStrength value true")
    found = {}
    for elo in sorted(set(elos)):
        e.send(f"setoption name UCI_Elo value {elo}", "position startpos", "go depth 1")
        lines = []
        bestmove(e, 10.0, lines)
        said = [m for m in map(WORK_SAID.search, lines) if m]
        check(said and int(said[-1].group(2)) == elo, f"UCI_Elo {elo}: the search said {lines}")
        found[elo] = (said[-1].group(1), float(said[-1].group(3)))
    e.quit()
    return found


def same_work(stated, program):
    """A work written to 3 figures (or to the second) against the engine's, said to 0.1 s."""
    return abs(stated - program) <= 0.05 + 0.01 * program


def test_the_strengths_range_and_default_are_the_programs():
    """Wherever the documents give UCI_Elo's range or its default, they are `uci`'s."""
    spin = uci_options()["UCI_Elo"]
    low, high, default = int(spin["min"]), int(spin["max"]), int(spin["default"])
    ranges = defaults = 0
    for name, text in strength_texts():
        for paragraph in re.split(r"\n\s*\n|^\.TP$", text, flags=re.M):  # Markdown's paragraphs, the page's entries
            if "UCI_Elo" not in paragraph:
                continue
            flat = " ".join(paragraph.split())
            for m in re.finditer(r"UCI_Elo`?,? from (\d+) to (\d+)|from \\fB(\d+)\\fR to \\fB(\d+)\\fR", flat):
                stated = tuple(int(g) for g in m.groups() if g)
                check(stated == (low, high), f"{name}: UCI_Elo from {stated}, the program {low}-{high}")
                ranges += 1
            for m in re.finditer(r"(?:`UCI_Elo`'s default|the default|default \\fB),? ?(\d{2,4})\b", flat):
                check(int(m.group(1)) == default, f"{name}: UCI_Elo's default {m.group(1)}, the program {default}")
                defaults += 1
            for m in re.finditer(r"scale's bottom, UCI_Elo (\d+)", flat):
                check(int(m.group(1)) == low, f"{name}: the scale's bottom {m.group(1)}, the program {low}")
    check(ranges >= 2 and defaults >= 3, f"found {ranges} ranges and {defaults} defaults stated: the patterns "
                                         "no longer match the documents")


def scale_rows():
    """[(elo, profile, work)] of the table between docs/STRENGTH.md's strength-table markers."""
    text = read(STRENGTH)
    table = text[text.index("<!-- strength-table:begin -->"):text.index("<!-- strength-table:end -->")]
    return [(int(e), p, float(w.replace(",", "")))
            for e, p, w in re.findall(r"^\| (\d+) \| (TECH-\w+) \| ([\d,.]+) \|", table, re.M)]


def test_every_level_the_documents_state_is_the_programs():
    """The scale's rows (UCI_Elo, style, PDP-10 work a move) and every level written
    "N (W PDP-10 s a move)" in the README, the pages it links, the manual page and STRENGTH.md's
    scale are what the engine plays at that UCI_Elo; the table runs over UCI_Elo's whole range; each
    point of the table of places is a point of protocol/driver/strength_table.h."""
    rows = scale_rows()
    check(len(rows) >= 10, f"docs/STRENGTH.md's scale has {len(rows)} rows")
    stated = [(f"docs/STRENGTH.md's scale, row {elo}", elo, profile, work) for elo, profile, work in rows]
    for name, text in strength_texts():
        flat = " ".join(text.split())
        stated += [(name, int(m.group(1)), None, float(m.group(2).replace(",", ""))) for m in LEVEL.finditer(flat)]
    check(len(stated) > len(rows) + 5, f"only {len(stated) - len(rows)} levels found in the prose")
    program = levels(elo for _, elo, _, _ in stated)
    for name, elo, profile, work in stated:
        played, played_work = program[elo]
        check(profile in (None, played), f"{name}: UCI_Elo {elo} plays {profile}, the program says {played}")
        check(same_work(work, played_work), f"{name}: UCI_Elo {elo} does {work} PDP-10 s a move, the program "
                                            f"says {played_work}")
    spin = uci_options()["UCI_Elo"]
    check((rows[0][0], rows[-1][0]) == (int(spin["min"]), int(spin["max"])),
          f"the scale runs {rows[0][0]}-{rows[-1][0]}, UCI_Elo {spin['min']}-{spin['max']}")
    points = {(p.replace("STRENGTH_TECH_1971", "TECH-1971").replace("STRENGTH_TECH_DEEP", "TECH-deep")
               .replace("STRENGTH_TECH_MODERN", "TECH-modern"), int(e))
              for p, e in re.findall(r"\{\s*(STRENGTH_TECH_\w+), [\d.]+, (\d+)\s*\}",
                                    read(STRENGTH_TABLE).replace("\\\n", " "))}
    text = read(STRENGTH)
    kinds = text[text.index("<!-- strength-kinds:begin -->"):text.index("<!-- strength-kinds:end -->")]
    places = re.findall(r"^\| (\d+) \| (TECH-\w+)@", kinds, re.M)
    check(places, "docs/STRENGTH.md's table of places has no rows")
    for elo, profile in places:
        check((profile, int(elo)) in points, f"docs/STRENGTH.md's places: {profile} at {elo} is no point of "
                                             "protocol/driver/strength_table.h")
