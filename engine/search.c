/* search.c - TECH's tactical analysis at the root: the moves in the positional pre-sort order
 * (§5) so that ties go to the positionally best move, depth after depth as long as the
 * control allows (docs/SPEC.md §4, §7, §8), with the helper threads of Threads > 1. */
#include "search.h"

#include <stdlib.h>
#include <time.h>

#include "attack.h"
#include "kpk.h"
#include "pdp10.h"
#include "positional.h"
#include "rules.h"
#include "search_internal.h"

/* E3: the secondary search looks this much deeper at the chosen move (docs/SPEC.md §10). */
enum { SECONDARY_SEARCH_PLIES = 2 };
/* E8: the aspiration window starts this far either side of the previous depth's score, from
 * this depth on, and widens by this factor at each failure [C]. Leaves are material only, so
 * a score mostly stays put from one depth to the next or moves by a pawn or more. */
enum { ASPIRATION_DELTA = 30, ASPIRATION_MIN_DEPTH = 4, ASPIRATION_WIDEN = 4 };
/* [P] docs/SPEC.md §7: one depth deeper costs about x3 from an even depth and x7 from an odd one.
 * Until a search has timed two depths of its own it predicts with these. */
enum { GROWTH_FROM_EVEN = 3, GROWTH_FROM_ODD = 7 };
/* [C] A measured growth is believed only within these bounds. */
static const double GROWTH_MIN = 1.5, GROWTH_MAX = 12.0;
/* [C] Speed: the search sleeps once it is this far ahead of its pace, in slices of at most this
 * long with the controls polled between them, so that stop, ponderhit and the hard limit are
 * seen within a slice however far ahead it is. */
enum { PACE_AHEAD_US = 1000, PACE_SLICE_US = 2000 };
/* [C] Paced, the controls are polled about this often in wall time: every node at the PDP-10's
 * own pace (a node there costs about 5 ms), every POLL_INTERVAL nodes at native pace. */
enum { PACE_POLL_US = 500 };
/* [C] A rough PDP-10 cost of one node, for the poll interval only, in microseconds: 1.45 ms of
 * tree management and the rest, plus about a third of a 10.6 ms generation and its board
 * updates (docs/STATISTICS.md §4). */
enum { PDP10_NODE_US_ROUGH = 5000 };

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

void search_control_reset(SearchControl *control)
{
    atomic_store(&control->stop, false);
    atomic_store(&control->pondering, false);
    atomic_store(&control->limits_changed, false);
    atomic_store(&control->target_depth, 0);
    atomic_store(&control->soft_deadline_us, 0);
    atomic_store(&control->hard_deadline_us, 0);
    atomic_store(&control->completed_depth, 0);
}

void search_control_arm(SearchControl *control, Depth target_depth, int64_t soft_deadline_us, int64_t hard_deadline_us)
{
    atomic_store(&control->target_depth, target_depth);
    atomic_store(&control->soft_deadline_us, soft_deadline_us);
    atomic_store(&control->hard_deadline_us, hard_deadline_us);
    atomic_store(&control->pondering, false);
    atomic_store(&control->limits_changed, true);
}

Search *search_create(void)
{
    Search *search = calloc(1, sizeof(Search));
    if (search) search->random_state = random_seed(search);
    return search;
}

static void shared_destroy(SharedSearch *shared)
{
    if (!shared) return;
    pool_destroy(shared->pool);
    for (int i = 0; i < SEARCH_THREADS_MAX - 1; i++) free(shared->helpers[i]);
    free(shared);
}

void search_destroy(Search *search)
{
    if (!search) return;
    shared_destroy(search->threads);
    free(search);
}

void search_clear(Search *search)
{
    memset(search->killers, 0, sizeof search->killers);
    if (search->threads)
        for (int i = 0; i < SEARCH_THREADS_MAX - 1; i++)
            if (search->threads->helpers[i]) memset(search->threads->helpers[i]->killers, 0, sizeof search->killers);
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

static int64_t thread_cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* Nodes of every thread so far, for progress reports. */
static uint64_t nodes_so_far(const Search *s)
{
    uint64_t nodes = s->stats.nodes;
    if (s->shared)
        for (int i = 0; i < s->shared->helper_count; i++)
            nodes += atomic_load_explicit(&s->shared->helpers[i]->published_nodes, memory_order_relaxed);
    return nodes;
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
        for (int j = 0; j < limits->searchmoves_count && !wanted; j++)
            wanted = move_same(limits->searchmoves[j], m);
        if (wanted) s->root.moves[s->root.count++] = (RootMove){m, i};
    }
    free(presort);
}

/* White-minus-Black material of the root at this search's values. */
static Score root_material(const Search *s)
{
    Score total = 0;
    for (Color c = BLACK; c <= WHITE; c++)
        for (PieceType t = PAWN; t < KING; t++)
            total += color_sign(c) * s->value[c][t] * s->pos.count[c][t];
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

static void report_info(Search *s, const SearchReporter *reporter, Depth depth, Score score)
{
    if (!reporter || !reporter->on_info) return;
    SearchInfo info;
    info.depth = depth;
    info.multipv = 0;
    info.presort_rank = 0;
    info.seldepth = s->stats.seldepth;
    info.score = score;
    info.nodes = nodes_so_far(s);
    info.pv_length = s->pv_length[0];
    memcpy(info.pv, s->pv[0], (size_t)info.pv_length * sizeof(Move));
    pv_complete_from_table(s, &info);
    reporter->on_info(reporter->context, &info);
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
        line->nodes = nodes_so_far(s);
        line->multipv = s->multipv > 1 && i < shown ? i + 1 : 0;
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
    result->ponder_move = chosen.pv_length > 1 ? chosen.pv[1] : MOVE_NONE;
    chosen.multipv = 0;
    if (reporter && reporter->on_info) reporter->on_info(reporter->context, &chosen);
}

typedef enum { ROOT_EXACT, ROOT_FAIL_LOW, ROOT_FAIL_HIGH, ROOT_ABORTED } RootOutcome;

/* What one pass over the root moves found. */
typedef struct {
    Move best, ponder;
    int best_rank;
    Score score;
    int completed;               /* root moves fully searched */
    bool previous_best_done;     /* the previous depth's best move is among them */
} RootLine;

/* Search every root move at `depth` inside the window (lo, hi). A move replaces the best only
 * when strictly better, or equally good and earlier in the positional order, so the result is
 * the positionally first of the materially best moves whatever order the moves are searched in
 * (E7 puts the previous best first) and whatever the window [P, §4]. */
static RootOutcome search_root(Search *s, const RootMoves *root, Depth depth, Score lo, Score hi,
                               const SearchReporter *reporter, RootLine *line)
{
    *line = (RootLine){.best = MOVE_NONE, .best_rank = MOVE_LIST_MAX, .score = lo,
                       .previous_best_done = s->iteration_best == MOVE_NONE};
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
        Score bound = s->root_lines_on ? root_lines_bound(&s->lines, rm.rank, lo)
                    : line->best != MOVE_NONE && rm.rank < line->best_rank ? line->score - 1 : line->score;
        search_make(s, rm.move, 0);
        int extensions = 0;
        Depth next = depth - 1;
        if (s->features.check_extension && tree_side_to_move_in_check(s)) {
            next++;
            extensions++;
        }
        Score v;
        if (s->features.pvs && i > 0) {
            v = -tree_search(s, next, -bound - 1, -bound, 1, extensions);
            if (v > bound && !s->aborted) v = -tree_search(s, next, -hi, -bound, 1, extensions);
        } else {
            v = -tree_search(s, next, -hi, -bound, 1, extensions);
        }
        unmake_move(&s->pos);
        if (s->aborted) return ROOT_ABORTED;
        line->completed++;
        if (rm.move == s->iteration_best) line->previous_best_done = true;
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
        if (v >= hi) return ROOT_FAIL_HIGH;
        if (s->multipv == 1) report_info(s, reporter, depth, v); /* MultiPV: once the depth is done */
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
        if (outcome == ROOT_ABORTED || outcome == ROOT_EXACT) {
            if (usable) {
                result->best_move = line.best;
                result->score = line.score;
                result->ponder_move = line.ponder;
            }
            if (outcome == ROOT_EXACT) {
                result->depth = depth;
                if (s->root_lines_on) root_lines_done(s, reporter, depth);
            }
            return;
        }
        if (outcome == ROOT_FAIL_HIGH) {
            /* A move proved better than the window: play it if time runs out now. */
            result->best_move = line.best;
            result->score = line.score;
            result->ponder_move = line.ponder;
            s->iteration_best = line.best;
            hi = delta * ASPIRATION_WIDEN > SCORE_MATE ? SCORE_INFINITE : line.score + delta * ASPIRATION_WIDEN;
        } else {
            lo = delta * ASPIRATION_WIDEN > SCORE_MATE ? -SCORE_INFINITE : lo - delta * (ASPIRATION_WIDEN - 1);
        }
        delta *= ASPIRATION_WIDEN;
    }
}

/* How long the next depth will take: the last depth's time times the growth from the depth
 * before it (or the paper's x3/x7 until two depths are timed); 0 if nothing is timed yet. */
static int64_t predicted_time_us(const Search *s, Depth next)
{
    Depth last = next - 1;
    if (last < 1 || s->depth_time_us[last] <= 0) return 0;
    double growth = last % 2 == 0 ? GROWTH_FROM_EVEN : GROWTH_FROM_ODD;
    if (last >= 2 && s->depth_time_us[last - 1] > 0) {
        growth = (double)s->depth_time_us[last] / (double)s->depth_time_us[last - 1];
        if (growth < GROWTH_MIN) growth = GROWTH_MIN;
        if (growth > GROWTH_MAX) growth = GROWTH_MAX;
    }
    return (int64_t)((double)s->depth_time_us[last] * growth);
}

/* Would TECH-modern's time rule stop after depth `done`, completed at `done_at_us`? Under a
 * soft limit it begins no depth after it, nor one predicted to end after the hard limit. (A
 * hard limit alone, as with `movetime`, is a budget to use up: the search runs until it.) */
static bool time_rule_stops(const Search *s, Depth done, int64_t done_at_us, int64_t soft_us, int64_t hard_us)
{
    if (!soft_us) return false;
    if (done_at_us >= soft_us) return true;
    return hard_us && done_at_us + predicted_time_us(s, done + 1) > hard_us;
}

static bool mate_found(const SearchResult *result, int mate_moves)
{
    return score_is_mate(result->score) && result->score > 0 && score_mate_moves(result->score) <= mate_moves;
}

/* After depth `done` completed: search the next one? */
static bool go_deeper(const Search *s, const SearchLimits *limits, Depth cap, Depth done, const SearchResult *result)
{
    SearchControl *c = s->control;
    if (done >= cap) return false;
    if (limits->mate > 0 && mate_found(result, limits->mate)) return false;
    if (atomic_load(&c->pondering)) return true; /* docs/SPEC.md §8: the opponent's time */
    Depth target = atomic_load(&c->target_depth);
    if (target > 0) return done < target;
    int64_t now = clock_now_us();
    int64_t soft = atomic_load(&c->soft_deadline_us), hard = atomic_load(&c->hard_deadline_us);
    return !time_rule_stops(s, done, now, soft, hard);
}

static void search_rejudge_limits(Search *s);

/* The stop flag, the hard deadline and a ponder hit's new limits. */
static void poll_controls(Search *s)
{
    SearchControl *c = s->control;
    if (atomic_load_explicit(&c->stop, memory_order_relaxed)) s->aborted = true;
    int64_t deadline = atomic_load_explicit(&c->hard_deadline_us, memory_order_relaxed);
    if (deadline && clock_now_us() >= deadline) s->aborted = true;
    if (!s->is_helper && atomic_load_explicit(&c->limits_changed, memory_order_relaxed)) search_rejudge_limits(s);
}

/* Speed: hold the search back until the wall clock has caught up with its virtual PDP-10 time
 * run `pace_multiple` times faster. It sleeps (the CPU idles) in short slices and stops
 * waiting as soon as a control says so. */
static void pace_to_speed(Search *s, int64_t virtual_us)
{
    int64_t due_us = s->start_us + (int64_t)((double)virtual_us / s->features.pace_multiple);
    while (!s->aborted) {
        int64_t ahead = due_us - clock_now_us();
        if (ahead < PACE_AHEAD_US) return;
        struct timespec pause = {0, (long)(ahead < PACE_SLICE_US ? ahead : PACE_SLICE_US) * 1000L};
        nanosleep(&pause, NULL);
        poll_controls(s);
    }
}

void search_poll(Search *s)
{
    atomic_store_explicit(&s->published_nodes, s->stats.nodes, memory_order_relaxed);
    poll_controls(s);
    if (s->on_pdp10_clock) {
        int64_t virtual_us = pdp10_us(&s->stats);
        if (s->pdp10_budget_us && virtual_us >= s->pdp10_budget_us) s->aborted = true;
        if (s->features.pace_multiple > 0 && !s->aborted) pace_to_speed(s, virtual_us);
    }
}

/* Poll every POLL_INTERVAL nodes; paced, as many nodes as the pace runs in about PACE_POLL_US
 * (a power of two, at least one); under a PDP-10 budget, every node, so that it ends exactly. */
static uint64_t poll_mask_for(const SearchFeatures *features, const SearchLimits *limits)
{
    if (limits->pdp10_budget_us > 0) return 0;
    if (features->pace_multiple <= 0) return POLL_INTERVAL - 1;
    double nodes = features->pace_multiple * PACE_POLL_US / PDP10_NODE_US_ROUGH;
    uint64_t every = 1;
    while (every < POLL_INTERVAL && (double)(every * 2) <= nodes) every *= 2;
    return every - 1;
}

/* The main search's judgement of a ponder hit's new limits (docs/SPEC.md §8), at the next poll. */
static void search_rejudge_limits(Search *s)
{
    SearchControl *c = s->control;
    if (!atomic_exchange(&c->limits_changed, false) || atomic_load(&c->pondering)) return;
    Depth done = atomic_load(&c->completed_depth);
    if (done < 1) return;
    /* TECH-1971 wants a depth: has the ponder search completed it already? */
    Depth target = atomic_load(&c->target_depth);
    if (target > 0) {
        if (done >= target) s->aborted = true;
        return;
    }
    /* TECH-modern: has the ponder search thought as long as the time rule would give a search
     * of its own now, or would the rule, counted from the ponder search's start, have stopped
     * at one of its completed depths? Then what it has is what the rule wants: play at once. */
    int64_t now = clock_now_us(), soft = atomic_load(&c->soft_deadline_us), hard = atomic_load(&c->hard_deadline_us);
    int64_t soft_budget = soft ? soft - now : 0, hard_budget = hard ? hard - now : 0;
    if (!soft) return;
    if (soft_budget <= 0 || hard_budget <= 0 || now - s->start_us >= soft_budget) {
        s->aborted = true;
        return;
    }
    for (Depth d = 1; d <= done; d++)
        if (s->depth_end_us[d] && time_rule_stops(s, d, s->depth_end_us[d] - s->start_us, soft_budget, hard_budget)) {
            s->aborted = true;
            return;
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

/* Set up a search of `root_pos` on this thread's Search (its own position and counters). */
static void search_begin(Search *s, const Position *root_pos, const SearchLimits *limits,
                         const SearchFeatures *features, SearchControl *control)
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
    search_features_prepare(features);
    s->control = control;
    s->node_limit = limits->nodes;
    s->pdp10_budget_us = limits->pdp10_budget_us;
    s->on_pdp10_clock = features->pace_multiple > 0 || limits->pdp10_budget_us > 0;
    s->poll_mask = poll_mask_for(features, limits);
    s->aborted = false;
    s->iteration_best = MOVE_NONE;
    s->iteration_score = 0;
    s->multipv = limits->multipv > 1 ? limits->multipv : 1;
    s->variety = limits->variety;
    s->variety_margin = limits->variety_margin > 0 ? limits->variety_margin : 0;
    s->root_lines_on = s->multipv > 1 || s->variety;
    s->candidates.count = 0;
    s->start_us = clock_now_us();
    position_copy(&s->pos, root_pos);
    s->in_check[0] = position_in_check(&s->pos);
}

/* Depth after depth from `first` for as long as go_deeper allows (the main thread), or until
 * stopped (helpers, which follow the main thread's depth). */
static void search_depths(Search *s, const SearchLimits *limits, Depth first, Depth cap,
                          const SearchReporter *reporter, SearchResult *result)
{
    for (Depth d = first; d <= cap; d++) {
        if (s->is_helper) {
            Depth main_depth = atomic_load(&s->shared->main_depth);
            if (d < main_depth) d = main_depth;
        } else if (s->shared) {
            atomic_store(&s->shared->main_depth, d);
        }
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
        if (!go_deeper(s, limits, cap, d, result)) break;
    }
}

/* A helper thread's part: the same root, depth after depth, sharing the table, until the main
 * search ends. Its results are only the table entries it leaves. */
static void helper_task(void *context, int index)
{
    SharedSearch *shared = context;
    const Search *main = shared->main;
    Search *h = shared->helpers[index];
    SearchLimits limits = {.depth = SEARCH_DEPTH_MAX};
    SearchFeatures features = main->features;
    features.secondary_search = false;
    search_begin(h, shared->root, &limits, &features, &shared->helper_control);
    h->tt = main->tt;
    h->shared = shared;
    h->is_helper = true;
    h->root = main->root;
    memcpy(h->value, main->value, sizeof h->value);
    h->material[0] = main->material[0];
    eval_line_copy_root(&h->eval, &main->eval);
    SearchResult ignored;
    memset(&ignored, 0, sizeof ignored);
    search_depths(h, &limits, 1, SEARCH_DEPTH_MAX, NULL, &ignored);
    h->stats.wall_us = clock_now_us() - h->start_us;
}

/* Helpers for this search: they need the shared table (E4) to pass on what they find. */
static int start_helpers(Search *s, const Position *root_pos)
{
    int wanted = s->features.threads - 1;
    /* [C] A paced search is one PDP-10 made faster: one thread (docs/SPEC.md §10, Threads). */
    if (wanted <= 0 || !s->tt || !s->features.transposition_table || s->features.pace_multiple > 0) return 0;
    if (wanted > SEARCH_THREADS_MAX - 1) wanted = SEARCH_THREADS_MAX - 1;
    SharedSearch *shared = s->threads;
    if (!shared) {
        shared = calloc(1, sizeof *shared);
        if (!shared || !(shared->pool = pool_create())) {
            free(shared);
            return 0;
        }
        s->threads = shared;
    }
    int available = pool_reserve(shared->pool, wanted);
    int count = 0;
    while (count < available && (shared->helpers[count] || (shared->helpers[count] = search_create()))) count++;
    shared->helper_count = count;
    if (count == 0) return 0;
    search_control_reset(&shared->helper_control);
    atomic_store(&shared->main_depth, 1);
    for (int i = 0; i < BUSY_TABLE_SIZE; i++) atomic_store_explicit(&shared->busy[i], 0, memory_order_relaxed);
    shared->main = s;
    shared->root = root_pos;
    s->shared = shared;
    pool_start(shared->pool, count, helper_task, shared);
    return count;
}

static void stop_helpers(Search *s, SearchResult *result)
{
    SharedSearch *shared = s->shared;
    atomic_store(&shared->helper_control.stop, true);
    pool_wait(shared->pool);
    for (int i = 0; i < shared->helper_count; i++) {
        result->stats.nodes += shared->helpers[i]->stats.nodes;
        result->stats.bottom_positions += shared->helpers[i]->stats.bottom_positions;
    }
    shared->helper_count = 0;
    s->shared = NULL;
}

SearchResult search_run(Search *s, const Position *root_pos, const SearchLimits *limits,
                        const SearchFeatures *features, SearchControl *control,
                        const SearchReporter *reporter)
{
    SearchResult result;
    memset(&result, 0, sizeof result);
    int64_t cpu_start = thread_cpu_us();
    search_begin(s, root_pos, limits, features, control);
    s->is_helper = false;
    s->shared = NULL;
    if (s->tt && features->transposition_table) tt_new_search(s->tt);

    root_moves_prepare(s, limits);
    s->material[0] = root_material(s);
    if (s->eval_incremental) eval_line_init(&s->eval, &s->pos);
    if (s->root.count == 0) {
        result.score = s->in_check[0] ? -SCORE_MATE : SCORE_DRAW;
    } else {
        result.best_move = s->root.moves[0].move; /* until a root move completes */
        Depth cap = limits->depth < 1 ? 1 : limits->depth > SEARCH_DEPTH_MAX ? SEARCH_DEPTH_MAX : limits->depth;
        Depth first = limits->first_depth > 0 ? limits->first_depth : cap;
        if (features->iterative_deepening || limits->mate > 0) first = 1;
        if (first > cap) first = cap;
        int helpers = start_helpers(s, root_pos);
        search_depths(s, limits, first, cap, reporter, &result);
        if (helpers) stop_helpers(s, &result);
        if (s->variety && result.depth > 0) apply_variety(s, reporter, &result);
        /* E3 under a soft limit only while it has not passed (the hard limit still aborts it). */
        int64_t soft = atomic_load(&control->soft_deadline_us);
        if (features->secondary_search && !s->aborted && s->root.count > 1 && result.depth > 0
            && (!soft || clock_now_us() < soft) && !atomic_load(&control->pondering))
            secondary_search(s, reporter, &result);
    }
    result.aborted = s->aborted;
    result.stats.nodes += s->stats.nodes;
    result.stats.bottom_positions += s->stats.bottom_positions;
    result.stats.full_generations = s->stats.full_generations;
    result.stats.capture_generations = s->stats.capture_generations;
    result.stats.makes = s->stats.makes;
    result.stats.cutoffs = s->stats.cutoffs;
    result.stats.first_move_cutoffs = s->stats.first_move_cutoffs;
    result.stats.seldepth = s->stats.seldepth;
    result.stats.wall_us = clock_now_us() - s->start_us;
    result.stats.cpu_us = thread_cpu_us() - cpu_start;
    return result;
}
