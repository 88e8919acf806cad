/* test_eval.c - TECH-modern's leaf knowledge (E11-E13, engine/eval.c, endgame.c, kpk.c): the
 * incremental state equals a computation from scratch after every move of the perft suite and
 * of its children, a position and its colour mirror score the same for the side to move, the
 * positional term keeps its bound, and the bitbase and the endgame recogniser know the
 * textbook positions. */
#include <string.h>

#include "cases.h"
#include "endgame.h"
#include "epd_util.h"
#include "eval.h"
#include "fen.h"
#include "kpk.h"
#include "makemove.h"
#include "notation.h"
#include "search.h"
#include "test.h"

static const EvalSwitches ALL_ON = {true, true, true};

typedef struct {
    long moves;
    int depth;
    EvalCounts counts[3];
    EvalState states[3];
} IncrementalTally;

static void report(const Position *pos, Move m, const char *what)
{
    char fen[FEN_MAX], text[MOVE_TEXT_MAX];
    fen_write(pos, fen, sizeof fen);
    move_to_uci(m, false, text);
    FAIL("%s after %s: %s", fen, text, what);
}

/* Make m from the tally's current state, check the child's state (before and after its
 * structure is filled in), go one level deeper if wanted, unmake. */
static void check_move(Position *pos, Move m, void *ctx)
{
    IncrementalTally *t = ctx;
    EvalState *child = &t->states[t->depth + 1];
    const LineMove lm = {m, (int8_t)pos->board[move_from(m)], (int8_t)pos->side};
    eval_counts_make(&t->counts[t->depth + 1], &t->counts[t->depth], m, lm.mover, lm.side);
    eval_state_make(child, &t->states[t->depth], &lm);
    make_move(pos, m);
    t->moves++;
    if (!eval_counts_ok(&t->counts[t->depth + 1], pos)) report(pos, m, "incremental counts differ from scratch");
    if (!eval_state_ok(child, pos)) report(pos, m, "incremental state differs from scratch");
    if (t->depth == 0) {
        t->depth++;
        for_each_legal_move(pos, check_move, t);
        t->depth--;
    }
    /* Filled in from the structure (no table: computed), the state must still agree. */
    EvalState filled = *child;
    (void)eval_positional(&filled, &t->counts[t->depth + 1], pos, NULL);
    if (!eval_state_ok(&filled, pos)) report(pos, m, "structure differs from scratch");
    unmake_move(pos);
}

static void check_position(Position *pos, const EpdEntry *entry, void *ctx)
{
    (void)entry;
    IncrementalTally *t = ctx;
    eval_counts_init(&t->counts[0], pos);
    eval_state_init(&t->states[0], pos);
    t->depth = 0;
    for_each_legal_move(pos, check_move, t);
}

TEST_CASE(eval_incremental_state_equals_scratch_over_perft_suite)
{
    IncrementalTally tally;
    memset(&tally, 0, sizeof tally);
    CHECK(epd_for_each_position(check_position, &tally) > 100);
    /* Every position, its children and grandchildren: castling, e.p., promotions and
     * under-promotions all occur (about 78,000 moves when this was written). */
    if (tally.moves < 50000) FAIL("only %ld moves checked", tally.moves);
}

TEST_CASE(eval_incremental_state_equals_scratch_over_chess960_suite)
{
    /* Castling from Chess960's squares moves king and rook in the piece-square sums and the
     * king's shelter zone as a fresh count finds them. */
    IncrementalTally tally;
    memset(&tally, 0, sizeof tally);
    CHECK(epd_for_each_position_of(EPD_SUITE_CHESS960, check_position, &tally) > 100);
    if (tally.moves < 50000) FAIL("only %ld moves checked", tally.moves);
}

/* White-minus-Black material at TECH's base values. */
static Score base_material(const Position *pos) { return pos->material[WHITE] - pos->material[BLACK]; }

/* The leaf's value for the side to move with every switch on (full window). */
static Score leaf_for_side_to_move(const Position *pos, EvalLine *line)
{
    eval_line_init(line, pos);
    Score white = eval_leaf(line, 0, pos, base_material(pos), ALL_ON, -SCORE_INFINITE, SCORE_INFINITE);
    return pos->side == WHITE ? white : -white;
}

typedef struct {
    long compared;
    long nonzero;
    EvalLine *line;
} SymmetryTally;

static void check_mirror(Position *pos, SymmetryTally *t)
{
    static Position mirror;
    position_mirror(&mirror, pos);
    Score a = leaf_for_side_to_move(pos, t->line), b = leaf_for_side_to_move(&mirror, t->line);
    t->compared++;
    t->nonzero += a != base_material(pos) * (pos->side == WHITE ? 1 : -1);
    if (a != b) {
        char fen[FEN_MAX];
        fen_write(pos, fen, sizeof fen);
        FAIL("%s scores %d, its mirror %d", fen, a, b);
    }
    eval_line_init(t->line, pos);
    int positional = eval_positional(&t->line->state[0], &t->line->counts[0], pos, t->line->structures);
    if (positional > POSITIONAL_BOUND || positional < -POSITIONAL_BOUND)
        FAIL("positional term %d out of bounds", positional);
}

static void mirror_child(Position *pos, Move m, void *ctx)
{
    make_move(pos, m);
    check_mirror(pos, ctx);
    unmake_move(pos);
}

static void mirror_position(Position *pos, const EpdEntry *entry, void *ctx)
{
    (void)entry;
    check_mirror(pos, ctx);
    for_each_legal_move(pos, mirror_child, ctx);
}

TEST_CASE(eval_position_and_mirror_score_the_same)
{
    static EvalLine line;
    SymmetryTally tally = {0, 0, &line};
    CHECK(epd_for_each_position(mirror_position, &tally) > 100);
    if (tally.compared < 3000) FAIL("only %ld positions compared", tally.compared);
    /* The knowledge says something: most leaves are worth more or less than their material. */
    if (tally.nonzero * 2 < tally.compared)
        FAIL("only %ld of %ld leaves differ from material", tally.nonzero, tally.compared);
}

TEST_CASE(eval_lazy_bound_is_on_the_right_side_of_the_window)
{
    /* A leaf beyond the window by more than E11's bound returns a value on the same side. */
    static Position pos;
    if (!setup_fen(&pos, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")) return;
    static EvalLine line;
    eval_line_init(&line, &pos);
    Score exact = eval_leaf(&line, 0, &pos, 0, ALL_ON, -SCORE_INFINITE, SCORE_INFINITE);
    Score high = eval_leaf(&line, 0, &pos, 0, ALL_ON, 300, 301);
    Score low = eval_leaf(&line, 0, &pos, 0, ALL_ON, -301, -300);
    CHECK(high <= 300 && exact <= 300);
    CHECK(low >= -300 && exact >= -300);
    CHECK(eval_leaf(&line, 0, &pos, 0, ALL_ON, exact - 1, exact + 1) == exact);
}

/* The bitbase's answer for a FEN with one pawn and the two kings. */
static bool kpk_fen(const char *fen)
{
    static Position pos;
    if (!setup_fen(&pos, fen)) return false;
    Color strong = pos.count[WHITE][PAWN] ? WHITE : BLACK;
    return kpk_wins(strong, position_king(&pos, strong), pos.men[strong][PAWN][0], position_king(&pos, !strong),
                    pos.side);
}

TEST_CASE(kpk_bitbase_knows_the_textbook_positions)
{
    kpk_init();
    /* The king on the sixth rank in front of its pawn wins whoever moves. */
    CHECK(kpk_fen("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"));
    CHECK(kpk_fen("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1"));
    /* Opposition: king in front of the pawn two squares ahead of it; the side to move loses it. */
    CHECK(!kpk_fen("8/4k3/8/4K3/4P3/8/8/8 w - - 0 1"));
    CHECK(kpk_fen("8/4k3/8/4K3/4P3/8/8/8 b - - 0 1"));
    /* The lone king in the rook pawn's corner draws; stalemate draws; taking the pawn draws. */
    CHECK(!kpk_fen("k7/8/8/8/8/8/P7/K7 w - - 0 1"));
    CHECK(!kpk_fen("k7/8/8/8/8/8/P7/K7 b - - 0 1"));
    CHECK(!kpk_fen("4k3/4P3/4K3/8/8/8/8/8 b - - 0 1"));
    CHECK(!kpk_fen("8/8/8/8/8/3k4/4P3/7K b - - 0 1"));
    /* Outside the pawn's square the pawn runs home. */
    CHECK(kpk_fen("8/8/8/8/8/8/4P3/4K2k w - - 0 1"));
    /* The same with Black's pawn, and on the other wing (the bitbase's symmetries). */
    CHECK(kpk_fen("8/8/8/4p3/4k3/8/4K3/8 w - - 0 1"));
    CHECK(!kpk_fen("8/8/8/4p3/4k3/8/4K3/8 b - - 0 1"));
    CHECK(!kpk_fen("k7/8/8/8/8/8/P7/K7 w - - 0 1") && !kpk_fen("7k/8/8/8/8/8/7P/7K w - - 0 1"));
    CHECK(kpk_fen("3k4/8/3K4/3P4/8/8/8/8 b - - 0 1") && kpk_fen("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1"));
}

/* The recogniser's verdict and bonus for a FEN. */
static EndgameVerdict verdict(const char *fen, int *bonus)
{
    static Position pos;
    *bonus = 0;
    if (!setup_fen(&pos, fen)) return ENDGAME_NONE;
    return endgame_recognise(&pos, bonus);
}

TEST_CASE(endgame_recogniser_knows_the_basic_endgames)
{
    kpk_init();
    int bonus, near, far;
    /* Known draws. */
    CHECK(verdict("8/8/4k3/8/8/3K4/8/8 w - - 0 1", &bonus) == ENDGAME_DRAW);
    CHECK(verdict("8/8/4k3/8/8/3KN3/8/8 w - - 0 1", &bonus) == ENDGAME_DRAW);
    CHECK(verdict("8/8/4k3/8/8/3KB3/8/8 b - - 0 1", &bonus) == ENDGAME_DRAW);
    CHECK(verdict("8/8/4k3/8/8/2NKN3/8/8 w - - 0 1", &bonus) == ENDGAME_DRAW);
    CHECK(verdict("8/8/4k3/8/8/2BKB3/8/8 w - - 0 1", &bonus) == ENDGAME_DRAW); /* both on dark squares */
    CHECK(verdict("k7/8/8/8/8/8/P7/K1B5 w - - 0 1", &bonus) == ENDGAME_DRAW);  /* dark bishop, a8 is light */
    CHECK(verdict("k7/P7/8/P7/8/8/8/K7 w - - 0 1", &bonus) == ENDGAME_DRAW);   /* rook pawns, no bishop */
    CHECK(verdict("8/8/8/4p3/4k3/8/4K3/8 b - - 0 1", &bonus) == ENDGAME_DRAW); /* KPK, the bitbase */
    /* Not draws: the right bishop; the lone king away from the corner; a won KPK. */
    CHECK(verdict("k7/8/8/8/8/8/P7/KB6 w - - 0 1", &bonus) == ENDGAME_NONE);
    CHECK(verdict("8/8/8/3k4/8/8/P7/K1B5 w - - 0 1", &bonus) == ENDGAME_NONE);
    CHECK(verdict("8/8/8/4p3/4k3/8/4K3/8 w - - 0 1", &bonus) == ENDGAME_SCORED && bonus < 0);
    /* Material on both sides: nothing is known. */
    CHECK(verdict("8/8/4k3/4p3/8/3KB3/8/8 w - - 0 1", &bonus) == ENDGAME_NONE);
    /* Mating: the lone king nearer the edge and the kings nearer each other score more. */
    CHECK(verdict("8/8/8/3k4/8/8/8/R3K3 w - - 0 1", &far) == ENDGAME_SCORED);
    CHECK(verdict("3k4/8/3K4/8/8/8/8/R7 w - - 0 1", &near) == ENDGAME_SCORED);
    CHECK(near > far && far > 0);
    /* KBNK: the corner of the bishop's colour (a dark bishop: a1 and h8) scores more. */
    CHECK(verdict("8/8/8/8/8/2K5/3N4/k1B5 w - - 0 1", &near) == ENDGAME_SCORED);
    CHECK(verdict("7k/8/5K2/5N2/8/8/8/2B5 w - - 0 1", &far) == ENDGAME_SCORED);
    CHECK(verdict("k7/8/2K5/2N5/8/8/8/2B5 w - - 0 1", &bonus) == ENDGAME_SCORED);
    CHECK(near > bonus && far > bonus);
}

TEST_CASE(eval_switches_off_leave_material_alone)
{
    static Position pos;
    if (!setup_fen(&pos, "8/8/4k3/8/8/3KN3/8/8 w - - 0 1")) return;
    static EvalLine line;
    eval_line_init(&line, &pos);
    const EvalSwitches off = {false, false, false};
    CHECK(eval_leaf(&line, 0, &pos, 330, off, -SCORE_INFINITE, SCORE_INFINITE) == 330);
    CHECK(eval_leaf(&line, 0, &pos, 330, ALL_ON, -SCORE_INFINITE, SCORE_INFINITE) == SCORE_DRAW);
}
