/* legality.c - pin detection so that most pseudo-legal moves are proved legal without make. */
#include "legality.h"

#include "attack.h"
#include "makemove.h"

/* The queen-line step that leads from one square to another within 7 steps, or 0.
 * Only called for pinned men, so a loop is cheap enough. */
static int direction_of(int delta)
{
    if (delta == 0) return 0;
    static const int steps[8] = {-11, -10, -9, -1, 1, 9, 10, 11};
    for (int i = 0; i < 8; i++) {
        int step = steps[i];
        if (delta % step == 0 && delta / step > 0 && delta / step <= 7) return step;
    }
    return 0;
}

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

bool legality_check(Position *pos, const LegalityInfo *info, Move m)
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
