/* see.c - static exchange evaluation on the mailbox: the exchange is played out on a copy of the
 * board, each side taking with its cheapest attacker, so that men behind the capturers (a rook
 * behind a rook, a queen behind a bishop) join in as the line opens. */
#include "see.h"

#include <string.h>

/* Longest exchange on one square: every man of both sides. */
enum { EXCHANGE_MAX = 34 };

/* The first man along `step` from `sq` on `board`, and where it stands. */
static Piece first_along(const int8_t *board, Square sq, int step, Square *at)
{
    Square t = sq + step;
    while (board[t] == EMPTY) t += step;
    *at = t;
    return board[t];
}

/* The square of colour c's cheapest man attacking `sq` on `board` (pawn, knight, bishop, rook,
 * queen, king in that order), or SQ_NONE. */
static Square cheapest_attacker(const int8_t *board, Square sq, Color c)
{
    const int s = color_sign(c);
    const int pawn_back = -pawn_push(c);
    if (board[sq + pawn_back - 1] == s * PAWN) return sq + pawn_back - 1;
    if (board[sq + pawn_back + 1] == s * PAWN) return sq + pawn_back + 1;
    for (int i = 0; i < 8; i++)
        if (board[sq + knight_offsets[i]] == s * KNIGHT) return sq + knight_offsets[i];
    Square best = SQ_NONE;
    PieceType best_type = OFFBOARD;
    for (int i = 0; i < 4; i++) {
        Square at;
        Piece p = first_along(board, sq, bishop_offsets[i], &at);
        if (p == s * BISHOP) return at;
        if (p == s * QUEEN && QUEEN < best_type) best = at, best_type = QUEEN;
    }
    for (int i = 0; i < 4; i++) {
        Square at;
        Piece p = first_along(board, sq, rook_offsets[i], &at);
        if (p == s * ROOK && ROOK < best_type) best = at, best_type = ROOK;
        if (p == s * QUEEN && QUEEN < best_type) best = at, best_type = QUEEN;
    }
    if (best != SQ_NONE) return best;
    for (int i = 0; i < 8; i++)
        if (board[sq + king_offsets[i]] == s * KING) return sq + king_offsets[i];
    return SQ_NONE;
}

Score see_capture(const Position *pos, Move m)
{
    int8_t board[BOARD_SIZE];
    memcpy(board, pos->board, sizeof board);
    const Square from = move_from(m), to = move_to(m);
    const Color us = pos->side;
    Score gain[EXCHANGE_MAX];

    /* The capture itself: the victim (a pawn beside `to` for en passant), and a promotion's gain. */
    PieceType on_square = piece_type(board[from]);
    gain[0] = piece_value[move_captured(m)];
    if (move_is_en_passant(m)) board[to - pawn_push(us)] = EMPTY;
    if (move_is_promotion(m)) {
        on_square = move_promotion(m);
        gain[0] += piece_value[on_square] - piece_value[PAWN];
    }
    board[from] = EMPTY;
    board[to] = (int8_t)piece_make(us, on_square);

    /* Recaptures: gain[d] is what the side making capture d has won if the exchange stops
     * after it. */
    int d = 0;
    for (Color side = !us; d + 1 < EXCHANGE_MAX; side = !side) {
        Square attacker = cheapest_attacker(board, to, side);
        if (attacker == SQ_NONE) break;
        d++;
        gain[d] = piece_value[on_square] - gain[d - 1];
        /* Neither side can do better by going on: stop the exchange here. */
        if ((gain[d] > -gain[d - 1] ? gain[d] : -gain[d - 1]) < 0) break;
        on_square = piece_type(board[attacker]);
        board[to] = board[attacker];
        board[attacker] = EMPTY;
    }
    /* Back up: each side stops capturing where going on would lose. */
    while (d > 0) {
        gain[d - 1] = -(-gain[d - 1] > gain[d] ? -gain[d - 1] : gain[d]);
        d--;
    }
    return gain[0];
}
