/* background_task.h - a perft, a divide or a bench on a thread of its own, as a search runs: the
 * protocol thread stays free to answer isready and to stop it. One lifecycle for every such job:
 * start, ask whether it has ended, stop it (it says how far it got) or let it finish, then join. */
#ifndef TECH_BACKGROUND_TASK_H
#define TECH_BACKGROUND_TASK_H

#include <stdbool.h>

#include "bench_report.h"
#include "board.h"

typedef struct BackgroundTask BackgroundTask;

/* Where a task's lines go, and who hears that it ended: on_done(context) runs on the task's
 * thread after its last line (on_done may be NULL). */
typedef struct {
    void (*emit_line)(const char *line);
    void (*on_done)(void *context);
    void *context;
} TaskOutput;

/* perft_report() from a copy of pos (the game may change meanwhile). NULL if no memory or
 * thread could be had. */
BackgroundTask *background_perft(const Position *pos, int depth, bool divide, bool chess960, TaskOutput output);
/* bench_report() with these settings. NULL if no memory or thread could be had. */
BackgroundTask *background_bench(const BenchSettings *settings, TaskOutput output);

/* What the task runs, as its command is named: "perft", "divide" or "bench". */
const char *background_task_name(const BackgroundTask *task);
/* Whether the task has ended (it may still be joined). */
bool background_task_done(const BackgroundTask *task);
/* Stop the task (it prints how far it got), join its thread and free it. NULL is fine. */
void background_task_stop(BackgroundTask *task);
/* Let the task run to its end, join its thread and free it (end of input). NULL is fine. */
void background_task_finish(BackgroundTask *task);

#endif
