/* positional.h - TECH's positional analysis: the once-per-move pre-sort of the root moves
 * (docs/SPEC.md §5, §6) and the per-root material re-valuation (§5.8). */
#ifndef TECH_POSITIONAL_H
#define TECH_POSITIONAL_H

#include <stdbool.h>

#include "board.h"
#include "movegen.h"

/* Game phase of a root position (docs/SPEC.md §5.1). */
typedef enum { PHASE_OPENING, PHASE_MIDDLEGAME, PHASE_PAWN_ENDGAME, PHASE_MATING, PHASE_ENDGAME, PHASE_NB } Phase;

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

/* Every reading's name in Reading order, NULL-terminated: the Presort Reading option's values. */
extern const char *const reading_names[READING_NB + 1];
/* The reading's name ("report", "push-as-printed", ...), as the Presort Reading option gives it. */
const char *reading_name(Reading reading);

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

/* The root moves of one position in TECH's positional order. */
typedef struct {
    Phase phase;
    int count;
    PresortEntry entries[MOVE_LIST_MAX];
} Presort;

/* docs/SPEC.md §5.1 [P]: "The opening is defined to be the first eight moves" (the FEN fullmove
 * number, when the game's move numbers are known [C]). */
enum { OPENING_LAST_MOVE = 8 };

/* The phase of the position for the side to move (§5.1). The opening is told by the move
 * number (FEN fullmove), so it needs move_number_known: the position's move number is the
 * game's own (a game from the initial array, or a FEN with its move number). */
Phase phase_of(const Position *pos, bool move_number_known);
/* Readable phase name: "opening", "middle game", "pawn endgame", "mating", "general endgame". */
const char *phase_name(Phase phase);
/* Score every legal root move of the side to move (with E10, `expanded`, by the expanded
 * module's terms instead of the phase's) and sort them: moves that allow a threefold
 * repetition (§6) last, then by score, highest first, equal scores in board order (the lower
 * origin square of Fig. 2 first, then the lower destination). The order depends on the
 * position and its repetition history only, never on the generation order. pos is used for
 * make/unmake and is returned unchanged. */
void presort_root(Position *pos, bool move_number_known, bool expanded, Reading reading, Presort *out);
/* The root moves of a program without positional analysis (the report's Game 4 opponent, the
 * Positional Presort option off): captures first, the most valuable victim first, as TECH's
 * generator sorted them, the rest in board order (the order of a generator that scans TECH's
 * 120-word board [C]), so that the order, like the pre-sort's, depends on the position only.
 * Scores are that sort key; phase is reported, no move is scored positionally. */
void presort_none(Position *pos, Presort *out);
/* The piece values the tactical search uses for this root (§5.8), value[color][type],
 * with TECH = the side to move. */
void material_revalue(const Position *pos, Phase phase, Reading reading, Score value[COLOR_NB][PIECE_TYPE_NB]);

#endif
