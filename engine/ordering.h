/* ordering.h - the modern profile's move ordering (E9): the table's move, captures that do not
 * lose material by most valuable victim and least valuable attacker, two killers, quiet moves
 * by their history of cut-offs, and last the captures that lose material by exchange. Ordering
 * only: every move is still searched (docs/SPEC.md §10: full width). */
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
/* The quiet move `best` of `side` refuted a line at `depth` after the quiet moves `tried` had
 * failed to: `best` gains credit, they lose as much. */
void history_update(History *history, Color side, Move best, const Move *tried, int tried_count, Depth depth);

/* Hands out the moves of one node best first, in stages, so that a node cut off after one or
 * two moves pays for no more ordering than it used: the table's move; the captures that do not
 * lose material by exchange (the exchange is worked out only for a capture whose capturer is
 * worth more than its victim, and only when its turn comes), by MVV-LVA; the killers; the quiet
 * moves, quiet promotions first, then by history (keyed only when this stage begins); last the
 * captures that lose material. Without E9 the moves come in the list's own order. */
typedef enum {
    PICK_TABLE,
    PICK_CAPTURES,
    PICK_KILLERS,
    PICK_QUIETS,        /* the first few quiet moves, each found by a scan */
    PICK_QUIETS_SORTED, /* the rest, sorted once: a node that gets this far searches them all */
    PICK_LOSING,
    PICK_IN_ORDER
} PickStage;

typedef struct {
    MoveList *list;          /* the node's moves: captures first, as generated */
    int keys[MOVE_LIST_MAX]; /* per move; KEY_DONE once handed out */
    int capture_count;       /* list->moves[0 .. capture_count) are the captures */
    int table_index;         /* where the table's move is in the list, or -1 */
    int handed;              /* PICK_IN_ORDER: moves handed out so far; PICK_QUIETS: quiet
                                    moves handed out; PICK_QUIETS_SORTED: the next one's index */
    int sorted_end;          /* PICK_QUIETS_SORTED: end of the sorted quiet moves */
    PickStage stage;
    Move killers[KILLER_SLOTS];
    const History *history;
    Color side;
} MovePicker;

/* A modern node's moves from a GEN_ALL or GEN_NOISY list, in the stages above. */
void picker_init(MovePicker *picker, const Position *pos, MoveList *list, Move table_move,
                 const Move killers[KILLER_SLOTS], const History *history);
/* The moves exactly in the list's order (the faithful profile orders its list itself). */
void picker_init_in_order(MovePicker *picker, MoveList *list);
/* The next move, or MOVE_NONE when every move has been handed out. */
Move picker_next(MovePicker *picker, const Position *pos);

#endif
