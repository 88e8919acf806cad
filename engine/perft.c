/* perft.c - perft with bulk counting at the last ply; legality by the pin filter of rules.c. */
#include "perft.h"

#include "makemove.h"
#include "rules.h"

static uint64_t perft_node(Position *pos, int depth, bool bulk)
{
    MoveList legal;
    generate_legal(pos, &legal);
    if (depth == 1 && bulk) return (uint64_t)legal.count;
    uint64_t nodes = 0;
    for (int i = 0; i < legal.count; i++) {
        make_move(pos, legal.moves[i]);
        nodes += depth == 1 ? 1 : perft_node(pos, depth - 1, bulk);
        unmake_move(pos);
    }
    return nodes;
}

uint64_t perft(Position *pos, int depth)
{
    return depth <= 0 ? 1 : perft_node(pos, depth, true);
}

uint64_t perft_make_all(Position *pos, int depth)
{
    return depth <= 0 ? 1 : perft_node(pos, depth, false);
}

uint64_t perft_divide(Position *pos, int depth, void (*report)(void *ctx, Move m, uint64_t nodes), void *ctx)
{
    MoveList legal;
    generate_legal(pos, &legal);
    uint64_t total = 0;
    for (int i = 0; i < legal.count; i++) {
        make_move(pos, legal.moves[i]);
        uint64_t nodes = perft(pos, depth - 1);
        unmake_move(pos);
        report(ctx, legal.moves[i], nodes);
        total += nodes;
    }
    return total;
}
