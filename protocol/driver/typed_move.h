/* typed_move.h - a move as a person types it at the console: coordinate notation or SAN, in any
 * letter case where that names one move (nf3, NF3, exd5, E2E4, o-o). A lower-case b is a file
 * first: bxc3 is the pawn's capture when a pawn can make it, the bishop's only when none can. */
#ifndef TECH_TYPED_MOVE_H
#define TECH_TYPED_MOVE_H

#include "board.h"
#include "movegen.h"

enum { TYPED_MOVE_ERROR_MAX = 96 };

typedef enum {
    TYPED_MOVE_FOUND,     /* `move` is the one legal move the text names */
    TYPED_MOVE_AMBIGUOUS, /* the text names every move of `choices`, and more than one */
    TYPED_MOVE_ILLEGAL,   /* the text is a move's, but no legal one: `error` says why */
    TYPED_MOVE_NOT_A_MOVE /* the text has no move's shape in any letter case */
} TypedMoveStatus;

typedef struct {
    TypedMoveStatus status;
    Move move;
    MoveList choices;
    char error[TYPED_MOVE_ERROR_MAX];
} TypedMove;

/* Read `text` against the legal moves of *pos (which is left as it was). The text exactly as
 * correct notation writes a legal move (Nf3, bxc3, e2e4) always names that move; otherwise every
 * reading in another letter case counts, and two moves named make the text ambiguous. Coordinates
 * write castling as `chess960` says (notation.h). */
void typed_move_read(Position *pos, const char *text, bool chess960, TypedMove *out);

#endif
