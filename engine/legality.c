/* legality.c - check and pin detection so that pseudo-legal moves are proved legal without make. */
#include "legality.h"

#include "attack.h"
#include "makemove.h"

/* Whether the man on `from` attacks `target` by its own move pattern. */
static inline bool man_attacks(const Position *pos, Square from, Square target)
{
    const Piece p = pos->board[from];
    const PieceType type = piece_type(p);
    if (type == PAWN) {
        Square ahead = from + pawn_push(piece_color(p));
        return target == ahead - 1 || target == ahead + 1;
    }
    if (!type_reaches(type, from, target)) return false;
    if (type == KNIGHT || type == KING) return true;
    const int step = line_step(from, target);
    Square t = from + step;
    while (pos->board[t] == EMPTY) t += step;
    return t == target;
}

void legality_prepare(const Position *pos, LegalityInfo *info)
{
    const Color us = pos->side, them = !us;
    const int s = color_sign(us);
    const Square king = position_king(pos, us);
    const int8_t *board = pos->board;
    /* Gathered in locals, written once at the end. */
    int checkers = 0, check_step = 0, pinned = 0;
    Square checker = SQ_NONE;

    /* Knights and pawns give check from fixed squares. */
    const int pawn_ahead = pawn_push(us);
    for (int side = -1; side <= 1; side += 2) {
        if (board[king + pawn_ahead + side] != -s * PAWN) continue;
        checkers++;
        checker = king + pawn_ahead + side;
    }
    const SquareRelation *to_king = relations_to(king);
    for (int i = 0; i < pos->count[them][KNIGHT]; i++) {
        const Square knight = pos->men[them][KNIGHT][i];
        if (!((to_king[-square_0x88[knight]].attackers >> KNIGHT) & 1)) continue;
        checkers++;
        checker = knight;
    }

    /* Each enemy slider on a line of its kind with the king: nothing between checks, one man
     * of ours between is pinned. */
    for (PieceType type = BISHOP; type <= QUEEN; type++) {
        for (int i = 0; i < pos->count[them][type]; i++) {
            const Square slider = pos->men[them][type][i];
            const SquareRelation line = to_king[-square_0x88[slider]];
            if (!((line.attackers >> type) & 1)) continue;
            const int step = -line.step; /* from the king toward the slider */
            Square t = king + step;
            while (board[t] == EMPTY) t += step;
            if (t == slider) {
                checkers++;
                checker = slider;
                check_step = step;
                continue;
            }
            if (board[t] * s < 0) continue; /* an enemy man between */
            const Square own = t;
            t += step;
            while (board[t] == EMPTY) t += step;
            if (t != slider) continue;
            info->pinned_square[pinned] = own;
            info->pin_direction[pinned] = step;
            pinned++;
        }
    }
    info->king = king;
    info->checkers = checkers;
    info->checker = checker;
    info->check_step = checkers == 1 ? check_step : 0; /* set by a sliding checker only */
    info->pinned_count = pinned;
    info->in_check = checkers > 0;
}

bool last_move_exposed_king(const Position *pos, bool mover_was_in_check)
{
    const Color mover = !pos->side;
    const Move m = pos->undo[pos->undo_len - 1].move;
    const Square king = position_king(pos, mover);
    if (mover_was_in_check || move_to(m) == king || move_is_en_passant(m)) return king_attacked(pos, mover);
    /* Otherwise only a line through the vacated square can have opened onto the king. */
    int step = line_step(king, move_from(m));
    return step && slider_on_line(pos, king, step, pos->side);
}

bool last_move_gave_check(const Position *pos)
{
    const Color mover = !pos->side;
    const Move m = pos->undo_len > 0 ? pos->undo[pos->undo_len - 1].move : MOVE_NONE;
    const Square king = position_king(pos, pos->side);
    if (m == MOVE_NONE || move_is_castle(m) || move_is_en_passant(m)) return king_attacked(pos, pos->side);
    /* The man that moved (promoted, if it did) attacks the king, or it uncovered a slider. */
    if (man_attacks(pos, move_to(m), king)) return true;
    int step = line_step(king, move_from(m));
    return step && slider_on_line(pos, king, step, mover);
}

/* In check, whether a move of a man other than the king to `to` ends the check: it takes the
 * one checker or stands between it and the king. */
static inline bool ends_check(const LegalityInfo *info, Square to)
{
    if (info->checkers > 1) return false;
    if (to == info->checker) return true;
    if (!info->check_step || line_step(info->king, to) != info->check_step) return false;
    /* On the checking line: between the two when nearer the king than the checker. */
    return (to - info->king) / info->check_step < (info->checker - info->king) / info->check_step;
}

bool legality_check_slow(Position *pos, const LegalityInfo *info, Move m)
{
    const Square from = move_from(m), to = move_to(m);
    if (move_is_en_passant(m)) { /* unkeyed: a line made without its key (perft's) may come here */
        make_move_unkeyed(pos, m);
        bool legal = !enemy_king_capturable(pos);
        unmake_move(pos);
        return legal;
    }
    if (from == info->king) {
        if (move_is_castle(m)) return !info->in_check; /* the generator tested the other squares */
        pos->board[from] = EMPTY;                      /* the king must not shield its own square */
        bool safe = !square_attacked(pos, to, !pos->side);
        pos->board[from] = (int8_t)piece_make(pos->side, KING);
        return safe;
    }
    if (info->in_check && !ends_check(info, to)) return false;
    for (int i = 0; i < info->pinned_count; i++)
        if (info->pinned_square[i] == from) return line_step(info->king, to) == info->pin_direction[i];
    return true;
}
