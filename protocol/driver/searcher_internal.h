/* searcher_internal.h - the searcher's state, shared by its two files: searcher.c (the facade the
 * protocols call, the search thread's loop, the table) and searcher_job.c (the stages of a job as
 * the search thread runs them, and their reports). Not for anyone else. */
#ifndef TECH_SEARCHER_INTERNAL_H
#define TECH_SEARCHER_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "job.h"
#include "tt.h"

/* docs/SPEC.md §8: the opponent's reply is guessed by a 2-ply search [P]. */
enum { GUESS_DEPTH = 2 };

/* A job runs these stages in order, skipping those it does not need. */
typedef enum {
    STAGE_IDLE,      /* no job yet */
    STAGE_PREDICT,   /* self-ponder: guess the opponent's reply */
    STAGE_INSURANCE, /* depth-2 insurance search (docs/SPEC.md §7) */
    STAGE_MAIN,      /* the search proper */
    STAGE_GUESS,     /* guess the reply to the move found */
    STAGE_DONE       /* result ready */
} Stage;

typedef struct {
    unsigned id;
    JobKind kind;
    Stage stage;
    bool taken;        /* the result was collected */
    bool hit;          /* ponder job converted by a hit */
    bool abandoned;    /* stopped for good: skip the remaining stages */
    Position root;     /* the position given */
    Position searched; /* where the main search runs: root, or root + predicted reply */
    TimePlan plan;     /* as the time manager made it, fixed: each stage searches a copy */
    /* A ponder job that stops at the rule's depth (ponder_stops_at_rule_depth, searcher.c). */
    bool ponder_to_rule_depth;
    SearchFeatures features;
    JobReporter reporter;
    int64_t clock_start_us, start_us;
    bool want_guess;
    SearchResult insurance_result;
    JobResult result;
    int64_t last_progress_us; /* the job's last heartbeat, whichever stage sent it */
} Job;

struct Searcher {
    pthread_mutex_t lock;
    pthread_cond_t wake;    /* the search thread: a job is ready, or shut down */
    pthread_cond_t changed; /* waiters: the job moved on */
    pthread_t thread;
    bool thread_started;
    Search *search;
    TranspositionTable *tt; /* E4 */
    int tt_megabytes, tt_pending_megabytes;
    bool clear_pending; /* ucinewgame / Clear Hash: the search thread empties the tables */
    bool clearing;      /* ... and is doing it now, with the lock released */
    bool shutdown;
    unsigned last_id;
    Job job;
    SearchControl control;
    void (*on_done)(void *context, unsigned id);
    void *done_context;
    int ponder_hits, ponder_total;
};

static inline bool stage_active(Stage s) { return s > STAGE_IDLE && s < STAGE_DONE; }

/* On the search thread, the lock released: run `stage` of the job (searcher_job.c). */
void searcher_job_run(Searcher *searcher, Stage stage);
/* Under the lock: the stage after `done`, with the control set up for it. */
Stage searcher_job_next_stage(Searcher *searcher, Stage done);
/* What the job's main search runs: the plan's limits, with the insurance move it must include
 * and what is left of UCI_Elo's work once the insurance search has run. */
SearchLimits searcher_job_main_limits(const Job *job);
/* The grace the hard deadline gives `stage` (SearchControl.hard_grace_nodes): an unpaced job's
 * insurance search, or, without one, its main search's depth 1. */
uint64_t searcher_job_grace(const Job *job, Stage stage);

#endif
