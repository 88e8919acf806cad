/* tt.h - the transposition table of the modern profile (E4, docs/SPEC.md §10): Zobrist-keyed,
 * shared by every search thread, lock-free (each entry's key is stored xor-ed with its data). */
#ifndef TECH_TT_H
#define TECH_TT_H

#include <stddef.h>

#include "types.h"

typedef enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 } Bound;

typedef struct {
    Move move;
    Score score; /* adjusted to the probing ply */
    Depth depth;
    Bound bound;
} TTHit;

typedef struct TranspositionTable TranspositionTable;

/* Default and limits of the table size in MiB (the Hash option). */
enum { TT_DEFAULT_MB = 16, TT_MIN_MB = 1, TT_MAX_MB = 4096 };

/* A table of about `megabytes` MiB (a power-of-two entry count), cleared; NULL if no memory. */
TranspositionTable *tt_create(size_t megabytes);
void tt_destroy(TranspositionTable *tt);
/* What tt_resize() did: the new size, the old size kept for want of memory, or nothing left
 * (neither size could be had once the old table was given back; destroy the table). */
typedef enum { TT_RESIZED, TT_KEPT, TT_LOST } TTResize;

/* Change the size (contents are lost). */
TTResize tt_resize(TranspositionTable *tt, size_t megabytes);
/* Empty the table (nothing to do when no search used it since the last clear): a table of up to
 * 64 MB by writing zeros, a larger one by giving its pages back to the system, so that the time
 * stays small either way. */
void tt_clear(TranspositionTable *tt);
/* Start a new search: entries of earlier searches become replaceable first. Only a search
 * writes entries, and every search starts here. */
void tt_new_search(TranspositionTable *tt);
/* Look up a position; false if it is not stored. */
bool tt_probe(const TranspositionTable *tt, uint64_t key, int ply, TTHit *hit);
/* Start loading the entry of `key` into the cache, for a probe that follows soon. */
void tt_prefetch(const TranspositionTable *tt, uint64_t key);
/* Store a search result for a position (mate scores are made ply-independent). */
void tt_store(TranspositionTable *tt, uint64_t key, int ply, Depth depth, Score score, Bound bound, Move move);
/* Permille of the first thousand entries used by the current search (UCI hashfull). */
int tt_hashfull(const TranspositionTable *tt);

#endif
