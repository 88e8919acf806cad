/* attack.h - is a square attacked? The one attack test TECH needs (castling, king capture, check). */
#ifndef TECH_ATTACK_H
#define TECH_ATTACK_H

#include "board.h"

/* True if a man of colour `by` attacks `sq` (pawns by their capture offsets). */
bool square_attacked(const Position *pos, Square sq, Color by);

/* True if colour c's king is attacked. */
static inline bool king_attacked(const Position *pos, Color c)
{
    return square_attacked(pos, position_king(pos, c), !c);
}

/* True if the quiet (non-capture, non-promotion, non-castling) pseudo-legal move m of the side
 * to move checks the enemy king, directly or by uncovering a rook, bishop or queen; without
 * making it. Castling's rook checks are not looked for. */
bool quiet_move_gives_check(const Position *pos, Move m);

/* True if the side to move is in check. */
static inline bool position_in_check(const Position *pos) { return king_attacked(pos, pos->side); }

/* True if the side to move could capture the enemy king: the last move was illegal
 * (docs/SPEC.md §3, king-capture legality). */
static inline bool enemy_king_capturable(const Position *pos) { return king_attacked(pos, !pos->side); }

#endif
