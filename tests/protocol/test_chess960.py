"""test_chess960.py - Chess960 through both protocols: UCI_Chess960 and CECP `variant fischerandom`,
X-FEN and Shredder-FEN, castling written as each protocol and mode wants it, and the bad input of
the variant (a right no rook can hold, castling in the other mode's notation, a Chess960 position
while the mode is off), each refused with its reason and the old position kept."""
import re

from harness import Engine, bestmove, cecp_move, check

# Chess960 start position 0 (BBQNNRKR), and a published perft position with its counts.
START_0_XFEN = "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"
PERFT_FEN_SHREDDER = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"
PERFT_FEN_XFEN = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
PERFT_COUNTS = {1: 21, 2: 528}
# White castles either way; the king on f1, the rooks on b1 and h1 (f1h1 and f1b1 castle, f1g1 is
# a king's step). The one mate in one, by O-O-O: the king passes to c1, the rook lands on d1 (no
# other move takes it there).
CASTLES_960 = "1r3k1r/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w KQkq - 0 1"
MATE_BY_O_O_O = "2rkr3/2p1p3/8/8/8/8/8/RK6 w Q - 0 1"
STANDARD_CASTLES = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
# Stockfish 15.1's perft 2 after 1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6 4.O-O.
AFTER_4_O_O_PERFT_2 = 862


def uci_engine(chess960):
    e = Engine()
    e.uci()
    e.send(f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}")
    return e


def divide(e, depth=1):
    """`go perft D`'s lines: {move: count}, and the total."""
    e.send(f"go perft {depth}")
    lines = []
    total = int(e.expect(r"^Nodes searched: (\d+)$", 10.0, lines).group(1))
    moves = {}
    for line in lines:
        m = re.match(r"^(\S+): (\d+)$", line)
        if m:
            moves[m.group(1)] = int(m.group(2))
    return moves, total


def test_uci_option_declared_off_by_default():
    e = Engine()
    e.send("uci")
    lines = []
    e.expect("^uciok$", 2.0, lines)
    check("option name UCI_Chess960 type check default false" in lines, f"no UCI_Chess960 option: {lines}")
    names = [l[len("option name "):].partition(" type ")[0] for l in lines if l.startswith("option name ")]
    # Among the GUI's options, after Variety and before the research settings.
    check(names.index("Variety") < names.index("UCI_Chess960") < names.index("Speed"), f"order {names}")


def test_uci_xfen_and_shredder_fen_read_alike():
    e = uci_engine(True)
    for fen in (PERFT_FEN_SHREDDER, PERFT_FEN_XFEN):
        e.send(f"position fen {fen}")
        for depth, count in PERFT_COUNTS.items():
            _, total = divide(e, depth)
            check(total == count, f"{fen}: perft {depth} {total}, expected {count}")
        e.ready()
    e.send("position fen " + START_0_XFEN + " moves g1h1")
    e.expect(r"^info string position: bad move 1 'g1h1' \(illegal move\); position unchanged$")


def test_uci_castling_as_king_takes_rook():
    e = uci_engine(True)
    e.send(f"position fen {CASTLES_960}")
    moves, _ = divide(e)
    check("f1h1" in moves and "f1b1" in moves and "f1g1" in moves, f"castling and the king's step: {sorted(moves)}")
    # The castling moves are played as the GUI writes them, and the position after is right.
    e.send(f"position fen {CASTLES_960} moves f1h1 f8b8")
    moves, _ = divide(e)
    check("g1h1" in moves and "f1e1" in moves, f"after O-O O-O-O: {sorted(moves)}")
    e.send("position fen " + MATE_BY_O_O_O, "go depth 2")
    move, _ = bestmove(e, 10.0)
    check(move == "b1a1", f"the mating O-O-O is {move}, expected b1a1")
    e.send(f"position fen {STANDARD_CASTLES}", "go depth 1 searchmoves e1a1")
    move, _ = bestmove(e, 10.0)
    check(move == "e1a1", f"searchmoves e1a1: bestmove {move}")
    # The standard start in Chess960 mode castles king takes rook too.
    e.send("position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1")
    _, total = divide(e, 2)
    check(total == AFTER_4_O_O_PERFT_2, f"perft 2 after 4.O-O: {total}, expected {AFTER_4_O_O_PERFT_2}")


def test_uci_standard_mode_keeps_e1g1():
    e = uci_engine(False)
    e.send(f"position fen {STANDARD_CASTLES}")
    moves, _ = divide(e)
    check("e1g1" in moves and "e1c1" in moves and "e1h1" not in moves, f"standard castling: {sorted(moves)}")
    e.send(f"position fen {STANDARD_CASTLES}", "go depth 1 searchmoves e1c1")
    move, _ = bestmove(e, 10.0)
    check(move == "e1c1", f"searchmoves e1c1: bestmove {move}")


def test_uci_bad_input_refused_old_position_kept():
    e = uci_engine(False)
    e.send(f"position fen {STANDARD_CASTLES}")
    _, before = divide(e)
    refusals = [
        # A Chess960 position while the mode is off.
        (f"position fen {START_0_XFEN}", "Chess960 castling rights while Chess960 is off"),
        (f"position fen {PERFT_FEN_SHREDDER}", "Chess960 castling rights while Chess960 is off"),
        # Castling in the other mode's notation.
        (f"position fen {STANDARD_CASTLES} moves e1h1",
         "castling is written as the king's two-square move while Chess960 is off"),
        # A castling right no rook can hold, and letters that are no castling right.
        ("position fen 4k3/8/8/8/8/8/8/4K2R w Q - 0 1", "castling right 'Q' but no white rook on the a side"),
        ("position fen 4k3/8/8/8/8/8/8/4K2R w C - 0 1", "castling right 'C' but no white rook on c1"),
        ("position fen 4k3/8/8/8/8/8/8/4K2R w KH - 0 1", "castling letter 'H' gives the white king a second right"),
        ("position fen 4k3/8/8/8/8/8/8/4K2R w Z - 0 1", "bad castling letter 'Z'"),
    ]
    for command, reason in refusals:
        e.send(command)
        m = e.expect(r"^info string position: (.*)$")
        check(reason in m.group(1) and m.group(1).endswith("position unchanged"), f"{command}: {m.group(0)}")
        _, total = divide(e)
        check(total == before, f"{command}: the position changed ({total} moves, {before} before)")
    # Chess960 on: the standard spelling of castling is refused with its reason.
    e.send("setoption name UCI_Chess960 value true", f"position fen {STANDARD_CASTLES} moves e1g1")
    m = e.expect(r"^info string position: (.*)$")
    check("in Chess960 castling is written as the king taking its own rook" in m.group(1), m.group(0))


def cecp_engine():
    e = Engine()
    e.xboard()
    return e


def test_cecp_variants_feature_and_variant_command():
    e = Engine()
    lines = e.xboard()
    check(any('variants="normal,fischerandom"' in l for l in lines), f"variants feature: {lines}")
    e.send("variant crazyhouse")
    e.expect(r"^Error \(unsupported variant\): variant crazyhouse$")


def test_cecp_fischerandom_castles_o_o():
    e = cecp_engine()
    e.send("new", "variant fischerandom", f"setboard {CASTLES_960}", "force", "usermove O-O", "usermove O-O-O",
           "ping 1")
    lines = []
    e.expect("^pong 1$", 2.0, lines)
    check(not [l for l in lines if l.startswith(("Illegal", "Error", "tellusererror"))], f"complaints: {lines}")
    # TECH writes castling as xboard sends it in fischerandom: O-O, O-O-O.
    e.send("new", "variant fischerandom", f"setboard {MATE_BY_O_O_O}", "sd 2", "go")
    move = cecp_move(e, 10.0)
    check(move == "O-O-O", f"the mating O-O-O is {move!r}")
    # King takes rook is read too; the standard spelling is refused with the reason.
    e.send("new", "variant fischerandom", f"setboard {CASTLES_960}", "force", "usermove f1g1", "usermove f8h8",
           "usermove g1f1", "usermove h7h6", "ping 2")
    lines = []
    e.expect("^pong 2$", 2.0, lines)
    check(not [l for l in lines if l.startswith("Illegal")], f"f1g1 f8h8 g1f1 h7h6: {lines}")
    e.send("new", "variant fischerandom", f"setboard {STANDARD_CASTLES}", "force", "usermove e1g1")
    e.expect(r"^Illegal move \(in Chess960 castling is written as the king taking its own rook\): e1g1$")
    e.send("usermove e1h1", "ping 3")
    lines = []
    e.expect("^pong 3$", 2.0, lines)
    check(not [l for l in lines if l.startswith("Illegal")], f"e1h1 in fischerandom: {lines}")


def test_cecp_normal_refuses_chess960():
    e = cecp_engine()
    e.send("new", f"setboard {START_0_XFEN}")
    e.expect(r"^tellusererror Illegal position: Chess960 castling rights while Chess960 is off")
    # Standard chess cannot hold the Chess960 position: `variant normal` starts the game again
    # (issue 51, test_variant_switch.py), and castling as king takes rook is refused there.
    e.send("new", "variant fischerandom", f"setboard {CASTLES_960}", "variant normal")
    e.expect(r"^# Chess960 castling rights while Chess960 is off: the game starts again from the initial array$")
    e.send(f"setboard {STANDARD_CASTLES}", "force", "usermove e1h1")
    e.expect(r"^Illegal move \(castling is written as the king's two-square move while Chess960 is off\): e1h1$")
    # `new` is the standard game again: the next game's Chess960 position is refused.
    e.send("new", f"setboard {PERFT_FEN_SHREDDER}")
    e.expect(r"^tellusererror Illegal position: Chess960 castling rights while Chess960 is off")
    e.send("new", "variant fischerandom", f"setboard {PERFT_FEN_SHREDDER}", "go")
    move = cecp_move(e, 20.0)
    check(re.match(r"^([a-h][1-8]){2}[qrbn]?$|^O-O(-O)?$", move), f"move {move!r}")
