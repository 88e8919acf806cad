/* shared_search.h - what the threads of one search share with Threads > 1: the helpers, their
 * stop flag, and the busy table of subtrees under way, which the tree search (tree.c) consults
 * to put off a subtree another thread is searching (simplified ABDADA). Internal to the search. */
#ifndef TECH_SHARED_SEARCH_H
#define TECH_SHARED_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "board.h"
#include "search.h"
#include "threadpool.h"

struct Search;

/* Entries of the table of subtrees under way (a power of two). */
enum { BUSY_TABLE_SIZE = 1 << 14 };

/* What the threads of one search share: the helpers' searches, their stop flag and the table
 * of subtrees under way (ABDADA, see tree.c). Owned by the main search; kept between searches. */
typedef struct SharedSearch {
    ThreadPool *pool;
    struct Search *helpers[SEARCH_THREADS_MAX - 1];
    int helper_count;             /* helpers taking part in the search under way */
    SearchControl helper_control; /* the helpers stop when the main search ends */
    atomic_int main_depth;        /* the depth the main search is on */
    _Atomic uint64_t busy[BUSY_TABLE_SIZE];
    /* What the helpers start from: set by the main search before it wakes them (the root
     * position as given, not the main search's own copy, which it is changing). */
    const struct Search *main;
    const Position *root;
} SharedSearch;

/* Start the helpers of the main search `s` on `root_pos` (Threads > 1, with the shared table);
 * returns how many started, 0 for none. */
int shared_search_start(struct Search *s, const Position *root_pos);
/* Stop the helpers, wait for them and add their nodes to `result`. */
void shared_search_stop(struct Search *s, SearchResult *result);
/* The depth a thread searches next after `d`: a helper catches up with the main search, the
 * main search announces the depth it begins. Without helpers, `d`. */
Depth shared_search_align_depth(struct Search *s, Depth d);
/* Nodes of every thread of the search so far, for progress reports. */
uint64_t shared_search_nodes(const struct Search *s);
/* Forget the helpers' killers (a new game). */
void shared_search_clear_killers(SharedSearch *shared);
/* Stop the helper threads and free them (NULL: nothing to do). */
void shared_search_destroy(SharedSearch *shared);

/* The busy table: the key of a (position, move) pair some thread is searching. */
static inline uint64_t busy_key(const Position *pos, Move m)
{
    return pos->key ^ ((uint64_t)m * 0x9E3779B97F4A7C15ULL);
}

static inline bool busy_test(SharedSearch *shared, uint64_t key)
{
    return atomic_load_explicit(&shared->busy[key & (BUSY_TABLE_SIZE - 1)], memory_order_relaxed) == key;
}

static inline void busy_set(SharedSearch *shared, uint64_t key)
{
    atomic_store_explicit(&shared->busy[key & (BUSY_TABLE_SIZE - 1)], key, memory_order_relaxed);
}

static inline void busy_clear(SharedSearch *shared, uint64_t key)
{
    uint64_t expected = key;
    atomic_compare_exchange_strong_explicit(&shared->busy[key & (BUSY_TABLE_SIZE - 1)], &expected, 0,
                                            memory_order_relaxed, memory_order_relaxed);
}

#endif
