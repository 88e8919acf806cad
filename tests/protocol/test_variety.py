"""test_variety.py - the Variety option: on, repeated searches of one position give more than one
move, every one equal to the best (materially, for TECH-1971) and close to it in the pre-sort,
never one that loses material; off, always the same move."""

from harness import Engine, check

from test_multipv import CAPTURES, depth_blocks, search

# [C] variety.h: a candidate lies at most this many places from the best move in the pre-sort.
RANK_SPAN = 3
# [C] variety.h: TECH-modern's margin in centipawns.
MODERN_MARGIN = 10
SEARCHES = 16


def all_lines(e, fen, depth):
    """Every root move's exact score and pre-sort rank at `depth` (MultiPV 500, Variety off)."""
    e.send("setoption name Variety value false", "setoption name MultiPV value 500", "ucinewgame",
           f"position {fen}")
    out = []
    search(e, f"go depth {depth}", out)
    block = depth_blocks(out)[depth]
    ranks = dict(block["ranks"])
    return {move: (score, ranks[move]) for _, _, score, move in block["lines"]}, block["lines"][0][3]


def variety_moves(e, fen, depth, searches=SEARCHES):
    e.send("setoption name MultiPV value 1", "setoption name Variety value true", f"position {fen}")
    moves = []
    for _ in range(searches):
        e.send("ucinewgame", f"position {fen}")
        moves.append(search(e, f"go depth {depth}", []))
    return moves


def candidates(lines, best, margin):
    best_score, best_rank = lines[best]
    return {m for m, (score, rank) in lines.items()
            if score >= best_score - margin and abs(rank - best_rank) <= RANK_SPAN}


def test_variety_off_always_the_same_move():
    e = Engine()
    e.uci()
    e.send("position startpos")
    moves = {search(e, "go depth 3", []) for _ in range(4)}
    check(len(moves) == 1, f"Variety off, one position gave {moves}")
    e2 = Engine()
    e2.uci()
    e2.send("position startpos")
    check({search(e2, "go depth 3", [])} == moves, "another process played another move")


def test_variety_chooses_among_materially_equal_moves():
    e = Engine()
    e.uci()
    lines, best = all_lines(e, "startpos", 3)
    allowed = candidates(lines, best, 0)
    check(len(allowed) > 1, f"the test position needs several equal moves: {lines}")
    moves = variety_moves(e, "startpos", 3)
    check(set(moves) <= allowed, f"Variety played {set(moves) - allowed}; equal and near the best: {allowed}")
    check(len(set(moves)) > 1, f"{SEARCHES} searches with Variety on all played {moves[0]}")


def test_variety_never_gives_up_material():
    """The queen capture is the only best move; its pre-sort neighbours lose material."""
    e = Engine()
    e.uci()
    lines, best = all_lines(e, f"fen {CAPTURES}", 3)
    check(candidates(lines, best, 0) == {best}, f"the test position needs one best move: {lines}")
    moves = variety_moves(e, f"fen {CAPTURES}", 3, 8)
    check(set(moves) == {best}, f"Variety played {moves}, only {best} keeps the material")


def test_variety_modern_within_margin():
    e = Engine()
    e.uci()
    e.send("setoption name Style value TECH-modern")
    lines, best = all_lines(e, "startpos", 4)
    allowed = candidates(lines, best, MODERN_MARGIN)
    moves = variety_moves(e, "startpos", 4)
    check(set(moves) <= allowed, f"Variety played {set(moves) - allowed}; within the margin: {allowed}")
    check(len(set(moves)) > 1, f"{SEARCHES} searches with Variety on all played {moves[0]}")


def test_variety_bad_values_change_nothing():
    e = Engine()
    e.uci()
    for bad in ("maybe", "2", ""):
        e.send(f"setoption name Variety value {bad}".rstrip())
        e.expect(r"^info string .*Variety", 2.0)
    e.send("position startpos")
    moves = {search(e, "go depth 3", []) for _ in range(3)}
    check(len(moves) == 1, f"Variety stayed off, yet {moves}")
