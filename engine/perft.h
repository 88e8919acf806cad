/* perft.h - move-path enumeration for checking the generator and make/unmake. */
#ifndef TECH_PERFT_H
#define TECH_PERFT_H

#include <stdatomic.h>

#include "board.h"

/* Number of legal move paths of length `depth`. The last ply is counted in bulk: its legal
 * moves are counted, not made (as Stockfish's `go perft` does). */
uint64_t perft(Position *pos, int depth);
/* Same count, but every leaf move is made and unmade (the slower like-for-like figure). */
uint64_t perft_make_all(Position *pos, int depth);

/* How far a divide got: root moves in all, those counted (and reported) in full, and every
 * path counted, the unfinished root move's included. */
typedef struct {
    int root_moves;
    int completed;
    uint64_t counted;
} PerftProgress;

/* Call `report` for every legal root move with its subtree count and return the total, giving
 * up soon after *stop becomes true (stop may be NULL): the moves counted in full are reported and
 * summed, the one under way is left out of the total (progress->counted has it). */
uint64_t perft_divide_until(Position *pos, int depth, void (*report)(void *ctx, Move m, uint64_t nodes), void *ctx,
                            const atomic_bool *stop, PerftProgress *progress);

#endif
