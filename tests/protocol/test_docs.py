"""test_docs.py - the documentation lists what the engine announces: every UCI `option` line and
every CECP `feature option=` has a row in README.md's option table (with the same type, default
and range) and an entry in the manual page, and neither names an option the engine does not have."""
import os
import re

from harness import Engine, check

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
README = os.path.join(ROOT, "README.md")
MAN_PAGE = os.path.join(ROOT, "docs", "tech.6")

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


def readme_option_rows():
    """{name: [type, default, values, cecp, meaning]} from the table under README's `## Options`."""
    with open(README, encoding="utf-8") as f:
        text = f.read()
    section = re.search(r"^## Options\n(.*?)(?=^## )", text, re.M | re.S)
    check(section, "README.md has no `## Options` section")
    rows = {}
    for line in section.group(1).splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
        if len(cells) < 6 or not cells[0].startswith("`"):
            continue
        rows[cells[0].strip("`")] = [c.replace("`", "") for c in cells[1:]]
    check(rows, "README.md's option table has no rows")
    return rows


def man_page_option_names():
    """The `.B` headings of the entries in the manual page's OPTIONS section."""
    with open(MAN_PAGE, encoding="utf-8") as f:
        text = f.read()
    section = re.search(r"^\.SH OPTIONS\n(.*?)(?=^\.SH )", text, re.M | re.S)
    check(section, "docs/tech.6 has no OPTIONS section")
    names = re.findall(r"^\.TP\n\.B (.+)$", section.group(1), re.M)
    return {name.strip().strip('"').replace("\\-", "-") for name in names}


def test_readme_lists_every_option():
    uci = uci_options()
    cecp = cecp_options()
    rows = readme_option_rows()
    for name in cecp:
        check(name in uci, f"CECP option {name!r} has no UCI twin; document it in README.md's option table")
    for name, spec in uci.items():
        check(name in rows, f"option {name!r} is announced but missing from README.md's option table")
        kind, default, values, cecp_column, meaning = rows[name][:5]
        check(kind == spec["type"], f"README.md: {name!r} is a {spec['type']}, the table says {kind!r}")
        check(default == spec["default"], f"README.md: {name!r} defaults to {spec['default']!r}, the table says "
                                          f"{default!r}")
        if spec["type"] == "spin":
            low, high = spec["min"], spec["max"]
            span = f"{low} to {high}" if low.startswith("-") else f"{low}-{high}"  # as elo_fit.py writes it
            check(span in values, f"README.md: {name!r} ranges over {span}, the table says {values!r}")
        for var in spec["vars"]:
            check(var in values, f"README.md: {name!r} takes {var!r}, missing from {values!r}")
        offered = name in cecp
        check((cecp_column == "option") == offered,
              f"README.md: {name!r} is {'' if offered else 'not '}a CECP option, the CECP column says {cecp_column!r}")
        check(meaning, f"README.md: {name!r} has no meaning")
    for name in rows:
        check(name in uci, f"README.md's option table lists {name!r}, which the engine does not announce")


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


def test_readme_gui_examples_are_accepted():
    """Every option value the README tells a person to give a GUI is one the GUI takes: the
    cutechess-cli words (`option.NAME=VALUE`), polyglot's ini lines (`NAME = VALUE`) and
    XBoard's -firstOptions (`NAME=VALUE`, checks as 1/0). A combo takes only its listed values
    (cutechess-cli refused `option.Speed=x49` and played that engine at full speed)."""
    options = exact_uci_options()
    with open(README) as f:
        text = f.read()
    seen = []
    for m in re.finditer(r'"option\.([^"=]+)=([^"]*)"|option\.([A-Za-z_][\w-]*)=([^\s`"\\)]+)', text):
        name, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4).rstrip(".,;"))
        if name == "NAME":
            continue  # the syntax itself
        check(name in options, f"README: cutechess option.{name} is not an option")
        check(gui_accepts(options[name], value), f"README: cutechess-cli refuses option.{name}={value}")
        seen.append(name)
    for m in re.finditer(r"^\s*([A-Za-z_][\w ]*?)\s+=\s+(.+?)\s*$|`([A-Za-z_][\w ]*?) = ([^`]+)`", text, re.M):
        name, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        if name in options:
            check(gui_accepts(options[name], value), f"README: polyglot refuses {name} = {value}")
            seen.append(name)
    for m in re.finditer(r'-firstOptions "([^"]+)"', text):
        for pair in m.group(1).split(","):
            name, _, value = pair.partition("=")
            check(name in options, f"README: -firstOptions {name} is not an option")
            check(gui_accepts(options[name], value, ("1", "0")), f"README: XBoard refuses {name}={value}")
            seen.append(name)
    check({"Speed", "Speed Custom", "UCI_Elo", "Style"} <= set(seen), f"examples checked: {sorted(set(seen))}")


def test_cutechess_examples_name_every_engine():
    """Every cutechess-cli example in the README and the manual page gives each engine a `name=`
    (else both show TECH's own name), and the README's first one, the one a tournament copies,
    plays from the openings file, which exists: TECH without Variety plays the same game from the
    same position."""
    with open(README, encoding="utf-8") as f:
        readme = f.read()
    with open(MAN_PAGE, encoding="utf-8") as f:
        man = f.read().replace("\\-", "-").replace("\\e", "\\")
    for name, text in (("README.md", readme), ("docs/tech.6", man)):
        engines = re.findall(r"(?<![-\w])-engine (\S+)", text)  # cutechess-cli's, not match.py's --engine
        check(engines and all(word.startswith("name=") for word in engines), f"{name}: -engine without name=: {engines}")
    first = re.search(r"^\s*cutechess-cli .*?(?=^\s*```)", readme, re.M | re.S)
    check(first, "README.md has no cutechess-cli example")
    m = re.search(r"-openings file=(\S+) format=epd order=random -repeat", first.group(0))
    check(m and os.path.isfile(os.path.join(ROOT, m.group(1))), f"the first cutechess-cli example: {first.group(0)}")
