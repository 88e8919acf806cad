/* cli_epd.c - runs an EPD test suite (bm/am) and, for suites whose solution depths are known,
 * the breakdown by depth of Berliner's Table V-4 next to TECH's 1971 result (docs/SPEC.md §9). */
#include "cli_epd.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "epd.h"
#include "makemove.h"
#include "notation.h"
#include "options.h"
#include "progress.h"
#include "search.h"
#include "solution_depth.h"
#include "tt.h"

enum { LINE_MAX_EPD = 4096, DEPTH_COLUMNS = 11 }; /* depths 1..10 and ">10" (Table V-4) */

/* [R] Berliner 1974, Table V-4: the first 200 Win at Chess problems (196 counted) by the
 * deepest non-capture of the solution, and those TECH solved at 5 minutes of PDP-10 CPU each
 * (the OCR merged rows; every row and column total checks). */
static const int TABLE_V4_PROBLEMS[DEPTH_COLUMNS] = {2, 10, 33, 42, 28, 31, 15, 10, 9, 5, 11};
static const int TABLE_V4_TECH_SOLVED[DEPTH_COLUMNS] = {2, 10, 31, 39, 4, 0, 0, 0, 0, 0, 0};

typedef struct {
    const char *file;
    const char *depths_file;
    double seconds;
    double pdp10_seconds; /* --pdp10 S: S virtual PDP-10 seconds per problem */
    int depth;
    uint64_t nodes;
    int first;
    int classify;            /* > 0: print each problem's solution depth up to this */
    uint64_t berliner_nodes; /* > 0: print each problem's depth by Berliner's definition */
    bool berliner_criterion; /* --criterion berliner: the move and a line that shows the gain */
    bool completed_only;     /* --partial off: the deepest completed depth's move */
    Settings settings;       /* --style and --option NAME=VALUE, as a GUI would set them */
} EpdOptions;

typedef struct {
    char id[EPD_ID_MAX];
    int depth; /* solution depth, 1..11 (11 = ">10"), 0 = unknown */
} DepthEntry;

typedef struct {
    DepthEntry *entries;
    int count;
} DepthTable;

static int usage(const char *program)
{
    fprintf(stderr,
            "usage: %s epd FILE [--time S | --depth D | --nodes N | --pdp10 S] [--first K] [--style modern]"
            " [--option NAME=VALUE]... [--depths FILE] [--classify MAXDEPTH | --berliner NODES]"
            " [--criterion berliner] [--partial off]\n"
            "  --pdp10: S seconds per problem on TECH's PDP-10 clock (virtual time from the operation counts)\n"
            "  --option: any engine option, e.g. --option Threads=2 --option 'E3 Secondary Search=false'\n"
            "  --classify: print `ID DEPTH` for each problem, DEPTH = the smallest full-width\n"
            "  depth at which the search plays a bm move (`?` if not found within --time S\n"
            "  per problem, default 60), for use as a --depths file\n"
            "  --berliner: print `ID DEPTH` with Berliner's depth (the deepest non-capture of the\n"
            "  solution's principal variation, from a reference search of NODES nodes), for --depths\n"
            "  --depths: default FILE with .epd replaced by .depths (tests/data/wac.depths)\n"
            "  --criterion berliner: count, as Berliner judged TECH, only the problems with one bm and\n"
            "  only the bm move whose search score shows a gain (the move alone is counted beside)\n"
            "  --partial off: play the deepest completed depth's move, not the depth under way's best\n",
            program);
    return 2;
}

/* One option as UCI's setoption would set it; complains on stderr when it cannot. */
static bool set_option(Settings *settings, const char *name, const char *value)
{
    char error[160];
    if (options_set(settings, name, value, error, sizeof error) != OPTION_FAILED) return true;
    fprintf(stderr, "error: %s\n", error);
    return false;
}

static bool parse_options(int argc, char **argv, EpdOptions *options)
{
    memset(options, 0, sizeof *options);
    settings_init(&options->settings);
    if (argc < 3) return false;
    options->file = argv[2];
    if ((argc - 3) % 2) return false; /* options come in pairs: --name value */
    for (int i = 3; i + 1 < argc; i += 2) {
        const char *arg = argv[i], *value = argv[i + 1];
        char *end = NULL;
        if (strcmp(arg, "--time") == 0) options->seconds = strtod(value, &end);
        else if (strcmp(arg, "--pdp10") == 0) options->pdp10_seconds = strtod(value, &end);
        else if (strcmp(arg, "--depth") == 0) options->depth = (int)strtol(value, &end, 10);
        else if (strcmp(arg, "--nodes") == 0) options->nodes = strtoull(value, &end, 10);
        else if (strcmp(arg, "--first") == 0) options->first = (int)strtol(value, &end, 10);
        else if (strcmp(arg, "--classify") == 0) options->classify = (int)strtol(value, &end, 10);
        else if (strcmp(arg, "--berliner") == 0) options->berliner_nodes = strtoull(value, &end, 10);
        else if (strcmp(arg, "--depths") == 0) options->depths_file = value, end = (char *)"";
        else if (strcmp(arg, "--criterion") == 0) {
            if (strcmp(value, "berliner") != 0 && strcmp(value, "move") != 0) return false;
            options->berliner_criterion = strcmp(value, "berliner") == 0;
            end = (char *)"";
        } else if (strcmp(arg, "--partial") == 0) {
            if (strcmp(value, "off") != 0 && strcmp(value, "on") != 0) return false;
            options->completed_only = strcmp(value, "off") == 0;
            end = (char *)"";
        } else if (strcmp(arg, "--style") == 0) {
            const char *style = strcmp(value, "modern") == 0     ? "TECH-modern"
                                : strcmp(value, "faithful") == 0 ? "TECH-1971"
                                                                 : value;
            if (!set_option(&options->settings, "Style", style)) return false;
            end = (char *)"";
        } else if (strcmp(arg, "--option") == 0) {
            char name[128];
            const char *equals = strchr(value, '=');
            if (!equals || (size_t)(equals - value) >= sizeof name) return false;
            snprintf(name, sizeof name, "%.*s", (int)(equals - value), value);
            if (!set_option(&options->settings, name, equals + 1)) return false;
            end = (char *)"";
        } else return false;
        if (!end || *end) return false;
    }
    if (options->depth < 0 || options->depth > SEARCH_DEPTH_MAX || options->seconds < 0 || options->first < 0
        || options->classify < 0 || options->classify > SEARCH_DEPTH_MAX)
        return false;
    if (!options->seconds && !options->depth && !options->nodes && !options->pdp10_seconds)
        options->seconds = options->classify ? 60.0 : 1.0;
    return true;
}

/* Reads "ID DEPTH" lines (DEPTH a number or ">10"). */
static void load_depths(const char *path, DepthTable *table)
{
    table->entries = NULL;
    table->count = 0;
    FILE *file = path ? fopen(path, "r") : NULL;
    if (!file) return;
    char line[256];
    int capacity = 0;
    while (fgets(line, sizeof line, file)) {
        char id[EPD_ID_MAX], depth_text[16];
        if (line[0] == '#' || sscanf(line, "%63s %15s", id, depth_text) != 2) continue;
        int depth = strcmp(depth_text, ">10") == 0 ? DEPTH_COLUMNS : atoi(depth_text);
        if (depth < 1 || depth > DEPTH_COLUMNS) continue;
        if (table->count == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            DepthEntry *grown = realloc(table->entries, (size_t)capacity * sizeof *grown);
            if (!grown) break;
            table->entries = grown;
        }
        snprintf(table->entries[table->count].id, EPD_ID_MAX, "%s", id);
        table->entries[table->count++].depth = depth;
    }
    fclose(file);
}

static int depth_of(const DepthTable *table, const char *id)
{
    for (int i = 0; i < table->count; i++)
        if (strcmp(table->entries[i].id, id) == 0) return table->entries[i].depth;
    return 0;
}

static bool solved(const EpdRecord *record, Move move)
{
    for (int i = 0; i < record->avoid_count; i++)
        if (move_same(record->avoid[i], move)) return false;
    if (record->best_count == 0) return record->avoid_count > 0;
    for (int i = 0; i < record->best_count; i++)
        if (move_same(record->best[i], move)) return true;
    return false;
}

/* The rows by solution depth, then (for WAC) Table V-4's two rows under them. */
static void print_breakdown(const int problems[DEPTH_COLUMNS], const char *solved_name,
                            const int solved_by_depth[DEPTH_COLUMNS], bool wac)
{
    printf("\nby solution depth   ");
    for (int d = 1; d < DEPTH_COLUMNS; d++) printf("%5d", d);
    printf("%5s", ">10");
    printf("  total\n");
    const int *rows[4] = {problems, solved_by_depth, TABLE_V4_PROBLEMS, TABLE_V4_TECH_SOLVED};
    const char *names[4] = {"problems", solved_name, "1974 problems", "TECH 1971 (5 min)"};
    for (int r = 0; r < (wac ? 4 : 2); r++) {
        int total = 0;
        printf("%-20s", names[r]);
        for (int d = 0; d < DEPTH_COLUMNS; d++) {
            printf("%5d", rows[r][d]);
            total += rows[r][d];
        }
        printf("  %5d\n", total);
    }
}

/* The move and score the search reported last at each depth (--partial off takes the deepest
 * completed depth's, not the partial result of the depth it was stopped in). */
typedef struct {
    Move move[SEARCH_DEPTH_MAX + 1];
    Score score[SEARCH_DEPTH_MAX + 1];
} DepthLines;

static void keep_depth_line(void *context, const SearchInfo *info)
{
    DepthLines *lines = context;
    if (info->depth < 1 || info->depth > SEARCH_DEPTH_MAX || info->pv_length == 0) return;
    lines->move[info->depth] = info->pv[0];
    lines->score[info->depth] = info->score;
}

/* [P] Berliner 1974 judged TECH's answer by its first move and "the supporting analysis as
 * evidenced by the principal variation", and left out the problems that got partial credit:
 * here, the problems the book answers with one move, solved when the search plays that move
 * with a score that shows a gain (material, or a mate) for the side to move [C: a score above
 * 0; the right move at 0 or less was found without seeing why]. */
static bool one_answer(const EpdRecord *record) { return record->best_count == 1 && record->avoid_count == 0; }

static bool shows_gain(Score score) { return score > 0; }

/* --classify: the smallest fixed depth (1..max) whose search plays a solution; 0 if no depth up
 * to max does, -1 if the time budget ran out first. Not Berliner's depth (--berliner is): a
 * shallow search can play the key move for a shallow reason. */
static int solution_depth_smallest(Search *search, const Position *pos, const EpdRecord *record,
                                   const SearchFeatures *features, int max_depth, double seconds,
                                   SearchControl *control)
{
    search_control_reset(control);
    atomic_store(&control->hard_deadline_us, clock_now_us() + (int64_t)(seconds * 1e6));
    for (int depth = 1; depth <= max_depth; depth++) {
        SearchLimits limits = {.depth = depth};
        SearchResult result = search_run(search, pos, &limits, features, control, NULL);
        if (result.aborted) return -1;
        if (solved(record, result.best_move)) return depth;
    }
    return 0;
}

/* Problems in the file (lines that are not comments), at most `first` when that is set. */
static int count_problems(FILE *file, char *line, int first)
{
    int count = 0;
    while (fgets(line, LINE_MAX_EPD, file) && (!first || count < first))
        if (line[0] != '#' && line[0] != '\n' && line[0] != '\r') count++;
    rewind(file);
    return count;
}

/* The depths file that goes with an EPD file: FILE.epd -> FILE.depths, else FILE.depths. */
static void default_depths_path(const char *epd, char *path, size_t size)
{
    size_t len = strlen(epd);
    if (len > 4 && strcmp(epd + len - 4, ".epd") == 0) snprintf(path, size, "%.*s.depths", (int)(len - 4), epd);
    else snprintf(path, size, "%s.depths", epd);
}

/* --berliner: one problem's depth by Berliner's definition, with the line it was read from. */
static void print_berliner_depth(Search *search, Position *pos, const EpdRecord *record, uint64_t nodes)
{
    SolutionDepth solution;
    if (!solution_depth(search, pos, record, nodes, &solution)) {
        printf("%s ?\n", record->id);
        return;
    }
    char depth[8];
    if (solution.depth == SOLUTION_DEPTH_OVER) snprintf(depth, sizeof depth, ">10");
    else snprintf(depth, sizeof depth, "%d", solution.depth);
    if (solution.pv_length == 0) {
        printf("%s %-3s # not played with a line that shows a gain by the reference search up to depth %d\n",
               record->id, depth, solution.searched);
        return;
    }
    printf("%s %-3s # principal branch %d, needs %d of %d plies, score %d:", record->id, depth, solution.line_depth,
           solution.needed, solution.pv_length, solution.score);
    for (int ply = 0; ply < solution.pv_length; ply++) {
        char san[MOVE_TEXT_MAX];
        move_to_san(pos, solution.pv[ply], san);
        printf(" %s%s", san, ply + 1 == solution.needed ? " |" : "");
        make_move(pos, solution.pv[ply]);
    }
    for (int ply = 0; ply < solution.pv_length; ply++) unmake_move(pos);
    printf("\n");
}

int cli_epd(int argc, char **argv)
{
    EpdOptions options;
    if (!parse_options(argc, argv, &options)) return usage(argv[0]);
    FILE *file = fopen(options.file, "r");
    if (!file) {
        fprintf(stderr, "error: cannot open %s\n", options.file);
        return 2;
    }
    char default_depths[1024];
    default_depths_path(options.file, default_depths, sizeof default_depths);
    DepthTable depths;
    load_depths(options.depths_file ? options.depths_file : default_depths, &depths);

    Search *search = search_create();
    Position *pos = malloc(sizeof *pos);
    char *line = malloc(LINE_MAX_EPD);
    if (!search || !pos || !line) return 1;
    SearchFeatures features = options.settings.features;
    TranspositionTable *table = NULL;
    if (features.transposition_table) {
        table = tt_create((size_t)options.settings.hash_mb);
        if (table) search_set_table(search, table);
    }
    SearchControl control;
    Progress progress;
    progress_begin(&progress, "epd", count_problems(file, line, options.first));

    int total = 0, good = 0, problems[DEPTH_COLUMNS] = {0}, solved_by_depth[DEPTH_COLUMNS] = {0};
    int one_answer_total = 0, one_answer_moves = 0, berliner_good = 0;
    bool wac = false;
    SearchStats tree = {0}; /* the searches' statistics, summed */
    int64_t start = clock_now_us();
    while (fgets(line, LINE_MAX_EPD, file) && (!options.first || total < options.first)) {
        if (line[0] == '#' || line[0] == '\n' || line[0] == '\r') continue;
        EpdRecord record;
        char error[256];
        if (!epd_parse(line, pos, &record, error, sizeof error)) {
            progress_clear(&progress);
            fprintf(stderr, "skipped line: %s\n", error);
            continue;
        }
        progress_update(&progress, total, record.id);
        if (options.classify || options.berliner_nodes > 0) {
            progress_clear(&progress);
            if (options.berliner_nodes > 0) {
                print_berliner_depth(search, pos, &record, options.berliner_nodes);
            } else {
                int depth = solution_depth_smallest(search, pos, &record, &features, options.classify, options.seconds,
                                                    &control);
                if (depth > 0) printf("%s %d\n", record.id, depth);
                else printf("%s %s\n", record.id, depth == 0 && options.classify >= 10 ? ">10" : "?");
            }
            fflush(stdout);
            total++;
            continue;
        }
        SearchLimits limits = {.depth = options.depth ? options.depth : SEARCH_DEPTH_MAX};
        limits.first_depth = options.depth ? options.depth : 1;
        limits.nodes = options.nodes;
        limits.pdp10_budget_us = (int64_t)(options.pdp10_seconds * 1e6);
        search_control_reset(&control);
        if (options.seconds > 0)
            atomic_store(&control.hard_deadline_us, clock_now_us() + (int64_t)(options.seconds * 1e6));
        DepthLines *lines = calloc(1, sizeof *lines);
        SearchReporter reporter = {.context = lines, .on_info = keep_depth_line};
        SearchResult result = search_run(search, pos, &limits, &features, &control, lines ? &reporter : NULL);
        stats_add(&tree, &result.stats);
        if (options.completed_only && lines && result.aborted && result.depth > 0 && lines->move[result.depth]) {
            result.best_move = lines->move[result.depth];
            result.score = lines->score[result.depth];
        }
        free(lines);
        total++;
        bool ok = solved(&record, result.best_move);
        good += ok;
        bool judged = !options.berliner_criterion || one_answer(&record);
        bool credited = options.berliner_criterion ? judged && ok && shows_gain(result.score) : ok;
        if (judged && options.berliner_criterion) {
            one_answer_total++;
            one_answer_moves += ok;
            berliner_good += credited;
        }
        if (strncmp(record.id, "WAC", 3) == 0) wac = true;
        int depth = depth_of(&depths, record.id);
        if (depth && judged) {
            problems[depth - 1]++;
            solved_by_depth[depth - 1] += credited;
        }
        if (ok && !credited && judged) {
            char got[MOVE_TEXT_MAX];
            move_to_san(pos, result.best_move, got);
            progress_clear(&progress);
            printf("move only %-5s %-8s score %6d depth %2d (the line shows no gain)\n", record.id, got, result.score,
                   result.depth);
            fflush(stdout);
        }
        if (!ok) {
            char got[MOVE_TEXT_MAX], want[MOVE_TEXT_MAX] = "-";
            move_to_san(pos, result.best_move, got);
            if (record.best_count) move_to_san(pos, record.best[0], want);
            progress_clear(&progress);
            printf("fail %-10s expected %-8s got %-8s score %6d depth %2d\n", record.id, want, got, result.score,
                   result.depth);
            fflush(stdout);
        }
        char score[EPD_ID_MAX + 32];
        snprintf(score, sizeof score, "solved %d, last %s", good, record.id);
        progress_update(&progress, total, score);
    }
    progress_end(&progress);
    if (!options.classify && !options.berliner_nodes) {
        double seconds = (double)(clock_now_us() - start) / 1e6;
        printf("solved %d/%d (%.1f%%), %" PRIu64 " nodes, %.1f s\n", good, total, total ? 100.0 * good / total : 0.0,
               tree.nodes, seconds);
        printf("move order: %.1f%% of %" PRIu64 " cutoffs by the first move\n",
               100.0 * stats_first_move_cutoff_share(&tree), tree.cutoffs);
        if (options.berliner_criterion)
            printf("Berliner's criterion: %d of %d problems with one answer (the move and a line that shows a gain);"
                   " the move alone %d of %d\n",
                   berliner_good, one_answer_total, one_answer_moves, one_answer_total);
        if (depths.count)
            print_breakdown(problems, options.berliner_criterion ? "TECH (Berliner)" : "TECH (this build)",
                            solved_by_depth, wac);
    }
    fclose(file);
    free(depths.entries);
    free(line);
    free(pos);
    search_destroy(search);
    tt_destroy(table);
    return 0;
}
