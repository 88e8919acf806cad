/* cecp_play.c - CECP's game flow: TECH thinks on its move, ponders its guess of the reply on
 * the opponent's time (docs/SPEC.md §8), analyses on request, keeps its clock, moves. */
#include "cecp_play.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "notation.h"
#include "number.h"

/* CECP thinking output: mate in N moves is 100000 + N (docs/PROTOCOLS.md §3.3). */
enum { CECP_MATE_SCORE = 100000 };
/* [C] With neither `level` nor `st` TECH has no clock, and `sd` (or the Depth option) could ask
 * for a search of hours. It gets the safety net of XBoard's own default control, `level 40 5 0`:
 * under it TECH-1971 may spend at most twice the 7.5 s available per move on one move
 * (docs/PROTOCOLS.md §3.2, `sd`). */
enum { UNTIMED_HARD_MS = 15000 };

static void cecp_flush_deferred(Cecp *c);

/* A thinking line: `ply score time nodes pv` with time in centiseconds, `prefix` (the guessed
 * reply of a ponder search) ahead of the PV unless MOVE_NONE. */
static void post_line(const Cecp *c, const SearchInfo *info, int64_t elapsed_ms, Move prefix)
{
    Score score = info->shown_score;
    if (score_is_mate(score)) {
        int moves = score_mate_moves(score);
        score = moves > 0 ? CECP_MATE_SCORE + moves : -CECP_MATE_SCORE + moves;
    }
    TextBuffer line;
    text_init(&line);
    text_append(&line, "%d %d %lld %llu", info->depth, score, (long long)(elapsed_ms / 10),
                (unsigned long long)info->nodes);
    session_append_pv(&line, prefix, info->pv, info->pv_length, (CastlingNotation)atomic_load(&c->castling));
    if (line.text) io_write_line(line.text);
    text_free(&line);
}

/* The heartbeat of a long search (JobReport.progress), when no line has been posted for a
 * heartbeat's interval: the depth under way with the best line so far and the move's nodes and
 * time (docs/PROTOCOLS.md §1). Before the search has a line there is nothing to show; `.`
 * answers then. A line named by a depth it did not come from (the deepest completed depth's
 * line while the next has found nothing better yet) is not the move's line: the move's own,
 * at its depth, is posted before `move`. */
static void post_progress(Cecp *c, const JobReport *r)
{
    atomic_store(&c->stat_nodes, r->nodes);
    if (r->depth > 0) atomic_store(&c->stat_depth, r->depth);
    SearchInfo info;
    if (!searcher_progress_line(r, &info) || !atomic_load(&c->post)) return;
    int64_t now = clock_now_us();
    /* Half a heartbeat: a line posted just before is not repeated at once, and the next heartbeat
     * is never skipped for one posted most of an interval ago (which left gaps of 1.8 s). */
    if (now - atomic_load(&c->posted_us) < JOB_HEARTBEAT_US / 2) return;
    bool pondering = atomic_load(&c->show_prefix);
    post_line(c, &info, r->elapsed_ms, pondering ? r->prefix : MOVE_NONE);
    atomic_store(&c->posted_us, now);
    bool own_depth = info.depth == r->info[0].depth;
    if (!pondering) atomic_store(&c->posted_move, own_depth && info.pv_length > 0 ? info.pv[0] : MOVE_NONE);
}

/* Thinking output as the search goes: only what a completed depth has settled (docs/PROTOCOLS.md
 * §3.3), its line, or one line per line of MultiPV (xboard sorts a depth's lines by score); a new
 * best move of the depth under way is not posted, as the depth may still better it. `.`
 * statistics kept on the side from every report. */
static void report(void *context, const JobReport *r)
{
    Cecp *c = context;
    if (r->progress) {
        post_progress(c, r);
        return;
    }
    if (!r->info) {
        atomic_store(&c->stat_number, r->current_number);
        atomic_store(&c->stat_move, r->current_move);
        return;
    }
    atomic_store(&c->stat_depth, r->info[0].depth);
    atomic_store(&c->stat_nodes, r->info[0].nodes);
    if (!r->settled || !atomic_load(&c->post)) return;
    bool pondering = atomic_load(&c->show_prefix);
    for (int i = 0; i < r->info_count; i++) post_line(c, &r->info[i], r->elapsed_ms, pondering ? r->prefix : MOVE_NONE);
    atomic_store(&c->posted_us, clock_now_us());
    const SearchInfo *best = &r->info[0];
    if (!pondering) atomic_store(&c->posted_move, best->pv_length > 0 ? best->pv[0] : MOVE_NONE);
}

/* Before `move`: the line of the move played, unless the last thinking line of this search (after
 * a ponder hit: since the hit, without the guessed reply, now played) already named it, so that
 * the GUI files a score and a depth under every move and never another move's under it. The line
 * is the one that chose the move, at the depth it came from (a depth cut short finds a new best
 * move, too), or the last settled one, or the move alone at its depth and score. */
static void post_move_line(Cecp *c, const JobResult *r)
{
    if (!atomic_load(&c->post) || move_same(atomic_load(&c->posted_move), r->best_move)) return;
    SearchInfo line;
    if (r->has_info && r->info.pv_length > 0 && move_same(r->info.pv[0], r->best_move)) {
        line = r->info;
    } else if (r->has_settled_info && r->settled_info.pv_length > 0 && move_same(r->settled_info.pv[0], r->best_move)) {
        line = r->settled_info;
    } else {
        memset(&line, 0, sizeof line);
        line.depth = r->depth;
        line.pv[0] = r->best_move;
        line.pv_length = 1;
    }
    line.shown_score = r->shown_score;
    if (r->nodes > line.nodes) line.nodes = r->nodes;
    post_line(c, &line, r->elapsed_us / 1000, MOVE_NONE);
}

/* TECH's moves since the time control was set. */
static int moves_in_level(const Cecp *c)
{
    int moves = game_moves_by(&c->s->game, c->engine_side) - c->level_moves[c->engine_side];
    return moves > 0 ? moves : 0;
}

/* The clock as TECH sees it for its next move (docs/PROTOCOLS.md §4). */
static void fill_time_request(const Cecp *c, TimeRequest *t)
{
    memset(t, 0, sizeof *t);
    if (c->st_ms > 0) {
        t->movetime_ms = c->st_ms;
    } else if (c->level_set) {
        t->has_clock = true;
        t->remaining_ms = c->own_ms;
        t->increment_ms = c->level_inc_ms;
        if (c->level_mps > 0) t->moves_to_go = c->level_mps - moves_in_level(c) % c->level_mps;
    } else {
        t->untimed_hard_ms = UNTIMED_HARD_MS;
    }
    t->depth_cap = c->sd;
    t->node_rate = c->nps;
}

static void start_search(Cecp *c, JobKind kind, CecpState state, int64_t clock_start_us, bool infinite)
{
    SearchRequest request;
    memset(&request, 0, sizeof request);
    /* The excluded moves restrict TECH's own position, not the one it ponders (the opponent's).
     * With every move excluded TECH still has to move: then it chooses among all. */
    Move root[MOVE_LIST_MAX];
    int root_count = kind == JOB_MOVE ? exclusions_root(&c->excluded, &c->s->game, root) : -1;
    if (root_count > 0) {
        request.searchmoves = root;
        request.searchmoves_count = root_count;
    }
    if (infinite) request.time.infinite = true;
    else fill_time_request(c, &request.time);
    request.kind = kind;
    request.clock_start_us = clock_start_us;
    request.reporter = (JobReporter){c, report};
    atomic_store(&c->show_prefix, kind == JOB_SELF_PONDER);
    atomic_store(&c->posted_move, MOVE_NONE);
    atomic_store(&c->stat_depth, 0);
    atomic_store(&c->stat_number, 0);
    atomic_store(&c->stat_nodes, 0);
    atomic_store(&c->stat_move, MOVE_NONE);
    c->search_id = session_search(c->s, &request, &c->plan);
    c->state = state;
    c->finished = false;
}

static void send_pongs(Cecp *c)
{
    for (int i = 0; i < c->pong_count; i++) io_printf("pong %s", c->pongs[i]);
    c->pong_count = 0;
}

void cecp_stop_all(Cecp *c)
{
    if (c->search_id) searcher_abandon(c->s->searcher, c->search_id);
    c->search_id = 0;
    c->state = CECP_IDLE;
    c->finished = false;
    send_pongs(c);
}

/* Announce the result if the game just ended by rule (after_own_move: also claim draws by
 * repetition and the 50-move rule). Returns true if the game is over. */
static bool cecp_check_game_end(Cecp *c, bool after_own_move)
{
    GameStatus status = game_status_now(&c->s->game);
    if (status == STATUS_ONGOING) return false;
    /* TECH claims repetition and 50-move draws only right after its own move. */
    if (!after_own_move && (status == STATUS_REPETITION || status == STATUS_FIFTY_MOVES)) return false;
    io_write_line(game_result_text(&c->s->game, status));
    c->game_over = true;
    return true;
}

void cecp_think(Cecp *c, int64_t clock_start_us)
{
    if (!c->position_valid || c->game_over || cecp_check_game_end(c, false)) return;
    c->think_start_us = clock_start_us;
    start_search(c, JOB_MOVE, CECP_THINKING, clock_start_us, false);
}

void cecp_ponder(Cecp *c)
{
    /* [C] Under `nps` TECH's time is its own nodes, which the opponent's time has none of. */
    if (!c->ponder_enabled || c->nps > 0 || c->force || c->game_over || c->analyze_mode || !c->position_valid) return;
    if (c->s->game.pos.side == c->engine_side || game_legal_count(&c->s->game) == 0) return;
    start_search(c, JOB_SELF_PONDER, CECP_PONDERING, clock_now_us(), false);
}

void cecp_analyze(Cecp *c)
{
    cecp_stop_all(c);
    if (!c->position_valid) return;
    Move root[MOVE_LIST_MAX];
    int root_count = exclusions_root(&c->excluded, &c->s->game, root);
    if (root_count == 0) return; /* every move excluded: nothing to analyse until one is included */
    c->analysis_start_us = clock_now_us();
    c->analysis_moves = root_count > 0 ? root_count : game_legal_count(&c->s->game);
    start_search(c, JOB_MOVE, CECP_ANALYZING, c->analysis_start_us, true);
}

void cecp_exclusions_changed(Cecp *c)
{
    if (c->analyze_mode) {
        cecp_analyze(c);
    } else if (c->state == CECP_THINKING) {
        /* Thinking starts again on the moves left, on the clock that is already running. */
        int64_t clock_start_us = c->think_start_us;
        cecp_stop_all(c);
        cecp_think(c, clock_start_us);
    }
}

/* TECH's own clock after its move, until the next `time` says better: elapsed time off (under
 * `nps`, the move's nodes at that rate), the increment on, the base again at each control. */
static void charge_own_clock(Cecp *c, const JobResult *r)
{
    if (!c->level_set) return;
    int64_t used_ms = c->nps > 0 ? (int64_t)((double)r->nodes * 1000.0 / (double)c->nps)
                                 : (clock_now_us() - c->think_start_us) / 1000;
    /* Saturating: the clock may hold GUI_TIME_MS_MAX, and a base is added at every control. */
    int64_t own = number_add(c->own_ms, -used_ms);
    own = number_add(own, c->level_inc_ms);
    if (c->level_mps > 0 && moves_in_level(c) % c->level_mps == 0) own = number_add(own, c->level_base_ms);
    c->own_ms = number_clamp(own, -GUI_TIME_MS_MAX, GUI_TIME_MS_MAX);
}

/* Play and announce the move of a finished search, then answer waiting pings. */
static void deliver_move(Cecp *c, const JobResult *r)
{
    c->search_id = 0;
    c->state = CECP_IDLE;
    c->finished = false;
    if (r->best_move == MOVE_NONE) {
        cecp_check_game_end(c, false);
    } else {
        post_move_line(c, r);
        char text[MOVE_TEXT_MAX];
        cecp_move_text(c, r->best_move, text);
        io_printf("move %s", text);
        if (atomic_load(&c->post)) {
            char stats[256];
            searcher_format_stats(r, stats, sizeof stats);
            io_printf("# %s", stats); /* a debug comment (feature debug=1): GUIs log it */
        }
        c->why[0] = '\0';
        if (c->s->settings.explain_moves && r->verdict.depth > 0)
            explain_job(&c->s->game, &c->s->settings, r, false, c->why, sizeof c->why);
        game_play(&c->s->game, r->best_move);
        c->why_key = c->s->game.pos.key;
        session_record(c->s, &c->plan, r, c->think_start_us);
        charge_own_clock(c, r);
        c->last_score = r->shown_score;
        c->have_score = true;
        cecp_check_game_end(c, true);
    }
    send_pongs(c);
    cecp_ponder(c);
    cecp_flush_deferred(c);
}

void cecp_move_now(Cecp *c)
{
    if (c->state != CECP_THINKING) return;
    JobResult r;
    searcher_stop(c->s->searcher, c->search_id);
    if (c->finished) deliver_move(c, &c->result);
    else if (searcher_wait(c->s->searcher, c->search_id, &r)) deliver_move(c, &r);
}

void cecp_search_done(Cecp *c, unsigned id)
{
    JobResult r;
    if (!c->search_id || id != c->search_id || !searcher_take(c->s->searcher, id, &r)) return;
    switch (c->state) {
    case CECP_THINKING: deliver_move(c, &r); break;
    case CECP_PONDERING:
        /* Hold the answer until the opponent plays the guessed move. */
        c->result = r;
        c->finished = true;
        break;
    default: break; /* analysis reached its last depth: wait for the position to change */
    }
}

/* The opponent played while TECH pondered: whether it played the guessed reply. A reply still
 * being guessed counts as a miss (the ponder search has not begun; a search of its own costs
 * nothing more), so that the guess, seconds long at Speed PDP-10, never holds up the input. */
static bool ponder_hit(Cecp *c, Move move)
{
    Move predicted = searcher_prediction(c->s->searcher, c->search_id);
    bool hit = predicted != MOVE_NONE && move_same(predicted, move);
    searcher_count_ponder(c->s->searcher, hit);
    session_report_ponder(c->s, hit ? "ponder hit" : "ponder miss");
    return hit;
}

/* After a hit on the move just played: the ponder search goes on as TECH's own, its clock
 * started at read_us; one that finished already moves at once. */
static void keep_ponder_search(Cecp *c, int64_t read_us)
{
    atomic_store(&c->show_prefix, false);
    atomic_store(&c->posted_move, MOVE_NONE);
    c->state = CECP_THINKING;
    c->think_start_us = read_us;
    /* The clock as it is now (xboard sent `time` before the move) gives this move's limits. */
    TimeRequest t;
    fill_time_request(c, &t);
    session_replan(c->s, &t, &c->plan);
    searcher_ponderhit(c->s->searcher, c->search_id, read_us, &c->plan);
    if (c->finished) deliver_move(c, &c->result);
}

void cecp_user_move(Cecp *c, const char *text, int64_t read_us)
{
    char safe[48];
    text_printable(text, safe, sizeof safe);
    if (!c->position_valid) {
        io_printf("Illegal move (no valid position): %s", safe);
        return;
    }
    if (c->state == CECP_THINKING) {
        io_printf("Illegal move (engine is on move): %s", safe);
        return;
    }
    char error[GAME_ERROR_MAX];
    Move move = game_parse_move(&c->s->game, text, true, error, sizeof error);
    if (move == MOVE_NONE) {
        io_printf("Illegal move (%s): %s", error, safe);
        return;
    }
    bool hit = c->state == CECP_PONDERING && ponder_hit(c, move);
    if (!hit) cecp_stop_all(c);
    game_play(&c->s->game, move);
    if (c->analyze_mode) {
        cecp_analyze(c);
        return;
    }
    /* The one end-of-game check for a hit and a miss alike: a move ended the game, TECH's
     * search (a hit's included) has nothing more to say. */
    if (c->game_over || cecp_check_game_end(c, false)) {
        if (hit) cecp_stop_all(c);
        return;
    }
    if (hit) keep_ponder_search(c, read_us);
    else if (!c->force && c->s->game.pos.side == c->engine_side) cecp_think(c, read_us);
}

/* Run the input that waited for a pong (through cecp_dispatch), until the next wait or the end. */
static void cecp_flush_deferred(Cecp *c)
{
    while (c->pong_count == 0 && c->deferred.head) {
        QueuedLine *kept = line_queue_pop(&c->deferred);
        cecp_dispatch(c, kept->line, kept->read_us);
        queued_line_free(kept);
    }
}
