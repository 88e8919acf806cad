/* root_verdict.h - what the root knew of its moves when it chose one (SearchLimits.explain): the
 * chosen move's exact line, every move that scored equal to it or within a margin of it, each
 * with its exact line, how many tied, and the exact lines of the moves a person would expect. It
 * is taken from the very depth that chose the move, so an explanation built on it is the truth
 * of how TECH chose, not a second search. */
#ifndef TECH_ROOT_VERDICT_H
#define TECH_ROOT_VERDICT_H

#include "root_lines.h"
#include "search.h"

/* What the root takes from a completed (or cut) depth: the lines listed, the expected moves'. */
typedef struct RootVerdict {
    Depth depth;    /* the depth that chose the move; 0 = no verdict (none asked, none done) */
    bool partial;   /* that depth was cut short: only `searched` of its root moves finished */
    int searched;   /* root moves fully searched at that depth */
    int root_moves; /* root moves in all */
    int tied;       /* searched root moves whose score equals the chosen move's */
    int near;       /* searched root moves within `margin` of the chosen move (the tied too) */
    Score margin;   /* ExplainRequest.margin as searched */
    int line_count; /* lines[0] the chosen move's, then the others within the margin, best
                             first and equal scores in the pre-sort's order (at most VERDICT_LINES_MAX) */
    SearchInfo lines[VERDICT_LINES_MAX];
    int expected_count; /* the expected moves that were searched exactly */
    SearchInfo expected[VERDICT_EXPECTED_MAX];
} RootVerdict;

/* Take the verdict of a pass over the root: `lines` as root_lines.c kept them (with the margin),
 * the expected moves' exact lines, the depth and how much of it was searched. */
void root_verdict_take(RootVerdict *verdict, const RootLines *lines, const SearchInfo *expected, int expected_count,
                       Depth depth, int searched, int root_moves, bool partial);

/* The place of `move` among the expected moves of `request`, or -1. */
int explain_expected_index(const ExplainRequest *request, Move move);

#endif
