/* threadpool.c - helper threads that wait for a task generation, run their part, report back. */
#include "threadpool.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "search.h"

typedef struct {
    ThreadPool *pool;
    int index;
} HelperSlot;

struct ThreadPool {
    pthread_mutex_t lock;
    pthread_cond_t wake; /* helpers: a new task, or shut down */
    pthread_cond_t done; /* pool_wait: a helper finished its part */
    pthread_t threads[SEARCH_THREADS_MAX];
    HelperSlot slots[SEARCH_THREADS_MAX];
    int started;         /* helper threads running */
    unsigned generation; /* bumped by each pool_start */
    int active;          /* helpers taking part in the current task */
    int running;         /* of those, still working */
    PoolTask task;
    void *context;
    bool shutdown;
};

static void *helper_main(void *arg)
{
    HelperSlot *slot = arg;
    ThreadPool *pool = slot->pool;
    unsigned seen = 0;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->shutdown && (pool->generation == seen || slot->index >= pool->active))
            pthread_cond_wait(&pool->wake, &pool->lock);
        if (pool->shutdown) break;
        seen = pool->generation;
        PoolTask task = pool->task;
        void *context = pool->context;
        pthread_mutex_unlock(&pool->lock);
        task(context, slot->index);
        pthread_mutex_lock(&pool->lock);
        if (--pool->running == 0) pthread_cond_broadcast(&pool->done);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

ThreadPool *pool_create(void)
{
    ThreadPool *pool = calloc(1, sizeof *pool);
    if (!pool) return NULL;
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->done, NULL);
    return pool;
}

void pool_destroy(ThreadPool *pool)
{
    if (!pool) return;
    pthread_mutex_lock(&pool->lock);
    pool->shutdown = true;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
    for (int i = 0; i < pool->started; i++) pthread_join(pool->threads[i], NULL);
    pthread_cond_destroy(&pool->done);
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->lock);
    free(pool);
}

int pool_reserve(ThreadPool *pool, int count)
{
    if (count > SEARCH_THREADS_MAX) count = SEARCH_THREADS_MAX;
    pthread_mutex_lock(&pool->lock);
    while (pool->started < count) {
        HelperSlot *slot = &pool->slots[pool->started];
        *slot = (HelperSlot){pool, pool->started};
        if (pthread_create(&pool->threads[pool->started], NULL, helper_main, slot) != 0) break;
        pool->started++;
    }
    int available = pool->started;
    pthread_mutex_unlock(&pool->lock);
    return available;
}

void pool_start(ThreadPool *pool, int count, PoolTask task, void *context)
{
    pthread_mutex_lock(&pool->lock);
    pool->task = task;
    pool->context = context;
    pool->active = pool->running = count < pool->started ? count : pool->started;
    pool->generation++;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->lock);
}

void pool_wait(ThreadPool *pool)
{
    pthread_mutex_lock(&pool->lock);
    while (pool->running > 0) pthread_cond_wait(&pool->done, &pool->lock);
    pthread_mutex_unlock(&pool->lock);
}
