/* positional_endgame.c - pre-sort terms of the endgames: kings and pawns (docs/SPEC.md §5.5), the
 * general endgame (§5.6) and the mating phase's 2-ply king drive (§5.7). */
#include "attack.h"
#include "makemove.h"
#include "positional_common.h"
#include "rules.h"

/* docs/SPEC.md §5.5 [C]: in the pawn endgame the king's centrality factor is 1. */
enum { PAWN_ENDGAME_KING_FACTOR = 1 };
/* docs/SPEC.md §5.6 [P] general-endgame centrality factors (-, P, N, B, R, Q, K). */
static const int ENDGAME_FACTOR[PIECE_TYPE_NB] = {0, 0, 4, 3, 1, 1, 4};
/* docs/SPEC.md §5.6 [P]: a rook move newly behind a passed pawn. */
enum { ROOK_BEHIND_PASSER_BONUS = 15 };
/* docs/SPEC.md §5.7 [P terms]: weights of E, and [C] the scores of a missing reply. */
enum {
    MATING_ENEMY_KING_CENTRE_WEIGHT = -32, /* -32 * CC[opponent's king] */
    MATING_KING_DISTANCE_WEIGHT = 2,       /* 2 * F10 at the opponent's king */
    MATING_CHECKMATE_SCORE = 20000,        /* the reply does not exist: checkmate [C] */
    MATING_STALEMATE_SCORE = -20000        /* the reply does not exist: stalemate [C] */
};

/* TECH Fig. 7, passed-pawn field [R-med]: rows = 4, 3, 2, 1 ranks ahead of the pawn, then the
 * pawn's own rank; columns = file offsets -2..+2. The centre column differs for the mover's
 * own passed pawn and for the opponent's; the pawn's own square is never the king's. */
static const int PASSED_FIELD_OWN[5][5] = {
    {0, 0, 0, 0, 0}, {1, 2, 1, 2, 1}, {4, 6, 5, 6, 4}, {3, 5, 4, 5, 3}, {8, 12, 0, 12, 8},
};
static const int PASSED_FIELD_OPPONENT[5][5] = {
    {0, 0, 1, 0, 0}, {1, 2, 5, 2, 1}, {4, 6, 7, 6, 4}, {3, 5, 8, 5, 3}, {8, 12, 0, 12, 8},
};
enum { PASSED_FIELD_AHEAD_MAX = 4, PASSED_FIELD_HALF_WIDTH = 2 };

/* TECH Fig. 8, pawn-endgame king field [R-high], centred on the opponent's king. */
static const KingField PAWN_ENDGAME_KING_FIELD = {
    {1, 1, 2, 3, 2, 1, 1}, {1, 3, 4, 5, 4, 3, 1}, {2, 4, 6, 6, 6, 4, 2}, {3, 5, 6, 0, 6, 5, 3},
    {2, 4, 6, 6, 6, 4, 2}, {1, 3, 4, 5, 4, 3, 1}, {1, 1, 2, 3, 2, 1, 1},
};

/* TECH Fig. 9, general-endgame king field [R-high], centred on the opponent's king. */
static const KingField ENDGAME_KING_FIELD = {
    {4, 4, 5, 6, 5, 4, 4},      {4, 8, 10, 10, 10, 8, 4}, {5, 10, 10, 10, 10, 10, 5}, {6, 10, 10, 0, 10, 10, 6},
    {5, 10, 10, 10, 10, 10, 5}, {4, 8, 10, 10, 10, 8, 4}, {4, 4, 5, 6, 5, 4, 4},
};

/* TECH Fig. 10, mating field [R-high], centred on TECH's king. */
static const KingField MATING_FIELD = {
    {4, 4, 5, 6, 5, 4, 4},      {4, 8, 10, 9, 10, 8, 4}, {5, 10, 10, 10, 10, 10, 5}, {6, 9, 10, 0, 10, 9, 6},
    {5, 10, 10, 10, 10, 10, 5}, {4, 8, 10, 9, 10, 8, 4}, {4, 4, 5, 6, 5, 4, 4},
};

/* Fig. 7 value at `king` of the passed pawn on `pawn`; own = the pawn belongs to the mover. */
static int passed_field(const Position *pos, Square pawn, Square king, bool own)
{
    const Color c = piece_color(pos->board[pawn]);
    int ahead = (square_rank(king) - square_rank(pawn)) * color_sign(c);
    int file_delta = square_file(king) - square_file(pawn);
    if (ahead < 0 || ahead > PASSED_FIELD_AHEAD_MAX) return 0;
    if (file_delta < -PASSED_FIELD_HALF_WIDTH || file_delta > PASSED_FIELD_HALF_WIDTH) return 0;
    const int(*field)[5] = own ? PASSED_FIELD_OWN : PASSED_FIELD_OPPONENT;
    return field[PASSED_FIELD_AHEAD_MAX - ahead][file_delta + PASSED_FIELD_HALF_WIDTH];
}

/* Φ: the sum over every passed pawn of its Fig. 7 value at the mover's king [C]. */
static int passed_field_sum(const Position *pos, Color mover)
{
    const Square king = position_king(pos, mover);
    int sum = 0;
    for (Color c = BLACK; c <= WHITE; c++)
        for (int i = 0; i < pos->count[c][PAWN]; i++) {
            Square sq = pos->men[c][PAWN][i];
            if (presort_pawn_passed(pos, sq)) sum += passed_field(pos, sq, king, c == mover);
        }
    return sum;
}

/* Gain of a king move in a field centred on the opponent's king (factor 1 [C]). */
static int king_field_gain(const MoveContext *ctx, const KingField field)
{
    const Square enemy_king = position_king(ctx->pos, ctx->them);
    return presort_field(field, enemy_king, ctx->to) - presort_field(field, enemy_king, ctx->from);
}

void presort_score_pawn_endgame(const MoveContext *ctx)
{
    PresortEntry *entry = ctx->entry;
    /* Φ(after) - Φ(before) [C]; pawn moves carry their fields along. */
    int before = passed_field_sum(ctx->pos, ctx->us);
    make_move(ctx->pos, ctx->move);
    int after = passed_field_sum(ctx->pos, ctx->us);
    unmake_move(ctx->pos);
    presort_term_add(entry, "passed-field", after - before);
    if (ctx->type == KING) {
        presort_term_add(entry, "centre", presort_centre_gain(ctx, PAWN_ENDGAME_KING_FACTOR));
        presort_term_add(entry, "king-field", king_field_gain(ctx, PAWN_ENDGAME_KING_FIELD));
    }
    if (ctx->type == PAWN) presort_pawn_advance(ctx);
}

/* The first man up or down the file from `rook` in direction `step` (+-BOARD_WIDTH), if it is a
 * passed pawn, else SQ_NONE. */
static Square passer_along_file(const Position *pos, Square rook, int step)
{
    Square sq = rook + step;
    while (pos->board[sq] == EMPTY) sq += step;
    if (piece_type(pos->board[sq]) != PAWN) return SQ_NONE; /* a man or the border */
    return presort_pawn_passed(pos, sq) ? sq : SQ_NONE;
}

/* The passed pawn the rook on `rook` stands behind, or SQ_NONE. [P] "A move which places a
 * rook behind a passed pawn of either color": behind the pawn, on the side it came from, so
 * that the pawn moves away from the rook - below a White pawn, above a Black one, whoever owns
 * the rook (the rook behind its own passer escorts it, behind the opponent's it attacks it
 * from the rear). READING_ROOK_BEHIND_ROOK_SIDE keeps the earlier reading, "behind" from the
 * rook's side of the board (a White rook below the pawn, a Black rook above it). */
static Square passer_in_front(const Position *pos, Square rook, Reading reading)
{
    if (reading == READING_ROOK_BEHIND_ROOK_SIDE)
        return passer_along_file(pos, rook, pawn_push(piece_color(pos->board[rook])));
    for (Color c = BLACK; c <= WHITE; c++) {
        Square pawn = passer_along_file(pos, rook, pawn_push(c));
        if (pawn != SQ_NONE && piece_color(pos->board[pawn]) == c) return pawn;
    }
    return SQ_NONE;
}

/* A rook move that places the rook behind a passed pawn it was not behind before. */
static bool rook_newly_behind_passer(const MoveContext *ctx)
{
    if (ctx->type != ROOK || move_is_castle(ctx->move)) return false;
    Square before = passer_in_front(ctx->pos, ctx->from, ctx->reading);
    make_move(ctx->pos, ctx->move);
    Square after = passer_in_front(ctx->pos, ctx->to, ctx->reading);
    unmake_move(ctx->pos);
    return after != SQ_NONE && after != before;
}

void presort_score_general_endgame(const MoveContext *ctx)
{
    PresortEntry *entry = ctx->entry;
    presort_term_add(entry, "centre", presort_centre_gain(ctx, ENDGAME_FACTOR[ctx->type]));
    presort_term_add(entry, "mobility", presort_mobility(ctx));
    if (ctx->type == PAWN) presort_pawn_advance(ctx);
    if (ctx->type == KING) presort_term_add(entry, "king-field", king_field_gain(ctx, ENDGAME_KING_FIELD));
    if (rook_newly_behind_passer(ctx)) presort_term_add(entry, "rook-behind", ROOK_BEHIND_PASSER_BONUS);
}

/* E of §5.7 after the opponent's reply, for TECH = `tech` [P terms; C: pieces exclude the king,
 * integer division, the piece term is 0 once TECH has no piece left]. */
static int mating_eval(const Position *pos, Color tech)
{
    const Square own_king = position_king(pos, tech), enemy_king = position_king(pos, !tech);
    int e = MATING_ENEMY_KING_CENTRE_WEIGHT * presort_centre(enemy_king)
            + MATING_KING_DISTANCE_WEIGHT * presort_field(MATING_FIELD, own_king, enemy_king)
            + presort_centre(own_king);
    int pieces = 0, sum = 0;
    for (PieceType t = PAWN; t < KING; t++)
        for (int i = 0; i < pos->count[tech][t]; i++, pieces++)
            sum += presort_field(MATING_FIELD, own_king, pos->men[tech][t][i]);
    if (pieces > 0) e += sum / pieces;
    return e;
}

void presort_score_mating(const MoveContext *ctx)
{
    Position *pos = ctx->pos;
    MoveList replies;
    int value;
    /* 2-ply minimax: TECH's move, then the reply that minimises E [P]. */
    make_move(pos, ctx->move);
    generate_legal(pos, &replies);
    if (replies.count == 0) {
        value = position_in_check(pos) ? MATING_CHECKMATE_SCORE : MATING_STALEMATE_SCORE;
    } else {
        value = MATING_CHECKMATE_SCORE;
        for (int i = 0; i < replies.count; i++) {
            make_move(pos, replies.moves[i]);
            int e = mating_eval(pos, ctx->us);
            unmake_move(pos);
            if (e < value) value = e;
        }
    }
    unmake_move(pos);
    presort_term_add(ctx->entry, "drive", value);
}
