"""test_chessrules.py - validate the match referee (scripts/chessrules.py) before trusting it.

The referee decides forfeits for illegal moves and ends games by rule, so it must be right
on its own: its perft counts are checked against the Stockfish-verified tests/perft.epd
and its game-end rules, SAN and FEN handling against hand-made positions.
"""
import os
import time

from longlib import ROOT, check
import chessrules as cr

# Depths whose count is at most this many leaves: all 158 positions in a few seconds.
PERFT_LEAF_LIMIT = 20000


def read_perft_suite(name="perft.epd"):
    """(fen, {depth: count}) for every position in tests/perft.epd (or tests/perft960.epd)."""
    suite = []
    with open(os.path.join(ROOT, "tests", name)) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fen, *depths = [part.strip() for part in line.split(";")]
            counts = {int(d.split()[0][1:]): int(d.split()[1]) for d in depths}
            suite.append((fen, counts))
    return suite


def check_perft_counts(fen, counts, chess960=False):
    """The referee's perft of one suite position at its depths of at most PERFT_LEAF_LIMIT leaves;
    returns the position and how many counts were checked."""
    pos = cr.Position.from_fen(fen, chess960)
    checked = 0
    for depth in sorted(counts):
        if counts[depth] > PERFT_LEAF_LIMIT:
            break
        got = cr.perft(pos, depth)
        check(got == counts[depth], f"perft {depth} of {fen}: {got}, the suite says {counts[depth]}")
        checked += 1
    return pos, checked


def test_perft_suite():
    suite = read_perft_suite()
    check(len(suite) >= 150, f"perft suite has only {len(suite)} positions")
    start = time.monotonic()
    checked = sum(check_perft_counts(fen, counts)[1] for fen, counts in suite)
    print(f"    {checked} perft counts over {len(suite)} positions in {time.monotonic() - start:.1f} s")


def test_chess960_perft_suite():
    """The referee's Chess960 castling against tests/perft960.epd (the published positions and the
    castling corner cases), at the depths of at most PERFT_LEAF_LIMIT leaves."""
    suite = read_perft_suite("perft960.epd")
    check(len(suite) >= 125, f"Chess960 perft suite has only {len(suite)} positions")
    checked = 0
    for fen, counts in suite:
        pos, n = check_perft_counts(fen, counts, chess960=True)
        checked += n
        # X-FEN written, Shredder-FEN written: both read back as the same rights.
        for text in (pos.fen(), pos.fen(shredder=True)):
            again = cr.Position.from_fen(text, chess960=True)
            check(again.castling == pos.castling and again.fen() == pos.fen(), f"{fen}: {text} reads back differently")
    print(f"    {checked} perft counts over {len(suite)} positions")


def test_chess960_numbering_and_castling():
    check(cr.chess960_fen(518) == cr.START_FEN, "position 518 is the standard one")
    check(cr.chess960_rank(0) == "BBQNNRKR" and cr.chess960_rank(959) == "RKRNNQBB", "the numbering's ends")
    ranks = {cr.chess960_rank(n) for n in range(960)}
    check(len(ranks) == 960, f"{len(ranks)} distinct arrays")
    for rank in ranks:
        bishops = [f for f, p in enumerate(rank) if p == "B"]
        king, rooks = rank.index("K"), [f for f, p in enumerate(rank) if p == "R"]
        check((bishops[0] + bishops[1]) % 2 == 1 and rooks[0] < king < rooks[1], f"not a Chess960 array: {rank}")
    # Castling written as the mode has it: e1g1 in standard chess, e1h1 (king takes rook) in Chess960.
    fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"
    standard, c960 = cr.Game(fen), cr.Game(fen, chess960=True)
    check(standard.play("e1g1") and c960.play("e1h1"), "castling")
    check(standard.position.fen() == c960.position.fen() == "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1",
          f"after O-O: {standard.position.fen()} / {c960.position.fen()}")
    for game, wrong in ((cr.Game(fen), "e1h1"), (cr.Game(fen, chess960=True), "e1g1")):
        try:
            game.play(wrong)
            check(False, f"{wrong} accepted in the wrong mode")
        except cr.IllegalMoveError:
            pass
    # A Chess960 start's rights are dropped in standard chess: no castling there.
    start = cr.chess960_fen(0)
    check(cr.Position.from_fen(start).castling == (), "Chess960 rights kept in standard chess")
    check(len(cr.Position.from_fen(start, chess960=True).castling) == 4, "Chess960 rights lost")
    # The b-file rook shields c1: O-O-O is illegal with a queen on a1.
    moves = cr.Position.from_fen("4k3/8/8/8/8/8/8/qR2K3 w Q - 0 1", chess960=True).legal_moves()
    check("e1b1" not in [m.uci() for m in moves], "O-O-O into the queen's check")


def test_fen_round_trip():
    for fen, _ in read_perft_suite():
        pos = cr.Position.from_fen(fen)
        check(pos.fen() == fen, f"FEN round trip: {fen} -> {pos.fen()}")
    for bad in ["", "8/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
                "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                "k7/8/8/8/8/8/8/K6R b - - 0 1 extra", "k6R/8/8/8/8/8/8/K7 w - - 0 1",
                "Pk6/8/8/8/8/8/8/K7 w - - 0 1", "k7/8/8/8/8/8/8/K7 w - e4 0 1"]:
        try:
            cr.Position.from_fen(bad)
        except ValueError:
            continue
        check(False, f"bad FEN accepted: {bad!r}")


def test_move_parsing():
    game = cr.Game()
    for text in ["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]:
        game.play(text)
    check(game.sans[-1] == "O-O", f"castling SAN: {game.sans}")
    check(game.position.board[5] == "R" and game.position.board[6] == "K", "castling moved the rook")
    for bad in ["e8g8q", "E7E5", "e7e5", "a7a5x", "0000", "h8h1", "e8h8", "e7e8Q"]:
        try:
            game.position.parse_uci(bad)
        except cr.IllegalMoveError:
            continue
        check(False, f"illegal or malformed move accepted: {bad}")
    promo = cr.Position.from_fen("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1")
    check(promo.parse_uci("e7e8n").promo == "n", "under-promotion")
    check(promo.san(promo.parse_uci("e7e8q")) == "e8=Q", "promotion SAN")
    check(promo.parse_san("e8=N") == promo.parse_uci("e7e8n"), "SAN promotion parse")
    try:
        promo.parse_uci("e7e8")
        check(False, "promotion without a piece letter accepted")
    except cr.IllegalMoveError:
        pass


def test_san_disambiguation():
    pos = cr.Position.from_fen("8/8/6k1/8/R6R/8/8/R3K3 w - - 0 1")
    check(pos.san(pos.parse_uci("a4d4")) == "Rad4", pos.san(pos.parse_uci("a4d4")))
    check(pos.san(pos.parse_uci("a4a2")) == "R4a2", pos.san(pos.parse_uci("a4a2")))
    pos = cr.Position.from_fen("8/8/6k1/8/Q6Q/8/8/Q3K3 w - - 0 1")
    check(pos.san(pos.parse_uci("a4d4")) == "Qa4d4", pos.san(pos.parse_uci("a4d4")))
    pos = cr.Position.from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    check(pos.san(pos.parse_uci("a1a8")) == "Ra8#", "mate mark")
    pos = cr.Position.from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")
    check(pos.san(pos.parse_uci("e5d6")) == "exd6", "en passant SAN")


def test_game_ends():
    mate = cr.Game("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1").outcome()
    check(mate and mate.result == "1-0" and "mates" in mate.reason, f"mate: {mate}")
    stale = cr.Game("k7/8/1Q6/8/8/8/8/K7 b - - 0 1").outcome()
    check(stale and stale.result == "1/2-1/2" and "stalemate" in stale.reason, f"stalemate: {stale}")
    fifty = cr.Game("k7/8/8/8/8/8/8/KR6 w - - 99 80")
    check(fifty.outcome() is None, "49.5 moves is not yet a draw")
    fifty.play("b1b2")
    check(fifty.outcome() and "fifty" in fifty.outcome().reason, "fifty-move rule")
    # The 100th half-move may mate: mate takes precedence over the fifty-move rule.
    mate50 = cr.Game("k7/8/1K6/8/8/8/8/7R w - - 99 80")
    mate50.play("h1h8")
    check(mate50.outcome().result == "1-0", f"mate on move 100: {mate50.outcome()}")
    rep = cr.Game()
    for text in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        check(rep.outcome() is None, "no repetition yet")
        rep.play(text)
    check(rep.outcome() and "3-fold" in rep.outcome().reason, f"threefold: {rep.outcome()}")
    for fen in ["k7/8/8/8/8/8/8/K7 w - - 0 1", "k7/8/8/8/8/8/8/KB6 w - - 0 1",
                "k1b5/8/8/8/8/8/8/KB6 w - - 0 1"]:
        check(cr.Game(fen).outcome() and "insufficient" in cr.Game(fen).outcome().reason, fen)
    for fen in ["k7/8/8/8/8/8/8/KBN5 w - - 0 1", "kb6/8/8/8/8/8/8/KB6 w - - 0 1",
                "k7/8/8/8/8/8/8/KNN5 w - - 0 1"]:
        check(cr.Game(fen).outcome() is None, f"not dead: {fen}")


def test_repetition_ignores_unusable_en_passant():
    # After 1.e4 the e3 square is in the FEN but no capture is possible: the position
    # after 1.e4 Nf6 2.Nf3 Ng8 3.Ng1 Nf6 4.Nf3 ... must count as a repetition of itself.
    game = cr.Game()
    for text in ["e2e4", "g8f6", "g1f3", "f6g8", "f3g1", "g8f6", "g1f3", "f6g8", "f3g1"]:
        game.play(text)
    check(game.repetitions() == 3, f"repetitions {game.repetitions()}")


def test_pgn_movetext():
    game = cr.Game()
    for text in ["f2f3", "e7e5", "g2g4", "d8h4"]:
        game.play(text)
    text = game.movetext(result="0-1")
    check(text == "1. f3 e5 2. g4 Qh4# 0-1", text)
    check(game.outcome().result == "0-1", "fool's mate")
    black_first = cr.Game("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    black_first.play("e7e5")
    check(black_first.movetext() == "1... e5 *", black_first.movetext())


def test_pgn_reader():
    """chessrules.read_pgn, the one PGN reader of the scripts and tests: tags, comments in order,
    moves without numbers, NAGs, variations or result, and a replay by the referee."""
    text = ('{a file comment}\n\n[Event "one"]\n[White "A"]\n[Black "B"]\n[Result "0-1"]\n\n'
            '1. f3 {book} e5 {+0.25/5 0.123s} 2. g4 $2 (2. e4) Qh4#\n{0.5s, Black mates} 0-1\n\n'
            '%escaped line\n[Event "two"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. O-O Kd7 *\n')
    games = cr.read_pgn(text)
    check(len(games) == 2, f"{len(games)} games")
    tags, movetext = games[0]
    check(tags == {"Event": "one", "White": "A", "Black": "B", "Result": "0-1"}, f"tags {tags}")
    check(games[0].comments() == ["book", "+0.25/5 0.123s", "0.5s, Black mates"], f"{games[0].comments()}")
    check(games[0].sans() == ("f3", "e5", "g4", "Qh4#"), f"{games[0].sans()}")
    game, problem = games[0].replay()
    check(problem is None and game.outcome().reason == "Black mates", f"{problem} {game.outcome()}")
    game, problem = games[1].replay()
    check(problem is None and game.uci_moves() == ["e1g1", "e8d7"], f"{problem} {game.uci_moves()}")
    _, problem = cr.read_pgn('[Event "x"]\n\n1. e4 e4 *\n')[0].replay()
    check(problem and "move 2 'e4'" in problem, f"illegal move not found: {problem}")
    path = os.path.join(ROOT, "build", "long", "reader.pgn")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    check(cr.read_pgn(path) == games, "a file reads as its text")
