/* endgame.c - E13, the basic endgames the report names as the positional module's next step
 * ("it would be possible to expand greatly the positional module, specifically including the
 * basic endgames" [P, "The Future of Technology Programming"]), brought into the tree as known
 * values. They are told by their material signature, and only when one side has a bare king,
 * which a leaf tests with two comparisons (eval.c):
 *  - draws: KK, KNK, KBK, KNNK, bishops all on one colour, rook pawns whose promotion square
 *    the lone king holds (with no bishop, or with one of the wrong colour), and every KPK
 *    position the bitbase does not win (kpk.c);
 *  - wins: a won KPK is worth a fixed bonus more than its pawn, and more the further the pawn
 *    has gone, but less than the queen it becomes, so that the tree promotes; with mating
 *    material and no pawns (KQK, KRK, KBBK, KBNK ...) the lone king is driven to the edge (in
 *    KBNK to a corner of the bishop's colour) and the kings brought together. */
#include "endgame.h"

#include "eval_structure.h"
#include "kpk.h"
#include "positional_common.h"

/* [C] A won KPK: this much on top of the pawn, and this much per rank it has advanced; at most
 * 200 + 6 x 20 = 320, so pawn and bonus (at most 190 + 320) stay well below the queen the pawn
 * becomes (900), and the tree promotes. */
enum { KPK_WIN_BONUS = 200, KPK_WIN_PER_RANK = 20 };
/* [C] Mating: per step the lone king is from the centre (Fig. 5's centre value 8 less its
 * square's), per step the kings are nearer than 7, per step the lone king is nearer than 7 to
 * a corner of the bishop's colour (KBNK). */
enum { MOP_UP_EDGE = 10, MOP_UP_NEAR = 5, KBNK_CORNER = 20, DISTANCE_MAX = 7, CENTRE_MAX = 8 };

static int colour_of(Square sq) { return square_is_light(sq); }

/* The lone king to the edge (or to a corner of `corner_colour`, -1 for any edge), the strong
 * king toward it, from the strong side's view. */
static int mop_up(const Position *pos, Color strong, int corner_colour)
{
    const Square weak_king = position_king(pos, !strong), strong_king = position_king(pos, strong);
    int near = DISTANCE_MAX - square_distance(weak_king, strong_king);
    if (corner_colour < 0) return MOP_UP_EDGE * (CENTRE_MAX - presort_centre(weak_king)) + MOP_UP_NEAR * near;
    static const Square corners[4] = {SQ_A1, SQ_H1, SQ_A8, SQ_H8};
    int corner = DISTANCE_MAX;
    for (int i = 0; i < 4; i++)
        if (colour_of(corners[i]) == corner_colour && square_distance(weak_king, corners[i]) < corner)
            corner = square_distance(weak_king, corners[i]);
    return KBNK_CORNER * (DISTANCE_MAX - corner) + MOP_UP_NEAR * near;
}

/* Whether every pawn of colour c is on one rook file; its file in *file. */
static bool pawns_on_one_rook_file(const Position *pos, Color c, int *file)
{
    *file = square_file(pos->men[c][PAWN][0]);
    if (*file != 0 && *file != 7) return false;
    for (int i = 1; i < pos->count[c][PAWN]; i++)
        if (square_file(pos->men[c][PAWN][i]) != *file) return false;
    return true;
}

/* Pawns and at most one bishop: drawn when they are rook pawns of one file, the lone king is
 * on or beside their promotion square, and no bishop can drive it out of the corner. */
static bool wrong_rook_pawns(const Position *pos, Color strong)
{
    int file;
    if (!pawns_on_one_rook_file(pos, strong, &file)) return false;
    Square promotion = square_make(file, strong == WHITE ? 7 : 0);
    if (pos->count[strong][BISHOP] == 1 && colour_of(pos->men[strong][BISHOP][0]) == colour_of(promotion)) return false;
    return square_distance(position_king(pos, !strong), promotion) <= 1;
}

static EndgameVerdict pawnless(const Position *pos, Color strong, int *bonus)
{
    const uint8_t *n = pos->count[strong];
    const int minors = n[KNIGHT] + n[BISHOP];
    if (n[ROOK] + n[QUEEN] == 0) {
        if (minors <= 1 || (n[BISHOP] == 0 && n[KNIGHT] == 2)) return ENDGAME_DRAW;
        if (n[KNIGHT] == 0) {
            bool both_colours = false;
            for (int i = 1; i < n[BISHOP]; i++)
                both_colours |= colour_of(pos->men[strong][BISHOP][i]) != colour_of(pos->men[strong][BISHOP][0]);
            if (!both_colours) return ENDGAME_DRAW;
        }
        if (n[KNIGHT] == 1 && n[BISHOP] == 1) {
            *bonus = color_sign(strong) * mop_up(pos, strong, colour_of(pos->men[strong][BISHOP][0]));
            return ENDGAME_SCORED;
        }
    }
    *bonus = color_sign(strong) * mop_up(pos, strong, -1);
    return ENDGAME_SCORED;
}

EndgameVerdict endgame_recognise(const Position *pos, int *bonus)
{
    *bonus = 0;
    if (pos->material[WHITE] == 0 && pos->material[BLACK] == 0) return ENDGAME_DRAW;
    const Color strong = pos->material[WHITE] > 0 ? WHITE : BLACK;
    if (pos->material[!strong] != 0) return ENDGAME_NONE;
    const uint8_t *n = pos->count[strong];
    if (n[PAWN] == 0) return pawnless(pos, strong, bonus);
    if (n[KNIGHT] + n[ROOK] + n[QUEEN] > 0 || n[BISHOP] > 1) return ENDGAME_NONE;
    if (wrong_rook_pawns(pos, strong)) return ENDGAME_DRAW;
    if (n[PAWN] == 1 && n[BISHOP] == 0) {
        Square pawn = pos->men[strong][PAWN][0];
        if (!kpk_wins(strong, position_king(pos, strong), pawn, position_king(pos, !strong), pos->side))
            return ENDGAME_DRAW;
        int rank = strong == WHITE ? square_rank(pawn) : 7 - square_rank(pawn);
        *bonus = color_sign(strong) * (KPK_WIN_BONUS + KPK_WIN_PER_RANK * rank);
        return ENDGAME_SCORED;
    }
    return ENDGAME_NONE;
}
