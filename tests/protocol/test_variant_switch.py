"""test_variant_switch.py - Chess960 switched off under a Chess960 position (issue 51, F1): UCI's
`setoption name UCI_Chess960 value false`, CECP's `variant normal`, the console's `set`. Standard
chess cannot hold the position's castling rights, which `position` and `fen` refuse while Chess960
is off; so the game starts again from the initial array, and the protocol says why in the words
`position` uses. Before the fix the game stayed, and TECH played `g1g1` (the king "castling" onto
its own square in standard notation), which no GUI can play. A position with standard castling
stays as it was."""
import re

from harness import Engine, check

# The position: the king on g1 with the right to castle with the rook on h1.
KING_BESIDE_ROOK = "4k3/8/b7/8/8/7p/r6P/6KR w H - 0 1"
# The king on e1, the rook on f1: Chess960 castling that standard notation would write e1g1.
KING_E1_ROOK_F1 = "4k3/8/8/8/8/8/8/4KR2 w F - 0 1"
# Chess960 castling both ways for both sides: a middle-game's worth of moves to think about.
KINGS_BESIDE_ROOKS = "1r3k1r/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w KQkq - 0 1"
STANDARD_CASTLES = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
# Moves in the initial array; in STANDARD_CASTLES (16 pawn moves, 5 rook moves, 2 king steps, 2 castlings).
INITIAL_MOVES = 20
STANDARD_CASTLES_MOVES = 25
REASON = "Chess960 castling rights while Chess960 is off"


def uci_after_switch(fen):
    """A UCI session in Chess960 set to `fen`, then switched to standard chess: its lines."""
    e = Engine()
    e.uci()
    e.send("setoption name UCI_Chess960 value true", f"position fen {fen}", "isready")
    e.expect("^readyok$")
    e.send("setoption name UCI_Chess960 value false", "isready")
    lines = []
    e.expect("^readyok$", 2.0, lines)
    return e, lines


def perft_total(e, depth=1):
    e.send(f"go perft {depth}")
    return int(e.expect(r"^Nodes searched: (\d+)$", 10.0).group(1))


def test_uci_switch_off_starts_the_game_again_and_says_why():
    for fen in (KING_BESIDE_ROOK, KING_E1_ROOK_F1):
        e, lines = uci_after_switch(fen)
        check(any(REASON in l and l.startswith("info string") for l in lines), f"{fen}: no reason in {lines}")
        check(perft_total(e) == INITIAL_MOVES, f"{fen}: not the initial array after the switch")
        e.send("go depth 3")
        best = e.expect(r"^bestmove (\S+)", 5.0).group(1)
        check(best[:2] != best[2:4], f"{fen}: a move from a square to itself: {best}")
        e.quit()


def test_uci_switch_off_keeps_a_standard_position():
    e, lines = uci_after_switch(STANDARD_CASTLES)
    check(not any(REASON in l for l in lines), f"a standard position was reset: {lines}")
    e.send("go perft 1")
    out = []
    total = int(e.expect(r"^Nodes searched: (\d+)$", 10.0, out).group(1))
    check(total == STANDARD_CASTLES_MOVES and "e1g1: 1" in out, f"{total} {out}")
    e.quit()


def test_cecp_variant_normal_starts_the_game_again():
    e = Engine()
    e.xboard()
    e.send("variant fischerandom", f"setboard {KING_BESIDE_ROOK}", "variant normal", "sd 3", "go")
    lines = []
    move = e.expect(r"^move (\S+)", 5.0, lines).group(1)
    check(any(l.startswith("#") and REASON in l for l in lines), f"no reason said: {lines}")
    check(move[:2] != move[2:4] and re.match(r"^[a-h][27][a-h][34]$|^[bg]1[a-h]3$", move), f"move {move}")
    e.quit()


def test_console_set_off_then_fen_is_refused_as_position_refuses_it():
    e = Engine()
    e.send("set UCI_Chess960 true", f"fen {KING_BESIDE_ROOK}", "set UCI_Chess960 false")
    e.expect(REASON + ": the game starts again from the initial array")
    e.send("perft 1")
    check(int(e.expect(r"^Nodes searched: (\d+)$", 10.0).group(1)) == INITIAL_MOVES, "not the initial array")
    e.send(f"fen {KING_BESIDE_ROOK}")
    e.expect(f"^{REASON}: {re.escape(KING_BESIDE_ROOK)}$")
    e.quit()


def test_cecp_variant_normal_while_thinking_drops_the_old_search():
    """The switch comes while TECH thinks on the Chess960 position (at the PDP-10's pace, seconds):
    the old search's move is never played into the new game (before, the debug build stopped on a
    move that was not the mover's)."""
    e = Engine()
    e.xboard()
    e.send("option Speed=PDP-10", "variant fischerandom", f"setboard {KINGS_BESIDE_ROOKS}", "st 30", "go")
    e.silent(0.3, "^move ")
    e.send("variant normal", "ping 1")
    lines = []
    e.expect("^pong 1$", 3.0, lines)
    check(any(REASON in l for l in lines) and not any(l.startswith("move ") for l in lines), f"{lines}")
    e.silent(0.5, "^move ")
    e.send("force", "usermove e2e4", "ping 2")
    lines = []
    e.expect("^pong 2$", 3.0, lines)
    check(not any(l.startswith(("Illegal", "Error")) for l in lines), f"e2e4 refused in the new game: {lines}")
    e.quit()
