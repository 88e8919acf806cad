/* pdp10.h - TECH on a PDP-10 clock: the time the 1971 program would have needed for the work a
 * search did, from the search's own operation counts and the report's figures (docs/SPEC.md §9). */
#ifndef TECH_PDP10_H
#define TECH_PDP10_H

#include <stdint.h>

#include "stats.h"

/* The report's split of TECH's time ("TECH spends its time as follows"). */
typedef enum {
    PDP10_GENERATION, /* legal move generation */
    PDP10_TREE,       /* tree management */
    PDP10_BOARD,      /* board updating (making and retracting moves) */
    PDP10_POSITIONAL, /* positional analysis (the root pre-sort) */
    PDP10_OTHER,      /* everything else */
    PDP10_PARTS
} Pdp10Part;

typedef struct {
    int64_t us[PDP10_PARTS];
    int64_t total_us;
} Pdp10Cost;

/* The virtual PDP-10 microseconds of the operations counted in `stats` (one search: the
 * positional part is charged once), part by part. */
void pdp10_cost(const SearchStats *stats, Pdp10Cost *cost);
/* Their sum: the search's time on the PDP-10 clock (also while it runs: Speed PDP-10). */
int64_t pdp10_us(const SearchStats *stats);
/* The fitted constants of the model: tree management and everything else per position entered,
 * positional analysis per search (microseconds). */
typedef struct {
    double tree_us, other_us, positional_us;
} Pdp10Fit;

/* Fit those constants to the report's split from the counts `total` of `searches` searches. */
void pdp10_fit(const SearchStats *total, int searches, Pdp10Fit *fit);
/* The constants this build uses (fitted once on the report's games, see pdp10.c). */
void pdp10_constants(Pdp10Fit *used);
/* The report's percentage for a part (50, 28, 17, 1, 4). */
int pdp10_share_1971(Pdp10Part part);
/* "move generation", "tree management", ... */
const char *pdp10_part_name(Pdp10Part part);

#endif
