/* search_control.c - how a search is steered and when it ends (docs/SPEC.md §7, §8): the
 * limits in SearchControl, the poll of the stop flag and the clock, the depth rule's and
 * TECH-modern's judgement after each depth, a ponder hit's new limits, and the PDP-10's pace
 * under Speed. search.c asks; this file answers. */
#include "search_control.h"

#include "pdp10.h"
#include "platform.h"
#include "search_internal.h"

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

void search_control_reset(SearchControl *control)
{
    atomic_store(&control->stop, false);
    atomic_store(&control->pondering, false);
    atomic_store(&control->limits_changed, false);
    atomic_store(&control->target_depth, 0);
    atomic_store(&control->soft_deadline_us, 0);
    atomic_store(&control->hard_deadline_us, 0);
    atomic_store(&control->completed_depth, 0);
    atomic_store(&control->hard_grace_nodes, 0);
}

void search_control_arm(SearchControl *control, Depth target_depth, int64_t soft_deadline_us, int64_t hard_deadline_us)
{
    atomic_store(&control->target_depth, target_depth);
    atomic_store(&control->soft_deadline_us, soft_deadline_us);
    atomic_store(&control->hard_deadline_us, hard_deadline_us);
    atomic_store(&control->pondering, false);
    atomic_store(&control->limits_changed, true);
}

int search_growth(Depth from) { return from % 2 == 0 ? GROWTH_FROM_EVEN : GROWTH_FROM_ODD; }

/* How long the next depth will take: the last depth's time times the growth from the depth
 * before it (or the paper's x3/x7, search_growth, until a search has timed two depths of its
 * own); 0 if nothing is timed yet. */
static int64_t predicted_time_us(const Search *s, Depth next)
{
    Depth last = next - 1;
    if (last < 1 || s->depth_time_us[last] <= 0) return 0;
    double growth = search_growth(last);
    if (last >= 2 && s->depth_time_us[last - 1] > 0) {
        growth = (double)s->depth_time_us[last] / (double)s->depth_time_us[last - 1];
        if (growth < GROWTH_MIN) growth = GROWTH_MIN;
        if (growth > GROWTH_MAX) growth = GROWTH_MAX;
    }
    return (int64_t)((double)s->depth_time_us[last] * growth);
}

/* Whether the search is held to a PDP-10 budget at a pace (UCI_Elo's work): its pace spreads the
 * budget over the move's time, so the budget, not a prediction in wall time, ends it. */
static bool paced_to_budget(const Search *s) { return s->features.pace_multiple > 0 && s->pdp10_budget_us > 0; }

/* Would TECH-modern's time rule stop after depth `done`, completed at `done_at_us`? Under a
 * soft limit it begins no depth after it, nor one predicted to end after the hard limit. (A
 * hard limit alone, as with `movetime`, is a budget to use up: the search runs until it.) A
 * search paced to a work budget goes on until the budget is spent: at its pace the next depth's
 * predicted time is its work, which under a fixed time a move ends exactly at the hard limit,
 * and refusing it there would play every such move a depth or two short of the setting's work
 * (the budget ends the search within the move's time, as under a clock). */
static bool time_rule_stops(const Search *s, Depth done, int64_t done_at_us, int64_t soft_us, int64_t hard_us)
{
    if (!soft_us) return false;
    if (done_at_us >= soft_us) return true;
    if (paced_to_budget(s)) return false;
    return hard_us && done_at_us + predicted_time_us(s, done + 1) > hard_us;
}

static bool mate_found(const SearchResult *result, int mate_moves)
{
    return score_is_mate(result->score) && result->score > 0 && score_mate_moves(result->score) <= mate_moves;
}

/* After depth `done` completed: search the next one? */
bool search_go_deeper(const Search *s, const SearchLimits *limits, Depth cap, Depth done, const SearchResult *result)
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

/* Whether the search is held to a pace (Speed slower than native, or UCI_Elo's work). */
static bool paced(const Search *s) { return s->features.pace_multiple > 0; }

/* Whether the hard deadline spares the search now: its first depth, within its grace (docs/SPEC.md
 * §7: an unpaced search completes a shallow search before the clock may cut it). */
static bool in_grace(const Search *s, const SearchControl *c)
{
    return atomic_load_explicit(&c->completed_depth, memory_order_relaxed) == 0
           && s->stats.nodes < atomic_load_explicit(&c->hard_grace_nodes, memory_order_relaxed);
}

/* The stop flag, the deadlines and a ponder hit's new limits. A paced search also ends at its
 * soft limit inside a depth [C]: at a slow pace one depth can outlast the whole move's share
 * (at the PDP-10's pace TECH-modern's first depth takes seconds), so finishing the depth under
 * way, as a search at native speed does, would run every move to the hard limit. */
static void poll_controls(Search *s)
{
    SearchControl *c = s->control;
    if (atomic_load_explicit(&c->stop, memory_order_relaxed)) s->aborted = true;
    int64_t now = clock_now_us();
    int64_t deadline = atomic_load_explicit(&c->hard_deadline_us, memory_order_relaxed);
    if (deadline && now >= deadline && !in_grace(s, c)) s->aborted = true;
    int64_t soft = atomic_load_explicit(&c->soft_deadline_us, memory_order_relaxed);
    if (soft && now >= soft && paced(s) && !s->is_helper && !atomic_load_explicit(&c->pondering, memory_order_relaxed))
        s->aborted = true;
    if (!s->is_helper && atomic_load_explicit(&c->limits_changed, memory_order_relaxed)) search_rejudge_limits(s);
}

/* The heartbeat: the depth under way and the nodes, at most once a SEARCH_PROGRESS_INTERVAL_US. */
static void report_progress(Search *s)
{
    if (!s->reporter || !s->reporter->on_progress) return;
    int64_t now = clock_now_us();
    if (now - s->last_progress_us < SEARCH_PROGRESS_INTERVAL_US) return;
    s->last_progress_us = now;
    s->reporter->on_progress(s->reporter->context, s->depth_under_way, s->stats.nodes);
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
        platform_sleep_us(ahead < PACE_SLICE_US ? ahead : PACE_SLICE_US);
        poll_controls(s);
        report_progress(s);
    }
}

void search_poll(Search *s)
{
    atomic_store_explicit(&s->published_nodes, s->stats.nodes, memory_order_relaxed);
    poll_controls(s);
    report_progress(s);
    if (s->on_pdp10_clock) {
        int64_t virtual_us = pdp10_us(&s->stats);
        /* A spent budget ends the search when its time at the pace has come (a budget that the
         * pre-sort's charge alone exceeds included): the search held back is a slower machine. */
        bool spent = s->pdp10_budget_us && virtual_us >= s->pdp10_budget_us;
        if (paced(s) && !s->aborted) pace_to_speed(s, spent ? s->pdp10_budget_us : virtual_us);
        if (spent && !s->aborted) s->aborted = s->budget_spent = true;
    }
}

/* Poll every POLL_INTERVAL nodes; paced, as many nodes as the pace runs in about PACE_POLL_US
 * (a power of two, at least one); under a PDP-10 budget at native speed, every node, so that it
 * ends exactly (paced, the pace's own interval: a few nodes past the budget are a few
 * microseconds of its time). */
uint64_t search_poll_mask(const SearchFeatures *features, const SearchLimits *limits)
{
    if (features->pace_multiple <= 0) return limits->pdp10_budget_us > 0 ? 0 : POLL_INTERVAL - 1;
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
