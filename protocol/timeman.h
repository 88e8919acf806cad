/* timeman.h - TECH's time control (TECH.md §7): the depth of the next search from the time
 * per move still available and the last five searches, plus the hard safety net. */
#ifndef TECH_TIMEMAN_H
#define TECH_TIMEMAN_H

#include <stdbool.h>
#include <stdint.h>

#include "types.h"

/* TECH.md §7: the rule looks at the last five searches [P]. */
enum { TIME_HISTORY = 5 };

typedef struct {
    int64_t elapsed_us;          /* wall time of the search, ponder time included */
    Depth depth;                 /* depth it was asked for */
} TimeSample;

/* TECH's supervisor state for one game. */
typedef struct {
    Depth depth;                 /* the current depth d */
    TimeSample history[TIME_HISTORY];
    int history_count, history_next;
    bool adjusted;               /* d already adjusted for the newest sample */
} TimeManager;

/* Everything the protocol knows about the limits of this move. Times in milliseconds. */
typedef struct {
    bool has_clock;              /* own remaining time known (UCI wtime/btime, CECP time/level) */
    int64_t remaining_ms;        /* own clock; <= 0 means move now */
    int64_t increment_ms;        /* credited after the move */
    int moves_to_go;             /* moves to the next control; 0 = sudden death */
    int64_t movetime_ms;         /* UCI movetime / CECP st: hard cap per move; 0 = none */
    Depth depth_cap;             /* UCI depth / CECP sd; 0 = none */
    uint64_t nodes;              /* node cap; 0 = none */
    int mate;                    /* UCI mate N (moves); 0 = none */
    bool infinite;               /* until stopped: UCI infinite, CECP analyze */
    int overhead_ms;             /* Move Overhead */
    Depth start_depth;           /* Depth option: d in the opening */
    bool in_opening;             /* TECH.md §5.1 opening (from the game) */
    int legal_moves;             /* legal moves at the root */
} TimeRequest;

/* The search the request asks for. */
typedef struct {
    Depth depth;                 /* full-width depth, or the last depth when iterating */
    bool iterate;                /* depth 1, 2, ... (infinite, movetime, nodes, mate) */
    uint64_t nodes;
    int mate;
    int64_t hard_ms;             /* abort this long after the clock started; 0 = no limit */
    bool insurance;              /* run the depth-2 insurance search first */
    bool by_rule;                /* depth chosen by TECH's rule: record the search afterwards */
    int64_t avail_ms;            /* time per move available (TECH.md §7), for reports */
} TimePlan;

/* Depth of the insurance search (TECH.md §7). */
enum { INSURANCE_DEPTH = 2 };

/* New game: d = the start depth, no history. */
void timeman_init(TimeManager *tm, Depth start_depth);
/* Plan the next search; under a clock this applies TECH's depth rule to tm->depth. */
void timeman_plan(TimeManager *tm, const TimeRequest *request, TimePlan *plan);
/* The hard limit of a clocked request: min(8 * avail, (remaining - overhead) / 2), at least 1. */
int64_t timeman_hard_limit(const TimeRequest *request);
/* Record a finished search that the rule planned (time includes pondering); an aborted
 * search lowers d by one more. */
void timeman_record(TimeManager *tm, Depth depth, int64_t elapsed_us, bool aborted);

#endif
