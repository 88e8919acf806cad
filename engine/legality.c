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
    info->king = king;
    info->in_check = square_attacked(pos, king, !us);
    info->pinned_count = 0;
    for (int i = 0; i < 8; i++) {
        int step = king_offsets[i];
        bool diagonal = step == 9 || step == -9 || step == 11 || step == -11;
        Square t = king + step;
        while (pos->board[t] == EMPTY) t += step;
        Piece first = pos->board[t];
        if (first == OFFBOARD || first * s < 0) continue; /* no own man on this ray */
        Square own = t;
        t += step;
        while (pos->board[t] == EMPTY) t += step;
        Piece beyond = pos->board[t];
        if (beyond == OFFBOARD || beyond * s > 0 || beyond == EMPTY) continue;
        PieceType type = piece_type(beyond);
        if (type == QUEEN || (diagonal ? type == BISHOP : type == ROOK)) {
            info->pinned_square[info->pinned_count] = own;
            info->pin_direction[info->pinned_count] = step;
            info->pinned_count++;
        }
    }
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
