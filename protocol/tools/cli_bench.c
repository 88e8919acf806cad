/* cli_bench.c - runs the fixed bench list at a fixed depth, with TECH-1971 (the build's
 * signature) or TECH-modern (its own), and times TECH's basic operations against the PDP-10
 * figures of 1971 (docs/SPEC.md §9). */
#include "cli_bench.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "clock.h"
#include "fen.h"
#include "makemove.h"
#include "notation.h"
#include "search.h"
#include "tt.h"
#include "version.h"

/* docs/SPEC.md §9: on the PDP-10 one full generation took 8000 µs, one make or unmake 1300 µs. */
static const double PDP10_GENERATION_US = 8000.0;
static const double PDP10_MAKE_OR_UNMAKE_US = 1300.0;
/* Repetitions of the operation timings over the bench list. */
enum { OPERATION_ROUNDS = 20000 };

/* Mean time in ns of one full move generation and one make+unmake pair over the bench list. */
static void time_operations(double *generation_ns, double *make_unmake_ns)
{
    Position *positions = malloc((size_t)bench_position_count * sizeof *positions);
    MoveList list;
    uint64_t generations = 0, pairs = 0, sink = 0;
    if (!positions) return;
    for (int i = 0; i < bench_position_count; i++) bench_setup(i, &positions[i]);

    int64_t start = clock_now_us();
    for (int round = 0; round < OPERATION_ROUNDS; round++)
        for (int i = 0; i < bench_position_count; i++, generations++) {
            generate_moves(&positions[i], GEN_ALL, &list);
            sink += (uint64_t)list.count;
        }
    *generation_ns = (double)(clock_now_us() - start) * 1000.0 / (double)generations;

    start = clock_now_us();
    for (int round = 0; round < OPERATION_ROUNDS / 20; round++)
        for (int i = 0; i < bench_position_count; i++) {
            generate_moves(&positions[i], GEN_ALL, &list);
            for (int j = 0; j < list.count; j++, pairs++) {
                make_move(&positions[i], list.moves[j]);
                sink += positions[i].key & 1;
                unmake_move(&positions[i]);
            }
        }
    int64_t pair_us = clock_now_us() - start;
    /* Take away the generations done inside that loop. */
    double pair_ns = ((double)pair_us * 1000.0 - *generation_ns * (OPERATION_ROUNDS / 20) * bench_position_count)
                   / (double)pairs;
    *make_unmake_ns = pair_ns > 0 ? pair_ns : 0;
    if (sink == 42) printf(" ");
    free(positions);
}

/* [C] TECH-modern's transposition table in the bench: the UCI Hash default, cleared before each
 * position so that every position's count stands alone. */
enum { BENCH_TABLE_MB = TT_DEFAULT_MB };

/* `tech bench [DEPTH] [--style modern|faithful]`: the depth and the profile; false on a bad word. */
static bool parse_bench_args(int argc, char **argv, int *depth, bool *modern)
{
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--style") == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "error: bench --style needs a style: modern or faithful\n");
                return false;
            }
            const char *style = argv[++i];
            *modern = strcmp(style, "modern") == 0 || strcmp(style, "TECH-modern") == 0;
            if (!*modern && strcmp(style, "faithful") != 0 && strcmp(style, "TECH-1971") != 0) {
                fprintf(stderr, "error: bench style '%s' must be modern (TECH-modern) or faithful (TECH-1971)\n",
                        style);
                return false;
            }
            continue;
        }
        char *end;
        long d = strtol(argv[i], &end, 10);
        if (*end || end == argv[i] || d < 1 || d > SEARCH_DEPTH_MAX) {
            fprintf(stderr, "error: bench depth '%s' must be a whole number from 1 to %d\n", argv[i],
                    SEARCH_DEPTH_MAX);
            return false;
        }
        *depth = (int)d;
    }
    return true;
}

int cli_bench(int argc, char **argv)
{
    int depth = BENCH_DEPTH_DEFAULT;
    bool modern = false;
    if (!parse_bench_args(argc, argv, &depth, &modern)) return 2;
    Search *search = search_create();
    Position *pos = malloc(sizeof *pos);
    if (!search || !pos) return 1;
    SearchFeatures features;
    if (modern) search_features_modern(&features);
    else search_features_faithful(&features);
    TranspositionTable *table = NULL;
    if (features.transposition_table) {
        table = tt_create(BENCH_TABLE_MB);
        if (!table) {
            fprintf(stderr, "error: no memory for the bench's %d MB table\n", (int)BENCH_TABLE_MB);
            return 1;
        }
        search_set_table(search, table);
    }
    SearchControl control;
    search_control_reset(&control);
    SearchStats total = {0};

    printf("%s %s bench: %d positions, depth %d, profile %s, 1 thread\n", ENGINE_NAME, tech_version(),
           bench_position_count, depth, modern ? "TECH-modern" : "TECH-1971");
    for (int i = 0; i < bench_position_count; i++) {
        if (!bench_setup(i, pos)) {
            fprintf(stderr, "error: bench position %d does not set up\n", i + 1);
            return 1;
        }
        if (table) search_clear(search);
        SearchLimits limits = {.depth = depth, .started_from_initial = bench_positions[i].from_initial};
        SearchResult result = search_run(search, pos, &limits, &features, &control, NULL);
        char move[MOVE_TEXT_MAX];
        move_to_uci(result.best_move, move);
        printf("%2d %-36s bestmove %-5s score %6d nodes %10" PRIu64 " NBP %10" PRIu64 " time %7.3f s\n", i + 1,
               bench_positions[i].label, move, result.score, result.stats.nodes, result.stats.bottom_positions,
               (double)result.stats.wall_us / 1e6);
        stats_add(&total, &result.stats);
    }
    double seconds = (double)total.wall_us / 1e6;
    double generation_ns = 0, make_unmake_ns = 0;
    time_operations(&generation_ns, &make_unmake_ns);
    printf("generations: full-width %" PRIu64 ", capture-only %" PRIu64 "; make/unmake pairs %" PRIu64 "\n",
           total.full_generations, total.capture_generations, total.makes);
    printf("one full generation %.0f ns (PDP-10 1971: %.0f us, %.0fx faster); one make+unmake %.0f ns "
           "(PDP-10: %.0f us, %.0fx faster)\n",
           generation_ns, PDP10_GENERATION_US, PDP10_GENERATION_US * 1000.0 / (generation_ns > 0 ? generation_ns : 1),
           make_unmake_ns, 2 * PDP10_MAKE_OR_UNMAKE_US,
           2 * PDP10_MAKE_OR_UNMAKE_US * 1000.0 / (make_unmake_ns > 0 ? make_unmake_ns : 1));
    printf("move order: %.1f%% of %" PRIu64 " cutoffs by the first move\n",
           100.0 * stats_first_move_cutoff_share(&total), total.cutoffs);
    /* CPU time as well as wall time: on a busy machine the CPU figure stays meaningful. */
    double cpu_seconds = (double)total.cpu_us / 1e6;
    double nps = seconds > 0 ? (double)total.nodes / seconds : 0.0;
    printf("Total: %" PRIu64 " nodes, %.3f s, %.0f nodes/second (%.0f per CPU second)\n", total.nodes, seconds, nps,
           cpu_seconds > 0 ? (double)total.nodes / cpu_seconds : 0.0);
    /* The signature line last, in the form OpenBench and Stockfish's tools read. */
    printf("Bench: %" PRIu64 " nodes %.0f nps\n", total.nodes, nps);
    free(pos);
    search_destroy(search);
    tt_destroy(table);
    return 0;
}
