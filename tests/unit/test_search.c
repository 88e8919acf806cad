/* test_search.c - TECH's search: mates at the matching depth, legal moves everywhere,
 * reproducible node counts, the book-free opening, and the stop flag. */
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "clock.h"
#include "epd_util.h"
#include "fen.h"
#include "makemove.h"
#include "notation.h"
#include "rules.h"
#include "search.h"
#include "test.h"
#include "tt.h"

/* Set up FEN + coordinate moves; false (and a failed check) if anything is wrong. */
static bool setup(Position *pos, const char *fen, const char *moves)
{
    char error[FEN_ERROR_MAX], list[512];
    if (!fen_read(pos, fen, error, sizeof error)) {
        FAIL("bad FEN %s: %s", fen, error);
        return false;
    }
    snprintf(list, sizeof list, "%s", moves);
    char *save = NULL;
    for (char *token = strtok_r(list, " ", &save); token; token = strtok_r(NULL, " ", &save)) {
        Move m = move_from_uci(pos, token, false, error, sizeof error);
        if (m == MOVE_NONE) {
            FAIL("bad move %s: %s", token, error);
            return false;
        }
        make_move(pos, m);
    }
    return true;
}

static SearchResult search_position(const Position *pos, Depth depth, bool from_initial, bool modern)
{
    static Search *search;
    if (!search) search = search_create();
    SearchFeatures features;
    if (modern) search_features_modern(&features);
    else search_features_faithful(&features);
    SearchControl control;
    search_control_reset(&control);
    SearchLimits limits = {.depth = depth, .started_from_initial = from_initial};
    return search_run(search, pos, &limits, &features, &control, NULL);
}

static void expect_move(const char *fen, const char *moves, Depth depth, bool from_initial, const char *want)
{
    static Position pos;
    if (!setup(&pos, fen, moves)) return;
    SearchResult result = search_position(&pos, depth, from_initial, false);
    char got[MOVE_TEXT_MAX];
    move_to_uci(result.best_move, false, got);
    if (strcmp(got, want) != 0) FAIL("%s moves %s depth %d: expected %s, got %s", fen, moves, depth, want, got);
}

TEST_CASE(search_book_free_opening)
{
    /* docs/SPEC.md §5.3: TECH's opening comes from the pre-sort, not a book: the report's Games 1
     * and 3 (2...N-QB3 after 2.N-KB3; Game 3's 4...B-QB4 after 4.O-O, where 4...P-Q4 loses a
     * pawn). */
    expect_move(START_FEN, "", 5, true, "e2e4");
    expect_move(START_FEN, "e2e4", 5, true, "e7e5");
    expect_move(START_FEN, "e2e4 e7e5 g1f3", 5, true, "b8c6");
    expect_move(START_FEN, "e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1", 5, true, "f8c5");
}

typedef struct {
    const char *fen;
    int mate_in;     /* moves, as Stockfish 15.1 reports at depth 18 */
    const char *key; /* a mating first move, or NULL if several mate as fast */
} MateCase;

/* Mate-in-N positions checked with Stockfish 15.1. TECH sees a mate only when the mated
 * side's replies are all full-width (each refuted by king capture in quiescence), so the
 * matching depth is 2N plies; with E1 (checks in quiescence) 2N-1 plies suffice. */
static const MateCase mates[] = {
    {"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"},
    {"6rk/6pp/8/6N1/8/8/8/6QK w - - 0 1", 1, "g5f7"},
    {"5rk1/6pp/8/8/8/8/1B6/1K4Q1 w - - 0 1", 1, "g1g7"},
    {"k7/8/2K5/8/8/8/8/7R w - - 0 1", 2, NULL},
    {"k7/8/3K4/8/8/8/8/7R w - - 0 1", 2, "d6c7"},
    {"6k1/8/6K1/8/8/8/8/5R2 w - - 0 1", 2, NULL},
    {"r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2, "d5f6"},
    {"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", 3, "f8c5"},
};

TEST_CASE(search_finds_mates)
{
    static Position pos;
    for (size_t i = 0; i < sizeof mates / sizeof mates[0]; i++) {
        const MateCase *c = &mates[i];
        if (!setup(&pos, c->fen, "")) continue;
        SearchResult result = search_position(&pos, 2 * c->mate_in, false, false);
        char got[MOVE_TEXT_MAX];
        move_to_uci(result.best_move, false, got);
        if (!score_is_mate(result.score) || score_mate_moves(result.score) != c->mate_in)
            FAIL("%s: expected mate in %d, score %d (%s)", c->fen, c->mate_in, result.score, got);
        if (c->key && strcmp(got, c->key) != 0) FAIL("%s: expected %s, got %s", c->fen, c->key, got);
        /* One ply less must not see the mate: 2N is the matching depth, not more than needed. */
        SearchResult shallow = search_position(&pos, 2 * c->mate_in - 1, false, false);
        if (score_is_mate(shallow.score) && shallow.score > 0)
            FAIL("%s: mate seen at depth %d, below the matching depth", c->fen, 2 * c->mate_in - 1);
    }
}

TEST_CASE(search_stalemate_and_mated_roots)
{
    static Position pos;
    /* Black to move, stalemated: no move, draw score. */
    if (setup(&pos, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "")) {
        SearchResult r = search_position(&pos, 3, false, false);
        CHECK(r.best_move == MOVE_NONE);
        CHECK(r.score == SCORE_DRAW);
    }
    /* Black to move, checkmated. */
    if (setup(&pos, "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "")) {
        SearchResult r = search_position(&pos, 3, false, false);
        CHECK(r.best_move == MOVE_NONE);
        CHECK(r.score == -SCORE_MATE);
    }
    /* Avoid stalemating when a mate exists: Qf7 is stalemate, Qg7 mate. */
    if (setup(&pos, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "")) {
        SearchResult r = search_position(&pos, 2, false, false);
        CHECK(score_is_mate(r.score) && r.score > 0);
    }
}

static void check_legal_choice(Position *pos, const EpdEntry *entry, void *ctx)
{
    (void)ctx;
    MoveList legal;
    generate_legal(pos, &legal);
    SearchResult r = search_position(pos, 2, false, false);
    if (legal.count == 0) {
        if (r.best_move != MOVE_NONE) FAIL("line %d: a move where none is legal", entry->line);
        return;
    }
    bool found = false;
    for (int i = 0; i < legal.count; i++) found |= legal.moves[i] == r.best_move;
    if (!found) FAIL("line %d: illegal best move", entry->line);
}

TEST_CASE(search_never_returns_illegal_move) { epd_for_each_position(check_legal_choice, NULL); }

TEST_CASE(search_node_count_reproducible)
{
    static Position pos;
    if (!setup(&pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "")) return;
    SearchResult first = search_position(&pos, 4, false, false);
    SearchResult again = search_position(&pos, 4, false, false);
    CHECK(first.stats.nodes == again.stats.nodes);
    CHECK(first.best_move == again.best_move);
    /* Another search in between (a "new game") must not change it either. */
    static Position other;
    if (setup(&other, START_FEN, "d2d4 d7d5")) search_position(&other, 5, true, false);
    SearchResult after = search_position(&pos, 4, false, false);
    CHECK(first.stats.nodes == after.stats.nodes);
    CHECK(first.stats.bottom_positions == after.stats.bottom_positions);
}

TEST_CASE(search_stops_on_flag_and_node_limit)
{
    static Position pos;
    static Search *search;
    if (!search) search = search_create();
    if (!setup(&pos, START_FEN, "")) return;
    SearchFeatures features;
    search_features_faithful(&features);
    SearchControl control;
    search_control_reset(&control);
    SearchLimits limits = {.depth = 30, .nodes = 50000};
    SearchResult r = search_run(search, &pos, &limits, &features, &control, NULL);
    CHECK(r.aborted);
    CHECK(r.stats.nodes <= 50000);
    CHECK(r.best_move != MOVE_NONE);
    /* A deadline in the past stops at the first poll; a move is still returned. */
    limits.nodes = 0;
    atomic_store(&control.hard_deadline_us, clock_now_us());
    r = search_run(search, &pos, &limits, &features, &control, NULL);
    CHECK(r.aborted);
    CHECK(r.best_move != MOVE_NONE);
    search_control_reset(&control);
    atomic_store(&control.stop, true);
    r = search_run(search, &pos, &limits, &features, &control, NULL);
    CHECK(r.aborted && r.best_move != MOVE_NONE);
}

TEST_CASE(search_modern_profile_mates_one_ply_earlier)
{
    static Position pos;
    for (size_t i = 0; i < sizeof mates / sizeof mates[0]; i++) {
        if (!setup(&pos, mates[i].fen, "")) continue;
        SearchResult r = search_position(&pos, 2 * mates[i].mate_in - 1, false, true);
        if (!score_is_mate(r.score) || r.score < 0) FAIL("modern: %s not mate (%d)", mates[i].fen, r.score);
    }
}

TEST_CASE(search_mirror_gives_mirrored_result)
{
    static const char *fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    };
    static Position pos, mirror;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        if (!setup(&pos, fens[i], "")) continue;
        position_mirror(&mirror, &pos);
        /* Both profiles: TECH-modern's leaves (E11-E13) must be colour-blind too. */
        for (int modern = 0; modern <= 1; modern++) {
            SearchResult a = search_position(&pos, 4, false, modern);
            SearchResult b = search_position(&mirror, 4, false, modern);
            CHECK(a.score == b.score); /* node counts may differ: generation order is not mirrored */
            Square from = move_from(a.best_move), to = move_to(a.best_move);
            Square mfrom = square_make(square_file(from), 7 - square_rank(from));
            Square mto = square_make(square_file(to), 7 - square_rank(to));
            if (move_from(b.best_move) != mfrom || move_to(b.best_move) != mto)
                FAIL("%s: mirror chose another move (%s)", fens[i], modern ? "TECH-modern" : "TECH-1971");
        }
    }
}

TEST_CASE(search_table_keeps_values_and_saves_nodes)
{
    /* E4 is for speed only: with the table alone the fixed-depth value stays the same. */
    static const char *fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1",
    };
    static Position pos;
    Search *plain = search_create(), *tabled = search_create();
    TranspositionTable *tt = tt_create(8);
    search_set_table(tabled, tt);
    SearchFeatures off, table_only;
    search_features_faithful(&off);
    search_features_faithful(&table_only);
    table_only.transposition_table = true;
    SearchControl control;
    search_control_reset(&control);
    uint64_t nodes_plain = 0, nodes_table = 0;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        if (!setup(&pos, fens[i], "")) continue;
        SearchLimits limits = {.depth = 5};
        tt_clear(tt);
        SearchResult a = search_run(plain, &pos, &limits, &off, &control, NULL);
        SearchResult b = search_run(tabled, &pos, &limits, &table_only, &control, NULL);
        if (a.score != b.score) FAIL("%s: value %d without the table, %d with it", fens[i], a.score, b.score);
        nodes_plain += a.stats.nodes;
        nodes_table += b.stats.nodes;
    }
    if (nodes_table >= nodes_plain)
        FAIL("the table saved no nodes: %llu vs %llu", (unsigned long long)nodes_table,
             (unsigned long long)nodes_plain);
    tt_destroy(tt);
    search_destroy(plain);
    search_destroy(tabled);
}

TEST_CASE(search_threads_share_the_table)
{
    static Position pos;
    Search *search = search_create();
    TranspositionTable *tt = tt_create(8);
    search_set_table(search, tt);
    SearchFeatures features;
    search_features_modern(&features);
    features.threads = 3;
    SearchControl control;
    search_control_reset(&control);
    for (size_t i = 0; i < sizeof mates / sizeof mates[0]; i++) {
        if (!setup(&pos, mates[i].fen, "")) continue;
        SearchLimits limits = {.depth = 2 * mates[i].mate_in - 1};
        SearchResult r = search_run(search, &pos, &limits, &features, &control, NULL);
        if (!score_is_mate(r.score) || r.score < 0) FAIL("3 threads: %s not mate (%d)", mates[i].fen, r.score);
        if (!move_is_legal(&pos, r.best_move)) FAIL("3 threads: illegal move in %s", mates[i].fen);
    }
    tt_destroy(tt);
    search_destroy(search);
}

/* The cutoff counters: every cutoff is counted once, the first move's among them, and E9's
 * order (table move, exchanges, killers, history) makes the first move cut more often than
 * TECH's killer-then-victim order does. */
TEST_CASE(search_counts_cutoffs_by_the_first_move)
{
    static Position pos;
    if (!setup(&pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "")) return;
    SearchResult faithful = search_position(&pos, 5, false, false);
    SearchResult modern = search_position(&pos, 5, false, true);
    CHECK(faithful.stats.cutoffs > 0);
    CHECK(faithful.stats.first_move_cutoffs <= faithful.stats.cutoffs);
    CHECK(faithful.stats.cutoffs < faithful.stats.nodes);
    double faithful_share = stats_first_move_cutoff_share(&faithful.stats);
    double modern_share = stats_first_move_cutoff_share(&modern.stats);
    CHECK(faithful_share > 0.5 && faithful_share < 1.0);
    CHECK(modern_share > faithful_share);
}
