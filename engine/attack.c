/* attack.c - attack detection from the attacker's piece lists: each man is tested by how it lies
 * to the square (square_relation_of, board.h), and only a slider on a line of its kind has the
 * line between scanned. */
#include "attack.h"

bool square_attacked(const Position *pos, Square sq, Color by)
{
    const int8_t *board = pos->board;
    const int s = color_sign(by);

    /* Pawns of `by` attack forward: a white pawn on sq-9 or sq-11 attacks sq. */
    const int pawn_back = -pawn_push(by);
    if (board[sq + pawn_back - 1] == s * PAWN || board[sq + pawn_back + 1] == s * PAWN) return true;
    const SquareRelation *to_sq = relations_to(sq);
    if ((to_sq[-square_0x88[position_king(pos, by)]].attackers >> KING) & 1) return true;
    for (int i = 0; i < pos->count[by][KNIGHT]; i++)
        if ((to_sq[-square_0x88[pos->men[by][KNIGHT][i]]].attackers >> KNIGHT) & 1) return true;
    /* Bishops, rooks and queens on a line of their own kind with sq, nothing between. */
    for (PieceType type = BISHOP; type <= QUEEN; type++) {
        for (int i = 0; i < pos->count[by][type]; i++) {
            const Square from = pos->men[by][type][i];
            const SquareRelation line = to_sq[-square_0x88[from]];
            if (!((line.attackers >> type) & 1)) continue;
            /* Back from the square toward the slider: the step is the other way. */
            Square t = sq - line.step;
            while (board[t] == EMPTY) t -= line.step;
            if (t == from) return true;
        }
    }
    return false;
}

/* Whether a man of type `type` standing on `from` (and nothing else moved) would reach `target`
 * along an empty line; `vacated` counts as empty. */
static bool slider_reaches(const Position *pos, PieceType type, Square from, Square target, Square vacated)
{
    int step = line_step(from, target);
    if (!step) return false;
    bool diagonal = step_is_diagonal(step);
    if (type == ROOK && diagonal) return false;
    if (type == BISHOP && !diagonal) return false;
    Square t = from + step;
    while (t != target && (pos->board[t] == EMPTY || t == vacated)) t += step;
    return t == target;
}

bool quiet_move_gives_check(const Position *pos, Move m)
{
    const Color us = pos->side;
    const Square from = move_from(m), to = move_to(m), king = position_king(pos, !us);
    const PieceType type = piece_type(pos->board[from]);
    /* 1. Direct check from the destination. */
    switch (type) {
    case PAWN: {
        const int forward = pawn_push(us);
        if (king == to + forward - 1 || king == to + forward + 1) return true;
        break;
    }
    case KNIGHT:
        for (int i = 0; i < 8; i++)
            if (to + knight_offsets[i] == king) return true;
        break;
    case BISHOP:
    case ROOK:
    case QUEEN:
        if (slider_reaches(pos, type, to, king, from)) return true;
        break;
    case KING: /* only an illegal move puts the kings side by side, but it "attacks" too */
        for (int i = 0; i < 8; i++)
            if (to + king_offsets[i] == king) return true;
        break;
    default: break;
    }
    /* 2. Discovered check: the man leaves a line between the king and our rook, bishop or
     *    queen, and does not stay on it. */
    int step = line_step(king, from);
    if (!step || line_step(king, to) == step) return false;
    Square t = king + step;
    while (t != from && pos->board[t] == EMPTY) t += step;
    if (t != from) return false;
    t += step;
    while (pos->board[t] == EMPTY) t += step;
    const Piece p = pos->board[t];
    if (p == OFFBOARD || piece_color(p) != us) return false;
    const PieceType slider = piece_type(p);
    return slider == QUEEN || slider == (step_is_diagonal(step) ? BISHOP : ROOK);
}
