/* legality.h - fast strict-legality test for pseudo-legal moves (pins and check, no make). */
#ifndef TECH_LEGALITY_H
#define TECH_LEGALITY_H

#include "board.h"

/* What one position's legality tests share: the king, who gives check, and the pinned men. */
typedef struct {
    bool in_check;
    int checkers;   /* men giving check: 0, 1 or 2 */
    Square king;    /* the side to move's king */
    Square checker; /* with one checker: its square */
    int check_step; /* with one sliding checker: the step from the king toward it; else 0 */
    int pinned_count;
    Square pinned_square[8];
    int pin_direction[8]; /* step from the king toward the pinner */
} LegalityInfo;

/* Scan the side to move's king rays, knight and pawn squares for checkers and pins. */
void legality_prepare(const Position *pos, LegalityInfo *info);
/* Whether the man on `sq` is pinned to its king. */
static inline bool legality_pinned(const LegalityInfo *info, Square sq)
{
    for (int i = 0; i < info->pinned_count; i++)
        if (info->pinned_square[i] == sq) return true;
    return false;
}
/* The full test behind legality_check(): check evasions, king moves, pins; only a capture en
 * passant is made and unmade (it takes a man off a second square). */
bool legality_check_slow(Position *pos, const LegalityInfo *info, Move m);

/* True if the pseudo-legal move m leaves the mover's king safe. Most moves (not in check, no
 * pin, not the king, not e.p.) are cleared inline; the rest by legality_check_slow. */
static inline bool legality_check(Position *pos, const LegalityInfo *info, Move m)
{
    if (!info->in_check && info->pinned_count == 0 && move_from(m) != info->king && !move_is_en_passant(m)) return true;
    return legality_check_slow(pos, info, m);
}

/* After a pseudo-legal move (the last one on the undo stack): can the side to move now capture
 * the mover's king? Exactly king_attacked(pos, mover), but only a single ray is scanned unless
 * the mover was in check, moved its king or captured en passant. */
bool last_move_exposed_king(const Position *pos, bool mover_was_in_check);

/* After a move (the last one on the undo stack) that did not leave the side now to move in
 * check before it was played: is that side in check now? Exactly position_in_check(pos) under
 * that condition, which holds at every node whose parent was not refuted by king capture; only
 * the moved man and the line through its origin are looked at (castling and e.p.: full test). */
bool last_move_gave_check(const Position *pos);

#endif
