/* castling.c - castling's geometry from any start: the paths of the rights, the rights a move
 * takes away, and the rights' FEN letters (docs/SPEC.md §3, "Castling"). */
#include "castling.h"

#include <string.h>

static Color right_color(int right) { return right < 2 ? WHITE : BLACK; }
static bool right_h_side(int right) { return (right & 1) == 0; }

/* Append sq to a path's square list. */
static void path_add(uint8_t *list, uint8_t *count, Square sq) { list[(*count)++] = (uint8_t)sq; }

/* Fill one right's path: the squares from the leftmost to the rightmost of the four (king and rook,
 * start and end) must be empty but for the two men; the king's path from its start (excluded) to
 * its destination must not be attacked. */
static void path_fill(CastlingPath *p, int right, Square king, Square rook)
{
    const Square base = king - square_file(king); /* the a-file square of the rank */
    const bool h_side = right_h_side(right);
    p->king_from = (uint8_t)king;
    p->rook_from = (uint8_t)rook;
    p->king_to = (uint8_t)(base + (h_side ? FILE_G_OFFSET : FILE_C_OFFSET));
    p->rook_to = (uint8_t)(base + (h_side ? FILE_F_OFFSET : FILE_D_OFFSET));
    p->empty_count = p->safe_count = 0;
    Square low = king, high = king;
    const Square ends[3] = {rook, p->king_to, p->rook_to};
    for (int i = 0; i < 3; i++) {
        if (ends[i] < low) low = ends[i];
        if (ends[i] > high) high = ends[i];
    }
    for (Square sq = low; sq <= high; sq++)
        if (sq != king && sq != rook) path_add(p->empty, &p->empty_count, sq);
    const int step = p->king_to > king ? 1 : -1;
    if (p->king_to != king)
        for (Square sq = king + step;; sq += step) {
            path_add(p->safe, &p->safe_count, sq);
            if (sq == p->king_to) break;
        }
    /* The rook beyond the king's destination, seen from the rook's own destination (a b-file rook
     * castling to the a side), hides the destination from the rank's far end until it moves. */
    const int beyond = rook > p->king_to ? 1 : -1;
    const bool rook_far_side = (rook > p->king_to) != (p->rook_to > p->king_to);
    const int far_file = square_file(rook) + beyond;
    p->shield_step = (int8_t)(rook_far_side && far_file >= 0 && far_file < 8 ? beyond : 0);
}

/* The right's path, and the squares whose king or rook takes it away. */
void castling_setup_add(CastlingSetup *setup, int right, Square king, Square rook)
{
    path_fill(&setup->path[right], right, king, rook);
    setup->lost[king] |= (uint8_t)(right_color(right) == WHITE ? CASTLE_WK | CASTLE_WQ : CASTLE_BK | CASTLE_BQ);
    setup->lost[rook] |= (uint8_t)(1 << right);
}

void castling_setup_clear(CastlingSetup *setup) { memset(setup, 0, sizeof *setup); }

void castling_setup_standard(CastlingSetup *setup)
{
    static const Square kings[CASTLING_RIGHT_NB] = {SQ_E1, SQ_E1, SQ_E8, SQ_E8};
    static const Square rooks[CASTLING_RIGHT_NB] = {SQ_H1, SQ_A1, SQ_H8, SQ_A8};
    castling_setup_clear(setup);
    for (int right = 0; right < CASTLING_RIGHT_NB; right++)
        castling_setup_add(setup, right, kings[right], rooks[right]);
}

void castling_setup_mirror(CastlingSetup *dst, const CastlingSetup *src)
{
    memset(dst, 0, sizeof *dst);
    for (int right = 0; right < CASTLING_RIGHT_NB; right++) {
        const CastlingPath *p = &src->path[right];
        if (!square_ok(p->king_from)) continue; /* never set */
        const int mirrored = right ^ 2;         /* the other colour, the same side */
        const Square king = square_make(square_file(p->king_from), 7 - square_rank(p->king_from));
        const Square rook = square_make(square_file(p->rook_from), 7 - square_rank(p->rook_from));
        path_fill(&dst->path[mirrored], mirrored, king, rook);
    }
    for (Square sq = SQ_A1; sq <= SQ_H8; sq++)
        if (square_ok(sq)) {
            const uint8_t lost = src->lost[sq];
            dst->lost[square_make(square_file(sq), 7 - square_rank(sq))] =
                (uint8_t)(((lost & 3) << 2) | ((lost >> 2) & 3));
        }
}

bool castling_rights_standard(const CastlingSetup *setup, int rights)
{
    CastlingSetup standard;
    castling_setup_standard(&standard);
    for (int right = 0; right < CASTLING_RIGHT_NB; right++) {
        if (!(rights & (1 << right))) continue;
        const CastlingPath *p = &setup->path[right], *s = &standard.path[right];
        if (p->king_from != s->king_from || p->rook_from != s->rook_from) return false;
    }
    return true;
}

char castling_letter(const CastlingSetup *setup, const int8_t board[BOARD_SIZE], int right)
{
    const CastlingPath *p = &setup->path[right];
    const Color c = right_color(right);
    const Piece rook = piece_make(c, ROOK);
    /* The outermost rook on the right's side: the first met walking in from the board's edge. */
    const int step = right_h_side(right) ? -1 : 1;
    const Square edge = p->king_from - square_file(p->king_from) + (right_h_side(right) ? 7 : 0);
    Square outermost = edge;
    while (outermost != p->king_from && board[outermost] != rook) outermost += step;
    const bool x_fen = outermost == p->rook_from;
    const char letter = x_fen ? (right_h_side(right) ? 'K' : 'Q') : (char)('A' + square_file(p->rook_from));
    return c == WHITE ? letter : (char)(letter - 'A' + 'a');
}
