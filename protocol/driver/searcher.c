/* searcher.c - the search facade: one job at a time, run stage by stage (searcher_job.c) by one
 * persistent search thread that sleeps on a condition variable between jobs; the transposition
 * table's size and clearing; the ponder statistics. */
#include "searcher.h"
#include "searcher_internal.h"

#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "clock.h"
#include "pdp10.h"

/* [C] A guess asked for between searches (CECP `hint`) holds the input back at most this long. */
enum { GUESS_ON_REQUEST_BUDGET_US = 200000 };
/* The clock_now_us() time `ms` after `start_us`; 0 (no deadline) when ms is 0. The time manager
 * keeps its plan's times within GUI_TIME_MS_MAX, so the sum stays inside 64 bits. */
static int64_t deadline_after(int64_t start_us, int64_t ms)
{
    assert(ms <= GUI_TIME_MS_MAX);
    if (ms <= 0) return 0;
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
    return request->features.pace_multiple > 0 && !request->features.iterative_deepening && request->plan.clock.by_rule
           && request->plan.clock.target_depth > 0;
}

/* Under the lock: arm the plan's limits, counted from `clock_start_us`, on the search. */
static void arm_plan(Searcher *searcher, const TimePlan *plan, int64_t clock_start_us, bool rejudge)
{
    SearchControl *c = &searcher->control;
    search_control_arm(c, plan->clock.target_depth, deadline_after(clock_start_us, plan->clock.soft_ms),
                       deadline_after(clock_start_us, plan->clock.hard_ms));
    if (!rejudge) atomic_store(&c->limits_changed, false);
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
        atomic_store(&searcher->control.hard_grace_nodes, searcher_job_grace(job, stage));
        pthread_mutex_unlock(&searcher->lock);
        searcher_job_run(searcher, stage);
        pthread_mutex_lock(&searcher->lock);
        job->stage = searcher_job_next_stage(searcher, stage);
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
    assert(searcher && request && request->position);
    assert(request->kind == JOB_MOVE || request->kind == JOB_PONDER || request->kind == JOB_SELF_PONDER);
    assert(request->plan.clock.soft_ms >= 0 && request->plan.clock.soft_ms <= GUI_TIME_MS_MAX);
    assert(request->plan.clock.hard_ms >= 0 && request->plan.clock.hard_ms <= GUI_TIME_MS_MAX);
    assert(request->plan.search.searchmoves_count >= 0 && request->plan.search.searchmoves_count <= MOVE_LIST_MAX);
    assert(request->plan.search.first_depth <= request->plan.search.depth || request->plan.search.depth < 1);
    assert(request->features.threads >= 1 && request->features.threads <= SEARCH_THREADS_MAX);
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
    job->ponder_to_rule_depth = request->kind != JOB_MOVE && ponder_stops_at_rule_depth(request);
    job->features = request->features;
    job->reporter = request->reporter;
    job->clock_start_us = request->clock_start_us;
    job->start_us = clock_now_us();
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
    HashOutcome outcome = stage_active(searcher->job.stage) && megabytes != searcher->tt_megabytes
                              ? HASH_DEFERRED
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

bool searcher_progress_line(const JobReport *report, SearchInfo *line)
{
    if (!report->progress || !report->info || report->info_count < 1) return false;
    *line = report->info[0];
    if (report->depth > 0) line->depth = report->depth;
    line->nodes = report->nodes;
    return true;
}
