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

/* Every end by rule in words, written once for all front ends. */
static const GameEndText end_texts[] = {
    [STATUS_CHECKMATE] = {"checkmate", "it mates", {[WHITE] = "0-1 {Black mates}", [BLACK] = "1-0 {White mates}"}},
    [STATUS_STALEMATE] = {"stalemate", "it stalemates", {"1/2-1/2 {Stalemate}", "1/2-1/2 {Stalemate}"}},
    [STATUS_FIFTY_MOVES] = {"draw by the 50-move rule",
                            "it draws by the 50-move rule",
                            {"1/2-1/2 {Draw by 50-move rule}", "1/2-1/2 {Draw by 50-move rule}"}},
    [STATUS_REPETITION] = {"draw by threefold repetition",
                           "it draws by threefold repetition",
                           {"1/2-1/2 {Draw by repetition}", "1/2-1/2 {Draw by repetition}"}},
    [STATUS_INSUFFICIENT] = {"draw, neither side can mate",
                             "it leaves neither side mating material",
                             {"1/2-1/2 {Insufficient material}", "1/2-1/2 {Insufficient material}"}},
};

const GameEndText *game_status_text(GameStatus status) { return status == STATUS_ONGOING ? NULL : &end_texts[status]; }

const char *game_status_result(GameStatus status, Color side_to_move)
{
    return status == STATUS_ONGOING ? NULL : end_texts[status].result[side_to_move];
}
