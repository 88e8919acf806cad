/* test_explain.c - `why` tells the truth of how TECH chose (issue 53): the explanation's claims
 * checked against the search and the pre-sort independently. The line replayed ends with the
 * material the text says and the search scored; the tie count is the number of root moves whose
 * own exact search equals the best; the named terms are the pre-sort's leading terms for the
 * move; the refuted move's line is that move's exact search. And asking for an explanation
 * does not change the move or its score. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "cases.h"
#include "explain.h"
#include "fen.h"
#include "makemove.h"
#include "notation.h"
#include "rules.h"
#include "test.h"

/* [C] Small enough that every root move can be searched once more on its own. */
enum { EXPLAIN_TEST_DEPTH = 4 };

/* Positions with a capture to expect and a refutation to find, beside the bench's. */
static const char *const TACTICS[] = {
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 5",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "rnbqkbnr/ppp2ppp/8/3pp3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3",
    "r2qkb1r/ppp2ppp/2n1bn2/3pp3/4P3/2NP1N2/PPP1BPPP/R1BQK2R w KQkq - 2 6",
};

/* Base material, side `us`'s view, at the search's values `value` (or the base ones). */
static int material(const Position *pos, Color us, const Score value[COLOR_NB][PIECE_TYPE_NB])
{
    int total = 0;
    for (Color c = BLACK; c <= WHITE; c++)
        for (PieceType t = PAWN; t < KING; t++)
            total += (c == us ? 1 : -1) * (value ? value[c][t] : piece_value[t]) * pos->count[c][t];
    return total;
}

/* Replay `pv` from `pos`: the base change of the mover's material, and the end's material at the
 * search's values in *valued. */
static int replay(Position *pos, const Move *pv, int count, const Score value[COLOR_NB][PIECE_TYPE_NB], int *valued)
{
    Color us = pos->side;
    int before = material(pos, us, NULL);
    MoveList legal;
    int made = 0;
    for (int i = 0; i < count; i++) {
        generate_legal(pos, &legal);
        bool found = false;
        for (int j = 0; j < legal.count; j++) found |= legal.moves[j] == pv[i];
        if (!CHECK(found)) break;
        make_move(pos, pv[i]);
        made++;
    }
    int change = material(pos, us, NULL) - before;
    *valued = material(pos, us, value);
    while (made-- > 0) unmake_move(pos);
    return change;
}

static Search *search;
static SearchControl control;

/* The exact score of root move `m` alone at the test's depth. */
static Score score_of(const Position *pos, Move m, bool from_initial, const SearchFeatures *f)
{
    SearchLimits limits = {.depth = EXPLAIN_TEST_DEPTH, .started_from_initial = from_initial};
    limits.searchmoves[0] = m;
    limits.searchmoves_count = 1;
    search_control_reset(&control);
    return search_run(search, pos, &limits, f, &control, NULL).score;
}

/* The text says what the line does: wins, loses, level, or a mate. */
static bool text_matches_material(const char *text, const Explanation *e)
{
    if (score_is_mate(e->chosen.score)) return strstr(text, "mate") != NULL;
    if (e->chosen.material > 0) return strstr(text, " wins ") || strstr(text, "comes out");
    if (e->chosen.material < 0) return strstr(text, " loses ") || strstr(text, "gives up") || strstr(text, "comes out");
    return strstr(text, "keeps the material level") != NULL;
}

/* The pre-sort entry of `m`. */
static const PresortEntry *entry_of(const Presort *presort, Move m)
{
    for (int i = 0; i < presort->count; i++)
        if (presort->entries[i].move == m) return &presort->entries[i];
    return NULL;
}

/* Every claim of one explanation, against the search and pre-sort done again. */
static void check_position(Position *pos, bool from_initial, const SearchFeatures *f, int *checked, int *refuted)
{
    SearchLimits limits = {.depth = EXPLAIN_TEST_DEPTH, .started_from_initial = from_initial};
    search_control_reset(&control);
    SearchResult plain = search_run(search, pos, &limits, f, &control, NULL);
    explain_request(pos, f, from_initial, &limits.explain);
    search_control_reset(&control);
    SearchResult asked = search_run(search, pos, &limits, f, &control, NULL);
    /* The same search: the same move, score and tree (the explanation's probes come after it). */
    CHECK(asked.best_move == plain.best_move && asked.score == plain.score && asked.stats.nodes == plain.stats.nodes);
    static JobResult job;
    memset(&job, 0, sizeof job);
    job.best_move = asked.best_move;
    job.score = asked.score;
    job.depth = asked.depth;
    job.verdict = *search_root_verdict(search);
    static Explanation e;
    explain_build(pos, f, from_initial, &job, &e);
    if (!CHECK(e.known && e.move == asked.best_move && e.depth == EXPLAIN_TEST_DEPTH)) return;
    (*checked)++;
    /* The line: legal, its material the text's, and (material at the leaves) the search's score. */
    static Presort presort;
    presort_root(pos, from_initial, f->expanded_positional, f->presort_reading, &presort);
    Score value[COLOR_NB][PIECE_TYPE_NB];
    material_revalue(pos, presort.phase, f->presort_reading, value);
    int valued = 0;
    CHECK(replay(pos, e.chosen.pv, e.chosen.pv_length, value, &valued) == e.chosen.material);
    if (!score_is_mate(asked.score) && !f->tree_positional && !f->piece_values) CHECK(valued == asked.score);
    /* The line the text shows, up to its last capture, ends with the same material. */
    int shown_valued = 0;
    CHECK(replay(pos, e.chosen.pv, explain_line_shown(&e.chosen), value, &shown_valued) == e.chosen.material);
    /* The tie: every root move searched on its own. */
    int tied = 0;
    for (int i = 0; i < presort.count; i++)
        tied += score_of(pos, presort.entries[i].move, from_initial, f) == asked.score;
    if (!CHECK(e.ties_cut ? tied >= e.tied : tied == e.tied)) FAIL("tied %d, explanation says %d", tied, e.tied);
    /* The terms: the move's largest positive pre-sort terms, largest first. */
    const PresortEntry *entry = entry_of(&presort, e.move);
    int positive = 0, largest = 1 << 30;
    for (int t = 0; entry && t < entry->term_count; t++) positive += entry->terms[t].value > 0;
    CHECK(e.term_count == (positive < EXPLAIN_TERMS_MAX ? positive : EXPLAIN_TERMS_MAX));
    for (int t = 0; t < e.term_count; t++) {
        bool found = false;
        for (int u = 0; entry && u < entry->term_count; u++)
            found |= !strcmp(entry->terms[u].name, e.terms[t].name) && entry->terms[u].value == e.terms[t].value;
        CHECK(found && e.terms[t].value <= largest);
        largest = e.terms[t].value;
    }
    /* The refutation: that move's own exact search, and less material than the chosen line. */
    for (int i = 0; i < e.refuted_count; i++) {
        const ExplainedLine *r = &e.refuted[i];
        (*refuted)++;
        CHECK(score_of(pos, r->pv[0], from_initial, f) == r->score);
        CHECK(r->score < asked.score);
        CHECK(replay(pos, r->pv, r->pv_length, value, &valued) == r->material);
        CHECK(r->material < e.chosen.material || score_is_mate(r->score));
        CHECK(!e.refuted_was_first[i] || r->pv[0] == presort.entries[0].move);
    }
    char text[EXPLAIN_TEXT_MAX];
    ExplainPlayer player = {.profile = "TECH-1971"};
    explain_text(pos, &player, &e, text, sizeof text);
    if (!CHECK(text_matches_material(text, &e))) FAIL("%s", text);
    for (char *line = text; line; line = strchr(line, '\n')) {
        line += *line == '\n';
        const char *end = strchr(line, '\n');
        CHECK((end ? (size_t)(end - line) : strlen(line)) <= EXPLAIN_COLUMNS);
    }
    /* The tie and the pre-sort's leading term, named as the text names them (words may wrap). */
    for (char *p = text; (p = strchr(p, '\n'));) *p = ' ';
    if (e.tied > 1) {
        char said[64];
        snprintf(said, sizeof said, "%d moves came out equal", e.tied);
        CHECK(strstr(text, said) != NULL);
        if (e.term_count > 0 && !CHECK(strstr(text, explain_term_words(e.terms[0].name)) != NULL)) FAIL("%s", text);
    }
}

/* The bench's positions and the tactics, under the profile `f`. */
static void check_profile(const SearchFeatures *f)
{
    static Position pos;
    search = search_create();
    int checked = 0, refuted = 0;
    for (int i = 0; i < bench_position_count; i++)
        if (bench_setup(i, &pos)) check_position(&pos, bench_positions[i].from_initial, f, &checked, &refuted);
    for (size_t i = 0; i < sizeof TACTICS / sizeof TACTICS[0]; i++) {
        char error[160];
        if (CHECK(fen_read(&pos, TACTICS[i], error, sizeof error))) check_position(&pos, true, f, &checked, &refuted);
    }
    CHECK(checked >= 10 && refuted >= 1); /* the claims were checked, a refutation among them */
    search_destroy(search);
}

TEST_CASE(explain_claims_hold_under_tech_1971)
{
    SearchFeatures f;
    search_features_faithful(&f);
    check_profile(&f);
}

TEST_CASE(explain_claims_hold_under_tech_modern_without_the_table)
{
    /* The table's grafted values depend on what it holds; without it every search is exact. */
    SearchFeatures f;
    search_features_modern(&f);
    f.transposition_table = false;
    check_profile(&f);
}
