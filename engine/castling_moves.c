/* castling_moves.c - the legal castling moves of a position, and the king's and rook's move on
 * the board and back (docs/SPEC.md §3, "Castling"); the geometry they walk is castling.h's. */
#include "castling_moves.h"

#include "attack.h"

/* Whether the king may walk the path: no square of it attacked by `them` (but for those beside
 * the king that `safe_beside` vouches for), and no enemy rook or queen waiting behind the rook that
 * shields its destination. */
static bool path_safe(const Position *pos, const CastlingPath *p, Color them, int safe_beside)
{
    for (int i = 0; i < p->safe_count; i++) {
        const int beside = p->safe[i] == p->king_from - 1   ? CASTLING_SAFE_WEST
                           : p->safe[i] == p->king_from + 1 ? CASTLING_SAFE_EAST
                                                            : 0;
        if (!(beside & safe_beside) && square_attacked(pos, p->safe[i], them)) return false;
    }
    if (p->shield_step) {
        Square t = p->rook_from + p->shield_step;
        while (pos->board[t] == EMPTY) t += p->shield_step;
        const Piece beyond = pos->board[t];
        if (beyond == piece_make(them, ROOK) || beyond == piece_make(them, QUEEN)) return false;
    }
    return true;
}

int castling_moves(const Position *pos, Move out[CASTLING_MOVES_MAX], bool not_in_check, int safe_beside)
{
    const Color us = pos->side;
    const int first = us == WHITE ? 0 : 2;
    bool open[2];
    /* The cheap tests (rights, empty squares) first: most calls end there. */
    for (int i = 0; i < 2; i++)
        open[i] = (pos->castling & (1 << (first + i))) && castling_path_empty(pos->board, &pos->castle.path[first + i]);
    if (!(open[0] || open[1])) return 0;
    if (!not_in_check && square_attacked(pos, position_king(pos, us), !us)) return 0;
    int n = 0;
    for (int i = 0; i < 2; i++) {
        const CastlingPath *p = &pos->castle.path[first + i];
        if (open[i] && path_safe(pos, p, !us, safe_beside))
            out[n++] = move_make(p->king_from, p->rook_from, MOVE_FLAG_CASTLE, EMPTY);
    }
    return n;
}

/* Take king and rook off their squares and put them on the others, slots kept (in either order:
 * in Chess960 a man's destination may be the other's start). */
static void swap_squares(Position *pos, Color c, Square king_from, Square rook_from, Square king_to, Square rook_to)
{
    const int8_t king = pos->board[king_from], rook = pos->board[rook_from];
    const uint8_t king_slot = pos->index[king_from], rook_slot = pos->index[rook_from];
    pos->board[king_from] = pos->board[rook_from] = EMPTY;
    pos->index[king_from] = pos->index[rook_from] = 0;
    pos->board[king_to] = king;
    pos->board[rook_to] = rook;
    pos->index[king_to] = king_slot;
    pos->index[rook_to] = rook_slot;
    pos->men[c][KING][king_slot] = (uint8_t)king_to;
    pos->men[c][ROOK][rook_slot] = (uint8_t)rook_to;
}

uint64_t castling_make(Position *pos, Move m)
{
    const Color us = pos->side;
    const Square king_from = move_from(m), rook_from = move_to(m);
    const Square king_to = castling_king_to(m), rook_to = castling_rook_to(m);
    swap_squares(pos, us, king_from, rook_from, king_to, rook_to);
    const Piece king = piece_make(us, KING), rook = piece_make(us, ROOK);
    return zobrist_piece(king, king_from) ^ zobrist_piece(king, king_to) ^ zobrist_piece(rook, rook_from)
           ^ zobrist_piece(rook, rook_to);
}

void castling_unmake(Position *pos, Move m)
{
    swap_squares(pos, pos->side, castling_king_to(m), castling_rook_to(m), move_from(m), move_to(m));
}
