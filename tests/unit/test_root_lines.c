/* test_root_lines.c - the root's scored lines (MultiPV, Variety): which score a move must beat,
 * the order of the lines, what is kept, and Variety's candidates and choice. */
#include <string.h>

#include "bench.h"
#include "cases.h"
#include "root_lines.h"
#include "test.h"
#include "variety.h"

/* A distinct move for each number (the lines never look inside it). */
static Move test_move(int n) { return move_make((Square)(21 + n), (Square)(41 + n), 0, EMPTY); }

static void add(RootLines *lines, int n, int rank, Score score)
{
    Move below[2] = {test_move(50 + n), test_move(60 + n)};
    root_lines_add(lines, test_move(n), rank, score, below, 2);
}

static bool line_is(const RootLines *lines, int index, int n, Score score)
{
    const SearchInfo *line = &lines->lines[index];
    return index < lines->count && line->pv[0] == test_move(n) && line->score == score && line->pv_length == 3
           && line->pv[1] == test_move(50 + n);
}

static RootLines lines; /* large: not on the stack */

TEST_CASE(root_lines_keep_the_best_k_in_order)
{
    root_lines_reset(&lines, 2, -1, 0);
    CHECK(root_lines_bound(&lines, 0, -SCORE_INFINITE) == -SCORE_INFINITE);
    add(&lines, 1, 4, 10);
    CHECK(root_lines_bound(&lines, 0, -SCORE_INFINITE) == -SCORE_INFINITE); /* fewer than K lines */
    add(&lines, 2, 1, 0);
    CHECK(line_is(&lines, 0, 1, 10) && line_is(&lines, 1, 2, 0));
    CHECK(lines.lines[0].presort_rank == 5 && lines.lines[1].presort_rank == 2);
    /* Beat the K-th line; a move earlier in the pre-sort needs only to equal it. */
    CHECK(root_lines_bound(&lines, 0, -SCORE_INFINITE) == -1);
    CHECK(root_lines_bound(&lines, 3, -SCORE_INFINITE) == 0);
    CHECK(root_lines_bound(&lines, 3, 5) == 5); /* never below the window's floor */
    /* An equal score earlier in the pre-sort goes first and pushes the other out. */
    add(&lines, 3, 0, 0);
    CHECK(lines.count == 2 && line_is(&lines, 0, 1, 10) && line_is(&lines, 1, 3, 0));
    add(&lines, 4, 7, 20);
    CHECK(lines.count == 2 && line_is(&lines, 0, 4, 20) && line_is(&lines, 1, 1, 10));
}

TEST_CASE(root_lines_keep_moves_within_the_margin)
{
    root_lines_reset(&lines, 1, 10, MOVE_LIST_MAX);
    add(&lines, 1, 2, 50);
    CHECK(root_lines_bound(&lines, 5, -SCORE_INFINITE) == 39); /* 40 still counts as equal */
    add(&lines, 2, 0, 45);
    add(&lines, 3, 1, 40);
    CHECK(lines.count == 3 && line_is(&lines, 2, 3, 40));
    CHECK(root_lines_equal_to_best(&lines, 40) && !root_lines_equal_to_best(&lines, 39));
    /* A new best leaves behind the moves no longer within the margin. */
    add(&lines, 4, 3, 55);
    CHECK(lines.count == 3 && line_is(&lines, 0, 4, 55) && line_is(&lines, 1, 1, 50) && line_is(&lines, 2, 2, 45));
    /* The margin is for the moves near the best in the pre-sort; the others must beat the best. */
    root_lines_reset(&lines, 1, 0, 3);
    add(&lines, 1, 0, 0);
    CHECK(root_lines_bound(&lines, 3, -SCORE_INFINITE) == -1 && root_lines_bound(&lines, 4, -SCORE_INFINITE) == 0);
    /* Off (margin < 0): nothing is equal to the best but the K lines. */
    root_lines_reset(&lines, 1, -1, MOVE_LIST_MAX);
    add(&lines, 1, 0, 50);
    CHECK(!root_lines_equal_to_best(&lines, 50));
}

TEST_CASE(root_lines_a_mate_is_equal_only_to_itself)
{
    root_lines_reset(&lines, 1, 10, MOVE_LIST_MAX);
    add(&lines, 1, 0, SCORE_MATE - 3);
    CHECK(root_lines_bound(&lines, 1, -SCORE_INFINITE) == SCORE_MATE - 4);
    add(&lines, 2, 1, SCORE_MATE - 5);
    CHECK(lines.count == 1);
    add(&lines, 3, 2, SCORE_MATE - 3);
    CHECK(lines.count == 2 && line_is(&lines, 1, 3, SCORE_MATE - 3));
}

TEST_CASE(variety_candidates_are_equal_and_near_in_the_presort)
{
    root_lines_reset(&lines, 1, 0, MOVE_LIST_MAX);
    add(&lines, 1, 4, 0); /* the best: rank 5 */
    add(&lines, 2, 1, 0); /* rank 2: equal, 3 places away */
    add(&lines, 3, 0, 0); /* rank 1: equal, 4 places away: too far */
    add(&lines, 4, 8, 0); /* rank 9: too far */
    add(&lines, 5, 6, 0); /* rank 7: equal, near */
    CHECK(lines.count == 5 && lines.lines[0].presort_rank == 1);
    /* The best is the earliest of the equal moves, rank 1: its neighbours are ranks 2-4. */
    VarietyCandidates candidates;
    variety_collect(&candidates, &lines);
    CHECK(candidates.count == 2 && candidates.lines[0].pv[0] == test_move(3)
          && candidates.lines[1].pv[0] == test_move(2));

    root_lines_reset(&lines, 1, 0, MOVE_LIST_MAX);
    add(&lines, 1, 4, 0);
    add(&lines, 2, 2, 0); /* the best: rank 3; ranks 5 and 6 are near it */
    add(&lines, 3, 5, 0);
    add(&lines, 4, 3, -100); /* never kept: below the best */
    variety_collect(&candidates, &lines);
    CHECK(candidates.count == 3);
    uint64_t state = 12345;
    int seen[3] = {0};
    for (int i = 0; i < 300; i++) {
        const SearchInfo *chosen = variety_choose(&candidates, &state);
        for (int c = 0; c < 3; c++) seen[c] += chosen == &candidates.lines[c];
    }
    CHECK(seen[0] > 50 && seen[1] > 50 && seen[2] > 50 && seen[0] + seen[1] + seen[2] == 300);
}

/* The lines of the last depth a search reports. */
typedef struct {
    SearchInfo lines[MOVE_LIST_MAX];
    int count;
} Reported;

static void keep_lines(void *context, const SearchInfo *depth_lines, int count)
{
    Reported *reported = context;
    memcpy(reported->lines, depth_lines, (size_t)count * sizeof depth_lines[0]);
    reported->count = count;
}

TEST_CASE(multipv_lines_are_exact_and_the_best_is_the_move_played)
{
    /* For TECH-1971 (an exact search at one depth) every line's score is its move's own score,
     * as a search restricted to that move finds it, and line 1 is the plain search's move. */
    static Position pos;
    static Reported reported;
    Search *search = search_create();
    SearchControl control;
    SearchFeatures features;
    search_features_faithful(&features);
    SearchReporter reporter = {.context = &reported, .on_lines = keep_lines};
    int checked = 0;
    for (int i = 0; i < bench_position_count; i += 3) {
        if (!bench_setup(i, &pos)) continue;
        SearchLimits limits = {.depth = 3, .started_from_initial = bench_positions[i].from_initial};
        search_control_reset(&control);
        SearchResult plain = search_run(search, &pos, &limits, &features, &control, NULL);
        limits.multipv = 4;
        reported.count = 0;
        search_control_reset(&control);
        SearchResult multi = search_run(search, &pos, &limits, &features, &control, &reporter);
        CHECK(multi.best_move == plain.best_move && multi.score == plain.score);
        CHECK(reported.count >= 1 && reported.lines[0].pv[0] == plain.best_move);
        for (int k = 0; k < reported.count; k++) {
            const SearchInfo *line = &reported.lines[k];
            CHECK(line->multipv == k + 1 && line->depth == 3);
            if (k > 0) CHECK(line->score <= reported.lines[k - 1].score);
            SearchLimits alone = {.depth = 3,
                                  .started_from_initial = limits.started_from_initial,
                                  .searchmoves_count = 1,
                                  .searchmoves = {line->pv[0]}};
            search_control_reset(&control);
            SearchResult own = search_run(search, &pos, &alone, &features, &control, NULL);
            if (own.score != line->score)
                FAIL("%s line %d: score %d, its move alone %d", bench_positions[i].label, k + 1, line->score,
                     own.score);
            checked++;
        }
    }
    CHECK(checked >= 40);
    search_destroy(search);
}
