"""test_console_play.py - a game at the console: TECH answers the person's moves with its own
(`play`), a move typed alone is played in any letter case, `undo` takes back a pair and says which,
the clock runs (`clock`), the board follows each move (`board`), the game ends by rule, on time, by
resignation or an agreed draw and says so, a move after the end is refused, the game is saved as
PGN (`save`), and `go`'s move that ends the game says that instead of guessing a reply there is
none to."""
import os
import re
import shutil
import subprocess
import tempfile
import time

from harness import MATE_IN_ONE, SLOW, STALEMATE, Engine, check

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import chessrules as cr

# "TECH plays 1... e5 (e7e5; depth 5, score +0.00, 19417 nodes, 0.0 s)"
TECH_MOVE_RE = r"^TECH plays (\d+)(\.|\.\.\.) (\S+) \(([a-h][1-8][a-h][1-8][nbrq]?); depth \d+, "
# The person's moves, the first legal one of these in each position (else any legal move).
WISHES = ["e2e4", "g1f3", "f1c4", "d2d3", "b1c3", "c1e3", "e1g1", "h2h3", "a2a3"]


def person_move(pos):
    legal = [m.uci() for m in pos.legal_moves()]
    return next((w for w in WISHES if w in legal), sorted(legal)[0])


def test_play_a_game_without_retyping_techs_moves():
    """`play black`: each move the person types, alone or with `moves`, is answered by TECH's,
    played on the board and said in SAN with its coordinates; nothing is typed back."""
    e = Engine()
    e.send("play black")
    e.expect("^TECH plays Black as TECH-1971 at full strength, you White$", 1.0)
    pos = cr.Position.from_fen(cr.START_FEN)
    for number in range(1, 5):
        move = person_move(pos)
        e.send(move if number % 2 else f"moves {move}")
        pos = pos.push(pos.parse_uci(move))
        m = e.expect(TECH_MOVE_RE, 10.0)
        check(m.group(1) == str(number) and m.group(2) == "...", f"move number: {m.group(0)}")
        pos = pos.push(pos.parse_uci(m.group(4)))  # raises if TECH's move were illegal here
    e.send("d")
    fen = e.expect("^Fen: (.*)$", 1.0).group(1)
    check(fen.split()[:4] == pos.fen().split()[:4], f"board {fen}, expected {pos.fen()}")
    # `undo` takes back TECH's move and the person's: the person is on move again, a move earlier.
    e.send("undo", "d")
    fen = e.expect("^Fen: (.*)$", 1.0).group(1)
    check(fen.split()[1] == "w" and fen.split()[5] == "4", f"after undo: {fen}")
    # `play off`: a move is played and not answered.
    e.send("play off", "a2a3")
    e.expect("^TECH answers no more moves", 1.0)
    e.silent(0.5, "^TECH plays")


def test_play_white_moves_at_once_and_mates():
    """TECH on move when `play` names its side moves at once; its mate ends the game, said once."""
    e = Engine()
    fen, mate = MATE_IN_ONE
    e.send(f"fen {fen}", "play white")
    m = e.expect(TECH_MOVE_RE, 5.0)
    check(m.group(4) == mate and m.group(3).endswith("#"), f"TECH's mate: {m.group(0)}")
    e.expect(r"^game over: checkmate, 1-0 \{White mates\}$", 1.0)
    e.send("play white")
    lines = []
    e.expect(r"^game over: checkmate", 1.0, lines)
    e.silent(0.3, "^(TECH plays|depth)")


def test_the_person_mates_and_stalemates():
    """A person's move that ends the game gets its result and no answer from TECH."""
    e = Engine()
    fen, mate = MATE_IN_ONE
    e.send(f"fen {fen}", "play black", mate)
    e.expect(r"^game over: checkmate, 1-0 \{White mates\}$", 2.0)
    e.silent(0.3, "^(TECH plays|bestmove)")
    # Stalemate: harness.STALEMATE a move before, White's queen on b5.
    check(STALEMATE == "k7/8/1Q6/8/8/8/8/K7 b - - 0 1", "STALEMATE moved: update the position before it")
    e.send("fen k7/8/8/1Q6/8/8/8/K7 w - - 0 1", "play black", "Qb6")
    e.expect(r"^game over: stalemate, 1/2-1/2", 2.0)
    e.silent(0.3, "^TECH plays")


def test_go_says_the_game_would_be_over_instead_of_a_reply_guess():
    """`go` shows TECH's move without playing it; when that move mates there is no reply to guess,
    and the line says the game would be over (never `reply guess 0000`)."""
    e = Engine()
    fen, mate = MATE_IN_ONE
    e.send(f"fen {fen}", "go")
    line = e.expect(r"^bestmove .*$", 5.0).group(0)
    check(line.startswith(f"bestmove {mate} (it mates: the game would be over, ") and "0000" not in line,
          f"go at a mate in one: {line}")
    e.send("d")
    check(e.expect("^Fen: (.*)$", 1.0).group(1) == fen, "go played the move")


def test_play_on_the_clock():
    """`clock 1+2`: both clocks start at a minute; TECH's move is searched on its clock and the
    clocks are said after it (a line of their own with `board off`), each side's time less what it
    used plus the increment."""
    e = Engine()
    e.send("clock 1+2", "board off")
    e.expect(r"^clock: White 1:00\.0, Black 1:00\.0$", 1.0)
    e.expect(r"^board off", 1.0)
    e.send("play black", "e2e4")
    e.expect(TECH_MOVE_RE, 10.0)
    m = e.expect(r"^clock: White (\d+):(\d\d)\.(\d), Black (\d+):(\d\d)\.(\d)$", 1.0)
    white = int(m.group(1)) * 60 + int(m.group(2)) + int(m.group(3)) / 10
    black = int(m.group(4)) * 60 + int(m.group(5)) + int(m.group(6)) / 10
    check(60 < white <= 62 and 60 < black <= 62, f"clocks after a move each: {m.group(0)}")
    e.send("clock 40/90+30", "clock off", "clock 5+x", "clock")
    e.expect(r"^clock: White 90:00\.0, Black 90:00\.0$", 1.0)
    e.expect("^no clock$", 1.0)
    e.expect(r"^clock: cannot read '5\+x'", 1.0)
    e.expect(r"^no clock \(", 1.0)


def test_a_move_alone_and_bad_words():
    """Outside play a move alone is played like `moves`; an illegal one says why; other words
    are unknown commands."""
    e = Engine()
    e.send("e4", "e5", "Nf3", "d")
    fen = e.expect("^Fen: (.*)$", 1.0).group(1)
    check(fen.startswith("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq"), f"after e4 e5 Nf3: {fen}")
    e.send("Ke5", "frobnicate", "play purple")
    e.expect(r"^Ke5: ", 1.0)
    e.expect(r"^unknown command 'frobnicate'", 1.0)
    e.expect(r"^play: cannot read 'purple'", 1.0)
    check(not re.search("TECH plays", " ".join(e.drain(0.3))), "`play purple` started a game")


def fen_now(e):
    """The game's position as `d` prints it."""
    e.send("d")
    return e.expect("^Fen: (.*)$", 1.0).group(1)


def test_san_in_any_letter_case():
    """Issue 41: SAN is read in any letter case where it names one move (nf3, NF3, EXD5, o-o, E2E4);
    a lower-case b is the pawn's when a pawn can take (bxc3), the bishop's when none can; a text
    that names two moves (BXC3, Nd2 with two knights) says which moves and how to write each, and
    the game is unchanged."""
    e = Engine()
    e.send("nf3", "NC6", "E4", "d5", "EXD5", "qxd5")
    pos = cr.Position.from_fen(cr.START_FEN)
    for move in ("g1f3", "b8c6", "e2e4", "d7d5", "e4d5", "d8d5"):
        pos = pos.push(pos.parse_uci(move))
    check(fen_now(e).split()[:4] == pos.fen().split()[:4], f"after nf3 NC6 E4 d5 EXD5 qxd5: expected {pos.fen()}")
    # Pawn b2 and bishop e5 can both take on c3; knights b1 and f1 can both go to d2.
    fen = "4k3/8/8/4B3/8/2n5/1P6/1N2KN2 w - - 0 1"
    e.send(f"fen {fen}", "BXC3")
    line = e.expect(r"^BXC3: ambiguous; type ", 1.0).string
    check("bxc3 (the pawn on b2)" in line and "Bxc3 (the bishop on e5)" in line, f"BXC3: {line}")
    check(fen_now(e) == fen, "an ambiguous move changed the game")
    e.send("nd2")
    line = e.expect(r"^nd2: ambiguous; type ", 1.0).string
    check("Nbd2 (the knight on b1)" in line and "Nfd2 (the knight on f1)" in line, f"nd2: {line}")
    check(fen_now(e) == fen, "an ambiguous move changed the game")
    e.send("moves kf2 Kd8 nd2 Kc8")  # the moves before the ambiguous one are played, none after it
    line = e.expect(r"^nd2: ambiguous; type .*\(moves before it were played\)$", 1.0).string
    check(fen_now(e).startswith("3k4/8/8/4B3/8/2n5/1P3K2/1N3N2 w"), f"moves before the ambiguous one: {line}")
    e.send(f"fen {fen}", "bxc3")
    check(fen_now(e).startswith("4k3/8/8/4B3/8/2P5/8/1N2KN2 b"), "bxc3 is the pawn's capture")
    e.send(f"fen {fen}", "Bxc3")
    check(fen_now(e).startswith("4k3/8/8/8/8/2B5/1P6/1N2KN2 b"), "Bxc3 is the bishop's capture")
    # No pawn can take on a5: a lower-case b is the bishop.
    e.send("fen 4k3/8/8/n7/8/1P6/8/4B1K1 w - - 0 1", "bxa5")
    check(fen_now(e).startswith("4k3/8/8/B7/8/1P6/8/6K1 b"), "bxa5 with no pawn to take is the bishop's")
    e.send("fen r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", "o-o", "O-o-o")
    check(fen_now(e).startswith("2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w"), "o-o and O-o-o castle")
    e.send("new", "nf4", "E2E5", "xyzzy")
    e.expect(r"^nf4: illegal move$", 1.0)
    e.expect(r"^E2E5: illegal move$", 1.0)
    e.expect(r"^unknown command 'xyzzy'", 1.0)
    # In a game TECH answers a move typed in lower case.
    e.send("new", "play black", "nf3")
    m = e.expect(TECH_MOVE_RE, 10.0)
    check(m.group(1) == "1" and m.group(2) == "...", f"TECH's answer to nf3: {m.group(0)}")


# A rank of the board shown in a game: " 8  r  n  b ... r  8    Black: TECH  4:58.2".
BOARD_RANK_RE = r"^ ([1-8]) ((?:[ \[][.PNBRQKpnbrqk][ \]]){8}) ([1-8])(?:    (.*))?$"
BOARD_FILES_RE = r"^    ([a-h])  ([a-h])  ([a-h])  ([a-h])  ([a-h])  ([a-h])  ([a-h])  ([a-h])$"


def read_board(e, timeout=2.0):
    """The next board: {"placement": FEN's first field, "marked": squares in brackets, "beside":
    {rank: text beside it}, "files": the file letters left to right, "ranks": top to bottom}."""
    files = e.expect(BOARD_FILES_RE, timeout).groups()
    squares, marked, beside, ranks = {}, set(), {}, []
    for _ in range(8):
        m = e.expect(BOARD_RANK_RE, 1.0)
        check(m.group(1) == m.group(3), f"rank line: {m.group(0)}")
        rank = m.group(1)
        ranks.append(rank)
        beside[rank] = m.group(4) or ""
        cells = m.group(2)
        for i, file in enumerate(files):
            cell = cells[3 * i:3 * i + 3]
            squares[file + rank] = cell[1]
            if cell[0] == "[":
                check(cell[2] == "]", f"a mark not closed: {m.group(0)}")
                marked.add(file + rank)
    check(e.expect(BOARD_FILES_RE, 1.0).groups() == files, "the file letters again under the board")
    rows = []
    for rank in "87654321":
        row, empty = "", 0
        for file in "abcdefgh":
            piece = squares[file + rank]
            if piece == ".":
                empty += 1
                continue
            row += (str(empty) if empty else "") + piece
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return {"placement": "/".join(rows), "marked": marked, "beside": beside, "files": "".join(files),
            "ranks": "".join(ranks)}


def clock_seconds(text):
    """Seconds of "4:58.2"."""
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + float(seconds)


def test_a_board_after_each_move_in_play():
    """Issue 41: in play the board follows each of TECH's moves, from the person's side, the last
    move's squares in brackets, the players, their clocks and the side to move beside it; `board
    off` hides it, `board` prints it now, `board on` shows it again, a bad word is refused."""
    e = Engine()
    e.send("clock 5+0", "play black")
    e.expect("^TECH plays Black as TECH-1971 at full strength, you White, on the clock$", 1.0)
    board = read_board(e)  # the person is on move: the board first
    check(board["placement"] == cr.START_FEN.split()[0] and not board["marked"], f"first board: {board}")
    check(board["files"] == "abcdefgh" and board["ranks"] == "87654321", f"White's side at the bottom: {board}")
    check(re.fullmatch(r"Black: TECH  5:00\.0", board["beside"]["8"]), f"beside rank 8: {board['beside']}")
    check(re.fullmatch(r"White: you  [45]:\d\d\.\d \(to move\)", board["beside"]["1"]), f"rank 1: {board['beside']}")
    pos = cr.Position.from_fen(cr.START_FEN)
    e.send("e4")
    pos = pos.push(pos.parse_uci("e2e4"))
    m = e.expect(TECH_MOVE_RE, 10.0)
    move = pos.parse_uci(m.group(4))
    san = pos.san(move)
    pos = pos.push(move)
    board = read_board(e)
    check(board["placement"] == pos.fen().split()[0], f"board {board['placement']}, expected {pos.fen()}")
    check(board["marked"] == {m.group(4)[:2], m.group(4)[2:4]}, f"marked {board['marked']} for {m.group(4)}")
    check(board["beside"]["5"] == f"last move: 1... {san}", f"last move: {board['beside']}")
    check("(to move)" in board["beside"]["1"] and "(to move)" not in board["beside"]["8"], f"{board['beside']}")
    e.send("board off", "d4")
    e.expect("^board off", 1.0)
    e.expect(TECH_MOVE_RE, 10.0)
    e.silent(0.3, BOARD_FILES_RE)
    e.send("board")
    board = read_board(e, 1.0)
    e.send("board on", "board sideways", "board on please")
    e.expect("^board on", 1.0)
    e.expect(r"^board: cannot read 'sideways'; type `board on`, `board off` or `board`", 1.0)
    e.expect(r"^board: cannot read 'on'", 1.0)
    # TECH White: the person sees the board from Black's side.
    f = Engine()
    f.send("play white")
    f.expect(TECH_MOVE_RE, 10.0)
    board = read_board(f)
    check(board["files"] == "hgfedcba" and board["ranks"] == "12345678", f"Black's side at the bottom: {board}")
    check(board["beside"]["8"].startswith("Black: you") and board["beside"]["1"] == "White: TECH", f"{board}")


def test_clock_shows_the_running_time():
    """Issue 41: `clock` shows the clock of the side to move as it runs now, not as it stood after
    the last move."""
    e = Engine()
    e.send("clock 1+0", "board off", "play black", "e4")
    e.expect(TECH_MOVE_RE, 10.0)
    after = e.expect(r"^clock: White (\S+), Black (\S+)$", 1.0)
    time.sleep(1.2)
    e.send("clock")
    now = e.expect(r"^clock: White (\S+) \(running\), Black (\S+)$", 1.0)
    ran = clock_seconds(after.group(1)) - clock_seconds(now.group(1))
    check(1.0 <= ran <= 1.2 + SLOW, f"White's clock ran {ran:.1f} s in 1.2 s: {after.group(0)} / {now.group(0)}")
    check(now.group(2) == after.group(2), f"Black's clock ran while White was on move: {now.group(0)}")
    # While TECH thinks, `clock` alone is answered at once, TECH's clock running.
    f = Engine()
    f.send("style modern", "clock 10+0", "board off", "play black", "e4")
    f.expect(r"^depth ", 5.0)
    time.sleep(0.3)
    start = f.send("clock")
    m, stamp = f.expect_at(r"^clock: White 10:00\.0, Black (\S+) \(running\)$", 1.0)
    check(stamp - start < 0.2 * SLOW and clock_seconds(m.group(1)) < 600, f"clock during TECH's move: {m.group(0)}")
    f.send("stop")
    f.expect(TECH_MOVE_RE, 2.0)


def test_a_move_after_the_game_ended_says_it_is_over():
    """Issue 41: a move typed after a fallen flag, a mate, a resignation says the game is over and
    how to start another, and is not played; `new` starts one."""
    e = Engine()
    e.send("clock 0.01", "board off", "play black")  # 0.6 s each
    time.sleep(1.0)
    e.send("e4")
    e.expect(r"^game over: White's flag has fallen, 0-1 \{White loses on time\}$", 1.0)
    e.expect(r"^e4: the game is over \(White's flag has fallen, 0-1 \{White loses on time\}\); `new` starts another$",
             1.0)
    check(fen_now(e) == cr.START_FEN, "a move after the flag fell was played")
    e.send("Nf3", "draw", "resign", "undo")
    e.expect(r"^Nf3: the game is over \(White's flag", 1.0)
    e.expect(r"^draw: the game is over \(White's flag", 1.0)
    e.expect(r"^resign: the game is over \(White's flag", 1.0)
    e.expect(r"^undo: the game is over \(White's flag", 1.0)
    e.send("clock off", "new", "e4")
    e.expect(TECH_MOVE_RE, 10.0)
    fen, mate = MATE_IN_ONE
    e.send(f"fen {fen}", "play black", mate, "Kh1", "kh1")
    e.expect(r"^game over: checkmate, 1-0 \{White mates\}$", 2.0)
    e.expect(r"^Kh1: the game is over \(checkmate, 1-0 \{White mates\}\); `new` starts another, `undo` takes back "
             r"a move$", 1.0)
    e.expect(r"^kh1: the game is over \(checkmate", 1.0)
    e.send("frobnicate")
    e.expect(r"^unknown command 'frobnicate'", 1.0)


def test_resign_and_draw():
    """Issue 41: `resign` ends the game with the person's loss; `draw` is accepted when TECH's own
    score has it half a pawn behind or more (before its first search: the material), else declined
    and the game goes on; outside a game both say there is none."""
    e = Engine()
    e.send("board off", "resign", "draw")
    e.expect(r"^resign: no game in play; `play white` or `play black` starts one$", 1.0)
    e.expect(r"^draw: no game in play; `play white` or `play black` starts one$", 1.0)
    e.send("play black", "e4")
    e.expect(TECH_MOVE_RE, 10.0)
    fen = fen_now(e)
    e.send("draw")
    e.expect(r"^TECH declines the draw \(its score [+-]\d+\.\d\d\); play on$", 1.0)
    check(fen_now(e) == fen, "a declined draw changed the game")
    e.send("d4")
    e.expect(TECH_MOVE_RE, 10.0)  # the game goes on
    e.send("resign")
    e.expect(r"^game over: White resigns, 0-1 \{White resigns\}$", 1.0)
    e.send("play white")
    e.expect(r"^game over: White resigns", 1.0)
    e.expect(r"^`new` starts another game, then `play` gives TECH a side in it$", 1.0)
    e.send("new", "play white")
    m = e.expect(TECH_MOVE_RE, 10.0)
    e.send("e5" if m.group(4) != "e2e4" else "c5", "resign")  # TECH's answer comes first
    e.expect(TECH_MOVE_RE, 10.0)
    e.expect(r"^game over: Black resigns, 1-0 \{Black resigns\}$", 1.0)
    # TECH (Black) a queen down: it takes the draw, on the material before it has searched ...
    down = "4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1"
    e.send("play off", f"fen {down}", "play black", "draw")
    e.expect(r"^TECH accepts the draw \(its score -\d+\.\d\d\)$", 1.0)
    e.expect(r"^game over: draw agreed, 1/2-1/2 \{Draw by agreement\}$", 1.0)
    e.send("Qd7")
    e.expect(r"^Qd7: the game is over \(draw agreed", 1.0)
    # ... and on its search's score after it.
    e.send(f"fen {down}", "Kf2")
    e.expect(r"^TECH plays 1\.\.\. \S+ \(\S+; depth \d+, score -\d+\.\d\d", 10.0)
    e.send("draw")
    e.expect(r"^TECH accepts the draw \(its score -\d+\.\d\d\)$", 1.0)
    # A queen up, it plays on; where neither side can force mate, it takes the draw.
    e.send("fen 4k3/3q4/8/8/8/8/8/4K3 w - - 0 1", "play black", "draw")
    e.expect(r"^TECH declines the draw \(its score \+\d+\.\d\d\); play on$", 1.0)
    e.send("fen 4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", "draw")
    e.expect(r"^TECH accepts the draw \(neither side can force mate\)$", 1.0)
    e.expect(r"^game over: draw agreed, 1/2-1/2 \{Draw by agreement\}$", 1.0)


def test_undo_says_what_it_took_back():
    """Issue 41: `undo` says the moves it took back, in SAN with their numbers."""
    e = Engine()
    e.send("board off", "play black", "e4")
    m = e.expect(TECH_MOVE_RE, 10.0)
    e.send("undo")
    e.expect(rf"^took back 1\. e4 {re.escape(m.group(3))}$", 1.0)
    check(fen_now(e) == cr.START_FEN, "undo in play takes back both moves")
    e.send("play off", "e4", "c5", "Nf3", "undo", "undo", "undo", "undo")
    e.expect(r"^took back 2\. Nf3$", 1.0)
    e.expect(r"^took back 1\.\.\. c5$", 1.0)
    e.expect(r"^took back 1\. e4$", 1.0)
    e.expect(r"^nothing to take back$", 1.0)
    e.send("play white")
    e.expect(TECH_MOVE_RE, 10.0)
    e.send("undo")
    e.expect(r"^nothing to take back: TECH's move is the game's first$", 1.0)


def saved_games(path):
    """The games of a PGN file, as the referee (scripts/chessrules.py) reads them."""
    games = cr.read_pgn(path)
    check(len(games) == 1, f"{path}: {len(games)} games")
    return games[0]


def check_with_pgn_extract(path, sans):
    """pgn-extract reads the file back without a word and writes the same moves (skipped where it
    is not installed)."""
    tool = shutil.which("pgn-extract") or shutil.which("/usr/games/pgn-extract")
    if not tool:
        return
    out = path + ".extracted"
    done = subprocess.run([tool, "-s", "-o", out, path], capture_output=True, text=True, timeout=30)
    check(done.returncode == 0 and not done.stdout.strip() and not done.stderr.strip(),
          f"pgn-extract on {path}: {done.returncode} {done.stdout} {done.stderr}")
    check(saved_games(out).sans() == sans, f"pgn-extract's moves differ: {saved_games(out).sans()}")


def test_save_writes_the_game_as_pgn():
    """Issue 41: `save FILE` writes the seven-tag roster (the person by login name, TECH by name and
    version), TECH's level as a comment before the first move (issue 50), a FEN tag when the game
    began elsewhere, the moves in SAN and the result; the referee and pgn-extract read it back; a
    path that cannot be written is refused, the game unchanged."""
    folder = tempfile.mkdtemp(prefix="tech-save-")
    try:
        e = Engine(env_extra={"USER": 'Ada "the" Lovelace'})
        e.send("board off", "play black")
        pos = cr.Position.from_fen(cr.START_FEN)
        sans = []
        for move in ("e2e4", "g1f3", "f1c4"):
            e.send(move)
            sans.append(pos.san(pos.parse_uci(move)))
            pos = pos.push(pos.parse_uci(move))
            m = e.expect(TECH_MOVE_RE, 10.0)
            sans.append(m.group(3))
            pos = pos.push(pos.parse_uci(m.group(4)))
        path = os.path.join(folder, "game one.pgn")
        e.send(f"save {path}")
        e.expect(rf"^saved the game to {re.escape(path)} \(PGN; result \*: the game goes on\)$", 2.0)
        with open(path) as f:
            text = f.read()
        tags = re.findall(r'^\[(\w+) "', text, re.M)
        check(tags == ["Event", "Site", "Date", "Round", "White", "Black", "Result"], f"tags: {tags}")
        check('[White "Ada \\"the\\" Lovelace"]' in text, f"the person's name: {text}")
        check(re.search(r'^\[Black "TECH [^\s()]+"\]$', text, re.M), f"TECH's name: {text}")
        check("\n\n{TECH plays Black as TECH-1971 at full strength} 1. e4 " in text, f"TECH's level: {text}")
        check(re.search(r'^\[Date "\d{4}\.\d\d\.\d\d"\]$', text, re.M) and '[Result "*"]' in text, text)
        check(all(len(line) <= 79 for line in text.splitlines() if not line.startswith("[")), "long lines")
        game = saved_games(path)
        replayed, problem = game.replay()
        check(problem is None and game.sans() == tuple(sans), f"referee: {problem}; {game.sans()} v {sans}")
        check(game.movetext.strip().endswith(" *"), f"movetext: {game.movetext}")
        check_with_pgn_extract(path, tuple(sans))
        # Resigned, then saved: the result and how it ended.
        e.send("resign", f"save {path}")
        e.expect(r"^game over: White resigns", 1.0)
        e.expect(r"^saved the game to .* \(PGN; 0-1 \{White resigns\}\)$", 2.0)
        game = saved_games(path)
        check(game.tags["Result"] == "0-1" and game.comments()[-1:] == ["White resigns"], f"{game}")
        check(game.movetext.strip().endswith("{White resigns} 0-1"), f"movetext: {game.movetext}")
        check_with_pgn_extract(path, tuple(sans))
        # From a position with Black to move, TECH White with a depth: a FEN tag, "5..." first.
        start = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 5"
        e.send("play off", f"fen {start}", "play white depth 3", "nf6")
        m = e.expect(TECH_MOVE_RE, 10.0)
        e.send(f"save {path}")
        e.expect(r"^saved the game to ", 2.0)
        game = saved_games(path)
        check(game.tags.get("SetUp") == "1" and game.tags.get("FEN") == start, f"FEN tag: {game.tags}")
        check(re.fullmatch(r"TECH [^\s()]+", game.tags["White"]), f"{game.tags}")
        check(game.tags["Black"] == 'Ada \\"the\\" Lovelace', f"{game.tags}")
        check(game.movetext.startswith(f"{{TECH plays White as TECH-1971 at full strength (depth 3)}} 5... Nf6 6. "
                                       f"{m.group(3)} *"), f"movetext: {game.movetext}")
        replayed, problem = game.replay()
        check(problem is None and replayed.uci_moves() == ["g8f6", m.group(4)], f"referee: {problem}")
        check_with_pgn_extract(path, ("Nf6", m.group(3)))
        # Paths that cannot be written: a message, and the game goes on unchanged.
        fen = fen_now(e)
        e.send(f"save {folder}/no/such/folder/g.pgn", f"save {folder}", "save")
        e.expect(rf"^save: cannot write '{re.escape(folder)}/no/such/folder/g\.pgn': No such file or directory; "
                 r"the game is unchanged$", 1.0)
        e.expect(rf"^save: cannot write '{re.escape(folder)}': Is a directory; the game is unchanged$", 1.0)
        e.expect(r"^usage: save FILE", 1.0)
        check(fen_now(e) == fen, "a failed save changed the game")
        e.send("Bc5")
        e.expect(TECH_MOVE_RE, 10.0)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
