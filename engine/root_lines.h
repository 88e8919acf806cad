/* root_lines.h - the root's scored lines, for MultiPV and Variety: the root moves that score
 * among the best K, or within a margin of the best, each with its exact score and principal
 * variation, best first and equal scores in the pre-sort's order (docs/SPEC.md §4). */
#ifndef TECH_ROOT_LINES_H
#define TECH_ROOT_LINES_H

#include "movegen.h"
#include "search.h"

typedef struct {
    int wanted;   /* the best `wanted` lines are kept (at least 1) ... */
    Score margin; /* ... and every line within this of the best (< 0: none) */
    /* of a move at most this many places from the best in the pre-sort (the others need to be among
       the best `wanted`) */
    int margin_span;
    int count;
    SearchInfo lines[MOVE_LIST_MAX]; /* pv[0] is the root move; presort_rank its rank, 1-based */
} RootLines;

/* Empty the list for a new pass over the root. */
void root_lines_reset(RootLines *lines, int wanted, Score margin, int margin_span);

/* The score a root move of pre-sort rank `rank` (0 = first) must beat to be kept: the
 * `wanted`-th line's (equalling it is enough for a move earlier in the pre-sort), or, for a move
 * near the best in the pre-sort, the margin below the best; `floor` while fewer lines are held,
 * and never below it. */
Score root_lines_bound(const RootLines *lines, int rank, Score floor);

/* Keep root move `move` (of pre-sort rank `rank`, 0 = first) with its exact score and the
 * principal variation below it; lines no longer among the kept ones are dropped. */
void root_lines_add(RootLines *lines, Move move, int rank, Score score, const Move *below, int below_length);

/* Whether `score` counts as equal to the best line's: within the margin, and a mate only when
 * it is the same mate. */
bool root_lines_equal_to_best(const RootLines *lines, Score score);

#endif
