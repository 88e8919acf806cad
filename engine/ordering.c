/* ordering.c - E9 move ordering: keys for captures (exchange, MVV-LVA), killers and quiet moves
 * (history), and the picker that hands the moves out best first. */
#include "ordering.h"

#include <limits.h>
#include <string.h>

#include "see.h"

/* [C] History scores stay within +-HISTORY_MAX (an int16_t holds them): each update moves a score
 * toward the bound by its size, so that recent cut-offs outweigh old ones without a separate
 * ageing pass. */
enum { HISTORY_MAX = 1 << 14, HISTORY_BONUS_MAX = 1200 };

/* A capture's key: 2 x its MVV-LVA rank, + 1 while it is still to be put to the exchange test;
 * a capture found to lose material drops below every such key. Quiet moves are keyed by
 * history, quiet promotions above it. A move handed out is keyed KEY_DONE. */
enum { KEY_UNTESTED = 1, KEY_LOSING = -(1 << 20), KEY_PROMOTION = HISTORY_MAX + 1, KEY_DONE = INT_MIN };

/* [C] Quiet moves handed out by a scan each before the rest are sorted at once. A node cut off
 * by one of its first quiet moves pays for a scan or two; one that searches them all pays for
 * one sort instead of a scan per move. The order is the same either way (ties in list order). */
enum { QUIETS_SCANNED = 3 };

void history_clear(History *history) { memset(history, 0, sizeof *history); }

static void history_add(History *history, Color side, Move move, int bonus)
{
    int16_t *entry = &history->score[side][square_64(move_from(move))][square_64(move_to(move))];
    *entry = (int16_t)(*entry + bonus - *entry * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX);
}

void history_update(History *history, Color side, Move best, const Move *tried, int tried_count, Depth depth)
{
    int bonus = depth * depth < HISTORY_BONUS_MAX ? depth * depth : HISTORY_BONUS_MAX;
    history_add(history, side, best, bonus);
    for (int i = 0; i < tried_count; i++) history_add(history, side, tried[i], -bonus);
}

/* MVV-LVA: the victim's value first, then the cheaper capturer (0 .. 63). */
static int capture_rank(const Position *pos, Move m)
{
    return move_captured(m) * 8 + KING - piece_type(pos->board[move_from(m)]);
}

static int capture_key(const Position *pos, Move m)
{
    bool cheap_capturer = piece_value[move_captured(m)] >= piece_value[piece_type(pos->board[move_from(m)])]
                          && !move_is_promotion(m) && !move_is_en_passant(m);
    return 2 * capture_rank(pos, m) + (cheap_capturer ? 0 : KEY_UNTESTED);
}

/* A move handed out before its generation (the table's move, a killer): noted, so that the
 * generated list does not hand it out again. */
static Move hand_out_early(MovePicker *picker, Move m)
{
    picker->early[picker->early_count++] = m;
    return m;
}

static bool handed_early(const MovePicker *picker, Move m)
{
    for (int i = 0; i < picker->early_count; i++)
        if (picker->early[i] == m) return true;
    return false;
}

/* Generate the captures into the list (its first part). */
static void generate_captures(MovePicker *picker, const Position *pos)
{
    generate_moves(pos, GEN_CAPTURES, &picker->list);
    picker->capture_count = picker->list.count;
}

/* Generate the other moves after the captures: the list is then GEN_ALL's. */
static void generate_rest(MovePicker *picker, const Position *pos)
{
    MoveList rest;
    generate_moves(pos, GEN_NON_CAPTURES, &rest);
    memcpy(picker->list.moves + picker->capture_count, rest.moves, (size_t)rest.count * sizeof rest.moves[0]);
    picker->list.count = picker->capture_count + rest.count;
}

static void picker_reset(MovePicker *picker, PickStage stage)
{
    picker->stage = stage;
    picker->list.count = 0;
    picker->capture_count = 0;
    picker->handed = 0;
    picker->early_count = 0;
}

void picker_init(MovePicker *picker, const Position *pos, Move table_move, const Move killers[KILLER_SLOTS],
                 const History *history)
{
    picker_reset(picker, PICK_TABLE);
    picker->table_move = table_move;
    picker->history = history;
    picker->side = pos->side;
    memcpy(picker->killers, killers, sizeof picker->killers);
}

void picker_init_faithful(MovePicker *picker, Move table_move, Move killer)
{
    picker_reset(picker, PICK_FIRST);
    picker->table_move = table_move;
    picker->killers[0] = killer;
}

void picker_init_in_order(MovePicker *picker, const Position *pos, GenKind kind)
{
    picker_reset(picker, PICK_IN_ORDER);
    generate_moves(pos, kind, &picker->list);
}

/* The index of the highest key in [from, to) that is at least `floor`, or -1. */
static int best_index(const MovePicker *picker, int from, int to, int floor)
{
    int best = -1, best_key = floor - 1;
    for (int i = from; i < to; i++)
        if (picker->keys[i] > best_key) best = i, best_key = picker->keys[i];
    return best;
}

static Move hand_out(MovePicker *picker, int index)
{
    picker->keys[index] = KEY_DONE;
    return picker->list.moves[index];
}

/* The quiet moves not yet handed out, moved to the front of the quiet part of the list (keys
 * with them) and sorted by key, highest first, ties in list order: the order the scans of
 * PICK_QUIETS would have handed them out in. */
static void sort_remaining_quiets(MovePicker *picker)
{
    MoveList *list = &picker->list;
    int n = picker->capture_count;
    for (int i = n; i < list->count; i++) {
        if (picker->keys[i] == KEY_DONE) continue;
        Move m = list->moves[i];
        int key = picker->keys[i], j = n++;
        while (j > picker->capture_count && picker->keys[j - 1] < key) {
            list->moves[j] = list->moves[j - 1];
            picker->keys[j] = picker->keys[j - 1];
            j--;
        }
        list->moves[j] = m;
        picker->keys[j] = key;
    }
    picker->handed = picker->capture_count;
    picker->sorted_end = n;
}

/* The next move of the list from picker->handed on that was not handed out early, or MOVE_NONE. */
static Move next_in_order(MovePicker *picker)
{
    while (picker->handed < picker->list.count) {
        Move m = picker->list.moves[picker->handed++];
        if (!handed_early(picker, m)) return m;
    }
    return MOVE_NONE;
}

/* Without E9: the table's move and the killer before any generation, then the captures, then
 * the rest, each as generated. */
static Move next_faithful(MovePicker *picker, const Position *pos)
{
    Move m;
    switch (picker->stage) {
    case PICK_FIRST:
        /* handed counts the two tried so far. */
        while (picker->handed < 2) {
            m = picker->handed++ == 0 ? picker->table_move : picker->killers[0];
            if (m != MOVE_NONE && !handed_early(picker, m) && move_is_pseudo_legal(pos, m))
                return hand_out_early(picker, m);
        }
        picker->handed = 0;
        picker->stage = PICK_CAPTURES_IN_ORDER;
        generate_captures(picker, pos);
        /* fall through */
    case PICK_CAPTURES_IN_ORDER:
        if ((m = next_in_order(picker)) != MOVE_NONE) return m;
        picker->stage = PICK_REST_IN_ORDER;
        generate_rest(picker, pos);
        /* fall through */
    case PICK_REST_IN_ORDER:
        if ((m = next_in_order(picker)) != MOVE_NONE) return m;
        picker->stage = PICK_DONE;
        return MOVE_NONE;
    default: return MOVE_NONE;
    }
}

Move picker_next(MovePicker *picker, const Position *pos)
{
    MoveList *list = &picker->list;
    switch (picker->stage) {
    case PICK_IN_ORDER: return picker->handed < list->count ? list->moves[picker->handed++] : MOVE_NONE;
    case PICK_FIRST:
    case PICK_CAPTURES_IN_ORDER:
    case PICK_REST_IN_ORDER: return next_faithful(picker, pos);
    case PICK_TABLE:
        picker->stage = PICK_CAPTURES_FIRST;
        if (picker->table_move != MOVE_NONE && move_is_pseudo_legal(pos, picker->table_move))
            return hand_out_early(picker, picker->table_move);
        /* fall through */
    case PICK_CAPTURES_FIRST:
        picker->stage = PICK_CAPTURES;
        generate_captures(picker, pos);
        for (int i = 0; i < picker->capture_count; i++)
            picker->keys[i] = handed_early(picker, list->moves[i]) ? KEY_DONE : capture_key(pos, list->moves[i]);
        /* fall through */
    case PICK_CAPTURES:
        for (int best; (best = best_index(picker, 0, picker->capture_count, 0)) >= 0;) {
            int key = picker->keys[best];
            if (!(key & KEY_UNTESTED)) return hand_out(picker, best);
            /* Its turn: the exchange decides whether it stays among the winning captures. */
            picker->keys[best] =
                see_capture(pos, list->moves[best]) >= 0 ? key - KEY_UNTESTED : KEY_LOSING + key - KEY_UNTESTED;
        }
        picker->stage = PICK_KILLERS;
        /* fall through */
    case PICK_KILLERS:
        for (int k = 0; k < KILLER_SLOTS; k++) {
            Move killer = picker->killers[k];
            picker->killers[k] = MOVE_NONE;
            /* A killer is a quiet move; it is handed out here only as one of this position's. */
            if (killer != MOVE_NONE && !move_is_capture(killer) && !handed_early(picker, killer)
                && move_is_pseudo_legal(pos, killer))
                return hand_out_early(picker, killer);
        }
        picker->stage = PICK_QUIETS;
        generate_rest(picker, pos);
        for (int i = picker->capture_count; i < list->count; i++) {
            Move m = list->moves[i];
            picker->keys[i] = handed_early(picker, m) ? KEY_DONE
                              : move_is_promotion(m)  ? KEY_PROMOTION + move_promotion(m)
                                                      : history_score(picker->history, picker->side, m);
        }
        /* fall through */
    case PICK_QUIETS: {
        if (picker->handed < QUIETS_SCANNED) {
            int best = best_index(picker, picker->capture_count, list->count, KEY_DONE + 1);
            if (best < 0) {
                picker->stage = PICK_LOSING;
                return picker_next(picker, pos);
            }
            picker->handed++;
            return hand_out(picker, best);
        }
        sort_remaining_quiets(picker);
        picker->stage = PICK_QUIETS_SORTED;
    }
        /* fall through */
    case PICK_QUIETS_SORTED:
        if (picker->handed < picker->sorted_end) return list->moves[picker->handed++];
        picker->stage = PICK_LOSING;
        /* fall through */
    case PICK_LOSING: {
        int best = best_index(picker, 0, picker->capture_count, KEY_DONE + 1);
        return best >= 0 ? hand_out(picker, best) : MOVE_NONE;
    }
    case PICK_DONE: break;
    }
    return MOVE_NONE;
}
