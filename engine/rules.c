/* rules.c - legality filter, draw rules and game status. */
#include "rules.h"

#include <stddef.h>

#include "attack.h"
#include "legality.h"
#include "makemove.h"

bool move_is_legal(Position *pos, Move m)
{
    make_move(pos, m);
    bool legal = !enemy_king_capturable(pos);
    unmake_move(pos);
    return legal;
}

void generate_legal(Position *pos, MoveList *list)
{
    MoveList pseudo;
    LegalityInfo info;
    generate_moves(pos, GEN_ALL, &pseudo);
    legality_prepare(pos, &info);
    list->count = 0;
    for (int i = 0; i < pseudo.count; i++)
        if (legality_check(pos, &info, pseudo.moves[i])) list->moves[list->count++] = pseudo.moves[i];
}

int legal_move_count(Position *pos)
{
    LegalityInfo info;
    legality_prepare(pos, &info);
    return count_legal_moves(pos, &info);
}

bool insufficient_material(const Position *pos)
{
    for (Color c = BLACK; c <= WHITE; c++)
        if (pos->count[c][PAWN] || pos->count[c][ROOK] || pos->count[c][QUEEN]) return false;
    int minors =
        pos->count[WHITE][KNIGHT] + pos->count[WHITE][BISHOP] + pos->count[BLACK][KNIGHT] + pos->count[BLACK][BISHOP];
    return minors <= 1;
}

int repetition_count(const Position *pos)
{
    int count = 0;
    int reach = pos->halfmove < pos->undo_len ? pos->halfmove : pos->undo_len;
    for (int back = 2; back <= reach; back += 2)
        if (pos->undo[pos->undo_len - back].key == pos->key) count++;
    return count;
}

GameStatus game_status(Position *pos)
{
    MoveList legal;
    generate_legal(pos, &legal);
    if (legal.count == 0) return position_in_check(pos) ? STATUS_CHECKMATE : STATUS_STALEMATE;
    if (insufficient_material(pos)) return STATUS_INSUFFICIENT;
    if (pos->halfmove >= FIFTY_MOVE_PLIES) return STATUS_FIFTY_MOVES;
    if (repetition_count(pos) >= 2) return STATUS_REPETITION;
    return STATUS_ONGOING;
}

const char *game_status_result(GameStatus status, Color side_to_move)
{
    switch (status) {
    case STATUS_CHECKMATE: return side_to_move == WHITE ? "0-1 {Black mates}" : "1-0 {White mates}";
    case STATUS_STALEMATE: return "1/2-1/2 {Stalemate}";
    case STATUS_FIFTY_MOVES: return "1/2-1/2 {Draw by 50-move rule}";
    case STATUS_REPETITION: return "1/2-1/2 {Draw by repetition}";
    case STATUS_INSUFFICIENT: return "1/2-1/2 {Insufficient material}";
    case STATUS_ONGOING: break;
    }
    return NULL;
}
