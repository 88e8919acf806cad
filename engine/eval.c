/* eval.c - TECH-modern's leaf (docs/SPEC.md §10): material plus E11's positional term, kept
 * incrementally within the tree ("a method of doing some incremental positional updating
 * within the tree" [P, "The Future of Technology Programming"]), E12's variable piece values
 * and E13's basic endgames (endgame.c).
 *
 * E11's terms are those of E10's whole-board assessment (positional_expanded.c) that the tree
 * can keep without looking at the board: what depends on one man's square (a piece-square
 * table, middle game and endgame, summed by make/unmake), what depends on the pawns and on the
 * kings' shelter zones (computed when they change, and kept in a table by their key:
 * eval_structure.c),
 * and a few look-ups at the leaf (rooks' files, castling rights). The middle-game and endgame
 * sums are blended by the phase, which make/unmake also keep. Mobility and the attacks on the
 * king, which need the board scanned, stay at the root (E10). */
#include "eval.h"

#include <assert.h>
#include <pthread.h>
#include <string.h>

#include "endgame.h"
#include "eval_structure.h"
#include "positional_common.h"

static const int PHASE_WEIGHT[PIECE_TYPE_NB] = {[KNIGHT] = 1, [BISHOP] = 1, [ROOK] = 2, [QUEEN] = 4};

/* [C] E10's weights for the features that depend on one man's square (positional_expanded.c),
 * middle game and endgame, per unit. Centrality is TECH's Fig. 5 less its middle value 4. */
enum { CENTRE_OFFSET = 4 };
typedef struct {
    int mg, eg;
} Weight;
static const Weight CENTRE_WEIGHT[PIECE_TYPE_NB] = {
    [KNIGHT] = {5, 3}, [BISHOP] = {2, 2}, [QUEEN] = {1, 2}, [KING] = {0, 8},
};
/* Pawns: a c-, d-, e- or f-pawn's steps from home (at most 3) times its file's weight, in the
 * middle game; every pawn's ranks from home in the endgame. */
static const int PAWN_FILE_WEIGHT[8] = {0, 0, 1, 2, 2, 1, 0, 0};
enum { PAWN_CENTRE_MG = 5, PAWN_CENTRE_STEPS_MAX = 3, PAWN_ADVANCE_EG = 3 };
/* The middle-game king: on its first rank on a wing (files a-c, g-h), on its second, beyond. */
enum { KING_HOME_WING_MG = 25, KING_SECOND_RANK_MG = -10, KING_ADVANCED_MG = -30 };
/* A knight or bishop still on its first square. */
enum { MINOR_HOME_MG = -12 };
/* A rook on a file without pawns, without own pawns; a castling right kept (middle game). */
enum { ROOK_OPEN_MG = 20, ROOK_OPEN_EG = 10, ROOK_HALF_OPEN_MG = 10, ROOK_HALF_OPEN_EG = 5, CASTLING_RIGHT_MG = 5 };

/* [C] E12, variable piece values: the report's "good bishops" and "bad bishops" - a bishop
 * gains this much for each own pawn on the other colour of squares than its own, and loses as
 * much for each on its own colour (they block it); and E10's weights for the two bishops. */
enum { BISHOP_PAWN_COLOUR = 4, BISHOP_PAIR_MG = 25, BISHOP_PAIR_EG = 45 };

/* Piece-square tables by piece code + 6 (Black's negated: the sums are White minus Black). */
static int16_t psq_mg[13][BOARD_SIZE], psq_eg[13][BOARD_SIZE];
/* A king's shelter zone, all the structure terms need to know of it: 0 where it has no shield
 * (king_sheltered), else 1 + its file + 8 x its rank (0 or 1) seen from its side. */
enum { ZONE_NB = 17 };
static uint8_t king_zone[COLOR_NB][BOARD_SIZE];
static uint64_t zone_key[COLOR_NB][ZONE_NB];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* One man's square value for White, on rank `rank` (0 = White's first) and `file`. */
static Weight square_value(PieceType t, int file, int rank)
{
    Weight w = {0, 0};
    const int centre = presort_centre(square_make(file, rank)) - CENTRE_OFFSET;
    w.mg = CENTRE_WEIGHT[t].mg * centre;
    w.eg = CENTRE_WEIGHT[t].eg * centre;
    if (t == PAWN) {
        int steps = rank - 1 < PAWN_CENTRE_STEPS_MAX ? rank - 1 : PAWN_CENTRE_STEPS_MAX;
        w.mg = PAWN_CENTRE_MG * PAWN_FILE_WEIGHT[file] * steps;
        w.eg = PAWN_ADVANCE_EG * (rank - 1);
    } else if (t == KING) {
        bool wing = file <= 2 || file >= 6;
        w.mg = rank == 0 ? (wing ? KING_HOME_WING_MG : 0) : rank == 1 ? KING_SECOND_RANK_MG : KING_ADVANCED_MG;
    } else if (rank == 0 && ((t == KNIGHT && (file == 1 || file == 6)) || (t == BISHOP && (file == 2 || file == 5)))) {
        w.mg += MINOR_HOME_MG;
    }
    return w;
}

/* SplitMix64 with a seed of its own: the zone keys, fixed from run to run. */
static uint64_t next_key(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void zones_fill(void)
{
    uint64_t seed = 0xE11E11ull;
    for (Color c = BLACK; c <= WHITE; c++) {
        for (int z = 0; z < ZONE_NB; z++) zone_key[c][z] = next_key(&seed);
        for (int rank = 0; rank < 8; rank++)
            for (int file = 0; file < 8; file++) {
                int rel = c == WHITE ? rank : 7 - rank;
                king_zone[c][square_make(file, rank)] = (uint8_t)(king_sheltered(file, rel) ? 1 + file + 8 * rel : 0);
            }
    }
}

static void tables_fill(void)
{
    zones_fill();
    for (PieceType t = PAWN; t <= KING; t++)
        for (int rank = 0; rank < 8; rank++)
            for (int file = 0; file < 8; file++) {
                Weight w = square_value(t, file, rank);
                Square white_sq = square_make(file, rank), black_sq = square_make(file, 7 - rank);
                psq_mg[t + 6][white_sq] = (int16_t)w.mg;
                psq_eg[t + 6][white_sq] = (int16_t)w.eg;
                psq_mg[-t + 6][black_sq] = (int16_t)-w.mg;
                psq_eg[-t + 6][black_sq] = (int16_t)-w.eg;
            }
}

static inline void psq_add(EvalState *s, Piece p, Square sq)
{
    s->psq_mg += psq_mg[p + 6][sq];
    s->psq_eg += psq_eg[p + 6][sq];
}

static inline void psq_sub(EvalState *s, Piece p, Square sq)
{
    s->psq_mg -= psq_mg[p + 6][sq];
    s->psq_eg -= psq_eg[p + 6][sq];
}

static uint64_t structure_key_of(const Position *pos)
{
    uint64_t key = 0;
    for (Color c = BLACK; c <= WHITE; c++) {
        for (int i = 0; i < pos->count[c][PAWN]; i++) key ^= zobrist_piece(piece_make(c, PAWN), pos->men[c][PAWN][i]);
        key ^= zone_key[c][king_zone[c][position_king(pos, c)]];
    }
    return key;
}

void eval_state_init(EvalState *state, const Position *pos)
{
    pthread_once(&tables_once, tables_fill);
    memset(state, 0, sizeof *state);
    for (Color c = BLACK; c <= WHITE; c++)
        for (PieceType t = PAWN; t <= KING; t++)
            for (int i = 0; i < pos->count[c][t]; i++) {
                Square sq = pos->men[c][t][i];
                psq_add(state, piece_make(c, t), sq);
                state->phase += PHASE_WEIGHT[t];
                if (t == PAWN) state->pawns_on_light[c] += square_is_light(sq);
                if (t == BISHOP) state->bishops_on_light[c] += square_is_light(sq);
            }
    state->structure_key = structure_key_of(pos);
    state->structure_known = false;
}

void eval_make(EvalState *child, const EvalState *parent, const Position *pos, Move m)
{
    *child = *parent;
    const Color us = pos->side;
    const Square from = move_from(m), to = move_to(m);
    const Piece mover = pos->board[from];
    psq_sub(child, mover, from);
    psq_add(child, mover, to);
    uint64_t key = child->structure_key;
    if (piece_type(mover) == PAWN) {
        key ^= zobrist_piece(mover, from) ^ zobrist_piece(mover, to);
        child->pawns_on_light[us] += square_is_light(to) - square_is_light(from);
    } else if (piece_type(mover) == KING) {
        key ^= zone_key[us][king_zone[us][from]] ^ zone_key[us][king_zone[us][to]];
    }
    if (move_is_capture(m)) {
        const PieceType taken = move_captured(m);
        const Square victim_sq = move_is_en_passant(m) ? to - pawn_push(us) : to;
        const Piece victim = piece_make(!us, taken);
        psq_sub(child, victim, victim_sq);
        child->phase -= PHASE_WEIGHT[taken];
        if (taken == PAWN) {
            key ^= zobrist_piece(victim, victim_sq);
            child->pawns_on_light[!us] -= square_is_light(victim_sq);
        } else if (taken == BISHOP) {
            child->bishops_on_light[!us] -= square_is_light(victim_sq);
        }
    }
    if (move_is_promotion(m)) {
        const PieceType promotion = move_promotion(m);
        psq_sub(child, mover, to);
        psq_add(child, piece_make(us, promotion), to);
        child->phase += PHASE_WEIGHT[promotion];
        key ^= zobrist_piece(mover, to);
        child->pawns_on_light[us] -= square_is_light(to);
        if (promotion == BISHOP) child->bishops_on_light[us] += square_is_light(to);
    } else if (move_is_castle(m)) {
        const Square rook_from = to > from ? from + 3 : from - 4, rook_to = to > from ? from + 1 : from - 1;
        const Piece rook = piece_make(us, ROOK);
        psq_sub(child, rook, rook_from);
        psq_add(child, rook, rook_to);
    }
    if (key != child->structure_key) {
        child->structure_key = key;
        child->structure_known = false;
    }
}

/* The pawns' and kings' terms of the state, from the table or computed. */
static void structure_fill(EvalState *state, const Position *pos, StructureTable *table)
{
    if (state->structure_known) return;
    StructureEntry local, *entry = table ? &table->entries[state->structure_key & (STRUCTURE_TABLE_SIZE - 1)] : &local;
    if (!table || entry->key != state->structure_key) {
        structure_compute(pos, entry);
        entry->key = state->structure_key;
    }
    state->structure_mg = entry->mg;
    state->structure_eg = entry->eg;
    memcpy(state->pawn_files, entry->pawn_files, sizeof state->pawn_files);
    state->structure_known = true;
}

static int phase_of_state(const EvalState *state)
{
    return state->phase < EVAL_PHASE_FULL ? state->phase : EVAL_PHASE_FULL;
}

/* The middle-game and endgame values blended by the phase (rounding toward zero, so that a
 * position and its mirror give exactly opposite values). */
static int taper(int mg, int eg, int phase) { return (mg * phase + eg * (EVAL_PHASE_FULL - phase)) / EVAL_PHASE_FULL; }

/* White's castling rights minus Black's, by the castling bits. */
static int castling_balance(uint8_t rights)
{
    return ((rights & CASTLE_WK) != 0) + ((rights & CASTLE_WQ) != 0) - ((rights & CASTLE_BK) != 0)
         - ((rights & CASTLE_BQ) != 0);
}

int eval_positional(EvalState *state, const Position *pos, StructureTable *table)
{
    structure_fill(state, pos, table);
    int mg = state->psq_mg + state->structure_mg + CASTLING_RIGHT_MG * castling_balance(pos->castling);
    int eg = state->psq_eg + state->structure_eg;
    for (Color c = BLACK; c <= WHITE; c++)
        for (int i = 0; i < pos->count[c][ROOK]; i++) {
            unsigned file = 1u << square_file(pos->men[c][ROOK][i]);
            if (state->pawn_files[c] & file) continue;
            bool open = !(state->pawn_files[!c] & file);
            mg += color_sign(c) * (open ? ROOK_OPEN_MG : ROOK_HALF_OPEN_MG);
            eg += color_sign(c) * (open ? ROOK_OPEN_EG : ROOK_HALF_OPEN_EG);
        }
    int v = taper(mg, eg, phase_of_state(state));
    return v > POSITIONAL_BOUND ? POSITIONAL_BOUND : v < -POSITIONAL_BOUND ? -POSITIONAL_BOUND : v;
}

/* E12: what the bishops are worth more or less than their base value, White minus Black. A
 * bishop's units are the own pawns on the other colour of squares less those on its own; from
 * the counts by colour, summed over the bishops on light and on dark squares. */
static int piece_value_terms(const EvalState *state, const Position *pos)
{
    int mg = 0, eg = 0;
    for (Color c = BLACK; c <= WHITE; c++) {
        const int sign = color_sign(c), pawns = pos->count[c][PAWN], bishops = pos->count[c][BISHOP];
        const int light_pawns = state->pawns_on_light[c], light_bishops = state->bishops_on_light[c];
        const int units = light_bishops * (pawns - 2 * light_pawns)
                        + (bishops - light_bishops) * (pawns - 2 * (pawns - light_pawns));
        mg += sign * BISHOP_PAWN_COLOUR * units;
        eg += sign * BISHOP_PAWN_COLOUR * units;
        if (bishops >= 2) {
            mg += sign * BISHOP_PAIR_MG;
            eg += sign * BISHOP_PAIR_EG;
        }
    }
    return taper(mg, eg, phase_of_state(state));
}

Score eval_leaf(EvalState *state, const Position *pos, Score material, EvalSwitches on, StructureTable *table,
                Score lo, Score hi)
{
    /* E13: a bare king on one side is the material signature of every basic endgame. */
    if (on.endgames && (pos->material[WHITE] == 0 || pos->material[BLACK] == 0)) {
        int bonus = 0;
        if (endgame_recognise(pos, &bonus) == ENDGAME_DRAW) return SCORE_DRAW;
        material += bonus;
    }
    if (on.piece_values) material += piece_value_terms(state, pos);
    if (!on.positional) return material;
    if (material + POSITIONAL_BOUND <= lo) return material + POSITIONAL_BOUND;
    if (material - POSITIONAL_BOUND >= hi) return material - POSITIONAL_BOUND;
    return material + eval_positional(state, pos, table);
}

bool eval_state_ok(const EvalState *state, const Position *pos)
{
    EvalState fresh;
    eval_state_init(&fresh, pos);
    if (fresh.psq_mg != state->psq_mg || fresh.psq_eg != state->psq_eg || fresh.phase != state->phase
        || fresh.structure_key != state->structure_key
        || memcmp(fresh.pawns_on_light, state->pawns_on_light, sizeof fresh.pawns_on_light) != 0
        || memcmp(fresh.bishops_on_light, state->bishops_on_light, sizeof fresh.bishops_on_light) != 0)
        return false;
    if (!state->structure_known) return true;
    StructureEntry entry;
    structure_compute(pos, &entry);
    return entry.mg == state->structure_mg && entry.eg == state->structure_eg
        && memcmp(entry.pawn_files, state->pawn_files, sizeof entry.pawn_files) == 0;
}
