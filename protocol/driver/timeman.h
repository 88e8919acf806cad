/* timeman.h - the time manager: every limit of a search comes from here. TECH-1971 plays its
 * first eight moves at the start depth, then moves its depth one ply at a time by comparing the
 * time per move available with its last five moves (docs/SPEC.md §7); TECH-modern, which deepens
 * iteratively (E7), stops at a soft limit. Each has its hard safety net. */
#ifndef TECH_TIMEMAN_H
#define TECH_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "search.h"
#include "types.h"

/* Longest time any clock number may hold, in milliseconds: a century, "never" for a chess
 * clock. The protocols saturate what they read to it, timeman_plan clamps its request to it and
 * its plan's deadlines within it: every sum and product the time manager forms (an increment
 * times 3/4 plus the clock, a deadline in microseconds) then stays far inside 64 bits. */
#define GUI_TIME_MS_MAX (100LL * 365 * 24 * 3600 * 1000)

/* docs/SPEC.md §7: the rule looks at the last five searches [P]. */
enum { TIME_HISTORY = 5 };

typedef struct {
    int64_t elapsed_us; /* the time the rule counts for the search (see timeman.c) */
    Depth depth;        /* the depth it played */
} TimeSample;

/* TECH's supervisor state for one game. */
typedef struct {
    Depth depth; /* the current depth d */
    TimeSample history[TIME_HISTORY];
    int history_count, history_next;
    bool adjusted; /* d already adjusted for the newest sample */
    /* UCI_Elo growing with the clock: the time a move the game's control gives, read at its first
       search under a clock; 0 = none yet */
    int64_t control_move_ms;
} TimeManager;

/* Everything the protocol knows about the limits of this move. Times in milliseconds. */
typedef struct {
    bool has_clock;       /* own remaining time known (UCI wtime/btime, CECP time/level) */
    int64_t remaining_ms; /* own clock; <= 0 means move now */
    int64_t increment_ms; /* credited after the move */
    int moves_to_go;      /* moves to the next control; 0 = sudden death */
    int64_t movetime_ms;  /* UCI movetime / CECP st: hard cap per move; 0 = none */
    Depth depth_cap;      /* UCI depth / CECP sd; 0 = none */
    uint64_t nodes;       /* node cap; 0 = none */
    int mate;             /* UCI mate N (moves); 0 = none */
    bool infinite;        /* until stopped: UCI infinite, CECP analyze */
    int overhead_ms;      /* Move Overhead */
    Depth start_depth;    /* Depth option: the depth of the game's first search */
    bool iterative;       /* the profile deepens iteratively (E7): soft limit, not a depth */
    bool in_opening;      /* TECH's move is one of the game's first eight (docs/SPEC.md §5.1) */
    int legal_moves;      /* legal moves at the root; 0 = unknown */
    int64_t node_rate;    /* CECP `nps`: this many nodes count as a second; 0 = the wall clock */
    bool paced;           /* the search is held to a Speed slower than native */
    /* UCI_Elo: the work a move may take at this control, in PDP-10 microseconds (strength.h,
       strength_player; timeman_clock_ratio gives the control); 0 = none */
    int64_t work_us;
    /* a search with no clock (neither clock nor movetime) and not infinite: its hard limit all the
       same (CECP without level or st); 0 = none */
    int64_t untimed_hard_ms;
} TimeRequest;

/* The clock's limits of one search, armed on its control when TECH's clock starts: at the `go`
 * or the move that started the search, or at the ponder hit. Deadlines count from then. */
typedef struct {
    Depth target_depth; /* TECH-1971's rule: the search ends when this depth is done */
    int64_t soft_ms;    /* TECH-modern: no new depth after this; 0 = none */
    int64_t hard_ms;    /* abort this long after the clock started; 0 = no limit */
    bool insurance;     /* run the depth-2 insurance search first */
    bool by_rule;       /* depth chosen by TECH's rule: record the search afterwards */
    int64_t avail_ms;   /* time per move available (docs/SPEC.md §7), for reports */
    int64_t node_rate;  /* CECP `nps`: the move's time is its nodes / node_rate; 0 = wall */
    /* UCI_Elo: the pace that spreads the move's work over its time (PDP-10 microseconds per
       microsecond); 0 = the settings' own */
    double pace_multiple;
    bool by_work; /* UCI_Elo: the rule counts the work of a move, not its time */
    /* UCI_Elo: the work a move may take at this control (the budget), in PDP-10 microseconds; 0 =
       none */
    int64_t work_us;
} ClockLimits;

/* Every limit of one search, decided here and carried unchanged from the protocol through the
 * searcher to the search: `search` is what search_run() is given (the time manager sets its
 * depths, nodes and mate; the session adds the root restriction and the opening flag); `clock`
 * is armed on the running search. */
typedef struct {
    SearchLimits search; /* depths (first_depth is 1 when iterating), nodes, mate, root */
    ClockLimits clock;
} TimePlan;

/* Depth of the insurance search (docs/SPEC.md §7). */
enum { INSURANCE_DEPTH = 2 };

/* New game: d = the start depth, no history. */
void timeman_init(TimeManager *tm, Depth start_depth);
/* The control of the game against the one UCI_Elo's table was measured at (docs/STRENGTH.md §1c):
 * R, the time a move it gives over 10+0.1's, both by this time manager's estimate. Under a clock
 * the control is read at the game's first search under it and kept for the game (at 10+0.1 R is
 * 1 at every move; a clock that runs down does not shrink the player); a fixed time a move
 * (`movetime`, `st`) is its own control; a search with neither, or an infinite one, is 1. */
double timeman_clock_ratio(TimeManager *tm, const TimeRequest *request);
/* Plan the next search; under a clock this applies TECH's depth rule to tm->depth. The request's
 * numbers are taken within their bounds (times within GUI_TIME_MS_MAX, depths and mates within
 * SEARCH_DEPTH_MAX, counts at least 0), and the plan's times are within GUI_TIME_MS_MAX. */
void timeman_plan(TimeManager *tm, const TimeRequest *request, TimePlan *plan);
/* Record a search the rule planned: the depth it played, how long the search of that depth took
 * (ponder time included) and how long TECH's clock ran for the move; the rule counts one of
 * the two (timeman.c; a plan by_work passes the move's PDP-10 work as both). An aborted search
 * lowers d by one more. */
void timeman_record(TimeManager *tm, Depth depth, int64_t search_us, int64_t clock_us, bool aborted);

#endif
