/* treestats.h - Gillogly's tree statistics (docs/SPEC.md §9, the report's "Statistics"): a sample of
 * positions searched at depths 2..5, the totals per depth and the growth from one depth to
 * the next, split into the even->odd and odd->even steps the report compares. */
#ifndef TECH_TREESTATS_H
#define TECH_TREESTATS_H

#include "sample.h"
#include "stats.h"

/* The quantities the report plots: Figure 11 bottom positions, Figure 12 CPU time, Figure 13
 * move generations; CPU time both as this machine's and on the PDP-10 clock (engine/pdp10.c). */
typedef enum { MEASURE_NBP, MEASURE_GENERATIONS, MEASURE_CPU, MEASURE_PDP10, MEASURE_COUNT } Measure;
/* The two kinds of step: to an odd depth from the even one below it, and to an even depth. */
typedef enum { STEP_EVEN_TO_ODD, STEP_ODD_TO_EVEN, STEP_KINDS } StepKind;

typedef struct {
    const SampleSet *sample;
    int from, to;       /* depths measured */
    SearchStats *stats; /* [position][depth - from] */
} TreeStats;

/* Room for the sample at depths from..to; false when memory runs out. */
bool treestats_create(TreeStats *tree, const SampleSet *sample, int from, int to);
void treestats_destroy(TreeStats *tree);
/* The counts of position `index` at `depth`. */
SearchStats *treestats_at(const TreeStats *tree, int index, int depth);
/* One measure of one search: NBP, generations (full-width + capture), CPU or PDP-10 seconds. */
double measure_of(const SearchStats *stats, Measure measure);
/* The measure added up over the sample at `depth`. */
double treestats_total(const TreeStats *tree, Measure measure, int depth);
/* total(depth) / total(depth - 1); 0 when undefined. */
double treestats_step(const TreeStats *tree, Measure measure, int depth);
/* The geometric mean of the measured steps of one kind; 0 when there is none. */
double treestats_growth(const TreeStats *tree, Measure measure, StepKind kind);
/* The report's figure for that growth: NBP about 8 and 4; time and generations about 3.5 and 7. */
double treestats_growth_1971(Measure measure, StepKind kind);

#endif
