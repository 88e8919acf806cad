/* eval.c - TECH-modern's leaf (docs/SPEC.md §10): material plus E11's positional term, kept
 * incrementally within the tree ("a method of doing some incremental positional updating
 * within the tree" [P, "The Future of Technology Programming"]), E12's variable piece values
 * and E13's basic endgames (endgame.c).
 *
 * E11's terms are those of E10's whole-board assessment (positional_expanded.c) that the tree
 * can keep without looking at the board: what depends on one man's square (piece-square sums,
 * middle game and endgame, updated move by move), what depends on the pawns and on the kings'
 * shelter zones (computed when they change, and kept in a table by their key:
 * eval_structure.c), and a few look-ups at the leaf (rooks' files, castling rights). The sums
 * are blended by the phase. Mobility and the attacks on the king, which need the board
 * scanned, stay at the root (E10).
 *
 * Every make keeps the few counts every leaf needs (the phase, E12's pawns and bishops by
 * square colour). E11's sums are needed only by a leaf that its bound cannot settle, so the
 * line's moves are recorded and a leaf brings the sums up to date from the nearest ply above it
 * that has them: each ply's update is still done at most once per node, and never for the
 * nodes (most of them) whose leaves are all settled by material. */
#include "eval.h"

#include <pthread.h>
#include <string.h>

#include "endgame.h"
#include "eval_structure.h"
#include "positional_common.h"

/* [C] E10's weights for the features that depend on one man's square (positional_expanded.c),
 * middle game and endgame, per unit. Centrality is TECH's Fig. 5 less its middle value 4. */
enum { CENTRE_OFFSET = 4 };
typedef struct {
    int mg, eg;
} Weight;
static const Weight CENTRE_WEIGHT[PIECE_TYPE_NB] = {
    [KNIGHT] = {5, 3},
    [BISHOP] = {2, 2},
    [QUEEN] = {1, 2},
    [KING] = {0, 8},
};
/* Pawns: a c-, d-, e- or f-pawn's steps from home (at most 3) times its file's weight, in the
 * middle game; every pawn's ranks from home in the endgame. */
static const int PAWN_FILE_WEIGHT[8] = {0, 0, 1, 2, 2, 1, 0, 0};
enum { PAWN_CENTRE_MG = 5, PAWN_CENTRE_STEPS_MAX = 3, PAWN_ADVANCE_EG = 3 };
/* The middle-game king: on its first rank on a wing (files a-c, g-h), on its second, beyond. */
enum { KING_HOME_WING_MG = 25, KING_SECOND_RANK_MG = -10, KING_ADVANCED_MG = -30 };
/* A knight or bishop still on its home square of the game's start array (minors_home_balance). */
enum { MINOR_HOME_MG = -12 };
/* A rook on a file without pawns, without own pawns; a castling right kept (middle game). */
enum { ROOK_OPEN_MG = 20, ROOK_OPEN_EG = 10, ROOK_HALF_OPEN_MG = 10, ROOK_HALF_OPEN_EG = 5, CASTLING_RIGHT_MG = 5 };

/* [C] E12's two bishops: E10's weights (BISHOP_PAWN_COLOUR, the good and bad bishops, is in
 * eval.h). */
enum { BISHOP_PAIR_MG = 25, BISHOP_PAIR_EG = 45 };

/* The piece-square values (Black's negated: the sums are White minus Black), square colours, the
 * phase's weights, and each king's shelter zone - all the structure terms need to know of a
 * king: 0 where it has no shield (king_sheltered), else 1 + its file + 8 x its rank (0 or 1)
 * seen from its side - with a Zobrist key per zone. */
EvalTables eval_tables;
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
    }
    return w;
}

/* The middle-game and endgame values blended by the phase (rounding toward zero, so that a
 * position and its mirror give exactly opposite values). */
static int taper(int mg, int eg, int phase) { return (mg * phase + eg * (EVAL_PHASE_FULL - phase)) / EVAL_PHASE_FULL; }

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
        for (int z = 0; z < KING_ZONE_NB; z++) eval_tables.zone_key[c][z] = next_key(&seed);
        for (int rank = 0; rank < 8; rank++)
            for (int file = 0; file < 8; file++) {
                int rel = c == WHITE ? rank : 7 - rank;
                eval_tables.king_zone[c][square_make(file, rank)] =
                    (uint8_t)(king_sheltered(file, rel) ? 1 + file + 8 * rel : 0);
            }
    }
}

static void tables_fill(void)
{
    static const int8_t PHASE_WEIGHT[PIECE_TYPE_NB] = {[KNIGHT] = 1, [BISHOP] = 1, [ROOK] = 2, [QUEEN] = 4};
    memcpy(eval_tables.phase_weight, PHASE_WEIGHT, sizeof PHASE_WEIGHT);
    zones_fill();
    for (int phase = 0; phase <= EVAL_PHASE_FULL; phase++)
        eval_tables.bishop_pair[phase] = (int16_t)taper(BISHOP_PAIR_MG, BISHOP_PAIR_EG, phase);
    for (int rank = 0; rank < 8; rank++)
        for (int file = 0; file < 8; file++) {
            Square sq = square_make(file, rank);
            eval_tables.light[sq] = square_is_light(sq);
        }
    for (PieceType t = PAWN; t <= KING; t++)
        for (int rank = 0; rank < 8; rank++)
            for (int file = 0; file < 8; file++) {
                Weight w = square_value(t, file, rank);
                Square white_sq = square_make(file, rank), black_sq = square_make(file, 7 - rank);
                eval_tables.psq[t + 6][white_sq] = (SquareValue){(int16_t)w.mg, (int16_t)w.eg};
                eval_tables.psq[-t + 6][black_sq] = (SquareValue){(int16_t)-w.mg, (int16_t)-w.eg};
            }
}

static uint64_t structure_key_of(const Position *pos)
{
    uint64_t key = 0;
    for (Color c = BLACK; c <= WHITE; c++) {
        for (int i = 0; i < pos->count[c][PAWN]; i++) key ^= zobrist_piece(piece_make(c, PAWN), pos->men[c][PAWN][i]);
        key ^= eval_tables.zone_key[c][eval_tables.king_zone[c][position_king(pos, c)]];
    }
    return key;
}

static inline void psq_move(EvalState *s, Piece p, Square from, Square to)
{
    const SquareValue a = eval_tables.psq[p + 6][from], b = eval_tables.psq[p + 6][to];
    s->psq_mg += b.mg - a.mg;
    s->psq_eg += b.eg - a.eg;
}

static inline void psq_remove(EvalState *s, Piece p, Square sq) { psq_move(s, p, sq, SQ_NONE); }

void eval_counts_init(EvalCounts *counts, const Position *pos)
{
    pthread_once(&tables_once, tables_fill);
    memset(counts, 0, sizeof *counts);
    for (Color c = BLACK; c <= WHITE; c++) {
        for (PieceType t = KNIGHT; t <= QUEEN; t++)
            counts->phase += (int8_t)(eval_tables.phase_weight[t] * pos->count[c][t]);
        for (int i = 0; i < pos->count[c][PAWN]; i++)
            counts->pawns_on_light[c] += eval_tables.light[pos->men[c][PAWN][i]];
        for (int i = 0; i < pos->count[c][BISHOP]; i++)
            counts->bishops_on_light[c] += eval_tables.light[pos->men[c][BISHOP][i]];
    }
}

void eval_state_init(EvalState *state, const Position *pos)
{
    pthread_once(&tables_once, tables_fill);
    memset(state, 0, sizeof *state);
    for (Color c = BLACK; c <= WHITE; c++)
        for (PieceType t = PAWN; t <= KING; t++)
            for (int i = 0; i < pos->count[c][t]; i++) psq_move(state, piece_make(c, t), SQ_NONE, pos->men[c][t][i]);
    state->structure_key = structure_key_of(pos);
    state->structure_known = false;
}

void eval_line_init(EvalLine *line, const Position *pos)
{
    eval_counts_init(&line->counts[0], pos);
    eval_state_init(&line->state[0], pos);
    line->ready[0] = true;
}

void eval_line_copy_root(EvalLine *dst, const EvalLine *src)
{
    dst->counts[0] = src->counts[0];
    dst->state[0] = src->state[0];
    dst->ready[0] = src->ready[0];
}

void eval_state_make(EvalState *child, const EvalState *parent, const LineMove *lm)
{
    const EvalTables *t = &eval_tables;
    *child = *parent;
    const Move m = lm->move;
    const Color us = lm->side;
    const Square from = move_from(m), to = move_to(m);
    const Square dest = move_is_castle(m) ? castling_king_to(m) : to; /* the mover's square after it */
    const Piece mover = lm->mover;
    psq_move(child, mover, from, dest);
    uint64_t key = child->structure_key;
    if (piece_type(mover) == PAWN) key ^= zobrist_piece(mover, from) ^ zobrist_piece(mover, to);
    else if (piece_type(mover) == KING)
        key ^= t->zone_key[us][t->king_zone[us][from]] ^ t->zone_key[us][t->king_zone[us][dest]];
    if (move_is_capture(m)) {
        const Square victim_sq = move_is_en_passant(m) ? to - pawn_push(us) : to;
        const Piece victim = piece_make(!us, move_captured(m));
        psq_remove(child, victim, victim_sq);
        if (move_captured(m) == PAWN) key ^= zobrist_piece(victim, victim_sq);
    }
    if (move_is_promotion(m)) {
        psq_remove(child, mover, to);
        psq_move(child, piece_make(us, move_promotion(m)), SQ_NONE, to);
        key ^= zobrist_piece(mover, to);
    } else if (move_is_castle(m)) {
        psq_move(child, piece_make(us, ROOK), to, castling_rook_to(m));
    }
    if (key != child->structure_key) {
        child->structure_key = key;
        child->structure_known = false;
    }
}

EvalState *eval_line_state(EvalLine *line, int ply)
{
    int ready = ply;
    while (!line->ready[ready]) ready--; /* ply 0, the root, is always ready */
    for (; ready < ply; ready++) {
        eval_state_make(&line->state[ready + 1], &line->state[ready], &line->moves[ready]);
        line->ready[ready + 1] = true;
    }
    return &line->state[ply];
}

/* The pawns' and kings' terms of the state, from the table or computed. */
static void structure_fill(EvalState *state, const Position *pos, StructureEntry *table)
{
    if (state->structure_known) return;
    StructureEntry local, *entry = table ? &table[state->structure_key & (STRUCTURE_TABLE_SIZE - 1)] : &local;
    if (!table || entry->key != state->structure_key) {
        structure_compute(pos, entry);
        entry->key = state->structure_key;
    }
    state->structure_mg = entry->mg;
    state->structure_eg = entry->eg;
    memcpy(state->pawn_files, entry->pawn_files, sizeof state->pawn_files);
    state->structure_known = true;
}

/* White's knights and bishops on their home squares of the game's start array, less Black's
 * (a term of its own, not of the piece-square table: the squares are the game's, docs/SPEC.md §10). */
static int minors_home_balance(const Position *pos)
{
    int balance = 0;
    for (int i = 0; i < START_ARRAY_MINORS; i++) {
        const int file = pos->home.minor_file[i];
        const PieceType t = pos->home.minor_type[i];
        balance += (pos->board[start_array_home(WHITE, file)] == piece_make(WHITE, t))
                   - (pos->board[start_array_home(BLACK, file)] == piece_make(BLACK, t));
    }
    return balance;
}

/* White's castling rights minus Black's, by the castling bits. */
static int castling_balance(uint8_t rights)
{
    return ((rights & CASTLE_WK) != 0) + ((rights & CASTLE_WQ) != 0) - ((rights & CASTLE_BK) != 0)
           - ((rights & CASTLE_BQ) != 0);
}

int eval_positional(EvalState *state, const EvalCounts *counts, const Position *pos, StructureEntry *table)
{
    structure_fill(state, pos, table);
    int mg = state->psq_mg + state->structure_mg + CASTLING_RIGHT_MG * castling_balance(pos->castling)
             + MINOR_HOME_MG * minors_home_balance(pos);
    int eg = state->psq_eg + state->structure_eg;
    for (Color c = BLACK; c <= WHITE; c++)
        for (int i = 0; i < pos->count[c][ROOK]; i++) {
            unsigned file = 1u << square_file(pos->men[c][ROOK][i]);
            if (state->pawn_files[c] & file) continue;
            bool open = !(state->pawn_files[!c] & file);
            mg += color_sign(c) * (open ? ROOK_OPEN_MG : ROOK_HALF_OPEN_MG);
            eg += color_sign(c) * (open ? ROOK_OPEN_EG : ROOK_HALF_OPEN_EG);
        }
    int v = taper(mg, eg, eval_blend_phase(counts));
    if (POSITIONAL_PERCENT != 100) v = v * POSITIONAL_PERCENT / 100;
    return v > POSITIONAL_BOUND ? POSITIONAL_BOUND : v < -POSITIONAL_BOUND ? -POSITIONAL_BOUND : v;
}

bool eval_counts_ok(const EvalCounts *counts, const Position *pos)
{
    EvalCounts fresh;
    eval_counts_init(&fresh, pos);
    return memcmp(&fresh, counts, sizeof fresh) == 0;
}

bool eval_state_ok(const EvalState *state, const Position *pos)
{
    EvalState fresh;
    eval_state_init(&fresh, pos);
    if (fresh.psq_mg != state->psq_mg || fresh.psq_eg != state->psq_eg || fresh.structure_key != state->structure_key)
        return false;
    if (!state->structure_known) return true;
    StructureEntry entry;
    structure_compute(pos, &entry);
    return entry.mg == state->structure_mg && entry.eg == state->structure_eg
           && memcmp(entry.pawn_files, state->pawn_files, sizeof entry.pawn_files) == 0;
}
