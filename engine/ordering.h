/* ordering.h - the order in which a node's moves are searched, handed out by a picker that
 * generates them in stages: the modern profile's (E9: the table's move, captures that do not
 * lose material by most valuable victim and least valuable attacker, two killers, quiet moves by
 * their history of cut-offs, and last the captures that lose material by exchange) and the
 * report's (the killer, captures by victim, the rest). Ordering only: every move is still
 * searched (docs/SPEC.md §10: full width). */
#ifndef TECH_ORDERING_H
#define TECH_ORDERING_H

#include "board.h"
#include "movegen.h"

/* Cut-offs by quiet moves, per side, origin and destination, the squares numbered 0 .. 63
 * (square_64); one table per search thread. 16 KB: it stays in the first-level cache, where one
 * indexed by the 120 cells of the mailbox in 32-bit scores would take 115 KB. */
enum { SQUARES = 64 };
typedef struct {
    int16_t score[COLOR_NB][SQUARES][SQUARES]; /* within +-HISTORY_MAX (ordering.c) */
} History;

/* A move's history score. */
static inline int history_score(const History *history, Color side, Move m)
{
    return history->score[side][square_64(move_from(m))][square_64(move_to(m))];
}

/* Two killers per ply under E9 (the faithful profile keeps one, docs/SPEC.md §4). */
enum { KILLER_SLOTS = 2 };

void history_clear(History *history);
/* The quiet move `best` of `side` refuted a line at `depth` after the quiet moves `tried` had
 * failed to: `best` gains credit, they lose as much. */
void history_update(History *history, Color side, Move best, const Move *tried, int tried_count, Depth depth);

/* Hands out the moves of one node in order, generating them in stages so that a node cut off
 * by one of its first moves pays for no more generation and ordering than it used. Two orders:
 *
 * E9 (picker_init): the table's move; the captures that do not lose material by exchange (the
 * exchange is worked out only for a capture whose capturer is worth more than its victim, and
 * only when its turn comes), by MVV-LVA; the killers; the quiet moves, quiet promotions first,
 * then by history (keyed only when this stage begins); last the captures that lose material.
 *
 * Without E9 (picker_init_faithful, docs/SPEC.md §4): the table's move (E4), the killer, the
 * captures by victim as generated, the other moves in generation order.
 *
 * The table's move and the killers are tried before any generation when they are moves of this
 * position (move_is_pseudo_legal); the captures (GEN_CAPTURES) are generated when their stage
 * begins, the other moves (GEN_NON_CAPTURES) when theirs does. Together they are GEN_ALL, so
 * the order is the one a GEN_ALL list ordered at once would give. */
typedef enum {
    PICK_TABLE,
    PICK_CAPTURES_FIRST, /* the captures generated and keyed */
    PICK_CAPTURES,
    PICK_KILLERS,
    PICK_QUIETS,        /* the first few quiet moves, each found by a scan */
    PICK_QUIETS_SORTED, /* the rest, sorted once: a node that gets this far searches them all */
    PICK_LOSING,
    PICK_FIRST,             /* without E9: the table's move and the killer */
    PICK_CAPTURES_IN_ORDER, /* without E9: the captures as generated */
    PICK_REST_IN_ORDER,     /* without E9: the other moves as generated */
    PICK_IN_ORDER,          /* one generation's list in its order (picker_init_in_order) */
    PICK_DONE
} PickStage;

/* Moves handed out before the generation that also gives them: the table's move and killers. */
enum { PICK_EARLY_MAX = 1 + KILLER_SLOTS };

typedef struct {
    MoveList list;           /* the moves generated so far: the captures, then the others */
    int keys[MOVE_LIST_MAX]; /* E9: per move; KEY_DONE once handed out */
    int capture_count;       /* list.moves[0 .. capture_count) are the captures */
    /* PICK_FIRST: moves tried; the in-order stages: moves of the list passed so far; PICK_QUIETS:
       quiet moves handed out; PICK_QUIETS_SORTED: the next one's index */
    int handed;
    int sorted_end; /* PICK_QUIETS_SORTED: end of the sorted quiet moves */
    PickStage stage;
    Move table_move;
    Move killers[KILLER_SLOTS];
    Move early[PICK_EARLY_MAX]; /* handed out before their generation: not again */
    int early_count;
    const History *history;
    Color side;
} MovePicker;

/* E9's order for a node of `pos` (table_move and killers may be MOVE_NONE). */
void picker_init(MovePicker *picker, const Position *pos, Move table_move, const Move killers[KILLER_SLOTS],
                 const History *history);
/* The order without E9: the table's move, the killer, then the generator's order. */
void picker_init_faithful(MovePicker *picker, Move table_move, Move killer);
/* One generation of `kind`, generated now, in its own order (quiescence). */
void picker_init_in_order(MovePicker *picker, const Position *pos, GenKind kind);
/* The next move, or MOVE_NONE when every move has been handed out. `pos` is the position the
 * picker was made for, as it was then. */
Move picker_next(MovePicker *picker, const Position *pos);

#endif
