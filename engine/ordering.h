/* ordering.h - the modern profile's move ordering (E9): the table's move, captures by most
 * valuable victim and least valuable attacker, two killers, then quiet moves by their history
 * of cut-offs. Ordering only: every move is still searched (docs/SPEC.md §10: full width). */
#ifndef TECH_ORDERING_H
#define TECH_ORDERING_H

#include "board.h"
#include "movegen.h"

/* Cut-offs by quiet moves, per side, origin and destination; one table per search thread. */
typedef struct {
    int32_t score[COLOR_NB][BOARD_SIZE][BOARD_SIZE];
} History;

/* Two killers per ply under E9 (the faithful profile keeps one, docs/SPEC.md §4). */
enum { KILLER_SLOTS = 2 };

void history_clear(History *history);
/* A new search: older cut-offs count for half. */
void history_age(History *history);
/* A quiet move of `side` refuted a line at `depth`. */
void history_reward(History *history, Color side, Move move, Depth depth);

/* Reorder a GEN_ALL list (captures by victim first, then the rest) for a modern node. */
void order_moves(const Position *pos, MoveList *list, Move table_move, const Move killers[KILLER_SLOTS],
                 const History *history);

#endif
