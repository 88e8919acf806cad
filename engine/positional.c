/* positional.c - the root pre-sort (docs/SPEC.md §5, §6): phase detection, each root move scored
 * by its phase's scorer (positional_opening.c, positional_endgame.c, positional_expanded.c, with
 * the helpers of positional_common.c), sorting in board order with repetition demotion, and the
 * material re-valuation (§5.8). */
#include "positional.h"

#include <string.h>

#include "makemove.h"
#include "positional_common.h"
#include "rules.h"

/* docs/SPEC.md §5.1 [P value; R whose material]: the middle game "continues until one side has less
 * than 1950 points worth of material" - TECH's side (docs/FIDELITY.md §4: the plain "either side"
 * loses four moves of Game 1 and gains none anywhere). */
enum { MIDDLEGAME_MATERIAL_MIN = 1950 };
/* docs/SPEC.md §5.1 [C] and §5.8 [P]: "ahead" means a lead of at least 200 in base material. */
enum { MATERIAL_LEAD_MIN = 200 };
/* docs/SPEC.md §5.8 [P]: TECH's pieces never drop below 0.6 of their value when trading down;
 * integer per-mille arithmetic [C]. */
enum { TRADE_DOWN_FLOOR_PERMILLE = 600, PERMILLE = 1000 };
/* docs/SPEC.md §5.8 [P]: in the general endgame "The material value of a pawn is raised from 100
 * to 120; if TECH has 2 or less pawns, they are worth 190 each" - 120 for every pawn, 190 for
 * TECH's own when it has 2 or fewer. */
enum { ENDGAME_PAWN_VALUE = 120, ENDGAME_FEW_PAWNS_VALUE = 190, ENDGAME_FEW_PAWNS_MAX = 2 };

const char *const reading_names[READING_NB + 1] = {
    [READING_REPORT] = "report",
    [READING_PUSH_AS_PRINTED] = "push-as-printed",
    [READING_SUPPORT_BY_ANY_MAN] = "support-by-any-man",
    [READING_CENTRE_CAPTURE_ANY_MAN] = "centre-capture-any-man",
    [READING_PHASE_EITHER_SIDE] = "phase-either-side",
    [READING_REPETITION_ANY] = "repetition-any",
    [READING_REPETITION_OWN_MOVE] = "repetition-own-move",
    [READING_PAWNS_190_BOTH_SIDES] = "pawns-190-both-sides",
    [READING_ROOK_BEHIND_ROOK_SIDE] = "rook-behind-rook-side",
    [READING_MIDDLEGAME_KING_PLUS_ONE] = "middlegame-king-plus-one",
    [READING_KING_FIELD_PAWNS] = "king-field-pawns",
    [READING_PIECE_CAPTURE_OF_PIECE] = "piece-capture-of-piece",
    [READING_AHEAD_BY_200] = "ahead-by-200",
    [READING_NB] = NULL,
};

const char *reading_name(Reading reading)
{
    return (unsigned)reading < READING_NB ? reading_names[reading] : "unknown";
}

static const char *const PHASE_NAMES[PHASE_NB] = {
    [PHASE_OPENING] = "opening", [PHASE_MIDDLEGAME] = "middle game",  [PHASE_PAWN_ENDGAME] = "pawn endgame",
    [PHASE_MATING] = "mating",   [PHASE_ENDGAME] = "general endgame",
};

/* Non-king, non-pawn men of colour c. */
static int piece_count(const Position *pos, Color c)
{
    return pos->count[c][KNIGHT] + pos->count[c][BISHOP] + pos->count[c][ROOK] + pos->count[c][QUEEN];
}

/* The phase under one reading of the rules (READING_PHASE_EITHER_SIDE changes it). */
static Phase phase_of_reading(const Position *pos, bool move_number_known, Reading reading)
{
    const Color us = pos->side, them = !pos->side;
    /* The endgames are told apart by the kind of material left, so they are tested first: a
     * position that meets one of them is past the opening and the middle game whatever its
     * move number. */
    /* 1. Endgame with pawns [C]: kings and pawns only. */
    if (piece_count(pos, us) + piece_count(pos, them) == 0) return PHASE_PAWN_ENDGAME;
    /* 2. Endgame with pieces [C]: no pawns, TECH has a piece and leads by at least 200. */
    if (pos->count[us][PAWN] + pos->count[them][PAWN] == 0 && piece_count(pos, us) > 0
        && pos->material[us] - pos->material[them] >= MATERIAL_LEAD_MIN)
        return PHASE_MATING;
    /* 3. General endgame [R]: TECH has less than 1950 - the opponent's material does not end
     * TECH's middle game (Game 1, moves 26-39: COKO below 1950, TECH still playing middle-game
     * moves). */
    if (pos->material[us] < MIDDLEGAME_MATERIAL_MIN) return PHASE_ENDGAME;
    if (reading == READING_PHASE_EITHER_SIDE && pos->material[them] < MIDDLEGAME_MATERIAL_MIN) return PHASE_ENDGAME;
    /* 4. Opening [P + C]: the first eight moves, if the position's move number is the game's. */
    if (move_number_known && pos->fullmove <= OPENING_LAST_MOVE) return PHASE_OPENING;
    /* 5. Middle game [P]: from the ninth move on. */
    return PHASE_MIDDLEGAME;
}

Phase phase_of(const Position *pos, bool move_number_known)
{
    return phase_of_reading(pos, move_number_known, READING_REPORT);
}

const char *phase_name(Phase phase) { return (unsigned)phase < PHASE_NB ? PHASE_NAMES[phase] : "unknown"; }

/* True if the move lets a position occur for the third time (§6): the position after it, or
 * after one of the opponent's replies, has occurred twice before in the game. [R] TECH avoided
 * a repetition only where it gave the opponent a draw: in Game 1 it played 36...R-KB1, back to
 * the position after 34...R-KB1, but "the position repetition mechanism" stopped 37...R-KB4,
 * after which 38.Q-K8ch would have made the third occurrence (note K). The game itself rules
 * out the two readings the text allows at first sight: barring every move back to an earlier
 * position bars 36...R-KB1 (a materially equal 36...Q-KB1 was there), and a third occurrence
 * counted after TECH's own move alone lets 37...R-KB4 through (docs/FIDELITY.md §4). */
static bool move_allows_threefold(Position *pos, Move m, Reading reading)
{
    /* The other readings (docs/FIDELITY.md §4): any earlier occurrence ("a previously untried
     * move"), or a third occurrence made by TECH's own move with no look at the reply. */
    const int earlier_occurrences = reading == READING_REPETITION_ANY ? 1 : 2;
    const bool look_ahead = reading != READING_REPETITION_ANY && reading != READING_REPETITION_OWN_MOVE;
    make_move(pos, m);
    bool threefold = repetition_count(pos) >= earlier_occurrences;
    if (!threefold && look_ahead) {
        MoveList replies;
        generate_legal(pos, &replies);
        for (int i = 0; i < replies.count && !threefold; i++) {
            make_move(pos, replies.moves[i]);
            threefold = repetition_count(pos) >= earlier_occurrences;
            unmake_move(pos);
        }
    }
    unmake_move(pos);
    return threefold;
}

/* Score one root move into *entry with the phase's terms. */
static void score_move(Position *pos, Phase phase, bool expanded, Reading reading, Move m, PresortEntry *entry)
{
    MoveContext ctx;
    ctx.pos = pos;
    ctx.move = m;
    ctx.from = move_from(m);
    ctx.to = move_is_castle(m) ? castling_king_to(m) : move_to(m); /* castling: the king's square */
    ctx.type = piece_type(pos->board[ctx.from]);
    ctx.us = pos->side;
    ctx.them = !pos->side;
    ctx.reading = reading;
    ctx.entry = entry;
    entry->move = m;
    entry->score = 0;
    entry->term_count = 0;
    if (expanded) {
        presort_score_expanded(&ctx);
        return;
    }
    switch (phase) {
    case PHASE_OPENING: presort_score_opening(&ctx); break;
    case PHASE_MIDDLEGAME: presort_score_middlegame(&ctx); break;
    case PHASE_PAWN_ENDGAME: presort_score_pawn_endgame(&ctx); break;
    case PHASE_MATING: presort_score_mating(&ctx); break;
    case PHASE_ENDGAME:
    case PHASE_NB: presort_score_general_endgame(&ctx); break;
    }
}

/* Rank of a promotion piece among equal moves: the queen first, as the generator has it. */
static int promotion_rank(Move m)
{
    static const int rank[PIECE_TYPE_NB] = {[QUEEN] = 0, [ROOK] = 1, [BISHOP] = 2, [KNIGHT] = 3};
    return move_is_promotion(m) ? rank[move_promotion(m)] : 0;
}

/* True if move a comes before move b in board order: the one from the lower-numbered
 * square of TECH's board (Fig. 2: a1 = 21 ... h8 = 98) first, then the one to the
 * lower-numbered square, then the queen promotion before the others. The order depends on
 * the position alone, never on how the game reached it (docs/FIDELITY.md, "One position, one
 * move"). [C] The paper says nothing of equal positional scores; where TECH's move ties
 * another materially best move at the top of the pre-sort (10 positions of the report's
 * games), this order picks TECH's in 9 (docs/FIDELITY.md, "One position, one move"). */
static bool board_order_before(Move a, Move b)
{
    if (move_from(a) != move_from(b)) return move_from(a) < move_from(b);
    if (move_to(a) != move_to(b)) return move_to(a) < move_to(b);
    return promotion_rank(a) < promotion_rank(b);
}

/* True if entry a belongs strictly before entry b: moves that do not allow a threefold
 * repetition first, then the higher score, then board order. */
static bool entry_before(const PresortEntry *a, const PresortEntry *b)
{
    if (a->repeats != b->repeats) return !a->repeats;
    if (a->score != b->score) return a->score > b->score;
    return board_order_before(a->move, b->move);
}

/* True if entry a belongs strictly before entry b in the order of a program without the
 * pre-sort: captures first, the most valuable victim first, then board order. */
static bool generation_before(const PresortEntry *a, const PresortEntry *b)
{
    if (a->score != b->score) return a->score > b->score;
    return board_order_before(a->move, b->move);
}

/* Insertion sort of the entries on a total order: the result does not depend on the order the
 * generator produced them in, which follows the piece lists and so the game's history. */
static void sort_entries(Presort *out, bool (*before)(const PresortEntry *, const PresortEntry *))
{
    for (int i = 1; i < out->count; i++) {
        PresortEntry entry = out->entries[i];
        int j = i;
        while (j > 0 && before(&entry, &out->entries[j - 1])) j--;
        memmove(&out->entries[j + 1], &out->entries[j], (size_t)(i - j) * sizeof entry);
        out->entries[j] = entry;
    }
}

void presort_root(Position *pos, bool move_number_known, bool expanded, Reading reading, Presort *out)
{
    MoveList legal;
    generate_legal(pos, &legal);
    out->phase = phase_of_reading(pos, move_number_known, reading);
    out->count = legal.count;
    for (int i = 0; i < legal.count; i++) {
        score_move(pos, out->phase, expanded, reading, legal.moves[i], &out->entries[i]);
        out->entries[i].repeats = move_allows_threefold(pos, legal.moves[i], reading);
    }
    sort_entries(out, entry_before);
}

void presort_none(Position *pos, Presort *out)
{
    MoveList legal;
    generate_legal(pos, &legal);
    out->phase = phase_of(pos, false);
    out->count = legal.count;
    for (int i = 0; i < legal.count; i++) {
        PresortEntry *entry = &out->entries[i];
        entry->move = legal.moves[i];
        entry->term_count = 0;
        entry->repeats = false;
        /* [P] "all captures are considered first in the tree, starting with the highest valued
         * piece captured"; the score here is only that sort key, no positional term. */
        entry->score = move_is_capture(legal.moves[i]) ? piece_value[move_captured(legal.moves[i])] : 0;
    }
    sort_entries(out, generation_before);
}

void material_revalue(const Position *pos, Phase phase, Reading reading, Score value[COLOR_NB][PIECE_TYPE_NB])
{
    const Color us = pos->side, them = !pos->side;
    for (Color c = BLACK; c <= WHITE; c++)
        for (PieceType t = EMPTY; t < PIECE_TYPE_NB; t++) value[c][t] = piece_value[t];
    /* Trade-down [P]: with a lead of 200, TECH's pieces count base * max(0.6, opp/own). */
    const int own = pos->material[us], opp = pos->material[them];
    if (own - opp >= MATERIAL_LEAD_MIN) {
        int ratio = PERMILLE * opp / own;
        if (ratio < TRADE_DOWN_FLOOR_PERMILLE) ratio = TRADE_DOWN_FLOOR_PERMILLE;
        for (PieceType t = KNIGHT; t <= QUEEN; t++) value[us][t] = piece_value[t] * ratio / PERMILLE;
    }
    /* General-endgame pawns [P]: "The material value of a pawn is raised from 100 to 120" - a
     * pawn's value, both sides'; "if TECH has 2 or less pawns, they are worth 190 each" - they,
     * TECH's 2 or fewer. An earlier reading gave every pawn 190 on the evidence of one move
     * (Game 2, 36.R-QN1); READING_PAWNS_190_BOTH_SIDES keeps it for the cross-check. */
    if (phase == PHASE_ENDGAME) {
        const bool few = pos->count[us][PAWN] <= ENDGAME_FEW_PAWNS_MAX;
        const bool both = few && reading == READING_PAWNS_190_BOTH_SIDES;
        value[us][PAWN] = few ? ENDGAME_FEW_PAWNS_VALUE : ENDGAME_PAWN_VALUE;
        value[them][PAWN] = both ? ENDGAME_FEW_PAWNS_VALUE : ENDGAME_PAWN_VALUE;
    }
}
