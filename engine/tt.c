/* tt.c - a lock-free transposition table: 16-byte entries, key xor data, depth-preferred
 * replacement with ageing. */
#include "tt.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "platform.h"

/* Entry data layout: move (32 bits) | score+32768 (16) | depth (8) | bound (2) | age (6). */
typedef struct {
    _Atomic uint64_t check; /* key ^ data */
    _Atomic uint64_t data;
} TTEntry;

struct TranspositionTable {
    TTEntry *entries;
    size_t mask;
    uint8_t age;
    bool written; /* a search may have stored entries since the last clear */
};

enum { AGE_MASK = 63 };

static uint64_t pack(Move move, Score score, Depth depth, Bound bound, uint8_t age)
{
    return (uint64_t)move | ((uint64_t)(uint16_t)(score + 32768) << 32) | ((uint64_t)(uint8_t)depth << 48)
           | ((uint64_t)bound << 56) | ((uint64_t)(age & AGE_MASK) << 58);
}

static Depth data_depth(uint64_t data) { return (Depth)((data >> 48) & 0xFF); }
static uint8_t data_age(uint64_t data) { return (uint8_t)((data >> 58) & AGE_MASK); }

/* Entries in a table of about `megabytes` MiB: the largest power of two that fits. */
static size_t entry_count(size_t megabytes)
{
    if (megabytes < TT_MIN_MB) megabytes = TT_MIN_MB;
    if (megabytes > TT_MAX_MB) megabytes = TT_MAX_MB;
    size_t count = 1;
    while (count * 2 * sizeof(TTEntry) <= megabytes * 1024 * 1024) count *= 2;
    return count;
}

/* The table's memory comes from platform.h: zeroed pages that cost nothing until a search
 * writes to them, and a clear that gives them back instead of writing zeros where the system
 * allows it. Writing zeros would touch, and so make resident, every page of a table that may be
 * gigabytes (and a fresh table beside the old one may not fit under an address-space limit). */
static size_t table_bytes(size_t count) { return count * sizeof(TTEntry); }

static void release(TranspositionTable *tt)
{
    if (tt->entries) platform_table_free(tt->entries, table_bytes(tt->mask + 1));
    tt->entries = NULL;
}

static bool allocate(TranspositionTable *tt, size_t count)
{
    TTEntry *entries = platform_table_alloc(table_bytes(count));
    if (!entries) return false;
    release(tt);
    tt->entries = entries;
    tt->mask = count - 1;
    tt->written = false;
    return true;
}

TranspositionTable *tt_create(size_t megabytes)
{
    TranspositionTable *tt = calloc(1, sizeof *tt);
    if (!tt) return NULL;
    if (!allocate(tt, entry_count(megabytes))) {
        free(tt);
        return NULL;
    }
    return tt;
}

void tt_destroy(TranspositionTable *tt)
{
    if (!tt) return;
    release(tt);
    free(tt);
}

TTResize tt_resize(TranspositionTable *tt, size_t megabytes)
{
    size_t old_count = tt->mask + 1;
    /* 1. The new table beside the old one, so that a failure keeps the old one. */
    if (allocate(tt, entry_count(megabytes))) return TT_RESIZED;
    /* 2. Both at once may not fit where either alone does (an address-space limit): give the
     *    old one back first, then ask again, and failing that for the old size. */
    release(tt);
    if (allocate(tt, entry_count(megabytes))) return TT_RESIZED;
    if (allocate(tt, old_count)) return TT_KEPT;
    return TT_LOST;
}

/* [C] A table up to this size is cleared by writing zeros (16 MB: about 2 ms): its pages stay
 * mapped for the search that follows, where pages given back would each be faulted in and zeroed
 * by the system again (the bench, which clears its 16 MB before each of its 30 positions, took
 * 183,821 page faults so). A larger table gives its pages back, at once and without the seconds
 * that writing gigabytes takes. */
enum { CLEAR_BY_WRITING_MAX_MB = 64 };

void tt_clear(TranspositionTable *tt)
{
    tt->age = 0;
    /* Memory no search has written to is zero already. */
    if (!tt->written) return;
    const size_t bytes = table_bytes(tt->mask + 1);
    if (bytes <= (size_t)CLEAR_BY_WRITING_MAX_MB * 1024 * 1024) memset(tt->entries, 0, bytes);
    else tt->entries = platform_table_zero(tt->entries, bytes);
    tt->written = false;
}

void tt_new_search(TranspositionTable *tt)
{
    tt->age = (uint8_t)((tt->age + 1) & AGE_MASK);
    tt->written = true;
}

/* Mate scores are stored as distance from this node, and read back as distance from the root. */
static Score score_to_table(Score score, int ply)
{
    if (score > SCORE_MATE_BOUND) return score + ply;
    if (score < -SCORE_MATE_BOUND) return score - ply;
    return score;
}

static Score score_from_table(Score score, int ply)
{
    if (score > SCORE_MATE_BOUND) return score - ply;
    if (score < -SCORE_MATE_BOUND) return score + ply;
    return score;
}

void tt_prefetch(const TranspositionTable *tt, uint64_t key) { __builtin_prefetch(&tt->entries[key & tt->mask]); }

bool tt_probe(const TranspositionTable *tt, uint64_t key, int ply, TTHit *hit)
{
    const TTEntry *e = &tt->entries[key & tt->mask];
    uint64_t data = atomic_load_explicit(&e->data, memory_order_relaxed);
    uint64_t check = atomic_load_explicit(&e->check, memory_order_relaxed);
    if ((check ^ data) != key || data == 0) return false;
    hit->move = (Move)(data & 0xFFFFFFFFu);
    hit->score = score_from_table((Score)((data >> 32) & 0xFFFF) - 32768, ply);
    hit->depth = data_depth(data);
    hit->bound = (Bound)((data >> 56) & 3);
    return true;
}

void tt_store(TranspositionTable *tt, uint64_t key, int ply, Depth depth, Score score, Bound bound, Move move)
{
    TTEntry *e = &tt->entries[key & tt->mask];
    uint64_t old = atomic_load_explicit(&e->data, memory_order_relaxed);
    uint64_t old_check = atomic_load_explicit(&e->check, memory_order_relaxed);
    bool same = (old ^ old_check) == key;
    /* Keep a deeper entry of the current search for another position. */
    if (!same && old && data_age(old) == tt->age && data_depth(old) > depth) return;
    if (same && move == MOVE_NONE) move = (Move)(old & 0xFFFFFFFFu);
    uint64_t data = pack(move, score_to_table(score, ply), depth < 0 ? 0 : depth, bound, tt->age);
    atomic_store_explicit(&e->data, data, memory_order_relaxed);
    atomic_store_explicit(&e->check, key ^ data, memory_order_relaxed);
}

int tt_hashfull(const TranspositionTable *tt)
{
    int used = 0, sample = tt->mask + 1 < 1000 ? (int)(tt->mask + 1) : 1000;
    for (int i = 0; i < sample; i++) {
        uint64_t data = atomic_load_explicit(&tt->entries[i].data, memory_order_relaxed);
        used += data && data_age(data) == tt->age;
    }
    return sample ? used * 1000 / sample : 0;
}
