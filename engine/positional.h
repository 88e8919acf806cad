/* positional.h - TECH's positional analysis: the once-per-move pre-sort of the root moves
 * (docs/SPEC.md §5, §6) and the per-root material re-valuation (§5.8). */
#ifndef TECH_POSITIONAL_H
#define TECH_POSITIONAL_H

#include <stdbool.h>

#include "board.h"
#include "movegen.h"
#include "presort_entry.h"

/* Game phase of a root position (docs/SPEC.md §5.1). */
typedef enum { PHASE_OPENING, PHASE_MIDDLEGAME, PHASE_PAWN_ENDGAME, PHASE_MATING, PHASE_ENDGAME, PHASE_NB } Phase;

/* Every reading's name in Reading order, NULL-terminated: the Presort Reading option's values. */
extern const char *const reading_names[READING_NB + 1];
/* The reading's name ("report", "push-as-printed", ...), as the Presort Reading option gives it. */
const char *reading_name(Reading reading);

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
