/* legality.c - pin detection so that most pseudo-legal moves are proved legal without make. */
#include "legality.h"

#include "attack.h"
#include "makemove.h"

/* QUEEN_STEP[delta + 77]: the queen-line step s with delta = k*s for some k in 1..7, or 0
 * (77 = h8 - a1, the largest distance between two playing squares). */
static const int8_t QUEEN_STEP[155] = {
    -11,   0,   0,   0,   0,   0,   0, -10,   0,   0,   0, -11,   0,   0,  -9,   0,   0, -10,   0,   0,
      0,   0, -11,  -9,   0,   0,   0, -10,   0,   0,   0,   0,  -9, -11,   0,   0,   0, -10,   0,   0,
      0,  -9,   0,   0, -11,   0,   0, -10,   0,   0,  -9,   0,   0,   0,   0, -11,   0, -10,   0,  -9,
      0,   0,   0,   0,   0,   0, -11, -10,  -9,   0,  -1,  -1,  -1,  -1,  -1,  -1,  -1,   0,   1,   1,
      1,   1,   1,   1,   1,   0,   9,  10,  11,   0,   0,   0,   0,   0,   0,   9,   0,  10,   0,  11,
      0,   0,   0,   0,   9,   0,   0,  10,   0,   0,  11,   0,   0,   9,   0,   0,   0,  10,   0,   0,
      0,  11,   9,   0,   0,   0,   0,  10,   0,   0,   0,   9,  11,   0,   0,   0,   0,  10,   0,   0,
      9,   0,   0,  11,   0,   0,   0,  10,   0,   0,   0,   0,   0,   0,  11,
};

static inline int direction_of(int delta) { return QUEEN_STEP[delta + 77]; }

void legality_prepare(const Position *pos, LegalityInfo *info)
{
    const Color us = pos->side;
    const int s = color_sign(us);
    const Square king = pos->plist[us][0];
    const int8_t *board = pos->board;
    info->king = king;
    info->pinned_count = 0;

    /* Knights and pawns give check only from fixed squares. */
    const int pawn_ahead = 10 * s;
    bool check = board[king + pawn_ahead - 1] == -s * PAWN || board[king + pawn_ahead + 1] == -s * PAWN;
    for (int i = 0; i < 8 && !check; i++) check = board[king + knight_offsets[i]] == -s * KNIGHT;

    /* Each queen line: the first man met either checks (enemy slider) or may be pinned. */
    for (int i = 0; i < 8; i++) {
        int step = king_offsets[i];
        bool diagonal = step == 9 || step == -9 || step == 11 || step == -11;
        Square t = king + step;
        while (board[t] == EMPTY) t += step;
        Piece first = board[t];
        if (first == OFFBOARD) continue;
        if (first * s < 0) {
            PieceType type = piece_type(first);
            if (type == QUEEN || type == (diagonal ? BISHOP : ROOK)) check = true;
            continue;
        }
        Square own = t;
        t += step;
        while (board[t] == EMPTY) t += step;
        Piece beyond = board[t];
        if (beyond == OFFBOARD || beyond * s > 0) continue;
        PieceType type = piece_type(beyond);
        if (type == QUEEN || type == (diagonal ? BISHOP : ROOK)) {
            info->pinned_square[info->pinned_count] = own;
            info->pin_direction[info->pinned_count] = step;
            info->pinned_count++;
        }
    }
    info->in_check = check;
}

bool last_move_exposed_king(const Position *pos, bool mover_was_in_check)
{
    const Color mover = !pos->side;
    const Move m = pos->undo[pos->undo_len - 1].move;
    const Square king = pos->plist[mover][0];
    if (mover_was_in_check || move_to(m) == king || move_is_en_passant(m)) return king_attacked(pos, mover);
    /* Otherwise only a line through the vacated square can have opened onto the king. */
    int step = direction_of(move_from(m) - king);
    if (!step) return false;
    Square t = king + step;
    while (pos->board[t] == EMPTY) t += step;
    Piece p = pos->board[t];
    if (p == OFFBOARD || piece_color(p) == mover) return false;
    PieceType type = piece_type(p);
    bool diagonal = step == 9 || step == -9 || step == 11 || step == -11;
    return type == QUEEN || type == (diagonal ? BISHOP : ROOK);
}

bool legality_check_slow(Position *pos, const LegalityInfo *info, Move m)
{
    const Square from = move_from(m), to = move_to(m);
    if (info->in_check || move_is_en_passant(m)) {
        make_move(pos, m);
        bool legal = !enemy_king_capturable(pos);
        unmake_move(pos);
        return legal;
    }
    if (from == info->king) {
        if (move_is_castle(m)) return true; /* the generator tested every square */
        pos->board[from] = EMPTY;            /* the king must not shield its own square */
        bool safe = !square_attacked(pos, to, !pos->side);
        pos->board[from] = (int8_t)piece_make(pos->side, KING);
        return safe;
    }
    for (int i = 0; i < info->pinned_count; i++)
        if (info->pinned_square[i] == from) return direction_of(to - info->king) == info->pin_direction[i];
    return true;
}
