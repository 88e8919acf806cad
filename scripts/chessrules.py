"""chessrules.py - an independent chess rules referee for the match runner (stdlib only).

Why it exists: the match runner must judge engine moves and game ends without trusting the
engines under test, and this machine has no python-chess. The code shares nothing with
TECH's C move generator, so a bug in one is not silently repeated in the other; it is
validated against the Stockfish-verified perft counts in tests/perft.epd.

Board: a list of 64 squares, a1 = 0, b1 = 1, ..., h8 = 63; a piece is one FEN letter
(upper case white, lower case black), an empty square is ''. Positions are values: `push`
returns a new Position, so a game keeps every position it passed through (repetitions).

Chess960 (Fischer random chess): a castling right is the square of its rook, read from X-FEN
(KQkq: the outermost rook on that side of the king) or Shredder-FEN (file letters). A move is
what the protocols write, so a castling move is the king's two-square move (e1g1) in standard
chess and the king taking its own rook (e1h1) in a Chess960 position (chess960=True).
"""
import re
from collections import Counter, namedtuple

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
WHITE, BLACK = "w", "b"
FILES = "abcdefgh"
PROMOTIONS = "qrbn"


class IllegalMoveError(ValueError):
    """A move text that is malformed or not legal in the position it was played in."""


def square_name(sq):
    return FILES[sq & 7] + str((sq >> 3) + 1)


def parse_square(text):
    """'e4' -> 28; raises ValueError for anything that is not a square name."""
    if len(text) != 2 or text[0] not in FILES or text[1] not in "12345678":
        raise ValueError(f"bad square {text!r}")
    return FILES.index(text[0]) + 8 * (int(text[1]) - 1)


def piece_color(piece):
    return WHITE if piece.isupper() else BLACK


def other(color):
    return BLACK if color == WHITE else WHITE


# --- Geometry tables, built once: the generator and the attack test use the same ones. ---

def _targets(sq, steps):
    f, r = sq & 7, sq >> 3
    return [(r + dr) * 8 + f + df for df, dr in steps if 0 <= f + df < 8 and 0 <= r + dr < 8]


def _ray(sq, df, dr):
    f, r, out = (sq & 7) + df, (sq >> 3) + dr, []
    while 0 <= f < 8 and 0 <= r < 8:
        out.append(r * 8 + f)
        f, r = f + df, r + dr
    return out


KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING_STEPS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ORTHOGONAL = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAGONAL = [(1, 1), (-1, 1), (1, -1), (-1, -1)]
KNIGHT_TARGETS = [_targets(sq, KNIGHT_STEPS) for sq in range(64)]
KING_TARGETS = [_targets(sq, KING_STEPS) for sq in range(64)]
ORTHOGONAL_RAYS = [[_ray(sq, df, dr) for df, dr in ORTHOGONAL] for sq in range(64)]
DIAGONAL_RAYS = [[_ray(sq, df, dr) for df, dr in DIAGONAL] for sq in range(64)]
# Squares from which a pawn of the given colour attacks the indexed square.
PAWN_ATTACKERS = {
    WHITE: [_targets(sq, [(-1, -1), (1, -1)]) for sq in range(64)],
    BLACK: [_targets(sq, [(-1, 1), (1, 1)]) for sq in range(64)],
}
# Castling puts the king on the g- or c-file and the rook on the f- or d-file (FIDE 3.8.2, and
# Chess960's rule): files by the rook's side of the king.
CASTLE_KING_FILE = {True: 6, False: 2}   # h side (O-O), a side (O-O-O)
CASTLE_ROOK_FILE = {True: 5, False: 3}
# Standard chess's rights: the kings on e1/e8, the rooks in the corners.
STANDARD_ROOKS = {WHITE: (0, 7), BLACK: (56, 63)}
STANDARD_KINGS = {WHITE: 4, BLACK: 60}


def chess960_rank(number):
    """White's first rank of Chess960 start position `number` (0-959, 518 the standard one), by
    the numbering scheme: a light-squared bishop on b, d, f or h, a dark-squared one on a, c, e or
    g, the queen on one of the six empty files, the knights on two of the five left (the pairs in
    order), then rook, king, rook."""
    if not 0 <= number < 960:
        raise ValueError(f"no Chess960 position {number}")
    rank = [""] * 8
    rank[2 * (number % 4) + 1] = "B"
    number //= 4
    rank[2 * (number % 4)] = "B"
    number //= 4
    empty = [f for f in range(8) if not rank[f]]
    rank[empty[number % 6]] = "Q"
    number //= 6
    pairs = [(a, b) for a in range(5) for b in range(a + 1, 5)]
    empty = [f for f in range(8) if not rank[f]]
    for i in pairs[number]:
        rank[empty[i]] = "N"
    for f, piece in zip((f for f in range(8) if not rank[f]), "RKR"):
        rank[f] = piece
    return "".join(rank)


def chess960_fen(number):
    """The FEN of Chess960 start position `number`, castling rights in X-FEN."""
    rank = chess960_rank(number)
    return f"{rank.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1"


def is_chess960_variant(name):
    """Whether a PGN Variant tag (or a variant's name) means Chess960."""
    return (name or "").lower().replace(" ", "").replace("-", "") in ("chess960", "fischerandom", "fischerrandom",
                                                                       "960", "frc")


def _castling_rooks(board, field, chess960):
    """The rook squares of the rights a FEN castling field gives: K/Q (k/q) the outermost rook on
    that side of its king, a file letter the rook on that file. Rights that no rook of the side can
    hold are dropped, as are a second right on one side; in standard chess (chess960 False) only
    the rights of a king on e1/e8 with its rook in a corner are kept."""
    if field == "-":
        return ()
    if not field or any(c.upper() not in "KQABCDEFGH" for c in field):
        raise ValueError(f"bad castling field {field!r}")
    rooks = {}
    for letter in field:
        color = WHITE if letter.isupper() else BLACK
        rank = 0 if color == WHITE else 56
        king, rook = ("K", "R") if color == WHITE else ("k", "r")
        if board.index(king) // 8 * 8 != rank:
            continue
        king_file = board.index(king) & 7
        up = letter.upper()
        if up in "KQ":
            files = range(7, king_file, -1) if up == "K" else range(0, king_file)
            square = next((rank + f for f in files if board[rank + f] == rook), None)
        else:
            square = rank + "ABCDEFGH".index(up)
            square = square if board[square] == rook else None
        if square is None or (square & 7) == king_file:
            continue
        if not chess960 and (board.index(king) != STANDARD_KINGS[color] or square not in STANDARD_ROOKS[color]):
            continue
        rooks.setdefault((color, (square & 7) > king_file), square)
    return tuple(sorted(rooks.values()))


class Move(namedtuple("Move", "frm to promo")):
    """A move as the protocols write it: from-square, to-square, promotion letter or ''."""

    __slots__ = ()

    def uci(self):
        return square_name(self.frm) + square_name(self.to) + self.promo

    def __str__(self):
        return self.uci()


class Position:
    """One chess position: placement, side to move, castling rights, e.p. square, counters."""

    __slots__ = ("board", "turn", "castling", "ep", "halfmove", "fullmove", "chess960", "_legal")

    def __init__(self, board, turn, castling, ep, halfmove, fullmove, chess960=False):
        self.board = board
        self.turn = turn
        self.castling = castling    # the rook squares of the castling rights, sorted
        self.ep = ep
        self.halfmove = halfmove
        self.fullmove = fullmove
        self.chess960 = chess960    # Chess960: castling written as the king taking its rook
        self._legal = None

    # --- FEN ---

    @classmethod
    def from_fen(cls, fen, chess960=False):
        """Parse and validate a FEN (4 to 6 fields; castling in X-FEN or Shredder-FEN); raises
        ValueError saying what is wrong. chess960: the position is a Chess960 game's."""
        fields = fen.split()
        if len(fields) < 4 or len(fields) > 6:
            raise ValueError(f"FEN needs 4 to 6 fields: {fen!r}")
        rows = fields[0].split("/")
        if len(rows) != 8:
            raise ValueError("FEN placement needs 8 ranks")
        board = [""] * 64
        for i, row in enumerate(rows):
            rank, f = 7 - i, 0
            for ch in row:
                if ch.isdigit() and ch not in "09":
                    f += int(ch)
                elif ch in "PNBRQKpnbrqk":
                    if f < 8:
                        board[rank * 8 + f] = ch
                    f += 1
                else:
                    raise ValueError(f"bad FEN placement character {ch!r}")
            if f != 8:
                raise ValueError(f"FEN rank {rank + 1} has {f} files")
        if fields[1] not in (WHITE, BLACK):
            raise ValueError(f"bad side to move {fields[1]!r}")
        if board.count("K") != 1 or board.count("k") != 1:
            raise ValueError("each side needs exactly one king")
        if any(board[sq] in ("P", "p") for sq in list(range(8)) + list(range(56, 64))):
            raise ValueError("pawn on the first or last rank")
        rights = _castling_rooks(board, fields[2], chess960)
        ep = None
        if fields[3] != "-":
            ep = parse_square(fields[3])
            if (ep >> 3) != (5 if fields[1] == WHITE else 2):
                raise ValueError(f"bad en passant square {fields[3]}")
        try:
            halfmove = int(fields[4]) if len(fields) > 4 else 0
            fullmove = int(fields[5]) if len(fields) > 5 else 1
        except ValueError:
            raise ValueError("bad move counters") from None
        if halfmove < 0 or fullmove < 1:
            raise ValueError("bad move counters")
        pos = cls(board, fields[1], rights, ep, halfmove, fullmove, chess960)
        if pos.attacked(pos.king_square(other(pos.turn)), pos.turn):
            raise ValueError("the side not to move is in check")
        return pos

    def placement(self):
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for f in range(8):
                p = self.board[rank * 8 + f]
                if p:
                    row += (str(empty) if empty else "") + p
                    empty = 0
                else:
                    empty += 1
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows)

    def castling_field(self, shredder=False):
        """The FEN castling field: X-FEN (KQkq; a file letter for a rook that is not the outermost
        on its side), or Shredder-FEN's file letters throughout."""
        letters = []
        for color in (WHITE, BLACK):
            rank, rook = (0, "R") if color == WHITE else (56, "r")
            king = self.king_square(color)
            for h_side in (True, False):
                square = next((r for r in self.castling if r // 8 * 8 == rank and (r > king) == h_side), None)
                if square is None:
                    continue
                outward = range(square + 1, rank + 8) if h_side else range(rank, square)
                outermost = not any(self.board[s] == rook for s in outward)
                letter = ("K" if h_side else "Q") if outermost and not shredder else FILES[square & 7].upper()
                letters.append(letter if color == WHITE else letter.lower())
        return "".join(letters) or "-"

    def fen(self, shredder=False):
        ep = square_name(self.ep) if self.ep is not None else "-"
        return (f"{self.placement()} {self.turn} {self.castling_field(shredder)} {ep} {self.halfmove} "
                f"{self.fullmove}")

    def repetition_key(self):
        """What makes two positions 'the same' for threefold repetition (FIDE 9.2): placement,
        side to move, castling rights, and the e.p. square only if an e.p. capture is legal."""
        ep = self.ep if self.ep is not None and any(
            m.to == self.ep and self.board[m.frm].upper() == "P" for m in self.legal_moves()) else None
        return (self.placement(), self.turn, self.castling, ep)

    # --- Attacks ---

    def king_square(self, color):
        return self.board.index("K" if color == WHITE else "k")

    def attacked(self, sq, by):
        """Is square sq attacked by a piece of colour `by`?"""
        board = self.board
        white = by == WHITE
        knight, king = ("N", "K") if white else ("n", "k")
        rook_like, bishop_like = (("R", "Q"), ("B", "Q")) if white else (("r", "q"), ("b", "q"))
        pawn = "P" if white else "p"
        for s in PAWN_ATTACKERS[by][sq]:
            if board[s] == pawn:
                return True
        for s in KNIGHT_TARGETS[sq]:
            if board[s] == knight:
                return True
        for s in KING_TARGETS[sq]:
            if board[s] == king:
                return True
        for rays, sliders in ((ORTHOGONAL_RAYS[sq], rook_like), (DIAGONAL_RAYS[sq], bishop_like)):
            for ray in rays:
                for s in ray:
                    p = board[s]
                    if p:
                        if p in sliders:
                            return True
                        break
        return False

    def in_check(self):
        return self.attacked(self.king_square(self.turn), other(self.turn))

    # --- Move generation ---

    def _pseudo_moves(self):
        board, turn = self.board, self.turn
        own = str.isupper if turn == WHITE else str.islower
        moves = []
        for sq in range(64):
            p = board[sq]
            if not p or not own(p):
                continue
            kind = p.upper()
            if kind == "P":
                self._pawn_moves(sq, moves)
            elif kind == "N" or kind == "K":
                for t in (KNIGHT_TARGETS if kind == "N" else KING_TARGETS)[sq]:
                    q = board[t]
                    if not q or not own(q):
                        moves.append(Move(sq, t, ""))
            else:
                rays = []
                if kind in "RQ":
                    rays += ORTHOGONAL_RAYS[sq]
                if kind in "BQ":
                    rays += DIAGONAL_RAYS[sq]
                for ray in rays:
                    for t in ray:
                        q = board[t]
                        if not q:
                            moves.append(Move(sq, t, ""))
                        else:
                            if not own(q):
                                moves.append(Move(sq, t, ""))
                            break
        self._castling_moves(moves)
        return moves

    def _pawn_moves(self, sq, moves):
        board = self.board
        white = self.turn == WHITE
        step, start_rank, last_rank = (8, 1, 7) if white else (-8, 6, 0)
        enemy = str.islower if white else str.isupper

        def add(to):
            if to >> 3 == last_rank:
                moves.extend(Move(sq, to, p) for p in PROMOTIONS)
            else:
                moves.append(Move(sq, to, ""))

        one = sq + step
        if not board[one]:
            add(one)
            if sq >> 3 == start_rank and not board[one + step]:
                moves.append(Move(sq, one + step, ""))
        for df in (-1, 1):
            f = (sq & 7) + df
            if 0 <= f < 8:
                to = one + df
                if (board[to] and enemy(board[to])) or to == self.ep:
                    add(to)

    def _castling_moves(self, moves):
        """Castling with each right of the side to move: every square between the king's and the
        rook's start and end squares empty but for the two, the king not in check and crossing
        no attacked square (its destination is judged after the move, by legal_moves)."""
        king = self.king_square(self.turn)
        rank = king // 8 * 8
        enemy = other(self.turn)
        for rook in self.castling:
            if rook // 8 * 8 != rank or self.board[rook] != ("R" if self.turn == WHITE else "r"):
                continue
            h_side = rook > king
            king_to, rook_to = rank + CASTLE_KING_FILE[h_side], rank + CASTLE_ROOK_FILE[h_side]
            low, high = min(king, rook, king_to, rook_to), max(king, rook, king_to, rook_to)
            if any(self.board[s] for s in range(low, high + 1) if s not in (king, rook)):
                continue
            step = 1 if king_to >= king else -1
            if any(self.attacked(s, enemy) for s in range(king, king_to + step, step)):
                continue
            moves.append(Move(king, rook if self.chess960 else king_to, ""))

    def legal_moves(self):
        """All legal moves (cached: positions are not changed after creation)."""
        if self._legal is None:
            legal = []
            mover = self.turn
            for m in self._pseudo_moves():
                after = self.push(m)
                if not after.attacked(after.king_square(mover), other(mover)):
                    legal.append(m)
            self._legal = legal
        return self._legal

    # --- Making moves ---

    def is_castling(self, move):
        p = self.board[move.frm]
        if p not in ("K", "k"):
            return False
        if self.chess960:
            return self.board[move.to] == ("R" if p == "K" else "r")
        return abs(move.to - move.frm) == 2

    def castling_squares(self, move):
        """(king from, king to, rook from, rook to) of a castling move."""
        king = move.frm
        rank = king // 8 * 8
        h_side = move.to > king
        rook = move.to if self.chess960 else next(r for r in self.castling if r // 8 * 8 == rank
                                                   and (r > king) == h_side)
        return king, rank + CASTLE_KING_FILE[h_side], rook, rank + CASTLE_ROOK_FILE[h_side]

    def is_capture(self, move):
        return bool(self.board[move.to]) or (move.to == self.ep and self.board[move.frm] in ("P", "p"))

    def push(self, move):
        """The position after `move` (assumed pseudo-legal); self is unchanged."""
        board = self.board[:]
        piece = board[move.frm]
        captured = board[move.to]
        ep = None
        if self.is_castling(move):
            king, king_to, rook, rook_to = self.castling_squares(move)
            rook_piece, captured = board[rook], ""
            board[king] = board[rook] = ""
            board[king_to], board[rook_to] = piece, rook_piece
        else:
            board[move.to] = piece
            board[move.frm] = ""
        if piece in ("P", "p"):
            if move.to == self.ep:
                board[move.to + (-8 if piece == "P" else 8)] = ""
                captured = "p"
            elif abs(move.to - move.frm) == 16:
                ep = (move.to + move.frm) // 2
            if move.promo:
                board[move.to] = move.promo.upper() if piece == "P" else move.promo
        # Rights lost: the king moved (both of its side's), a rook left its square or was taken there.
        own_rank = 0 if self.turn == WHITE else 56
        castling = tuple(r for r in self.castling if r not in (move.frm, move.to)
                         and not (piece in ("K", "k") and r // 8 * 8 == own_rank))
        halfmove = 0 if captured or piece in ("P", "p") else self.halfmove + 1
        fullmove = self.fullmove + (1 if self.turn == BLACK else 0)
        return Position(board, other(self.turn), castling, ep, halfmove, fullmove, self.chess960)

    def parse_uci(self, text):
        """The legal move written as `text` in coordinate notation (e2e4, e7e8q, e1g1).
        Raises IllegalMoveError: protocols demand lower-case promotion letters and castling as
        the king's two-square move (king takes rook in Chess960), so other spellings are
        rejected too."""
        if not (4 <= len(text) <= 5):
            raise IllegalMoveError(f"not a coordinate move: {text!r}")
        try:
            frm, to = parse_square(text[:2]), parse_square(text[2:4])
        except ValueError:
            raise IllegalMoveError(f"not a coordinate move: {text!r}") from None
        promo = text[4:]
        if promo and promo not in PROMOTIONS:
            raise IllegalMoveError(f"bad promotion letter in {text!r}")
        move = Move(frm, to, promo)
        if move not in self.legal_moves():
            raise IllegalMoveError(f"illegal move {text!r} in {self.fen()}")
        return move

    def parse_san(self, text):
        """The legal move written as `text` in SAN (for CECP engines that use san=1 or reply
        in SAN). Check marks and annotations are ignored; O-O may be written with zeros."""
        wanted = _san_core(text.replace("0", "O"))
        legal = self.legal_moves()
        for m in legal:
            body = self._san_body(m, legal)
            if body == wanted or body.replace("=", "") == wanted:
                return m
        raise IllegalMoveError(f"illegal or ambiguous SAN {text!r} in {self.fen()}")

    def parse_move(self, text):
        """Coordinate notation first (what both protocols use), then SAN."""
        try:
            return self.parse_uci(text)
        except IllegalMoveError:
            try:
                return self.parse_san(text)
            except IllegalMoveError:
                raise IllegalMoveError(f"illegal move {text!r} in {self.fen()}") from None

    # --- SAN ---

    def san(self, move):
        """Standard algebraic notation of a legal move, with + or # (for PGN)."""
        text = self._san_body(move, self.legal_moves())
        after = self.push(move)
        if after.in_check():
            text += "#" if not after.legal_moves() else "+"
        return text

    def _san_body(self, move, legal):
        """A legal move's SAN without its check mark; `legal`: this position's legal moves (the
        rivals that call for a file or rank)."""
        piece = self.board[move.frm].upper()
        if self.is_castling(move):
            text = "O-O" if move.to > move.frm else "O-O-O"
        elif piece == "P":
            text = (FILES[move.frm & 7] + "x" if self.is_capture(move) else "") + square_name(move.to)
            if move.promo:
                text += "=" + move.promo.upper()
        else:
            rivals = [m.frm for m in legal
                      if m.to == move.to and m.frm != move.frm and self.board[m.frm] == self.board[move.frm]]
            hint = ""
            if rivals:
                if all((r & 7) != (move.frm & 7) for r in rivals):
                    hint = FILES[move.frm & 7]
                elif all((r >> 3) != (move.frm >> 3) for r in rivals):
                    hint = str((move.frm >> 3) + 1)
                else:
                    hint = square_name(move.frm)
            text = piece + hint + ("x" if self.is_capture(move) else "") + square_name(move.to)
        return text

    # --- Material ---

    def insufficient_material(self):
        """Neither side can ever mate (FIDE dead position, the cases GUIs detect): kings only,
        one minor piece in all, or only bishops all standing on squares of one colour."""
        rest = [(sq, p) for sq, p in enumerate(self.board) if p and p not in ("K", "k")]
        if any(p.upper() in "PRQ" for _, p in rest):
            return False
        if len(rest) <= 1:
            return True
        if all(p.upper() == "B" for _, p in rest):
            shades = {((sq & 7) + (sq >> 3)) & 1 for sq, _ in rest}
            return len(shades) == 1
        return False

    def can_mate(self, color):
        """Could `color` ever give mate with its material (for a flag fall: a side that
        cannot mate draws instead of winning on time, as cutechess and FIDE 6.9 rule)."""
        own = [p.upper() for p in self.board if p and piece_color(p) == color and p.upper() != "K"]
        if any(p in "PRQ" for p in own):
            return True
        return len(own) >= 2


def _san_core(text):
    return text.rstrip("+#!?")


Outcome = namedtuple("Outcome", "result reason termination")
"""A finished game: PGN result, a reason in words, and the PGN Termination value."""


class Game:
    """A game from a start position: the moves played, every position passed, and the
    rule-based end (mate, stalemate, 50 moves, threefold repetition, dead material)."""

    def __init__(self, fen=START_FEN, chess960=False):
        self.start = Position.from_fen(fen, chess960)
        self.positions = [self.start]
        self.moves = []
        self.sans = []
        self._keys = Counter([self.start.repetition_key()])

    @property
    def position(self):
        return self.positions[-1]

    @property
    def chess960(self):
        return self.start.chess960

    def play(self, move_text):
        """Play a move given as text (coordinate or SAN); returns the Move.
        Raises IllegalMoveError and leaves the game unchanged if it is not legal."""
        move = self.position.parse_move(move_text)
        self.push(move)
        return move

    def push(self, move):
        self.sans.append(self.position.san(move))
        self.moves.append(move)
        after = self.position.push(move)
        self.positions.append(after)
        self._keys[after.repetition_key()] += 1
        return after

    def repetitions(self):
        """How often the current position has occurred (including now)."""
        return self._keys[self.position.repetition_key()]

    def outcome(self):
        """The rule-based result if the game is over, else None."""
        pos = self.position
        winner_is_white = pos.turn == BLACK
        if not pos.legal_moves():
            if pos.in_check():
                return Outcome("1-0" if winner_is_white else "0-1",
                               ("White" if winner_is_white else "Black") + " mates", "normal")
            return Outcome("1/2-1/2", "Draw by stalemate", "normal")
        if pos.halfmove >= 100:
            return Outcome("1/2-1/2", "Draw by fifty moves rule", "normal")
        if self.repetitions() >= 3:
            return Outcome("1/2-1/2", "Draw by 3-fold repetition", "normal")
        if pos.insufficient_material():
            return Outcome("1/2-1/2", "Draw by insufficient mating material", "normal")
        return None

    def uci_moves(self):
        return [m.uci() for m in self.moves]

    def movetext(self, comments=None, result="*"):
        """PGN movetext in SAN with move numbers, optional {comment} after each move,
        wrapped at 79 columns as the PGN standard asks."""
        tokens = []
        number, turn = self.start.fullmove, self.start.turn
        for i, san in enumerate(self.sans):
            if turn == WHITE:
                tokens.append(f"{number}.")
            elif i == 0:
                tokens.append(f"{number}...")
            tokens.append(san)
            if comments and i < len(comments) and comments[i]:
                tokens.append("{" + comments[i] + "}")
            if turn == BLACK:
                number += 1
            turn = other(turn)
        tokens.append(result)
        lines, line = [], ""
        for tok in tokens:
            if line and len(line) + 1 + len(tok) > 79:
                lines.append(line)
                line = tok
            else:
                line = f"{line} {tok}" if line else tok
        lines.append(line)
        return "\n".join(lines)


def perft(pos, depth):
    """Leaf count of the legal move tree (bulk-counted at the last ply)."""
    moves = pos.legal_moves()
    if depth <= 1:
        return len(moves) if depth == 1 else 1
    return sum(perft(pos.push(m), depth - 1) for m in moves)


# ---------------------------------------------------------------------------------------
# PGN files: the one reader that the scripts and the tests share
# ---------------------------------------------------------------------------------------

PGN_TAG_RE = re.compile(r'^\[(\w+) "(.*)"\]$')


class PgnGame(namedtuple("PgnGame", "tags movetext")):
    """One game of a PGN file: its tags (a dict) and its movetext (the lines after the tags
    joined by blanks, comments kept). Unpacks as (tags, movetext)."""

    __slots__ = ()

    def comments(self):
        """The texts of the movetext's {comments}, in order (match.py writes one per move)."""
        return re.findall(r"\{([^}]*)\}", self.movetext)

    def sans(self):
        """The moves as written (SAN), without numbers, comments, NAGs, variations or result."""
        return movetext_moves(self.movetext)

    def replay(self):
        """The game replayed by the referee: (Game, None), or (the game up to the problem,
        a description of the first move that is not legal)."""
        return game_from_pgn(self.tags, self.movetext)


def read_pgn(source):
    """[PgnGame] for every game in `source`: PGN text (anything with a line break) or the path
    of a PGN file. Lines starting with % are escapes and skipped, as is anything before the
    first tag (a file's leading {comment})."""
    if "\n" in source:
        lines = source.splitlines()
    else:
        with open(source, errors="replace") as f:
            lines = f.read().splitlines()
    games, tags, moves = [], None, []
    for line in lines:
        found = PGN_TAG_RE.match(line)
        if found:
            if tags is not None and moves:
                games.append(PgnGame(tags, " ".join(moves)))
                tags, moves = None, []
            if tags is None:
                tags = {}
            tags[found.group(1)] = found.group(2)
        elif tags is not None and line.strip() and not line.startswith("%"):
            moves.append(line.strip())
    if tags is not None:
        games.append(PgnGame(tags, " ".join(moves)))
    return games


def movetext_moves(movetext):
    """The move tokens of PGN movetext ("1. e4 {book} e5 2. Nf3 $1 (2. f4) 1-0" -> e4 e5 Nf3)."""
    text = re.sub(r"\{[^}]*\}|;[^\n]*|\$\d+", " ", movetext)
    while re.search(r"\([^()]*\)", text):
        text = re.sub(r"\([^()]*\)", " ", text)  # variations, innermost first
    tokens = (re.sub(r"^\d+\.+", "", token) for token in text.split()
              if not re.fullmatch(r"\d+\.+|1-0|0-1|1/2-1/2|\*", token))
    return tuple(token for token in tokens if token)


def game_from_pgn(tags, movetext):
    """Replay a game's SAN movetext from its FEN tag (or the start; a Chess960 game by its Variant
    tag); returns (Game, None) or (the game up to the problem, a description of the first move
    that is not legal)."""
    game = Game(tags.get("FEN", START_FEN), is_chess960_variant(tags.get("Variant")))
    for token in movetext_moves(movetext):
        try:
            game.push(game.position.parse_san(token))
        except IllegalMoveError as exc:
            return game, f"move {len(game.moves) + 1} {token!r} is illegal: {exc}"
    return game, None
