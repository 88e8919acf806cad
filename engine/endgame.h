/* endgame.h - E13, the basic endgames (docs/SPEC.md §10): what a leaf with a bare king on one
 * side is known to be worth, recognised by its material alone. */
#ifndef TECH_ENDGAME_H
#define TECH_ENDGAME_H

#include "board.h"

typedef enum {
    ENDGAME_NONE,  /* nothing known: the leaf is scored as usual */
    ENDGAME_DRAW,  /* a known draw: the leaf is worth 0 */
    ENDGAME_SCORED /* the leaf is worth its usual score plus the bonus given */
} EndgameVerdict;

/* For a position in which one side (or both) has only its king: a known draw (KK, KNK, KBK,
 * KNNK, bishops of one colour, the wrong rook pawn, a drawn KPK), or a bonus, White minus Black,
 * that leads the stronger side to the win (a won KPK; the lone king driven to the edge, to the
 * bishop's corner in KBNK, the kings brought together). */
EndgameVerdict endgame_recognise(const Position *pos, int *bonus);

#endif
