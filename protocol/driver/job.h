/* job.h - a job for the search thread, as values: what a protocol asks of it (JobRequest), what
 * it reports while it runs (JobReport, through a JobReporter) and what it gives back (JobResult).
 * The searcher that runs jobs is searcher.h's; its own state, searcher_internal.h's, builds on
 * these values too, so that neither of its files leans on the facade above them. */
#ifndef TECH_JOB_H
#define TECH_JOB_H

#include <stdbool.h>
#include <stdint.h>

#include "root_verdict.h"
#include "search.h"
#include "timeman.h"

typedef enum {
    JOB_MOVE,   /* find TECH's move in the given position */
    JOB_PONDER, /* UCI `go ponder`: search the given position on the opponent's time */
    /* CECP: guess the opponent's reply in the given position (2 ply, §8), then search TECH's answer
       to it on the opponent's time */
    JOB_SELF_PONDER
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
    Move prefix;        /* JOB_SELF_PONDER: the guessed reply before the PV; else MOVE_NONE */
    int64_t elapsed_ms; /* since the search started */
    /* a new best move, or a completed depth's lines (`settled`); NULL for a current-move report */
    const SearchInfo *info;
    int info_count; /* MultiPV: `info` holds this many lines, best first; else 1 */
    /* `info` is what a completed depth settled: its line (or MultiPV's lines, or the line of the
       move Variety chose); a new best move of the depth under way is not settled, as the depth may
       better it */
    bool settled;
    /* a settled line that came before as a new best move: a protocol that shows every new best move
       has shown it */
    bool repeat;
    /* permille of the transposition table in use; SEARCHER_NO_TABLE when the search uses none (E4
       off, or no memory for one) */
    int hashfull;
    Depth depth; /* current-move report: depth, move and its 1-based number */
    Move current_move;
    int current_number;
    /* a heartbeat (JOB_HEARTBEAT_US): `depth` under way, `nodes` so far, `info` the best line so
       far (NULL before the first): the last reported, a new best move of the depth under way or a
       completed depth's line */
    bool progress;
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
    /* every limit, the root's included; a ponder job's clock limits are armed by the hit */
    TimePlan plan;
    SearchFeatures features;
    int64_t clock_start_us; /* when the command that started the clock was read */
    bool want_guess;        /* then guess the opponent's reply to the move found (2 ply) */
    JobReporter reporter;
} JobRequest;

typedef struct {
    unsigned id;
    JobKind kind;
    /* MOVE_NONE: no legal move (or a self-ponder job that never got to search: the guess found no
       reply) */
    Move best_move;
    Move ponder_move;      /* TECH's guess of the reply to best_move, or MOVE_NONE */
    Move predicted;        /* JOB_SELF_PONDER: the reply the search assumed */
    Score score;           /* the search's value of best_move (SearchResult.score) */
    Score shown_score;     /* ... as a person and a GUI are shown it, in base values */
    Depth depth;           /* deepest completed depth: the main search's, else the insurance's */
    int64_t depth_time_us; /* how long the search of that depth took */
    bool aborted;          /* the main search was cut short */
    bool insurance_used;   /* nothing completed: the insurance move is played */
    bool hit;              /* a ponder job converted by searcher_ponderhit */
    bool has_info;         /* `info` holds the line that chose the move, of a completed depth */
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
    /* plan.search.explain on: the main search's verdict on its root moves (depth 0: none) */
    RootVerdict verdict;
} JobResult;

/* The search thread that runs jobs, one at a time (searcher.h). */
typedef struct Searcher Searcher;

#endif
