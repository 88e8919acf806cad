/* stats.h - tree statistics of one search (docs/SPEC.md §9). */
#ifndef TECH_STATS_H
#define TECH_STATS_H

#include <stdint.h>

typedef struct {
    uint64_t nodes;               /* positions entered: full-width and quiescence */
    uint64_t bottom_positions;    /* NBP: quiescence entries = evaluations */
    uint64_t full_generations;    /* full-width move generations */
    uint64_t capture_generations; /* capture-only generations (quiescence) */
    uint64_t makes;               /* make/unmake pairs */
    uint64_t cutoffs;             /* full-width nodes ended by a move that reached beta */
    uint64_t first_move_cutoffs;  /* ... by the first legal move: how good the move order is */
    int seldepth;                 /* deepest ply reached */
    int64_t wall_us;              /* wall time */
    int64_t cpu_us;               /* CPU time of the searching thread */
} SearchStats;

void stats_add(SearchStats *total, const SearchStats *part);
/* The share of cutoffs made by a node's first legal move, 0 to 1 (0 when there were none). */
double stats_first_move_cutoff_share(const SearchStats *stats);

#endif
