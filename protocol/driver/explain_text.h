/* explain_text.h - an explanation's facts (what explain.c finds in the search's verdict and the
 * pre-sort) and their words: the move and what it does to the material, its line in SAN, the tie
 * and the pre-sort's reasons, the refuted expectation, what the level saw. */
#ifndef TECH_EXPLAIN_TEXT_H
#define TECH_EXPLAIN_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "positional.h"
#include "root_verdict.h"

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
    int refuted_count; /* the expected moves the search rejected ... */
    /* ... the pre-sort's first (else the most natural capture) */
    bool refuted_was_first[VERDICT_EXPECTED_MAX];
    ExplainedLine refuted[VERDICT_EXPECTED_MAX];
    /* an expected move kept as much material and scored lower: the positional terms at the leaves
       (E11, E12) chose */
    bool positional_decided;
    ExplainedLine positional_rival; /* its line */
    bool variety;                   /* Variety chose it among the moves equal to the best */
} Explanation;

/* The explanation in words, lines of at most EXPLAIN_COLUMNS separated by '\n'. */
void explain_text(Position *pos, const ExplainPlayer *player, const Explanation *explanation, char *out, size_t size);

/* How much of a line shows what it does to the material: up to its last capture or promotion
 * (at least its first move). */
int explain_line_shown(const ExplainedLine *line);

/* A line's moves in SAN with move numbers from `pos`: "14...Nxe4 15.Nxe4 d5". */
void explain_line_san(Position *pos, const Move *pv, int count, char *out, size_t size);

/* A pre-sort term as a player names it: "centre" -> "centre control". */
const char *explain_term_words(const char *term);

#endif
