/* positional_common.h - what the phase scorers of the root pre-sort share: the move being
 * scored, term recording, the centre-control array and field look-ups (positional_common.c),
 * and the phase scorers positional.c calls (internal to positional*.c). */
#ifndef TECH_POSITIONAL_COMMON_H
#define TECH_POSITIONAL_COMMON_H

#include "movegen.h"
#include "presort_entry.h"

/* A 7x7 field centred on a king (TECH Figs. 6, 8, 9, 10): row 0 = three ranks above the
 * centre as printed, column 0 = three files to its left. */
typedef int KingField[7][7];

/* The root move being scored. pos is the root position before the move; a scorer that
 * makes moves on it must restore it. */
typedef struct {
    Position *pos;
    Move move;
    Square from, to;
    PieceType type;  /* type of the moving man before the move (PAWN for a promotion) */
    Color us, them;  /* us = TECH, the side to move at the root */
    Reading reading; /* which reading of the rules (READING_REPORT in play) */
    PresortEntry *entry;
} MoveContext;

/* Add a named term to the entry's score; zero terms are not recorded. */
void presort_term_add(PresortEntry *entry, const char *name, int value);
/* The centre-control value of a square (TECH Fig. 5). */
int presort_centre(Square sq);
/* Centrality gain `factor * (CC[to] - CC[from])` of the move (§5.2). */
int presort_centre_gain(const MoveContext *ctx, int factor);
/* Value of `field` at sq when the field is centred on `centre` (0 outside the 7x7). */
int presort_field(const KingField field, Square centre, Square sq);
/* Rank 0..7 of sq seen from colour c's side (0 = c's first rank). */
int presort_relative_rank(Color c, Square sq);
/* The square on `file` at rank `rank` (0..7) seen from colour c's side. */
Square presort_relative_square(Color c, int file, int rank);
/* Pseudo-legal moves the mover has after the move, as if it were to move again,
 * castling excluded (§5.4 mobility). */
int presort_mobility(const MoveContext *ctx);
/* True if the pawn on sq has no enemy pawn ahead of it on its own or an adjacent file. */
bool presort_pawn_passed(const Position *pos, Square sq);
/* Pawn-advance bonus or rear-pawn penalty of a pawn move (§5.5, also §5.6). */
void presort_pawn_advance(const MoveContext *ctx);

/* The phase scorers (positional_opening.c, positional_endgame.c). */
void presort_score_opening(const MoveContext *ctx);
void presort_score_middlegame(const MoveContext *ctx);
void presort_score_pawn_endgame(const MoveContext *ctx);
void presort_score_general_endgame(const MoveContext *ctx);
void presort_score_mating(const MoveContext *ctx);
/* E10, every phase (positional_expanded.c). */
void presort_score_expanded(const MoveContext *ctx);

#endif
