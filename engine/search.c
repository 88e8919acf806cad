/* search.c - TECH's tactical analysis: full-width alpha-beta to a fixed depth, quiescence
 * over every capture sequence, material-only leaves (TECH.md §4). The root is searched in
 * the positional pre-sort order (§5) so that ties go to the positionally best move. */
#include "search.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "attack.h"
#include "clock.h"
#include "legality.h"
#include "makemove.h"
#include "positional.h"
#include "rules.h"
#include "tt.h"

/* The stop flag and the clock are looked at once every this many nodes (TECH.md §7). */
enum { POLL_INTERVAL = 1024 };
/* E2: at most this many check extensions along one line [C]. */
enum { CHECK_EXTENSION_MAX = 16 };
/* E3: the secondary search looks this much deeper at the chosen move (TECH.md §10). */
enum { SECONDARY_SEARCH_PLIES = 2 };
/* Plies of the 50-move rule, for E5. */
enum { FIFTY_MOVE_PLIES = 100 };

struct Search {
    Position pos;                      /* the search's own copy of the root position */
    Move killers[MAX_PLY];             /* one killer per ply [C, TECH.md §4] */
    bool in_check[MAX_PLY + 1];        /* side to move in check at each ply (set before its moves) */
    Score material[MAX_PLY + 1];       /* White-minus-Black material at each ply, revalued */
    Score value[COLOR_NB][PIECE_TYPE_NB]; /* piece values for this search (§5.8) */
    Move pv[MAX_PLY][MAX_PLY];         /* triangular principal-variation table */
    int pv_length[MAX_PLY];
    SearchStats stats;
    SearchFeatures features;
    SearchControl *control;
    uint64_t node_limit;
    int64_t start_us;
    int root_ply;                      /* pos.undo_len at the root */
    Move iteration_best;               /* E7: best move of the previous depth, searched first */
    TranspositionTable *tt;            /* E4: shared table, or NULL */
    Search *helpers[SEARCH_THREADS_MAX]; /* searches of the helper threads, made on first use */
    bool aborted;
};

void search_features_faithful(SearchFeatures *features)
{
    memset(features, 0, sizeof *features);
    features->threads = 1;
}

void search_features_modern(SearchFeatures *features)
{
    search_features_faithful(features);
    features->checks_in_quiescence = true;
    features->check_extension = true;
    features->secondary_search = true;
    features->transposition_table = true;
    features->draw_detection = true;
    features->quiet_queen_promotions = true;
    features->iterative_deepening = true;
}

void search_control_reset(SearchControl *control)
{
    atomic_store(&control->stop, false);
    atomic_store(&control->deadline_us, 0);
}

Search *search_create(void)
{
    Search *search = calloc(1, sizeof *search);
    return search;
}

void search_destroy(Search *search)
{
    if (!search) return;
    for (int i = 0; i < SEARCH_THREADS_MAX; i++) search_destroy(search->helpers[i]);
    free(search);
}

void search_clear(Search *search)
{
    memset(search->killers, 0, sizeof search->killers);
    for (int i = 0; i < SEARCH_THREADS_MAX; i++)
        if (search->helpers[i]) memset(search->helpers[i]->killers, 0, sizeof search->killers);
    if (search->tt) tt_clear(search->tt);
}

void search_set_table(Search *search, TranspositionTable *tt) { search->tt = tt; }

int score_mate_moves(Score score)
{
    if (score > 0) return (SCORE_MATE - score + 1) / 2;
    return -(SCORE_MATE + score) / 2;
}

void stats_add(SearchStats *total, const SearchStats *part)
{
    total->nodes += part->nodes;
    total->bottom_positions += part->bottom_positions;
    total->full_generations += part->full_generations;
    total->capture_generations += part->capture_generations;
    total->makes += part->makes;
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

/* 1. Count the node; 2. every POLL_INTERVAL nodes look at stop flag, clock and node limit. */
static inline bool count_node_and_poll(Search *s)
{
    if ((++s->stats.nodes & (POLL_INTERVAL - 1)) == 0) {
        if (atomic_load_explicit(&s->control->stop, memory_order_relaxed)) s->aborted = true;
        int64_t deadline = atomic_load_explicit(&s->control->deadline_us, memory_order_relaxed);
        if (deadline && clock_now_us() >= deadline) s->aborted = true;
    }
    if (s->node_limit && s->stats.nodes >= s->node_limit) s->aborted = true;
    return s->aborted;
}

/* The leaf evaluation: the material counter from the side to move's view, nothing else. */
static inline Score material_for_side_to_move(const Search *s, int ply)
{
    return s->pos.side == WHITE ? s->material[ply] : -s->material[ply];
}

/* Make a move and update the revalued material counter of the next ply. */
static inline void search_make(Search *s, Move m, int ply)
{
    const Color us = s->pos.side;
    Score gain = 0;
    if (move_is_capture(m)) gain += s->value[!us][move_captured(m)];
    if (move_is_promotion(m)) gain += s->value[us][move_promotion(m)] - s->value[us][PAWN];
    s->material[ply + 1] = s->material[ply] + (us == WHITE ? gain : -gain);
    make_move(&s->pos, m);
    s->stats.makes++;
}

/* Killer first when it is in the list [C: literally first, TECH.md §4]; the generator has
 * already put captures by victim value ahead of the other moves. */
static void order_killer_first(MoveList *list, Move killer)
{
    if (killer == MOVE_NONE) return;
    for (int i = 0; i < list->count; i++) {
        if (list->moves[i] != killer) continue;
        memmove(list->moves + 1, list->moves, (size_t)i * sizeof list->moves[0]);
        list->moves[0] = killer;
        return;
    }
}

static void pv_update(Search *s, int ply, Move m)
{
    s->pv[ply][0] = m;
    int child = ply + 1 < MAX_PLY ? s->pv_length[ply + 1] : 0;
    memcpy(&s->pv[ply][1], &s->pv[ply + 1][0], (size_t)child * sizeof(Move));
    s->pv_length[ply] = child + 1;
}

/* King-capture legality (TECH.md §3): can the side to move capture the enemy king, i.e. was
 * the last move illegal? The parent's check status lets most moves be cleared by one ray. */
static inline bool previous_move_illegal(const Search *s, int ply)
{
    bool illegal = last_move_exposed_king(&s->pos, s->in_check[ply - 1]);
#ifdef TECH_DEBUG
    assert(illegal == enemy_king_capturable(&s->pos));
#endif
    return illegal;
}

/* Whether the side to move is in check, judged from the last move alone: valid because the
 * node before it was not refuted by king capture (TECH.md §3). */
static inline bool side_to_move_in_check(const Search *s)
{
    bool check = last_move_gave_check(&s->pos);
#ifdef TECH_DEBUG
    assert(check == position_in_check(&s->pos));
#endif
    return check;
}

/* E5: a repetition of an earlier position of the game or search, or the 50-move rule. */
static bool is_draw_in_tree(const Position *pos)
{
    return pos->halfmove >= FIFTY_MOVE_PLIES || repetition_count(pos) > 0;
}

static Score quiesce(Search *s, Score alpha, Score beta, int ply)
{
    s->pv_length[ply] = 0;
    if (count_node_and_poll(s)) return 0;
    s->stats.bottom_positions++;
    if (ply > s->stats.seldepth) s->stats.seldepth = ply;
    /* 1. The previous move left its king en prise: refute it (king-capture legality). */
    if (previous_move_illegal(s, ply)) return SCORE_ILLEGAL;
    Score stand = material_for_side_to_move(s, ply);
    if (ply >= MAX_PLY - 1) return stand;

    /* 2. E1: in check there is no standing pat; every evasion is searched. */
    bool evading = false;
    if (s->features.checks_in_quiescence) {
        s->in_check[ply] = side_to_move_in_check(s);
        evading = s->in_check[ply];
    }
    if (!evading) {
        if (stand >= beta) return stand;
        if (stand > alpha) alpha = stand;
        if (!s->features.checks_in_quiescence) s->in_check[ply] = side_to_move_in_check(s);
    }

    /* 3. Captures (and with E6 quiet queen promotions), highest victim first. */
    MoveList list;
    generate_moves(&s->pos, evading ? GEN_ALL : GEN_NOISY, &list);
    if (evading) s->stats.full_generations++;
    else s->stats.capture_generations++;
    int legal = 0;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (!evading && move_is_promotion(m) && !move_is_capture(m)
            && !(s->features.quiet_queen_promotions && move_promotion(m) == QUEEN))
            continue;
        search_make(s, m, ply);
        Score v = -quiesce(s, -beta, -alpha, ply + 1);
        unmake_move(&s->pos);
        if (s->aborted) return 0;
        if (v == -SCORE_ILLEGAL) continue;
        legal++;
        if (v >= beta) return v;
        if (v > alpha) {
            alpha = v;
            pv_update(s, ply, m);
        }
    }
    if (evading && legal == 0) return -(SCORE_MATE - ply);
    return alpha;
}

static Score alphabeta(Search *s, Depth depth, Score alpha, Score beta, int ply, int extensions)
{
    if (depth <= 0) return quiesce(s, alpha, beta, ply);
    s->pv_length[ply] = 0;
    if (count_node_and_poll(s)) return 0;
    if (ply > s->stats.seldepth) s->stats.seldepth = ply;
    /* 1. King-capture legality: the previous move was illegal. */
    if (previous_move_illegal(s, ply)) return SCORE_ILLEGAL;
    s->in_check[ply] = side_to_move_in_check(s);
    if (ply >= MAX_PLY - 1) return material_for_side_to_move(s, ply);
    /* 2. E5: draws by repetition or the 50-move rule score 0 inside the tree. */
    if (s->features.draw_detection && is_draw_in_tree(&s->pos)) return SCORE_DRAW;

    /* 3. E4: a stored result that is deep enough ends the node; its move is tried first. */
    const bool use_table = s->tt && s->features.transposition_table;
    const Score alpha_at_entry = alpha;
    Move table_move = MOVE_NONE;
    TTHit hit;
    if (use_table && tt_probe(s->tt, s->pos.key, ply, &hit)) {
        table_move = hit.move;
        if (hit.depth >= depth) {
            if (hit.bound == BOUND_EXACT) return hit.score <= alpha ? alpha : hit.score >= beta ? beta : hit.score;
            if (hit.bound == BOUND_LOWER && hit.score >= beta) return beta;
            if (hit.bound == BOUND_UPPER && hit.score <= alpha) return alpha;
        }
    }

    /* 4. Generate full width; the killer goes first, then captures by victim value. */
    MoveList list;
    generate_moves(&s->pos, GEN_ALL, &list);
    s->stats.full_generations++;
    order_killer_first(&list, s->killers[ply]);
    order_killer_first(&list, table_move);

    /* 5. Search every move; an illegal one (its king is captured) is not counted. */
    int legal = 0;
    Move best = MOVE_NONE;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        search_make(s, m, ply);
        Depth next = depth - 1;
        int next_extensions = extensions;
        if (s->features.check_extension && extensions < CHECK_EXTENSION_MAX && side_to_move_in_check(s)) {
            next++;
            next_extensions++;
        }
        Score v = -alphabeta(s, next, -beta, -alpha, ply + 1, next_extensions);
        unmake_move(&s->pos);
        if (s->aborted) return 0;
        if (v == -SCORE_ILLEGAL) continue;
        legal++;
        if (v > alpha) {
            alpha = v;
            best = m;
            pv_update(s, ply, m);
            if (alpha >= beta) {
                s->killers[ply] = m;
                break;
            }
        }
    }
    /* 6. No legal move: mate (scored by distance) or stalemate (0) [C, TECH.md §4]. */
    if (legal == 0) alpha = s->in_check[ply] ? -(SCORE_MATE - ply) : SCORE_DRAW;
    if (use_table) {
        Bound bound = legal == 0 ? BOUND_EXACT
                    : alpha >= beta ? BOUND_LOWER : alpha > alpha_at_entry ? BOUND_EXACT : BOUND_UPPER;
        tt_store(s->tt, s->pos.key, ply, depth, alpha, bound, best);
    }
    return alpha;
}

typedef struct {
    Move moves[MOVE_LIST_MAX];
    int count;
} RootMoves;

/* Root moves in TECH's positional order (§5), restricted to `searchmoves` if given. */
static void root_moves_prepare(Search *s, const SearchLimits *limits, RootMoves *root)
{
    Presort *presort = malloc(sizeof *presort);
    root->count = 0;
    if (!presort) return;
    presort_root(&s->pos, limits->started_from_initial, presort);
    material_revalue(&s->pos, presort->phase, s->value);
    for (int i = 0; i < presort->count; i++) {
        Move m = presort->entries[i].move;
        bool wanted = limits->searchmoves_count == 0;
        for (int j = 0; j < limits->searchmoves_count && !wanted; j++)
            wanted = move_same(limits->searchmoves[j], m);
        if (wanted) root->moves[root->count++] = m;
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

static void report_info(Search *s, const SearchReporter *reporter, Depth depth, Score score)
{
    if (!reporter || !reporter->on_info) return;
    SearchInfo info;
    info.depth = depth;
    info.seldepth = s->stats.seldepth;
    info.score = score;
    info.nodes = s->stats.nodes;
    info.time_ms = (clock_now_us() - s->start_us) / 1000;
    info.pv_length = s->pv_length[0];
    memcpy(info.pv, s->pv[0], (size_t)info.pv_length * sizeof(Move));
    reporter->on_info(reporter->context, &info);
}

/* One full-width search of the root at `depth`. Later moves replace the best only when
 * strictly better, so ties keep the earlier (positionally better) move [P, §4]. The result
 * is updated when the depth completes, or, after an abort, with the best of the completed
 * root moves [C, §7] unless an earlier depth's best move was not among them. */
static void search_root(Search *s, const RootMoves *root, Depth depth, const SearchReporter *reporter,
                        SearchResult *result)
{
    Score alpha = -SCORE_INFINITE;
    Move best = MOVE_NONE, ponder = MOVE_NONE;
    int completed = 0;
    bool previous_best_done = s->iteration_best == MOVE_NONE;
    Move order[MOVE_LIST_MAX];
    int count = root->count;
    memcpy(order, root->moves, (size_t)count * sizeof(Move));
    /* E7: the previous depth's best move first, the others in positional order. */
    if (s->features.iterative_deepening && s->iteration_best != MOVE_NONE) {
        for (int i = 0; i < count; i++)
            if (order[i] == s->iteration_best) {
                memmove(order + 1, order, (size_t)i * sizeof(Move));
                order[0] = s->iteration_best;
                break;
            }
    }
    for (int i = 0; i < count; i++) {
        Move m = order[i];
        if (reporter && reporter->on_current_move) reporter->on_current_move(reporter->context, depth, m, i + 1);
        search_make(s, m, 0);
        int extensions = 0;
        Depth next = depth - 1;
        if (s->features.check_extension && side_to_move_in_check(s)) {
            next++;
            extensions++;
        }
        Score v = -alphabeta(s, next, -SCORE_INFINITE, -alpha, 1, extensions);
        unmake_move(&s->pos);
        if (s->aborted) break;
        completed++;
        if (m == s->iteration_best) previous_best_done = true;
        if (v > alpha || best == MOVE_NONE) {
            alpha = v > alpha ? v : alpha;
            best = m;
            pv_update(s, 0, m);
            ponder = s->pv_length[0] > 1 ? s->pv[0][1] : MOVE_NONE;
            report_info(s, reporter, depth, alpha);
        }
    }
    result->completed_root_moves = completed;
    if (best == MOVE_NONE || (s->aborted && !previous_best_done)) return;
    result->best_move = best;
    result->score = alpha;
    result->ponder_move = ponder;
    if (!s->aborted) result->depth = depth;
}

/* E3, the paper's planned secondary search: look SECONDARY_SEARCH_PLIES deeper at the
 * chosen move; only if it then scores worse are the other moves searched that deep too. */
static void secondary_search(Search *s, const RootMoves *root, const SearchReporter *reporter,
                             SearchResult *result)
{
    Depth deeper_depth = result->depth + SECONDARY_SEARCH_PLIES;
    RootMoves chosen = {.moves = {result->best_move}, .count = 1};
    SearchResult deeper = *result;
    s->iteration_best = MOVE_NONE;
    search_root(s, &chosen, deeper_depth, NULL, &deeper);
    if (s->aborted) return;
    if (deeper.score >= result->score) {
        *result = deeper;
        return;
    }
    /* The chosen move fell: give every move the deeper look, the chosen one first. */
    RootMoves all = *root;
    for (int i = 0; i < all.count; i++)
        if (all.moves[i] == result->best_move) {
            memmove(all.moves + 1, all.moves, (size_t)i * sizeof(Move));
            all.moves[0] = result->best_move;
            break;
        }
    s->iteration_best = result->best_move;
    deeper = *result;
    search_root(s, &all, deeper_depth, reporter, &deeper);
    if (deeper.completed_root_moves > 0) *result = deeper;
}

static bool mate_found(const SearchResult *result, int mate_moves)
{
    return score_is_mate(result->score) && result->score > 0 && score_mate_moves(result->score) <= mate_moves;
}

/* The search on one thread; `first_depth` > 1 lets a helper thread start deeper. */
static SearchResult search_single(Search *s, const Position *root_pos, const SearchLimits *limits,
                                  const SearchFeatures *features, SearchControl *control,
                                  const SearchReporter *reporter, Depth first_depth)
{
    SearchResult result;
    memset(&result, 0, sizeof result);
    memset(&s->stats, 0, sizeof s->stats);
    memset(s->killers, 0, sizeof s->killers); /* no state leaks between searches */
    s->features = *features;
    s->control = control;
    s->node_limit = limits->nodes;
    s->aborted = false;
    s->iteration_best = MOVE_NONE;
    s->start_us = clock_now_us();
    int64_t cpu_start = thread_cpu_us();
    position_copy(&s->pos, root_pos);
    s->root_ply = s->pos.undo_len;

    RootMoves root;
    root_moves_prepare(s, limits, &root);
    s->material[0] = root_material(s);
    s->in_check[0] = position_in_check(&s->pos);
    if (root.count == 0) {
        result.score = position_in_check(&s->pos) ? -SCORE_MATE : SCORE_DRAW;
    } else {
        result.best_move = root.moves[0]; /* until a root move completes */
        Depth target = limits->depth < 1 ? 1 : limits->depth;
        if (target > SEARCH_DEPTH_MAX) target = SEARCH_DEPTH_MAX;
        bool iterate = limits->iterate || features->iterative_deepening || limits->mate > 0;
        Depth first = iterate ? first_depth : target;
        for (Depth d = first; d <= target && !s->aborted; d++) {
            search_root(s, &root, d, reporter, &result);
            if (s->aborted) break;
            s->iteration_best = result.best_move;
            if (limits->mate > 0 && mate_found(&result, limits->mate)) break;
        }
        if (features->secondary_search && !s->aborted && root.count > 1)
            secondary_search(s, &root, reporter, &result);
    }
    result.aborted = s->aborted;
    s->stats.wall_us = clock_now_us() - s->start_us;
    s->stats.cpu_us = thread_cpu_us() - cpu_start;
    result.stats = s->stats;
    return result;
}

/* A helper thread of the modern profile's shared-table search ("lazy SMP"): it searches the
 * same root deeper and deeper, filling the table the main thread reads, until told to stop. */
typedef struct {
    Search *search;
    const Position *root;
    SearchLimits limits;
    SearchFeatures features;
    SearchControl control;
    Depth first_depth;
    SearchResult result;
    pthread_t thread;
} Helper;

static void *helper_main(void *arg)
{
    Helper *h = arg;
    h->result = search_single(h->search, h->root, &h->limits, &h->features, &h->control, NULL, h->first_depth);
    return NULL;
}

SearchResult search_run(Search *s, const Position *root_pos, const SearchLimits *limits,
                        const SearchFeatures *features, SearchControl *control,
                        const SearchReporter *reporter)
{
    if (s->tt && features->transposition_table) tt_new_search(s->tt);
    int helpers = 0;
    Helper helper[SEARCH_THREADS_MAX];
    if (s->tt && features->transposition_table && features->threads > 1) {
        int wanted = features->threads > SEARCH_THREADS_MAX ? SEARCH_THREADS_MAX : features->threads;
        for (int i = 0; i + 1 < wanted; i++) {
            if (!s->helpers[i] && !(s->helpers[i] = search_create())) break;
            Helper *h = &helper[helpers];
            h->search = s->helpers[i];
            h->search->tt = s->tt;
            h->root = root_pos;
            h->limits = *limits;
            h->limits.iterate = true;
            h->limits.depth = SEARCH_DEPTH_MAX;
            h->limits.nodes = 0;
            h->limits.mate = 0;
            h->features = *features;
            h->features.secondary_search = false;
            h->features.threads = 1;
            search_control_reset(&h->control);
            h->first_depth = 1 + (i + 1) % 2; /* half the helpers start one ply deeper */
            if (pthread_create(&h->thread, NULL, helper_main, h) != 0) break;
            helpers++;
        }
    }
    SearchResult result = search_single(s, root_pos, limits, features, control, reporter, 1);
    for (int i = 0; i < helpers; i++) atomic_store(&helper[i].control.stop, true);
    for (int i = 0; i < helpers; i++) {
        pthread_join(helper[i].thread, NULL);
        result.stats.nodes += helper[i].result.stats.nodes;
        result.stats.bottom_positions += helper[i].result.stats.bottom_positions;
    }
    return result;
}
