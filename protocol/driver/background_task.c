/* background_task.c - one thread per perft or bench, stopped through its search control's flag. */
#include "background_task.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "perft_report.h"

typedef enum { TASK_PERFT, TASK_BENCH } TaskKind;

struct BackgroundTask {
    pthread_t thread;
    TaskKind kind;
    union {
        struct {
            Position position; /* the task's own copy */
            int depth;
            bool divide;
            bool chess960;
        } perft;
        BenchSettings bench;
    } job;
    TaskOutput output;
    SearchControl control; /* its stop flag ends the job early; the bench's searches run under it */
    atomic_bool done;
};

static void *task_main(void *arg)
{
    BackgroundTask *task = arg;
    switch (task->kind) {
    case TASK_PERFT:
        perft_report(&task->job.perft.position, task->job.perft.depth, task->job.perft.divide, task->job.perft.chess960,
                     task->output.emit_line, &task->control.stop);
        break;
    case TASK_BENCH:
        bench_report(&task->job.bench, task->output.emit_line, task->output.emit_line, &task->control);
        break;
    }
    atomic_store(&task->done, true);
    if (task->output.on_done) task->output.on_done(task->output.context);
    return NULL;
}

/* Start a task whose kind and job are filled in; frees it and gives NULL if no thread. */
static BackgroundTask *task_launch(BackgroundTask *task, TaskOutput output)
{
    task->output = output;
    search_control_reset(&task->control);
    atomic_init(&task->done, false);
    if (pthread_create(&task->thread, NULL, task_main, task) != 0) {
        free(task);
        return NULL;
    }
    return task;
}

BackgroundTask *background_perft(const Position *pos, int depth, bool divide, bool chess960, TaskOutput output)
{
    BackgroundTask *task = malloc(sizeof *task);
    if (!task) return NULL;
    task->kind = TASK_PERFT;
    position_copy(&task->job.perft.position, pos);
    task->job.perft.depth = depth;
    task->job.perft.divide = divide;
    task->job.perft.chess960 = chess960;
    return task_launch(task, output);
}

BackgroundTask *background_bench(const BenchSettings *settings, TaskOutput output)
{
    BackgroundTask *task = malloc(sizeof *task);
    if (!task) return NULL;
    task->kind = TASK_BENCH;
    task->job.bench = *settings;
    return task_launch(task, output);
}

const char *background_task_name(const BackgroundTask *task)
{
    if (task->kind == TASK_BENCH) return "bench";
    return task->job.perft.divide ? "divide" : "perft";
}

bool background_task_done(const BackgroundTask *task) { return atomic_load(&task->done); }

void background_task_finish(BackgroundTask *task)
{
    if (!task) return;
    pthread_join(task->thread, NULL);
    free(task);
}

void background_task_stop(BackgroundTask *task)
{
    if (!task) return;
    atomic_store(&task->control.stop, true);
    background_task_finish(task);
}
