/* cli_treestats.c - `tech treestats`: the report's statistics by the report's method (docs/SPEC.md
 * §9): every fifth move of TECH's games searched at depths 2, 3, 4 and 5 with the faithful
 * profile; totals per depth, the growth per ply next to the 1971 figures, the time per move on
 * the PDP-10 clock and where that time goes; optionally Figures 11-13 as SVG. */
#include "cli_treestats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "paper_games.h"
#include "pdp10.h"
#include "positional.h"
#include "progress.h"
#include "sample.h"
#include "search.h"
#include "treestats.h"
#include "treestats_svg.h"

/* [P] "every fifth move of each of TECH's tournament games was analyzed at depths of 2, 3, 4,
 * and 5 ply"; the report's games are built in (paper_games.h, from tests/data/paper-games.pgn). */
enum { PAPER_EVERY = 5, PAPER_DEPTH_FROM = 2, PAPER_DEPTH_TO = 5 };
/* How the built-in games are named in the output. */
static const char BUILT_IN_SAMPLE[] = "the report's games, built in";
/* [P] Berliner 1974: about 20 s of CPU per move at depth 3; 5 ply in the middle game about
 * 3 minutes per move (Gillogly 1971: "usually five ply in the middle game"). */
static const double PDP10_SECONDS_DEPTH3_1971 = 20.0, PDP10_SECONDS_DEPTH5_1971 = 180.0;

typedef struct {
    const char *file; /* NULL: the report's games, built in */
    const char *svg_dir;
    long from, to, every;
    bool positions; /* one line per position and depth */
} TreestatsOptions;

static int usage(const char *program)
{
    fprintf(stderr,
            "usage: %s treestats [PGN-or-EPD-FILE] [--from D] [--to D] [--every N] [--svg DIR] [--positions]\n"
            "  FILE: games (every N-th move of the side in the TechSide tag, default N = 5) or an EPD\n"
            "        suite; without one, the report's four games, built into TECH (the source tree's\n"
            "        tests/data/paper-games.pgn)\n"
            "  --svg DIR: write the report's Figures 11-13 there as SVG pictures\n",
            program);
    return 2;
}

static bool parse_options(int argc, char **argv, TreestatsOptions *o)
{
    *o = (TreestatsOptions){NULL, NULL, PAPER_DEPTH_FROM, PAPER_DEPTH_TO, PAPER_EVERY, false};
    bool file_given = false;
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i];
        long *number = strcmp(arg, "--from") == 0    ? &o->from
                       : strcmp(arg, "--to") == 0    ? &o->to
                       : strcmp(arg, "--every") == 0 ? &o->every
                                                     : NULL;
        if (number && i + 1 < argc) {
            char *end;
            *number = strtol(argv[++i], &end, 10);
            if (*end) return false;
        } else if (strcmp(arg, "--svg") == 0 && i + 1 < argc) {
            o->svg_dir = argv[++i];
        } else if (strcmp(arg, "--positions") == 0) {
            o->positions = true;
        } else if (arg[0] != '-' && !file_given) {
            o->file = arg;
            file_given = true;
        } else {
            return false;
        }
    }
    return o->from >= 1 && o->to >= o->from && o->to <= SEARCH_DEPTH_MAX && o->every >= 1;
}

/* Search every position at every depth; progress on stderr. */
static void measure(TreeStats *tree, bool print_positions)
{
    Search *search = search_create();
    SearchFeatures features;
    search_features_faithful(&features);
    SearchControl control;
    Progress progress;
    int searches = tree->sample->count * (tree->to - tree->from + 1), done = 0;
    progress_begin(&progress, "treestats", searches);
    for (int depth = tree->from; depth <= tree->to; depth++) {
        for (int i = 0; i < tree->sample->count; i++) {
            const SamplePosition *item = &tree->sample->items[i];
            char detail[96];
            snprintf(detail, sizeof detail, "depth %d, %s", depth, item->label);
            progress_update(&progress, done, detail);
            search_control_reset(&control);
            SearchLimits limits = {.depth = depth, .started_from_initial = item->from_initial};
            SearchResult result = search_run(search, &item->pos, &limits, &features, &control, NULL);
            *treestats_at(tree, i, depth) = result.stats;
            done++;
            if (!print_positions) continue;
            progress_clear(&progress);
            printf("%-24s depth %d  NBP %10llu  generations %9llu  PDP-10 %8.1f s\n", item->label, depth,
                   (unsigned long long)result.stats.bottom_positions,
                   (unsigned long long)(result.stats.full_generations + result.stats.capture_generations),
                   measure_of(&result.stats, MEASURE_PDP10));
        }
    }
    progress_end(&progress);
    search_destroy(search);
}

static void print_totals(const TreeStats *tree)
{
    printf("%5s %12s %12s %11s %11s %12s %10s %11s\n", "depth", "nodes", "NBP", "full gens", "capture gens",
           "make/unmake", "CPU ms", "PDP-10 s");
    for (int depth = tree->from; depth <= tree->to; depth++) {
        SearchStats total = {0};
        for (int i = 0; i < tree->sample->count; i++) stats_add(&total, treestats_at(tree, i, depth));
        printf("%5d %12llu %12llu %11llu %11llu %12llu %10.1f %11.1f\n", depth, (unsigned long long)total.nodes,
               (unsigned long long)total.bottom_positions, (unsigned long long)total.full_generations,
               (unsigned long long)total.capture_generations, (unsigned long long)total.makes,
               (double)total.cpu_us / 1000.0, (double)pdp10_us(&total) / 1e6);
    }
}

static void print_growth(const TreeStats *tree)
{
    static const Measure shown[] = {MEASURE_NBP, MEASURE_CPU, MEASURE_PDP10, MEASURE_GENERATIONS};
    static const char *const labels[] = {"bottom positions (Fig. 11)", "CPU time, this machine (Fig. 12)",
                                         "CPU time, PDP-10 clock (Fig. 12)", "move generations (Fig. 13)"};
    printf("\ngrowth per ply (ratio of totals)  ");
    for (int depth = tree->from + 1; depth <= tree->to; depth++) printf("  %d->%d", depth - 1, depth);
    printf("   even->odd (1971)  odd->even (1971)\n");
    for (size_t k = 0; k < sizeof shown / sizeof shown[0]; k++) {
        printf("%-34s", labels[k]);
        for (int depth = tree->from + 1; depth <= tree->to; depth++)
            printf(" %5.1f", treestats_step(tree, shown[k], depth));
        for (StepKind kind = STEP_EVEN_TO_ODD; kind < STEP_KINDS; kind++)
            printf("   x%-5.1f (x%.1f)   ", treestats_growth(tree, shown[k], kind),
                   treestats_growth_1971(shown[k], kind));
        printf("\n");
    }
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* PDP-10 seconds per move at one depth: mean, median and largest, over the positions whose
 * phase passes `wanted` (all of them when middle_game_only is false). */
static void print_time_per_move(const TreeStats *tree, int depth, double figure_1971, bool middle_game_only)
{
    double *times = malloc((size_t)tree->sample->count * sizeof *times), sum = 0.0;
    int n = 0;
    if (!times) return;
    for (int i = 0; i < tree->sample->count; i++) {
        const SamplePosition *item = &tree->sample->items[i];
        if (middle_game_only && phase_of(&item->pos, item->from_initial) != PHASE_MIDDLEGAME) continue;
        times[n] = measure_of(treestats_at(tree, i, depth), MEASURE_PDP10);
        sum += times[n++];
    }
    if (n > 0) {
        qsort(times, (size_t)n, sizeof *times, compare_doubles);
        printf("depth %d, %-13s %3d positions: mean %6.1f s, median %6.1f s, max %6.1f s   (1971: about %.0f s)\n",
               depth, middle_game_only ? "middle game," : "all,", n, sum / n, times[n / 2], times[n - 1], figure_1971);
    }
    free(times);
}

/* Where the PDP-10 time goes over the whole sample (every depth, as the report pooled its
 * figures), next to the report's split; and the model's constants fitted again to this sample. */
static void print_split(const TreeStats *tree)
{
    Pdp10Cost sum = {{0}, 0};
    SearchStats total = {0};
    int searches = 0;
    for (int depth = tree->from; depth <= tree->to; depth++)
        for (int i = 0; i < tree->sample->count; i++, searches++) {
            Pdp10Cost cost;
            pdp10_cost(treestats_at(tree, i, depth), &cost);
            for (Pdp10Part part = 0; part < PDP10_PARTS; part++) sum.us[part] += cost.us[part];
            sum.total_us += cost.total_us;
            stats_add(&total, treestats_at(tree, i, depth));
        }
    printf("\nPDP-10 clock, where the time goes (all %d searches; engine/pdp10.c; 1971 in brackets):\n", searches);
    for (Pdp10Part part = 0; part < PDP10_PARTS; part++)
        printf("  %-22s %5.1f%%  (%d%%)\n", pdp10_part_name(part), 100.0 * (double)sum.us[part] / (double)sum.total_us,
               pdp10_share_1971(part));
    Pdp10Fit fit, used;
    pdp10_fit(&total, searches, &fit);
    pdp10_constants(&used);
    printf("fit to this sample: tree %.0f us and other %.0f us per position, positional %.0f us per search\n"
           "  (this build uses %.0f, %.0f and %.0f)\n",
           fit.tree_us, fit.other_us, fit.positional_us, used.tree_us, used.other_us, used.positional_us);
}

int cli_treestats(int argc, char **argv)
{
    TreestatsOptions options;
    if (!parse_options(argc, argv, &options)) return usage(argv[0]);
    SampleSet sample;
    char error[512];
    const char *name = options.file ? options.file : BUILT_IN_SAMPLE;
    bool loaded = options.file ? sample_load(options.file, (int)options.every, &sample, error, sizeof error)
                               : sample_load_games(PAPER_GAMES_PGN, (int)options.every, &sample, error, sizeof error);
    if (!loaded) {
        fprintf(stderr, "error: %s\n", error);
        return 2;
    }
    if (sample.count == 0) {
        fprintf(stderr, "error: no positions in %s\n", name);
        return 2;
    }
    TreeStats tree;
    if (!treestats_create(&tree, &sample, (int)options.from, (int)options.to)) return 1;
    printf("TECH tree statistics: %d positions from %s", sample.count, name);
    if (sample.games) printf(" (%d games, every %ld. move of TECH's side)", sample.games, options.every);
    printf(", TECH-1971 profile\n");
    measure(&tree, options.positions);
    print_totals(&tree);
    print_growth(&tree);
    printf("\nPDP-10 time per move:\n");
    for (int depth = 3; depth <= 5; depth += 2) {
        if (depth < tree.from || depth > tree.to) continue;
        double figure = depth == 3 ? PDP10_SECONDS_DEPTH3_1971 : PDP10_SECONDS_DEPTH5_1971;
        print_time_per_move(&tree, depth, figure, false);
        print_time_per_move(&tree, depth, figure, true);
    }
    print_split(&tree);
    int status = 0;
    if (options.svg_dir && !treestats_svg_write(&tree, options.svg_dir, error, sizeof error)) {
        fprintf(stderr, "error: %s\n", error);
        status = 1;
    }
    treestats_destroy(&tree);
    sample_free(&sample);
    return status;
}
