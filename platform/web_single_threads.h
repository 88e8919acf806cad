/* web_single_threads.h - TECH's threads on one thread, for the WebAssembly build of a page that
 * is not cross-origin isolated (`make web`: tech-single.js; docs/WEB.md). A browser shares
 * memory between workers only with such a page, so there each of TECH's threads (the reader, the
 * search, the ponder search) is a fiber of the one worker thread, switched by emscripten's
 * Asyncify: a thread gives way when it waits (a lock held, a condition, a join, a sleep) and a
 * searching thread every few milliseconds of its clock readings (web_threads_give_way, called by
 * platform_monotonic_us), and the worker's event loop, which brings the page's messages, runs
 * between turns. So `stop`, `isready` and the clock are answered as with threads, a little later.
 *
 * The Makefile's websingle build puts this header before every file (-include): the pthread
 * calls of the files above platform/ become the calls below, and nothing else learns of it. */
#ifndef TECH_WEB_SINGLE_THREADS_H
#define TECH_WEB_SINGLE_THREADS_H

#include <pthread.h>

int web_thread_create(pthread_t *thread, const pthread_attr_t *attributes, void *(*start)(void *), void *argument);
int web_thread_join(pthread_t thread, void **result);
int web_thread_detach(pthread_t thread);
int web_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attributes);
int web_mutex_destroy(pthread_mutex_t *mutex);
int web_mutex_lock(pthread_mutex_t *mutex);
int web_mutex_unlock(pthread_mutex_t *mutex);
int web_cond_init(pthread_cond_t *cond, const pthread_condattr_t *attributes);
int web_cond_destroy(pthread_cond_t *cond);
int web_cond_wait(pthread_cond_t *cond, pthread_mutex_t *mutex);
int web_cond_signal(pthread_cond_t *cond);
int web_cond_broadcast(pthread_cond_t *cond);
int web_once(pthread_once_t *once, void (*routine)(void));

/* A running thread's turn: when it has run for a slice, the others get theirs. */
void web_threads_give_way(void);
/* Wait about `us` microseconds, the other threads running meanwhile. */
void web_threads_sleep_us(long long us);

#ifndef TECH_WEB_THREADS_IMPLEMENTATION
#define pthread_create web_thread_create
#define pthread_join web_thread_join
#define pthread_detach web_thread_detach
#define pthread_mutex_init web_mutex_init
#define pthread_mutex_destroy web_mutex_destroy
#define pthread_mutex_lock web_mutex_lock
#define pthread_mutex_unlock web_mutex_unlock
#define pthread_cond_init web_cond_init
#define pthread_cond_destroy web_cond_destroy
#define pthread_cond_wait web_cond_wait
#define pthread_cond_signal web_cond_signal
#define pthread_cond_broadcast web_cond_broadcast
#define pthread_once web_once
#endif

#endif
