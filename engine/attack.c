/* attack.c - attack detection by scanning outward from the target square. */
#include "attack.h"

bool square_attacked(const Position *pos, Square sq, Color by)
{
    const int8_t *board = pos->board;
    const int s = color_sign(by);

    /* Pawns of `by` attack forward: a white pawn on sq-9 or sq-11 attacks sq. */
    const int pawn_back = by == WHITE ? -10 : 10;
    if (board[sq + pawn_back - 1] == s * PAWN || board[sq + pawn_back + 1] == s * PAWN) return true;

    for (int i = 0; i < 8; i++)
        if (board[sq + knight_offsets[i]] == s * KNIGHT) return true;

    /* Diagonals: bishop or queen at the end of an empty ray, king one step away. */
    for (int i = 0; i < 4; i++) {
        int step = bishop_offsets[i];
        Square t = sq + step;
        if (board[t] == s * KING) return true;
        while (board[t] == EMPTY) t += step;
        if (board[t] == s * BISHOP || board[t] == s * QUEEN) return true;
    }
    /* Files and ranks: rook or queen, or the king adjacent. */
    for (int i = 0; i < 4; i++) {
        int step = rook_offsets[i];
        Square t = sq + step;
        if (board[t] == s * KING) return true;
        while (board[t] == EMPTY) t += step;
        if (board[t] == s * ROOK || board[t] == s * QUEEN) return true;
    }
    return false;
}
