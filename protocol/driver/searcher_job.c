/* searcher_job.c - a job's stages as the search thread runs them: the guess of the opponent's
 * reply (docs/SPEC.md §8), the insurance search (§7), the main search with its reports passed on
 * to the protocol, the guess of the reply to the move found; and which stage comes next. */
#include "searcher_internal.h"

#include <stdlib.h>

#include "clock.h"
#include "makemove.h"
#include "pdp10.h"

/* [C] The guess normally takes a few ms; it may never hold the move back longer than this. */
enum { GUESS_BUDGET_US = 50000 };
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

/* Table use in permille, or SEARCHER_NO_TABLE when the job searches without one; called on the
 * searching thread, which owns the table's age. */
static int hashfull(const Searcher *searcher)
{
    return searcher->tt && searcher->job.features.transposition_table ? tt_hashfull(searcher->tt) : SEARCHER_NO_TABLE;
}

/* What every report of the job begins with: whose it is, and how long the job has run at `now_us`. */
static JobReport report_head(const Job *job, int64_t now_us)
{
    return (JobReport){.id = job->id,
                       .kind = job->kind,
                       .prefix = job->result.predicted,
                       .elapsed_ms = (now_us - job->start_us) / 1000};
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
    JobReport report = report_head(job, clock_now_us());
    report.info = lines;
    report.info_count = count;
    report.hashfull = hashfull(searcher);
    report.settled = settled;
    report.repeat = repeat;
    job->reporter.on_report(job->reporter.context, &report);
}

/* MultiPV: a completed depth's lines. */
static void forward_lines(void *context, const SearchInfo *lines, int count)
{
    forward(context, lines, count, true, false);
}

/* A new best move of the depth under way. */
static void forward_info(void *context, const SearchInfo *info) { forward(context, info, 1, false, false); }

/* A completed depth's line, reported before as a new best move; or a search's depth-0 line (its
 * pre-sort's choice, nothing searched), which settles something only while nothing else has:
 * the main search's comes after the insurance search's depth 2. */
static void forward_depth_done(void *context, const SearchInfo *line)
{
    Searcher *searcher = context;
    if (line->depth == 0 && searcher->job.result.has_settled_info) return;
    forward(searcher, line, 1, true, true);
}

static void forward_current_move(void *context, Depth depth, Move move, int number)
{
    Job *job = &((Searcher *)context)->job;
    if (!job->reporter.on_report) return;
    JobReport report = report_head(job, clock_now_us());
    report.depth = depth;
    report.current_move = move;
    report.current_number = number;
    job->reporter.on_report(job->reporter.context, &report);
}

/* The heartbeat of the move's searches (insurance and main), once a JOB_HEARTBEAT_US over the
 * whole job: the depth under way, the job's nodes so far and the best line so far, the last one
 * reported (a new best move of the depth under way, or the line a completed depth settled). */
static void forward_progress(void *context, Depth depth, uint64_t nodes)
{
    Searcher *searcher = context;
    Job *job = &searcher->job;
    int64_t now = clock_now_us();
    if (!job->reporter.on_report || now - job->last_progress_us < JOB_HEARTBEAT_US) return;
    job->last_progress_us = now;
    const SearchInfo *line = job->result.has_info ? &job->result.info : NULL;
    JobReport report = report_head(job, now);
    report.info = line;
    report.info_count = line ? 1 : 0;
    report.hashfull = hashfull(searcher);
    report.depth = depth;
    report.progress = true;
    report.nodes = job->result.nodes + nodes;
    job->reporter.on_report(job->reporter.context, &report);
}

/* The limits of a fixed-depth search of the job's position (the insurance search and the
 * guesses): the plan's root and opening flag, `depth` alone, ended after `nodes` nodes if that is
 * not 0. A copy: the plan stays as the time manager made it. */
static SearchLimits shallow_limits(const Job *job, Depth depth, uint64_t nodes)
{
    SearchLimits limits = job->plan.search;
    limits.depth = limits.first_depth = depth;
    limits.nodes = nodes;
    limits.known_best = MOVE_NONE;
    limits.mate = 0;
    limits.multipv = 1;
    limits.variety = false;
    return limits;
}

/* Run `limits` on `pos` on one thread at the pace of `features`; `reporter` gets its heartbeats
 * (or NULL). */
static SearchResult search_shallow_with(Searcher *searcher, const Position *pos, const SearchLimits *limits,
                                        SearchFeatures features, const SearchReporter *reporter)
{
    features.threads = 1;
    features.secondary_search = false;
    return search_run(searcher->search, pos, limits, &features, &searcher->control, reporter);
}

/* A fixed-depth search at the job's own pace (the insurance search, part of the move's work). */
static SearchResult search_shallow(Searcher *searcher, const Position *pos, Depth depth, uint64_t nodes,
                                   const SearchReporter *reporter)
{
    SearchLimits limits = shallow_limits(&searcher->job, depth, nodes);
    return search_shallow_with(searcher, pos, &limits, searcher->job.features, reporter);
}

/* A 2-ply search of `pos` for the side to move: TECH's guess of the opponent's reply, with the
 * pre-sort computed from the opponent's point of view (docs/SPEC.md §8). It runs at this
 * machine's own speed whatever the pace of the move [C]: it is the pondering's guess, not the
 * move's work, and held to a slow pace its wall budget would cut it before it had a reply (then
 * there would be no ponder move, or at a strength setting a GUI pondering on nothing it expects).
 * The opponent's moves are not restricted by the root's `searchmoves`, and the guess has its own
 * wall budget (searcher_job_next_stage), not the move's PDP-10 work. */
static SearchResult guess_reply(Searcher *searcher, const Position *pos)
{
    SearchLimits limits = shallow_limits(&searcher->job, GUESS_DEPTH, 0);
    limits.searchmoves_count = 0;
    limits.pdp10_budget_us = 0;
    SearchFeatures native = searcher->job.features;
    native.pace_multiple = 0.0;
    return search_shallow_with(searcher, pos, &limits, native, NULL);
}

/* Whether the job runs at this machine's own speed (no Speed, no UCI_Elo): then its clock never
 * cuts its first shallow search (docs/SPEC.md §7). A paced search is the slow machine, which
 * plays what it has when its clock runs out. */
static bool unpaced(const Job *job) { return job->features.pace_multiple <= 0; }

uint64_t searcher_job_grace(const Job *job, Stage stage)
{
    if (!unpaced(job)) return 0;
    if (stage == STAGE_INSURANCE) return SHALLOW_GRACE_NODES;
    SearchLimits main = searcher_job_main_limits(job);
    Depth first = search_first_depth(&main, &job->features);
    return stage == STAGE_MAIN && !job->plan.clock.insurance && first <= 1 ? SHALLOW_GRACE_NODES : 0;
}

/* The insurance search (docs/SPEC.md §7): depth 2 first; an unpaced one that its node cap cut
 * (a pathological tree, not a stop) falls back to depth 1. Its result stays in the job for the
 * main search (searcher_job_main_limits) and for the move if the main search completes
 * nothing. */
static void run_insurance(Searcher *searcher)
{
    Job *job = &searcher->job;
    /* Its completed line is the move's first settled line: what TECH would play if cut now, the
     * line a GUI shows until the main search settles one (CECP posts only settled lines). Not
     * under MultiPV, whose lines are the main search's. */
    SearchReporter heartbeat = {.context = searcher, .on_progress = forward_progress};
    if (job->plan.search.multipv <= 1) heartbeat.on_depth_done = forward_depth_done;
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

SearchLimits searcher_job_main_limits(const Job *job)
{
    SearchLimits limits = job->plan.search;
    /* Under Speed PDP-10 a ponder search is TECH-1971's, which stops at the depth its rule chose
     * (ponder_stops_at_rule_depth, searcher.c). */
    if (job->ponder_to_rule_depth) limits.depth = job->plan.clock.target_depth;
    /* A completed insurance search names the move a partial first depth must include. */
    if (unpaced(job) && job->insurance_result.depth > 0) limits.known_best = job->insurance_result.best_move;
    /* UCI_Elo's work is the move's: what the insurance search used is spent. */
    int64_t spent = job->result.work_us;
    if (limits.pdp10_budget_us > 0)
        limits.pdp10_budget_us = limits.pdp10_budget_us > spent ? limits.pdp10_budget_us - spent : 1;
    return limits;
}

/* The depth and the line the move is reported with name only what was completed (issue 51):
 * a move chosen by a first depth cut part-way, among root moves that include the insurance
 * move, stands on the insurance search, the move's deepest completed search; and the line of a
 * depth cut part-way gives way to the last settled line of the same move, or to none (the
 * protocol then gives the move alone at the result's depth). */
static void settle_move_line(Job *job)
{
    JobResult *r = &job->result;
    if (r->depth == 0 && job->insurance_result.searched) r->depth = job->insurance_result.depth;
    if (!r->has_info || r->info.depth <= r->depth) return;
    bool settled_has_move = r->has_settled_info && r->settled_info.pv_length > 0
                            && move_same(r->settled_info.pv[0], r->best_move) && r->settled_info.depth <= r->depth;
    if (settled_has_move) r->info = r->settled_info;
    else r->has_info = false;
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
    SearchLimits limits = searcher_job_main_limits(job);
    SearchResult main =
        search_run(searcher->search, &job->searched, &limits, &job->features, &searcher->control, &reporter);
    JobResult *r = &job->result;
    r->work_us += pdp10_us(&main.stats);
    judge_work(searcher, &main);
    r->best_move = main.best_move;
    r->ponder_move = main.ponder_move;
    r->score = main.score;
    r->shown_score = main.shown_score;
    r->depth = main.depth;
    r->depth_time_us = main.depth_time_us;
    r->aborted = main.aborted;
    r->nodes += main.stats.nodes;
    r->stats = main.stats;
    r->hashfull = hashfull(searcher);
    r->verdict.depth = 0;
    if (limits.explain.on) r->verdict = *search_root_verdict(searcher->search);
    /* docs/SPEC.md §7: nothing usable completed -> the insurance move. */
    if (!main.searched && job->insurance_result.best_move != MOVE_NONE) {
        r->best_move = job->insurance_result.best_move;
        r->ponder_move = job->insurance_result.ponder_move;
        r->score = job->insurance_result.score;
        r->shown_score = job->insurance_result.shown_score;
        r->depth = job->insurance_result.depth;
        r->insurance_used = true;
    }
    settle_move_line(job);
}

void searcher_job_run(Searcher *searcher, Stage stage)
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
    case STAGE_MAIN: run_main(searcher); break;
    case STAGE_GUESS: {
        Position *after = malloc(sizeof *after);
        if (!after) {
            job->result.ponder_move = MOVE_NONE;
            break;
        }
        position_copy(after, &job->searched);
        make_move(after, job->result.best_move);
        SearchResult guess = guess_reply(searcher, after);
        job->result.nodes += guess.stats.nodes;
        /* The ponder move is TECH's guess of the reply (docs/SPEC.md §8), the move it would ponder
         * on, and only a completed guess: a cut guess's best is its pre-sort's first, unsearched,
         * and the PV's second move, at a strength setting often a wandering reply, is not what TECH
         * expects. Without a guess there is no ponder move. */
        job->result.ponder_move = guess.depth > 0 ? guess.best_move : MOVE_NONE;
        free(after);
        break;
    }
    default: break;
    }
}

Stage searcher_job_next_stage(Searcher *searcher, Stage done)
{
    Job *job = &searcher->job;
    bool stopped = atomic_load(&searcher->control.stop);
    if (job->abandoned || searcher->shutdown) return STAGE_DONE;
    switch (done) {
    case STAGE_PREDICT:
        if (stopped || job->result.predicted == MOVE_NONE) return STAGE_DONE;
        return job->plan.clock.insurance ? STAGE_INSURANCE : STAGE_MAIN;
    case STAGE_INSURANCE: return STAGE_MAIN;
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
    default: return STAGE_DONE;
    }
}
