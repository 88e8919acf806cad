/* tree.c - TECH's tree below the root: full-width alpha-beta to a fixed depth, quiescence over
 * every capture sequence, material-only leaves (docs/SPEC.md §4), with the modern profile's
 * switches (§10); with helper threads it puts off the subtrees another thread is searching
 * (the busy table, shared_search.h). */
#include "search_internal.h"

#include <assert.h>

#include "attack.h"
#include "legality.h"
#include "rules.h"

/* Threads > 1: subtrees at least this deep are announced to the other threads, which put them
 * off while they are under way (simplified ABDADA, Kerrigan) [C]. Shallower ones are cheaper
 * to search twice than to announce. */
enum { DEFER_MIN_DEPTH = 3 };

/* The leaf evaluation from the side to move's view: the material counter, nothing else
 * (TECH-1971), or with E11-E13 the material plus what they know (eval.c). */
static inline Score leaf_value(Search *s, int ply, Score alpha, Score beta)
{
    const bool white_to_move = s->pos.side == WHITE;
    Score white = s->material[ply];
    if (s->leaf_knowledge)
        white = eval_leaf(&s->eval, ply, &s->pos, white, s->eval_switches, white_to_move ? alpha : -beta,
                          white_to_move ? beta : -alpha);
    return white_to_move ? white : -white;
}

/* Quiet moves searched at one node before the one that refuted the line, for E9's history. */
enum { QUIETS_TRIED_MAX = 64 };
typedef struct {
    Move moves[QUIETS_TRIED_MAX];
    int count;
} QuietsTried;

static bool move_is_quiet(Move m) { return !move_is_capture(m) && !move_is_promotion(m); }

/* A move refuted this line: it becomes the killer of its ply [P, docs/SPEC.md §4]; E9 keeps the
 * previous killer as the second one, credits a quiet move's history and debits the quiet moves
 * tried before it. */
static void remember_cutoff(Search *s, Move m, Depth depth, int ply, const QuietsTried *tried)
{
    Move *killers = s->killers[ply];
    if (!s->features.move_ordering) {
        killers[0] = m;
        return;
    }
    if (!move_is_quiet(m)) return;
    if (killers[0] != m) {
        killers[1] = killers[0];
        killers[0] = m;
    }
    history_update(&s->history, s->pos.side, m, tried->moves, tried->count, depth);
}

/* King-capture legality (docs/SPEC.md §3): can the side to move capture the enemy king, i.e. was
 * the last move illegal? The parent's check status lets most moves be cleared by one ray. */
static inline bool previous_move_illegal(const Search *s, int ply)
{
    bool illegal = last_move_exposed_king(&s->pos, s->in_check[ply - 1]);
#ifdef TECH_DEBUG
    assert(illegal == enemy_king_capturable(&s->pos));
#endif
    return illegal;
}

bool tree_side_to_move_in_check(const Search *s)
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

/* Whether the side to move is in check at this node: as the caller found it (E2), or tested now. */
static inline bool node_in_check(const Search *s, CheckKnown check)
{
    return check == CHECK_UNKNOWN ? tree_side_to_move_in_check(s) : check == CHECK_GIVEN;
}

/* E9 at a node in check: the legality test of its evasions, so that only the moves that get out
 * of check are searched (legality.c, without making them); NULL otherwise, where every move is
 * searched and an illegal one refuted one node down by the capture of the king. */
static const LegalityInfo *evasion_test(Search *s, int ply, LegalityInfo *info)
{
    if (!s->features.move_ordering || !s->in_check[ply]) return NULL;
    legality_prepare(&s->pos, info);
    return info;
}

static inline bool evasion_illegal(Search *s, const LegalityInfo *evasions, Move m)
{
    return evasions && !legality_check(&s->pos, evasions, m);
}

/* One quiescence move: made, searched one quiescence ply deeper, unmade. */
static Score quiesce(Search *s, Score alpha, Score beta, int ply, int qply, CheckKnown check);

static Score quiesce_move(Search *s, Move m, Score alpha, Score beta, int ply, int qply)
{
    search_make(s, m, ply);
    Score v = -quiesce(s, -beta, -alpha, ply + 1, qply + 1, CHECK_UNKNOWN);
    unmake_move(&s->pos);
    return v;
}

/* One quiescence move folded into the node's window: false if it was illegal (or the search
 * was stopped). A better value raises *alpha; once *alpha reaches beta the node is done and
 * the caller returns it (fail-soft). A value inside the window also becomes the line's PV. */
static bool quiesce_try(Search *s, Move m, Score *alpha, Score beta, int ply, int qply)
{
    Score v = quiesce_move(s, m, *alpha, beta, ply, qply);
    if (s->aborted || v == -SCORE_ILLEGAL) return false;
    if (v > *alpha) {
        *alpha = v;
        if (v < beta) pv_update(s, ply, m);
    }
    return true;
}

/* `qply` counts the quiescence plies above this node: E1 looks for quiet checks at the first
 * one only, so that quiescence still ends. */
static Score quiesce(Search *s, Score alpha, Score beta, int ply, int qply, CheckKnown check)
{
    s->pv_length[ply] = 0;
    if (count_node_and_poll(s)) return 0;
    s->stats.bottom_positions++;
    if (ply > s->stats.seldepth) s->stats.seldepth = ply;
    /* 1. The previous move left its king en prise: refute it (king-capture legality). */
    if (previous_move_illegal(s, ply)) return SCORE_ILLEGAL;
    Score stand = leaf_value(s, ply, alpha, beta);
    if (ply >= MAX_PLY - 1) return stand;

    /* 2. E1: in check there is no standing pat; every evasion is searched. */
    bool evading = false;
    if (s->features.checks_in_quiescence) {
        s->in_check[ply] = node_in_check(s, check);
        evading = s->in_check[ply];
    }
    if (!evading) {
        if (stand >= beta) return stand;
        if (stand > alpha) alpha = stand;
        if (!s->features.checks_in_quiescence) s->in_check[ply] = node_in_check(s, check);
    }

    /* 3. Captures (and with E6 quiet queen promotions), highest victim first, as generated;
     *    with E1 at the first quiescence ply, then the quiet moves that give check (Game 2 note
     *    H: TECH did not see 32...R-B8 mate because its quiescence looked at captures only). E9
     *    orders the evasions of a node in check; its exchange test would cost more here than the
     *    few captures of a quiescence node gain from it. */
    if (evading) s->stats.full_generations++;
    else s->stats.capture_generations++;
    MovePicker picker;
    if (s->features.move_ordering && evading) picker_init(&picker, &s->pos, MOVE_NONE, s->killers[ply], &s->history);
    else if (evading) picker_init_in_order(&picker, &s->pos, GEN_ALL);
    else picker_init_in_order(&picker, &s->pos, s->features.quiet_queen_promotions ? GEN_NOISY : GEN_CAPTURES);
    LegalityInfo info;
    const LegalityInfo *evasions = evasion_test(s, ply, &info);
    int legal = 0;
    for (Move m; (m = picker_next(&picker, &s->pos)) != MOVE_NONE;) {
        if (!evading && move_is_promotion(m) && !move_is_capture(m)
            && !(s->features.quiet_queen_promotions && move_promotion(m) == QUEEN))
            continue;
        if (evasion_illegal(s, evasions, m)) continue;
        legal += quiesce_try(s, m, &alpha, beta, ply, qply);
        if (s->aborted) return 0;
        if (alpha >= beta) return alpha;
    }
    if (s->features.checks_in_quiescence && !evading && qply == 0) {
        MoveList list;
        generate_moves(&s->pos, GEN_QUIET_CHECK_CANDIDATES, &list);
        s->stats.full_generations++;
        for (int i = 0; i < list.count; i++) {
            Move m = list.moves[i];
            if (!quiet_move_gives_check(&s->pos, m)) continue;
            quiesce_try(s, m, &alpha, beta, ply, qply);
            if (s->aborted) return 0;
            if (alpha >= beta) return alpha;
        }
    }
    if (evading && legal == 0) return -(SCORE_MATE - ply);
    return alpha;
}

/* The value of one move at a full-width node, searched with (alpha, beta). E8: every move
 * after the first legal one is first tried with a null window, and searched again with the
 * whole window only if it beats alpha. */
static Score search_move(Search *s, Move m, Depth depth, Score alpha, Score beta, int ply, int extensions,
                         bool null_window_first)
{
    search_make(s, m, ply);
    Depth next = depth - 1;
    /* E4: the child probes the table after its legality and check tests; load its entry meanwhile. */
    if (next > 0 && s->tt && s->features.transposition_table) tt_prefetch(s->tt, s->pos.key);
    const CheckKnown check = check_extension(s, &next, &extensions);
    Score v;
    if (null_window_first) {
        v = -tree_search(s, next, -alpha - 1, -alpha, ply + 1, extensions, check);
        if (v > alpha && v < beta && v != -SCORE_ILLEGAL && !s->aborted)
            v = -tree_search(s, next, -beta, -alpha, ply + 1, extensions, check);
    } else {
        v = -tree_search(s, next, -beta, -alpha, ply + 1, extensions, check);
    }
    unmake_move(&s->pos);
    return v;
}

Score tree_search(Search *s, Depth depth, Score alpha, Score beta, int ply, int extensions, CheckKnown check)
{
    if (depth <= 0) return quiesce(s, alpha, beta, ply, 0, check);
    s->pv_length[ply] = 0;
    if (count_node_and_poll(s)) return 0;
    if (ply > s->stats.seldepth) s->stats.seldepth = ply;
    /* 1. King-capture legality: the previous move was illegal. */
    if (previous_move_illegal(s, ply)) return SCORE_ILLEGAL;
    s->in_check[ply] = node_in_check(s, check);
    if (ply >= MAX_PLY - 1) return leaf_value(s, ply, -SCORE_INFINITE, SCORE_INFINITE);
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

    /* 4. Full width: the table's move goes first, then the killer, then captures by victim
     *    value, then the rest (E9: then captures by victim and attacker, killers, quiet moves by
     *    history). The picker generates the moves in stages, as they are needed; the statistics
     *    count one generation of the whole width, as the report's program made it. */
    s->stats.full_generations++;
    MovePicker picker;
    if (s->features.move_ordering) picker_init(&picker, &s->pos, table_move, s->killers[ply], &s->history);
    else picker_init_faithful(&picker, table_move, s->killers[ply][0]);

    /* 5. Search every move; an illegal one (its king is captured) is not counted, and with E9
     *    in check not even made. With helper threads, a move another thread is searching is put
     *    off until the others are done, and then usually answered by the table (simplified
     *    ABDADA). */
    LegalityInfo info;
    const LegalityInfo *evasions = evasion_test(s, ply, &info);
    SharedSearch *shared = depth >= DEFER_MIN_DEPTH ? s->shared : NULL;
    MoveList deferred;
    deferred.count = 0;
    int legal = 0;
    Move best = MOVE_NONE;
    QuietsTried tried;
    tried.count = 0;
    for (int pass = 0; pass < 2 && alpha < beta; pass++) {
        for (int i = 0;; i++) {
            Move m = pass == 0 ? picker_next(&picker, &s->pos) : i < deferred.count ? deferred.moves[i] : MOVE_NONE;
            if (m == MOVE_NONE) break;
            if (pass == 0 && evasion_illegal(s, evasions, m)) continue;
            uint64_t busy = 0;
            if (shared && pass == 0 && legal > 0) {
                busy = busy_key(&s->pos, m);
                if (busy_test(shared, busy)) {
                    deferred.moves[deferred.count++] = m;
                    continue;
                }
                busy_set(shared, busy);
            }
            Score v = search_move(s, m, depth, alpha, beta, ply, extensions, s->features.pvs && legal > 0);
            if (busy) busy_clear(shared, busy);
            if (s->aborted) return 0;
            if (v == -SCORE_ILLEGAL) continue;
            legal++;
            if (v > alpha) {
                alpha = v;
                best = m;
                pv_update(s, ply, m);
                if (alpha >= beta) {
                    s->stats.cutoffs++;
                    if (legal == 1) s->stats.first_move_cutoffs++;
                    remember_cutoff(s, m, depth, ply, &tried);
                    break;
                }
            }
            if (move_is_quiet(m) && tried.count < QUIETS_TRIED_MAX) tried.moves[tried.count++] = m;
        }
    }
    /* 6. No legal move: mate (scored by distance) or stalemate (0) [C, docs/SPEC.md §4]. */
    if (legal == 0) alpha = s->in_check[ply] ? -(SCORE_MATE - ply) : SCORE_DRAW;
    if (use_table) {
        Bound bound = legal == 0               ? BOUND_EXACT
                      : alpha >= beta          ? BOUND_LOWER
                      : alpha > alpha_at_entry ? BOUND_EXACT
                                               : BOUND_UPPER;
        tt_store(s->tt, s->pos.key, ply, depth, alpha, bound, best);
    }
    return alpha;
}
