/* presort_entry.h - a root move as the pre-sort scores it (its named terms) and the readings of
 * the rules it is scored under: what positional.c and its phase scorers (positional_common.h)
 * share, below both (docs/SPEC.md §5, docs/FIDELITY.md §4). */
#ifndef TECH_PRESORT_ENTRY_H
#define TECH_PRESORT_ENTRY_H

#include <stdbool.h>

#include "types.h"

/* The readings of the report's positional rules (docs/FIDELITY.md §4). READING_REPORT is the
 * set TECH-1971 plays; each other value turns one question to its other reading and keeps the
 * rest, so that the replay can measure every reading against its alternative (the cross-check
 * of tests/protocol/test_replay.py and scripts/replay.py --cross-check). */
typedef enum {
    READING_REPORT,                   /* the readings docs/FIDELITY.md §4 chooses */
    READING_PUSH_AS_PRINTED,          /* K2-K4 and Q2-Q4 rows without the support condition */
    READING_SUPPORT_BY_ANY_MAN,       /* "supported" = defended by any man, not by a pawn */
    READING_CENTRE_CAPTURE_ANY_MAN,   /* the centre-pawn capture rows for a capture by any man */
    READING_PHASE_EITHER_SIDE,        /* the middle game ends when either side is below 1950 */
    READING_REPETITION_ANY,           /* any move back to an earlier position goes last */
    READING_REPETITION_OWN_MOVE,      /* a third occurrence by TECH's own move only, no reply */
    READING_PAWNS_190_BOTH_SIDES,     /* 190 for every pawn when TECH has 2 or fewer */
    READING_ROOK_BEHIND_ROOK_SIDE,    /* "behind" a passed pawn seen from the rook's side */
    READING_MIDDLEGAME_KING_PLUS_ONE, /* the middle-game king factor +1 */
    READING_KING_FIELD_PAWNS,         /* pawns earn the middle-game king-field term too */
    READING_PIECE_CAPTURE_OF_PIECE,   /* "piece captures" = captures of a N, B, R or Q */
    READING_AHEAD_BY_200,             /* "ahead in material" = a lead of 200 or more */
    READING_NB
} Reading;

/* Most named terms one root move can carry. */
enum { PRESORT_TERMS_MAX = 32 };

/* One named contribution to a move's score, e.g. {"centre", 20} or {"K2-K4", 30}. */
typedef struct {
    const char *name;
    int value;
} PresortTerm;

/* A scored root move: score is the sum of its terms; repeats marks a move that lets a
 * position occur for the third time, by itself or after a reply of the opponent (§6). */
typedef struct {
    Move move;
    int score;
    bool repeats;
    int term_count;
    PresortTerm terms[PRESORT_TERMS_MAX];
} PresortEntry;

#endif
