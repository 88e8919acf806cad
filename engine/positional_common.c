/* positional_common.c - the scoring helpers every phase scorer of the root pre-sort uses (see
 * positional_common.h): term recording, the centre-control array (TECH Fig. 5), king fields,
 * relative ranks, mobility, passed pawns and the pawn-advance table (docs/SPEC.md §5.2-§5.6). */
#include "positional_common.h"

#include <assert.h>

#include "makemove.h"

/* TECH Fig. 5, centre control [R-high]; row 0 = rank 8 as printed (the array is symmetric). */
static const int CENTRE_CONTROL[8][8] = {
    {0, 1, 2, 3, 3, 2, 1, 0}, {1, 3, 4, 5, 5, 4, 3, 1}, {2, 4, 6, 7, 7, 6, 4, 2}, {3, 5, 7, 8, 8, 7, 5, 3},
    {3, 5, 7, 8, 8, 7, 5, 3}, {2, 4, 6, 7, 7, 6, 4, 2}, {1, 3, 4, 5, 5, 4, 3, 1}, {0, 1, 2, 3, 3, 2, 1, 0},
};

/* docs/SPEC.md §5.5 pawn-advance table [R-high], by destination rank 1..8 (mover's view):
 * opposed pawns (an enemy pawn ahead on the same file) and unopposed ones; "-" = 0. */
static const int ADVANCE_OPPOSED[9] = {[3] = 2, [4] = 1, [5] = 3, [6] = 4};
static const int ADVANCE_UNOPPOSED[9] = {[3] = 3, [4] = 5, [5] = 10, [6] = 13, [7] = 23, [8] = 80};
/* docs/SPEC.md §5.5 [P]: moving a rear pawn of a file with several own pawns scores -10. */
enum { REAR_PAWN_PENALTY = -10 };

void presort_term_add(PresortEntry *entry, const char *name, int value)
{
    if (value == 0) return;
    assert(entry->term_count < PRESORT_TERMS_MAX);
    if (entry->term_count < PRESORT_TERMS_MAX) {
        entry->terms[entry->term_count].name = name;
        entry->terms[entry->term_count].value = value;
        entry->term_count++;
    }
    entry->score += value;
}

int presort_centre(Square sq) { return CENTRE_CONTROL[7 - square_rank(sq)][square_file(sq)]; }

int presort_centre_gain(const MoveContext *ctx, int factor)
{
    /* A castling move's `to` is the king's destination (positional.c), so only the king's squares
     * count [C]. */
    return factor * (presort_centre(ctx->to) - presort_centre(ctx->from));
}

int presort_field(const KingField field, Square centre, Square sq)
{
    int file_delta = square_file(sq) - square_file(centre);
    int rank_delta = square_rank(sq) - square_rank(centre);
    if (file_delta < -3 || file_delta > 3 || rank_delta < -3 || rank_delta > 3) return 0;
    return field[3 - rank_delta][3 + file_delta];
}

int presort_relative_rank(Color c, Square sq) { return c == WHITE ? square_rank(sq) : 7 - square_rank(sq); }

Square presort_relative_square(Color c, int file, int rank) { return square_make(file, c == WHITE ? rank : 7 - rank); }

int presort_mobility(const MoveContext *ctx)
{
    MoveList list;
    int mobility = 0;
    make_move(ctx->pos, ctx->move);
    /* The mover to move again; the null move also clears its own e.p. square [C]. */
    make_null_move(ctx->pos);
    generate_moves(ctx->pos, GEN_ALL, &list);
    for (int i = 0; i < list.count; i++)
        if (!move_is_castle(list.moves[i])) mobility++;
    unmake_null_move(ctx->pos);
    unmake_move(ctx->pos);
    return mobility;
}

bool presort_pawn_passed(const Position *pos, Square sq)
{
    const Color c = piece_color(pos->board[sq]);
    const int forward = pawn_push(c);
    const Piece enemy = piece_make(!c, PAWN);
    /* The two sentinel rows end the walk; side cells may be the sentinel, never an enemy pawn. */
    for (Square ahead = sq + forward; pos->board[ahead] != OFFBOARD; ahead += forward)
        if (pos->board[ahead - 1] == enemy || pos->board[ahead] == enemy || pos->board[ahead + 1] == enemy)
            return false;
    return true;
}

/* True if a man `piece` stands on the file of sq strictly ahead of sq for colour c. */
static bool piece_ahead_on_file(const Position *pos, Square sq, Color c, Piece piece)
{
    const int forward = pawn_push(c);
    for (Square ahead = sq + forward; pos->board[ahead] != OFFBOARD; ahead += forward)
        if (pos->board[ahead] == piece) return true;
    return false;
}

void presort_pawn_advance(const MoveContext *ctx)
{
    const Position *pos = ctx->pos;
    const Piece own = piece_make(ctx->us, PAWN), enemy = piece_make(ctx->them, PAWN);
    /* A rear pawn of its file (an own pawn ahead of it before the move) scores -10 [P]. */
    if (piece_ahead_on_file(pos, ctx->from, ctx->us, own)) {
        presort_term_add(ctx->entry, "rear-pawn", REAR_PAWN_PENALTY);
        return;
    }
    /* Only the most advanced pawn of its destination file earns the bonus [C: a capture can
     * land behind an own pawn]. The squares ahead of `to` are the same before and after. */
    if (piece_ahead_on_file(pos, ctx->to, ctx->us, own)) return;
    int rank = presort_relative_rank(ctx->us, ctx->to) + 1;
    bool opposed = piece_ahead_on_file(pos, ctx->to, ctx->us, enemy);
    presort_term_add(ctx->entry, "advance", opposed ? ADVANCE_OPPOSED[rank] : ADVANCE_UNOPPOSED[rank]);
}
