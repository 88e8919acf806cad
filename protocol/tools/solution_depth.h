/* solution_depth.h - the depth of a test problem as Berliner (1974, Table V-4) counted it: "the
 * deepest non-capture in any branch of the principal variation". */
#ifndef TECH_SOLUTION_DEPTH_H
#define TECH_SOLUTION_DEPTH_H

#include <stdint.h>

#include "board.h"
#include "epd.h"
#include "search.h"

/* Berliner's table runs to 10 and lumps the rest together as ">10". */
enum { SOLUTION_DEPTH_OVER = 11 };

typedef struct {
    int depth;      /* 1..10, SOLUTION_DEPTH_OVER, or 0 when no solution line was found */
    int searched;   /* the reference search's deepest completed depth */
    int needed;     /* plies of the principal variation the solution needs */
    int line_depth; /* branch_depth() of those plies (the mating line's length for a mate) */
    Score score;    /* the reference search's score of the solution */
    int pv_length;
    Move pv[MAX_PLY];
} SolutionDepth;

/* The 1-based ply of the deepest non-capture among the first `needed` moves of `pv` (a quiet
 * promotion is a non-capture); 1 when they are all captures (a one-ply search and TECH's
 * capture sequences see them). */
int deepest_non_capture(const Move *pv, int needed);

/* Classify one problem by "the deepest non-capture in any branch of the principal variation",
 * read from TECH's own principal variation: a reference search with TECH's own tree (full
 * width, then captures only) depth after depth within `nodes` nodes (a count, so the result is
 * the same on any machine) plays a bm move at every completed depth from some depth on; the
 * line of the first of those depths whose score shows a gain is the solution, and the depth is
 * branch_depth() of the plies that line needs, or the
 * mating line's length for a mate. A problem the reference does not play at its deepest
 * completed depth D, or plays with a line that shows no gain (a score of 0 or less: Berliner's
 * criterion asks the principal variation to show why the move wins), counts as D + 1 (a lower
 * bound) and has no line (pv_length 0). False when the problem has no bm. */
bool solution_depth(Search *search, const Position *pos, const EpdRecord *record, uint64_t nodes, SolutionDepth *out);

#endif
