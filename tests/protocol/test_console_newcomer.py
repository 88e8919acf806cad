"""test_console_newcomer.py - a person's first minutes at the console (issue 50 item 2, items 5's
greeting and board, issue 51's undo): `help` starts with how to play and to choose a strength, a
strength set alone takes effect and names the player that now plays, no hint leads out of the
console and a protocol's line typed in a game leaves the game as it was, `play` on a finished
game keeps who played it, the PGN names the players plainly and records each change of level,
the greeting fits a terminal, `d` draws the game's board, `undo` agrees after every end."""
import os
import re
import tempfile

from harness import Engine, check

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# "TECH plays 1... e5 (e7e5; depth 5, score +0.00, 19417 nodes, 0.0 s)"
TECH_MOVE_RE = r"^TECH plays (\d+)(\.|\.\.\.) (\S+) \(([a-h][1-8][a-h][1-8][nbrq]?); depth \d+, "


def elo_range():
    """UCI_Elo's range as `uci` announces it."""
    e = Engine()
    e.send("uci")
    m = e.expect(r"^option name UCI_Elo type spin default \d+ min (\d+) max (\d+)$", 2.0)
    return int(m.group(1)), int(m.group(2))


def test_greeting_fits_a_terminal():
    """Item 5: the first line fits an 80-column terminal (it had 112 characters)."""
    e = Engine()
    check(len(e.banner) < 80, f"{len(e.banner)} characters: {e.banner!r}")


def test_help_says_first_how_to_play_and_choose_a_strength():
    low, high = elo_range()
    e = Engine()
    e.send("help")
    lines = []
    m = e.expect(r"help \| quit", 1.0, lines)
    first = "\n".join(lines[:5])
    check("play black" in first and "play white" in first, f"how to play, first: {first}")
    check(re.search(rf"^  strength \d+ .*\({low}\.\.{high}\)", first, re.M), f"a strength in one command: {first}")
    check(not any("`uci` lists" in line for line in lines), "help sends the person to `uci`")
    long = [line for line in lines + [m.string] if len(line) >= 80]
    check(not long and len(lines) < 25, f"help within 80 columns and a 25-line terminal: {long}, {len(lines)} lines")


def test_a_strength_set_alone_takes_effect_and_names_the_player():
    """`strength ELO` and `set UCI_Elo ELO` alone hold TECH to that Elo (UCI_LimitStrength on);
    each change names the player that now plays, in a game with its colour."""
    e = Engine()
    e.send("set UCI_Elo 1200")
    e.expect(r"^UCI_Elo 1200, UCI_LimitStrength true$", 1.0)
    e.expect(r"^TECH-1971 at Elo 1200 now plays; `play white` or `play black` starts a game$", 1.0)
    e.send("options")
    e.expect(r"^  UCI_LimitStrength +true \(true or false\)$", 1.0)
    e.send("board off", "play black depth 2", "e4")
    e.expect(TECH_MOVE_RE, 10.0)
    e.send("strength 1800")
    e.expect(r"^TECH-\S+ at Elo 1800 \(depth 2\) now plays Black$", 1.0)
    e.send("strength 1800")
    e.expect(r"^TECH-\S+ at Elo 1800 \(depth 2\) plays already$", 1.0)
    e.send("strength full")
    e.expect(r"^TECH-1971 at full strength \(depth 2\) now plays Black$", 1.0)
    e.send("strength 5", "strength")
    e.expect(r"^strength: cannot read '5'; type `strength ELO` \(\d+\.\.\d+\) or `strength full`$", 1.0)
    e.expect(r"^TECH-1971 at full strength \(depth 2\) plays; ", 1.0)


def test_no_hint_leaves_the_console_and_a_protocol_line_keeps_the_game():
    """A hint names the console's own commands; `uci`, `xboard`, `setoption`, `position`,
    `isready` typed in a game are answered by the console, the game going on; `play off` ends the
    game and `uci` then switches as a GUI's first line does."""
    e = Engine()
    e.send("set Level 3")
    m = e.expect(r"^set: no option 'Level' (.*)$", 1.0)
    check("`uci`" not in m.group(1) and "`options`" in m.group(1), m.group(0))
    e.send("options")
    e.expect(r"^  UCI_Elo +\d+ \(\d+\.\.\d+\)$", 1.0)
    e.send("board off", "play black depth 2", "uci")
    e.expect(r"^uci: for a chess GUI, not during a game \(it goes on; `play off` ends it\)$", 1.0)
    e.send("setoption name UCI_Elo value 1500")
    e.expect(r"^UCI_Elo 1500, UCI_LimitStrength true$", 1.0)
    e.expect(r"^TECH-1971 at Elo 1500 \(depth 2\) now plays Black$", 1.0)
    e.send("position startpos moves e2e4", "isready", "xboard", "ucinewgame")
    e.expect(r"^position: here `fen FEN` sets up a position \(the game goes on\)$", 1.0)
    e.expect(r"^readyok$", 1.0)
    e.expect(r"^xboard: for a chess GUI, not during a game", 1.0)
    e.expect(r"^ucinewgame: here `new` starts a new game \(this one goes on\)$", 1.0)
    e.send("e4")
    e.expect(TECH_MOVE_RE, 10.0)
    e.send("play off", "uci")
    e.expect(r"^uciok$", 2.0)


def test_play_on_a_finished_game_keeps_who_played_it():
    """Issue 50's reproducer: TECH (White) mates; `play black` after it does not credit the person
    with TECH's Rd8#. The PGN names TECH plainly (no brackets in the tag)."""
    folder = tempfile.mkdtemp(prefix="tech-newcomer-")
    path = os.path.join(folder, "g.pgn")
    e = Engine(env_extra={"USER": "Ada"})
    e.send("board off", "play white depth 2", "fen 6k1/5ppp/8/8/8/8/P4PPP/3R2K1 w - - 0 1")
    e.expect(r"^TECH plays 1\. Rd8#", 10.0)
    e.send("play black")
    e.expect(r"^`new` starts another game, then `play` gives TECH a side in it$", 2.0)
    e.send(f"save {path}")
    e.expect(r"^saved the game to ", 2.0)
    with open(path) as f:
        text = f.read()
    check(re.search(r'^\[White "TECH [^\s()]+"\]$', text, re.M) and '[Black "Ada"]' in text, text)
    check("1. Rd8#" in text and '[Result "1-0"]' in text, text)


def test_the_pgn_records_each_change_of_level_where_it_came():
    """The Elo TECH started at as its Elo tag (PGN's BlackElo), its level as a comment before the
    first move, and each change as a comment before the move it came before."""
    folder = tempfile.mkdtemp(prefix="tech-newcomer-")
    path = os.path.join(folder, "levels.pgn")
    e = Engine(env_extra={"USER": "Ada"})
    e.send("board off", "strength 1200", "play black depth 2", "e4")
    m = e.expect(TECH_MOVE_RE, 10.0)
    e.send("strength 1800", "d4")
    e.expect(TECH_MOVE_RE, 10.0)
    e.send(f"save {path}")
    e.expect(r"^saved the game to ", 2.0)
    with open(path) as f:
        text = f.read()
    check('[BlackElo "1200"]' in text and '[White "Ada"]' in text, text)
    check(re.search(r'^\[Black "TECH [^\s()]+"\]$', text, re.M), text)
    movetext = " ".join(text.split("\n\n")[1].split())
    want = (rf"^\{{TECH plays Black as TECH-1971 at Elo 1200 \(depth 2\)\}} 1\. e4 {re.escape(m.group(3))} "
            r"\{TECH plays as TECH-\S+ at Elo 1800 \(depth 2\) from here\} 2\. d4 ")
    check(re.search(want, movetext), movetext)


def test_d_draws_the_board_a_game_shows():
    """Item 5: one board drawing: `d` draws what `board` draws, then the FEN."""
    e = Engine()
    e.send("moves e4 e5", "board", "d")
    board, drawn = [], []
    e.expect(r"^ 1 .* 1 ", 1.0, board)
    e.expect(r"^ 1 .* 1 ", 1.0, drawn)
    check(board[-8:] == drawn[-8:] and "[p]" in "".join(drawn), f"board {board} v d {drawn}")
    e.expect(r"^    a  b  c  d  e  f  g  h$", 1.0)
    e.expect(r"^Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2$", 1.0)


def test_undo_after_a_resignation_as_after_a_mate():
    """Issue 51: after `resign`, as after a mate, a move typed says `undo` takes one back, and
    `undo` does: the game goes on from before the resignation."""
    e = Engine()
    e.send("board off", "play black depth 2", "e4")
    m = e.expect(TECH_MOVE_RE, 10.0)
    e.send("resign", "d4")
    e.expect(r"^game over: White resigns", 1.0)
    e.expect(r"^d4: the game is over \(White resigns, 0-1 \{White resigns\}\); `new` starts another, `undo` takes "
             r"back a move$", 1.0)
    e.send("undo")
    e.expect(rf"^took back 1\. e4 {re.escape(m.group(3))}$", 1.0)
    e.send("d4")
    e.expect(r"^TECH plays 1\.\.\. ", 10.0)
