/* timeman.c - TECH's depth-per-time-control rule and safety net (docs/SPEC.md §7), and the soft
 * limit of the iterative modern profile. */
#include "timeman.h"

#include <assert.h>
#include <math.h>
#include <string.h>

#include "clock_table.h"
#include "search.h"

/* [C] docs/SPEC.md §7: depths stay within [2, 30]. */
enum { RULE_DEPTH_MIN = 2, RULE_DEPTH_MAX = 30 };
/* [C] With no next time control (sudden death, with or without increment) the rule plans for
 * this many more moves: "the average amount of time per move available before the next time
 * control" needs a horizon, and the paper's tournaments had one. The horizon is the profile's:
 * - TECH-modern stops at a soft limit inside the depth under way and spends about the time
 *   available per move; with 20 it spent 85.5% of its clock at 1+0.01 (150 games with
 *   pondering against TECH-1971, tests/long/RESULTS.md; 83.3% with 25).
 * - TECH-1971 plays whole depths, and its depth steps (x3, x7) leave it below the time
 *   available on most moves: the deepest depth that fits takes between 1/7 and all of it.
 *   With 25 it spent 62.1% of its clock at 1+0.01, with 20 69.5%; its horizon is shorter so
 *   that it spends what the modern profile spends. */
enum { SUDDEN_DEATH_MOVES_ITERATIVE = 20, SUDDEN_DEATH_MOVES_BY_RULE = 14 };
/* [C] TECH-modern's hard limit is at most this many times the available time per move. */
enum { HARD_AVAIL_FACTOR = 8 };
/* [C] TECH-1971's safety net. Its rule plays whole depths, and a depth costs x3 or x7 the one
 * below, so one move can run far past the average the rule aims at (a sudden-death minute once
 * gave a depth-9 move 8.2 s of the 56 s left). No move of TECH-1971 may take more than twice
 * the time available per move, nor more than a tenth of the clock left (less the overhead),
 * plus its share of the increment: after ten such moves in a row two thirds of the clock are
 * still there. When fewer than ten moves remain before a control refills the clock, the tenth
 * becomes the share of one of them (a third with three to go). The search is cut off there and
 * plays the best root move it has, and the rule goes down a ply. */
enum { HARD_AVAIL_FACTOR_BY_RULE = 2, HARD_SHARE_MOVES_BY_RULE = 10 };
/* [C] Share of the increment counted as available per move, in percent. With sudden death plus
 * increment the clock settles where the time spent per move equals the increment: at
 * remaining = overhead + horizon x (1 - share) x increment. 75% keeps 5 increments (TECH-1971:
 * 3.5) in reserve there (0.9 kept 2.5 to 3, which at 3+0.03 left about 0.1 s: one
 * scheduling hiccup from a flag), and still spends all but that reserve over a game. */
enum { INCREMENT_SHARE_PERCENT = 75 };
/* [C] TECH-modern: the soft limit, in hundredths of the available time. Searches end between
 * it and the end of the depth under way, about twice it on average. A paced search ends at its
 * soft limit inside a depth (search_control.c), so its limit is the whole time available: about
 * what a search at native speed spends. */
enum { SOFT_SHARE_PERCENT = 60, SOFT_SHARE_PERCENT_PACED = 100 };
/* [C] UCI_Elo with no clock (a bare `go`, the console's): the move's work is spread over this
 * long, a pause a person at a board waits without wondering. */
enum { WORK_UNTIMED_MOVE_MS = 2000 };
/* [C] UCI_Elo under a clock: the most work a move may do (its cap) is spread over this share of
 * the time available, the share TECH-modern's own time manager aims at (SOFT_SHARE_PERCENT).
 * TECH-modern's cap is its budget, which it spends (it deepens until it); TECH-1971's rule aims at
 * the budget and may overshoot to the cap, so a typical move of it is quicker. A setting whose
 * budget cannot even pay for the pre-sort (every move at the cap) keeps over 60% of a 60+1 base
 * after ten moves (with the whole time available for the cap, 42% of a 12+0.2 clock went by move
 * 10). A fixed time a move is the cap's time whole. */
enum { WORK_CLOCK_SHARE_PERCENT = SOFT_SHARE_PERCENT };
/* [C] TECH-1971 held to a work: a move may do up to this many times its budget, the rule's
 * overshoot that HARD_AVAIL_FACTOR_BY_RULE allows under a clock. At 1x the rule oscillated: a
 * move cut at the budget looked, counted a ply lower, as if the deeper depth fitted, and every
 * other move was cut. */
enum { WORK_CAP_FACTOR_BY_RULE = HARD_AVAIL_FACTOR_BY_RULE };

/* [C] Which time of a search the rule counts as "the amount of time used" on a move (docs/SPEC.md
 * §7): READING_SEARCH = how long the search of the depth it played took, ponder time included;
 * READING_CLOCK = the time its clock was charged (from the `go`, the opponent's move or the
 * ponder hit to TECH's move). They differ after ponder hits. Measured in 200 games of
 * TECH-1971 against itself at 5+0.05 with pondering (tests/long/RESULTS.md): the clock reading
 * scored +12 Elo (-38 .. +62) in the 146 games outside a stretch in which the machine starved
 * both (there the search reading lost 38 games on time, the clock reading 15), and used 77.2%
 * of its time against 75.9%. So the clock reading it is, and it is also the text's: "the
 * average amount of time used on the last five moves" against "the average amount of time per
 * move available before the next time control" compares clock with clock.
 * (-DTECH_TIME_READING=READING_SEARCH builds the other.) */
typedef enum { READING_SEARCH, READING_CLOCK } TimeReading;
#ifndef TECH_TIME_READING
#define TECH_TIME_READING READING_CLOCK
#endif
static const TimeReading time_reading = TECH_TIME_READING;

static Depth clamp_depth(Depth d)
{
    if (d < RULE_DEPTH_MIN) return RULE_DEPTH_MIN;
    if (d > RULE_DEPTH_MAX) return RULE_DEPTH_MAX;
    return d;
}

void timeman_init(TimeManager *tm, Depth start_depth)
{
    tm->depth = start_depth;
    tm->history_count = tm->history_next = 0;
    tm->adjusted = false;
    tm->control_move_ms = 0;
}

/* A search time at `from` scaled to what it would have been at `to` by the report's factors. */
static double normalise(double ms, Depth from, Depth to)
{
    for (; from < to; from++) ms *= search_growth(from);
    for (; from > to; from--) ms /= search_growth(from - 1);
    return ms;
}

/* [P] "the average amount of time used on the last five moves", in ms, [R] each move counted at
 * the current depth d by the report's factors (a move played a ply lower counts x3 or x7): the
 * time a move at d takes, which is what the rule compares with the time available. The plain
 * average, with the moves as they were, lags a change of depth by five moves: in a one-minute
 * game it let the depth climb 5, 6, 7, 8 on moves 8 to 11 on the times of depth 5, and move 11
 * ran into the safety net (docs/SPEC.md §7). */
static double used_time(const TimeManager *tm, Depth d)
{
    double sum = 0;
    for (int i = 0; i < tm->history_count; i++)
        sum += normalise(tm->history[i].elapsed_us / 1000.0, tm->history[i].depth, d);
    return sum / tm->history_count;
}

/* The horizon of the rule: the moves to the next time control, or the profile's guess under
 * sudden death. */
static int moves_left(const TimeRequest *r)
{
    if (r->moves_to_go > 0) return r->moves_to_go;
    return r->iterative ? SUDDEN_DEATH_MOVES_ITERATIVE : SUDDEN_DEATH_MOVES_BY_RULE;
}

/* The time left on TECH's clock. [C] At or below zero with an increment, the increment: a control
 * of increment alone (0+3) gives each move its increment, and Knights 22.12 sends `wtime 0 btime 0`
 * with the increment at every move (its bug; issue 41), where a zero would play every move at
 * once. A GUI whose clock has truly run out has flagged TECH already. */
static int64_t clock_left_ms(const TimeRequest *r)
{
    return r->remaining_ms <= 0 && r->increment_ms > 0 ? r->increment_ms : r->remaining_ms;
}

static int64_t avail_ms(const TimeRequest *r)
{
    int64_t left = clock_left_ms(r) - r->overhead_ms;
    if (left < 0) left = 0;
    return left / moves_left(r) + r->increment_ms * INCREMENT_SHARE_PERCENT / 100;
}

/* The safety net, within movetime too; at least 1 ms. TECH-modern: min(8 * avail, (remaining -
 * overhead) / 2). TECH-1971: min(2 * avail, (remaining - overhead) / min(moves left, 10) + the
 * increment's share, (remaining - overhead) / 2). */
static int64_t hard_limit(const TimeRequest *r)
{
    int64_t hard = INT64_MAX;
    if (r->has_clock) {
        int64_t left = clock_left_ms(r) - r->overhead_ms;
        hard = (r->iterative ? HARD_AVAIL_FACTOR : HARD_AVAIL_FACTOR_BY_RULE) * avail_ms(r);
        if (!r->iterative) {
            int moves = moves_left(r) < HARD_SHARE_MOVES_BY_RULE ? moves_left(r) : HARD_SHARE_MOVES_BY_RULE;
            int64_t share = left / moves + r->increment_ms * INCREMENT_SHARE_PERCENT / 100;
            if (share < hard) hard = share;
        }
        if (left / 2 < hard) hard = left / 2;
    }
    if (r->movetime_ms > 0 && r->movetime_ms - r->overhead_ms < hard) hard = r->movetime_ms - r->overhead_ms;
    return hard < 1 ? 1 : hard;
}

/* docs/SPEC.md §7 [P]: "After the opening phase TECH will also adjust its maximum depth for the
 * next tactical analysis by comparing the average amount of time per move available before the
 * next time control with the average amount of time used on the last five moves. If it has
 * taken too much time, it decreases the depth. If it has taken enough time less than the
 * allotted amount it increases the depth. It needs a factor of 3 to go up from an even depth to
 * an odd one, and a factor of about 7 to go from an odd depth to an even one." One ply at a
 * time: down one when the average exceeds the time available, up one when the average times
 * the factor of the next depth still fits in it. Applied once per new sample, so that a
 * re-planned move (a ponder miss) cannot move d twice; in the opening (the first eight moves)
 * not at all. */
static void adjust_depth(TimeManager *tm, int64_t avail)
{
    if (tm->adjusted || tm->history_count == 0) return;
    tm->adjusted = true;
    const double used = used_time(tm, tm->depth);
    if (used > (double)avail) tm->depth = clamp_depth(tm->depth - 1);
    else if (used * search_growth(tm->depth) <= (double)avail) tm->depth = clamp_depth(tm->depth + 1);
}

static Depth capped(Depth depth, Depth cap) { return cap > 0 && cap < depth ? cap : depth; }

/* CECP `nps N` (docs/PROTOCOLS.md §3.2): N nodes count as a second of thinking, so a move given
 * the time per move available may search that many seconds' worth of nodes and no more; the
 * search ends when it has used them (or sooner, by the depth rule or the soft limit). */
static void limit_nodes_by_rate(const TimeRequest *r, TimePlan *plan)
{
    if (r->node_rate <= 0 || r->infinite || plan->clock.avail_ms <= 0) return;
    double budget = (double)plan->clock.avail_ms * (double)r->node_rate / 1000.0;
    uint64_t nodes = budget < 1.0 ? 1 : budget >= (double)UINT64_MAX / 2 ? UINT64_MAX / 2 : (uint64_t)budget;
    if (!plan->search.nodes || nodes < plan->search.nodes) plan->search.nodes = nodes;
    plan->clock.node_rate = r->node_rate;
}

/* The time a move of the control UCI_Elo's table was measured at (10+0.1, clock_table.h), by the
 * same estimate as the request's own clock (its overhead, its profile's horizon). */
static int64_t reference_move_ms(const TimeRequest *r)
{
    TimeRequest reference = *r;
    reference.remaining_ms = STRENGTH_CLOCK_BASE_MS;
    reference.increment_ms = STRENGTH_CLOCK_INCREMENT_MS;
    reference.moves_to_go = 0;
    int64_t ms = avail_ms(&reference);
    return ms > 1 ? ms : 1;
}

/* UCI_Elo's work (docs/STRENGTH.md §1b): a move may do `work_us` of PDP-10 work (at this control: strength_player).
 * The search is paced so that the most work a move may do (the budget; TECH-1971's rule
 * twice it, WORK_CAP_FACTOR_BY_RULE) fills the move's time (WORK_CLOCK_SHARE_PERCENT of the time
 * available under a clock, the fixed time a move, or WORK_UNTIMED_MOVE_MS), never does more (the
 * cap, shared by the move's searches), and TECH-1971's rule compares work with work: its history
 * holds the moves' PDP-10 time and its time available is the budget. Where the clock's time
 * cannot give the work at the machine's speed, the search runs unpaced and the clock's limits end
 * it. Explicit depths, nodes, mates and analysis are not held back. */
static bool plan_work(const TimeRequest *r, int64_t work_us, bool timed, TimePlan *plan)
{
    if (work_us <= 0 || r->infinite || r->nodes || r->mate > 0 || (!timed && r->depth_cap > 0)) return false;
    int64_t wall_ms = !timed         ? WORK_UNTIMED_MOVE_MS
                      : r->has_clock ? avail_ms(r) * WORK_CLOCK_SHARE_PERCENT / 100
                                     : r->movetime_ms - r->overhead_ms;
    if (wall_ms < 1) wall_ms = 1;
    int64_t cap_us = r->iterative ? work_us : WORK_CAP_FACTOR_BY_RULE * work_us;
    plan->clock.by_work = true;
    plan->clock.work_us = work_us;
    plan->clock.pace_multiple = (double)cap_us / ((double)wall_ms * 1000.0);
    plan->search.pdp10_budget_us = cap_us;
    return true;
}

static int64_t clamp_ms(int64_t v, int64_t min, int64_t max) { return v < min ? min : v > max ? max : v; }

/* The request within its bounds, whatever the protocol read (timeman.h). */
static TimeRequest bounded_request(const TimeRequest *request)
{
    TimeRequest r = *request;
    r.remaining_ms = clamp_ms(r.remaining_ms, -GUI_TIME_MS_MAX, GUI_TIME_MS_MAX);
    r.increment_ms = clamp_ms(r.increment_ms, 0, GUI_TIME_MS_MAX);
    r.movetime_ms = clamp_ms(r.movetime_ms, 0, GUI_TIME_MS_MAX);
    r.untimed_hard_ms = clamp_ms(r.untimed_hard_ms, 0, GUI_TIME_MS_MAX);
    r.overhead_ms = (int)clamp_ms(r.overhead_ms, 0, GUI_TIME_MS_MAX);
    r.moves_to_go = (int)clamp_ms(r.moves_to_go, 0, INT32_MAX);
    r.depth_cap = (Depth)clamp_ms(r.depth_cap, 0, SEARCH_DEPTH_MAX);
    r.mate = (int)clamp_ms(r.mate, 0, SEARCH_DEPTH_MAX);
    return r;
}

double timeman_clock_ratio(TimeManager *tm, const TimeRequest *request)
{
    const TimeRequest bounded = bounded_request(request);
    const TimeRequest *r = &bounded;
    if (r->infinite || (!r->has_clock && r->movetime_ms <= 0)) return 1.0;
    int64_t control_ms = r->has_clock ? avail_ms(r) : r->movetime_ms - r->overhead_ms;
    if (control_ms < 1) control_ms = 1;
    if (r->has_clock) {
        if (tm->control_move_ms <= 0) tm->control_move_ms = control_ms;
        control_ms = tm->control_move_ms;
    }
    return (double)control_ms / (double)reference_move_ms(r);
}

void timeman_plan(TimeManager *tm, const TimeRequest *request, TimePlan *plan)
{
    assert(tm && request && plan);
    assert(request->legal_moves >= 0 && request->node_rate >= 0 && request->work_us >= 0);
    assert(request->start_depth >= 0 && request->start_depth <= SEARCH_DEPTH_MAX);
    const TimeRequest bounded = bounded_request(request);
    const TimeRequest *r = &bounded;
    memset(plan, 0, sizeof *plan);
    SearchLimits *limits = &plan->search;
    ClockLimits *timing = &plan->clock;
    limits->first_depth = 1;
    limits->depth = capped(SEARCH_DEPTH_MAX, r->depth_cap);
    limits->nodes = r->nodes;
    limits->mate = r->mate;
    bool timed = (r->has_clock || r->movetime_ms > 0) && !r->infinite;
    if (r->has_clock) timing->avail_ms = avail_ms(r);
    if (timed) timing->hard_ms = hard_limit(r);

    bool fixed_time = r->movetime_ms > 0 && !r->has_clock;
    if (fixed_time && !r->infinite)
        timing->avail_ms = r->movetime_ms - r->overhead_ms > 1 ? r->movetime_ms - r->overhead_ms : 1;
    const int64_t work_us = r->work_us;
    bool by_work = plan_work(r, work_us, timed, plan);
    bool paced = r->paced || by_work;
    if (by_work && !timed) timing->avail_ms = WORK_UNTIMED_MOVE_MS;
    if (r->legal_moves == 1 && timed) {
        /* [C] one legal move: play it at once. Depth 1 gives its line a score; a paced search
         * ends at its soft limit even inside that depth (at the PDP-10's pace the pre-sort alone
         * would take 1.4 s of a clock that has no choice to make). */
        limits->depth = 1;
        timing->soft_ms = 1;
    } else if (r->infinite || r->nodes || (fixed_time && r->iterative && !by_work)) {
        timing->insurance = timed && !r->iterative; /* [C] depth 1, 2, ... until stopped or out of budget */
    } else if (r->mate > 0) {
        /* a mate in N moves shows at full width 2N */
        limits->depth = capped(2 * r->mate < SEARCH_DEPTH_MAX ? 2 * r->mate : SEARCH_DEPTH_MAX, r->depth_cap);
        timing->insurance = timed && !r->iterative;
    } else if ((r->has_clock || by_work) && r->iterative) {
        /* TECH-modern: deepen until the soft limit, never past the hard one. */
        timing->soft_ms = timing->avail_ms * (paced ? SOFT_SHARE_PERCENT_PACED : SOFT_SHARE_PERCENT) / 100;
        if (timing->soft_ms < 1) timing->soft_ms = 1;
    } else if (r->has_clock || fixed_time || by_work) {
        /* TECH-1971: the first eight moves at the start depth (the Depth option as it is
         * then), then the depth rule; a fixed time per move (UCI movetime, CECP st) is the
         * time available per move [C: the paper knows one way of using time, the rule, so it
         * applies to every clock]. Held to UCI_Elo's work, the rule runs from the first move
         * on the work, not the clock: the report's opening at five plies is the 1971 machine's
         * three minutes a move, not what a weaker setting can afford. */
        bool opening = r->in_opening && !by_work;
        if (tm->history_count == 0 || opening) tm->depth = r->start_depth;
        if (!opening) adjust_depth(tm, by_work ? work_us / 1000 : timing->avail_ms);
        limits->first_depth = timing->target_depth = capped(tm->depth, r->depth_cap);
        timing->by_rule = true;
        timing->insurance = true;
    } else if (r->depth_cap > 0) {
        limits->first_depth = r->iterative ? 1 : r->depth_cap;
    } else {
        /* A bare `go`: TECH's own depth. */
        if (tm->history_count == 0) tm->depth = r->start_depth;
        limits->depth = tm->depth;
        limits->first_depth = r->iterative ? 1 : tm->depth;
    }
    if (limits->first_depth > limits->depth) limits->first_depth = limits->depth;
    /* [C] No clock, yet a safety net (docs/PROTOCOLS.md §3.2, `sd`): a hard limit, and TECH-1971's
     * insurance search so that a cut search still plays a searched move. */
    if (!timed && !r->infinite && r->untimed_hard_ms > 0) {
        timing->hard_ms = r->untimed_hard_ms;
        timing->insurance = !r->iterative;
    }
    limit_nodes_by_rate(r, plan);
    timing->soft_ms = clamp_ms(timing->soft_ms, 0, GUI_TIME_MS_MAX);
    timing->hard_ms = clamp_ms(timing->hard_ms, 0, GUI_TIME_MS_MAX);
}

void timeman_record(TimeManager *tm, Depth depth, int64_t search_us, int64_t clock_us, bool aborted)
{
    int64_t counted = time_reading == READING_CLOCK ? clock_us : search_us;
    tm->history[tm->history_next] = (TimeSample){.elapsed_us = counted, .depth = depth};
    tm->history_next = (tm->history_next + 1) % TIME_HISTORY;
    if (tm->history_count < TIME_HISTORY) tm->history_count++;
    tm->adjusted = false;
    if (aborted) tm->depth = clamp_depth(tm->depth - 1); /* [C] docs/SPEC.md §7: one more down */
}
