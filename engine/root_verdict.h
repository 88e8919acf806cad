/* root_verdict.h - what the root knew of its moves when it chose one (SearchLimits.explain): the
 * chosen move's exact line, how many root moves scored equal to it and which, and the exact lines
 * of the moves a person would expect. It is taken from the very depth that chose the move, so an
 * explanation built on it is the truth of how TECH chose, not a second search. */
#ifndef TECH_ROOT_VERDICT_H
#define TECH_ROOT_VERDICT_H

#include "search.h"

typedef struct RootVerdict {
    Depth depth;    /* the depth that chose the move; 0 = no verdict (none asked, none done) */
    bool partial;   /* that depth was cut short: only `searched` of its root moves finished */
    int searched;   /* root moves fully searched at that depth */
    int root_moves; /* root moves in all */
    /* searched root moves whose score equals the chosen move's, itself included (0: not counted,
       under MultiPV or Variety) */
    int tied;
    bool ties_cut; /* the count ran out of its work first: `tied` is a lower bound */
    /* lines[0] the chosen move's line; then the tied moves (their first move only), at most
       VERDICT_LINES_MAX in all */
    int line_count;
    SearchInfo lines[VERDICT_LINES_MAX];
    int expected_count; /* the expected moves searched exactly, with their lines */
    SearchInfo expected[VERDICT_EXPECTED_MAX];
} RootVerdict;

/* Start the verdict of a pass over the root at `best`'s depth: the chosen move's line. */
void root_verdict_begin(RootVerdict *verdict, const SearchInfo *best, int searched, int root_moves, bool partial);
/* One more root move (of pre-sort rank `rank`, 0 = first) equal to the chosen one. */
void root_verdict_add_tied(RootVerdict *verdict, Move move, int rank);
/* The expected moves' exact lines. */
void root_verdict_set_expected(RootVerdict *verdict, const SearchInfo *expected, int count);

/* The place of `move` among the expected moves of `request`, or -1. */
int explain_expected_index(const ExplainRequest *request, Move move);

#endif
