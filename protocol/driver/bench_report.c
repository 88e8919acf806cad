/* bench_report.c - the fixed bench list searched at a fixed depth, with TECH-1971 (the build's
 * signature) or TECH-modern (its own), and TECH's basic operations timed against the PDP-10
 * figures of 1971 (docs/SPEC.md §9). background_task.c runs it on a thread of its own. */
#include "bench_report.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "clock.h"
#include "makemove.h"
#include "notation.h"
#include "quote.h"
#include "tt.h"
#include "version.h"

/* docs/SPEC.md §9: on the PDP-10 one full generation took 8000 µs, one make or unmake 1300 µs. */
static const double PDP10_GENERATION_US = 8000.0;
static const double PDP10_MAKE_OR_UNMAKE_US = 1300.0;
/* Repetitions of the operation timings over the bench list. */
enum { OPERATION_ROUNDS = 20000 };
/* [C] TECH-modern's transposition table in the bench: the UCI Hash default, cleared before each
 * position so that every position's count stands alone. */
enum { BENCH_TABLE_MB = TT_DEFAULT_MB };
/* Longest line the bench prints. */
enum { BENCH_LINE_MAX = 256 };
/* A refused word is quoted whole up to this many characters, longer ones cut with a mark. */
enum { BENCH_QUOTE_MAX = 40 };

bool bench_parse(char **words, int count, BenchSettings *settings, char *error, size_t error_size)
{
    settings->depth = BENCH_DEPTH_DEFAULT;
    settings->modern = false;
    for (int i = 0; i < count; i++) {
        if (strcmp(words[i], "--style") == 0) {
            if (i + 1 == count) {
                snprintf(error, error_size, "bench --style needs a style: modern or faithful");
                return false;
            }
            const char *style = words[++i];
            settings->modern = strcmp(style, "modern") == 0 || strcmp(style, "TECH-modern") == 0;
            if (!settings->modern && strcmp(style, "faithful") != 0 && strcmp(style, "TECH-1971") != 0) {
                char shown[BENCH_QUOTE_MAX + 1];
                snprintf(error, error_size, "bench style '%s' must be modern (TECH-modern) or faithful (TECH-1971)",
                         quote_input(style, BENCH_QUOTE_MAX, shown, sizeof shown));
                return false;
            }
            continue;
        }
        char *end;
        long d = strtol(words[i], &end, 10);
        if (words[i][0] < '0' || words[i][0] > '9' || *end || d < 1 || d > BENCH_DEPTH_MAX) {
            char shown[BENCH_QUOTE_MAX + 1];
            snprintf(error, error_size, "bench depth '%s' must be a whole number from 1 to %d",
                     quote_input(words[i], BENCH_QUOTE_MAX, shown, sizeof shown), BENCH_DEPTH_MAX);
            return false;
        }
        settings->depth = (int)d;
    }
    return true;
}

/* One formatted line out. */
static void emitf(void (*emit_line)(const char *line), const char *format, ...)
{
    char line[BENCH_LINE_MAX];
    va_list args;
    va_start(args, format);
    vsnprintf(line, sizeof line, format, args);
    va_end(args);
    emit_line(line);
}

/* Mean time in ns of one full move generation and one make+unmake pair over the bench list;
 * false if it was stopped (or had no memory) first. */
static bool time_operations(const SearchControl *control, double *generation_ns, double *make_unmake_ns)
{
    Position *positions = malloc((size_t)bench_position_count * sizeof *positions);
    MoveList list;
    uint64_t generations = 0, pairs = 0, sink = 0;
    if (!positions) return false;
    for (int i = 0; i < bench_position_count; i++) bench_setup(i, &positions[i]);

    bool stopped = false;
    int64_t start = clock_now_us();
    for (int round = 0; round < OPERATION_ROUNDS && !stopped; round++) {
        for (int i = 0; i < bench_position_count; i++, generations++) {
            generate_moves(&positions[i], GEN_ALL, &list);
            sink += (uint64_t)list.count;
        }
        stopped = atomic_load_explicit(&control->stop, memory_order_relaxed);
    }
    *generation_ns = generations ? (double)(clock_now_us() - start) * 1000.0 / (double)generations : 0;

    start = clock_now_us();
    int rounds = 0;
    for (; rounds < OPERATION_ROUNDS / 20 && !stopped; rounds++) {
        for (int i = 0; i < bench_position_count; i++) {
            generate_moves(&positions[i], GEN_ALL, &list);
            for (int j = 0; j < list.count; j++, pairs++) {
                make_move(&positions[i], list.moves[j]);
                sink += positions[i].key & 1;
                unmake_move(&positions[i]);
            }
        }
        stopped = atomic_load_explicit(&control->stop, memory_order_relaxed);
    }
    int64_t pair_us = clock_now_us() - start;
    /* Take away the generations done inside that loop. */
    double pair_ns =
        pairs ? ((double)pair_us * 1000.0 - *generation_ns * rounds * bench_position_count) / (double)pairs : 0;
    *make_unmake_ns = pair_ns > 0 ? pair_ns : 0;
    volatile uint64_t kept = sink; /* the loops' results are used: they are not optimised away */
    (void)kept;
    free(positions);
    return !stopped;
}

/* The lines after the positions: generations, the PDP-10 comparison, move order, the totals. */
static void report_totals(const SearchStats *total, double generation_ns, double make_unmake_ns,
                          void (*emit_line)(const char *line))
{
    double seconds = (double)total->wall_us / 1e6;
    emitf(emit_line, "generations: full-width %" PRIu64 ", capture-only %" PRIu64 "; make/unmake pairs %" PRIu64,
          total->full_generations, total->capture_generations, total->makes);
    emitf(emit_line,
          "one full generation %.0f ns (PDP-10 1971: %.0f us, %.0fx faster); one make+unmake %.0f ns "
          "(PDP-10: %.0f us, %.0fx faster)",
          generation_ns, PDP10_GENERATION_US, PDP10_GENERATION_US * 1000.0 / (generation_ns > 0 ? generation_ns : 1),
          make_unmake_ns, 2 * PDP10_MAKE_OR_UNMAKE_US,
          2 * PDP10_MAKE_OR_UNMAKE_US * 1000.0 / (make_unmake_ns > 0 ? make_unmake_ns : 1));
    emitf(emit_line, "move order: %.1f%% of %" PRIu64 " cutoffs by the first move",
          100.0 * stats_first_move_cutoff_share(total), total->cutoffs);
    /* CPU time as well as wall time: on a busy machine the CPU figure stays meaningful. */
    double cpu_seconds = (double)total->cpu_us / 1e6;
    double nps = seconds > 0 ? (double)total->nodes / seconds : 0.0;
    emitf(emit_line, "Total: %" PRIu64 " nodes, %.3f s, %.0f nodes/second (%.0f per CPU second)", total->nodes, seconds,
          nps, cpu_seconds > 0 ? (double)total->nodes / cpu_seconds : 0.0);
    /* The signature line last, in the form OpenBench and Stockfish's tools read. */
    emitf(emit_line, "Bench: %" PRIu64 " nodes %.0f nps", total->nodes, nps);
}

/* A stopped bench says what it searched: the positions done, and the one under way, whose
 * nodes were searched too though its count is not the signature's. */
static void report_stop(int done, uint64_t done_nodes, uint64_t unfinished_nodes, void (*emit_line)(const char *line))
{
    if (unfinished_nodes == 0) {
        emitf(emit_line, "Bench stopped after %d of %d positions, %" PRIu64 " nodes", done, bench_position_count,
              done_nodes);
        return;
    }
    emitf(emit_line,
          "Bench stopped after %d of %d positions, %" PRIu64 " nodes (%" PRIu64 " of them in position %d, unfinished)",
          done, bench_position_count, done_nodes + unfinished_nodes, unfinished_nodes, done + 1);
}

bool bench_report(const BenchSettings *settings, void (*emit_line)(const char *line),
                  void (*emit_error)(const char *line), SearchControl *control)
{
    SearchControl own;
    if (!control) {
        search_control_reset(&own);
        control = &own;
    }
    Search *search = search_create();
    Position *pos = malloc(sizeof *pos);
    SearchFeatures features;
    if (settings->modern) search_features_modern(&features);
    else search_features_faithful(&features);
    TranspositionTable *table = features.transposition_table ? tt_create(BENCH_TABLE_MB) : NULL;
    bool ready = search && pos && (table || !features.transposition_table);
    if (!ready) {
        if (search && pos) emitf(emit_error, "error: no memory for the bench's %d MB table", (int)BENCH_TABLE_MB);
        else emit_error("error: no memory for the bench");
    }
    if (table && search) search_set_table(search, table);
    SearchStats total = {0};
    uint64_t unfinished_nodes = 0; /* the position a stop cut short: searched, not counted in total */
    int done = 0;
    if (ready)
        emitf(emit_line, "%s %s bench: %d positions, depth %d, profile %s, 1 thread", ENGINE_NAME, tech_version(),
              bench_position_count, settings->depth, settings->modern ? "TECH-modern" : "TECH-1971");
    for (; ready && done < bench_position_count && !atomic_load(&control->stop); done++) {
        if (!bench_setup(done, pos)) {
            emitf(emit_error, "error: bench position %d does not set up", done + 1);
            ready = false;
            break;
        }
        if (table) search_clear(search);
        SearchLimits limits = {.depth = settings->depth, .started_from_initial = bench_positions[done].from_initial};
        SearchResult result = search_run(search, pos, &limits, &features, control, NULL);
        if (result.aborted) {
            unfinished_nodes = result.stats.nodes;
            break;
        }
        char move[MOVE_TEXT_MAX];
        move_to_uci(result.best_move, false, move);
        emitf(emit_line, "%2d %-36s bestmove %-5s score %6d nodes %10" PRIu64 " NBP %10" PRIu64 " time %7.3f s",
              done + 1, bench_positions[done].label, move, result.score, result.stats.nodes,
              result.stats.bottom_positions, (double)result.stats.wall_us / 1e6);
        stats_add(&total, &result.stats);
    }
    double generation_ns = 0, make_unmake_ns = 0;
    bool complete = ready && done == bench_position_count && time_operations(control, &generation_ns, &make_unmake_ns);
    if (complete) report_totals(&total, generation_ns, make_unmake_ns, emit_line);
    else if (ready) report_stop(done, total.nodes, unfinished_nodes, emit_line);
    free(pos);
    search_destroy(search);
    tt_destroy(table);
    return ready;
}
