/* eval.h - TECH-modern's knowledge below the root (docs/SPEC.md §10, E11-E13): a positional
 * score kept incrementally within the tree (E11), variable piece values (E12), the basic
 * endgames (E13, endgame.h). A leaf is worth its material plus these terms. */
#ifndef TECH_EVAL_H
#define TECH_EVAL_H

#include "board.h"
#include "endgame.h"
#include "eval_structure.h"

/* [C] E11's positional term is held to +/- this much at a leaf. Two leaves' positional terms
 * then differ by at most 196: more than a pawn (100, 120 or 190 in TECH's general endgame,
 * §5.8), so the tree can give "a small amount of material for significant positional
 * advantages", and less than the least a minor piece is ever worth in the tree (330 x 0.6 =
 * 198 under §5.8's trade-down floor), so it never gives a piece for position. Tuning builds
 * may set another (-DTECH_POSITIONAL_BOUND=N; tests/long/RESULTS.md has the matches). */
#ifndef TECH_POSITIONAL_BOUND
#define TECH_POSITIONAL_BOUND 98
#endif
enum { POSITIONAL_BOUND = TECH_POSITIONAL_BOUND };
/* [C] E11's terms are E10's weights times this per cent (tuning builds:
 * -DTECH_POSITIONAL_PERCENT=N). */
#ifndef TECH_POSITIONAL_PERCENT
#define TECH_POSITIONAL_PERCENT 100
#endif
enum { POSITIONAL_PERCENT = TECH_POSITIONAL_PERCENT };

/* [C] The game phase, E10's: knight and bishop 1, rook 2, queen 4; 24 (or more after a
 * promotion, counted as 24) is the middle game, 0 a pawn ending. */
enum { EVAL_PHASE_FULL = 24 };

/* What every leaf needs (E12's counts, the phase), kept by every make: it changes only on
 * captures, pawn moves and promotions, so most moves just copy it. */
typedef struct {
    int8_t phase;                       /* pieces left by EVAL_PHASE_FULL's weights */
    uint8_t pawns_on_light[COLOR_NB];   /* pawns on light squares, per colour */
    uint8_t bishops_on_light[COLOR_NB]; /* bishops on light squares, per colour */
} EvalCounts;

/* E11's incremental sums, White minus Black. Only a leaf whose value can fall inside the
 * search's window needs them, so they are brought up to date along the line only then. */
typedef struct {
    int psq_mg, psq_eg;                 /* piece-square sums, middle game and endgame */
    uint64_t structure_key;             /* Zobrist key of the pawns and of the kings' shelter zones */
    bool structure_known;               /* the fields below are those of structure_key */
    int16_t structure_mg, structure_eg; /* pawn structure and king shelter */
    uint8_t pawn_files[COLOR_NB];       /* bit f: colour c has a pawn on file f */
} EvalState;

enum { STRUCTURE_TABLE_SIZE = 1 << 12 };

/* A move of the line, as E11's update needs it. */
typedef struct {
    Move move;
    int8_t mover; /* the piece that moved, as it stood before the move */
    int8_t side;
} LineMove;

/* One search's knowledge along its current line, ply by ply (ply 0 = the root). counts[] is
 * kept by every make; state[ply] is valid only when ready[ply]; the moves let a leaf bring
 * state[] up to date from the nearest ready ply above it. */
typedef struct {
    EvalCounts counts[MAX_PLY + 1];
    EvalState state[MAX_PLY + 1];
    bool ready[MAX_PLY + 1];
    LineMove moves[MAX_PLY];
    StructureEntry structures[STRUCTURE_TABLE_SIZE]; /* pawn structures met, per search */
} EvalLine;

/* Which of the leaf's terms are on (the E11, E12 and E13 switches). */
typedef struct {
    bool positional;   /* E11 */
    bool piece_values; /* E12 */
    bool endgames;     /* E13 */
} EvalSwitches;

/* The tables the updates read: eval.c fills them once (the first eval_line_init or
 * eval_counts_init, under pthread_once); they are read-only afterwards. */
enum { KING_ZONE_NB = 17 };
typedef struct {
    int16_t mg, eg;
} SquareValue;
typedef struct {
    SquareValue psq[13][BOARD_SIZE];           /* by piece code + 6; Black's negated */
    uint8_t light[BOARD_SIZE];                 /* 1 on a light square */
    uint8_t king_zone[COLOR_NB][BOARD_SIZE];   /* a king's shelter zone (eval.c) */
    uint64_t zone_key[COLOR_NB][KING_ZONE_NB]; /* Zobrist keys of the zones */
    int8_t phase_weight[PIECE_TYPE_NB];
    int16_t bishop_pair[EVAL_PHASE_FULL + 1]; /* E12's two bishops at each phase, blended */
} EvalTables;
extern EvalTables eval_tables;

/* The counts and the state of `pos` from scratch (a search's root; tests; the debug check). */
void eval_counts_init(EvalCounts *counts, const Position *pos);
void eval_state_init(EvalState *state, const Position *pos);
/* Set up the line at its root: ply 0 from scratch. */
void eval_line_init(EvalLine *line, const Position *pos);
/* A helper thread's line starts from the main search's root (ply 0 only is copied). */
void eval_line_copy_root(EvalLine *dst, const EvalLine *src);

/* E11's state after a move: `parent` is the state before it, `lm` the move. */
void eval_state_make(EvalState *child, const EvalState *parent, const LineMove *lm);

/* The counts after `m`, made by `us` from a position whose captured man and promotion the move
 * carries (the counts change only when a pawn moves, a man is taken or a pawn promotes). */
static inline void eval_counts_make(EvalCounts *child, const EvalCounts *parent, Move m, Piece mover, Color us)
{
    const EvalTables *t = &eval_tables;
    *child = *parent;
    const Square from = move_from(m), to = move_to(m);
    if (piece_type(mover) == PAWN) child->pawns_on_light[us] += t->light[to] - t->light[from];
    if (move_is_capture(m)) {
        const PieceType taken = move_captured(m);
        const Square victim_sq = move_is_en_passant(m) ? to - pawn_push(us) : to;
        child->phase -= t->phase_weight[taken];
        if (taken == PAWN) child->pawns_on_light[!us] -= t->light[victim_sq];
        else if (taken == BISHOP) child->bishops_on_light[!us] -= t->light[victim_sq];
    }
    if (move_is_promotion(m)) {
        child->phase += t->phase_weight[move_promotion(m)];
        child->pawns_on_light[us] -= t->light[to];
        if (move_promotion(m) == BISHOP) child->bishops_on_light[us] += t->light[to];
    }
}

/* Record `m`, about to be made on `pos` at `ply`, in the line: the counts of ply + 1 follow it;
 * E11's state of ply + 1 is left to be brought up to date when a leaf needs it. */
static inline void eval_line_make(EvalLine *line, int ply, const Position *pos, Move m)
{
    const Piece mover = pos->board[move_from(m)];
    line->moves[ply] = (LineMove){m, (int8_t)mover, (int8_t)pos->side};
    line->ready[ply + 1] = false;
    eval_counts_make(&line->counts[ply + 1], &line->counts[ply], m, mover, pos->side);
}

/* Bring E11's state of `ply` up to date from the nearest ready ply above it. */
EvalState *eval_line_state(EvalLine *line, int ply);

/* E11's positional term alone (bounded), White minus Black, from a state and the counts of pos
 * (table: a structure table of StructureEntry[STRUCTURE_TABLE_SIZE], or NULL to compute). */
int eval_positional(EvalState *state, const EvalCounts *counts, const Position *pos, StructureEntry *table);

static inline int eval_blend_phase(const EvalCounts *counts)
{
    return counts->phase < EVAL_PHASE_FULL ? counts->phase : EVAL_PHASE_FULL;
}

/* [C] E12, variable piece values: the report's "good bishops" and "bad bishops" - a bishop
 * gains this much for each own pawn on the other colour of squares than its own, and loses as
 * much for each on its own colour (they block it). */
enum { BISHOP_PAWN_COLOUR = 4 };

/* E12: what the bishops are worth more or less than their base value, White minus Black. The
 * bishops on light squares less those on dark ones, times the own pawns on dark squares less
 * those on light ones, is every bishop's "other colour less own colour" summed. */
static inline int eval_piece_values(const EvalCounts *counts, const Position *pos)
{
    const int pair = eval_tables.bishop_pair[eval_blend_phase(counts)];
    int value = 0;
    for (Color c = BLACK; c <= WHITE; c++) {
        const int pawns = pos->count[c][PAWN], bishops = pos->count[c][BISHOP];
        const int units = (2 * counts->bishops_on_light[c] - bishops) * (pawns - 2 * counts->pawns_on_light[c]);
        value += color_sign(c) * (BISHOP_PAWN_COLOUR * units + (bishops >= 2 ? pair : 0));
    }
    return value;
}

/* The leaf's value at `ply` of the line, White minus Black: `material` (the search's revalued
 * counter) plus the switched-on terms; pos is the leaf's position. (lo, hi) is the window the
 * caller compares the value with, from White's view: when the material and E12 alone put the
 * value beyond it by more than E11's bound, E11's term cannot bring it back, and the value
 * returned is that bound (lo or below, hi or above) instead of the exact value: the caller's
 * comparison comes out the same either way, and E11's sums are not needed. Called at every
 * leaf, so it is here to be inlined. */
static inline Score eval_leaf(EvalLine *line, int ply, const Position *pos, Score material, EvalSwitches on, Score lo,
                              Score hi)
{
    /* E13: a bare king on one side is the material signature of every basic endgame. */
    if (on.endgames && (pos->material[WHITE] == 0 || pos->material[BLACK] == 0)) {
        int bonus = 0;
        if (endgame_recognise(pos, &bonus) == ENDGAME_DRAW) return SCORE_DRAW;
        material += bonus;
    }
    if (on.piece_values) material += eval_piece_values(&line->counts[ply], pos);
    if (!on.positional) return material;
    if (material + POSITIONAL_BOUND <= lo) return material + POSITIONAL_BOUND;
    if (material - POSITIONAL_BOUND >= hi) return material - POSITIONAL_BOUND;
    return material + eval_positional(eval_line_state(line, ply), &line->counts[ply], pos, line->structures);
}
/* Whether the counts and a state agree with a computation from scratch (the debug check). */
bool eval_counts_ok(const EvalCounts *counts, const Position *pos);
bool eval_state_ok(const EvalState *state, const Position *pos);

#endif
