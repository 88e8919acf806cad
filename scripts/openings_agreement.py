#!/usr/bin/env python3
"""openings_agreement.py - does TECH play the named openings without a book? The share of positions
where an engine's move is one that some named line plays there.

Run it (the five default engines at 1 s per move: about 90 minutes with one worker, 45 with two
on an otherwise idle machine; lowest priority):

    nice -n 19 python3 scripts/openings_agreement.py --jobs 2

Rebuild agreement.md from agreement.tsv without running the engines (TECH's pre-sort is asked
again): python3 scripts/openings_agreement.py --from-tsv book-free-openings/agreement.tsv

Positions: every position in the first 8 moves (plies 0-15) of the named lines of ECO's
classification (ecolines.py) at which some line continues, transpositions merged, each counted
once. A move agrees when some named line plays it from that position. Each engine is given the
game from the initial position (UCI `position startpos moves ...`; CECP `new`, `force`, the
moves), so TECH knows it is in its opening.

Engines (--engines picks some, by name):
  TECH-1971     ./tech, Style TECH-1971, `go movetime T`: TECH's own depth rule (docs/SPEC.md §7)
                applied to T per move. One process answers all its positions without
                `ucinewgame` between them, so the rule's history of recent search times carries
                over as in a game at T per move (the game's first search runs at the start depth).
  TECH-modern   ./tech, Style TECH-modern, `go movetime T` (iterative deepening within T).
  Fairy-Max     /usr/games/fairymax (no book unless given one), CECP `st T`.
  Phalanx       /usr/games/phalanx -b- -l- (book off, learning off), CECP `st T`.
  TECH-1971-d5  ./tech, Style TECH-1971, `go depth 5`: the paper's opening depth ("usually
                five ply"; the paper adjusts the depth only after the opening).
Time per move: T = 1 s (--time) for every engine: Fairy-Max reads `st` in whole seconds, so 1 s
is the shortest fixed time per move that all four take through their own protocol. Each engine
spends what its own time manager chooses within it; the report gives the mean wall and CPU time
per move actually used. Before counting, each engine searches the worker's first --warmup
positions once (not counted), so TECH-1971's depth rule starts from a history.

Output: a report (--report, default agreement.md in this folder) with the figures, the positions
where TECH first leaves the named lines and those where it leaves the most lines (TECH's move
and the pre-sort terms that chose it, from `tech presort`), and a TSV of every position with
every engine's move, depth, wall and CPU time (--tsv, default agreement.tsv).
--limit N measures only the first N positions (a quick try); --jobs N runs N workers.
"""
import argparse
import datetime
import os
import re
import shlex
import statistics
import subprocess
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FOLDER = os.path.join(ROOT, "book-free-openings")
import one_move
import ecolines
from ecolines import cr

OPENING_PLIES = 16  # "The opening is defined to be the first eight moves."


class EngineSpec:
    def __init__(self, name, proto, cmd, options, limit, note):
        self.name, self.proto, self.cmd, self.options, self.limit, self.note = name, proto, cmd, options, limit, note

    def describe(self):
        if self.proto == "presort":
            return f"`{shlex.join(self.cmd)} presort startpos moves ...`, its first move"
        kind, value = self.limit
        if self.proto == "uci":
            go = f"go movetime {int(value * 1000)}" if kind == "time" else f"go depth {value}"
        else:
            go = f"st {value:g}" if kind == "time" else f"sd {value}"
        options = "".join(f", {k}={v}" for k, v in self.options.items())
        return f"`{shlex.join(self.cmd)}` ({self.proto}{options}), `{go}`"


def default_engines(args):
    tech = [args.tech]
    t = args.time
    return [
        EngineSpec("TECH-1971", "uci", tech, {"Style": "TECH-1971"}, ("time", t), "TECH's depth rule at T per move"),
        EngineSpec("TECH-modern", "uci", tech, {"Style": "TECH-modern"}, ("time", t), "iterative deepening within T"),
        EngineSpec("Fairy-Max", "xboard", shlex.split(args.fairymax), {}, ("time", t), "no book"),
        EngineSpec("Phalanx", "xboard", shlex.split(args.phalanx), {}, ("time", t), "book and learning off"),
        EngineSpec("TECH-1971-d5", "uci", tech, {"Style": "TECH-1971"}, ("depth", 5), "the paper's opening depth"),
    ]


# ---------------------------------------------------------------------------------------
# Measuring
# ---------------------------------------------------------------------------------------

def run_worker(specs, positions, warmup, results, progress, workdir):
    """Answer `positions` with every engine in turn (interleaved, so a change in the machine's
    load touches all engines alike); results[(index, name)] = (Answer, uci move or None)."""
    engines = [one_move.start(s.name, s.proto, s.cmd, s.options, workdir) for s in specs]
    try:
        for engine in engines:
            engine.new_game()
        for _, entry in positions[:warmup]:
            for engine, spec in zip(engines, specs):
                engine.search(entry.moves, spec.limit)
        for index, entry in positions:
            for engine, spec in zip(engines, specs):
                answer = engine.search(entry.moves, spec.limit)
                results[(index, spec.name)] = (answer, one_move.normalise(entry.position, answer.move or ""))
            progress()
    finally:
        for engine in engines:
            try:
                engine.close()
            except Exception:  # noqa: BLE001 - closing is best effort
                pass


def measure(specs, entries, jobs, warmup):
    results, lock, done = {}, threading.Lock(), [0]
    started = time.monotonic()

    def progress():
        with lock:
            done[0] += 1
            if done[0] % 50 == 0 or done[0] == len(entries):
                rate = (time.monotonic() - started) / done[0]
                print(f"{done[0]}/{len(entries)} positions ({rate:.2f} s each, "
                      f"{rate * (len(entries) - done[0]) / 60:.0f} min to go)", flush=True)

    indexed = list(enumerate(entries))
    errors = []
    with tempfile.TemporaryDirectory(prefix="agreement-") as workdir:
        def work(share):
            try:
                run_worker(specs, share, warmup, results, progress, workdir)
            except Exception as exc:  # noqa: BLE001 - reported below
                errors.append(exc)

        threads = [threading.Thread(target=work, args=(indexed[j::jobs],)) for j in range(jobs)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    if errors:
        raise SystemExit(f"an engine failed: {errors[0]}")
    return results, time.monotonic() - started


# ---------------------------------------------------------------------------------------
# The pre-sort of a position, from `tech presort`
# ---------------------------------------------------------------------------------------

PRESORT_ROW = re.compile(r"^\s*(\d+)\s+([a-h][1-8][a-h][1-8][qrbn]?)\s+(-?\d+)\s*(.*)$")


def presort(tech, moves):
    """{uci: (rank, score, terms)} and the phase, as `tech presort startpos moves ...` prints them."""
    out = subprocess.run([tech, "presort", "startpos", *(["moves", *moves] if moves else [])],
                         capture_output=True, text=True, timeout=60).stdout
    rows, phase = {}, "?"
    for line in out.splitlines():
        if line.startswith("phase:"):
            phase = line.split(":", 1)[1].strip()
        found = PRESORT_ROW.match(line)
        if found:
            rows[found.group(2)] = (int(found.group(1)), int(found.group(3)), found.group(4).strip() or "-")
    return rows, phase


# ---------------------------------------------------------------------------------------
# Reporting
# ---------------------------------------------------------------------------------------

def add_presort_only(tech, entries, results):
    """The pre-sort alone, no search: the first move `tech presort` lists, as a pseudo-engine."""
    spec = EngineSpec("TECH pre-sort only", "presort", [tech], {}, ("depth", 0),
                      "no search: what the positional pre-sort puts first")
    for i, entry in enumerate(entries):
        rows, _ = presort(tech, entry.moves)
        top = min(rows, key=lambda m: rows[m][0]) if rows else None
        results[(i, spec.name)] = (one_move.Answer(top or "", 0, 0.0, 0.0), top)
    return spec


def same_moves(entries, results, a, b):
    """How often engines a and b chose the same move."""
    return sum(results[(i, a)][1] == results[(i, b)][1] for i in range(len(entries)))


def pct(a, b):
    return f"{100 * a / b:.1f}%" if b else "-"


def line_label(lines, index):
    line = lines[index]
    return f"{line.eco} {ecolines.line_name(line)}"


def path_san(entry):
    game = cr.Game()
    for move in entry.moves:
        game.push(game.position.parse_uci(move))
    return game.movetext(result="").strip() or "(start)"


def line_paths(lines, entries):
    """For each named line, the indexes (into entries) of its positions in the first 8 moves;
    lines with a position missing from entries (--limit) are left out."""
    index = {e.key: i for i, e in enumerate(entries)}
    paths = []
    for line in lines:
        keys = [ecolines.position_key(line.game.positions[p]) for p in range(min(len(line.game.moves), OPENING_PLIES))]
        if keys and all(k in index for k in keys):
            paths.append([index[k] for k in keys])
    return paths


def summarise(specs, entries, results, paths):
    buckets = [(0, 3, "moves 1-2"), (4, 7, "moves 3-4"), (8, 11, "moves 5-6"), (12, 15, "moves 7-8")]
    table = {}
    for spec in specs:
        rows = [(entry, results[(i, spec.name)]) for i, entry in enumerate(entries)]
        agree = [(entry, uci in entry.named) for entry, (_, uci) in rows]
        answers = [answer for _, (answer, _) in rows]
        table[spec.name] = {
            "agree": sum(ok for _, ok in agree), "total": len(agree),
            "white": (sum(ok for e, ok in agree if e.ply % 2 == 0), sum(1 for e, _ in agree if e.ply % 2 == 0)),
            "black": (sum(ok for e, ok in agree if e.ply % 2 == 1), sum(1 for e, _ in agree if e.ply % 2 == 1)),
            "buckets": [(label, sum(ok for e, ok in agree if lo <= e.ply <= hi), sum(1 for e, _ in agree if lo <= e.ply <= hi))
                        for lo, hi, label in buckets],
            "wall": statistics.mean(a.wall for a in answers),
            "cpu": statistics.mean(a.cpu for a in answers),
            "depth": statistics.median(a.depth for a in answers),
            "depths": sorted({a.depth for a in answers}),
            "illegal": sum(1 for _, (_, uci) in rows if uci is None),
            "followed": (sum(all(agree[i][1] for i in path) for path in paths), len(paths)),
        }
    return table


def chance(entries):
    """The share a player of random legal moves would be expected to agree on."""
    return statistics.mean(len(e.named) / len(e.position.legal_moves()) for e in entries)


def describe_departure(spec, entry, results, index, lines, tech):
    """One position where the engine left the named lines: its move, the named ones, and the
    pre-sort rows of its move and of the best-sorted named move."""
    answer, uci = results[(index, spec.name)]
    rows, _ = presort(tech, entry.moves)
    pos = entry.position
    own = pos.san(pos.parse_uci(uci)) if uci else f"{answer.move} (not legal)"
    named = sorted(entry.named, key=lambda m: rows.get(m, (999,))[0])
    return {
        "ply": entry.ply, "path": path_san(entry), "lines": len(entry.lines),
        "examples": [line_label(lines, k) for k in dict.fromkeys(entry.lines)][:3],
        "move": own, "row": rows.get(uci), "named": [entry.named[m] for m in named],
        "best_named": entry.named.get(named[0]) if named else None,
        "best_named_row": rows.get(named[0]) if named else None, "depth": answer.depth,
    }


def departures(spec, entries, results, lines, tech, count):
    """(earliest, busiest): the positions where this engine's move is no named move, those of
    lowest ply first (more lines through the position first), and those most lines pass through."""
    left = [(i, e) for i, e in enumerate(entries) if results[(i, spec.name)][1] not in e.named]
    earliest = sorted(left, key=lambda item: (item[1].ply, -len(item[1].lines), item[0]))[:count]
    busiest = sorted(left, key=lambda item: (-len(item[1].lines), item[1].ply, item[0]))[:count]
    return ([describe_departure(spec, e, results, i, lines, tech) for i, e in earliest],
            [describe_departure(spec, e, results, i, lines, tech) for i, e in busiest])


def departure_lines(name, items):
    out = []
    for item in items:
        row = item["row"]
        terms = f"pre-sort rank {row[0]}, {row[1]}: {row[2]}" if row else "not in the pre-sort"
        best = item["best_named_row"]
        best_text = (f"; best-sorted named move {item['best_named']}: rank {best[0]}, {best[1]}: {best[2]}"
                     if best else "")
        out.append(f"- after {item['path']} ({item['lines']} line{'s' if item['lines'] != 1 else ''}, e.g. "
                   f"{'; '.join(item['examples'])}): {name} plays **{item['move']}** (depth {item['depth']}; "
                   f"{terms}){best_text}. Named: {', '.join(item['named'])}.")
    return out


def write_report(path, args, source, specs, entries, results, table, meta, leaves):
    total = len(entries)
    out = [
        "# Agreement with the named opening lines",
        "",
        f"Generated by `scripts/openings_agreement.py` (measured {meta.get('date', '?')}, "
        f"{meta.get('minutes', '?')} min, {meta.get('jobs', '?')} worker(s), at the lowest priority; the "
        "time-limited engines got the CPU time shown). The moves of every engine in every position: `agreement.tsv`.",
        "",
        f"- Named lines: {source}.",
        f"- Positions: {total} distinct positions in the first 8 moves (plies 0-15) of the named lines at which a line "
        f"continues ({sum(1 for e in entries if e.ply % 2 == 0)} with White to move, "
        f"{sum(1 for e in entries if e.ply % 2 == 1)} with Black), transpositions merged"
        + (f" (--limit {args.limit})" if args.limit else "") + ".",
        "- A move agrees when some named line plays it from that position.",
        f"- Chance level: a random legal move would agree in {100 * chance(entries):.1f}% of the positions "
        "(mean over positions of named moves / legal moves).",
        "- Lines followed: the named lines along which every move the engine chose (playing both sides) is a named "
        "move, up to move 8 or the line's end.",
        f"- TECH build: `tech bench 4` signature {meta.get('tech bench 4 signature', '?')} nodes.",
        "",
        "| engine | agrees | lines followed | White to move | Black to move | "
        + " | ".join(b[0] for b in table[specs[0].name]["buckets"]) + " | depth (median) | wall s/move | CPU s/move |",
        "|---|---|---|---|---|" + "---|" * len(table[specs[0].name]["buckets"]) + "---|---|---|",
    ]
    for spec in specs:
        row = table[spec.name]
        cells = [f"**{pct(row['agree'], row['total'])}** ({row['agree']}/{row['total']})",
                 f"{pct(*row['followed'])} ({row['followed'][0]}/{row['followed'][1]})",
                 pct(*row["white"]), pct(*row["black"])]
        cells += [pct(a, b) for _, a, b in row["buckets"]]
        cells += (["-", "-", "-"] if spec.proto == "presort"
                  else [f"{row['depth']:g}", f"{row['wall']:.3f}", f"{row['cpu']:.3f}"])
        out.append(f"| {spec.name} | " + " | ".join(cells) + " |")
    names = [s.name for s in specs]
    pairs = [(a, b) for a, b in [("TECH-1971", "TECH-1971-d5"), ("TECH-1971", "TECH-modern"),
                                 ("TECH-1971", "TECH pre-sort only"), ("TECH-modern", "TECH pre-sort only")]
             if a in names and b in names]
    if pairs:
        out += ["", "Same move: " + "; ".join(
            f"{a} and {b} in {pct(same_moves(entries, results, a, b), total)}" for a, b in pairs) + "."]
    out += ["", "Settings:", ""]
    for spec in specs:
        out.append(f"- {spec.name}: {spec.describe()}; {spec.note}.")
    out += ["", "Depth is the deepest the engine printed (Phalanx counts plies with its extensions; "
            "Fairy-Max's and TECH's are nominal iterations).", ""]
    for name, (earliest, busiest) in leaves:
        out += [f"## Where {name} leaves the named lines first", "",
                "Positions of lowest ply where its move is no named move (more lines through the position first). "
                "Pre-sort: rank among the root moves, score and terms as `tech presort` prints them.", ""]
        out += departure_lines(name, earliest)
        out += ["", f"## Where {name} leaves the most named lines", "",
                "The positions most named lines pass through where its move is no named move.", ""]
        out += departure_lines(name, busiest)
        out.append("")
    with open(path, "w") as f:
        f.write("\n".join(out))


def write_tsv(path, specs, entries, results, meta):
    """One row per position: ply, the first line's path, the named moves, and per engine its move
    (`*` marks a move no named line plays), the depth it printed, wall and CPU seconds."""
    with open(path, "w") as f:
        for key, value in meta.items():
            f.write(f"# {key}: {value}\n")
        head = ["ply", "line (coordinate moves)", "named moves"]
        for spec in specs:
            head += [spec.name, f"{spec.name} depth", f"{spec.name} wall", f"{spec.name} cpu"]
        f.write("\t".join(head) + "\n")
        for i, entry in enumerate(entries):
            cells = [str(entry.ply), " ".join(entry.moves) or "-", " ".join(sorted(entry.named))]
            for spec in specs:
                answer, uci = results[(i, spec.name)]
                cells += [(uci or f"?{answer.move}") + ("" if uci in entry.named else "*"),
                          str(answer.depth), f"{answer.wall:.3f}", f"{answer.cpu:.3f}"]
            f.write("\t".join(cells) + "\n")


def read_tsv(path, specs, entries):
    """The results and the meta lines of a TSV written by write_tsv, for the same positions."""
    meta, rows = {}, []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("# "):
                key, _, value = line[2:].partition(": ")
                meta[key] = value
            elif line:
                rows.append(line.split("\t"))
    head, rows = rows[0], rows[1:]
    if len(rows) != len(entries):
        raise SystemExit(f"{path} has {len(rows)} positions, the named lines give {len(entries)}")
    results = {}
    for i, (entry, row) in enumerate(zip(entries, rows)):
        if row[1] != (" ".join(entry.moves) or "-"):
            raise SystemExit(f"{path}: row {i + 1} is another position")
        for spec in specs:
            col = head.index(spec.name)
            move = row[col].rstrip("*")
            uci = None if move.startswith("?") else move
            answer = one_move.Answer(move.lstrip("?"), int(row[col + 1]), float(row[col + 2]), float(row[col + 3]))
            results[(i, spec.name)] = (answer, uci)
    return results, meta


def bench_signature(tech):
    """`tech bench 4`'s node total: which build of TECH was measured."""
    try:
        out = subprocess.run([tech, "bench", "4"], capture_output=True, text=True, timeout=120).stdout
    except OSError:
        return "?"
    found = re.search(r"^Total: (\d+) nodes", out, re.M)
    return found.group(1) if found else "?"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("--eco", help="the named lines as PGN (default: Debian's pgn-extract eco.pgn)")
    parser.add_argument("--time", type=float, default=1.0, help="seconds per move, every time-limited engine (1)")
    parser.add_argument("--tech", default=os.path.join(ROOT, "tech"))
    parser.add_argument("--fairymax", default="/usr/games/fairymax")
    parser.add_argument("--phalanx", default="/usr/games/phalanx -b- -l-")
    parser.add_argument("--engines", help="comma-separated names (default: all five)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--warmup", type=int, default=5)
    parser.add_argument("--limit", type=int, help="only the first N positions")
    parser.add_argument("--leaves", type=int, default=12, help="how many departures to list per TECH engine")
    parser.add_argument("--report", default=os.path.join(FOLDER, "agreement.md"))
    parser.add_argument("--tsv", default=os.path.join(FOLDER, "agreement.tsv"))
    parser.add_argument("--from-tsv", metavar="TSV", help="no engines: rebuild the report from a TSV this tool wrote "
                        "(same --engines; --tech for the pre-sort)")
    args = parser.parse_args()
    args.tech = os.path.abspath(args.tech)
    if args.from_tsv:  # the settings the TSV was measured with
        with open(args.from_tsv) as f:
            for line in f:
                if line.startswith("# time per move: "):
                    args.time = float(line.split(": ", 1)[1])

    specs = default_engines(args)
    if args.engines:
        wanted = [w.strip() for w in args.engines.split(",")]
        unknown = set(wanted) - {s.name for s in specs}
        if unknown:
            parser.error(f"unknown engine(s): {', '.join(sorted(unknown))}")
        specs = [s for s in specs if s.name in wanted]
    with tempfile.TemporaryDirectory(prefix="eco-") as workdir:
        path, source = ecolines.locate_eco_pgn(args.eco, workdir)
        lines = ecolines.read_named_lines(path)
    source = f"{source}, {len(lines)} lines"
    entries = ecolines.named_positions(lines, OPENING_PLIES)
    if args.limit:
        entries = entries[:args.limit]
    if args.from_tsv:
        results, meta = read_tsv(args.from_tsv, specs, entries)
    else:
        print(f"{len(entries)} positions, engines: {', '.join(s.name for s in specs)}", flush=True)
        results, elapsed = measure(specs, entries, args.jobs, args.warmup)
        meta = {"date": datetime.date.today().isoformat(), "minutes": f"{elapsed / 60:.0f}", "jobs": args.jobs,
                "time per move": f"{args.time:g}", "warmup": args.warmup,
                "tech bench 4 signature": bench_signature(args.tech),
                "engines": "; ".join(f"{s.name}: {s.describe()}" for s in specs)}
        write_tsv(args.tsv, specs, entries, results, meta)
    leaves = [(s.name, departures(s, entries, results, lines, args.tech, args.leaves))
              for s in specs if s.name.startswith("TECH") and s.limit[0] == "time"]
    if any(s.name.startswith("TECH") for s in specs):
        specs = specs + [add_presort_only(args.tech, entries, results)]
    table = summarise(specs, entries, results, line_paths(lines, entries))
    write_report(args.report, args, source, specs, entries, results, table, meta, leaves)
    for spec in specs:
        row = table[spec.name]
        print(f"{spec.name:14} {pct(row['agree'], row['total']):>6} ({row['agree']}/{row['total']}), "
              f"lines followed {pct(*row['followed'])}, "
              f"depth {row['depth']:g}, {row['wall']:.3f} s/move wall, {row['cpu']:.3f} s CPU")
    print(f"chance level {100 * chance(entries):.1f}%; report {args.report}, positions {args.tsv}")


if __name__ == "__main__":
    main()
