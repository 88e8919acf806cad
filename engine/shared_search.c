/* shared_search.c - the helper threads of Threads > 1 (docs/SPEC.md §10): they search the
 * main search's root depth after depth beside it, sharing its transposition table, and put off
 * the subtrees another thread is searching (the busy table, shared_search.h). */
#include "shared_search.h"

#include <stdlib.h>

#include "search_internal.h"

void shared_search_destroy(SharedSearch *shared)
{
    if (!shared) return;
    pool_destroy(shared->pool);
    for (int i = 0; i < SEARCH_THREADS_MAX - 1; i++) free(shared->helpers[i]);
    free(shared);
}

/* Nodes of every thread so far, for progress reports. */
uint64_t shared_search_nodes(const Search *s)
{
    uint64_t nodes = s->stats.nodes;
    if (s->shared)
        for (int i = 0; i < s->shared->helper_count; i++)
            nodes += atomic_load_explicit(&s->shared->helpers[i]->published_nodes, memory_order_relaxed);
    return nodes;
}

/* A helper thread's part: the same root, depth after depth, sharing the table, until the main
 * search ends. Its results are only the table entries it leaves. */
static void helper_task(void *context, int index)
{
    SharedSearch *shared = context;
    const Search *main = shared->main;
    Search *h = shared->helpers[index];
    SearchLimits limits = {.depth = SEARCH_DEPTH_MAX};
    SearchFeatures features = main->features;
    features.secondary_search = false;
    search_begin(h, shared->root, &limits, &features, &shared->helper_control);
    h->tt = main->tt;
    h->shared = shared;
    h->is_helper = true;
    h->root = main->root;
    memcpy(h->value, main->value, sizeof h->value);
    h->material[0] = main->material[0];
    eval_line_copy_root(&h->eval, &main->eval);
    SearchResult ignored;
    memset(&ignored, 0, sizeof ignored);
    search_depths(h, &limits, 1, SEARCH_DEPTH_MAX, NULL, &ignored);
    h->stats.wall_us = clock_now_us() - h->start_us;
}

/* Helpers for this search: they need the shared table (E4) to pass on what they find. */
int shared_search_start(Search *s, const Position *root_pos)
{
    int wanted = s->features.threads - 1;
    /* [C] A paced search is one PDP-10 made faster: one thread (docs/SPEC.md §10, Threads). */
    if (wanted <= 0 || !s->tt || !s->features.transposition_table || s->features.pace_multiple > 0) return 0;
    if (wanted > SEARCH_THREADS_MAX - 1) wanted = SEARCH_THREADS_MAX - 1;
    SharedSearch *shared = s->threads;
    if (!shared) {
        shared = calloc(1, sizeof *shared);
        if (!shared || !(shared->pool = pool_create())) {
            free(shared);
            return 0;
        }
        s->threads = shared;
    }
    int available = pool_reserve(shared->pool, wanted);
    int count = 0;
    while (count < available && (shared->helpers[count] || (shared->helpers[count] = search_create()))) count++;
    shared->helper_count = count;
    if (count == 0) return 0;
    search_control_reset(&shared->helper_control);
    atomic_store(&shared->main_depth, 1);
    for (int i = 0; i < BUSY_TABLE_SIZE; i++) atomic_store_explicit(&shared->busy[i], 0, memory_order_relaxed);
    shared->main = s;
    shared->root = root_pos;
    s->shared = shared;
    pool_start(shared->pool, count, helper_task, shared);
    return count;
}

void shared_search_stop(Search *s, SearchResult *result)
{
    SharedSearch *shared = s->shared;
    atomic_store(&shared->helper_control.stop, true);
    pool_wait(shared->pool);
    for (int i = 0; i < shared->helper_count; i++) {
        result->stats.nodes += shared->helpers[i]->stats.nodes;
        result->stats.bottom_positions += shared->helpers[i]->stats.bottom_positions;
    }
    shared->helper_count = 0;
    s->shared = NULL;
}

Depth shared_search_align_depth(Search *s, Depth d)
{
    if (s->is_helper) {
        Depth main_depth = atomic_load(&s->shared->main_depth);
        if (d < main_depth) d = main_depth;
    } else if (s->shared) {
        atomic_store(&s->shared->main_depth, d);
    }
    return d;
}

void shared_search_clear_killers(SharedSearch *shared)
{
    if (!shared) return;
    for (int i = 0; i < SEARCH_THREADS_MAX - 1; i++)
        if (shared->helpers[i]) memset(shared->helpers[i]->killers, 0, sizeof shared->helpers[i]->killers);
}
