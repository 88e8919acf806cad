/* legality.h - fast strict-legality test for pseudo-legal moves (pins and check, no make). */
#ifndef TECH_LEGALITY_H
#define TECH_LEGALITY_H

#include "board.h"

/* What one position's legality tests share: check status and the pinned men. */
typedef struct {
    bool in_check;
    Square king;
    int pinned_count;
    Square pinned_square[8];
    int pin_direction[8]; /* step from the king toward the pinner */
} LegalityInfo;

/* Scan the side to move's king rays for check and pins. */
void legality_prepare(const Position *pos, LegalityInfo *info);
/* The full test behind legality_check(): check evasions, en passant, king moves, pins. */
bool legality_check_slow(Position *pos, const LegalityInfo *info, Move m);

/* True if the pseudo-legal move m leaves the mover's king safe. Most moves (not in check, no
 * pin, not the king, not e.p.) are cleared inline; make/unmake only for the rare cases. */
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
