/* positional_expanded.c - E10, the expanded positional module (docs/SPEC.md §10): the report's
 * own next step, "it would be possible to expand greatly the positional module, specifically
 * including the basic endgames" [P, "The Future of Technology Programming"]. It stays where the
 * report put all chess knowledge: at the root, as the pre-sort that breaks ties between
 * materially equal moves. Below the root the search still counts material only.
 *
 * A root move is scored by what it changes in a whole-board assessment of both sides: the
 * assessment of the position after the move minus that of the position before it, from the
 * mover's view. The assessment is a sum of features, each a count on the board (doubled pawns,
 * squares a knight reaches, ...) times a middle-game and an endgame weight, the two blended by
 * how many pieces are left. The squares' centrality is TECH's own Fig. 5. [C] The features
 * and weights are this project's (the weights measured against Stockfish's choice among TECH's
 * materially equal moves, scripts/presort_quality.py, then in games, tests/long/RESULTS.md). */
#include <string.h>

#include "attack.h"
#include "makemove.h"
#include "positional_common.h"

/* The assessment's features, as `tech presort --expanded` names them. */
typedef enum {
    F_PAWN_CENTRE,   /* d- and e-pawns (and c, f) advanced from home, by steps */
    F_PAWN_ADVANCE,  /* every pawn's ranks from home */
    F_KNIGHT_CENTRE, /* Fig. 5 value of each knight's square, less 4 */
    F_BISHOP_CENTRE,
    F_QUEEN_CENTRE,
    F_KING_HOME,       /* the king on its first rank on a wing (+5), on its second (-2), beyond (-6) */
    F_KING_CENTRE,     /* Fig. 5 value of the king's square, less 4 */
    F_DOUBLED,         /* own pawns behind another on the same file */
    F_ISOLATED,        /* pawns with no own pawn on the next files */
    F_PASSER,          /* passed pawns, by the rank table below */
    F_PASSER_KINGS,    /* per passed pawn: (enemy king's - own king's distance to its next square) x rank */
    F_KNIGHT_MOBILITY, /* squares each knight reaches that no enemy pawn guards, less a typical count */
    F_BISHOP_MOBILITY,
    F_ROOK_MOBILITY,
    F_QUEEN_MOBILITY,
    F_SHIELD,       /* a wing king's pawn shield: 2 per pawn one rank ahead, 1 two ahead, -2 per open file */
    F_CASTLING,     /* castling rights kept, one per wing */
    F_KING_EXPOSED, /* a king in the middle, no castling right left, the enemy queen on the board */
    F_KING_DANGER,  /* the enemy men bearing on the king's squares (see king_danger) */
    F_BISHOP_PAIR,
    F_ROOK_OPEN,      /* a rook on a file without pawns */
    F_ROOK_HALF_OPEN, /* ... without own pawns */
    F_ROOK_SEVENTH,   /* a rook on the seventh with the enemy king on the eighth */
    F_MINOR_HOME,     /* knights and bishops on their first squares */
    F_QUEEN_EARLY,    /* the queen out while two minor pieces are still at home */
    F_PAWN_BLOCKED,   /* an own man in front of an unmoved d- or e-pawn */
    F_MOP_UP,         /* a lead of 400: the lone king's distance from the centre and the kings' nearness */
    F_MOP_UP_BOX,     /* ... and the squares left to the lone king (not attacked by the stronger side) */
    F_NB
} Feature;

static const char *const FEATURE_NAMES[F_NB] = {
    "x-pawn-centre",  "x-pawn-advance",    "x-knight-centre",   "x-bishop-centre", "x-queen-centre",
    "x-king-home",    "x-king-centre",     "x-doubled",         "x-isolated",      "x-passer",
    "x-passer-kings", "x-knight-mobility", "x-bishop-mobility", "x-rook-mobility", "x-queen-mobility",
    "x-shield",       "x-castling",        "x-king-exposed",    "x-king-danger",   "x-bishop-pair",
    "x-rook-open",    "x-rook-half-open",  "x-rook-seventh",    "x-minor-home",    "x-queen-early",
    "x-pawn-blocked", "x-mop-up",          "x-mop-up-box",
};

/* A feature's weight per unit in the middle game and in the endgame. */
typedef struct {
    int mg, eg;
} Pair;

/* [C] The weights. */
static const Pair WEIGHT[F_NB] = {
    [F_PAWN_CENTRE] = {5, 0},     [F_PAWN_ADVANCE] = {0, 3},   [F_KNIGHT_CENTRE] = {5, 3},
    [F_BISHOP_CENTRE] = {2, 2},   [F_QUEEN_CENTRE] = {1, 2},   [F_KING_HOME] = {5, 0},
    [F_KING_CENTRE] = {0, 8},     [F_DOUBLED] = {-6, -10},     [F_ISOLATED] = {-6, -8},
    [F_PASSER] = {3, 3},          [F_PASSER_KINGS] = {0, 3},   [F_KNIGHT_MOBILITY] = {4, 4},
    [F_BISHOP_MOBILITY] = {4, 5}, [F_ROOK_MOBILITY] = {1, 4},  [F_QUEEN_MOBILITY] = {1, 2},
    [F_SHIELD] = {5, 0},          [F_CASTLING] = {5, 0},       [F_KING_EXPOSED] = {-25, 0},
    [F_KING_DANGER] = {-4, 0},    [F_BISHOP_PAIR] = {25, 45},  [F_ROOK_OPEN] = {20, 10},
    [F_ROOK_HALF_OPEN] = {10, 5}, [F_ROOK_SEVENTH] = {15, 25}, [F_MINOR_HOME] = {-12, 0},
    [F_QUEEN_EARLY] = {-15, 0},   [F_PAWN_BLOCKED] = {-20, 0}, [F_MOP_UP] = {0, 1},
    [F_MOP_UP_BOX] = {0, -8},
};

/* [C] Passed pawns by rank (mover's view, 0 = first rank), middle game and endgame (these are
 * the units of F_PASSER). */
static const int PASSER_MG[8] = {0, 2, 3, 5, 8, 15, 23, 0};
static const int PASSER_EG[8] = {0, 5, 8, 14, 25, 42, 65, 0};

/* [C] The game phase: pieces left, knight and bishop 1, rook 2, queen 4; 24 at the start. */
enum { PHASE_FULL = 24 };
static const int PHASE_WEIGHT[PIECE_TYPE_NB] = {[KNIGHT] = 1, [BISHOP] = 1, [ROOK] = 2, [QUEEN] = 4};

/* Fig. 5 runs from 0 (corners) to 8 (centre); centrality counts from its middle. */
enum { CENTRE_OFFSET = 4 };
/* [C] The centre files' weight for F_PAWN_CENTRE, and how many steps from home count. */
static const int PAWN_FILE_WEIGHT[8] = {0, 0, 1, 2, 2, 1, 0, 0};
enum { PAWN_CENTRE_STEPS_MAX = 3 };
/* F_KING_HOME units. */
enum { KING_HOME_WING = 5, KING_SECOND_RANK = -2, KING_ADVANCED = -6 };
/* F_SHIELD units. */
enum { SHIELD_NEAR = 2, SHIELD_FAR = 1, SHIELD_OPEN = -2 };
/* [C] Mobility: a typical number of squares per piece, counted from. */
static const int MOBILITY_TYPICAL[PIECE_TYPE_NB] = {[KNIGHT] = 4, [BISHOP] = 6, [ROOK] = 7, [QUEEN] = 13};
static const Feature MOBILITY_FEATURE[PIECE_TYPE_NB] = {
    [KNIGHT] = F_KNIGHT_MOBILITY,
    [BISHOP] = F_BISHOP_MOBILITY,
    [ROOK] = F_ROOK_MOBILITY,
    [QUEEN] = F_QUEEN_MOBILITY,
};
/* Each piece type's centrality feature; F_NB: none (rooks; pawns and kings have their own). */
static const Feature CENTRE_FEATURE[PIECE_TYPE_NB] = {
    [KNIGHT] = F_KNIGHT_CENTRE,
    [BISHOP] = F_BISHOP_CENTRE,
    [ROOK] = F_NB,
    [QUEEN] = F_QUEEN_CENTRE,
};
/* [C] King danger: each enemy man's weight times the king's squares it attacks, squared, over a
 * divisor (smaller with the enemy queen on the board), at most DANGER_MAX; counted when two men
 * attack or the queen is on. */
static const int ZONE_ATTACK_WEIGHT[PIECE_TYPE_NB] = {[KNIGHT] = 2, [BISHOP] = 2, [ROOK] = 3, [QUEEN] = 5};
enum { DANGER_DIVISOR_QUEEN = 24, DANGER_DIVISOR = 48, DANGER_MAX = 80 };
/* [C] Development: the queen counts as out early while this many minor pieces are at home. */
enum { QUEEN_OUT_MINORS_HOME = 2 };
/* [C] Mop-up from a lead of this much (base values): units of F_MOP_UP per step of the lone
 * king from the centre, and per step the kings are nearer than MOP_UP_FAR. */
enum { MOP_UP_LEAD = 400, MOP_UP_EDGE = 6, MOP_UP_NEAR = 3, MOP_UP_FAR = 14 };

/* One side's feature counts, middle game and endgame (a few features differ by phase). */
typedef struct {
    int mg[F_NB], eg[F_NB];
} Counts;

static void count(Counts *c, Feature f, int mg, int eg)
{
    c->mg[f] += mg;
    c->eg[f] += eg;
}

static void count_both(Counts *c, Feature f, int n) { count(c, f, n, n); }

static int distance(Square a, Square b)
{
    int df = square_file(a) - square_file(b), dr = square_rank(a) - square_rank(b);
    if (df < 0) df = -df;
    if (dr < 0) dr = -dr;
    return df > dr ? df : dr;
}

static int pawns_on_file(const Position *pos, Color c, int file)
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

enum { ATTACKS_MAX = 28 };

/* Squares a man of type t on sq attacks (sliders up to and including the first man). */
static int attacked_squares(const Position *pos, PieceType t, Square sq, Square *out)
{
    int n = 0;
    const int *steps = t == KNIGHT   ? knight_offsets
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

static void assess_pawns(const Position *pos, Color c, Counts *n)
{
    const Square enemy_king = position_king(pos, !c), own_king = position_king(pos, c);
    for (int i = 0; i < pos->count[c][PAWN]; i++) {
        Square sq = pos->men[c][PAWN][i];
        int file = square_file(sq), rank = presort_relative_rank(c, sq);
        int steps = rank - 1 < PAWN_CENTRE_STEPS_MAX ? rank - 1 : PAWN_CENTRE_STEPS_MAX;
        count_both(n, F_PAWN_CENTRE, PAWN_FILE_WEIGHT[file] * steps);
        count_both(n, F_PAWN_ADVANCE, rank - 1);
        if ((file == 0 || pawns_on_file(pos, c, file - 1) == 0) && (file == 7 || pawns_on_file(pos, c, file + 1) == 0))
            count_both(n, F_ISOLATED, 1);
        if (presort_pawn_passed(pos, sq)) {
            Square ahead = sq + pawn_push(c);
            count(n, F_PASSER, PASSER_MG[rank], PASSER_EG[rank]);
            count_both(n, F_PASSER_KINGS, (distance(enemy_king, ahead) - distance(own_king, ahead)) * rank);
        }
    }
    for (int file = 0; file < 8; file++) {
        int on_file = pawns_on_file(pos, c, file);
        if (on_file > 1) count_both(n, F_DOUBLED, on_file - 1);
    }
}

/* Centrality, mobility and rooks; returns the danger units of the attacks on the enemy king's
 * squares (weight x squares attacked) and how many men attack them. */
static void assess_pieces(const Position *pos, Color c, Counts *n, int *danger, int *attackers)
{
    const Color them = !c;
    const Square enemy_king = position_king(pos, them);
    *danger = *attackers = 0;
    for (PieceType t = KNIGHT; t <= QUEEN; t++)
        for (int i = 0; i < pos->count[c][t]; i++) {
            Square sq = pos->men[c][t][i];
            if (CENTRE_FEATURE[t] != F_NB) count_both(n, CENTRE_FEATURE[t], presort_centre(sq) - CENTRE_OFFSET);
            Square targets[ATTACKS_MAX];
            int reached = attacked_squares(pos, t, sq, targets), reach = 0, zone = 0;
            for (int j = 0; j < reached; j++) {
                Piece p = pos->board[targets[j]];
                if ((p == EMPTY || piece_color(p) == them) && !attacked_by_pawn(pos, targets[j], them)) reach++;
                if (distance(targets[j], enemy_king) <= 1) zone++;
            }
            count_both(n, MOBILITY_FEATURE[t], reach - MOBILITY_TYPICAL[t]);
            if (zone) {
                *danger += ZONE_ATTACK_WEIGHT[t] * zone;
                (*attackers)++;
            }
            if (t == ROOK) {
                int file = square_file(sq);
                if (pawns_on_file(pos, c, file) == 0)
                    count_both(n, pawns_on_file(pos, them, file) == 0 ? F_ROOK_OPEN : F_ROOK_HALF_OPEN, 1);
                if (presort_relative_rank(c, sq) == 6 && presort_relative_rank(c, enemy_king) == 7)
                    count_both(n, F_ROOK_SEVENTH, 1);
            }
        }
    if (pos->count[c][BISHOP] >= 2) count_both(n, F_BISHOP_PAIR, 1);
}

/* The danger units of the enemy's attacks, turned into F_KING_DANGER units. */
static int king_danger(int units, int attackers, bool enemy_queen)
{
    if (attackers < 2 && !enemy_queen) return 0;
    int danger = units * units / (enemy_queen ? DANGER_DIVISOR_QUEEN : DANGER_DIVISOR);
    return danger < DANGER_MAX ? danger : DANGER_MAX;
}

static void assess_king(const Position *pos, Color c, int enemy_units, int enemy_attackers, Counts *n)
{
    const Square king = position_king(pos, c);
    const int file = square_file(king), rank = presort_relative_rank(c, king);
    const bool wing = file <= 2 || file >= 6;
    count_both(n, F_KING_HOME, rank == 0 ? (wing ? KING_HOME_WING : 0) : rank == 1 ? KING_SECOND_RANK : KING_ADVANCED);
    count_both(n, F_KING_CENTRE, presort_centre(king) - CENTRE_OFFSET);
    if (rank <= 1 && wing)
        for (int f = file - 1; f <= file + 1; f++) {
            if (f < 0 || f > 7) continue;
            const Piece own = piece_make(c, PAWN);
            if (pos->board[presort_relative_square(c, f, rank + 1)] == own) count_both(n, F_SHIELD, SHIELD_NEAR);
            else if (pos->board[presort_relative_square(c, f, rank + 2)] == own) count_both(n, F_SHIELD, SHIELD_FAR);
            else if (pawns_on_file(pos, c, f) == 0) count_both(n, F_SHIELD, SHIELD_OPEN);
        }
    const uint8_t king_side = c == WHITE ? CASTLE_WK : CASTLE_BK, queen_side = c == WHITE ? CASTLE_WQ : CASTLE_BQ;
    count_both(n, F_CASTLING, ((pos->castling & king_side) != 0) + ((pos->castling & queen_side) != 0));
    const bool enemy_queen = pos->count[!c][QUEEN] > 0;
    if (enemy_queen && !wing && rank <= 1 && !(pos->castling & (king_side | queen_side)))
        count_both(n, F_KING_EXPOSED, 1);
    count_both(n, F_KING_DANGER, king_danger(enemy_units, enemy_attackers, enemy_queen));
}

/* Development, from the home squares of the game's start array (the standard one: knights b and
 * g, bishops c and f, the queen d; in Chess960 the game's own). */
static void assess_development(const Position *pos, Color c, Counts *n)
{
    const StartArray *home = &pos->home;
    int at_home = 0;
    for (int i = 0; i < START_ARRAY_MINORS; i++)
        at_home += pos->board[start_array_home(c, home->minor_file[i])] == piece_make(c, home->minor_type[i]);
    count_both(n, F_MINOR_HOME, at_home);
    if (at_home >= QUEEN_OUT_MINORS_HOME && pos->count[c][QUEEN] > 0
        && pos->board[start_array_home(c, home->queen_file)] != piece_make(c, QUEEN))
        count_both(n, F_QUEEN_EARLY, 1);
    /* A man in front of an unmoved d- or e-pawn (the report's -50 row, as a state). */
    for (int f = 3; f <= 4; f++) {
        Piece blocker = pos->board[presort_relative_square(c, f, 2)];
        if (pos->board[presort_relative_square(c, f, 1)] == piece_make(c, PAWN) && blocker != EMPTY
            && piece_color(blocker) == c)
            count_both(n, F_PAWN_BLOCKED, 1);
    }
}

static void assess_mop_up(const Position *pos, Color c, Counts *n)
{
    if (pos->material[c] - pos->material[!c] < MOP_UP_LEAD) return;
    const Square weak = position_king(pos, !c), strong = position_king(pos, c);
    int edge = CENTRE_OFFSET * 2 - presort_centre(weak);
    count_both(n, F_MOP_UP, edge * MOP_UP_EDGE + (MOP_UP_FAR - distance(weak, strong) * 2) * MOP_UP_NEAR);
    int box = 0;
    for (int i = 0; i < 8; i++) {
        Square to = weak + king_offsets[i];
        Piece p = pos->board[to];
        if (p != OFFBOARD && (p == EMPTY || piece_color(p) == !c) && !square_attacked(pos, to, c)) box++;
    }
    count_both(n, F_MOP_UP_BOX, box);
}

/* The whole-board assessment, feature by feature: White's minus Black's, weighted and blended
 * by the phase. */
static void assess(const Position *pos, int out[F_NB])
{
    Counts side[COLOR_NB];
    memset(side, 0, sizeof side);
    int units[COLOR_NB], attackers[COLOR_NB], phase = 0;
    for (Color c = BLACK; c <= WHITE; c++) {
        assess_pawns(pos, c, &side[c]);
        assess_pieces(pos, c, &side[c], &units[c], &attackers[c]);
        assess_development(pos, c, &side[c]);
        assess_mop_up(pos, c, &side[c]);
        for (PieceType t = KNIGHT; t <= QUEEN; t++) phase += PHASE_WEIGHT[t] * pos->count[c][t];
    }
    for (Color c = BLACK; c <= WHITE; c++) assess_king(pos, c, units[!c], attackers[!c], &side[c]);
    if (phase > PHASE_FULL) phase = PHASE_FULL;
    for (Feature f = 0; f < F_NB; f++) {
        int mg = WEIGHT[f].mg * (side[WHITE].mg[f] - side[BLACK].mg[f]);
        int eg = WEIGHT[f].eg * (side[WHITE].eg[f] - side[BLACK].eg[f]);
        out[f] = (mg * phase + eg * (PHASE_FULL - phase)) / PHASE_FULL;
    }
}

void presort_score_expanded(const MoveContext *ctx)
{
    int before[F_NB], after[F_NB];
    assess(ctx->pos, before);
    make_move(ctx->pos, ctx->move);
    assess(ctx->pos, after);
    unmake_move(ctx->pos);
    const int sign = color_sign(ctx->us);
    for (Feature f = 0; f < F_NB; f++) presort_term_add(ctx->entry, FEATURE_NAMES[f], sign * (after[f] - before[f]));
}
