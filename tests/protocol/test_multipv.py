"""test_multipv.py - MultiPV: K lines per completed depth, best first, each with its own score and
principal variation, equal scores in pre-sort order; the best line stays the move played; bad
values refused (UCI and CECP)."""
import re
import time
import subprocess

from harness import Engine, check, engine_command

# White takes the queen (d4xc5), the rook (d4xe5) or neither: three material outcomes, and
# several moves that score the same (TECH-1971 at depth 3). Eight legal moves.
CAPTURES = "4k3/8/8/2q1r3/3P4/8/6P1/K7 w - - 0 1"
CAPTURES_LEGAL = 8
INFO_RE = re.compile(r"^info depth (\d+) .*?score (cp|mate) (-?\d+)\b.* pv (\S+)")
RANKS_RE = re.compile(r"^info string depth (\d+) pre-sort rank((?: \S+ \d+)+)$")


def info_line(line):
    """(depth, multipv or None, score, first move) of an `info ... pv` line."""
    m = INFO_RE.match(line)
    if not m:
        return None
    multipv = re.search(r" multipv (\d+) ", line)
    score = int(m.group(3)) * (100000 if m.group(2) == "mate" else 1)
    return int(m.group(1)), int(multipv.group(1)) if multipv else None, score, m.group(4)


def search(e, go, collect):
    """Run `go ...` and return the bestmove; the output lines before it go to `collect`."""
    e.send(go)
    return e.expect(r"^bestmove (\S+)", 20.0, collect).group(1)


def depth_blocks(lines):
    """The MultiPV lines of each depth, in the order printed, and the rank line after them."""
    blocks = {}
    for line in lines:
        parsed = info_line(line)
        if parsed and parsed[1] is not None:
            block = blocks.setdefault(parsed[0], {"lines": [], "ranks": None})
            if block["ranks"] is None:  # after the rank line: the final line before bestmove
                block["lines"].append(parsed)
        m = RANKS_RE.match(line)
        if m:
            words = m.group(2).split()
            blocks.setdefault(int(m.group(1)), {"lines": [], "ranks": None})["ranks"] = \
                [(words[i], int(words[i + 1])) for i in range(0, len(words), 2)]
    return blocks


def presort_ranks(fen):
    """The pre-sort's order of the root moves as `tech presort` prints it: move -> rank."""
    done = subprocess.run(engine_command("presort", fen), capture_output=True, text=True, timeout=30)
    ranks = {}
    for line in done.stdout.splitlines():
        m = re.match(r"^\s*(\d+)\s+([a-h][1-8][a-h][1-8][nbrq]?)\s", line)
        if m:
            ranks[m.group(2)] = int(m.group(1))
    return ranks


def check_block(block, wanted, expected_ranks=None):
    lines, ranks = block["lines"], block["ranks"]
    check([l[1] for l in lines] == list(range(1, wanted + 1)), f"multipv numbers {[l[1] for l in lines]}")
    check(len({l[3] for l in lines}) == wanted, f"a move twice among the lines: {lines}")
    check(ranks is not None and [m for m, _ in ranks] == [l[3] for l in lines], f"rank line {ranks} for {lines}")
    for (a, b), (rank_a, rank_b) in zip(zip(lines, lines[1:]), zip(ranks, ranks[1:])):
        check(a[2] >= b[2], f"line {b[1]} scores above line {a[1]}: {lines}")
        if a[2] == b[2]:
            check(rank_a[1] < rank_b[1], f"equal scores out of pre-sort order: {ranks} {lines}")
    if expected_ranks:
        for move, rank in ranks:
            check(expected_ranks.get(move) == rank,
                  f"{move}: rank {rank}, `tech presort` says {expected_ranks.get(move)}")


def test_multipv_lines_best_first_faithful():
    """TECH-1971: every legal move gets a line (MultiPV beyond their number), the material order is
    the line order, ties follow the pre-sort, and the move played is the one MultiPV 1 plays."""
    e = Engine()
    e.uci()
    e.send(f"position fen {CAPTURES}")
    single = []
    plain_move = search(e, "go depth 3", single)
    check(not any(" multipv " in l for l in single), f"MultiPV 1 prints multipv: {single}")
    e.send("setoption name MultiPV value 500")
    out = []
    move = search(e, "go depth 3", out)
    blocks = depth_blocks(out)
    check(3 in blocks, f"no MultiPV lines at depth 3: {out}")
    block = blocks[3]
    check_block(block, CAPTURES_LEGAL, presort_ranks(CAPTURES))
    moves = [l[3] for l in block["lines"]]
    check(moves[:2] == ["d4c5", "d4e5"], f"queen then rook capture first: {moves}")
    check(block["lines"][0][2] > block["lines"][1][2] > block["lines"][2][2], f"scores {block['lines']}")
    check(move == plain_move == moves[0], f"bestmove {move}, MultiPV 1 played {plain_move}, line 1 {moves[0]}")
    final = [l for l in out if l.startswith("info depth")][-1]
    check(" multipv 1 " in final and f" pv {move}" in final, f"final line {final!r}")


def test_multipv_every_depth_modern():
    """TECH-modern: K lines at each completed depth, in order, followed by their pre-sort ranks."""
    e = Engine()
    e.uci()
    e.send("setoption name Style value TECH-modern", "setoption name MultiPV value 3", "position startpos")
    out = []
    move = search(e, "go depth 4", out)
    blocks = depth_blocks(out)
    check(sorted(blocks) == [1, 2, 3, 4], f"depths with lines: {sorted(blocks)}")
    for depth in blocks:
        check_block(blocks[depth], 3)
    check(move == blocks[4]["lines"][0][3], f"bestmove {move}, line 1 {blocks[4]['lines'][0]}")


def test_multipv_bad_values_change_nothing():
    e = Engine()
    e.uci()
    e.send("setoption name MultiPV value 2")
    for bad in ("0", "501", "-3", "two", ""):
        e.send(f"setoption name MultiPV value {bad}".rstrip())
        e.expect(r"^info string .*MultiPV", 2.0)
    e.send("position startpos")
    out = []
    search(e, "go depth 2", out)
    check_block(depth_blocks(out)[2], 2)


def thinking_lines(lines):
    return [l for l in lines if re.match(r"^\d+ -?\d+ \d+ \d+ ", l)]


def test_cecp_multipv_option():
    """CECP offers MultiPV (XBoard's Engine Output window sets it) and prints one thinking line
    per line; a new value shows at once in analysis; a bad one gets an Error."""
    e = Engine()
    e.send("xboard", "protover 2")
    features = []
    e.expect("^feature .*done=1", 2.0, features)
    check(any('"MultiPV -spin 1 1 500"' in l for l in features), f"MultiPV option: {features}")
    e.send("new", "post", "sd 3", "option MultiPV=3", "force", "go")
    out = []
    e.expect(r"^move \S+$", 10.0, out)
    by_depth = {}
    for line in thinking_lines(out):
        by_depth.setdefault(int(line.split()[0]), []).append(line)
    # TECH-1971 under `sd 3` searches depth 3 alone.
    check(sorted(by_depth) == [3] and len(by_depth[3]) == 3, f"lines: {by_depth}")
    e.send("option MultiPV=0")
    e.expect(r"^Error \(bad option\): option MultiPV=0", 2.0)
    e.send("new", "option MultiPV=1", "analyze")
    e.expect(r"^2 ", 5.0)
    e.send("option MultiPV=2")
    # The analysis starts again with two lines: its depth-3 lines are counted from its new depth 1
    # on (the old one's lines may still come first, at any depth), until its depth 4.
    restarted, firsts, seen = False, [], []
    end = time.monotonic() + 10.0
    while True:
        line = e.next_line(max(0.1, end - time.monotonic()))
        seen.append(line)
        if not thinking_lines([line]):
            continue
        depth = int(line.split()[0])
        if depth == 1:
            restarted, firsts = True, []
        elif restarted and depth == 3:
            firsts.append(line)
        elif restarted and depth >= 4:
            break
    check(len(firsts) == 2, f"two lines at depth 3 once MultiPV is 2 in analysis: {seen[-30:]}")
    e.send("exit")


def test_final_line_is_a_completed_depths_line():
    """With MultiPV the clock may cut a depth part-way; the line repeated before `bestmove` is then
    the deepest completed depth's first line, its depth, score and move together, never that depth
    with a score or a move from the unfinished one (issue 35: `depth 6 ... score cp 22 pv b1c3`
    where depth 6 had b1c3 at cp 0)."""
    fens = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9",
            "r2q1rk1/ppp2ppp/2n1bn2/2b1p3/4P3/2NP1N2/PPP1BPPP/R1BQ1RK1 w - - 4 8"]
    mixed = []
    for style in ("TECH-modern", "TECH-1971"):
        e = Engine()
        e.uci()
        e.send(f"setoption name Style value {style}", "setoption name MultiPV value 3")
        for fen in fens:
            for movetime in (40, 70, 100, 150, 200, 300):
                e.send(f"position fen {fen}")
                out = []
                move = search(e, f"go movetime {movetime}", out)
                lines = [info_line(l) for l in out if info_line(l)]
                firsts = [l for l in lines[:-1] if l[1] == 1]
                final = lines[-1]
                if firsts and (final[0], final[2], final[3]) != (firsts[-1][0], firsts[-1][2], firsts[-1][3]):
                    mixed.append(f"{style} {fen} movetime {movetime}: final {final}, depth line {firsts[-1]}")
                check(final[3] == move, f"{style}: final line's move {final[3]}, bestmove {move}")
        e.quit()
    check(not mixed, f"{len(mixed)} final lines mix depths: {mixed[:4]}")
