/* progress.c - progress of the long shell tools on stderr. */
#include "progress.h"

#include <stdio.h>

#include "clock.h"
#include "platform.h"

/* Off a terminal, at most one plain line this often [C]: a log of a long run gets a line per
 * minute, a short run none. */
enum { PLAIN_LINE_INTERVAL_US = 60 * 1000000 };

void progress_begin(Progress *progress, const char *task, int total)
{
    progress->task = task;
    progress->total = total;
    progress->live = platform_stderr_redraws();
    progress->shown = false;
    progress->next_plain_us = clock_now_us() + PLAIN_LINE_INTERVAL_US;
}

void progress_update(Progress *progress, int done, const char *detail)
{
    if (progress->live) {
        fprintf(stderr, "\r\033[K%s: %d/%d%s%s", progress->task, done, progress->total, detail ? "  " : "",
                detail ? detail : "");
        fflush(stderr);
        progress->shown = true;
        return;
    }
    int64_t now = clock_now_us();
    if (now < progress->next_plain_us) return;
    progress->next_plain_us = now + PLAIN_LINE_INTERVAL_US;
    fprintf(stderr, "%s: %d/%d%s%s\n", progress->task, done, progress->total, detail ? "  " : "", detail ? detail : "");
}

void progress_clear(Progress *progress)
{
    if (!progress->shown) return;
    fprintf(stderr, "\r\033[K");
    fflush(stderr);
    progress->shown = false;
}

void progress_end(Progress *progress) { progress_clear(progress); }
