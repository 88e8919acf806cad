/* searcher.c - the search facade: one job at a time, run stage by stage by one persistent search
 * thread that sleeps on a condition variable between jobs. */
#include "searcher.h"

#include <inttypes.h>
#include <stdio.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "makemove.h"
#include "pdp10.h"
#include "tt.h"

/* docs/SPEC.md §8: the opponent's reply is guessed by a 2-ply search [P]. */
enum { GUESS_DEPTH = 2 };
/* [C] The guess normally takes a few ms; it may never hold the move back longer than this. */
enum { GUESS_BUDGET_US = 50000 };
/* [C] A guess asked for between searches (CECP `hint`) holds the input back at most this long. */
enum { GUESS_ON_REQUEST_BUDGET_US = 200000 };
/* [C] Held to UCI_Elo's work, a main search that ran at under this share of the pace asked
 * for, for at least WORK_SHORT_MIN_US, did less than the setting's work: the clock or the
 * machine could not give it. */
static const double WORK_SHORT_SHARE = 0.8;
enum { WORK_SHORT_MIN_US = 20000 };
/* [C] docs/SPEC.md §7: an unpaced search under a clock completes a shallow search before the
 * hard deadline may cut it (TECH-1971's depth-2 insurance search, TECH-modern's depth 1), so that
 * the move played is never one no search has looked at. A pathological tree ends anyway after
 * this many nodes: about four times the largest such search measured (TECH-modern's depth 1,
 * 54,068 nodes, over Win at Chess, tests/perft.epd and the endgame starts; TECH-1971's depth 2
 * at most 6,660), a few hundredths of a second here. An insurance search cut there falls back
 * to depth 1 under the same cap. */
enum { SHALLOW_GRACE_NODES = 200000 };
/* Longest time a deadline may lie ahead: a century is "never" for a chess clock, and keeps every
 * sum of clock readings inside 64 bits whatever number a GUI sends. */
static const int64_t DEADLINE_MAX_MS = 100LL * 365 * 24 * 3600 * 1000;

/* A job runs these stages in order, skipping those it does not need. */
typedef enum {
    STAGE_IDLE,                  /* no job yet */
    STAGE_PREDICT,               /* self-ponder: guess the opponent's reply */
    STAGE_INSURANCE,             /* depth-2 insurance search (docs/SPEC.md §7) */
    STAGE_MAIN,                  /* the search proper */
    STAGE_GUESS,                 /* guess the reply to the move found */
    STAGE_DONE                   /* result ready */
} Stage;

typedef struct {
    unsigned id;
    JobKind kind;
    Stage stage;
    bool taken;                  /* the result was collected */
    bool hit;                    /* ponder job converted by a hit */
    bool abandoned;              /* stopped for good: skip the remaining stages */
    Position root;               /* the position given */
    Position searched;           /* where the main search runs: root, or root + predicted reply */
    TimePlan plan;               /* as the time manager made it; the main search runs plan.search */
    SearchFeatures features;
    JobReporter reporter;
    int64_t clock_start_us, start_us, main_start_us;
    bool want_guess;
    SearchResult insurance_result;
    JobResult result;
    int64_t last_progress_us;    /* the job's last heartbeat, whichever stage sent it */
} Job;

struct Searcher {
    pthread_mutex_t lock;
    pthread_cond_t wake;         /* the search thread: a job is ready, or shut down */
    pthread_cond_t changed;      /* waiters: the job moved on */
    pthread_t thread;
    bool thread_started;
    Search *search;
    TranspositionTable *tt;      /* E4 */
    int tt_megabytes, tt_pending_megabytes;
    bool clear_pending;          /* ucinewgame / Clear Hash: the search thread empties the tables */
    bool clearing;               /* ... and is doing it now, with the lock released */
    bool shutdown;
    unsigned last_id;
    Job job;
    SearchControl control;
    void (*on_done)(void *context, unsigned id);
    void *done_context;
    int ponder_hits, ponder_total;
};

static bool stage_active(Stage s) { return s > STAGE_IDLE && s < STAGE_DONE; }

/* The clock_now_us() time `ms` after `start_us`, saturated; 0 (no deadline) when ms is 0. */
static int64_t deadline_after(int64_t start_us, int64_t ms)
{
    if (ms <= 0) return 0;
    if (ms > DEADLINE_MAX_MS) ms = DEADLINE_MAX_MS;
    return start_us + ms * 1000;
}

/* docs/SPEC.md §8 [P]: "TECH uses a 2 ply search to guess its opponent's move, then begins
 * calculating its move on the basis of that assumption. If the opponent makes the expected
 * move, TECH will print its reply immediately if finished, or continue the computations."
 * Under Speed PDP-10 TECH-1971 is that program (and at any paced speed, that program on a faster
 * machine): its ponder search is the depth the time rule
 * chose and no deeper, and a hit plays it at once if it is finished. At native speed [C] the
 * ponder search goes on deepening until the opponent moves: the rule's depth is done within
 * moments there, and the opponent's time would otherwise go unused; on a hit TECH then plays
 * the deepest depth it has completed, so it plays deeper than the rule on a hit than on a
 * miss (docs/SPEC.md §8). */
static bool ponder_stops_at_rule_depth(const JobRequest *request)
{
    return request->features.pace_multiple > 0 && !request->features.iterative_deepening
        && request->plan.clock.by_rule && request->plan.clock.target_depth > 0;
}

/* Under the lock: arm the plan's limits, counted from `clock_start_us`, on the search. */
static void arm_plan(Searcher *searcher, const TimePlan *plan, int64_t clock_start_us, bool rejudge)
{
    SearchControl *c = &searcher->control;
    search_control_arm(c, plan->clock.target_depth, deadline_after(clock_start_us, plan->clock.soft_ms),
                       deadline_after(clock_start_us, plan->clock.hard_ms));
    if (!rejudge) atomic_store(&c->limits_changed, false);
}

/* Table use in permille, or SEARCHER_NO_TABLE when the job searches without one; called on the
 * searching thread, which owns the table's age. */
static int hashfull(const Searcher *searcher)
{
    return searcher->tt && searcher->job.features.transposition_table ? tt_hashfull(searcher->tt) : SEARCHER_NO_TABLE;
}

/* Forward lines of the search to the protocol with the job's context. The result keeps the best
 * line (MultiPV's first) as the line that chose the move, and the last settled one apart. */
static void forward(Searcher *searcher, const SearchInfo *lines, int count, bool settled, bool repeat)
{
    Job *job = &searcher->job;
    if (count < 1) return;
    job->result.info = lines[0];
    job->result.has_info = true;
    if (settled) {
        job->result.settled_info = lines[0];
        job->result.has_settled_info = true;
    }
    if (!job->reporter.on_report) return;
    JobReport report = {.id = job->id, .kind = job->kind, .prefix = job->result.predicted,
                        .elapsed_ms = (clock_now_us() - job->main_start_us) / 1000, .info = lines,
                        .info_count = count, .hashfull = hashfull(searcher), .settled = settled,
                        .repeat = repeat};
    job->reporter.on_report(job->reporter.context, &report);
}

/* MultiPV: a completed depth's lines. */
static void forward_lines(void *context, const SearchInfo *lines, int count)
{
    forward(context, lines, count, true, false);
}

/* A new best move of the depth under way. */
static void forward_info(void *context, const SearchInfo *info) { forward(context, info, 1, false, false); }

/* A completed depth's line, reported before as a new best move. */
static void forward_depth_done(void *context, const SearchInfo *line) { forward(context, line, 1, true, true); }

static void forward_current_move(void *context, Depth depth, Move move, int number)
{
    Job *job = &((Searcher *)context)->job;
    if (!job->reporter.on_report) return;
    JobReport report = {.id = job->id, .kind = job->kind, .prefix = job->result.predicted,
                        .elapsed_ms = (clock_now_us() - job->main_start_us) / 1000,
                        .depth = depth, .current_move = move, .current_number = number};
    job->reporter.on_report(job->reporter.context, &report);
}

/* The heartbeat of the move's searches (insurance and main): the last settled line with the
 * job's nodes so far, once a JOB_HEARTBEAT_US over the whole job. */
static void forward_progress(void *context, Depth depth, uint64_t nodes)
{
    Searcher *searcher = context;
    Job *job = &searcher->job;
    int64_t now = clock_now_us();
    if (!job->reporter.on_report || now - job->last_progress_us < JOB_HEARTBEAT_US) return;
    job->last_progress_us = now;
    const SearchInfo *line = job->result.has_settled_info ? &job->result.settled_info : NULL;
    JobReport report = {.id = job->id, .kind = job->kind, .prefix = job->result.predicted,
                        .elapsed_ms = (now - job->start_us) / 1000, .info = line, .info_count = line ? 1 : 0,
                        .hashfull = hashfull(searcher), .depth = depth, .progress = true,
                        .nodes = job->result.nodes + nodes};
    job->reporter.on_report(job->reporter.context, &report);
}

/* A fixed-depth search of `pos` on one thread (the insurance search and the guesses), ended
 * after `nodes` nodes if that is not 0; `reporter` gets its heartbeats (or NULL). */
static SearchResult search_shallow(Searcher *searcher, const Position *pos, Depth depth, uint64_t nodes,
                                   const SearchReporter *reporter)
{
    Job *job = &searcher->job;
    SearchLimits limits = job->plan.search;
    limits.depth = limits.first_depth = depth;
    limits.nodes = nodes;
    limits.known_best = MOVE_NONE;
    limits.mate = 0;
    limits.multipv = 1;
    limits.variety = false;
    SearchFeatures features = job->features;
    features.threads = 1;
    features.secondary_search = false;
    return search_run(searcher->search, pos, &limits, &features, &searcher->control, reporter);
}

/* A 2-ply search of `pos` for the side to move: TECH's guess of the opponent's reply, with the
 * pre-sort computed from the opponent's point of view (docs/SPEC.md §8). */
static SearchResult guess_reply(Searcher *searcher, const Position *pos)
{
    Job *job = &searcher->job;
    int restricted = job->plan.search.searchmoves_count;
    job->plan.search.searchmoves_count = 0;
    SearchLimits kept = job->plan.search;
    job->plan.search.pdp10_budget_us = 0; /* the guess has its own wall budget (next_stage) */
    SearchResult guess = search_shallow(searcher, pos, GUESS_DEPTH, 0, NULL);
    job->plan.search.pdp10_budget_us = kept.pdp10_budget_us;
    job->plan.search.searchmoves_count = restricted;
    return guess;
}

/* Whether the job runs at this machine's own speed (no Speed, no UCI_Elo): then its clock never
 * cuts its first shallow search (docs/SPEC.md §7). A paced search is the slow machine, which
 * plays what it has when its clock runs out. */
static bool unpaced(const Job *job) { return job->features.pace_multiple <= 0; }

/* The grace the hard deadline gives `stage` (SearchControl.hard_grace_nodes): an unpaced job's
 * insurance search, or, without one, its main search's depth 1. */
static uint64_t stage_grace(const Job *job, Stage stage)
{
    if (!unpaced(job)) return 0;
    if (stage == STAGE_INSURANCE) return SHALLOW_GRACE_NODES;
    const SearchLimits *limits = &job->plan.search;
    Depth first = limits->first_depth > 0 ? limits->first_depth : limits->depth;
    if (job->features.iterative_deepening || limits->mate > 0) first = 1;
    return stage == STAGE_MAIN && !job->plan.clock.insurance && first <= 1 ? SHALLOW_GRACE_NODES : 0;
}

/* The insurance search (docs/SPEC.md §7): depth 2 first; an unpaced one that its node cap cut
 * (a pathological tree, not a stop) falls back to depth 1. A completed one tells the main
 * search which move a partial result of its first depth must include. */
static void run_insurance(Searcher *searcher)
{
    Job *job = &searcher->job;
    SearchReporter heartbeat = {.context = searcher, .on_progress = forward_progress};
    uint64_t cap = unpaced(job) ? SHALLOW_GRACE_NODES : 0;
    job->insurance_result = search_shallow(searcher, &job->searched, INSURANCE_DEPTH, cap, &heartbeat);
    job->result.nodes += job->insurance_result.stats.nodes;
    job->result.work_us += pdp10_us(&job->insurance_result.stats);
    if (cap && job->insurance_result.depth == 0 && !atomic_load(&searcher->control.stop)) {
        SearchResult one = search_shallow(searcher, &job->searched, 1, cap, &heartbeat);
        job->result.nodes += one.stats.nodes;
        job->result.work_us += pdp10_us(&one.stats);
        if (one.searched || !job->insurance_result.searched) job->insurance_result = one;
    }
    if (unpaced(job) && job->insurance_result.depth > 0) job->plan.search.known_best = job->insurance_result.best_move;
}

/* Held to UCI_Elo's work: did the main search keep the pace asked for? */
static void judge_work(Searcher *searcher, const SearchResult *main)
{
    Job *job = &searcher->job;
    JobResult *r = &job->result;
    r->pace_wanted = job->features.pace_multiple;
    r->pace_reached = main->stats.wall_us > 0 ? (double)pdp10_us(&main->stats) / (double)main->stats.wall_us : 0.0;
    /* Short: the wall clock, not the budget or a stop, ended a search that was behind its pace. */
    r->short_of_work = job->plan.clock.by_work && main->aborted && !main->budget_spent
                    && !atomic_load(&searcher->control.stop) && main->stats.wall_us >= WORK_SHORT_MIN_US
                    && r->pace_reached < WORK_SHORT_SHARE * r->pace_wanted;
}

static void run_main(Searcher *searcher)
{
    Job *job = &searcher->job;
    SearchReporter reporter = {.context = searcher,
                               .on_info = forward_info,
                               .on_current_move = forward_current_move,
                               .on_lines = forward_lines,
                               .on_progress = forward_progress,
                               .on_depth_done = forward_depth_done};
    job->main_start_us = clock_now_us();
    /* UCI_Elo's work is the move's: what the insurance search used is spent. */
    SearchLimits limits = job->plan.search;
    int64_t spent = job->result.work_us;
    if (limits.pdp10_budget_us > 0)
        limits.pdp10_budget_us = limits.pdp10_budget_us > spent ? limits.pdp10_budget_us - spent : 1;
    SearchResult main =
        search_run(searcher->search, &job->searched, &limits, &job->features, &searcher->control, &reporter);
    JobResult *r = &job->result;
    r->work_us += pdp10_us(&main.stats);
    judge_work(searcher, &main);
    r->best_move = main.best_move;
    r->ponder_move = main.ponder_move;
    r->score = main.score;
    r->depth = main.depth;
    r->depth_time_us = main.depth_time_us;
    r->aborted = main.aborted;
    r->nodes += main.stats.nodes;
    r->stats = main.stats;
    r->hashfull = hashfull(searcher);
    /* docs/SPEC.md §7: nothing usable completed -> the insurance move. */
    if (!main.searched && job->insurance_result.best_move != MOVE_NONE) {
        r->best_move = job->insurance_result.best_move;
        r->ponder_move = job->insurance_result.ponder_move;
        r->score = job->insurance_result.score;
        r->depth = job->insurance_result.depth;
        r->insurance_used = true;
    }
}

static void run_stage(Searcher *searcher, Stage stage)
{
    Job *job = &searcher->job;
    switch (stage) {
    case STAGE_PREDICT: {
        SearchResult guess = guess_reply(searcher, &job->root);
        job->result.predicted = guess.best_move;
        job->result.nodes += guess.stats.nodes;
        position_copy(&job->searched, &job->root);
        if (guess.best_move != MOVE_NONE) make_move(&job->searched, guess.best_move);
        break;
    }
    case STAGE_INSURANCE: {
        run_insurance(searcher);
        break;
    }
    case STAGE_MAIN:
        run_main(searcher);
        break;
    case STAGE_GUESS: {
        Position *after = malloc(sizeof *after);
        if (!after) break;
        position_copy(after, &job->searched);
        make_move(after, job->result.best_move);
        SearchResult guess = guess_reply(searcher, after);
        job->result.nodes += guess.stats.nodes;
        /* Only a completed guess replaces the PV's second move (docs/SPEC.md §8); without either
         * there is no ponder move (a cut guess's best is its pre-sort's first, unsearched). */
        if (guess.depth > 0) job->result.ponder_move = guess.best_move;
        free(after);
        break;
    }
    default:
        break;
    }
}

/* Under the lock: the stage after `done`, with the control set up for it. */
static Stage next_stage(Searcher *searcher, Stage done)
{
    Job *job = &searcher->job;
    bool stopped = atomic_load(&searcher->control.stop);
    if (job->abandoned || searcher->shutdown) return STAGE_DONE;
    switch (done) {
    case STAGE_PREDICT:
        if (stopped || job->result.predicted == MOVE_NONE) return STAGE_DONE;
        return job->plan.clock.insurance ? STAGE_INSURANCE : STAGE_MAIN;
    case STAGE_INSURANCE:
        return STAGE_MAIN;
    case STAGE_MAIN:
        if (!job->want_guess || job->result.best_move == MOVE_NONE) return STAGE_DONE;
        if (stopped && job->kind != JOB_MOVE && !job->hit) return STAGE_DONE; /* a ponder miss */
        /* The guess gets its own short budget, inside the move's hard limit if one is armed;
         * a stop of the main search still leaves it time to find the reply. */
        {
            int64_t now = clock_now_us();
            int64_t deadline = now + GUESS_BUDGET_US;
            int64_t armed = atomic_load(&searcher->control.hard_deadline_us);
            if (armed) {
                int64_t floor = armed > now + 1000 ? armed : now + 1000;
                if (floor < deadline) deadline = floor;
            }
            search_control_reset(&searcher->control);
            atomic_store(&searcher->control.hard_deadline_us, deadline);
        }
        return STAGE_GUESS;
    default:
        return STAGE_DONE;
    }
}

#ifdef TECH_TEST_HOOKS
/* Test builds only (debug, tsan): TECH_TEST_CLEAR_DELAY_MS=N makes the clear below wait N ms
 * before it empties the tables, with the lock released, so that a test can send what races
 * with it (test_races.py); the release build has no such delay. */
static void test_delay_clear(void)
{
    const char *text = getenv("TECH_TEST_CLEAR_DELAY_MS");
    long ms = text ? strtol(text, NULL, 10) : 0;
    if (ms <= 0 || ms > 10000) return;
    struct timespec pause = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}
#else
static void test_delay_clear(void) {}
#endif

/* Under the lock, on the search thread: empty the table and the killers as asked. The lock is
 * released meanwhile, so that the adapter thread never waits for a large table (isready);
 * whatever else uses the Search (searcher_guess, a resize) waits while `clearing`. */
static void clear_tables(Searcher *searcher)
{
    searcher->clear_pending = false;
    searcher->clearing = true;
    pthread_mutex_unlock(&searcher->lock);
    test_delay_clear();
    search_clear(searcher->search);
    pthread_mutex_lock(&searcher->lock);
    searcher->clearing = false;
    pthread_cond_broadcast(&searcher->changed);
}

static void *worker_main(void *arg)
{
    Searcher *searcher = arg;
    pthread_mutex_lock(&searcher->lock);
    while (!searcher->shutdown) {
        Job *job = &searcher->job;
        if (searcher->clear_pending) { /* before any job that was started after the clear was asked */
            clear_tables(searcher);
            continue;
        }
        if (!stage_active(job->stage)) {
            pthread_cond_wait(&searcher->wake, &searcher->lock);
            continue;
        }
        Stage stage = job->stage;
        if (stage == STAGE_MAIN) atomic_store(&searcher->control.completed_depth, 0);
        atomic_store(&searcher->control.hard_grace_nodes, stage_grace(job, stage));
        pthread_mutex_unlock(&searcher->lock);
        run_stage(searcher, stage);
        pthread_mutex_lock(&searcher->lock);
        job->stage = next_stage(searcher, stage);
        if (job->stage == STAGE_DONE) {
            job->result.hit = job->hit;
            job->result.elapsed_us = clock_now_us() - job->start_us;
            unsigned id = job->id;
            pthread_cond_broadcast(&searcher->changed);
            pthread_mutex_unlock(&searcher->lock);
            if (searcher->on_done) searcher->on_done(searcher->done_context, id);
            pthread_mutex_lock(&searcher->lock);
        } else {
            pthread_cond_broadcast(&searcher->changed);
        }
    }
    pthread_mutex_unlock(&searcher->lock);
    return NULL;
}

Searcher *searcher_create(void (*on_done)(void *context, unsigned id), void *context)
{
    Searcher *searcher = calloc(1, sizeof *searcher);
    if (!searcher) return NULL;
    pthread_mutex_init(&searcher->lock, NULL);
    pthread_cond_init(&searcher->wake, NULL);
    pthread_cond_init(&searcher->changed, NULL);
    search_control_reset(&searcher->control);
    searcher->on_done = on_done;
    searcher->done_context = context;
    /* Without memory for the default table TECH still plays, without a table (E4 is off then). */
    searcher->tt = tt_create(TT_DEFAULT_MB);
    searcher->tt_megabytes = searcher->tt_pending_megabytes = searcher->tt ? TT_DEFAULT_MB : 0;
    searcher->search = search_create();
    if (searcher->search) search_set_table(searcher->search, searcher->tt);
    if (!searcher->search || pthread_create(&searcher->thread, NULL, worker_main, searcher) != 0) {
        searcher_destroy(searcher);
        return NULL;
    }
    searcher->thread_started = true;
    return searcher;
}

void searcher_destroy(Searcher *searcher)
{
    if (!searcher) return;
    pthread_mutex_lock(&searcher->lock);
    searcher->shutdown = true;
    atomic_store(&searcher->control.stop, true);
    pthread_cond_broadcast(&searcher->wake);
    pthread_mutex_unlock(&searcher->lock);
    if (searcher->thread_started) pthread_join(searcher->thread, NULL);
    search_destroy(searcher->search);
    tt_destroy(searcher->tt);
    pthread_cond_destroy(&searcher->changed);
    pthread_cond_destroy(&searcher->wake);
    pthread_mutex_destroy(&searcher->lock);
    free(searcher);
}

/* Under the lock: stop the running job and wait until it is finished. */
static void stop_and_wait_locked(Searcher *searcher)
{
    if (!stage_active(searcher->job.stage)) return;
    searcher->job.abandoned = true;
    atomic_store(&searcher->control.stop, true);
    while (stage_active(searcher->job.stage)) pthread_cond_wait(&searcher->changed, &searcher->lock);
}

/* Under the lock, while idle: give the table the size asked for. On failure the old table
 * stays and the request is dropped, so that nothing tries it again unasked. */
static HashOutcome apply_hash_locked(Searcher *searcher)
{
    int wanted = searcher->tt_pending_megabytes;
    if (wanted == searcher->tt_megabytes) return HASH_APPLIED;
    /* The table is not replaced under a clear (the search thread is woken for it already). */
    while (searcher->clear_pending || searcher->clearing) pthread_cond_wait(&searcher->changed, &searcher->lock);
    searcher->tt_pending_megabytes = searcher->tt_megabytes;
    TTResize resized = TT_LOST;
    if (searcher->tt) resized = tt_resize(searcher->tt, (size_t)wanted);
    else if ((searcher->tt = tt_create((size_t)wanted))) resized = TT_RESIZED;
    if (resized == TT_LOST && searcher->tt) {
        /* Not even the old size could be had back: go on without a table. */
        tt_destroy(searcher->tt);
        searcher->tt = NULL;
        searcher->tt_megabytes = searcher->tt_pending_megabytes = 0;
    }
    search_set_table(searcher->search, searcher->tt);
    if (resized != TT_RESIZED) return HASH_NO_MEMORY;
    searcher->tt_megabytes = searcher->tt_pending_megabytes = wanted;
    return HASH_APPLIED;
}

unsigned searcher_start(Searcher *searcher, const JobRequest *request)
{
    pthread_mutex_lock(&searcher->lock);
    stop_and_wait_locked(searcher);
    apply_hash_locked(searcher);
    Job *job = &searcher->job;
    unsigned id = ++searcher->last_id;
    if (id == 0) id = ++searcher->last_id;
    job->id = id;
    job->kind = request->kind;
    job->taken = job->hit = job->abandoned = false;
    position_copy(&job->root, request->position);
    position_copy(&job->searched, request->position);
    job->plan = request->plan;
    if (request->kind != JOB_MOVE && ponder_stops_at_rule_depth(request))
        job->plan.search.depth = request->plan.clock.target_depth;
    job->features = request->features;
    job->reporter = request->reporter;
    job->clock_start_us = request->clock_start_us;
    job->start_us = clock_now_us();
    job->main_start_us = job->start_us;
    job->last_progress_us = job->start_us;
    job->want_guess = request->want_guess;
    memset(&job->insurance_result, 0, sizeof job->insurance_result);
    memset(&job->result, 0, sizeof job->result);
    job->result.id = id;
    job->result.kind = request->kind;
    search_control_reset(&searcher->control);
    /* A move's limits run from the clock start; a ponder job thinks on until the hit. */
    if (request->kind == JOB_MOVE) arm_plan(searcher, &job->plan, request->clock_start_us, false);
    else atomic_store(&searcher->control.pondering, true);
    if (request->kind == JOB_SELF_PONDER) job->stage = STAGE_PREDICT;
    else job->stage = job->plan.clock.insurance ? STAGE_INSURANCE : STAGE_MAIN;
    pthread_cond_broadcast(&searcher->wake);
    pthread_mutex_unlock(&searcher->lock);
    return id;
}

void searcher_stop(Searcher *searcher, unsigned id)
{
    pthread_mutex_lock(&searcher->lock);
    if (searcher->job.id == id && stage_active(searcher->job.stage)) atomic_store(&searcher->control.stop, true);
    pthread_mutex_unlock(&searcher->lock);
}

void searcher_ponderhit(Searcher *searcher, unsigned id, int64_t clock_start_us, const TimePlan *plan)
{
    pthread_mutex_lock(&searcher->lock);
    Job *job = &searcher->job;
    if (job->id == id && job->kind != JOB_MOVE && !job->hit) {
        job->hit = true;
        job->clock_start_us = clock_start_us;
        /* The clock's limits are the hit's; what the search runs (plan.search, read by the
         * search thread) stays as the ponder search began. */
        if (plan) job->plan.clock = plan->clock;
        /* The main search judges at once whether what it has done is enough (search.c); one
         * not begun yet starts with these limits. The guess keeps its own budget. */
        if (job->stage != STAGE_GUESS && stage_active(job->stage))
            arm_plan(searcher, &job->plan, clock_start_us, job->stage == STAGE_MAIN);
    }
    pthread_mutex_unlock(&searcher->lock);
}

Move searcher_prediction(Searcher *searcher, unsigned id)
{
    pthread_mutex_lock(&searcher->lock);
    const Job *job = &searcher->job;
    Move predicted = job->id == id && job->stage != STAGE_PREDICT ? job->result.predicted : MOVE_NONE;
    pthread_mutex_unlock(&searcher->lock);
    return predicted;
}

Move searcher_guess(Searcher *searcher, const Position *position, const SearchFeatures *features,
                    bool started_from_initial)
{
    SearchLimits limits = {.depth = GUESS_DEPTH, .first_depth = GUESS_DEPTH};
    limits.started_from_initial = started_from_initial;
    /* One thread at today's speed, and no table: a question asked between searches leaves no
     * trace in the next one. */
    SearchFeatures guess_features = *features;
    guess_features.threads = 1;
    guess_features.secondary_search = false;
    guess_features.transposition_table = false;
    guess_features.pace_multiple = 0;
    SearchControl control;
    search_control_reset(&control);
    Move guess = MOVE_NONE;
    pthread_mutex_lock(&searcher->lock);
    /* A new game's clear empties the Search's tables on the search thread with the lock
     * released: wait until it is done (a short wait) rather than search beside it. */
    while (searcher->clear_pending || searcher->clearing) pthread_cond_wait(&searcher->changed, &searcher->lock);
    /* Idle, the search thread waits for the lock before it touches the Search again. A guess
     * that its budget cut before any root move completed has no move to give. */
    if (!stage_active(searcher->job.stage)) {
        atomic_store(&control.hard_deadline_us, clock_now_us() + GUESS_ON_REQUEST_BUDGET_US);
        SearchResult result = search_run(searcher->search, position, &limits, &guess_features, &control, NULL);
        if (result.searched) guess = result.best_move;
    }
    pthread_mutex_unlock(&searcher->lock);
    return guess;
}

/* Under the lock: hand out the finished result of job `id` once. */
static bool take_locked(Searcher *searcher, unsigned id, JobResult *result)
{
    Job *job = &searcher->job;
    if (job->id != id || job->stage != STAGE_DONE || job->taken) return false;
    job->taken = true;
    if (result) *result = job->result;
    return true;
}

bool searcher_wait(Searcher *searcher, unsigned id, JobResult *result)
{
    pthread_mutex_lock(&searcher->lock);
    while (searcher->job.id == id && stage_active(searcher->job.stage))
        pthread_cond_wait(&searcher->changed, &searcher->lock);
    bool ok = take_locked(searcher, id, result);
    pthread_mutex_unlock(&searcher->lock);
    return ok;
}

bool searcher_take(Searcher *searcher, unsigned id, JobResult *result)
{
    pthread_mutex_lock(&searcher->lock);
    bool ok = take_locked(searcher, id, result);
    pthread_mutex_unlock(&searcher->lock);
    return ok;
}

void searcher_abandon(Searcher *searcher, unsigned id)
{
    pthread_mutex_lock(&searcher->lock);
    if (searcher->job.id == id) {
        stop_and_wait_locked(searcher);
        searcher->job.taken = true;
    }
    pthread_mutex_unlock(&searcher->lock);
}

bool searcher_busy(Searcher *searcher)
{
    pthread_mutex_lock(&searcher->lock);
    bool busy = stage_active(searcher->job.stage);
    pthread_mutex_unlock(&searcher->lock);
    return busy;
}

void searcher_clear(Searcher *searcher)
{
    pthread_mutex_lock(&searcher->lock);
    if (!stage_active(searcher->job.stage)) {
        searcher->clear_pending = true;
        pthread_cond_broadcast(&searcher->wake);
    }
    pthread_mutex_unlock(&searcher->lock);
}

HashOutcome searcher_set_hash(Searcher *searcher, int megabytes)
{
    pthread_mutex_lock(&searcher->lock);
    searcher->tt_pending_megabytes = megabytes;
    HashOutcome outcome = stage_active(searcher->job.stage) && megabytes != searcher->tt_megabytes ? HASH_DEFERRED
                                                                                     : apply_hash_locked(searcher);
    pthread_mutex_unlock(&searcher->lock);
    return outcome;
}

HashOutcome searcher_apply_hash(Searcher *searcher)
{
    pthread_mutex_lock(&searcher->lock);
    HashOutcome outcome = stage_active(searcher->job.stage) ? HASH_DEFERRED : apply_hash_locked(searcher);
    pthread_mutex_unlock(&searcher->lock);
    return outcome;
}

int searcher_hash_mb(Searcher *searcher)
{
    pthread_mutex_lock(&searcher->lock);
    int megabytes = searcher->tt_megabytes;
    pthread_mutex_unlock(&searcher->lock);
    return megabytes;
}

void searcher_count_ponder(Searcher *searcher, bool hit)
{
    pthread_mutex_lock(&searcher->lock);
    searcher->ponder_total++;
    if (hit) searcher->ponder_hits++;
    pthread_mutex_unlock(&searcher->lock);
}

void searcher_ponder_stats(Searcher *searcher, int *hits, int *total)
{
    pthread_mutex_lock(&searcher->lock);
    *hits = searcher->ponder_hits;
    *total = searcher->ponder_total;
    pthread_mutex_unlock(&searcher->lock);
}

void searcher_format_stats(const JobResult *r, char *buf, size_t size)
{
    const SearchStats *st = &r->stats;
    snprintf(buf, size,
             "stats depth %d nodes %" PRIu64 " nbp %" PRIu64 " full-generations %" PRIu64
             " capture-generations %" PRIu64 " makes %" PRIu64 " cpu-ms %" PRId64 " wall-ms %" PRId64
             " pdp10-ms %" PRId64 " move-pdp10-ms %" PRId64,
             r->depth, st->nodes, st->bottom_positions, st->full_generations, st->capture_generations, st->makes,
             st->cpu_us / 1000, st->wall_us / 1000, pdp10_us(st) / 1000, r->work_us / 1000);
}
