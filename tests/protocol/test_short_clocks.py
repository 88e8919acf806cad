"""test_short_clocks.py - a clock too short for the search must not make TECH play a move no search
has looked at (issue 35): whatever the clock leaves, an unpaced TECH completes a shallow search
first (TECH-1971 its depth-2 insurance search, TECH-modern its depth 1) and never plays a move
that hangs material a 1-ply search with quiescence sees (docs/SPEC.md §7, the safety net).

Each position's pre-sort puts such a move first (TECH-1971's pre-sort, or TECH-modern's
expanded one, or both). Each position lists the moves that lose at least 3 pawns of material
at 1 ply plus quiescence (TECH-1971's own count) and stay 3 pawns below the best in TECH's
searches of depths 2 and 3 in both profiles, and that Stockfish 15.1 at depth 14 finds at
least 2.5 pawns worse than its best: no sacrifice, no move a deeper look redeems.

The loaded machine of the issue, made on purpose: the first `setoption` that turns E13 on
builds its KPK bitbase on the thread that reads the commands (tens of milliseconds), and the
`go` written with it is stamped when it is read, so its clock has run out before the search
begins. Under the time rule of build a359baa that played the pre-sort's first move here."""
from harness import Engine, check

# (FEN, the moves that hang material there).
POSITIONS = [
    # The game: 87.Qa1+?? Kxa1, two queens up.
    ("8/8/8/2K5/2QQ4/8/8/1k6 w - - 9 87", "c4a2 c4c1 c4c2 d4a1 d4b2"),
    # Nd3?? cxd3 comes first in TECH-1971's pre-sort.
    ("8/1p6/p5R1/k7/Prpp4/K7/1NP5/8 w - - 0 40", "b2d3 g6a6 g6c6"),
    # TECH-modern's first: Qxg3+?? hxg3.
    ("r3k2r/pbp2pp1/3b1n2/1p6/3P3p/1B2N1Pq/PP1PQP1P/R1B2RK1 b kq - 0 40",
     "b7d5 b7g2 d6a3 d6c5 d6e5 d6f4 f6d5 f6g4 h3e6 h3f1 h3f5 h3g2 h3g3 h3g4"),
    # TECH-modern's first: Qxf6?? gxf6; TECH-1971's: Nd6+?? Bxd6.
    ("r3kb1r/1pp3p1/p3bp1p/5q2/3QN3/1P6/PBP3P1/3RR1K1 w kq - 0 40",
     "b2a3 d4a7 d4b4 d4b6 d4c5 d4d5 d4d6 d4d7 d4d8 d4e5 d4f6 e4d6"),
    # TECH-modern's first: Qxb2+?? Kxb2.
    ("3r2k1/p6p/2Q3p1/4q3/2P1p3/P3Pb2/1P3P1P/2K2BR1 b - - 0 40",
     "d8a8 d8c8 d8d2 d8d3 d8d4 d8d5 d8d7 e5b2 e5b5 e5c3 e5c5 e5c7 e5d4 e5d5 e5e6 e5f4 e5f6 e5g3 e5g5 "
     "f3e2 f3g2 f3g4 f3h1"),
    # The rook on h1 hangs to the queen unless it is seen to.
    ("r3kbnr/p4ppp/2p1p3/8/Q1B3b1/2N1B3/PP3PqP/R3K2R w KQkq - 0 40",
     "a1b1 a1c1 a1d1 a2a3 a4a3 a4a5 a4a6 a4a7 a4b3 a4b4 a4b5 a4c2 a4c6 a4d1 b2b3 b2b4 c3b1 c3b5 c3d1 "
     "c3d5 c3e2 c3e4 c4a6 c4b3 c4b5 c4d3 c4e2 c4e6 e3a7 e3b6 e3c1 e3c5 e3d2 e3d4 e3f4 e3g5 e3h6 f2f3 "
     "f2f4 h1g1 h2h3 h2h4"),
]
STYLES = ("TECH-1971", "TECH-modern")
UCI_CLOCKS = ("wtime 1 btime 1", "movetime 1", "movetime 50", "wtime 100 btime 100", "wtime 20 btime 20 winc 10 binc 10")
# CECP: `st` in seconds; `level` with `time` in centiseconds.
CECP_CLOCKS = (("st 0.02",), ("level 0 0:01 0", "time 1", "otim 1"), ("level 40 0:01 0", "time 5", "otim 5"),
               ("st 0.001",))
# A `setoption` that builds the KPK bitbase (E13) on the command thread: the delay above.
KPK_DELAY_UCI = {"TECH-1971": ("setoption name E13 Basic Endgames value true",
                               "setoption name E13 Basic Endgames value false"),
                 "TECH-modern": ("setoption name Style value TECH-modern",)}
KPK_DELAY_CECP = {"TECH-1971": ("option E13 Basic Endgames=1", "option E13 Basic Endgames=0"),
                  "TECH-modern": ("option Style=TECH-modern",)}


def hung(style, protocol, fen, bad, clock, move):
    """A description of the fault if `move` hangs material, else None."""
    return f"{style} ({protocol}, {clock}) in {fen}: {move}" if move in bad.split() else None


def test_uci_short_clocks_never_hang_material():
    faults = []
    for style in STYLES:
        for fen, bad in POSITIONS:
            e = Engine()
            e.uci()
            e.send(*KPK_DELAY_UCI[style])
            for clock in UCI_CLOCKS:
                e.send(f"position fen {fen}", f"go {clock}")
                move = e.expect(r"^bestmove (\S+)", 5.0).group(1)
                faults.append(hung(style, "UCI", fen, bad, clock, move))
            e.quit()
    faults = [f for f in faults if f]
    check(not faults, f"{len(faults)} moves hang material: {faults}")


def test_cecp_short_clocks_never_hang_material():
    faults = []
    for style in STYLES:
        for fen, bad in POSITIONS:
            e = Engine()
            e.xboard()
            e.send(*KPK_DELAY_CECP[style])
            for clock in CECP_CLOCKS:
                e.send("new", "force", f"setboard {fen}", *clock, "go")
                move = e.expect(r"^move (\S+)", 5.0).group(1)
                faults.append(hung(style, "CECP", fen, bad, " ".join(clock), move))
            e.quit()
    faults = [f for f in faults if f]
    check(not faults, f"{len(faults)} moves hang material: {faults}")
