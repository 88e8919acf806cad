/* web_single_threads.c - TECH's threads as fibers of one WebAssembly thread (web_single_threads.h).
 *
 * The threads form a ring, the program's own (main) first; a thread runs until it waits or its
 * slice is over, then the next one in the ring runs. A wait is a loop that gives way until its
 * condition holds: the lock free, the condition's count moved on, the thread joined finished, the
 * time come. Only the main thread hands the worker to the browser (emscripten_sleep): every
 * BROWSER_TURN_US while any thread works, so that the page's messages arrive
 * (platform_web_input) and its clock is read, and for IDLE_SLEEP_MS when a whole round found
 * every thread waiting. Nothing runs at the same time, so a lock is a flag and a condition a
 * count. */
#define TECH_WEB_THREADS_IMPLEMENTATION
#include "web_single_threads.h"

#include <emscripten.h>
#include <emscripten/fiber.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

/* How long a thread runs before the next one's turn, and how often the browser gets the worker
 * while a thread works: `stop` is read within about this. */
enum { SLICE_US = 10000, BROWSER_TURN_US = 20000 };
/* The browser's turn when every thread waits (for a message, a sleep's end). */
enum { IDLE_SLEEP_MS = 1 };
/* Each fiber's C stack (the search recurses as on a native thread's) and Asyncify's copy of the
 * call stack between turns. */
enum { FIBER_C_STACK = 4 << 20, FIBER_ASYNCIFY_STACK = 1 << 20 };

typedef struct Fiber {
    emscripten_fiber_t context;
    void *(*start)(void *);
    void *argument;
    void *result;
    bool finished;
    bool detached;
    struct Fiber *next; /* the ring */
    void *c_stack;
    void *asyncify_stack;
} Fiber;

static Fiber main_fiber;
static Fiber *running;      /* NULL until the first thread is created: main alone */
static int64_t slice_start; /* when the running thread's turn began */
static int64_t browser_turn;
static bool worked; /* some thread ran to its slice's end since main's last turn */

static int64_t now_us(void) { return (int64_t)(emscripten_get_now() * 1000.0); }

/* A finished thread that nobody will join: its stacks back, out of the ring (main only). */
static void reap(void)
{
    if (!main_fiber.next) return;
    for (Fiber *f = &main_fiber; f->next != &main_fiber;) {
        Fiber *gone = f->next;
        if (!(gone->finished && gone->detached)) {
            f = gone;
            continue;
        }
        f->next = gone->next;
        free(gone->c_stack);
        free(gone->asyncify_stack);
        free(gone);
    }
}

/* Main's turn: the browser's, when due or when nobody works. */
static void main_turn(void)
{
    reap();
    int64_t now = now_us();
    if (!worked) {
        emscripten_sleep(IDLE_SLEEP_MS);
        browser_turn = now_us();
    } else if (now - browser_turn >= BROWSER_TURN_US) {
        emscripten_sleep(0);
        browser_turn = now_us();
    }
    worked = false;
}

/* The next thread's turn; back in main, the browser's when due. */
static void switch_on(void)
{
    Fiber *from = running ? running : &main_fiber;
    Fiber *to = from->next ? from->next : from;
    while (to->finished) to = to->next; /* main never finishes */
    if (to != from) {
        running = to;
        emscripten_fiber_swap(&from->context, &to->context);
        running = from;
    }
    if (from == &main_fiber) main_turn();
    slice_start = now_us();
}

void web_threads_give_way(void)
{
    if (!running || now_us() - slice_start < SLICE_US) return;
    worked = true;
    switch_on();
}

void web_threads_sleep_us(long long us)
{
    int64_t until = now_us() + us;
    while (now_us() < until) switch_on();
}

static void fiber_entry(void *argument)
{
    Fiber *self = argument;
    self->result = self->start(self->argument);
    self->finished = true;
    /* Never to run again: main frees the stacks once joined or detached. */
    running = &main_fiber;
    emscripten_fiber_swap(&self->context, &main_fiber.context);
}

int web_thread_create(pthread_t *thread, const pthread_attr_t *attributes, void *(*start)(void *), void *argument)
{
    (void)attributes;
    static char main_asyncify_stack[FIBER_ASYNCIFY_STACK];
    if (!running) {
        emscripten_fiber_init_from_current_context(&main_fiber.context, main_asyncify_stack,
                                                   sizeof main_asyncify_stack);
        main_fiber.next = &main_fiber;
        running = &main_fiber;
        slice_start = browser_turn = now_us();
    }
    Fiber *f = calloc(1, sizeof *f);
    if (f) f->c_stack = malloc(FIBER_C_STACK);
    if (f) f->asyncify_stack = malloc(FIBER_ASYNCIFY_STACK);
    if (!f || !f->c_stack || !f->asyncify_stack) {
        if (f) {
            free(f->c_stack);
            free(f->asyncify_stack);
        }
        free(f);
        return EAGAIN;
    }
    f->start = start;
    f->argument = argument;
    emscripten_fiber_init(&f->context, fiber_entry, f, f->c_stack, FIBER_C_STACK, f->asyncify_stack,
                          FIBER_ASYNCIFY_STACK);
    f->next = running->next;
    running->next = f;
    *thread = (pthread_t)f;
    return 0;
}

int web_thread_join(pthread_t thread, void **result)
{
    Fiber *f = (Fiber *)thread;
    while (!f->finished) switch_on();
    if (result) *result = f->result;
    f->detached = true; /* reaped at main's next turn */
    return 0;
}

int web_thread_detach(pthread_t thread)
{
    ((Fiber *)thread)->detached = true;
    return 0;
}

/* A lock: its first int, 1 while held (PTHREAD_MUTEX_INITIALIZER's zeros: free). */
static volatile int *held(pthread_mutex_t *mutex) { return (volatile int *)(void *)mutex; }

int web_mutex_init(pthread_mutex_t *mutex, const pthread_mutexattr_t *attributes)
{
    (void)attributes;
    *held(mutex) = 0;
    return 0;
}

int web_mutex_destroy(pthread_mutex_t *mutex)
{
    (void)mutex;
    return 0;
}

int web_mutex_lock(pthread_mutex_t *mutex)
{
    while (*held(mutex)) switch_on();
    *held(mutex) = 1;
    return 0;
}

int web_mutex_unlock(pthread_mutex_t *mutex)
{
    *held(mutex) = 0;
    return 0;
}

/* A condition: its first int, a count each signal moves on; a waiter wakes when it has moved
 * (a signal wakes every waiter, as POSIX allows). */
static volatile unsigned *signals(pthread_cond_t *cond) { return (volatile unsigned *)(void *)cond; }

int web_cond_init(pthread_cond_t *cond, const pthread_condattr_t *attributes)
{
    (void)attributes;
    *signals(cond) = 0;
    return 0;
}

int web_cond_destroy(pthread_cond_t *cond)
{
    (void)cond;
    return 0;
}

int web_cond_wait(pthread_cond_t *cond, pthread_mutex_t *mutex)
{
    unsigned seen = *signals(cond);
    web_mutex_unlock(mutex);
    while (*signals(cond) == seen) switch_on();
    return web_mutex_lock(mutex);
}

int web_cond_signal(pthread_cond_t *cond) { return web_cond_broadcast(cond); }

int web_cond_broadcast(pthread_cond_t *cond)
{
    (*signals(cond))++;
    return 0;
}

/* TECH's main (protocol/main.c, compiled as tech_program_main in this build). Its return, after
 * the browser's turns, reaches no caller that would end the program (emscripten's Asyncify has
 * rebuilt main's stack since, and still counts a turn as pending), so the program is ended here,
 * with its status. */
int tech_program_main(int argc, char **argv);
int main(int argc, char **argv);

int main(int argc, char **argv)
{
    emscripten_force_exit(tech_program_main(argc, argv));
    return 0;
}

int web_once(pthread_once_t *once, void (*routine)(void))
{
    if (*once) return 0;
    *once = 1;
    routine();
    return 0;
}
