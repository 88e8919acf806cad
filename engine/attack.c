/* attack.c - attack detection by scanning outward from the target square. */
#include "attack.h"

bool square_attacked(const Position *pos, Square sq, Color by)
{
    const int8_t *board = pos->board;
    const int s = color_sign(by);

    /* Pawns of `by` attack forward: a white pawn on sq-9 or sq-11 attacks sq. */
    const int pawn_back = -pawn_push(by);
    if (board[sq + pawn_back - 1] == s * PAWN || board[sq + pawn_back + 1] == s * PAWN) return true;

    for (int i = 0; i < 8; i++)
        if (board[sq + knight_offsets[i]] == s * KNIGHT) return true;

    /* Diagonals: bishop or queen at the end of an empty ray, king one step away. */
    for (int i = 0; i < 4; i++) {
        int step = bishop_offsets[i];
        Square t = sq + step;
        if (board[t] == s * KING) return true;
        while (board[t] == EMPTY) t += step;
        if (board[t] == s * BISHOP || board[t] == s * QUEEN) return true;
    }
    /* Files and ranks: rook or queen, or the king adjacent. */
    for (int i = 0; i < 4; i++) {
        int step = rook_offsets[i];
        Square t = sq + step;
        if (board[t] == s * KING) return true;
        while (board[t] == EMPTY) t += step;
        if (board[t] == s * ROOK || board[t] == s * QUEEN) return true;
    }
    return false;
}

/* The step that leads from `from` to `to` along a rank, file or diagonal, 0 if none. */
static int line_step(Square from, Square to)
{
    int dr = square_rank(to) - square_rank(from), df = square_file(to) - square_file(from);
    if (dr == 0 && df == 0) return 0;
    if (dr == 0) return df > 0 ? 1 : -1;
    if (df == 0) return dr > 0 ? BOARD_WIDTH : -BOARD_WIDTH;
    if (dr != df && dr != -df) return 0;
    return (dr > 0 ? BOARD_WIDTH : -BOARD_WIDTH) + (df > 0 ? 1 : -1);
}

/* Whether a man of type `type` standing on `from` (and nothing else moved) would reach `target`
 * along an empty line; `vacated` counts as empty. */
static bool slider_reaches(const Position *pos, PieceType type, Square from, Square target, Square vacated)
{
    int step = line_step(from, target);
    if (!step) return false;
    bool diagonal = step_is_diagonal(step);
    if (type == ROOK && diagonal) return false;
    if (type == BISHOP && !diagonal) return false;
    Square t = from + step;
    while (t != target && (pos->board[t] == EMPTY || t == vacated)) t += step;
    return t == target;
}

bool quiet_move_gives_check(const Position *pos, Move m)
{
    const Color us = pos->side;
    const Square from = move_from(m), to = move_to(m), king = position_king(pos, !us);
    const PieceType type = piece_type(pos->board[from]);
    /* 1. Direct check from the destination. */
    switch (type) {
    case PAWN: {
        const int forward = pawn_push(us);
        if (king == to + forward - 1 || king == to + forward + 1) return true;
        break;
    }
    case KNIGHT:
        for (int i = 0; i < 8; i++)
            if (to + knight_offsets[i] == king) return true;
        break;
    case BISHOP:
    case ROOK:
    case QUEEN:
        if (slider_reaches(pos, type, to, king, from)) return true;
        break;
    case KING: /* only an illegal move puts the kings side by side, but it "attacks" too */
        for (int i = 0; i < 8; i++)
            if (to + king_offsets[i] == king) return true;
        break;
    default: break;
    }
    /* 2. Discovered check: the man leaves a line between the king and our rook, bishop or
     *    queen, and does not stay on it. */
    int step = line_step(king, from);
    if (!step || line_step(king, to) == step) return false;
    Square t = king + step;
    while (t != from && pos->board[t] == EMPTY) t += step;
    if (t != from) return false;
    t += step;
    while (pos->board[t] == EMPTY) t += step;
    const Piece p = pos->board[t];
    if (p == OFFBOARD || piece_color(p) != us) return false;
    const PieceType slider = piece_type(p);
    return slider == QUEEN || slider == (step_is_diagonal(step) ? BISHOP : ROOK);
}
