/* searcher.h - the narrow facade both protocols drive: start a search (never blocking), stop it,
 * turn a ponder search into the real one on a hit, wait for or collect the result. Every job
 * runs on one persistent search thread: TECH's reply guess (docs/SPEC.md §8), the insurance search,
 * the search proper (with its helper threads when Threads > 1), the guess of the reply. */
#ifndef TECH_SEARCHER_H
#define TECH_SEARCHER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "root_verdict.h"
#include "search.h"
#include "timeman.h"

typedef enum {
    JOB_MOVE,       /* find TECH's move in the given position */
    JOB_PONDER,     /* UCI `go ponder`: search the given position on the opponent's time */
    JOB_SELF_PONDER /* CECP: guess the opponent's reply in the given position (2 ply, §8),
                          then search TECH's answer to it on the opponent's time */
} JobKind;

/* [C] A job reports at least this often while it searches: a GUI that hears nothing for a second
 * may think the engine hung, and 0.9 s leaves a busy machine its tenth. */
enum { JOB_HEARTBEAT_US = 900000 };

/* The `hashfull` of a search that uses no transposition table (UCI then leaves it out). */
enum { SEARCHER_NO_TABLE = -1 };

/* One progress report of the main search of a job, passed to the protocol. */
typedef struct {
    unsigned id;
    JobKind kind;
    Move prefix;            /* JOB_SELF_PONDER: the guessed reply before the PV; else MOVE_NONE */
    int64_t elapsed_ms;     /* since the search started */
    const SearchInfo *info; /* a new best move, or a completed depth's lines (`settled`); NULL
                                    for a current-move report */
    int info_count;         /* MultiPV: `info` holds this many lines, best first; else 1 */
    bool settled;           /* `info` is what a completed depth settled: its line (or MultiPV's
                                    lines, or the line of the move Variety chose); a new best move
                                    of the depth under way is not settled, as the depth may better it */
    bool repeat;            /* a settled line that came before as a new best move: a protocol
                                    that shows every new best move has shown it */
    int hashfull;           /* permille of the transposition table in use; SEARCHER_NO_TABLE
                                    when the search uses none (E4 off, or no memory for one) */
    Depth depth;            /* current-move report: depth, move and its 1-based number */
    Move current_move;
    int current_number;
    bool progress; /* a heartbeat (JOB_HEARTBEAT_US): `depth` under way,
                                    `nodes` so far, `info` the last settled line (or NULL) */
    uint64_t nodes;
} JobReport;

/* Called on the searching thread; must not block for long. */
typedef struct {
    void *context;
    void (*on_report)(void *context, const JobReport *report);
} JobReporter;

typedef struct {
    JobKind kind;
    const Position *position; /* copied at the start */
    TimePlan plan;            /* every limit, the root's included; a ponder job's clock
                                    limits are armed by the hit */
    SearchFeatures features;
    int64_t clock_start_us; /* when the command that started the clock was read */
    bool want_guess;        /* then guess the opponent's reply to the move found (2 ply) */
    JobReporter reporter;
} JobRequest;

typedef struct {
    unsigned id;
    JobKind kind;
    Move best_move;   /* MOVE_NONE: no legal move (or a self-ponder job that never
                                    got to search: the guess found no reply) */
    Move ponder_move; /* TECH's guess of the reply to best_move, or MOVE_NONE */
    Move predicted;   /* JOB_SELF_PONDER: the reply the search assumed */
    Score score;
    Depth depth;           /* deepest completed depth of the main search */
    int64_t depth_time_us; /* how long the search of that depth took */
    bool aborted;          /* the main search was cut short */
    bool insurance_used;   /* nothing completed: the insurance move is played */
    bool hit;              /* a ponder job converted by searcher_ponderhit */
    bool has_info;         /* `info` holds the last report of the main search */
    SearchInfo info;
    bool has_settled_info; /* `settled_info` holds its last settled line (JobReport.settled) */
    SearchInfo settled_info;
    int hashfull;                     /* permille of the table in use at the end, or SEARCHER_NO_TABLE */
    uint64_t nodes;                   /* all searches of the job */
    SearchStats stats;                /* tree statistics of the main search (docs/SPEC.md §9) */
    int64_t elapsed_us;               /* job start to finish (ponder time included) */
    int64_t work_us;                  /* PDP-10 microseconds of the move's searches (insurance and main) */
    bool short_of_work;               /* held to UCI_Elo's work, the machine could not keep its pace */
    double pace_wanted, pace_reached; /* ... the pace asked for and the one the main search ran at */
    RootVerdict verdict;              /* plan.search.explain on: the main search's verdict on its
                                         root moves (depth 0: none) */
} JobResult;

typedef struct Searcher Searcher;

/* `on_done` is called from the search thread each time a job finishes. */
Searcher *searcher_create(void (*on_done)(void *context, unsigned id), void *context);
/* Stop everything and join the threads. */
void searcher_destroy(Searcher *searcher);

/* Start a job and return its id (never 0). A job still running is stopped and discarded. */
unsigned searcher_start(Searcher *searcher, const JobRequest *request);
/* Ask job `id` to finish now (a stale id does nothing). */
void searcher_stop(Searcher *searcher, unsigned id);
/* The ponder job `id` became a real search, its clock started at `clock_start_us` (when the
 * hit was read): arm `plan`'s limits (the job's own when NULL) from then. A search that has
 * already completed what they ask for ends at once (docs/SPEC.md §8). */
void searcher_ponderhit(Searcher *searcher, unsigned id, int64_t clock_start_us, const TimePlan *plan);
/* The guessed reply of job `id` (JOB_SELF_PONDER); MOVE_NONE if there is none, or none yet: the
 * guess may still be running, and at Speed PDP-10 it takes seconds, so this never waits for it. */
Move searcher_prediction(Searcher *searcher, unsigned id);
/* TECH's 2-ply guess of the best move in `position` (docs/SPEC.md §8), as it guesses the
 * opponent's reply before pondering, searched on the calling thread while no job runs (a few
 * ms, 200 ms at most), after a new game's table clear has ended; MOVE_NONE while a job runs,
 * without a legal move, or if not one root move completed in the time. */
Move searcher_guess(Searcher *searcher, const Position *position, const SearchFeatures *features,
                    bool started_from_initial);
/* Block until job `id` is finished and collect its result; false if it was collected already. */
bool searcher_wait(Searcher *searcher, unsigned id, JobResult *result);
/* Collect the result of job `id` if it is finished and not yet collected. */
bool searcher_take(Searcher *searcher, unsigned id, JobResult *result);
/* Stop job `id` if it runs and throw its result away. */
void searcher_abandon(Searcher *searcher, unsigned id);
/* Whether a job is running. */
bool searcher_busy(Searcher *searcher);
/* Forget what earlier searches learned (new game, Clear Hash); only while idle. Returns at once:
 * the search thread empties the tables, before the next job. */
void searcher_clear(Searcher *searcher);
/* What became of a request for a table size (the Hash option). */
typedef enum {
    HASH_APPLIED,  /* the table has the size asked for */
    HASH_DEFERRED, /* a job runs: searcher_apply_hash() resizes once it has ended */
    HASH_NO_MEMORY /* no memory for it: the old table stays (or none, if none was had) */
} HashOutcome;

/* Ask for a transposition table (E4) of `megabytes`: resized now if idle, else deferred. A
 * size that failed is not tried again until asked for anew. */
HashOutcome searcher_set_hash(Searcher *searcher, int megabytes);
/* While idle, carry out a deferred resize (a no-op otherwise); HASH_NO_MEMORY if it failed now.
 * searcher_start() calls it too, but then nobody hears of a failure. */
HashOutcome searcher_apply_hash(Searcher *searcher);
/* The size of the table in use, in MiB; 0 when TECH runs without one. */
int searcher_hash_mb(Searcher *searcher);

/* Ponder statistics (docs/SPEC.md §8): count a hit or a miss, read the totals. */
void searcher_count_ponder(Searcher *searcher, bool hit);
void searcher_ponder_stats(Searcher *searcher, int *hits, int *total);
/* docs/SPEC.md §9 tree statistics of a finished search as text: "stats depth D nodes N nbp N ...". */
void searcher_format_stats(const JobResult *result, char *buf, size_t size);

#endif
