"""test_openings.py - the book-free opening set (book-free-openings/openings.epd and .pgn):
every line of the EPD a position (no comment line, which cutechess-cli would read as a bad FEN);
every position legal and distinct, 4-8 plies from a named line, balanced, and the same lines in
both files, as openings-source.txt says; the match runner (scripts/match.py, its openings in
scripts/games.py) can read the EPD."""
import os
import re
import subprocess
import sys

from testlib import check

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FOLDER = os.path.join(ROOT, "book-free-openings")
import chessrules as cr

OPCODE_RE = re.compile(r'\s*([A-Za-z][A-Za-z0-9_]*)((?:\s+(?:"[^"]*"|[^;"\s]+))*)\s*;')


def parse_epd_line(line):
    """(fen4, {opcode: [operands]}), strings unquoted; raises ValueError on a malformed line."""
    fields = line.split(None, 4)
    if len(fields) < 4:
        raise ValueError(f"EPD line needs 4 fields: {line!r}")
    rest = fields[4] if len(fields) > 4 else ""
    ops, pos = {}, 0
    while pos < len(rest):
        found = OPCODE_RE.match(rest, pos)
        if not found:
            if rest[pos:].strip():
                raise ValueError(f"bad EPD operations at {rest[pos:]!r}")
            break
        ops[found.group(1)] = [w.strip('"') for w in re.findall(r'"[^"]*"|[^\s"]+', found.group(2))]
        pos = found.end()
    return " ".join(fields[:4]), ops


def read_epd():
    """[(line number, fen4, ops)], one for every line of openings.epd (test_every_line_is_a_position)."""
    with open(os.path.join(FOLDER, "openings.epd")) as f:
        return [(number, *parse_epd_line(line.rstrip("\n"))) for number, line in enumerate(f, 1)]


def test_every_line_is_a_position():
    """Each line of openings.epd is an EPD position that the referee sets up: no comment, no blank
    line, so that every reader (cutechess-cli, Cute Chess, match.py) reads it as the same 385
    positions."""
    with open(os.path.join(FOLDER, "openings.epd"), "rb") as f:
        data = f.read()
    check(data.endswith(b"\n") and b"\r" not in data, "openings.epd: not LF-terminated lines")
    bad = []
    for number, line in enumerate(data.decode("ascii").split("\n")[:-1], 1):
        try:
            fen4, _ = parse_epd_line(line)
            cr.Position.from_fen(fen4 + " 0 1")
        except ValueError as e:
            bad.append(f"line {number}: {e}")
    check(not bad, "lines of openings.epd that are not positions: " + "; ".join(bad[:5]))


def replay(movetext):
    game, error = cr.game_from_pgn({}, movetext)
    check(error is None, f"illegal move in {movetext!r}: {error}")
    return game


def test_epd_positions_legal_distinct_balanced():
    rows = read_epd()
    check(len(rows) >= 200, f"only {len(rows)} positions")
    with open(os.path.join(FOLDER, "openings-source.txt")) as f:
        text = f.read()
    found = re.search(r"Result: (\d+) scored, (\d+) kept", text)
    check(found and int(found.group(2)) == len(rows), f"openings-source.txt: figures not of {len(rows)} positions")
    check(re.search(r"Filter: Stockfish .*go depth \d+", text), "openings-source.txt: no filter engine and depth")
    keys = set()
    for number, fen4, ops in rows:
        where = f"openings.epd line {number}"
        check(all(k in ops for k in ("id", "c0", "c1", "ce", "acd", "hmvc", "fmvn")), f"{where}: missing opcodes {ops}")
        pos = cr.Position.from_fen(f"{fen4} {ops['hmvc'][0]} {ops['fmvn'][0]}")  # raises on an illegal FEN
        check(pos.legal_moves(), f"{where}: no legal moves")
        key = pos.repetition_key()
        check(key not in keys, f"{where}: position repeated")
        keys.add(key)
        check(re.fullmatch(r"[A-E]\d\d", ops["id"][0]), f"{where}: id is no ECO code: {ops['id']}")
        check(ops["c0"] and ops["c0"][0].strip(), f"{where}: no name")
        check(abs(int(ops["ce"][0])) <= 50, f"{where}: ce {ops['ce']} outside +-50")
        game = replay(" ".join(ops["c1"]))
        check(4 <= len(game.moves) <= 8, f"{where}: {len(game.moves)} plies")
        check(game.position.repetition_key() == key, f"{where}: c1 does not lead to the position")


def test_pgn_has_the_same_lines():
    rows = read_epd()
    games = cr.read_pgn(os.path.join(FOLDER, "openings.pgn"))
    check(len(games) == len(rows), f"{len(games)} PGN games, {len(rows)} EPD positions")
    for (number, fen4, ops), (tags, movetext) in zip(rows, games):
        where = f"PGN round {tags.get('Round')}"
        check(tags.get("ECO") == ops["id"][0], f"{where}: ECO {tags.get('ECO')} vs id {ops['id']}")
        name = tags.get("Opening", "") + (", " + tags["Variation"] if tags.get("Variation") else "")
        check(name.replace(";", ",").replace('"', "'") == ops["c0"][0], f"{where}: name {name!r} vs {ops['c0']}")
        game, error = cr.game_from_pgn(tags, movetext)
        check(error is None, f"{where}: {error}")
        check(4 <= len(game.moves) <= 8 and tags.get("PlyCount") == str(len(game.moves)), f"{where}: ply count")
        pos = cr.Position.from_fen(f"{fen4} {ops['hmvc'][0]} {ops['fmvn'][0]}")
        check(game.position.repetition_key() == pos.repetition_key(), f"{where}: not the EPD line {number}")
        check(game.position.fen() == pos.fen(), f"{where}: FEN {game.position.fen()} vs {pos.fen()}")


def test_match_runner_reads_the_set():
    import games  # scripts/games.py: how scripts/match.py reads the positions it plays from
    openings = games.read_openings(os.path.join(FOLDER, "openings.epd"))
    rows = read_epd()
    check(len(openings) == len(rows), f"match.py read {len(openings)} of {len(rows)} positions")
    # Each is its named line from the initial position, so engines get the moves and move numbers.
    check(all(o.fen == cr.START_FEN and 4 <= len(o.moves) <= 8 for o in openings), "match.py lost the lines' moves")
    check(all(o.game().position.fen().split()[:4] == fen4.split() for o, (_, fen4, _) in zip(openings, rows)),
          "match.py read other positions")
    check(os.path.samefile(games.DEFAULT_OPENINGS, os.path.join(FOLDER, "openings.epd")), "not match.py's default")


def test_opening_tools_start_as_scripts():
    """The tools that make and measure the set (scripts/) start as a person runs them, their
    imports found without any path set up for them."""
    for tool in ("make_openings.py", "openings_agreement.py"):
        done = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", tool), "--help"], cwd="/",
                              capture_output=True, text=True, timeout=30, env={"PATH": os.environ["PATH"]})
        check(done.returncode == 0 and done.stdout.startswith("usage: "), f"{tool}: {done.returncode} {done.stderr[-300:]}")


def test_one_move_asks_both_protocols():
    """scripts/one_move.py (the measure's engine driver) gets TECH's move after 1.e4 e5 through UCI
    and CECP alike, at a fixed depth: the same legal move from both."""
    import one_move
    position = cr.Position.from_fen(cr.START_FEN)
    for move in ("e2e4", "e7e5"):
        position = position.push(position.parse_move(move))
    answers = []
    for proto in ("uci", "cecp"):
        driver = one_move.start("TECH", proto, [os.environ["TECH_BINARY"]])
        try:
            answers.append(driver.search(["e2e4", "e7e5"], ("depth", 3)))
        finally:
            driver.close()
    moves = [a.move for a in answers]
    check(moves[0] == moves[1] and one_move.normalise(position, moves[0]) and all(a.depth == 3 for a in answers),
          f"answers: {answers}")
