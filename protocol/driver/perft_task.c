/* perft_task.c - a perft run on its own thread, stoppable through an atomic flag. */
#include "perft_task.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "perft_report.h"

struct PerftTask {
    pthread_t thread;
    Position position; /* the task's own copy: the game may change meanwhile */
    int depth;
    bool divide;
    void (*emit_line)(const char *line);
    void (*on_done)(void *context);
    void *context;
    atomic_bool stop;
    atomic_bool done;
};

static void *perft_main(void *arg)
{
    PerftTask *task = arg;
    perft_report(&task->position, task->depth, task->divide, task->emit_line, &task->stop);
    atomic_store(&task->done, true);
    if (task->on_done) task->on_done(task->context);
    return NULL;
}

PerftTask *perft_task_start(const Position *pos, int depth, bool divide, void (*emit_line)(const char *line),
                            void (*on_done)(void *context), void *context)
{
    PerftTask *task = malloc(sizeof *task);
    if (!task) return NULL;
    position_copy(&task->position, pos);
    task->depth = depth;
    task->divide = divide;
    task->emit_line = emit_line;
    task->on_done = on_done;
    task->context = context;
    atomic_init(&task->stop, false);
    atomic_init(&task->done, false);
    if (pthread_create(&task->thread, NULL, perft_main, task) != 0) {
        free(task);
        return NULL;
    }
    return task;
}

bool perft_task_done(const PerftTask *task) { return atomic_load(&task->done); }

void perft_task_finish(PerftTask *task)
{
    if (!task) return;
    pthread_join(task->thread, NULL);
    free(task);
}

void perft_task_stop(PerftTask *task)
{
    if (!task) return;
    atomic_store(&task->stop, true);
    perft_task_finish(task);
}
