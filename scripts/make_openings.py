#!/usr/bin/env python3
"""make_openings.py - build openings.epd and openings.pgn: balanced start positions from named lines,
and openings-source.txt: where they come from and the filter's figures.

Regenerate both files (about 10-20 minutes on one core; the engine runs at the lowest priority):

    nice -n 19 python3 scripts/make_openings.py

Steps:
 1. Read the named lines of ECO's classification (ecolines.py: Debian's pgn-extract eco.pgn,
    fetched into a temporary folder when the package is not installed).
 2. Candidates: the end position of every line that is 4 to 8 plies long, transpositions
    merged (the first line in the file names the position), games already over dropped, and
    positions whose castling rights differ from what the kings and rooks on their home squares
    suggest dropped too (a CECP engine set up with `edit` could not know them).
 3. Balance: Stockfish (Debian's /usr/games/stockfish, 1 thread, 64 MB hash, hash cleared for
    each position) searches each candidate to a fixed depth; a position is kept when its score
    is within +-50 centipawns.
 4. Order: a fixed shuffle (seeded), so that the first N positions of a short match are a
    sample of the whole set rather than all A00.
 5. Write: openings.epd holds the positions alone, one a line, with no comment line (every EPD
    reader takes each line for a position: cutechess-cli calls a `#` line an invalid FEN and plays
    that game from the initial position); the source and the figures go to openings-source.txt,
    and to a comment at the head of openings.pgn.

Options: --eco FILE (the source), --stockfish CMD, --depth D (20), --margin CP (50),
--seed S (1971), --limit N (only the first N candidates, for a quick try), --out DIR.
"""
import argparse
import datetime
import os
import random
import shlex
import tempfile
import time

FOLDER = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "book-free-openings")
import one_move
import ecolines
from ecolines import cr
from engine_shared import position_command

MIN_PLIES, MAX_PLIES = 4, 8


def epd_text(value):
    """An EPD string operand: no quotes or semicolons inside (many readers split on ';')."""
    return value.replace('"', "'").replace(";", ",")


def movetext(game):
    return game.movetext(result="").strip()


def castling_as_inferred(pos):
    """True when the castling rights are what kings and rooks at home imply (all of them)."""
    fields = pos.fen().split()
    inferred = cr.Position.from_fen(" ".join([fields[0], fields[1], "KQkq", "-"])).castling
    return inferred == pos.castling


def candidates(lines):
    """[(line, position)] and the counts of what was dropped."""
    seen, out = {}, []
    dropped = {"transposition": 0, "game over": 0, "castling rights not inferable": 0}
    for line in lines:
        plies = len(line.game.moves)
        if not MIN_PLIES <= plies <= MAX_PLIES:
            continue
        pos = line.game.position
        key = ecolines.position_key(pos)
        if key in seen:
            dropped["transposition"] += 1
            continue
        seen[key] = line
        if line.game.outcome() is not None:
            dropped["game over"] += 1
            continue
        if not castling_as_inferred(pos):
            dropped["castling rights not inferable"] += 1
            continue
        out.append((line, pos))
    return out, dropped


class Stockfish:
    def __init__(self, cmd, depth):
        self.depth = depth
        self.driver = one_move.UciDriver("stockfish", cmd, {"Threads": 1, "Hash": 64})

    def score(self, moves):
        """White's score in centipawns at the fixed depth (None for a mate score), and what the
        deepest exact score line said: {"score", "depth", "nodes"}."""
        client = self.driver.client
        client.new_game()
        client.sync()
        client.send(position_command(cr.START_FEN, moves))
        client.sync()
        state = {"score": None, "depth": 0, "nodes": 0}
        for line in client.go(f"depth {self.depth}", 600.0).lines:
            words = line.split()
            if words[:1] == ["info"] and "score" in words and "depth" in words and "bound" not in line:
                depth = int(words[words.index("depth") + 1])
                kind, value = words[words.index("score") + 1], int(words[words.index("score") + 2])
                if depth >= state["depth"]:
                    state["depth"] = depth
                    state["score"] = value if kind == "cp" else None
                    if "nodes" in words:
                        state["nodes"] = int(words[words.index("nodes") + 1])
        if state["depth"] < self.depth or state["score"] is None:
            return None, state
        white = state["score"] if len(moves) % 2 == 0 else -state["score"]
        return white, state

    def close(self):
        self.driver.close()


EPD_NOTE = ("openings.epd holds the positions alone, one a line (no comment lines: cutechess-cli and other EPD "
            "readers take every line for a position).")


def write_files(kept, header, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    epd_path = os.path.join(out_dir, "openings.epd")
    pgn_path = os.path.join(out_dir, "openings.pgn")
    with open(os.path.join(out_dir, "openings-source.txt"), "w") as source:
        source.write("\n".join(header[:2] + [EPD_NOTE] + header[2:]) + "\n")
    with open(epd_path, "w") as epd:
        for line, pos, white, state in kept:
            fen4 = " ".join(pos.fen().split()[:4])
            stm = white if pos.turn == cr.WHITE else -white
            epd.write(f'{fen4} id "{line.eco}"; c0 "{epd_text(ecolines.line_name(line))}"; '
                      f'c1 "{movetext(line.game)}"; ce {stm}; acd {state["depth"]}; '
                      f"hmvc {pos.halfmove}; fmvn {pos.fullmove};\n")
    with open(pgn_path, "w") as pgn:
        pgn.write("{\n" + "\n".join(header) + "\n}\n\n")
        for number, (line, pos, white, state) in enumerate(kept, 1):
            tags = [("Event", "TECH book-free openings"), ("Site", "?"), ("Date", "????.??.??"),
                    ("Round", str(number)), ("White", "?"), ("Black", "?"), ("Result", "*"),
                    ("ECO", line.eco), ("Opening", line.opening)]
            if line.variation:
                tags.append(("Variation", line.variation))
            tags.append(("PlyCount", str(len(line.game.moves))))
            for key, value in tags:
                pgn.write(f'[{key} "{value}"]\n')
            comments = [""] * (len(line.game.moves) - 1) + [f"{white / 100:+.2f}/{state['depth']}"]
            pgn.write("\n" + line.game.movetext(comments=comments, result="*") + "\n\n")
    return epd_path, pgn_path


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--eco", help="the named lines as PGN (default: Debian's pgn-extract eco.pgn)")
    parser.add_argument("--stockfish", default="/usr/games/stockfish", help="command line of the reference engine")
    parser.add_argument("--depth", type=int, default=20)
    parser.add_argument("--margin", type=int, default=50, help="keep |score| <= MARGIN centipawns (default 50)")
    parser.add_argument("--seed", type=int, default=1971, help="the shuffle of the output order")
    parser.add_argument("--limit", type=int, help="only the first N candidates (a quick try)")
    parser.add_argument("--out", default=FOLDER,
                        help="where openings.epd, openings.pgn and openings-source.txt go (default: this folder)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="eco-") as workdir:
        path, source = ecolines.locate_eco_pgn(args.eco, workdir)
        lines = ecolines.read_named_lines(path)
    cands, dropped = candidates(lines)
    in_range = sum(1 for line in lines if MIN_PLIES <= len(line.game.moves) <= MAX_PLIES)
    distinct = in_range - dropped["transposition"]
    if args.limit:
        cands = cands[:args.limit]
    cmd = shlex.split(args.stockfish)
    engine = Stockfish(cmd, args.depth)
    engine_name = engine.driver.id_name
    kept, rejected, no_score = [], 0, 0
    started = time.monotonic()
    for n, (line, pos) in enumerate(cands, 1):
        white, state = engine.score([m.uci() for m in line.game.moves])
        if white is None:
            no_score += 1
        elif abs(white) <= args.margin:
            kept.append((line, pos, white, state))
        else:
            rejected += 1
        if n % 25 == 0 or n == len(cands):
            print(f"{n}/{len(cands)} scored, {len(kept)} kept ({time.monotonic() - started:.0f} s)", flush=True)
    engine.close()
    random.Random(args.seed).shuffle(kept)

    scores = sorted(white for _, _, white, _ in kept)
    plies = [len(line.game.moves) for line, _, _, _ in kept]
    header = [
        "TECH book-free openings: start positions from named opening lines, balanced by a reference engine.",
        "Generated by scripts/make_openings.py; regenerate: nice -n 19 python3 scripts/make_openings.py",
        f"Date: {datetime.date.today().isoformat()}",
        f"Source: {source}: {len(lines)} named lines (ECO code, opening, variation, moves).",
        f"Candidates: the end positions of the lines {MIN_PLIES}-{MAX_PLIES} plies long: {in_range} lines, "
        f"{distinct} distinct positions; dropped: {dropped['game over']} game over, "
        f"{dropped['castling rights not inferable']} with castling rights not inferable; "
        f"{len(cands)} scored" + (f" (--limit {args.limit})" if args.limit else "") + ".",
        f"Filter: {engine_name}, go depth {args.depth}, Threads 1, Hash 64 MB, hash cleared per position; "
        f"kept |score| <= {args.margin} cp (White's view).",
        f"Result: {len(cands)} scored, {len(kept)} kept, {rejected} outside +-{args.margin} cp, {no_score} without a score.",
        f"Kept scores (cp, White's view): min {scores[0] if scores else 0}, median "
        f"{scores[len(scores) // 2] if scores else 0}, max {scores[-1] if scores else 0}; "
        f"plies: " + ", ".join(f"{p}: {plies.count(p)}" for p in range(MIN_PLIES, MAX_PLIES + 1)) + ".",
        f"Order: shuffled with seed {args.seed}, so any first N lines are a sample of the set.",
        "Per position: id = ECO code, c0 = name (';' written as ','), c1 = the line's moves,",
        "ce = the score in centipawns for the side to move (as EPD defines ce), acd = the depth,",
        "hmvc / fmvn = the FEN's halfmove clock and move number. openings.pgn has the same lines in the same order,",
        "the comment after the last move giving the score (pawns, White's view) / depth.",
    ]
    epd_path, pgn_path = write_files(kept, header, args.out)
    for text in header[3:9]:
        print(text)
    print(f"wrote {epd_path}, {pgn_path} and openings-source.txt")


if __name__ == "__main__":
    main()
