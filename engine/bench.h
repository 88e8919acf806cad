/* bench.h - the fixed benchmark: its node total is the build's signature (docs/SPEC.md §9). */
#ifndef TECH_BENCH_H
#define TECH_BENCH_H

#include "search.h"

/* Default bench depth: one ply beyond TECH's usual 5 of 1971 (docs/SPEC.md §1) so that the run
 * lasts long enough (about a second) for a steady nodes/second figure. */
enum { BENCH_DEPTH_DEFAULT = 6 };

typedef struct {
    const char *fen;   /* start position of the entry */
    const char *moves; /* moves played from it (coordinate notation), or "" */
    bool from_initial; /* the game began from the initial array (opening phase) */
    const char *label; /* what the entry stands for */
} BenchPosition;

/* The fixed bench list and its length. */
extern const BenchPosition bench_positions[];
extern const int bench_position_count;

/* Set up bench entry i (FEN plus moves). Returns false if the entry is broken. */
bool bench_setup(int index, Position *pos);

#endif
