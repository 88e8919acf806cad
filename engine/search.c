/* search.c - TECH's tactical analysis at the root: the moves in the positional pre-sort order
 * (§5) so that ties go to the positionally best move, depth after depth as long as the
 * control allows (docs/SPEC.md §4, §7, §8). When to stop is search_control.c's to say; the
 * helper threads of Threads > 1 are shared_search.c's; the tree below the root is tree.c. */
#include "search.h"

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>

#include "attack.h"
#include "kpk.h"
#include "platform.h"
#include "positional.h"
#include "rules.h"
#include "search_control.h"
#include "search_internal.h"
#include "shared_search.h"
#include "shown_score.h"

/* E3: the secondary search looks this much deeper at the chosen move (docs/SPEC.md §10). */
enum { SECONDARY_SEARCH_PLIES = 2 };
/* E8: the aspiration window starts this far either side of the previous depth's score, from
 * this depth on, and widens by this factor at each failure [C]. Leaves are material only, so
 * a score mostly stays put from one depth to the next or moves by a pawn or more. */
enum { ASPIRATION_DELTA = 30, ASPIRATION_MIN_DEPTH = 4, ASPIRATION_WIDEN = 4 };

void search_features_faithful(SearchFeatures *features)
{
    memset(features, 0, sizeof *features);
    features->presort = true;
    features->threads = 1;
}

/* [C] TECH-modern: every enhancement that pays in games (tests/long/RESULTS.md measures each).
 * E3, the paper's planned secondary search, stays a switch but is off: under a clock iterative
 * deepening already searches as deep as the time allows, and the extra two plies on one move
 * cost time without a measured gain (200 games at 3+0.03: -16 +/- 43 Elo with it). */
void search_features_modern(SearchFeatures *features)
{
    search_features_faithful(features);
    features->checks_in_quiescence = true;
    features->check_extension = true;
    features->transposition_table = true;
    features->draw_detection = true;
    features->quiet_queen_promotions = true;
    features->iterative_deepening = true;
    features->pvs = true;
    features->move_ordering = true;
    features->expanded_positional = true;
    features->tree_positional = true;
    features->piece_values = true;
    features->basic_endgames = true;
}

void search_features_prepare(const SearchFeatures *features)
{
    if (features->basic_endgames) kpk_init();
}

Search *search_create(void)
{
    Search *search = calloc(1, sizeof(Search));
    if (search) search->random_state = random_seed(search);
    return search;
}

void search_destroy(Search *search)
{
    if (!search) return;
    shared_search_destroy(search->threads);
    free(search);
}

void search_clear(Search *search)
{
    memset(search->killers, 0, sizeof search->killers);
    shared_search_clear_killers(search->threads);
    if (search->tt) tt_clear(search->tt);
}

void search_set_table(Search *search, TranspositionTable *tt) { search->tt = tt; }

int score_mate_moves(Score score)
{
    if (score > 0) return (SCORE_MATE - score + 1) / 2;
    return -(SCORE_MATE + score) / 2;
}

double stats_first_move_cutoff_share(const SearchStats *stats)
{
    return stats->cutoffs ? (double)stats->first_move_cutoffs / (double)stats->cutoffs : 0.0;
}

void stats_add(SearchStats *total, const SearchStats *part)
{
    total->nodes += part->nodes;
    total->bottom_positions += part->bottom_positions;
    total->full_generations += part->full_generations;
    total->capture_generations += part->capture_generations;
    total->makes += part->makes;
    total->cutoffs += part->cutoffs;
    total->first_move_cutoffs += part->first_move_cutoffs;
    if (part->seldepth > total->seldepth) total->seldepth = part->seldepth;
    total->wall_us += part->wall_us;
    total->cpu_us += part->cpu_us;
}

/* Root moves in TECH's positional order (§5), restricted to `searchmoves` if given; also the
 * piece values of this root (§5.8). Without the pre-sort: captures by victim, then board order,
 * at the base values, "a technology-type program which uses no positional analysis" (the
 * report's Game 4). */
static void root_moves_prepare(Search *s, const SearchLimits *limits)
{
    Presort *presort = malloc(sizeof *presort);
    s->root.count = 0;
    if (!presort) return;
    if (s->features.presort) {
        presort_root(&s->pos, limits->started_from_initial, s->features.expanded_positional,
                     s->features.presort_reading, presort);
        material_revalue(&s->pos, presort->phase, s->features.presort_reading, s->value);
    } else {
        presort_none(&s->pos, presort);
        for (Color c = BLACK; c <= WHITE; c++)
            for (PieceType t = EMPTY; t < PIECE_TYPE_NB; t++) s->value[c][t] = piece_value[t];
    }
    for (int i = 0; i < presort->count; i++) {
        Move m = presort->entries[i].move;
        bool wanted = limits->searchmoves_count == 0;
        for (int j = 0; j < limits->searchmoves_count && !wanted; j++) wanted = move_same(limits->searchmoves[j], m);
        if (wanted) s->root.moves[s->root.count++] = (RootMove){m, i};
    }
    free(presort);
}

/* White-minus-Black material of the root at this search's values. */
static Score root_material(const Search *s)
{
    Score total = 0;
    for (Color c = BLACK; c <= WHITE; c++)
        for (PieceType t = PAWN; t < KING; t++) total += color_sign(c) * s->value[c][t] * s->pos.count[c][t];
    return total;
}

/* Whether `m` is one of the legal moves of `pos` (a table move may come from another position
 * whose key collides). */
static bool move_is_legal_here(Position *pos, Move m)
{
    MoveList list;
    generate_legal(pos, &list);
    for (int i = 0; i < list.count; i++)
        if (list.moves[i] == m) return true;
    return false;
}

/* E4: a node of the principal variation that a stored exact result ended has no line below it,
 * so the reported line stops there (at high depths often after the root move). Continue it
 * with the table's moves while they are stored, legal and do not repeat a position, up to the
 * depth searched. For the report only: it reads the table and a copy of the root, and changes
 * neither the tree nor the move chosen. */
static void pv_complete_from_table(const Search *s, SearchInfo *info)
{
    if (!s->tt || !s->features.transposition_table || info->pv_length == 0 || info->pv_length >= info->depth) return;
    Position *pos = malloc(sizeof *pos);
    if (!pos) return;
    position_copy(pos, &s->pos);
    for (int i = 0; i < info->pv_length; i++) make_move(pos, info->pv[i]);
    TTHit hit;
    while (info->pv_length < info->depth && info->pv_length < MAX_PLY - 1 && repetition_count(pos) == 0
           && tt_probe(s->tt, pos->key, info->pv_length, &hit) && hit.move != MOVE_NONE
           && move_is_legal_here(pos, hit.move)) {
        make_move(pos, hit.move);
        info->pv[info->pv_length++] = hit.move;
    }
    free(pos);
}

/* A line of this root read at the base piece values (shown_score.h). */
static Score line_shown_score(const Search *s, const SearchInfo *line)
{
    return shown_score(&s->pos, s->value, &s->features, line->pv, line->pv_length, line->score);
}

/* The root's best line as it stands: the principal variation with its depth and score. */
static void best_line(Search *s, Depth depth, Score score, SearchInfo *info)
{
    info->depth = depth;
    info->multipv = 0;
    info->presort_rank = 0;
    info->seldepth = s->stats.seldepth;
    info->score = score;
    info->nodes = shared_search_nodes(s);
    info->pv_length = s->pv_length[0];
    memcpy(info->pv, s->pv[0], (size_t)info->pv_length * sizeof(Move));
    pv_complete_from_table(s, info);
    info->shown_score = line_shown_score(s, info);
}

/* A depth completed (MultiPV 1): its line again, settled, with the depth's nodes. */
static void report_depth_done(Search *s, const SearchReporter *reporter, Depth depth, Score score)
{
    if (!reporter || !reporter->on_depth_done || s->multipv > 1) return;
    SearchInfo info;
    best_line(s, depth, score, &info);
    reporter->on_depth_done(reporter->context, &info);
}

/* Before any depth (MultiPV 1): the move the search would play if stopped now, the pre-sort's
 * first, with the root's material as its score: a "depth 0" line, nothing searched, so that a
 * slow search (a paced one, or TECH-1971's single deep depth) has a true line to show at once. */
static void report_presort_choice(Search *s, const SearchReporter *reporter)
{
    if (!reporter || !reporter->on_depth_done || s->multipv > 1 || s->root.count == 0) return;
    SearchInfo info;
    memset(&info, 0, sizeof info);
    info.score = (Score)(color_sign(s->pos.side) * s->material[0]);
    info.shown_score = line_shown_score(s, &info); /* the root's own material: the line is empty yet */
    info.pv[0] = s->root.moves[0].move;
    info.pv_length = 1;
    reporter->on_depth_done(reporter->context, &info);
}

/* MultiPV and Variety at a completed depth: its lines reported best first (MultiPV), and
 * Variety's candidates noted. */
static void root_lines_done(Search *s, const SearchReporter *reporter, Depth depth)
{
    RootLines *lines = &s->lines;
    int shown = s->multipv < lines->count ? s->multipv : lines->count;
    for (int i = 0; i < lines->count; i++) {
        SearchInfo *line = &lines->lines[i];
        line->depth = depth;
        line->seldepth = s->stats.seldepth;
        line->nodes = shared_search_nodes(s);
        line->multipv = s->multipv > 1 && i < shown ? i + 1 : 0;
        line->shown_score = line_shown_score(s, line);
    }
    if (s->variety) variety_collect(&s->candidates, lines);
    if (!reporter || s->multipv == 1) return; /* one line: reported as each new best move came */
    if (reporter->on_lines) {
        reporter->on_lines(reporter->context, lines->lines, shown);
        return;
    }
    for (int i = 0; i < shown && reporter->on_info; i++) reporter->on_info(reporter->context, &lines->lines[i]);
}

/* Variety: play one of the last completed depth's candidates instead of its best move, unless a
 * depth left unfinished has found a better move since. The chosen line is reported last, as
 * the line of the move played. */
static void apply_variety(Search *s, const SearchReporter *reporter, SearchResult *result)
{
    const VarietyCandidates *candidates = &s->candidates;
    if (candidates->count < 2 || result->best_move != candidates->lines[0].pv[0]) return;
    SearchInfo chosen = *variety_choose(candidates, &s->random_state);
    if (chosen.pv[0] == result->best_move) return;
    result->best_move = chosen.pv[0];
    result->score = chosen.score;
    result->shown_score = chosen.shown_score;
    result->ponder_move = chosen.pv_length > 1 ? chosen.pv[1] : MOVE_NONE;
    chosen.multipv = 0;
    if (reporter && reporter->on_info) reporter->on_info(reporter->context, &chosen);
    if (reporter && reporter->on_depth_done) reporter->on_depth_done(reporter->context, &chosen);
}

/* An explanation's expected root move `rm` scored `v` exactly: its line, as the table completes it. */
static void note_expected_line(Search *s, RootMove rm, Score v)
{
    if (s->expected_done >= VERDICT_EXPECTED_MAX) return;
    SearchInfo *line = &s->expected_lines[s->expected_done++];
    memset(line, 0, offsetof(SearchInfo, pv));
    line->score = v;
    line->presort_rank = rm.rank + 1;
    line->depth = s->depth_under_way;
    line->pv[0] = rm.move;
    line->pv_length = 1 + (s->pv_length[1] < MAX_PLY - 1 ? s->pv_length[1] : MAX_PLY - 1);
    memcpy(&line->pv[1], s->pv[1], (size_t)(line->pv_length - 1) * sizeof line->pv[0]);
    pv_complete_from_table(s, line);
}

const RootVerdict *search_root_verdict(const Search *s) { return &s->verdict; }

typedef enum { ROOT_EXACT, ROOT_FAIL_LOW, ROOT_FAIL_HIGH, ROOT_ABORTED } RootOutcome;

/* What one pass over the root moves found. */
typedef struct {
    Move best, ponder;
    int best_rank;
    Score score;
    Score shown;             /* the score read at the base values (shown_score.h) */
    int completed;           /* root moves fully searched */
    bool previous_best_done; /* the previous depth's best move is among them */
} RootLine;

/* An explanation's verdict from the pass just ended at `depth`, complete or cut: the chosen
 * move's line (explain_choice then adds the moves tied with it and the expected moves' lines). */
static void take_verdict(Search *s, Depth depth, const RootLine *line, bool partial)
{
    if (!s->explain.on) return;
    SearchInfo best;
    memset(&best, 0, offsetof(SearchInfo, pv));
    best.depth = depth;
    best.score = line->score;
    best.presort_rank = line->best_rank + 1;
    best.pv_length = s->pv_length[0];
    memcpy(best.pv, s->pv[0], (size_t)best.pv_length * sizeof best.pv[0]);
    pv_complete_from_table(s, &best);
    root_verdict_begin(&s->verdict, &best, line->completed, s->root.count, partial);
}

/* Search every root move at `depth` inside the window (lo, hi). A move replaces the best only
 * when strictly better, or equally good and earlier in the positional order, so the result is
 * the positionally first of the materially best moves whatever order the moves are searched in
 * (E7 puts the previous best first) and whatever the window [P, §4]. */
static RootOutcome search_root(Search *s, const RootMoves *root, Depth depth, Score lo, Score hi,
                               const SearchReporter *reporter, RootLine *line)
{
    /* The move a partial result must include: the previous depth's best, or at the first depth
     * the best move of a completed shallower search (the insurance search's), if one was given. */
    const Move previous_best = s->iteration_best != MOVE_NONE ? s->iteration_best : s->known_best;
    *line = (RootLine){
        .best = MOVE_NONE, .best_rank = MOVE_LIST_MAX, .score = lo, .previous_best_done = previous_best == MOVE_NONE};
    RootMove order[MOVE_LIST_MAX];
    int count = root->count;
    memcpy(order, root->moves, (size_t)count * sizeof order[0]);
    /* E7: the previous depth's best move first, the others in positional order. */
    if (s->features.iterative_deepening && s->iteration_best != MOVE_NONE) {
        for (int i = 1; i < count; i++)
            if (order[i].move == s->iteration_best) {
                RootMove first = order[i];
                memmove(order + 1, order, (size_t)i * sizeof order[0]);
                order[0] = first;
                break;
            }
    }
    if (s->root_lines_on)
        root_lines_reset(&s->lines, s->multipv, s->variety ? s->variety_margin : -1, VARIETY_RANK_SPAN);
    for (int i = 0; i < count; i++) {
        RootMove rm = order[i];
        if (reporter && reporter->on_current_move) reporter->on_current_move(reporter->context, depth, rm.move, i + 1);
        /* The score to beat: an earlier-ranked move needs only to equal the best (with MultiPV
         * or Variety, the last line kept, or the margin below the best). */
        Score bound = s->root_lines_on                                       ? root_lines_bound(&s->lines, rm.rank, lo)
                      : line->best != MOVE_NONE && rm.rank < line->best_rank ? line->score - 1
                                                                             : line->score;
        search_make(s, rm.move, 0);
        int extensions = 0;
        Depth next = depth - 1;
        const CheckKnown check = check_extension(s, &next, &extensions);
        Score v;
        if (s->features.pvs && i > 0) {
            v = -tree_search(s, next, -bound - 1, -bound, 1, extensions, check);
            if (v > bound && !s->aborted) v = -tree_search(s, next, -hi, -bound, 1, extensions, check);
        } else {
            v = -tree_search(s, next, -hi, -bound, 1, extensions, check);
        }
        unmake_move(&s->pos);
        if (s->aborted) return ROOT_ABORTED;
        line->completed++;
        if (rm.move == previous_best) line->previous_best_done = true;
        if (v <= bound) continue;
        if (s->root_lines_on) {
            root_lines_add(&s->lines, rm.move, rm.rank, v, s->pv[1], s->pv_length[1]);
            if (s->lines.lines[0].pv[0] != rm.move) continue; /* kept, but not the best */
        }
        line->best = rm.move;
        line->best_rank = rm.rank;
        line->score = v;
        pv_update(s, 0, rm.move);
        line->ponder = s->pv_length[0] > 1 ? s->pv[0][1] : MOVE_NONE;
        SearchInfo info;
        best_line(s, depth, v, &info);
        line->shown = info.shown_score;
        if (v >= hi) return ROOT_FAIL_HIGH;
        /* A new best move of the depth under way: its line, which the rest of the depth may still
         * better (MultiPV: the lines once the depth is done). */
        if (s->multipv == 1 && reporter && reporter->on_info) reporter->on_info(reporter->context, &info);
    }
    return line->best == MOVE_NONE ? ROOT_FAIL_LOW : ROOT_EXACT;
}

/* One depth: the root searched in an aspiration window around the previous score (E8),
 * widened until the score falls inside it. The result is updated when the depth completes, or,
 * after an abort, with the best of the completed root moves [C, §7] provided the previous
 * depth's best move is among them (or a move proved better than it). */
static void search_depth(Search *s, Depth depth, const SearchReporter *reporter, SearchResult *result)
{
    Score lo = -SCORE_INFINITE, hi = SCORE_INFINITE, delta = ASPIRATION_DELTA;
    if (s->features.pvs && depth >= ASPIRATION_MIN_DEPTH && s->iteration_best != MOVE_NONE
        && !score_is_mate(s->iteration_score) && !s->root_lines_on) {
        lo = s->iteration_score - delta;
        hi = s->iteration_score + delta;
    }
    for (;;) {
        RootLine line;
        RootOutcome outcome = search_root(s, &s->root, depth, lo, hi, reporter, &line);
        result->completed_root_moves = line.completed;
        bool usable = line.best != MOVE_NONE && (line.previous_best_done || outcome == ROOT_FAIL_HIGH);
        /* MultiPV shows completed depths only, so the move and the score stay a completed depth's
         * (or the insurance search's): the last line shown is then the line of the move played. */
        if (outcome == ROOT_ABORTED && s->multipv > 1) usable = false;
        if (outcome == ROOT_ABORTED || outcome == ROOT_EXACT) {
            if (usable) {
                result->best_move = line.best;
                result->score = line.score;
                result->shown_score = line.shown;
                result->ponder_move = line.ponder;
                result->searched = true;
                take_verdict(s, depth, &line, outcome == ROOT_ABORTED);
            }
            if (outcome == ROOT_EXACT) {
                result->depth = depth;
                if (s->root_lines_on) root_lines_done(s, reporter, depth);
                report_depth_done(s, reporter, depth, line.score);
            }
            return;
        }
        if (outcome == ROOT_FAIL_HIGH) {
            /* A move proved better than the window: play it if time runs out now. */
            result->best_move = line.best;
            result->score = line.score;
            result->shown_score = line.shown;
            result->ponder_move = line.ponder;
            result->searched = true;
            s->iteration_best = line.best;
            hi = delta * ASPIRATION_WIDEN > SCORE_MATE ? SCORE_INFINITE : line.score + delta * ASPIRATION_WIDEN;
        } else {
            lo = delta * ASPIRATION_WIDEN > SCORE_MATE ? -SCORE_INFINITE : lo - delta * (ASPIRATION_WIDEN - 1);
        }
        delta *= ASPIRATION_WIDEN;
    }
}

/* E3, the paper's planned secondary search: look SECONDARY_SEARCH_PLIES deeper at the
 * chosen move; only if it then scores worse are the other moves searched that deep too. */
static void secondary_search(Search *s, const SearchReporter *reporter, SearchResult *result)
{
    Depth deeper_depth = result->depth + SECONDARY_SEARCH_PLIES;
    int chosen_at = 0;
    for (int i = 0; i < s->root.count; i++)
        if (s->root.moves[i].move == result->best_move) chosen_at = i;
    RootMoves chosen = {.moves = {s->root.moves[chosen_at]}, .count = 1};
    RootLine line;
    s->iteration_best = MOVE_NONE;
    if (search_root(s, &chosen, deeper_depth, -SCORE_INFINITE, SCORE_INFINITE, NULL, &line) == ROOT_ABORTED) return;
    if (line.score >= result->score) {
        result->score = line.score;
        result->shown_score = line.shown;
        result->ponder_move = line.ponder;
        result->depth = deeper_depth;
        return;
    }
    /* The chosen move fell: give every move the deeper look, the chosen one first. */
    s->iteration_best = result->best_move;
    SearchResult deeper = *result;
    search_depth(s, deeper_depth, reporter, &deeper);
    if (deeper.completed_root_moves > 0) *result = deeper;
}

/* [C] An explanation's own work after the search, in nodes: about half a second on a machine of
 * 2020 (issue 53: at most a second beyond the search). Cut there, the moves left are not counted. */
enum { EXPLAIN_NODES = 3000000 };

/* An explanation, after the depth that chose the move (complete, not cut): each other root move
 * searched once more at that depth, as the search did, in a null window just below the chosen
 * move's score (at least as good: tied with it), the expected moves in the whole window (their
 * exact lines). Unpaced and outside the search's budget; `stop` still ends it. */
static void explain_choice(Search *s)
{
    RootVerdict *verdict = &s->verdict;
    if (!s->explain.on || verdict->depth == 0 || verdict->partial) {
        verdict->tied = 0;
        return;
    }
    const Score best = verdict->lines[0].score;
    const Move chosen = verdict->lines[0].pv[0];
    s->aborted = false;
    s->features.pace_multiple = 0;
    s->on_pdp10_clock = false;
    s->pdp10_budget_us = 0;
    s->reporter = NULL;
    s->poll_mask = POLL_INTERVAL - 1;
    s->node_limit = s->stats.nodes + EXPLAIN_NODES;
    s->depth_under_way = verdict->depth;
    s->expected_done = 0;
    for (int i = 0; i < s->root.count && !s->aborted; i++) {
        const RootMove rm = s->root.moves[i];
        if (rm.move == chosen) continue;
        const bool expected = explain_expected_index(&s->explain, rm.move) >= 0;
        search_make(s, rm.move, 0);
        int extensions = 0;
        Depth next = verdict->depth - 1;
        const CheckKnown check = check_extension(s, &next, &extensions);
        Score v = expected ? -tree_search(s, next, -SCORE_INFINITE, SCORE_INFINITE, 1, extensions, check)
                           : -tree_search(s, next, -best, -best + 1, 1, extensions, check);
        unmake_move(&s->pos);
        if (s->aborted) break;
        if (expected) note_expected_line(s, rm, v);
        if (expected ? v == best : v >= best) root_verdict_add_tied(verdict, rm.move, rm.rank);
    }
    verdict->ties_cut = s->aborted; /* the moves left are not counted */
    root_verdict_set_expected(verdict, s->expected_lines, s->expected_done);
}

/* Set up a search of `root_pos` on this thread's Search (its own position and counters). */
void search_begin(Search *s, const Position *root_pos, const SearchLimits *limits, const SearchFeatures *features,
                  SearchControl *control)
{
    memset(&s->stats, 0, sizeof s->stats);
    atomic_store_explicit(&s->published_nodes, 0, memory_order_relaxed);
    memset(s->killers, 0, sizeof s->killers); /* no state leaks between searches */
    history_clear(&s->history);
    memset(s->depth_end_us, 0, sizeof s->depth_end_us);
    memset(s->depth_time_us, 0, sizeof s->depth_time_us);
    s->features = *features;
    s->eval_switches = (EvalSwitches){features->tree_positional, features->piece_values, features->basic_endgames};
    s->eval_incremental = features->tree_positional || features->piece_values;
    s->leaf_knowledge = s->eval_incremental || features->basic_endgames;
    s->keyed = features->transposition_table || features->draw_detection;
    search_features_prepare(features);
    s->control = control;
    s->node_limit = limits->nodes;
    s->pdp10_budget_us = limits->pdp10_budget_us;
    s->on_pdp10_clock = features->pace_multiple > 0 || limits->pdp10_budget_us > 0;
    s->poll_mask = search_poll_mask(features, limits);
    s->aborted = false;
    s->budget_spent = false;
    s->iteration_best = MOVE_NONE;
    s->iteration_score = 0;
    s->known_best = limits->known_best;
    s->multipv = limits->multipv > 1 ? limits->multipv : 1;
    s->variety = limits->variety;
    s->variety_margin = limits->variety_margin > 0 ? limits->variety_margin : 0;
    s->explain = limits->explain;
    s->verdict.depth = 0;
    s->root_lines_on = s->multipv > 1 || s->variety;
    s->candidates.count = 0;
    s->start_us = clock_now_us();
    s->last_progress_us = s->start_us;
    s->reporter = NULL;
    s->depth_under_way = 0;
    position_copy(&s->pos, root_pos);
    s->in_check[0] = position_in_check(&s->pos);
}

/* Depth after depth from `first` for as long as search_go_deeper allows (the main thread), or
 * until stopped (helpers, which follow the main thread's depth). */
void search_depths(Search *s, const SearchLimits *limits, Depth first, Depth cap, const SearchReporter *reporter,
                   SearchResult *result)
{
    for (Depth d = first; d <= cap; d++) {
        d = shared_search_align_depth(s, d);
        s->depth_under_way = d;
        s->depth_start_us = clock_now_us();
        search_depth(s, d, reporter, result);
        if (s->aborted) break;
        s->depth_end_us[d] = clock_now_us();
        s->depth_time_us[d] = s->depth_end_us[d] - s->depth_start_us;
        result->depth_time_us = s->depth_time_us[d];
        s->iteration_best = result->best_move;
        s->iteration_score = result->score;
        if (s->is_helper) continue;
        atomic_store(&s->control->completed_depth, d);
        if (!search_go_deeper(s, limits, cap, d, result)) break;
    }
}

/* The deepest depth `limits` allow: its depth, within [1, SEARCH_DEPTH_MAX]. */
static Depth deepest_depth(const SearchLimits *limits)
{
    return limits->depth < 1 ? 1 : limits->depth > SEARCH_DEPTH_MAX ? SEARCH_DEPTH_MAX : limits->depth;
}

Depth search_first_depth(const SearchLimits *limits, const SearchFeatures *features)
{
    Depth cap = deepest_depth(limits);
    Depth first = limits->first_depth > 0 ? limits->first_depth : cap;
    if (features->iterative_deepening || limits->mate > 0) first = 1;
    return first > cap ? cap : first;
}

SearchResult search_run(Search *s, const Position *root_pos, const SearchLimits *limits, const SearchFeatures *features,
                        SearchControl *control, const SearchReporter *reporter)
{
    /* The caller's side (debug builds): a legal, consistent root; limits and features in range. */
    assert(s && root_pos && limits && features && control);
    assert(position_ok(root_pos) && !enemy_king_capturable(root_pos));
    assert(limits->first_depth >= 0 && limits->mate >= 0 && limits->pdp10_budget_us >= 0);
    assert(limits->multipv >= 0 && limits->multipv <= MULTIPV_MAX);
    assert(limits->searchmoves_count >= 0 && limits->searchmoves_count <= MOVE_LIST_MAX);
    for (int i = 0; i < limits->searchmoves_count; i++) assert(position_move_ok(root_pos, limits->searchmoves[i]));
    assert(features->threads >= 1 && features->threads <= SEARCH_THREADS_MAX && features->pace_multiple >= 0);
    assert(features->presort_reading >= 0 && features->presort_reading < READING_NB);
    SearchResult result;
    memset(&result, 0, sizeof result);
    int64_t cpu_start = platform_thread_cpu_us();
    search_begin(s, root_pos, limits, features, control);
    s->reporter = reporter;
    s->is_helper = false;
    s->shared = NULL;
    if (s->tt && features->transposition_table) tt_new_search(s->tt);

    root_moves_prepare(s, limits);
    s->material[0] = root_material(s);
    if (s->eval_incremental) eval_line_init(&s->eval, &s->pos);
    if (s->root.count == 0) {
        result.score = result.shown_score = s->in_check[0] ? -SCORE_MATE : SCORE_DRAW;
        result.searched = true; /* nothing to choose from: the result is final */
    } else {
        result.best_move = s->root.moves[0].move; /* until a root move completes */
        report_presort_choice(s, reporter);
        Depth cap = deepest_depth(limits);
        Depth first = search_first_depth(limits, features);
        int helpers = shared_search_start(s, root_pos);
        search_depths(s, limits, first, cap, reporter, &result);
        if (helpers) shared_search_stop(s, &result);
        if (s->variety && result.depth > 0) apply_variety(s, reporter, &result);
        /* E3 under a soft limit only while it has not passed (the hard limit still aborts it). */
        int64_t soft = atomic_load(&control->soft_deadline_us);
        if (features->secondary_search && !s->aborted && s->root.count > 1 && result.depth > 0
            && (!soft || clock_now_us() < soft) && !atomic_load(&control->pondering))
            secondary_search(s, reporter, &result);
    }
    result.aborted = s->aborted;
    result.budget_spent = s->budget_spent;
    result.stats.nodes += s->stats.nodes;
    result.stats.bottom_positions += s->stats.bottom_positions;
    result.stats.full_generations = s->stats.full_generations;
    result.stats.capture_generations = s->stats.capture_generations;
    result.stats.makes = s->stats.makes;
    result.stats.cutoffs = s->stats.cutoffs;
    result.stats.first_move_cutoffs = s->stats.first_move_cutoffs;
    result.stats.seldepth = s->stats.seldepth;
    result.stats.wall_us = clock_now_us() - s->start_us;
    result.stats.cpu_us = platform_thread_cpu_us() - cpu_start;
    if (s->root.count > 0 && result.searched) explain_choice(s);
    return result;
}
