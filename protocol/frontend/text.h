/* text.h - text utilities of the front ends: a growable buffer for long lines (PV lines,
 * option lists) and an in-place tokenizer for input lines. */
#ifndef TECH_TEXT_H
#define TECH_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A growable text buffer for assembling long lines (PV lines, option lists). */
typedef struct {
    char *text;
    size_t length, capacity;
} TextBuffer;

void text_init(TextBuffer *buffer);
void text_free(TextBuffer *buffer);
/* Append formatted text; on allocation failure the text is silently truncated. */
void text_append(TextBuffer *buffer, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* In-place tokenizer over a mutable line: returns the next blank-separated token (blanks are
 * spaces and tabs) and advances *cursor, or NULL at the end. */
char *token_next(char **cursor);
/* The rest of the line after *cursor with surrounding blanks trimmed ("" at the end). */
char *token_rest(char **cursor);
/* Copy `in` for echoing in a reply, non-printable bytes as '?': whole if it fits in size-1
 * bytes, else cut with a mark (QUOTE_CUT_MARK, quote.h) so that the cut shows. */
void text_printable(const char *in, char *out, size_t size);

/* Input lines kept to be handled later, in order (CECP: behind a pending pong; the console:
 * behind a perft), each with the time it was read. */
typedef struct QueuedLine {
    char *line;
    int64_t read_us;
    struct QueuedLine *next;
} QueuedLine;

typedef struct {
    QueuedLine *head, *tail;
} LineQueue;

/* Append a copy of `line`; false (and nothing kept) if there is no memory. */
bool line_queue_push(LineQueue *queue, const char *line, int64_t read_us);
/* Take the oldest line (NULL when empty); free it with queued_line_free(). */
QueuedLine *line_queue_pop(LineQueue *queue);
void queued_line_free(QueuedLine *line);
/* Drop every kept line. */
void line_queue_clear(LineQueue *queue);

/* Whether a word has the shape of a move, coordinate ("e2e4", "e7e8q") or SAN ("Nbd7", "exd5",
 * "e8=Q+", "O-O"), legal or not: an unknown word of that shape is answered as an illegal move,
 * not as an unknown command. */
bool text_is_move_shaped(const char *word);

#endif
