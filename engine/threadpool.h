/* threadpool.h - persistent helper threads that sleep on a condition variable between tasks
 * (the helper threads of a search with Threads > 1). */
#ifndef TECH_THREADPOOL_H
#define TECH_THREADPOOL_H

typedef struct ThreadPool ThreadPool;

/* The work one helper does for one task: `helper` is 0 .. count-1. */
typedef void (*PoolTask)(void *context, int helper);

ThreadPool *pool_create(void);
/* Wake every helper to exit, and join them. */
void pool_destroy(ThreadPool *pool);
/* Make at least `count` helper threads exist (they are kept until pool_destroy); returns how
 * many exist, fewer if threads could not be started. Only while no task runs. */
int pool_reserve(ThreadPool *pool, int count);
/* Run task(context, i) on helpers 0 .. count-1 and return at once (count <= pool_reserve's). */
void pool_start(ThreadPool *pool, int count, PoolTask task, void *context);
/* Wait until every helper of the last pool_start has returned from its task. */
void pool_wait(ThreadPool *pool);

#endif
