"""test_cli.py - the shell tools: perft, divide, bench, presort, treestats, epd, and their errors."""
import contextlib
import os
import re
import subprocess
import tempfile

from harness import SLOW, check, engine_command


@contextlib.contextmanager
def epd_file(*lines):
    """A temporary EPD file with these lines, removed afterwards."""
    with tempfile.NamedTemporaryFile("w", suffix=".epd", delete=False) as f:
        f.write("".join(line + "\n" for line in lines))
    try:
        yield f.name
    finally:
        os.unlink(f.name)


def run(*args, timeout=60, cwd=None):
    """Run `tech ARGS` (in the folder `cwd`, else this one) and return (exit status, stdout, stderr)."""
    done = subprocess.run(engine_command(*args), capture_output=True, text=True, timeout=timeout, cwd=cwd)
    return done.returncode, done.stdout, done.stderr


def test_perft_and_divide():
    status, out, _ = run("perft", "4")
    check(status == 0 and "Nodes searched: 197281" in out, f"perft 4: {out}")
    status, out, _ = run("divide", "2", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R", "w", "KQkq", "-", "0", "1")
    moves = re.findall(r"^[a-h][1-8][a-h][1-8][qrbn]?: \d+$", out, re.M)
    check(status == 0 and len(moves) == 48 and "Nodes searched: 2039" in out, f"divide 2 Kiwipete: {out}")
    status, _, err = run("perft", "x")
    check(status != 0 and "depth" in err, "bad depth accepted")
    status, _, err = run("perft", "3", "not a fen")
    check(status != 0 and "bad FEN" in err, "bad FEN accepted")


def test_help_and_unknown_command():
    for word in ("help", "--help", "-h"):
        status, out, _ = run(word)
        check(status == 0 and "tech perft DEPTH" in out and "tech epd FILE" in out, f"{word}: {out}")
        check("`play black`" in out.split("usage:")[0], f"{word}: says not how to play a game first: {out}")
    status, out, err = run("frobnicate")
    check(status == 2 and not out and "unknown command 'frobnicate'" in err and "help" in err,
          f"unknown command: {status} {out!r} {err!r}")


def test_version():
    """The version baked in at build time: `--version`, `help`'s first line, bench's header."""
    for word in ("--version", "version", "-v"):
        status, out, _ = run(word)
        check(status == 0 and re.fullmatch(r"TECH \S+\n", out), f"{word}: {out!r}")
    version = run("--version")[1].split()[1]
    check(version != "unknown", "a build without a version")
    check(version in run("help")[1].splitlines()[0], "help does not say the version")
    header = run("bench", "1")[1].splitlines()[0]
    check(header.startswith(f"TECH {version} bench:") and "profile TECH-1971" in header, f"bench header {header!r}")


# The build's signature: `tech bench` (depth 6, the faithful profile, one thread). A change of
# the search or the pre-sort changes it; record the new count here and in the commit message.
BENCH_SIGNATURE = 12423761
# TECH-modern's: `tech bench --style modern` (depth 6, one thread, a 16 MB table cleared before
# each position). A change of TECH-modern's search, leaves or table changes it; record it likewise.
BENCH_SIGNATURE_MODERN = 7607401


def test_bench_signature_is_deterministic():
    outs = [run("bench", "4")[1] for _ in range(2)]
    totals = [re.search(r"^Total: (\d+) nodes", o, re.M) for o in outs]
    check(all(totals) and totals[0].group(1) == totals[1].group(1), f"bench totals differ: {outs}")
    check(len(re.findall(r"^ ?\d+ ", outs[0], re.M)) >= 30, "bench lists fewer than 30 positions")


def bench_signature(*args):
    """`tech bench ARGS`: the node total of its last line (`Bench: N nodes M nps`) and its header."""
    status, out, _ = run("bench", *args, timeout=120 * SLOW)  # sanitizer builds take minutes
    lines = out.strip().splitlines()
    last = lines[-1] if lines else ""
    found = re.fullmatch(r"Bench: (\d+) nodes (\d+) nps", last)
    check(status == 0 and found, f"last line of tech bench {' '.join(args)}: {last!r}")
    return int(found.group(1)), lines[0]


def test_bench_signature_is_pinned():
    nodes, header = bench_signature()
    check("profile TECH-1971" in header, f"bench header {header!r}")
    check(nodes == BENCH_SIGNATURE,
          f"bench signature {nodes}, pinned {BENCH_SIGNATURE}: record the new count if the change is meant")


def test_modern_bench_signature_is_pinned():
    nodes, header = bench_signature("--style", "modern")
    check("profile TECH-modern" in header, f"bench --style modern header {header!r}")
    check(nodes == BENCH_SIGNATURE_MODERN,
          f"TECH-modern bench signature {nodes}, pinned {BENCH_SIGNATURE_MODERN}: record the new count if the "
          "change is meant")
    # The order of the words does not matter; `faithful` is the default profile.
    check(bench_signature("1", "--style", "faithful")[1] == run("bench", "1")[1].splitlines()[0],
          "bench 1 --style faithful is not bench 1")
    check(bench_signature("--style", "TECH-modern", "1")[0] == bench_signature("1", "--style", "modern")[0],
          "bench --style TECH-modern 1 differs from bench 1 --style modern")


def test_bench_refuses_a_bad_style_or_depth():
    for args, word in ((("--style", "baroque"), "style"), (("0",), "depth"), (("--style",), "style"),
                       (("4", "x"), "depth")):
        status, out, err = run("bench", *args)
        check(status == 2 and word in err and not out, f"bench {' '.join(args)}: {status} {out!r} {err!r}")


def test_treestats():
    status, out, _ = run("treestats", "--to", "4")
    rows = re.findall(r"^\s+([2-4])\s+(\d+)\s+(\d+)", out, re.M)
    check(status == 0 and [r[0] for r in rows] == ["2", "3", "4"], f"treestats rows: {out}")
    check(all(int(n) >= int(nbp) > 0 for _, n, nbp in rows), "NBP above nodes")
    check("even->odd" in out and "odd->even" in out, "no growth ratios")
    check("23 positions from the report's games, built in" in out, f"not the report's sample: {out}")


def test_treestats_needs_no_data_file():
    """An installed `tech treestats` has the report's games built in: from a folder with no
    tests/data it measures the same positions as the file of the source tree gives; a file that
    cannot be read is named in the error."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    source_file = os.path.join(root, "tests", "data", "paper-games.pgn")
    with tempfile.TemporaryDirectory() as folder:
        status, built_in, err = run("treestats", "--to", "3", cwd=folder)
        check(status == 0 and not err, f"treestats in an empty folder: {status} {err!r}")
        status, from_file, _ = run("treestats", source_file, "--to", "3", cwd=folder)
        nodes = [re.findall(r"^\s+[23]\s+(\d+)\s+(\d+)\s+(\d+)", out, re.M) for out in (built_in, from_file)]
        check(status == 0 and nodes[0] and nodes[0] == nodes[1], f"built in {nodes[0]}, from the file {nodes[1]}")
        status, out, err = run("treestats", "no-such-games.pgn", cwd=folder)
        check(status == 2 and not out and "cannot open no-such-games.pgn" in err, f"a missing file: {status} {err!r}")


def test_treestats_figures_as_svg():
    with tempfile.TemporaryDirectory() as folder:
        status, out, err = run("treestats", "--from", "2", "--to", "3", "--svg", folder)
        check(status == 0 and not err, f"treestats --svg: {status} {err!r}")  # quiet off a terminal
        names = sorted(os.listdir(folder))
        check(names == ["figure-11-bottom-positions.svg", "figure-12-cpu-time.svg",
                        "figure-13-move-generations.svg"], f"figures: {names}")
        for name in names:
            with open(os.path.join(folder, name)) as f:
                svg = f.read()
            check(svg.startswith("<?xml") and svg.endswith("</svg>\n"), f"{name} is not a whole SVG")
            check(svg.count("<polyline") == 2, f"{name}: one line per depth expected")
            check("in 1971" in svg, f"{name}: no 1971 growth next to today's")


def test_epd_suite_mode():
    with epd_file('6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id "mate1";',
                  '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Kf1; id "wrong";',
                  'this is not an epd line') as path:
        status, out, err = run("epd", path, "--depth", "2")
        check(status == 0 and "solved 1/2" in out, f"epd: {out}")
        check(re.search(r"^fail wrong\s+expected Kf1", out, re.M), f"no failure line: {out}")
        check("skipped line" in err, "bad line not reported")
        status, out, _ = run("epd", path, "--classify", "3", "--time", "5")
        check("mate1 2" in out, f"classify: {out}")
        status, out, _ = run("epd", path, "--berliner", "100000")
        check(re.search(r"^mate1 1 ", out, re.M) and re.search(r"^wrong \d", out, re.M), f"berliner: {out}")


def test_epd_berliner_criterion():
    """docs/STATISTICS.md §5: Berliner's criterion counts the problems with one answer, and the
    answer only with a line that shows a gain; the move alone is counted beside. --partial off
    takes the deepest completed depth's move."""
    with epd_file('6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id "mate1";',
                  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id "level";',
                  '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8# Kf1; id "two";') as path:
        status, out, _ = run("epd", path, "--depth", "2", "--criterion", "berliner")
        check(status == 0 and "solved 3/3" in out, f"move only: {out}")
        check("Berliner's criterion: 1 of 2 problems with one answer" in out and "the move alone 2 of 2" in out,
              f"criterion: {out}")
        check(re.search(r"^move only level\s+e4\s+score\s+0 ", out, re.M), f"no move-only line: {out}")
        status, out, _ = run("epd", path, "--nodes", "300", "--criterion", "berliner", "--partial", "off")
        check(status == 0 and "Berliner's criterion:" in out, f"--partial off: {out}")
        status, _, err = run("epd", path, "--criterion", "bogus")
        check(status == 2 and "usage" in err, f"bad criterion: {status} {err!r}")
