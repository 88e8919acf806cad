/* perft_task.h - perft and divide on a thread of their own, as a search runs: the protocol
 * thread stays free to answer isready and to stop it. */
#ifndef TECH_PERFT_TASK_H
#define TECH_PERFT_TASK_H

#include <stdbool.h>

#include "board.h"

typedef struct PerftTask PerftTask;

/* Count from a copy of pos on a new thread, emitting perft_report()'s lines as it goes, then
 * calling on_done(context) there (on_done may be NULL). NULL if no memory or thread could be had. */
PerftTask *perft_task_start(const Position *pos, int depth, bool divide, void (*emit_line)(const char *line),
                            void (*on_done)(void *context), void *context);
/* Whether the count has ended (it may still be joined). */
bool perft_task_done(const PerftTask *task);
/* Stop the count (it prints how far it got), join the thread and free the task. NULL is fine. */
void perft_task_stop(PerftTask *task);
/* Let the count run to its end, join the thread and free the task (end of input). NULL is fine. */
void perft_task_finish(PerftTask *task);

#endif
