/* responsive.c - a short scheduling slice for the threads that answer the GUI (the target:
 * isready/ping under 5 ms while two search threads keep both cores busy). */
#define _GNU_SOURCE
#include "responsive.h"

#include <stdint.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/syscall.h>
#endif

#if defined(__linux__) && defined(SYS_sched_getattr) && defined(SYS_sched_setattr)
/* The kernel's struct sched_attr (its first version, 48 bytes); glibc has no wrapper for it. */
typedef struct {
    uint32_t size;
    uint32_t sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime;      /* SCHED_OTHER from Linux 6.12 on: the slice, in ns */
    uint64_t sched_deadline;
    uint64_t sched_period;
} SchedAttr;

/* [C] The shortest slice the kernel accepts (0.1 ms): a protocol thread only ever needs a few
 * microseconds of CPU to read a line or write an answer. */
static const uint64_t RESPONSIVE_SLICE_NS = 100000;
enum { SCHED_OTHER_POLICY = 0 };

void responsive_thread(void)
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
void responsive_thread(void) {}
#endif
