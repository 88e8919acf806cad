/* progress.h - "k of n" on stderr for the long shell tools: a line redrawn in place when stderr
 * is a terminal, otherwise an occasional plain line (logs and pipes stay readable). */
#ifndef TECH_PROGRESS_H
#define TECH_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    const char *task;      /* "epd", "treestats" */
    int total;             /* n, or 0 when unknown */
    bool live;             /* stderr is a terminal */
    bool shown;            /* a live line is on the screen */
    int64_t next_plain_us; /* when the next plain line may be written */
} Progress;

/* Begin reporting `task` over `total` items. */
void progress_begin(Progress *progress, const char *task, int total);
/* Item `done` of the total is finished; `detail` (may be NULL) follows, e.g. a running score. */
void progress_update(Progress *progress, int done, const char *detail);
/* Before printing to stdout: take the live line off the screen (it comes back at the next update). */
void progress_clear(Progress *progress);
/* The task is over: clear the live line. */
void progress_end(Progress *progress);

#endif
