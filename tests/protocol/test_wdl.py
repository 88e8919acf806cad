"""test_wdl.py - UCI_ShowWDL (issue 53): off by default; on, every info line with a score carries
`wdl W D L` right after it, the three summing to 1000 and following the score (an even score
mirrored, a better one no less a win); a mate, a bare king's ending E13 knows and a root without
moves read as certain; CECP, which has no field for it, does not offer it."""
import re

from harness import Engine, check

SCORED = re.compile(r"^info .*\bscore (cp|mate) (-?\d+)")
WDL = re.compile(r"\bscore (?:cp|mate) -?\d+ wdl (\d+) (\d+) (\d+) ")


def search(e, position, depth=4):
    """The info lines with a score of `go depth` in `position` (a `position` command's tail)."""
    e.send(f"position {position}", f"go depth {depth}")
    out = []
    e.expect(r"^bestmove ", 10.0, out)
    return [l for l in out if SCORED.match(l)]


def chances(line):
    found = WDL.search(line)
    check(found, f"no wdl right after the score: {line}")
    win, draw, loss = (int(n) for n in found.groups())
    check(win + draw + loss == 1000, f"W+D+L is not 1000: {line}")
    return win, draw, loss


def test_wdl_off_by_default_and_on_every_scored_line():
    e = Engine()
    e.uci()
    lines = search(e, "startpos moves e2e4 e7e5 g1f3 b8c6 f1b5")
    check(lines and not any(" wdl " in l for l in lines), f"wdl shown without UCI_ShowWDL: {lines}")
    e.send("setoption name UCI_ShowWDL value true")
    for style in ("TECH-1971", "TECH-modern"):
        e.send(f"setoption name Style value {style}", "ucinewgame")
        lines = search(e, "startpos")
        check(lines, f"{style}: no scored line")
        for line in lines:
            win, draw, loss = chances(line)
            if " score cp 0 " in line:
                check(win == loss, f"{style}: an even score not mirrored: {line}")
        # A queen up (the side to move has it, the other side a queen's worth less): the win far
        # likelier than at an even score.
        up = [chances(l) for l in search(e, "fen rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")]
        even = chances(lines[-1])
        check(up[-1][0] > even[0] and up[-1][2] < even[2], f"{style}: a queen up {up[-1]}, even {even}")
    e.send("quit")


def test_wdl_certain_where_the_result_is_known():
    e = Engine()
    e.uci()
    e.send("setoption name UCI_ShowWDL value true")
    cases = [("fen 8/8/8/4k3/8/8/8/4K2Q w - - 0 1", (1000, 0, 0)),   # the queen mates the bare king
             ("fen 8/8/8/4k3/8/8/3Q4/4K3 b - - 0 1", (0, 0, 1000)),  # the bare king to move, the queen safe
             ("fen 8/8/8/4k3/8/8/8/2B1K3 w - - 0 1", (0, 1000, 0)),  # a lone bishop cannot mate
             ("fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", (1000, 0, 0))]  # Ra8 mates
    for position, want in cases:
        lines = search(e, position, depth=3)
        check(lines and chances(lines[-1]) == want, f"{position}: {lines[-1:]} (want wdl {want})")
    # No move at the root: mated, or stalemated.
    for position, want in (("fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "mate 0 wdl 0 0 1000"),
                           ("fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "cp 0 wdl 0 1000 0")):
        e.send(f"position {position}", "go depth 2")
        out = []
        e.expect(r"^bestmove 0000", 5.0, out)
        check(any(l.startswith(f"info depth 0 score {want}") for l in out), f"{position}: {out}")
    e.send("quit")


def test_cecp_does_not_offer_wdl():
    e = Engine()
    features = e.xboard()
    check(not any("UCI_ShowWDL" in l for l in features), f"CECP offers UCI_ShowWDL: {features}")
    e.send("quit")


def test_wdl_is_the_fitted_model_of_the_header():
    """Off the certain cases, TECH's chances are scripts/wdl_fit.py's model with wdl_table.h's
    numbers (the shaped score, a and b at the root's material), within a per mille of rounding:
    the program reads the fit as the fit was made, for both profiles and scores either side."""
    import os

    import chessrules as cr
    import wdl_fit

    with open(os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                           "protocol", "driver", "wdl_table.h")) as f:
        header = dict(re.findall(r"^#define WDL_(\w+) (\S+)$", f.read(), re.M))
    # a rook up, a pawn up with few men, level: scores that reach each part of the curve
    fens = ("1nbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk - 0 1",
            "4k3/pp3ppp/8/8/8/8/PPP2PPP/4K3 w - - 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    e = Engine()
    e.uci()
    e.send("setoption name UCI_ShowWDL value true")
    for style, key in (("TECH-1971", "1971"), ("TECH-modern", "MODERN")):
        params = [float(header[f"{key}_{name}"]) for name in wdl_fit.PARAMETERS]
        e.send(f"setoption name Style value {style}", "ucinewgame")
        for fen in fens:
            lines = [l for l in search(e, f"fen {fen}", 3) if " score cp " in l]
            check(lines, f"{style} {fen}: no scored line")
            score = int(re.search(r" score cp (-?\d+)", lines[-1]).group(1))
            m = wdl_fit.material_share(cr.Position.from_fen(fen))
            want = [round(1000 * c) for c in wdl_fit.chances(params, score, m)]
            got = chances(lines[-1])
            check(all(abs(a - b) <= 1 for a, b in zip(got, want)),
                  f"{style} {fen}: score {score}, material {m}: wdl {got}, the model {want}")
    e.quit()
