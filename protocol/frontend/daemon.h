/* daemon.h - TECH without arguments: the adapter loop above the front ends. Input lines and
 * finished searches arrive on one queue and are handled in order by the protocol that the first
 * protocol command chose (the console until then). */
#ifndef TECH_DAEMON_H
#define TECH_DAEMON_H

#include "session.h"

/* Read stdin until `quit` or end of input; returns the exit status. */
int daemon_run(void);

/* A session without the stdin reader, fed line by line (the unit tests and the fuzz targets
 * drive whole sessions in-process this way). NULL if it cannot be had (memory or threads). */
Session *daemon_create(void);
/* Stop everything, join the engine's threads and free the session. NULL is fine. */
void daemon_destroy(Session *session);
/* Queue one input line (copied), or the end of input. */
void daemon_feed_line(Session *session, const char *line);
void daemon_feed_end(Session *session);

/* What daemon_step() handled. */
typedef enum {
    STEP_LINE,        /* an input line */
    STEP_SEARCH_DONE, /* a search (or perft) finished */
    STEP_END          /* `quit` or the end of input: the session is over */
} DaemonStep;

/* Handle the next event, waiting for one if none is queued. */
DaemonStep daemon_step(Session *session);

#endif
