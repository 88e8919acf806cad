/* eval.h - TECH-modern's knowledge below the root (docs/SPEC.md §10, E11-E13): a positional
 * score kept incrementally by make/unmake inside the tree (E11), variable piece values (E12),
 * the basic endgames (E13, endgame.h). A leaf is worth its material plus these terms. */
#ifndef TECH_EVAL_H
#define TECH_EVAL_H

#include "board.h"

/* [C] E11's positional term is held to +/- this much at a leaf. Two leaves' positional terms
 * then differ by at most 196: more than a pawn (100, 120 or 190 in TECH's general endgame,
 * §5.8), so the tree can give "a small amount of material for significant positional
 * advantages", and less than the least a minor piece is ever worth in the tree (330 x 0.6 =
 * 198 under §5.8's trade-down floor), so it never gives a piece for position. */
enum { POSITIONAL_BOUND = 98 };

/* [C] The game phase, E10's: knight and bishop 1, rook 2, queen 4; 24 (or more after a
 * promotion, counted as 24) is the middle game, 0 a pawn ending. */
enum { EVAL_PHASE_FULL = 24 };

/* The incremental part of a leaf's knowledge, one per ply (Search.eval[]), White minus Black.
 * eval_make() derives the child's from the parent's and the move. */
typedef struct {
    int psq_mg, psq_eg;          /* piece-square sums, middle game and endgame */
    int phase;                   /* pieces left by EVAL_PHASE_FULL's weights */
    uint8_t pawns_on_light[COLOR_NB];   /* E12: pawns on light squares, per colour */
    uint8_t bishops_on_light[COLOR_NB]; /* E12: bishops on light squares, per colour */
    uint64_t structure_key;      /* Zobrist key of the pawns and of the kings' shelter zones */
    bool structure_known;        /* the fields below are those of structure_key */
    int16_t structure_mg, structure_eg; /* pawn structure and king shelter */
    uint8_t pawn_files[COLOR_NB];       /* bit f: colour c has a pawn on file f */
} EvalState;

/* The pawn structure and king shelter of a position, cached by its structure key in a table
 * of each search's own: they depend on nothing else, so an entry stays right for ever. */
typedef struct {
    uint64_t key;
    int16_t mg, eg;
    uint8_t pawn_files[COLOR_NB];
} StructureEntry;

enum { STRUCTURE_TABLE_SIZE = 1 << 12 };
typedef struct {
    StructureEntry entries[STRUCTURE_TABLE_SIZE];
} StructureTable;

/* Which of the leaf's terms are on (the E11, E12 and E13 switches). */
typedef struct {
    bool positional;             /* E11 */
    bool piece_values;           /* E12 */
    bool endgames;               /* E13 */
} EvalSwitches;

/* The state of `pos` computed from scratch (the root of a search, and the debug check). */
void eval_state_init(EvalState *state, const Position *pos);
/* The child's state: `parent` is that of `pos`, on which `m` is about to be made. */
void eval_make(EvalState *child, const EvalState *parent, const Position *pos, Move m);
/* The leaf's value, White minus Black: `material` (the search's revalued counter) plus the
 * switched-on terms. `state` is that of pos; its structure is filled in if not yet known.
 * (lo, hi) is the window the caller compares the value with, from White's view: when the
 * material and E12 alone put the value beyond it by more than E11's bound, E11's term cannot
 * bring it back, and the value returned is that bound (lo or below, hi or above) instead of
 * the exact value: the caller's comparison comes out the same either way. */
Score eval_leaf(EvalState *state, const Position *pos, Score material, EvalSwitches on, StructureTable *table,
                Score lo, Score hi);
/* The leaf's positional term alone (E11, bounded), White minus Black, for tests and tools. */
int eval_positional(EvalState *state, const Position *pos, StructureTable *table);
/* Whether the incremental state agrees with a from-scratch computation (debug check). */
bool eval_state_ok(const EvalState *state, const Position *pos);

#endif
