/* io.c - stdin reader thread, event queue, and the single locked stdout writer. */
#include "io.h"

#include <stdarg.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "platform.h"

/* Bytes asked of one read of stdin. */
enum { READ_CHUNK = 65536 };
/* A line longer than this is dropped whole (a guard against endless garbage, far above
 * the ~1500 bytes of a 300-ply `position ... moves` line). */
enum { LINE_LIMIT = 16 * 1024 * 1024 };

struct EventQueue {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    Event *head, *tail;
};

/* Serialises stdout: every line is written whole under this lock. stdout is one process-wide
 * resource, so its lock is too. */
static pthread_mutex_t output_lock = PTHREAD_MUTEX_INITIALIZER;

EventQueue *event_queue_create(void)
{
    EventQueue *queue = calloc(1, sizeof *queue);
    if (!queue) return NULL;
    pthread_mutex_init(&queue->lock, NULL);
    pthread_cond_init(&queue->ready, NULL);
    return queue;
}

void event_free(Event *event)
{
    if (!event) return;
    free(event->line);
    free(event);
}

void event_queue_destroy(EventQueue *queue)
{
    if (!queue) return;
    for (Event *e = queue->head, *next; e; e = next) {
        next = e->next;
        event_free(e);
    }
    pthread_cond_destroy(&queue->ready);
    pthread_mutex_destroy(&queue->lock);
    free(queue);
}

static void queue_push(EventQueue *queue, Event *event)
{
    event->next = NULL;
    pthread_mutex_lock(&queue->lock);
    if (queue->tail) queue->tail->next = event;
    else queue->head = event;
    queue->tail = event;
    pthread_cond_signal(&queue->ready);
    pthread_mutex_unlock(&queue->lock);
}

static void push_simple(EventQueue *queue, EventKind kind, char *line, int64_t read_us, unsigned id)
{
    Event *event = calloc(1, sizeof *event);
    if (!event) {
        free(line);
        return;
    }
    event->kind = kind;
    event->line = line;
    event->read_us = read_us;
    event->search_id = id;
    queue_push(queue, event);
}

void event_queue_push_done(EventQueue *queue, unsigned search_id)
{
    push_simple(queue, EVENT_SEARCH_DONE, NULL, clock_now_us(), search_id);
}

void event_queue_push_line(EventQueue *queue, const char *text, int64_t read_us)
{
    char *line = strdup(text);
    if (line) push_simple(queue, EVENT_LINE, line, read_us, 0);
}

void event_queue_push_eof(EventQueue *queue) { push_simple(queue, EVENT_EOF, NULL, clock_now_us(), 0); }

Event *event_queue_pop(EventQueue *queue)
{
    pthread_mutex_lock(&queue->lock);
    while (!queue->head) pthread_cond_wait(&queue->ready, &queue->lock);
    Event *event = queue->head;
    queue->head = event->next;
    if (!queue->head) queue->tail = NULL;
    pthread_mutex_unlock(&queue->lock);
    return event;
}

static void line_add(LineSplitter *b, const char *bytes, size_t n)
{
    if (b->overlong) return;
    if (b->length + n + 1 > LINE_LIMIT) {
        b->overlong = true;
        b->length = 0;
        return;
    }
    if (b->length + n + 1 > b->capacity) {
        size_t capacity = b->capacity ? b->capacity : 256;
        while (capacity < b->length + n + 1) capacity *= 2;
        char *grown = realloc(b->text, capacity);
        if (!grown) {
            b->overlong = true;
            b->length = 0;
            return;
        }
        b->text = grown;
        b->capacity = capacity;
    }
    /* NUL bytes would cut the C string short; read them as blanks. */
    for (size_t i = 0; i < n; i++) b->text[b->length + i] = bytes[i] ? bytes[i] : ' ';
    b->length += n;
}

/* Queue the finished line and start the next one. */
static void line_finish(LineSplitter *b, EventQueue *queue, int64_t read_us)
{
    if (b->overlong) {
        fprintf(stderr, "tech: input line longer than %d bytes dropped\n", LINE_LIMIT);
        b->overlong = false;
        b->length = 0;
        return;
    }
    size_t n = b->length;
    char *line = malloc(n + 1);
    if (line) {
        if (n) memcpy(line, b->text, n);
        line[n] = '\0';
        push_simple(queue, EVENT_LINE, line, read_us, 0);
    }
    b->length = 0;
}

/* The first line end in [p, end): CR, LF or CRLF end a line, as GUIs on every system send them. */
static const char *find_line_end(const char *p, const char *end)
{
    for (; p < end; p++)
        if (*p == '\n' || *p == '\r') return p;
    return NULL;
}

void line_splitter_feed(LineSplitter *b, EventQueue *queue, const char *bytes, size_t n, int64_t read_us)
{
    const char *p = bytes, *end = bytes + n;
    while (p < end) {
        bool lf_of_crlf = b->after_cr && *p == '\n';
        b->after_cr = false;
        if (lf_of_crlf) {
            p++;
            continue;
        }
        const char *line_end = find_line_end(p, end);
        if (!line_end) {
            line_add(b, p, (size_t)(end - p));
            return;
        }
        line_add(b, p, (size_t)(line_end - p));
        line_finish(b, queue, read_us);
        b->after_cr = *line_end == '\r';
        p = line_end + 1;
    }
}

void line_splitter_end(LineSplitter *b, EventQueue *queue, int64_t read_us)
{
    /* A last line without its line end still counts. */
    if (b->length || b->overlong) line_finish(b, queue, read_us);
    free(b->text);
    memset(b, 0, sizeof *b);
}

struct IoReader {
    pthread_t thread;
    EventQueue *queue;
    PlatformInput *input; /* stdin, stoppable (io_reader_stop) */
};

static void *reader_main(void *arg)
{
    IoReader *reader = arg;
    platform_thread_responsive(); /* an input line must be read at once, even while every core searches */
    EventQueue *queue = reader->queue;
    LineSplitter splitter = {0};
    char *chunk = malloc(READ_CHUNK);
    InputStatus status = INPUT_END;
    size_t got;
    while (chunk && (status = platform_input_read(reader->input, chunk, READ_CHUNK, &got)) == INPUT_DATA)
        line_splitter_feed(&splitter, queue, chunk, got, clock_now_us());
    free(chunk);
    if (status == INPUT_STOPPED) {
        /* The session is over (io_reader_stop) and its queue may be gone: queue nothing more. */
        free(splitter.text);
        return NULL;
    }
    line_splitter_end(&splitter, queue, clock_now_us());
    push_simple(queue, EVENT_EOF, NULL, clock_now_us(), 0);
    return NULL;
}

IoReader *io_reader_start(EventQueue *queue)
{
    IoReader *reader = malloc(sizeof *reader);
    if (!reader) return NULL;
    reader->queue = queue;
    reader->input = platform_input_open();
    if (!reader->input) {
        free(reader);
        return NULL;
    }
    if (pthread_create(&reader->thread, NULL, reader_main, reader) != 0) {
        platform_input_close(reader->input);
        free(reader);
        return NULL;
    }
    return reader;
}

void io_reader_stop(IoReader *reader)
{
    if (!reader) return;
    if (!platform_input_stop(reader->input)) {
        /* The system cannot interrupt the read (Wine): the reader stays in it until the process
         * exits, and should it come back it returns without touching the queue. It keeps its
         * IoReader and input. */
        pthread_detach(reader->thread);
        return;
    }
    pthread_join(reader->thread, NULL);
    platform_input_close(reader->input);
    free(reader);
}

void io_write_line(const char *text)
{
    size_t n = strlen(text);
    char small[1024];
    char *buf = n + 1 <= sizeof small ? small : malloc(n + 1);
    if (!buf) return;
    /* Protocol lines are printable ASCII: an echo of raw input (a bad FEN, a bad move) must not
     * put a control byte, a line end or a stray UTF-8 fragment into what the GUI parses. */
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        buf[i] = c >= 0x20 && c < 0x7F ? (char)c : '?';
    }
    buf[n] = '\n';
    pthread_mutex_lock(&output_lock);
    platform_write_stdout(buf, n + 1);
    pthread_mutex_unlock(&output_lock);
    if (buf != small) free(buf);
}

void io_printf(const char *format, ...)
{
    char small[1024];
    va_list args;
    va_start(args, format);
    int n = vsnprintf(small, sizeof small, format, args);
    va_end(args);
    if (n < 0) return;
    if ((size_t)n < sizeof small) {
        io_write_line(small);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) return;
    va_start(args, format);
    vsnprintf(big, (size_t)n + 1, format, args);
    va_end(args);
    io_write_line(big);
    free(big);
}
