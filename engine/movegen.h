/* movegen.h - TECH's table-driven pseudo-legal move generator (docs/SPEC.md §3). */
#ifndef TECH_MOVEGEN_H
#define TECH_MOVEGEN_H

#include "board.h"
#include "legality.h"

/* More than the maximum number of pseudo-legal moves in any position. */
enum { MOVE_LIST_MAX = 256 };

typedef struct {
    Move moves[MOVE_LIST_MAX];
    int count;
} MoveList;

typedef enum {
    GEN_ALL,          /* captures (by victim value) then quiet moves */
    GEN_NOISY,        /* captures and every promotion */
    GEN_CAPTURES,     /* captures only: GEN_ALL's first part */
    GEN_NON_CAPTURES, /* the rest of GEN_ALL, in its order: GEN_ALL = GEN_CAPTURES then these */
    GEN_QUIET,        /* non-captures that are not promotions, castling included */
    /* GEN_QUIET without castling, only of the men that could give check with a quiet move: every
       quiet check is among them */
    GEN_QUIET_CHECK_CANDIDATES
} GenKind;

/* Generate pseudo-legal moves of the side to move into `list` (which is overwritten).
 * Captures come first, ordered by the captured man's value, highest first (K, Q, R, B=N,
 * P; ties in generation order), then the other moves in generation order with the queen
 * promotion ahead of the under-promotions. Castling is generated only when fully legal. */
void generate_moves(const Position *pos, GenKind kind, MoveList *list);
/* Whether `m` is, word for word, a move generate_moves(pos, GEN_ALL) would give: how the search
 * tries a killer or a table move before it generates the node's moves. */
bool move_is_pseudo_legal(const Position *pos, Move m);
/* The number of strictly legal moves of the side to move, counted as GEN_ALL generates them and
 * none stored (perft's last ply): a move of the king or of a pinned man, a capture en passant and
 * every move in check pass legality_check_slow; the others are legal as generated. `legality`
 * is legality_prepare's for pos. */
int count_legal_moves(Position *pos, const LegalityInfo *legality);

#endif
