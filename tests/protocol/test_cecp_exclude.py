"""test_cecp_exclude.py - CECP `exclude` / `include` (feature exclude=1): the root moves left out
of the current position's search, in analysis and in play; a new position includes them all
again; bad input gets an Error and changes nothing."""
import re

from harness import Engine, cecp_move, check


def cecp_engine():
    e = Engine()
    e.send("xboard", "protover 2")
    features = []
    e.expect("^feature .*done=1", 2.0, features)
    check(any(" exclude=1" in l for l in features), f"feature exclude=1 missing: {features}")
    return e


def first_moves(lines):
    return {l.split()[4] for l in lines if re.match(r"^\d+ -?\d+ \d+ \d+ \S", l)}


def analysis_after(e, command):
    """Send `command` during analysis and return the first thinking line of the search it
    restarted: the old search's lines all come before the pong (its search is stopped before
    the ping is read); the new one's may come before or after it, and it goes on deepening."""
    e.send(command, "ping 7")
    e.expect("^pong 7$", 2.0)
    return [e.expect(r"^\d+ -?\d+ \d+ \d+ \S", 20.0).string]


def test_exclude_in_analysis():
    e = cecp_engine()
    e.send("new", "post", "analyze")
    e.expect(r"^2 -?\d+ \d+ \d+ e2e4", 5.0)  # TECH-1971's choice at the start
    out = analysis_after(e, "exclude e2e4")
    check(first_moves(out) and "e2e4" not in first_moves(out), f"e2e4 still analysed: {out}")
    e.send("exclude all", "ping 8")
    e.expect("^pong 8$", 2.0)
    e.silent(0.5, r"^\d+ -?\d+ \d+ \d+ ")  # nothing left to analyse: it waits
    out = analysis_after(e, "include g1f3")
    check(first_moves(out) == {"g1f3"}, f"only g1f3 is included: {out}")
    out = analysis_after(e, "include all")
    check("e2e4" in first_moves(out), f"include all brings e2e4 back: {out}")
    e.send("exit")
    e.ping(9)


def test_new_position_includes_every_move():
    e = cecp_engine()
    e.send("new", "post", "force", "exclude e2e4", "exclude d2d4", "new", "force", "analyze")
    out = []
    out.append(e.expect(r"^2 ", 5.0, out).string)
    check("e2e4" in first_moves(out), f"`new` must clear the excluded moves: {out}")
    e.send("exit")
    e.send("new", "force", "exclude e2e4", "usermove d2d4", "undo", "analyze")
    out = []
    out.append(e.expect(r"^2 ", 5.0, out).string)
    check("e2e4" in first_moves(out), f"a move and its take-back clear the excluded moves: {out}")
    e.send("exit")


def test_exclude_in_play():
    e = cecp_engine()
    e.send("new", "sd 3", "go")
    played = cecp_move(e, 10.0)
    e.send("new", "sd 3", "exclude " + played, "exclude Nf3", "go")
    other = cecp_move(e, 10.0)
    check(other not in (played, "g1f3"), f"excluded {played} and g1f3, played {other}")
    # Every move excluded: TECH must still move, and chooses among all of them.
    e.send("new", "sd 3", "exclude all", "go")
    check(cecp_move(e, 10.0) == played, "with every move excluded TECH plays its own choice")


def test_bad_exclude_input():
    e = cecp_engine()
    e.send("new", "force")
    for bad, reason in (("exclude", "no move given"), ("exclude e2e5", "not a move in this position"),
                        ("include xyz", "not a move in this position"), ("include", "no move given")):
        e.send(bad)
        e.expect(rf"^Error \({reason}\): {bad}$", 2.0)
    e.send("sd 2", "go")
    check(cecp_move(e, 10.0) == "e2e4", "bad exclude commands changed the game")
