/* legality.c - pin detection so that most pseudo-legal moves are proved legal without make. */
#include "legality.h"

#include "attack.h"
#include "makemove.h"

/* QUEEN_STEP[delta + 77]: the queen-line step s with delta = k*s for some k in 1..7, or 0
 * (77 = h8 - a1, the largest distance between two playing squares). */
static const int8_t QUEEN_STEP[155] = {
    -11, 0,   0,  0,   0, 0,   0,  -10, 0, 0,  0,  -11, 0, 0,  -9,  0,   0,  -10, 0,   0,  0,  0,   -11, -9, 0,  0,
    0,   -10, 0,  0,   0, 0,   -9, -11, 0, 0,  0,  -10, 0, 0,  0,   -9,  0,  0,   -11, 0,  0,  -10, 0,   0,  -9, 0,
    0,   0,   0,  -11, 0, -10, 0,  -9,  0, 0,  0,  0,   0, 0,  -11, -10, -9, 0,   -1,  -1, -1, -1,  -1,  -1, -1, 0,
    1,   1,   1,  1,   1, 1,   1,  0,   9, 10, 11, 0,   0, 0,  0,   0,   0,  9,   0,   10, 0,  11,  0,   0,  0,  0,
    9,   0,   0,  10,  0, 0,   11, 0,   0, 9,  0,  0,   0, 10, 0,   0,   0,  11,  9,   0,  0,  0,   0,   10, 0,  0,
    0,   9,   11, 0,   0, 0,   0,  10,  0, 0,  9,  0,   0, 11, 0,   0,   0,  10,  0,   0,  0,  0,   0,   0,  11,
};

static inline int direction_of(int delta) { return QUEEN_STEP[delta + 77]; }

/* Whether the man on `from` attacks `target` by its own move pattern. */
static inline bool man_attacks(const Position *pos, Square from, Square target)
{
    const Piece p = pos->board[from];
    const int step = direction_of(target - from);
    switch (piece_type(p)) {
    case PAWN: {
        Square ahead = from + pawn_push(piece_color(p));
        return target == ahead - 1 || target == ahead + 1;
    }
    case KNIGHT:
        for (int i = 0; i < 8; i++)
            if (from + knight_offsets[i] == target) return true;
        return false;
    case KING: return step != 0 && from + step == target;
    case BISHOP:
        if (!step_is_diagonal(step)) return false;
        break;
    case ROOK:
        if (step == 0 || step_is_diagonal(step)) return false;
        break;
    case QUEEN:
        if (step == 0) return false;
        break;
    default: return false;
    }
    Square t = from + step;
    while (pos->board[t] == EMPTY) t += step;
    return t == target;
}

void legality_prepare(const Position *pos, LegalityInfo *info)
{
    const Color us = pos->side;
    const int s = color_sign(us);
    const Square king = position_king(pos, us);
    const int8_t *board = pos->board;
    info->king = king;
    info->pinned_count = 0;

    /* Knights and pawns give check only from fixed squares. */
    const int pawn_ahead = pawn_push(us);
    bool check = board[king + pawn_ahead - 1] == -s * PAWN || board[king + pawn_ahead + 1] == -s * PAWN;
    for (int i = 0; i < 8 && !check; i++) check = board[king + knight_offsets[i]] == -s * KNIGHT;

    /* Each queen line: the first man met either checks (enemy slider) or may be pinned. */
    for (int i = 0; i < 8; i++) {
        int step = king_offsets[i];
        bool diagonal = step_is_diagonal(step);
        Square t = king + step;
        while (board[t] == EMPTY) t += step;
        Piece first = board[t];
        if (first == OFFBOARD) continue;
        if (first * s < 0) {
            PieceType type = piece_type(first);
            if (type == QUEEN || type == (diagonal ? BISHOP : ROOK)) check = true;
            continue;
        }
        Square own = t;
        t += step;
        while (board[t] == EMPTY) t += step;
        Piece beyond = board[t];
        if (beyond == OFFBOARD || beyond * s > 0) continue;
        PieceType type = piece_type(beyond);
        if (type == QUEEN || type == (diagonal ? BISHOP : ROOK)) {
            info->pinned_square[info->pinned_count] = own;
            info->pin_direction[info->pinned_count] = step;
            info->pinned_count++;
        }
    }
    info->in_check = check;
}

bool last_move_exposed_king(const Position *pos, bool mover_was_in_check)
{
    const Color mover = !pos->side;
    const Move m = pos->undo[pos->undo_len - 1].move;
    const Square king = position_king(pos, mover);
    if (mover_was_in_check || move_to(m) == king || move_is_en_passant(m)) return king_attacked(pos, mover);
    /* Otherwise only a line through the vacated square can have opened onto the king. */
    int step = direction_of(move_from(m) - king);
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
    int step = direction_of(move_from(m) - king);
    return step && slider_on_line(pos, king, step, mover);
}

bool legality_check_slow(Position *pos, const LegalityInfo *info, Move m)
{
    const Square from = move_from(m), to = move_to(m);
    if (info->in_check || move_is_en_passant(m)) {
        make_move(pos, m);
        bool legal = !enemy_king_capturable(pos);
        unmake_move(pos);
        return legal;
    }
    if (from == info->king) {
        if (move_is_castle(m)) return true; /* the generator tested every square */
        pos->board[from] = EMPTY;           /* the king must not shield its own square */
        bool safe = !square_attacked(pos, to, !pos->side);
        pos->board[from] = (int8_t)piece_make(pos->side, KING);
        return safe;
    }
    for (int i = 0; i < info->pinned_count; i++)
        if (info->pinned_square[i] == from) return direction_of(to - info->king) == info->pin_direction[i];
    return true;
}
