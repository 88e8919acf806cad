/* timeman.c - TECH's depth-per-time-control rule and safety net (TECH.md §7). */
#include "timeman.h"

#include "search.h"

/* [C] TECH.md §7: depths stay within [2, 30]. */
enum { RULE_DEPTH_MIN = 2, RULE_DEPTH_MAX = 30 };
/* [C] Sudden death is planned as 30 moves to go. */
enum { SUDDEN_DEATH_MOVES = 30 };
/* [C] The hard limit is at most this many times the available time per move. */
enum { HARD_AVAIL_FACTOR = 8 };
/* [C] Increment share counted as available: 0.9 (in tenths). */
enum { INCREMENT_TENTHS = 9 };
/* [P] Growth of the search time: x3 from an even depth to the next, x7 from an odd depth. */
enum { GROWTH_FROM_EVEN = 3, GROWTH_FROM_ODD = 7 };

static int growth(Depth from) { return from % 2 == 0 ? GROWTH_FROM_EVEN : GROWTH_FROM_ODD; }

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
}

/* A search time at `from` scaled to what it would have been at `to`. */
static double normalise(double ms, Depth from, Depth to)
{
    for (; from < to; from++) ms *= growth(from);
    for (; from > to; from--) ms /= growth(from - 1);
    return ms;
}

/* Mean of the last searches in ms, each normalised to depth d ("used" in TECH.md §7). */
static double used_time(const TimeManager *tm, Depth d)
{
    double sum = 0;
    for (int i = 0; i < tm->history_count; i++)
        sum += normalise(tm->history[i].elapsed_us / 1000.0, tm->history[i].depth, d);
    return sum / tm->history_count;
}

static int64_t avail_ms(const TimeRequest *r)
{
    int64_t left = r->remaining_ms - r->overhead_ms;
    if (left < 0) left = 0;
    int mtg = r->moves_to_go > 0 ? r->moves_to_go : SUDDEN_DEATH_MOVES;
    return left / mtg + r->increment_ms * INCREMENT_TENTHS / 10;
}

int64_t timeman_hard_limit(const TimeRequest *r)
{
    int64_t hard = HARD_AVAIL_FACTOR * avail_ms(r);
    int64_t half = (r->remaining_ms - r->overhead_ms) / 2;
    if (half < hard) hard = half;
    if (r->movetime_ms > 0 && r->movetime_ms - r->overhead_ms < hard) hard = r->movetime_ms - r->overhead_ms;
    return hard < 1 ? 1 : hard;
}

/* TECH.md §7: too slow -> d - 1; comfortably fast (used * g(d) <= avail) -> d + 1. Applied
 * once per new sample, so a re-planned move (a ponder miss) cannot move d twice. */
static void adjust_depth(TimeManager *tm, int64_t avail)
{
    if (tm->adjusted || tm->history_count == 0) return;
    tm->adjusted = true;
    double used = used_time(tm, tm->depth);
    if (used > (double)avail) tm->depth--;
    else if (used * growth(tm->depth) <= (double)avail) tm->depth++;
    tm->depth = clamp_depth(tm->depth);
}

static Depth capped(Depth depth, Depth cap) { return cap > 0 && cap < depth ? cap : depth; }

void timeman_plan(TimeManager *tm, const TimeRequest *r, TimePlan *plan)
{
    *plan = (TimePlan){.depth = SEARCH_DEPTH_MAX, .nodes = r->nodes, .mate = r->mate};
    bool timed = r->has_clock || r->movetime_ms > 0;
    if (r->has_clock) plan->avail_ms = avail_ms(r);
    if (timed && !r->infinite) plan->hard_ms = r->has_clock ? timeman_hard_limit(r) : r->movetime_ms - r->overhead_ms;
    if (plan->hard_ms < 0 || (timed && !r->infinite && plan->hard_ms == 0)) plan->hard_ms = 1;

    if (r->legal_moves == 1 && timed && !r->infinite) {
        plan->depth = 1; /* [C] one legal move: play it at once */
    } else if (r->infinite || r->nodes || (r->movetime_ms > 0 && !r->has_clock)) {
        plan->iterate = true; /* [C] depth 1, 2, ... until stopped or out of budget */
        plan->depth = capped(SEARCH_DEPTH_MAX, r->depth_cap);
        plan->insurance = timed && !r->infinite;
    } else if (r->mate > 0) {
        plan->iterate = true; /* a mate in N moves shows at full width 2N */
        plan->depth = capped(2 * r->mate < SEARCH_DEPTH_MAX ? 2 * r->mate : SEARCH_DEPTH_MAX, r->depth_cap);
        plan->insurance = timed;
    } else if (r->has_clock) {
        if (r->in_opening) tm->depth = r->start_depth;
        else adjust_depth(tm, plan->avail_ms);
        plan->depth = capped(tm->depth, r->depth_cap);
        plan->by_rule = true;
        plan->insurance = true;
    } else if (r->depth_cap > 0) {
        plan->depth = r->depth_cap;
    } else {
        plan->depth = r->in_opening ? r->start_depth : tm->depth; /* a bare `go`: TECH's own depth */
    }
}

void timeman_record(TimeManager *tm, Depth depth, int64_t elapsed_us, bool aborted)
{
    tm->history[tm->history_next] = (TimeSample){.elapsed_us = elapsed_us, .depth = depth};
    tm->history_next = (tm->history_next + 1) % TIME_HISTORY;
    if (tm->history_count < TIME_HISTORY) tm->history_count++;
    tm->adjusted = false;
    if (aborted) tm->depth = clamp_depth(tm->depth - 1); /* [C] TECH.md §7: one more down */
}
