/* platform_posix.c - platform.h on POSIX systems (Linux, the BSDs, macOS), with Linux's extras:
 * huge pages for the table and pages given back to zero it, and a short scheduling slice for the
 * GUI's threads. */
#define _GNU_SOURCE /* madvise, syscall */
#include "platform.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/syscall.h>
#endif

void platform_init(void) {}

/* --- time ---------------------------------------------------------------------------------- */

static int64_t timespec_us(const struct timespec *ts) { return (int64_t)ts->tv_sec * 1000000 + ts->tv_nsec / 1000; }

int64_t platform_monotonic_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return timespec_us(&ts);
}

int64_t platform_thread_cpu_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return timespec_us(&ts);
}

void platform_sleep_us(int64_t us)
{
    if (us < 1) us = 1;
    struct timespec pause = {(time_t)(us / 1000000), (long)(us % 1000000) * 1000L};
    nanosleep(&pause, NULL);
}

uint64_t platform_entropy(void)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    uint64_t value = (uint64_t)now.tv_sec * 1000000000ULL + (uint64_t)now.tv_nsec;
    return value ^ (uint64_t)getpid() << 32;
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

/* Linux reads the pages of private memory given back with MADV_DONTNEED as zeros again. */
#if defined(__linux__) && defined(MADV_DONTNEED)
enum { PAGES_DROPPABLE = 1 };
static bool drop_pages(void *memory, size_t bytes) { return madvise(memory, bytes, MADV_DONTNEED) == 0; }
#else
enum { PAGES_DROPPABLE = 0 };
static bool drop_pages(void *memory, size_t bytes)
{
    (void)memory;
    (void)bytes;
    return false;
}
#endif

/* The size of a huge page on x86-64 and arm64 Linux (2 MB): a table aligned to it can be backed
 * by huge pages, one TLB entry for 512 small pages, which a search's random probes need. */
enum { HUGE_PAGE_BYTES = 2 * 1024 * 1024 };

void *platform_table_alloc(size_t bytes)
{
    /* Without pages to drop, calloc's large blocks are the system's fresh zero pages. */
    if (!PAGES_DROPPABLE) return calloc(1, bytes);
    /* Aligned to a huge page, so that the system can back the table with huge pages, and
     * platform_table_zero can drop every page of it (a table is at least 1 MB, a power of two).
     * From the C library, so that a sanitizer's cap on allocations holds for it too. */
    void *memory = NULL;
    if (posix_memalign(&memory, HUGE_PAGE_BYTES, bytes) != 0) return NULL;
#if defined(MADV_HUGEPAGE)
    /* Linux's transparent huge pages on request (its default mode is "madvise"); refused or not
     * built in, the table works on small pages all the same. */
    madvise(memory, bytes, MADV_HUGEPAGE);
#endif
    /* posix_memalign's memory is not zeroed: zero it without touching it. */
    return platform_table_zero(memory, bytes);
}

void platform_table_free(void *memory, size_t bytes)
{
    (void)bytes;
    free(memory);
}

void *platform_table_zero(void *memory, size_t bytes)
{
    if (!drop_pages(memory, bytes)) memset(memory, 0, bytes);
    return memory;
}

/* --- the process and its standard streams -------------------------------------------------- */

void platform_ignore_broken_pipe(void) { signal(SIGPIPE, SIG_IGN); }

void platform_ignore_interrupts(void) { signal(SIGINT, SIG_IGN); }

void platform_ignore_terminate(void) { signal(SIGTERM, SIG_IGN); }

bool platform_stdin_is_terminal(void) { return isatty(STDIN_FILENO); }

bool platform_stderr_redraws(void) { return isatty(STDERR_FILENO); }

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

#if defined(__linux__) && defined(SYS_sched_getattr) && defined(SYS_sched_setattr)
/* The kernel's struct sched_attr (its first version, 48 bytes); glibc has no wrapper for it. */
typedef struct {
    uint32_t size;
    uint32_t sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime; /* SCHED_OTHER from Linux 6.12 on: the slice, in ns */
    uint64_t sched_deadline;
    uint64_t sched_period;
} SchedAttr;

/* [C] The shortest slice the kernel accepts (0.1 ms): a protocol thread only ever needs a few
 * microseconds of CPU to read a line or write an answer (the target: isready/ping under 5 ms
 * while two search threads keep both cores busy). */
static const uint64_t RESPONSIVE_SLICE_NS = 100000;
enum { SCHED_OTHER_POLICY = 0 };

void platform_thread_responsive(void)
{
    SchedAttr attr;
    memset(&attr, 0, sizeof attr);
    /* Read the thread's attributes first, so that its policy and nice value stay as they are
     * (a GUI or `nice` may have lowered them). */
    if (syscall(SYS_sched_getattr, 0, &attr, (unsigned)sizeof attr, 0) != 0) return;
    if (attr.sched_policy != SCHED_OTHER_POLICY) return;
    attr.size = sizeof attr;
    attr.sched_runtime = RESPONSIVE_SLICE_NS;
    (void)syscall(SYS_sched_setattr, 0, &attr, 0);
}
#else
void platform_thread_responsive(void) {}
#endif

/* --- stdin ----------------------------------------------------------------------------------- */

struct PlatformInput {
    int wake[2]; /* a pipe: a byte in it stops the reader (platform_input_stop) */
};

PlatformInput *platform_input_open(void)
{
    PlatformInput *input = malloc(sizeof *input);
    if (!input) return NULL;
    if (pipe(input->wake) != 0) {
        free(input);
        return NULL;
    }
    return input;
}

/* Wait until stdin has input (true) or the reader is told to stop (false). The reader must be
 * able to stop while stdin stays open, after `quit`, so that it can be joined. */
static bool wait_for_input(const PlatformInput *input)
{
    struct pollfd fds[2] = {{.fd = STDIN_FILENO, .events = POLLIN}, {.fd = input->wake[0], .events = POLLIN}};
    for (;;) {
        int ready = poll(fds, 2, -1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return false;
        if (fds[1].revents) return false;
        if (fds[0].revents) return true; /* data, end of input or an error: read(2) tells which */
    }
}

InputStatus platform_input_read(PlatformInput *input, char *buffer, size_t size, size_t *got)
{
    *got = 0;
    for (;;) {
        if (!wait_for_input(input)) return INPUT_STOPPED;
        ssize_t n = read(STDIN_FILENO, buffer, size);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) return INPUT_END;
        *got = (size_t)n;
        return INPUT_DATA;
    }
}

bool platform_input_stop(PlatformInput *input)
{
    /* One byte wakes the reader's poll; it is never read, so it keeps the reader stopped. */
    ssize_t written;
    do written = write(input->wake[1], "q", 1);
    while (written < 0 && errno == EINTR);
    return true;
}

void platform_input_close(PlatformInput *input)
{
    if (!input) return;
    close(input->wake[0]);
    close(input->wake[1]);
    free(input);
}
