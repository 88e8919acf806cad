/* positional_expanded.c - E10, the expanded positional module (docs/SPEC.md §10): the report's
 * own next step, "it would be possible to expand greatly the positional module, specifically
 * including the basic endgames" [P, "The Future of Technology Programming"]. It stays where the
 * report put all chess knowledge: at the root, as the pre-sort that breaks ties between
 * materially equal moves. Below the root the search still counts material only.
 *
 * A root move is scored by what it changes in a whole-board assessment of both sides: the
 * assessment of the position after the move minus that of the position before it, from the
 * mover's view. Each term has a middle-game and an endgame weight, blended by how much of the
 * pieces are left [C: the weights are this project's, measured in games,
 * tests/long/RESULTS.md]. The squares' centrality is TECH's own Fig. 5. */
#include <string.h>

#include "makemove.h"
#include "positional_common.h"

/* The assessment's terms, as `tech presort` names them. */
typedef enum {
    TERM_CENTRE,       /* men on central squares, the king sheltered or (late) central */
    TERM_PAWNS,        /* doubled and isolated pawns */
    TERM_PASSERS,      /* passed pawns by rank, escorted by their king late in the game */
    TERM_MOBILITY,     /* squares the pieces reach that no enemy pawn guards */
    TERM_KING,         /* the king's pawn shield, castling rights, enemy men bearing on it */
    TERM_PIECES,       /* the two bishops, rooks on open files and on the seventh */
    TERM_DEVELOPMENT,  /* minor pieces still at home, the queen out too early, blocked centre pawns */
    TERM_MOP_UP,       /* the stronger side drives the lone king to the edge */
    TERM_NB
} Term;

static const char *const TERM_NAMES[TERM_NB] = {
    "x-centre", "x-pawns", "x-passers", "x-mobility", "x-king", "x-pieces", "x-development", "x-mop-up",
};

/* A term's middle-game and endgame values. */
typedef struct {
    int mg, eg;
} Pair;

typedef struct {
    Pair term[TERM_NB];
} Assessment;

/* [C] The game phase: pieces left, knight and bishop 1, rook 2, queen 4; 24 at the start. */
enum { PHASE_FULL = 24 };
static const int PHASE_WEIGHT[PIECE_TYPE_NB] = {[KNIGHT] = 1, [BISHOP] = 1, [ROOK] = 2, [QUEEN] = 4};

/* [C] Centrality, by man, from TECH's Fig. 5 (0 at the corners, 8 in the centre): value =
 * factor x (CC - offset). */
static const Pair CENTRE_FACTOR[PIECE_TYPE_NB] = {
    [KNIGHT] = {4, 2}, [BISHOP] = {2, 2}, [QUEEN] = {1, 2}, [KING] = {0, 4},
};
enum { CENTRE_OFFSET = 4 };
/* [C] Pawns: the centre files' pawns advanced (mg), every pawn advanced a little (eg). */
static const int PAWN_FILE_WEIGHT[8] = {0, 0, 1, 2, 2, 1, 0, 0};
enum { PAWN_CENTRE_STEP = 5, PAWN_CENTRE_STEPS_MAX = 3, PAWN_ADVANCE_EG = 3 };
/* [C] The king in the middle game: home on a wing, not in the middle, never out in front. */
enum { KING_HOME_WING = 25, KING_SECOND_RANK = -10, KING_ADVANCED = -30 };

/* [C] Pawn structure. */
static const Pair DOUBLED_PAWN = {-12, -20}, ISOLATED_PAWN = {-12, -16};
/* [C] Passed pawns by rank (mover's view, 0 = first rank), and the kings' distances to the
 * square ahead of it in the endgame, per rank. */
static const int PASSER_MG[8] = {0, 5, 8, 14, 25, 45, 70, 0};
static const int PASSER_EG[8] = {0, 10, 16, 28, 50, 85, 130, 0};
enum { PASSER_KING_DISTANCE = 2 };

/* [C] Mobility per square reached beyond a typical count. */
static const Pair MOBILITY_WEIGHT[PIECE_TYPE_NB] = {
    [KNIGHT] = {4, 4}, [BISHOP] = {4, 5}, [ROOK] = {1, 4}, [QUEEN] = {1, 2},
};
static const int MOBILITY_TYPICAL[PIECE_TYPE_NB] = {[KNIGHT] = 4, [BISHOP] = 6, [ROOK] = 7, [QUEEN] = 13};

/* [C] King safety (middle game only). */
enum {
    SHIELD_NEAR = 10, SHIELD_FAR = 5, SHIELD_OPEN = -12,
    CASTLING_RIGHT = 5,
    KING_CENTRE_NO_RIGHTS = -25,
    DANGER_DIVISOR_QUEEN = 8, DANGER_DIVISOR = 16, DANGER_MAX = 250
};
static const int ZONE_ATTACK_WEIGHT[PIECE_TYPE_NB] = {[KNIGHT] = 2, [BISHOP] = 2, [ROOK] = 3, [QUEEN] = 5};

/* [C] Pieces. */
static const Pair BISHOP_PAIR = {25, 45}, ROOK_OPEN_FILE = {20, 10}, ROOK_HALF_OPEN_FILE = {10, 5},
                  ROOK_SEVENTH = {15, 25};

/* [C] Development (weighted by the middle-game share, so it fades as pieces come off). */
enum { MINOR_AT_HOME = -12, QUEEN_OUT_EARLY = -15, QUEEN_OUT_MINORS_HOME = 2, CENTRE_PAWN_BLOCKED = -20 };

/* [C] Mop-up: from a lead of this much (base values) the stronger side is rewarded for the
 * weaker king's distance from the centre and for its own king's nearness to it. */
enum { MOP_UP_LEAD = 400, MOP_UP_EDGE = 6, MOP_UP_NEAR = 3, MOP_UP_FAR = 14 };

static void add(Assessment *a, Term t, int mg, int eg)
{
    a->term[t].mg += mg;
    a->term[t].eg += eg;
}

static void add_pair(Assessment *a, Term t, Pair p, int times)
{
    add(a, t, p.mg * times, p.eg * times);
}

static int distance(Square a, Square b)
{
    int df = square_file(a) - square_file(b), dr = square_rank(a) - square_rank(b);
    if (df < 0) df = -df;
    if (dr < 0) dr = -dr;
    return df > dr ? df : dr;
}

static int own_pawns_on_file(const Position *pos, Color c, int file)
{
    int n = 0;
    for (int rank = 1; rank < 7; rank++) n += pos->board[square_make(file, rank)] == piece_make(c, PAWN);
    return n;
}

static bool attacked_by_pawn(const Position *pos, Square sq, Color by)
{
    const int back = -pawn_push(by);
    const Piece pawn = piece_make(by, PAWN);
    return pos->board[sq + back - 1] == pawn || pos->board[sq + back + 1] == pawn;
}

/* Squares a man of type t on sq attacks (sliders up to and including the first man). */
static int attacked_squares(const Position *pos, PieceType t, Square sq, Square *out)
{
    int n = 0;
    const int *steps = t == KNIGHT ? knight_offsets
                     : t == BISHOP ? bishop_offsets
                     : t == ROOK   ? rook_offsets
                                   : king_offsets;
    const int step_count = t == BISHOP || t == ROOK ? 4 : 8;
    const bool slides = t != KNIGHT && t != KING;
    for (int i = 0; i < step_count; i++)
        for (Square to = sq + steps[i]; pos->board[to] != OFFBOARD; to += steps[i]) {
            out[n++] = to;
            if (!slides || pos->board[to] != EMPTY) break;
        }
    return n;
}

enum { ATTACKS_MAX = 28 };

static void assess_pawns(const Position *pos, Color c, Assessment *a)
{
    const Color them = !c;
    const Square enemy_king = position_king(pos, them), own_king = position_king(pos, c);
    for (int i = 0; i < pos->count[c][PAWN]; i++) {
        Square sq = pos->men[c][PAWN][i];
        int file = square_file(sq), rank = presort_relative_rank(c, sq);
        int advance = rank - 1 < PAWN_CENTRE_STEPS_MAX ? rank - 1 : PAWN_CENTRE_STEPS_MAX;
        add(a, TERM_CENTRE, PAWN_FILE_WEIGHT[file] * advance * PAWN_CENTRE_STEP, PAWN_ADVANCE_EG * (rank - 1));
        bool isolated = (file == 0 || own_pawns_on_file(pos, c, file - 1) == 0)
                     && (file == 7 || own_pawns_on_file(pos, c, file + 1) == 0);
        if (isolated) add_pair(a, TERM_PAWNS, ISOLATED_PAWN, 1);
        if (presort_pawn_passed(pos, sq)) {
            Square ahead = sq + pawn_push(c);
            int kings = distance(enemy_king, ahead) - distance(own_king, ahead);
            add(a, TERM_PASSERS, PASSER_MG[rank], PASSER_EG[rank] + kings * PASSER_KING_DISTANCE * rank);
        }
    }
    for (int file = 0; file < 8; file++) {
        int n = own_pawns_on_file(pos, c, file);
        if (n > 1) add_pair(a, TERM_PAWNS, DOUBLED_PAWN, n - 1);
    }
}

/* Mobility, centrality, rooks, and the attacks on the enemy king's zone (returned as danger
 * units: weight x zone squares attacked, and the number of attackers). */
static void assess_pieces(const Position *pos, Color c, Assessment *a, int *danger, int *attackers)
{
    const Color them = !c;
    const Square enemy_king = position_king(pos, them);
    *danger = *attackers = 0;
    for (PieceType t = KNIGHT; t <= QUEEN; t++)
        for (int i = 0; i < pos->count[c][t]; i++) {
            Square sq = pos->men[c][t][i];
            int cc = presort_centre(sq) - CENTRE_OFFSET;
            add(a, TERM_CENTRE, CENTRE_FACTOR[t].mg * cc, CENTRE_FACTOR[t].eg * cc);
            Square targets[ATTACKS_MAX];
            int n = attacked_squares(pos, t, sq, targets), reach = 0, zone = 0;
            for (int j = 0; j < n; j++) {
                Piece p = pos->board[targets[j]];
                if ((p == EMPTY || piece_color(p) == them) && !attacked_by_pawn(pos, targets[j], them)) reach++;
                if (distance(targets[j], enemy_king) <= 1) zone++;
            }
            add_pair(a, TERM_MOBILITY, MOBILITY_WEIGHT[t], reach - MOBILITY_TYPICAL[t]);
            if (zone) {
                *danger += ZONE_ATTACK_WEIGHT[t] * zone;
                (*attackers)++;
            }
            if (t == ROOK) {
                int file = square_file(sq);
                if (own_pawns_on_file(pos, c, file) == 0)
                    add_pair(a, TERM_PIECES, own_pawns_on_file(pos, them, file) == 0 ? ROOK_OPEN_FILE
                                                                                     : ROOK_HALF_OPEN_FILE, 1);
                if (presort_relative_rank(c, sq) == 6 && presort_relative_rank(c, enemy_king) == 7)
                    add_pair(a, TERM_PIECES, ROOK_SEVENTH, 1);
            }
        }
    if (pos->count[c][BISHOP] >= 2) add_pair(a, TERM_PIECES, BISHOP_PAIR, 1);
}

static void assess_king(const Position *pos, Color c, int enemy_danger, int enemy_attackers, Assessment *a)
{
    const Square king = position_king(pos, c);
    const int file = square_file(king), rank = presort_relative_rank(c, king);
    int cc = presort_centre(king) - CENTRE_OFFSET;
    bool wing = file <= 2 || file >= 6;
    int home = rank == 0 ? (wing ? KING_HOME_WING : 0) : rank == 1 ? KING_SECOND_RANK : KING_ADVANCED;
    add(a, TERM_CENTRE, home, CENTRE_FACTOR[KING].eg * cc);
    /* The shield of a king on a wing: own pawns one and two ranks ahead on its file and the next
     * ones. */
    int shield = 0;
    if (rank <= 1 && wing)
        for (int f = file - 1; f <= file + 1; f++) {
            if (f < 0 || f > 7) continue;
            Piece own = piece_make(c, PAWN);
            if (pos->board[presort_relative_square(c, f, rank + 1)] == own) shield += SHIELD_NEAR;
            else if (rank + 2 < 8 && pos->board[presort_relative_square(c, f, rank + 2)] == own) shield += SHIELD_FAR;
            else if (own_pawns_on_file(pos, c, f) == 0) shield += SHIELD_OPEN;
        }
    const uint8_t rights = c == WHITE ? CASTLE_WK | CASTLE_WQ : CASTLE_BK | CASTLE_BQ;
    int castling = CASTLING_RIGHT * (((pos->castling & rights) & (CASTLE_WK | CASTLE_BK)) != 0)
                 + CASTLING_RIGHT * (((pos->castling & rights) & (CASTLE_WQ | CASTLE_BQ)) != 0);
    bool enemy_queen = pos->count[!c][QUEEN] > 0;
    int exposed = enemy_queen && !wing && rank <= 1 && !(pos->castling & rights) ? KING_CENTRE_NO_RIGHTS : 0;
    int danger = enemy_attackers >= 2 || enemy_queen ? enemy_danger * enemy_danger
                                                           / (enemy_queen ? DANGER_DIVISOR_QUEEN : DANGER_DIVISOR) : 0;
    if (danger > DANGER_MAX) danger = DANGER_MAX;
    add(a, TERM_KING, shield + castling + exposed - danger, 0);
}

static void assess_development(const Position *pos, Color c, Assessment *a)
{
    static const int MINOR_HOME_FILES[4] = {1, 2, 5, 6};
    static const PieceType MINOR_HOME_TYPE[4] = {KNIGHT, BISHOP, BISHOP, KNIGHT};
    int at_home = 0;
    for (int i = 0; i < 4; i++)
        at_home += pos->board[presort_relative_square(c, MINOR_HOME_FILES[i], 0)] == piece_make(c, MINOR_HOME_TYPE[i]);
    int value = at_home * MINOR_AT_HOME;
    if (at_home >= QUEEN_OUT_MINORS_HOME && pos->count[c][QUEEN] > 0
        && pos->board[presort_relative_square(c, 3, 0)] != piece_make(c, QUEEN))
        value += QUEEN_OUT_EARLY;
    /* A man in front of an unmoved d- or e-pawn (the report's -50 row, as a state). */
    for (int f = 3; f <= 4; f++) {
        Piece blocker = pos->board[presort_relative_square(c, f, 2)];
        if (pos->board[presort_relative_square(c, f, 1)] == piece_make(c, PAWN) && blocker != EMPTY
            && piece_color(blocker) == c)
            value += CENTRE_PAWN_BLOCKED;
    }
    add(a, TERM_DEVELOPMENT, value, 0);
}

static void assess_mop_up(const Position *pos, Color c, Assessment *a)
{
    const Color them = !c;
    if (pos->material[c] - pos->material[them] < MOP_UP_LEAD) return;
    const Square weak = position_king(pos, them), strong = position_king(pos, c);
    int edge = CENTRE_OFFSET * 2 - presort_centre(weak);
    add(a, TERM_MOP_UP, 0, edge * MOP_UP_EDGE + (MOP_UP_FAR - distance(weak, strong) * 2) * MOP_UP_NEAR);
}

/* The whole-board assessment, White's terms minus Black's, blended by the phase. */
static void assess(const Position *pos, int out[TERM_NB])
{
    Assessment side[COLOR_NB];
    memset(side, 0, sizeof side);
    int danger[COLOR_NB], attackers[COLOR_NB], phase = 0;
    for (Color c = BLACK; c <= WHITE; c++) {
        assess_pawns(pos, c, &side[c]);
        assess_pieces(pos, c, &side[c], &danger[c], &attackers[c]);
        assess_development(pos, c, &side[c]);
        assess_mop_up(pos, c, &side[c]);
        for (PieceType t = KNIGHT; t <= QUEEN; t++) phase += PHASE_WEIGHT[t] * pos->count[c][t];
    }
    for (Color c = BLACK; c <= WHITE; c++) assess_king(pos, c, danger[!c], attackers[!c], &side[c]);
    if (phase > PHASE_FULL) phase = PHASE_FULL;
    for (Term t = 0; t < TERM_NB; t++) {
        int mg = side[WHITE].term[t].mg - side[BLACK].term[t].mg;
        int eg = side[WHITE].term[t].eg - side[BLACK].term[t].eg;
        out[t] = (mg * phase + eg * (PHASE_FULL - phase)) / PHASE_FULL;
    }
}

void presort_score_expanded(const MoveContext *ctx)
{
    int before[TERM_NB], after[TERM_NB];
    assess(ctx->pos, before);
    make_move(ctx->pos, ctx->move);
    assess(ctx->pos, after);
    unmake_move(ctx->pos);
    const int sign = color_sign(ctx->us);
    for (Term t = 0; t < TERM_NB; t++) presort_term_add(ctx->entry, TERM_NAMES[t], sign * (after[t] - before[t]));
}
