/* explain.h - why TECH plays a move, told from the search and the pre-sort that chose it: what the
 * move does to the material within the search's horizon and the line that shows it, how many
 * moves tied with it and why the pre-sort put it first, the refutation of the move a person would
 * expect, and what the level could see. Built on the root's verdict (engine/root_verdict.h) that
 * the search took at the depth that chose the move: no second search. */
#ifndef TECH_EXPLAIN_H
#define TECH_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "options.h"
#include "positional.h"
#include "searcher.h"

/* The leading pre-sort terms an explanation names. */
enum { EXPLAIN_TERMS_MAX = 3 };
/* [C] An explanation's text: a few lines within 80 columns. */
enum { EXPLAIN_TEXT_MAX = 1600, EXPLAIN_COLUMNS = 80 };

/* Who chose, for the words on the level: the profile, and whether a strength or a speed held it. */
typedef struct {
    const char *profile; /* "TECH-1971", "TECH-deep", "TECH-modern" */
    int elo;             /* UCI_LimitStrength's Elo, or 0 at full strength */
    bool paced;          /* Speed held it to a slower machine */
    bool for_person;     /* a hint: the move TECH would play for the person */
    bool variety;        /* Variety is on: TECH may play any move equal to its best */
} ExplainPlayer;

/* One root move's line and what it does to the material, in TECH's base values (P 100 ...). */
typedef struct {
    Score score;  /* the search's score of the line (side to move's view) */
    int material; /* base material change from the root to the line's end, mover's view */
    int gained[PIECE_TYPE_NB], lost[PIECE_TYPE_NB]; /* men taken off each side along the line */
    int pv_length;
    Move pv[MAX_PLY];
} ExplainedLine;

typedef struct {
    bool known;           /* the verdict chose the move played (else only `note` is said) */
    Move move;            /* the move explained */
    ExplainedLine chosen; /* its line */
    Depth depth;          /* the depth that chose it */
    bool partial;         /* that depth was cut: `searched` of `root_moves` moves finished */
    int searched, root_moves;
    int tied;         /* root moves with the chosen move's score (itself included) */
    bool ties_cut;    /* the count was cut: at least `tied` */
    int presort_rank; /* the move's place in the pre-sort, 1 = first */
    int term_count;   /* its leading positive pre-sort terms, largest first */
    PresortTerm terms[EXPLAIN_TERMS_MAX];
    int presort_score;  /* its pre-sort score */
    bool has_runner_up; /* the next tied move in the pre-sort: its score and leading terms */
    Move runner_up;
    int runner_score;
    int runner_term_count;
    PresortTerm runner_terms[EXPLAIN_TERMS_MAX];
    int refuted_count;                            /* the expected moves the search rejected ... */
    bool refuted_was_first[VERDICT_EXPECTED_MAX]; /* ... the pre-sort's first (else the most natural
                                                       capture) */
    ExplainedLine refuted[VERDICT_EXPECTED_MAX];
    bool positional_decided;        /* an expected move kept as much material and scored lower:
                                       the positional terms at the leaves (E11, E12) chose */
    ExplainedLine positional_rival; /* its line */
    bool variety;                   /* Variety chose it among the moves equal to the best */
} Explanation;

/* What the search must keep to explain its choice in `pos` (the root moves and their pre-sort
 * as the search will have them): the expected moves, the pre-sort's first and the capture of the
 * most valuable man by the least valuable one. `pos` is returned as it was. */
void explain_request(Position *pos, const SearchFeatures *features, bool started_from_initial, ExplainRequest *out);

/* Read the job's verdict on the move it chose in `pos` (the position searched). */
void explain_build(Position *pos, const SearchFeatures *features, bool started_from_initial, const JobResult *result,
                   Explanation *out);

/* The explanation in words, lines of at most EXPLAIN_COLUMNS separated by '\n'. */
void explain_text(Position *pos, const ExplainPlayer *player, const Explanation *explanation, char *out, size_t size);

/* Why the job `result` chose its move in the game's position, for the player the settings make
 * (`for_person`: a hint, the move TECH would play for the person), in `out`. */
void explain_job(Game *game, const Settings *settings, const JobResult *result, bool for_person, char *out,
                 size_t size);

/* How much of a line shows what it does to the material: up to its last capture or promotion
 * (at least its first move). */
int explain_line_shown(const ExplainedLine *line);

/* A line's moves in SAN with move numbers from `pos`: "14...Nxe4 15.Nxe4 d5". */
void explain_line_san(Position *pos, const Move *pv, int count, char *out, size_t size);

/* A pre-sort term as a player names it: "centre" -> "centre control". */
const char *explain_term_words(const char *term);

#endif
