/* ordering.c - E9 move ordering: sort keys for captures (MVV-LVA) and quiet moves (history). */
#include "ordering.h"

#include <string.h>

/* [C] A history score never grows past this; rewards are depth squared. */
enum { HISTORY_MAX = 1 << 24 };

void history_clear(History *history) { memset(history, 0, sizeof *history); }

void history_age(History *history)
{
    for (Color c = BLACK; c <= WHITE; c++)
        for (int from = 0; from < BOARD_SIZE; from++)
            for (int to = 0; to < BOARD_SIZE; to++) history->score[c][from][to] /= 2;
}

void history_reward(History *history, Color side, Move move, Depth depth)
{
    int32_t *entry = &history->score[side][move_from(move)][move_to(move)];
    *entry += depth * depth;
    if (*entry > HISTORY_MAX) history_age(history);
}

/* Stable insertion sort of moves[0..n) by keys, highest first. */
static void sort_by_key(Move *moves, int *keys, int n)
{
    for (int i = 1; i < n; i++) {
        Move m = moves[i];
        int k = keys[i], j = i - 1;
        while (j >= 0 && keys[j] < k) {
            moves[j + 1] = moves[j];
            keys[j + 1] = keys[j];
            j--;
        }
        moves[j + 1] = m;
        keys[j + 1] = k;
    }
}

void order_moves(const Position *pos, MoveList *list, Move table_move, const Move killers[KILLER_SLOTS],
                 const History *history)
{
    Move ordered[MOVE_LIST_MAX];
    int keys[MOVE_LIST_MAX];
    int n = 0, table_at = -1;
    for (int i = 0; i < list->count; i++)
        if (list->moves[i] == table_move) table_at = i;
    if (table_at >= 0) ordered[n++] = table_move;
    /* Captures: victim value first (the generator's order), then the cheaper attacker. */
    int first_capture = n, i = 0;
    for (; i < list->count && move_is_capture(list->moves[i]); i++) {
        if (i == table_at) continue;
        Move m = list->moves[i];
        keys[n] = move_captured(m) * 8 - piece_type(pos->board[move_from(m)]);
        ordered[n++] = m;
    }
    sort_by_key(ordered + first_capture, keys + first_capture, n - first_capture);
    /* Killers that are in the list, then the other quiet moves by history. */
    int first_killer = n;
    for (int k = 0; k < KILLER_SLOTS; k++)
        for (int j = i; j < list->count; j++)
            if (list->moves[j] == killers[k] && j != table_at) ordered[n++] = killers[k];
    int first_quiet = n;
    for (int j = i; j < list->count; j++) {
        Move m = list->moves[j];
        if (j == table_at) continue;
        bool killer = false;
        for (int k = first_killer; k < first_quiet; k++) killer |= ordered[k] == m;
        if (killer) continue;
        /* Promotions lead the quiet moves, queen first (the generator's order). */
        keys[n] = move_is_promotion(m) ? HISTORY_MAX + move_promotion(m)
                                       : history->score[pos->side][move_from(m)][move_to(m)];
        ordered[n++] = m;
    }
    sort_by_key(ordered + first_quiet, keys + first_quiet, n - first_quiet);
    memcpy(list->moves, ordered, (size_t)n * sizeof(Move));
}
