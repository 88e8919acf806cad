/* test_statistics.c - the paper's statistics: the PDP-10 cost model's arithmetic and fit, the
 * growth per ply, the PGN reader and sampler, Berliner's solution depth on hand-checked
 * problems, and the shape of the SVG the figures are drawn with. */
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "epd.h"
#include "fen.h"
#include "makemove.h"
#include "notation.h"
#include "pdp10.h"
#include "pgn.h"
#include "sample.h"
#include "search.h"
#include "solution_depth.h"
#include "svg_plot.h"
#include "test.h"
#include "treestats.h"

TEST_CASE(pdp10_charges_each_counted_operation)
{
    SearchStats stats = {
        .nodes = 10, .bottom_positions = 7, .full_generations = 2, .capture_generations = 1, .makes = 10};
    Pdp10Cost cost;
    Pdp10Fit used;
    pdp10_cost(&stats, &cost);
    pdp10_constants(&used);
    CHECK(cost.us[PDP10_GENERATION] == 3 * 8000); /* [P] 8000 us a generation */
    CHECK(cost.us[PDP10_BOARD] == 3 * 2 * 1300);  /* [P] 1300 us a make or a retraction */
    CHECK(cost.us[PDP10_TREE] == (int64_t)(10 * used.tree_us));
    CHECK(cost.us[PDP10_OTHER] == (int64_t)(10 * used.other_us));
    CHECK(cost.us[PDP10_POSITIONAL] == (int64_t)used.positional_us);
    int64_t sum = 0;
    for (int part = 0; part < PDP10_PARTS; part++) sum += cost.us[part];
    CHECK(cost.total_us == sum && pdp10_us(&stats) == sum);
    int shares = 0;
    for (int part = 0; part < PDP10_PARTS; part++) shares += pdp10_share_1971((Pdp10Part)part);
    CHECK(shares == 100);
}

TEST_CASE(pdp10_fit_gives_the_reports_split)
{
    /* 1000 positions, 250 of them generated, over 4 searches */
    SearchStats total = {.nodes = 1000, .full_generations = 100, .capture_generations = 150, .makes = 1000};
    Pdp10Fit fit;
    pdp10_fit(&total, 4, &fit);
    double generation = 250.0 * 8000, board = 250.0 * 2600, tree = 1000 * fit.tree_us, other = 1000 * fit.other_us;
    double positional = 4 * fit.positional_us, whole = generation + board + tree + other + positional;
    CHECK(tree / generation > 0.5599 && tree / generation < 0.5601);   /* 28 : 50 */
    CHECK(other / generation > 0.0799 && other / generation < 0.0801); /* 4 : 50 */
    CHECK(positional / whole > 0.00999 && positional / whole < 0.01001);
}

TEST_CASE(treestats_growth_even_to_odd_and_odd_to_even)
{
    SampleSet sample = {0};
    sample.count = 1;
    TreeStats tree;
    CHECK(treestats_create(&tree, &sample, 2, 5));
    static const uint64_t nbp[4] = {10, 80, 320, 2560}; /* x8, x4, x8 */
    for (int depth = 2; depth <= 5; depth++) treestats_at(&tree, 0, depth)->bottom_positions = nbp[depth - 2];
    CHECK(treestats_total(&tree, MEASURE_NBP, 4) == 320.0);
    CHECK(treestats_step(&tree, MEASURE_NBP, 3) == 8.0);
    CHECK(treestats_step(&tree, MEASURE_NBP, 2) == 0.0); /* no step below the first depth */
    double even_odd = treestats_growth(&tree, MEASURE_NBP, STEP_EVEN_TO_ODD);
    CHECK(even_odd > 7.999 && even_odd < 8.001);
    CHECK(treestats_growth(&tree, MEASURE_NBP, STEP_ODD_TO_EVEN) == 4.0);
    CHECK(treestats_growth_1971(MEASURE_NBP, STEP_EVEN_TO_ODD) == 8.0);
    CHECK(treestats_growth_1971(MEASURE_GENERATIONS, STEP_ODD_TO_EVEN) == 7.0);
    treestats_destroy(&tree);
}

TEST_CASE(pgn_reader_skips_comments_variations_and_marks)
{
    static const char text[] = "% escape line\n[Event \"t\"]\n[TechSide \"Black\"]\n\n"
                               "1. e4 {a comment} (1. d4 d5 (1... Nf6)) e5 $1 2.Nf3!? Nc6 ; rest\n3. Bb5 *\n"
                               "[Event \"u\"]\n1. d4 1-0\n";
    FILE *file = tmpfile();
    CHECK(file != NULL);
    if (!file) return;
    fputs(text, file);
    rewind(file);
    PgnGame *game = malloc(sizeof *game);
    char error[256];
    CHECK(pgn_read_game(file, game, error, sizeof error) == PGN_GAME);
    CHECK(game->move_count == 5 && game->from_initial);
    CHECK(pgn_tag(game, "TechSide") && strcmp(pgn_tag(game, "TechSide"), "Black") == 0);
    CHECK(pgn_tag(game, "White") == NULL);
    char uci[MOVE_TEXT_MAX];
    move_to_uci(game->moves[4], false, uci);
    CHECK(strcmp(uci, "f1b5") == 0);
    CHECK(pgn_read_game(file, game, error, sizeof error) == PGN_GAME && game->move_count == 1);
    CHECK(pgn_read_game(file, game, error, sizeof error) == PGN_END);
    fclose(file);
    free(game);
}

TEST_CASE(sample_takes_every_fifth_move_of_techs_side)
{
    char path[512], error[256];
    snprintf(path, sizeof path, "%s/data/paper-games.pgn", test_data_dir());
    SampleSet sample;
    CHECK(sample_load(path, 5, &sample, error, sizeof error));
    CHECK(sample.games == 4);
    /* TECH's moves 5, 10, ...: Game 1 (40 moves) 8, Game 2 (37) 7, Game 3 (11) 2, Game 4 (31) 6 */
    CHECK(sample.count == 23);
    for (int i = 0; i < sample.count; i++) CHECK(sample.items[i].move_number % 5 == 0);
    CHECK(sample.count > 0 && sample.items[0].pos.side == BLACK && sample.items[0].from_initial);
    sample_free(&sample);
}

TEST_CASE(deepest_non_capture_counts_plies_from_one)
{
    Move quiet = move_make(SQ_A1, SQ_B1, 0, EMPTY), capture = move_make(SQ_A1, SQ_B1, 0, KNIGHT);
    Move line[5] = {quiet, capture, capture, quiet, capture};
    CHECK(deepest_non_capture(line, 5) == 4);
    CHECK(deepest_non_capture(line, 3) == 1);
    Move captures[2] = {capture, capture};
    CHECK(deepest_non_capture(captures, 2) == 1); /* a capture sequence: a 1-ply search sees it */
}

static int classify(const char *epd)
{
    static Search *search;
    if (!search) search = search_create();
    Position *pos = malloc(sizeof *pos);
    EpdRecord record;
    char error[256];
    SolutionDepth solution = {0};
    bool ok = pos && epd_parse(epd, pos, &record, error, sizeof error)
              && solution_depth(search, pos, &record, 2000000, &solution);
    free(pos);
    return ok ? solution.depth : -1;
}

TEST_CASE(berliner_depth_of_hand_checked_problems)
{
    /* WAC.010: 1.Rxh7 wins a pawn at once (1...fxe5 2.Rxh... the rest is captures): a 1-ply
     * search with TECH's capture sequences sees it. */
    CHECK(classify("2br2k1/2q3rn/p2NppQ1/2p1P3/Pp5R/4P3/1P3PPP/3R2K1 w - - bm Rxh7; id \"WAC.010\";") == 1);
    /* WAC.001: 1.Qg6 and mate next move - a three-ply mating line; every ply is needed. */
    CHECK(classify("2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";") == 3);
    /* WAC.004: 1.Qxh7+ Kxh7 2.hxg6# - a mate in 2 made of captures: still three plies, since
     * only a full-width look at every defence sees a mate. */
    CHECK(classify("r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - bm Qxh7+; id \"WAC.004\";") == 3);
    /* WAC.007: TECH's own line is 1...Ne3 2.a3 Nxd1: the queen falls after one quiet reply, 2
     * plies. (The branch 2.fxe3 Qh4+ 3.g3 Qxg3# is not in TECH's principal variation; the depth
     * is read from the line, not from the depth at which the search first plays the move.) */
    CHECK(classify("rnbqkb1r/pppp1ppp/8/4P3/6n1/7P/PPPNPPP1/R1BQKBNR b KQkq - bm Ne3; id \"WAC.007\";") == 2);
}

static int count_of(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what)) n++;
    return n;
}

TEST_CASE(svg_plot_has_one_line_per_series_and_escapes_text)
{
    PlotPoint a[3] = {{5, 10}, {10, 100}, {15, 0}}, b[2] = {{5, 2000}, {10, 30000}};
    PlotSeries series[2] = {{"depth 2", a, 3}, {"depth <3>", b, 2}};
    PlotLevel levels[1] = {{"1971 & now", 500}};
    const char *notes[2] = {"growth", "  x8"};
    Plot plot = {"Figure 11", "sub", "move", "NBP", series, 2, levels, 1, notes, 2};
    FILE *file = tmpfile();
    CHECK(file != NULL);
    if (!file) return;
    CHECK(svg_plot_write(file, &plot));
    long size = ftell(file);
    rewind(file);
    char *text = calloc(1, (size_t)size + 1);
    CHECK(text && fread(text, 1, (size_t)size, file) == (size_t)size);
    fclose(file);
    if (!text) return;
    CHECK(strncmp(text, "<?xml", 5) == 0 && strstr(text, "<svg ") != NULL);
    CHECK(size > 7 && strcmp(text + size - 7, "</svg>\n") == 0);
    CHECK(count_of(text, "<polyline") == 2);
    CHECK(count_of(text, "<circle") == 4);          /* y = 0 is left off the log axis */
    CHECK(count_of(text, "stroke-dasharray") == 1); /* the 1971 level */
    CHECK(count_of(text, "<g") == count_of(text, "</g>"));
    CHECK(count_of(text, "<text") == count_of(text, "</text>"));
    CHECK(strstr(text, "depth &lt;3&gt;") && strstr(text, "1971 &amp; now") && !strstr(text, "<3>"));
    CHECK(strstr(text, ">1k<") && strstr(text, ">100k<")); /* decades from 10 to 30000 and 500 */
    free(text);
    PlotSeries empty = {"none", a + 2, 1};
    Plot nothing = {"x", "", "", "", &empty, 1, NULL, 0, NULL, 0};
    FILE *sink = tmpfile();
    CHECK(sink && !svg_plot_write(sink, &nothing));
    if (sink) fclose(sink);
}
