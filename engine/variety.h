/* variety.h - the Variety option (docs/SPEC.md §4): TECH plays, at random, one of the root moves
 * that score as well as its best move and lie close to it in the pre-sort, so that a person
 * does not meet the same game twice. Each search draws from its own random source. */
#ifndef TECH_VARIETY_H
#define TECH_VARIETY_H

#include <stdint.h>

#include "root_lines.h"

/* [C] A candidate lies at most this many places from the best move in the pre-sort: TECH's
 * positional judgement still picks the few moves worth playing among the equal ones. */
enum { VARIETY_RANK_SPAN = 3 };
enum { VARIETY_CANDIDATES_MAX = 2 * VARIETY_RANK_SPAN + 1 };
/* [C] TECH-modern: a move within this many centipawns of the best counts as equal to it (its tree
 * score may hold more than material). TECH-1971's scores are material: equal means equal. */
enum { VARIETY_MARGIN_MODERN = 10, VARIETY_MARGIN_FAITHFUL = 0 };

/* The moves Variety chooses from at one completed depth; lines[0] is the best. */
typedef struct {
    int count;
    SearchInfo lines[VARIETY_CANDIDATES_MAX];
} VarietyCandidates;

/* The candidates among a completed depth's root lines (kept with the Variety margin). */
void variety_collect(VarietyCandidates *candidates, const RootLines *lines);

/* One candidate, every one as likely as the others. */
const SearchInfo *variety_choose(const VarietyCandidates *candidates, uint64_t *random_state);

/* A random source of its own: seeded from the time of day, the process and `salt` (an address). */
uint64_t random_seed(const void *salt);

#endif
