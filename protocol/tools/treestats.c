/* treestats.c - totals and growth of the tree statistics. */
#include "treestats.h"

#include <math.h>
#include <stdlib.h>

#include "pdp10.h"

/* [P] Gillogly 1971, "Statistics": NBP grows by "about 8" even->odd and "about 4" odd->even;
 * "The CPU time (Figure 12) and the number of move generations (Figure 13) each show less
 * effort to go from even to odd ply (about 3.5) than from odd to even (about 7)". */
static const double GROWTH_1971[MEASURE_COUNT][STEP_KINDS] = {
    [MEASURE_NBP] = {8.0, 4.0},
    [MEASURE_GENERATIONS] = {3.5, 7.0},
    [MEASURE_CPU] = {3.5, 7.0},
    [MEASURE_PDP10] = {3.5, 7.0},
};

bool treestats_create(TreeStats *tree, const SampleSet *sample, int from, int to)
{
    tree->sample = sample;
    tree->from = from;
    tree->to = to;
    tree->stats = calloc((size_t)sample->count * (size_t)(to - from + 1), sizeof *tree->stats);
    return tree->stats != NULL || sample->count == 0;
}

void treestats_destroy(TreeStats *tree)
{
    free(tree->stats);
    tree->stats = NULL;
}

SearchStats *treestats_at(const TreeStats *tree, int index, int depth)
{
    return &tree->stats[(size_t)index * (size_t)(tree->to - tree->from + 1) + (size_t)(depth - tree->from)];
}

double measure_of(const SearchStats *stats, Measure measure)
{
    switch (measure) {
    case MEASURE_NBP: return (double)stats->bottom_positions;
    case MEASURE_GENERATIONS: return (double)(stats->full_generations + stats->capture_generations);
    case MEASURE_CPU: return (double)stats->cpu_us / 1e6;
    case MEASURE_PDP10: return (double)pdp10_us(stats) / 1e6;
    default: return 0.0;
    }
}

double treestats_total(const TreeStats *tree, Measure measure, int depth)
{
    double total = 0.0;
    for (int i = 0; i < tree->sample->count; i++) total += measure_of(treestats_at(tree, i, depth), measure);
    return total;
}

/* Which kind of step leads to `depth`. */
static StepKind step_kind(int depth) { return depth % 2 ? STEP_EVEN_TO_ODD : STEP_ODD_TO_EVEN; }

double treestats_step(const TreeStats *tree, Measure measure, int depth)
{
    if (depth <= tree->from || depth > tree->to) return 0.0;
    double below = treestats_total(tree, measure, depth - 1);
    return below > 0.0 ? treestats_total(tree, measure, depth) / below : 0.0;
}

double treestats_growth(const TreeStats *tree, Measure measure, StepKind kind)
{
    double log_sum = 0.0;
    int steps = 0;
    for (int depth = tree->from + 1; depth <= tree->to; depth++) {
        double step = treestats_step(tree, measure, depth);
        if (step_kind(depth) != kind || step <= 0.0) continue;
        log_sum += log(step);
        steps++;
    }
    return steps ? exp(log_sum / steps) : 0.0;
}

double treestats_growth_1971(Measure measure, StepKind kind) { return GROWTH_1971[measure][kind]; }
