/* kpk.h - E13's bitbase of king and pawn against king (docs/SPEC.md §10): which positions the
 * side with the pawn wins, worked out once by retrograde analysis when a search first needs it. */
#ifndef TECH_KPK_H
#define TECH_KPK_H

#include "board.h"

/* Build the bitbase (once; thread-safe; about 24 KB). */
void kpk_init(void);
/* Whether the side with the pawn wins, with `to_move` to move: its king, its pawn, the lone
 * king. The position must be legal (kings apart, the pawn on ranks 2-7 of its side). */
bool kpk_wins(Color pawn_side, Square strong_king, Square pawn, Square weak_king, Color to_move);

#endif
