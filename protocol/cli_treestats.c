/* cli_treestats.c - Gillogly's measurement of TECH's tree (TECH.md §9): a set of positions
 * searched at depths 2, 3, 4, 5, ... with the faithful profile; totals per depth and the
 * growth from each depth to the next, split into even->odd and odd->even steps, next to the
 * 1971 figures. */
#include "cli_treestats.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "epd.h"
#include "search.h"

enum { TREESTATS_POSITIONS_MAX = 1024, TREESTATS_LINE_MAX = 4096 };

/* TECH.md §9, growth measured in 1971: NBP x8 even->odd, x4 odd->even; CPU time and move
 * generations x3.5 even->odd, x7 odd->even. */
static const double GROWTH_1971_NBP[2] = {8.0, 4.0};
static const double GROWTH_1971_TIME[2] = {3.5, 7.0};

typedef struct {
    Position *positions;
    bool *from_initial;
    int count;
} PositionSet;

static bool load_bench(PositionSet *set)
{
    for (int i = 0; i < bench_position_count && set->count < TREESTATS_POSITIONS_MAX; i++) {
        if (!bench_setup(i, &set->positions[set->count])) return false;
        set->from_initial[set->count++] = bench_positions[i].from_initial;
    }
    return true;
}

static bool load_epd(PositionSet *set, const char *path)
{
    FILE *file = fopen(path, "r");
    if (!file) return false;
    char line[TREESTATS_LINE_MAX], error[256];
    EpdRecord record;
    while (fgets(line, sizeof line, file) && set->count < TREESTATS_POSITIONS_MAX) {
        if (line[0] == '#' || line[0] == '\n') continue;
        if (epd_parse(line, &set->positions[set->count], &record, error, sizeof error))
            set->from_initial[set->count++] = false;
    }
    fclose(file);
    return true;
}

static double ratio(uint64_t later, uint64_t earlier) { return earlier ? (double)later / (double)earlier : 0.0; }

int cli_treestats(int argc, char **argv)
{
    const char *file = NULL;
    long from = 2, to = 5;
    for (int i = 2; i < argc; i++) {
        if ((strcmp(argv[i], "--from") == 0 || strcmp(argv[i], "--to") == 0) && i + 1 < argc) {
            long *target = argv[i][2] == 'f' ? &from : &to;
            *target = strtol(argv[++i], NULL, 10);
        } else if (argv[i][0] != '-' && !file) {
            file = argv[i];
        } else {
            fprintf(stderr, "usage: %s treestats [EPD-FILE] [--from D] [--to D]\n", argv[0]);
            return 2;
        }
    }
    if (from < 1 || to < from || to > SEARCH_DEPTH_MAX) {
        fprintf(stderr, "error: depths must satisfy 1 <= from <= to <= %d\n", SEARCH_DEPTH_MAX);
        return 2;
    }
    PositionSet set = {malloc(TREESTATS_POSITIONS_MAX * sizeof(Position)), malloc(TREESTATS_POSITIONS_MAX), 0};
    Search *search = search_create();
    if (!set.positions || !set.from_initial || !search) return 1;
    if (!(file ? load_epd(&set, file) : load_bench(&set)) || set.count == 0) {
        fprintf(stderr, "error: no positions from %s\n", file ? file : "the bench list");
        return 2;
    }
    SearchFeatures features;
    search_features_faithful(&features);
    SearchControl control;
    search_control_reset(&control);

    printf("TECH tree statistics: %d positions (%s), faithful profile\n", set.count, file ? file : "bench list");
    printf("%5s %14s %14s %12s %12s %12s %10s\n", "depth", "nodes", "NBP", "full gens", "capture gens", "makes",
           "CPU ms");
    SearchStats previous = {0};
    double growth_nbp[2] = {0, 0}, growth_time[2] = {0, 0};
    int steps[2] = {0, 0};
    for (long depth = from; depth <= to; depth++) {
        SearchStats total = {0};
        for (int i = 0; i < set.count; i++) {
            SearchLimits limits = {.depth = (Depth)depth, .started_from_initial = set.from_initial[i]};
            SearchResult result = search_run(search, &set.positions[i], &limits, &features, &control, NULL);
            stats_add(&total, &result.stats);
        }
        printf("%5ld %14" PRIu64 " %14" PRIu64 " %12" PRIu64 " %12" PRIu64 " %12" PRIu64 " %10.1f\n", depth,
               total.nodes, total.bottom_positions, total.full_generations, total.capture_generations, total.makes,
               (double)total.cpu_us / 1000.0);
        if (depth > from) {
            int odd_to_even = (depth - 1) % 2; /* the step from depth-1 to depth */
            growth_nbp[odd_to_even] += ratio(total.bottom_positions, previous.bottom_positions);
            growth_time[odd_to_even] += ratio(total.full_generations + total.capture_generations,
                                              previous.full_generations + previous.capture_generations);
            steps[odd_to_even]++;
        }
        previous = total;
    }
    static const char *const step_names[2] = {"even->odd", "odd->even"};
    printf("\nmean growth per ply   %-22s %-22s\n", "NBP (1971)", "move generations (1971 CPU)");
    for (int k = 0; k < 2; k++) {
        if (!steps[k]) continue;
        printf("%-20s  x%-5.1f (x%.1f)          x%-5.1f (x%.1f)\n", step_names[k], growth_nbp[k] / steps[k],
               GROWTH_1971_NBP[k], growth_time[k] / steps[k], GROWTH_1971_TIME[k]);
    }
    search_destroy(search);
    free(set.positions);
    free(set.from_initial);
    return 0;
}
