/* test_search_limits.c - how searches end (pondering, target depth, soft and hard limits) and
 * that the modern profile's search tricks never change which move TECH's root tie-break
 * chooses. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "cases.h"
#include "clock.h"
#include "notation.h"
#include "search.h"
#include "test.h"

/* The modern profile without the table (whose grafted values depend on what it holds) and
 * without the secondary search: an exact search, so every switch below must agree with it. */
static void exact_modern(SearchFeatures *f)
{
    search_features_modern(f);
    f->transposition_table = false;
    f->secondary_search = false;
    f->iterative_deepening = false;
    f->pvs = false;
    f->move_ordering = false;
}

TEST_CASE(search_tie_break_survives_pvs_aspiration_and_ordering)
{
    /* Among materially equal root moves the positionally first must be played (docs/SPEC.md §4):
     * PVS's null windows, aspiration windows, the previous best searched first (E7) and the
     * E9 ordering change which moves are searched how, never the move or its score. */
    static Position pos;
    Search *search = search_create();
    SearchControl control;
    struct {
        const char *name;
        bool e7, e8, e9;
    } variants[] = {
        {"E7", true, false, false},   {"E8", false, true, false},     {"E9", false, false, true},
        {"E7+E8", true, true, false}, {"E7+E8+E9", true, true, true},
    };
    int compared = 0;
    for (int i = 0; i < bench_position_count; i++) {
        if (!bench_setup(i, &pos)) continue;
        SearchFeatures plain;
        exact_modern(&plain);
        SearchLimits limits = {.depth = 5, .started_from_initial = bench_positions[i].from_initial};
        search_control_reset(&control);
        SearchResult want = search_run(search, &pos, &limits, &plain, &control, NULL);
        for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
            SearchFeatures f = plain;
            f.iterative_deepening = variants[v].e7;
            f.pvs = variants[v].e8;
            f.move_ordering = variants[v].e9;
            search_control_reset(&control);
            SearchResult got = search_run(search, &pos, &limits, &f, &control, NULL);
            compared++;
            if (got.best_move != want.best_move || got.score != want.score) {
                char a[MOVE_TEXT_MAX], b[MOVE_TEXT_MAX];
                move_to_uci(want.best_move, false, a);
                move_to_uci(got.best_move, false, b);
                FAIL("%s with %s: %s %d, plain search %s %d", bench_positions[i].label, variants[v].name, b, got.score,
                     a, want.score);
            }
        }
    }
    CHECK(compared >= 100);
    search_destroy(search);
}

/* A search on its own thread, so that the test can act as the controller. */
typedef struct {
    Search *search;
    const Position *pos;
    SearchLimits limits;
    SearchFeatures features;
    SearchControl *control;
    SearchResult result;
    atomic_bool done;
} Background;

static void *background_main(void *arg)
{
    Background *b = arg;
    b->result = search_run(b->search, b->pos, &b->limits, &b->features, b->control, NULL);
    atomic_store(&b->done, true);
    return NULL;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Wait until the background search has completed `depth` or finished; false on timeout. */
static bool wait_for_depth(Background *b, Depth depth, int timeout_ms)
{
    for (int waited = 0; waited < timeout_ms; waited += 5) {
        if (atomic_load(&b->control->completed_depth) >= depth || atomic_load(&b->done)) return true;
        sleep_ms(5);
    }
    return false;
}

TEST_CASE(search_ponder_goes_deeper_then_a_hit_ends_it)
{
    /* TECH-1971 pondering (docs/SPEC.md §8): complete searches at d, d+1, ... until the hit; a hit
     * whose depth is already done ends the search at once, with the deepest completed result. */
    static Position pos;
    CHECK(bench_setup(8, &pos)); /* a middle game */
    SearchControl control;
    search_control_reset(&control);
    atomic_store(&control.pondering, true);
    Background b = {.search = search_create(), .pos = &pos, .control = &control};
    b.limits = (SearchLimits){.depth = SEARCH_DEPTH_MAX, .first_depth = 3};
    search_features_faithful(&b.features);
    atomic_init(&b.done, false);
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, background_main, &b) == 0);
    CHECK(wait_for_depth(&b, 5, 20000));
    CHECK(!atomic_load(&b.done)); /* still thinking past depth 3 */
    int64_t hit = clock_now_us();
    search_control_arm(&control, 4, 0, hit + 60 * 1000000LL);
    pthread_join(thread, NULL);
    int64_t took_ms = (clock_now_us() - hit) / 1000;
    CHECK(b.result.depth >= 5);
    CHECK(b.result.best_move != MOVE_NONE);
    if (took_ms > 500) FAIL("the hit took %lld ms to end a search past its target", (long long)took_ms);
    search_destroy(b.search);
}

TEST_CASE(search_ponder_hit_short_of_the_target_goes_on)
{
    /* A hit before the wanted depth is done: the search goes on until it is, then ends. */
    static Position pos;
    CHECK(bench_setup(8, &pos));
    SearchControl control;
    search_control_reset(&control);
    atomic_store(&control.pondering, true);
    Background b = {.search = search_create(), .pos = &pos, .control = &control};
    b.limits = (SearchLimits){.depth = SEARCH_DEPTH_MAX, .first_depth = 2};
    search_features_faithful(&b.features);
    atomic_init(&b.done, false);
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, background_main, &b) == 0);
    CHECK(wait_for_depth(&b, 2, 20000));
    Depth target = atomic_load(&control.completed_depth) + 2;
    search_control_arm(&control, target, 0, clock_now_us() + 60 * 1000000LL);
    pthread_join(thread, NULL);
    /* It ends once the target is done (or at once if it raced past it meanwhile). */
    CHECK(b.result.depth >= target);
    CHECK(b.result.depth <= target + 1);
    search_destroy(b.search);
}

TEST_CASE(search_modern_ponder_hit_after_a_long_think_plays_at_once)
{
    /* TECH-modern: when the ponder search has run longer than its time rule would have given a
     * search of its own, the hit plays at once; under a soft limit it would otherwise go on. */
    static Position pos;
    CHECK(bench_setup(8, &pos));
    SearchControl control;
    search_control_reset(&control);
    atomic_store(&control.pondering, true);
    Background b = {.search = search_create(), .pos = &pos, .control = &control};
    b.limits = (SearchLimits){.depth = SEARCH_DEPTH_MAX};
    search_features_modern(&b.features);
    b.features.transposition_table = false;
    b.features.secondary_search = false;
    atomic_init(&b.done, false);
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, background_main, &b) == 0);
    CHECK(wait_for_depth(&b, 6, 30000));
    sleep_ms(50);
    int64_t hit = clock_now_us();
    /* A soft limit of 5 ms: any depth that took longer would have been the last. */
    search_control_arm(&control, 0, hit + 5000, hit + 60 * 1000000LL);
    pthread_join(thread, NULL);
    int64_t took_ms = (clock_now_us() - hit) / 1000;
    CHECK(b.result.depth >= 6);
    if (took_ms > 500) FAIL("the hit took %lld ms", (long long)took_ms);
    search_destroy(b.search);
}

TEST_CASE(search_soft_limit_begins_no_depth_after_it)
{
    /* Under a soft limit no depth starts after it, nor one predicted to end past the hard limit;
     * the hard limit is never passed by more than a poll. The search thread's CPU time is what
     * is checked: on a loaded machine the wall clock also counts the time the thread waited
     * for a core, which no deadline test inside the search can take back. */
    static Position pos;
    CHECK(bench_setup(9, &pos));
    Search *search = search_create();
    SearchFeatures features;
    search_features_modern(&features);
    features.transposition_table = false;
    features.secondary_search = false;
    SearchControl control;
    for (int round = 0; round < 3; round++) {
        search_control_reset(&control);
        int64_t start = clock_now_us();
        int soft_ms = 20 + 40 * round, hard_ms = 4 * soft_ms;
        atomic_store(&control.soft_deadline_us, start + soft_ms * 1000);
        atomic_store(&control.hard_deadline_us, start + hard_ms * 1000);
        SearchLimits limits = {.depth = SEARCH_DEPTH_MAX};
        SearchResult r = search_run(search, &pos, &limits, &features, &control, NULL);
        int64_t took_ms = (clock_now_us() - start) / 1000;
        int64_t cpu_ms = r.stats.cpu_us / 1000;
        CHECK(r.best_move != MOVE_NONE && r.depth >= 1);
        if (cpu_ms > hard_ms + 50)
            FAIL("soft %d hard %d ms: took %lld ms of CPU (%lld ms wall)", soft_ms, hard_ms, (long long)cpu_ms,
                 (long long)took_ms);
    }
    search_destroy(search);
}
