"""test_why.py - `why` and `hint` at the console (issue 53): the explanation's claims replayed and
checked from outside. The line it shows, replayed from the position, wins or loses what the text
says in TECH's base values; the number of moves it says came out equal is the number of root
moves whose own search at the same depth (UCI `go depth D searchmoves M`) scores the best; the
pre-sort values it names are the move's largest in `tech presort`; and `why` after TECH's move in
a game explains the move it played."""
import os
import re
import subprocess
import sys

from harness import Engine, check, engine_command

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import chessrules as cr  # noqa: E402

# TECH's base values (engine/board.h): what "wins a knight" is worth.
VALUE = {"pawn": 100, "knight": 330, "bishop": 330, "piece": 330, "rook": 500, "queen": 900}
LETTER_VALUE = {"p": 100, "n": 330, "b": 330, "r": 500, "q": 900, "k": 0}
COUNTS = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}
# A capture to expect and refute (Nxe4 loses the knight), and a quiet choice among many equal moves.
POSITIONS = [
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 5",
    "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
    "r2qkb1r/ppp2ppp/2n1bn2/3pp3/4P3/2NP1N2/PPP1BPPP/R1BQK2R w KQkq - 2 6",
]


def material(pos, color):
    return sum(LETTER_VALUE[p.lower()] for p in pos.board if p and p != "." and cr.piece_color(p) == color)


def replay_san(fen, line):
    """The mover's base material change along `line` ("5...Nxe4 6.dxe4"), replayed move by move."""
    pos = cr.Position.from_fen(fen)
    us = pos.turn
    before = material(pos, us) - material(pos, cr.other(us))
    for word in line.split():
        san = re.sub(r"^\d+\.(\.\.)?", "", word)
        pos = pos.push(pos.parse_san(san))
    return material(pos, us) - material(pos, cr.other(us)) - before


def men_value(text):
    """ "a knight and two pawns" -> 530."""
    total = 0
    for count, man in re.findall(r"(a|one|two|three|four|five|six|seven|eight) (pawn|knight|bishop|piece|rook|queen)s?",
                                 text):
        total += COUNTS[count] * VALUE[man]
    return total


def claimed_material(phrase):
    """What the text's material phrase says the line does, in base values (None: a mate)."""
    if phrase.startswith("keeps the material level"):
        return 0
    if phrase == "wins the exchange":
        return None  # a rook for a minor piece: checked by sign below
    m = re.match(r"(wins|loses) (.*?)(?: for (.*))?$", phrase)
    if not m:
        return None
    got = men_value(m.group(2)) - (men_value(m.group(3)) if m.group(3) else 0)
    return got if m.group(1) == "wins" else -got


def explanation(e, command, timeout=60.0):
    """Send `command`; the explanation's text as one line (its lines joined)."""
    e.send(command)
    lines = []
    e.expect(r"plies ahead", timeout, lines)
    text = " ".join(lines[-8:] + [e.transcript[-1][3:]])
    start = max(text.rfind("TECH would play"), 0)
    return text[start:]


def uci_score(fen, depth, move):
    """The score of root move `move` searched alone at `depth` (TECH-1971: exact, no table)."""
    u = Engine()
    u.send("uci")
    u.expect("^uciok$", 5.0)
    u.send(f"position fen {fen}", f"go depth {depth} searchmoves {move}")
    lines = []
    u.expect("^bestmove", 60.0, lines)
    scores = [re.search(r" score cp (-?\d+)", x) for x in lines if x.startswith("info") and " score " in x]
    u.send("quit")
    return int([s for s in scores if s][-1].group(1))


def presort(fen):
    out = subprocess.run(engine_command("presort", *fen.split()), capture_output=True, text=True)
    rows = {}
    for line in out.stdout.splitlines()[1:]:
        parts = line.split()
        rows[parts[1]] = [int(t.split("=")[1]) for t in parts[3:] if "=" in t]
    return rows


def test_hint_claims_replay_true():
    """For each position: the line's material is the text's, the tie count the searches', the
    pre-sort values named the move's largest."""
    for fen in POSITIONS:
        e = Engine()
        e.send(f"fen {fen}")
        text = explanation(e, "hint")
        m = re.search(r"TECH would play \S+ for you\. (\d+\.(?:\.\.)?)(\S+) (.*?)(?:: (.*?))?\. ", text)
        check(m, f"explanation's first sentence: {text}")
        phrase, line = m.group(3), m.group(4) or m.group(1) + m.group(2)
        change = replay_san(fen, line)
        claimed = claimed_material(phrase)
        check(claimed is None or claimed == change, f"'{phrase}' but the line {line} changes {change}: {text}")
        depth = int(re.search(r"looked (\d+) plies ahead", text).group(1))
        pos = cr.Position.from_fen(fen)
        chosen = pos.parse_san(m.group(2)).uci()
        best = uci_score(fen, depth, chosen)
        scores = {mv.uci(): uci_score(fen, depth, mv.uci()) for mv in pos.legal_moves()}
        check(max(scores.values()) == best, f"{chosen} scores {best}, the best is {max(scores.values())}")
        tied = sum(1 for s in scores.values() if s == best)
        said = re.search(r"(At least )?(\d+) moves came out equal", text)
        if said and said.group(1):
            check(int(said.group(2)) <= tied, f"{tied} moves score {best}: {text}")
        elif said or "Every other move came out worse" in text:
            check((int(said.group(2)) if said else 1) == tied, f"{tied} moves score {best}: {text}")
        if said:
            sentence = text.split("ranks it first of them")[1].split(".")[0]
            named = [int(v) for v in re.findall(r" \+(\d+)", sentence.split(":", 1)[1])] if ":" in sentence else []
            largest = sorted((v for v in presort(fen)[chosen] if v > 0), reverse=True)[:3]
            check(named == largest, f"terms named {named}, the pre-sort's largest {largest}: {text}")
        for refuted in re.finditer(r" (\S+)(?: instead|,) (loses .*?): (.*?)\. ", text):
            check(replay_san(fen, refuted.group(3)) == claimed_material(refuted.group(2)), f"refutation: {text}")
        e.send("quit")


def test_why_after_techs_move_explains_it():
    """`why` after TECH's move in a game explains that move, within 80 columns."""
    e = Engine()
    e.send(f"fen {POSITIONS[0]}", "play black")
    played = e.expect(r"^TECH plays (\d+\.\.\. \S+) ", 60.0).group(1).replace(" ", "")
    e.send("why")
    lines = []
    e.expect("plies ahead", 5.0, lines)
    lines.append(e.transcript[-1][3:])
    first = next(x for x in lines if x.startswith(played.split("...")[0]))
    check(first.startswith(played + " "), f"why explains {played}: {lines}")
    check(all(len(x) <= 80 for x in lines), f"within 80 columns: {lines}")


def test_help_names_why_and_hint():
    e = Engine()
    e.send("help")
    lines = []
    e.expect(r"^  help \| quit", 2.0, lines)
    check(any(x.startswith("  why | hint") for x in lines), f"help: {lines}")


def test_uci_info_string_before_bestmove():
    """ExplainMoves on: one `info string` naming the move played, right before `bestmove`; off
    (the default): none."""
    for on in (False, True):
        u = Engine()
        u.send("uci")
        u.expect("^uciok$", 5.0)
        if on:
            u.send("setoption name ExplainMoves value true")
        u.send(f"position fen {POSITIONS[0]}", "go depth 4")
        lines = []
        best = u.expect("^bestmove (\\S+)", 30.0, lines).group(1)
        said = [x for x in lines if x.startswith("info string") and "plies ahead" in x]
        check(len(said) == (1 if on else 0), f"ExplainMoves {on}: {said}")
        if on:
            check(lines[-1] == said[0], f"the explanation is the last line before bestmove: {lines[-2:]}")
            san = cr.Position.from_fen(POSITIONS[0]).san(cr.Position.from_fen(POSITIONS[0]).parse_uci(best))
            check(said[0].startswith(f"info string 5...{san} "), f"it explains {best}: {said[0]}")
        u.send("quit")


def test_cecp_book_window_explains_the_move():
    """ExplainMoves on: after TECH's move, `bk` shows the pre-sort and then why TECH played it."""
    x = Engine()
    x.send("xboard", "protover 2")
    x.expect("feature done=1", 5.0)
    x.send("option ExplainMoves=1", f"setboard {POSITIONS[0]}", "sd 4", "go")
    best = x.expect("^move (\\S+)", 30.0).group(1)
    x.send("bk")
    lines = []
    x.expect("^$", 5.0, lines)
    at = lines.index(" Why TECH played its last move:")
    san = cr.Position.from_fen(POSITIONS[0]).san(cr.Position.from_fen(POSITIONS[0]).parse_uci(best))
    check(lines[at + 1].startswith(f" 5...{san} "), f"bk explains {best}: {lines[at:]}")
    check(all(line.startswith(" ") for line in lines[at:]), f"book lines begin with a blank: {lines[at:]}")
    x.send("quit")
