/* perft.c - perft with bulk counting at the last ply and a fast legality filter. */
#include "perft.h"

#include "legality.h"
#include "makemove.h"
#include "movegen.h"

static uint64_t perft_node(Position *pos, int depth, bool bulk)
{
    MoveList list;
    LegalityInfo info;
    generate_moves(pos, GEN_ALL, &list);
    legality_prepare(pos, &info);
    uint64_t nodes = 0;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (!legality_check(pos, &info, m)) continue;
        if (depth == 1 && bulk) {
            nodes++;
            continue;
        }
        make_move(pos, m);
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
    MoveList list;
    LegalityInfo info;
    generate_moves(pos, GEN_ALL, &list);
    legality_prepare(pos, &info);
    uint64_t total = 0;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (!legality_check(pos, &info, m)) continue;
        make_move(pos, m);
        uint64_t nodes = perft(pos, depth - 1);
        unmake_move(pos);
        report(ctx, m, nodes);
        total += nodes;
    }
    return total;
}
