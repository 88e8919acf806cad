/* searcher.h - the narrow facade both protocols drive: start a search (never blocking), stop it,
 * turn a ponder search into the real one on a hit, wait for or collect the result. Every job
 * runs on one persistent search thread: TECH's reply guess (docs/SPEC.md §8), the insurance search,
 * the search proper (with its helper threads when Threads > 1), the guess of the reply. */
#ifndef TECH_SEARCHER_H
#define TECH_SEARCHER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "job.h"

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
/* A heartbeat's line as every protocol shows it (docs/PROTOCOLS.md §1): the best line so far,
 * named by the depth under way, with the move's nodes so far; false before there is a line. */
bool searcher_progress_line(const JobReport *report, SearchInfo *line);
/* docs/SPEC.md §9 tree statistics of a finished search as text: "stats depth D nodes N nbp N ...". */
void searcher_format_stats(const JobResult *result, char *buf, size_t size);

#endif
