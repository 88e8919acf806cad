/* perft.c - perft with bulk counting at the last ply: its legal moves are counted as the
 * generator finds them (legal_move_count), with the pin and check test of legality.c. */
#include "perft.h"

#include <assert.h>
#include <stddef.h>

#include "attack.h"
#include "makemove.h"
#include "rules.h"

/* The count below pos; a stop flag (NULL = none) is looked at in every interior node, so a
 * stop ends even a deep perft within a fraction of a millisecond (the count is then partial).
 * `bulk`: the last ply is counted, and the moves above it are made without the key's upkeep (a
 * count reads no key, as TECH-1971's search reads none); otherwise every move is made with
 * make_move, the key kept. */
static uint64_t perft_node(Position *pos, int depth, bool bulk, const atomic_bool *stop)
{
    if (stop && atomic_load_explicit(stop, memory_order_relaxed)) return 0;
    if (depth == 1 && bulk) return (uint64_t)legal_move_count(pos);
    MoveList legal;
    generate_legal(pos, &legal);
    uint64_t nodes = 0;
    for (int i = 0; i < legal.count; i++) {
        if (bulk) make_move_unkeyed(pos, legal.moves[i]);
        else make_move(pos, legal.moves[i]);
        nodes += depth == 1 ? 1 : perft_node(pos, depth - 1, bulk, stop);
        unmake_move(pos);
    }
    return nodes;
}

/* Each entry asserts its root (debug builds): consistent, its key included, and legal (the side not
 * to move not in check). */
uint64_t perft(Position *pos, int depth)
{
    assert(position_ok(pos) && !enemy_king_capturable(pos));
    return depth <= 0 ? 1 : perft_node(pos, depth, true, NULL);
}

uint64_t perft_make_all(Position *pos, int depth)
{
    assert(position_ok(pos) && !enemy_king_capturable(pos));
    return depth <= 0 ? 1 : perft_node(pos, depth, false, NULL);
}

uint64_t perft_divide_until(Position *pos, int depth, void (*report)(void *ctx, Move m, uint64_t nodes), void *ctx,
                            const atomic_bool *stop, PerftProgress *progress)
{
    assert(position_ok(pos) && !enemy_king_capturable(pos) && report && progress);
    MoveList legal;
    generate_legal(pos, &legal);
    progress->root_moves = legal.count;
    progress->completed = 0;
    uint64_t total = 0;
    for (int i = 0; i < legal.count; i++) {
        make_move(pos, legal.moves[i]);
        uint64_t nodes = depth <= 1 ? 1 : perft_node(pos, depth - 1, true, stop);
        unmake_move(pos);
        progress->counted = total + nodes;
        if (stop && atomic_load(stop)) return total; /* this move's count is partial: not reported */
        report(ctx, legal.moves[i], nodes);
        total += nodes;
        progress->completed++;
    }
    progress->counted = total;
    return total;
}
