/* daemon.c - the adapter loop: the front-end table, the choice of protocol by the first protocol
 * command, and the events of the queue handed one at a time to the protocol in use. The one file
 * that knows the front ends by name; they and the session's services know nothing of it. */
#include "daemon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cecp.h"
#include "clock.h"
#include "console.h"
#include "platform.h"
#include "uci.h"

/* The front ends by Mode. */
static const FrontEnd *const FRONT_ENDS[MODE_COUNT] = {
    [MODE_CONSOLE] = &CONSOLE_FRONT_END,
    [MODE_UCI] = &UCI_FRONT_END,
    [MODE_CECP] = &CECP_FRONT_END,
};

/* The first token of a line without changing it. */
static bool first_token_is(const char *line, const char *word)
{
    while (*line == ' ' || *line == '\t') line++;
    size_t n = strlen(word);
    return strncmp(line, word, n) == 0 && (line[n] == '\0' || line[n] == ' ' || line[n] == '\t');
}

/* UCI's commands that the console does not have: a GUI that sends its settings before `uci`
 * (Scid does: every setoption, then isready) is taken as the UCI GUI it is. */
static bool uci_before_handshake(const char *line)
{
    return first_token_is(line, "isready") || first_token_is(line, "setoption") || first_token_is(line, "ucinewgame");
}

/* One input line: pick the protocol (`uci` always wins, and a UCI command the console lacks
 * selects UCI from the console; `xboard` or `protover` select CECP from the console; none while
 * the front end in use holds a person's game), then let it handle the line. Returns false to
 * quit. */
static bool handle_line(Session *s, char *line, int64_t read_us)
{
    const FrontEnd *in_use = FRONT_ENDS[s->mode];
    if (in_use->holds_game && in_use->holds_game(s->front[s->mode])) /* a person's game: it answers */
        return in_use->handle(s->front[s->mode], line, read_us);
    bool to_uci = first_token_is(line, "uci") || (s->mode == MODE_CONSOLE && uci_before_handshake(line));
    if (to_uci && s->mode != MODE_UCI) {
        session_leave_mode(s);
        s->mode = MODE_UCI;
    } else if (s->mode == MODE_CONSOLE && (first_token_is(line, "xboard") || first_token_is(line, "protover"))) {
        session_leave_mode(s);
        s->mode = MODE_CECP;
        platform_ignore_interrupts(); /* announced as sigint=0; SIGTERM when accepted (cecp.c) */
    }
    return FRONT_ENDS[s->mode]->handle(s->front[s->mode], line, read_us);
}

Session *daemon_create(void)
{
    Session *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    if (!session_open(s, FRONT_ENDS)) {
        daemon_destroy(s);
        return NULL;
    }
    return s;
}

void daemon_destroy(Session *s)
{
    if (!s) return;
    session_close(s);
    free(s);
}

void daemon_feed_line(Session *s, const char *line) { event_queue_push_line(s->queue, line, clock_now_us()); }

void daemon_feed_end(Session *s) { event_queue_push_eof(s->queue); }

DaemonStep daemon_step(Session *s)
{
    Event *event = event_queue_pop(s->queue);
    DaemonStep step = STEP_LINE;
    switch (event->kind) {
    case EVENT_LINE:
        if (!handle_line(s, event->line, event->read_us)) step = STEP_END;
        break;
    case EVENT_SEARCH_DONE:
        FRONT_ENDS[s->mode]->search_done(s->front[s->mode], event->search_id);
        step = STEP_SEARCH_DONE;
        break;
    case EVENT_EOF:
        FRONT_ENDS[s->mode]->finish(s->front[s->mode]);
        step = STEP_END;
        break;
    }
    event_free(event);
    return step;
}

int daemon_run(void)
{
    platform_ignore_broken_pipe();
    Session *s = daemon_create();
    IoReader *reader = s ? io_reader_start(s->queue) : NULL;
    if (!reader) {
        fprintf(stderr, "tech: cannot start (out of memory or threads)\n");
        daemon_destroy(s);
        return 1;
    }
    /* One line first, whoever reads: a person at a terminal is greeted, and a GUI learns that TECH
     * has started (Scid waits up to 5 s for an engine's first line before it sends `uci`, and
     * sends its settings twice when none comes). No GUI reads it as a command (docs/PROTOCOLS.md
     * §5). */
    console_banner(s);
    platform_thread_responsive(); /* this thread answers the GUI: isready, ping, stop */
    while (daemon_step(s) != STEP_END) continue;
    io_reader_stop(reader);
    int hits, total;
    searcher_ponder_stats(s->searcher, &hits, &total);
    if (total) fprintf(stderr, "tech: ponder hits %d of %d (%d%%)\n", hits, total, 100 * hits / total);
    daemon_destroy(s);
    return 0;
}
