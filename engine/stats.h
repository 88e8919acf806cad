/* stats.h - tree statistics of one search (docs/SPEC.md §9). */
#ifndef TECH_STATS_H
#define TECH_STATS_H

#include <stdint.h>

typedef struct {
    uint64_t nodes;              /* positions entered: full-width and quiescence */
    uint64_t bottom_positions;   /* NBP: quiescence entries = evaluations */
    uint64_t full_generations;   /* full-width move generations */
    uint64_t capture_generations;/* capture-only generations (quiescence) */
    uint64_t makes;              /* make/unmake pairs */
    int seldepth;                /* deepest ply reached */
    int64_t wall_us;             /* wall time */
    int64_t cpu_us;              /* CPU time of the searching thread */
} SearchStats;

void stats_add(SearchStats *total, const SearchStats *part);

#endif
