/* platform_web.c - platform.h in WebAssembly (emscripten), in a browser's Web Worker or under
 * node. There is no stdin to poll: the page's messages (or node's stdin, read by the launcher
 * web/engine-io.js) are pushed into a queue by platform_web_input, which the reader thread
 * waits on. stdout is emscripten's, whose lines the launcher posts back. Threads are
 * emscripten's pthreads (Web Workers sharing the memory), so the rest is the POSIX half's,
 * without signals, terminals or pages to give back. On a page that is not cross-origin isolated
 * (TECH_WEB_SINGLE_THREAD, tech-single.js) they are fibers of one thread (web_single_threads.h):
 * a clock reading is then where a searching thread gives way, and a sleep lets the others run. */
#include "platform.h"

#include <emscripten.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void platform_init(void) {}

/* --- time ---------------------------------------------------------------------------------- */

/* performance.now(): milliseconds as a double, to the microsecond where the browser allows. */
int64_t platform_monotonic_us(void)
{
#ifdef TECH_WEB_SINGLE_THREAD
    web_threads_give_way();
#endif
    return (int64_t)(emscripten_get_now() * 1000.0);
}

/* A browser tells no thread its CPU time; a searching thread computes without pause, so the
 * time it has been running is the nearest measure (used for the search's statistics only). */
int64_t platform_thread_cpu_us(void) { return platform_monotonic_us(); }

void platform_sleep_us(int64_t us)
{
    if (us < 1) us = 1;
#ifdef TECH_WEB_SINGLE_THREAD
    web_threads_sleep_us(us);
#else
    struct timespec pause = {(time_t)(us / 1000000), (long)(us % 1000000) * 1000L};
    nanosleep(&pause, NULL);
#endif
}

uint64_t platform_entropy(void)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t value = (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec;
    /* No process id to tell two pages apart: Math.random's bits instead. */
    return value ^ (uint64_t)(emscripten_random() * 4294967296.0) << 32;
}

bool platform_local_date(int *year, int *month, int *day)
{
    time_t now = time(NULL);
    struct tm local;
    if (now == (time_t)-1 || !localtime_r(&now, &local)) return false;
    *year = local.tm_year + 1900;
    *month = local.tm_mon + 1;
    *day = local.tm_mday;
    return true;
}

bool platform_is_directory(const char *path)
{
    struct stat status;
    return stat(path, &status) == 0 && S_ISDIR(status.st_mode);
}

/* --- the transposition table's memory ------------------------------------------------------ */

/* WebAssembly's memory only grows: calloc's block is zeroed, and a clear writes zeros. */
void *platform_table_alloc(size_t bytes) { return calloc(1, bytes); }

void platform_table_free(void *memory, size_t bytes)
{
    (void)bytes;
    free(memory);
}

void *platform_table_zero(void *memory, size_t bytes)
{
    memset(memory, 0, bytes);
    return memory;
}

/* --- the process and its standard streams -------------------------------------------------- */

/* No signals reach a Web Worker: nothing to ignore. */
void platform_ignore_broken_pipe(void) {}

void platform_ignore_interrupts(void) {}

void platform_ignore_terminate(void) {}

/* The input is a page's messages or a launcher's pipe, never a person at a terminal. */
bool platform_stdin_is_terminal(void) { return false; }

bool platform_stderr_redraws(void) { return false; }

void platform_write_stdout(const char *bytes, size_t n)
{
    while (n) {
        ssize_t done = write(STDOUT_FILENO, bytes, n);
        if (done < 0 && errno == EINTR) continue;
        if (done <= 0) return;
        bytes += done;
        n -= (size_t)done;
    }
}

/* A browser schedules its workers itself. */
void platform_thread_responsive(void) {}

/* --- stdin: the messages the launcher pushes ----------------------------------------------- */

/* The bytes pushed and not yet read, for the one process-wide input: the launcher may push
 * before the engine has opened it. Guarded by its lock; `arrived` wakes the reader. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t arrived;
    char *bytes;
    size_t length;
    size_t capacity;
    bool ended; /* the launcher's input ended: once the bytes are read, INPUT_END */
} InputQueue;

static InputQueue input_queue = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, 0, 0, false};

struct PlatformInput {
    bool stopped; /* under input_queue.lock: platform_input_stop was called */
};

/* Called from JavaScript (web/engine-io.js), on the thread that receives the messages: append
 * `n` bytes to the input, or end it when `n` is negative. Returns false if out of memory. */
EMSCRIPTEN_KEEPALIVE bool platform_web_input(const char *bytes, int n);

EMSCRIPTEN_KEEPALIVE bool platform_web_input(const char *bytes, int n)
{
    bool stored = true;
    pthread_mutex_lock(&input_queue.lock);
    if (n < 0) input_queue.ended = true;
    else if (input_queue.length + (size_t)n > input_queue.capacity) {
        size_t capacity = (input_queue.length + (size_t)n) * 2;
        char *grown = realloc(input_queue.bytes, capacity);
        if (grown) {
            input_queue.bytes = grown;
            input_queue.capacity = capacity;
        }
        stored = grown != NULL;
    }
    if (n > 0 && stored) {
        memcpy(input_queue.bytes + input_queue.length, bytes, (size_t)n);
        input_queue.length += (size_t)n;
    }
    pthread_cond_broadcast(&input_queue.arrived);
    pthread_mutex_unlock(&input_queue.lock);
    return stored;
}

PlatformInput *platform_input_open(void) { return calloc(1, sizeof(PlatformInput)); }

InputStatus platform_input_read(PlatformInput *input, char *buffer, size_t size, size_t *got)
{
    *got = 0;
    pthread_mutex_lock(&input_queue.lock);
    while (!input->stopped && !input_queue.length && !input_queue.ended)
        pthread_cond_wait(&input_queue.arrived, &input_queue.lock);
    InputStatus status = INPUT_END;
    if (input->stopped) status = INPUT_STOPPED;
    else if (input_queue.length) {
        *got = input_queue.length < size ? input_queue.length : size;
        memcpy(buffer, input_queue.bytes, *got);
        memmove(input_queue.bytes, input_queue.bytes + *got, input_queue.length - *got);
        input_queue.length -= *got;
        status = INPUT_DATA;
    }
    pthread_mutex_unlock(&input_queue.lock);
    return status;
}

bool platform_input_stop(PlatformInput *input)
{
    pthread_mutex_lock(&input_queue.lock);
    input->stopped = true;
    pthread_cond_broadcast(&input_queue.arrived);
    pthread_mutex_unlock(&input_queue.lock);
    return true;
}

void platform_input_close(PlatformInput *input) { free(input); }
