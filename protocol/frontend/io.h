/* io.h - the protocol plumbing: a stdin reader thread feeding an event queue, and the one
 * locked writer every output line goes through. */
#ifndef TECH_IO_H
#define TECH_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What the adapter thread is woken for: an input line, the end of input, or a finished search. */
typedef enum { EVENT_LINE, EVENT_EOF, EVENT_SEARCH_DONE } EventKind;

typedef struct Event {
    EventKind kind;
    char *line;         /* EVENT_LINE: the text without its line end (owned by the event) */
    int64_t read_us;    /* clock_now_us() when the line was read (the clock starts here) */
    unsigned search_id; /* EVENT_SEARCH_DONE: which search finished */
    struct Event *next;
} Event;

/* A FIFO of events with its lock; producers: the reader thread and the search threads. */
typedef struct EventQueue EventQueue;

EventQueue *event_queue_create(void);
/* Free the queue and any events still in it (only when no producer is left). */
void event_queue_destroy(EventQueue *queue);
/* Append a "search finished" event (called from a search thread). */
void event_queue_push_done(EventQueue *queue, unsigned search_id);
/* Append an input line (copied; dropped if there is no memory), or the end of input. */
void event_queue_push_line(EventQueue *queue, const char *text, int64_t read_us);
void event_queue_push_eof(EventQueue *queue);
/* Wait for the next event; the caller frees it with event_free(). */
Event *event_queue_pop(EventQueue *queue);
void event_free(Event *event);

/* Input bytes cut into lines, as the reader thread cuts stdin (and the fuzz targets their input):
 * LF, CR and CRLF each end a line, NUL bytes are read as blanks, a line longer than 16 MB is
 * dropped whole. Start from {0}. */
typedef struct {
    char *text; /* the line under construction */
    size_t length, capacity;
    bool overlong; /* the current line passed the limit: drop it at its end */
    bool after_cr; /* the last line ended with CR: an LF right after it is part of that end */
} LineSplitter;

/* Queue (EVENT_LINE, stamped read_us) every line the bytes complete; keep the rest. */
void line_splitter_feed(LineSplitter *splitter, EventQueue *queue, const char *bytes, size_t n, int64_t read_us);
/* The input is over: queue an unfinished last line, and free the splitter's memory. */
void line_splitter_end(LineSplitter *splitter, EventQueue *queue, int64_t read_us);

/* The stdin reader thread. */
typedef struct IoReader IoReader;

/* Start the thread that reads stdin (platform_input_read), splits it into lines (LineSplitter)
 * and queues them, then EVENT_EOF. NULL on failure. */
IoReader *io_reader_start(EventQueue *queue);
/* Stop the reader (at once if it is waiting for input; a line being read is dropped), join it
 * and free it; where the system cannot interrupt a read (Wine), leave it blocked until the
 * process exits, queueing nothing more. Used at exit, after `quit` or the end of input. */
void io_reader_stop(IoReader *reader);

/* Write one whole line (a '\n' is appended) to stdout under the output lock; any byte that is
 * not printable ASCII goes out as '?'. */
void io_write_line(const char *text);
/* Format one whole line and write it as io_write_line() does. */
void io_printf(const char *format, ...) __attribute__((format(printf, 1, 2)));

#endif
