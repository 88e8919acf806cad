/* text.c - growable text for long output lines, and the tokenizer the protocols read input
 * lines with. */
#include "text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "quote.h"

void text_init(TextBuffer *buffer)
{
    buffer->text = NULL;
    buffer->length = buffer->capacity = 0;
}

void text_free(TextBuffer *buffer)
{
    free(buffer->text);
    text_init(buffer);
}

void text_append(TextBuffer *buffer, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (n < 0) return;
    size_t need = buffer->length + (size_t)n + 1;
    if (need > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 128;
        while (capacity < need) capacity *= 2;
        char *grown = realloc(buffer->text, capacity);
        if (!grown) return;
        buffer->text = grown;
        buffer->capacity = capacity;
    }
    va_start(args, format);
    vsnprintf(buffer->text + buffer->length, (size_t)n + 1, format, args);
    va_end(args);
    buffer->length += (size_t)n;
}

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

char *token_next(char **cursor)
{
    char *p = *cursor;
    while (*p && is_blank(*p)) p++;
    if (!*p) {
        *cursor = p;
        return NULL;
    }
    char *start = p;
    while (*p && !is_blank(*p)) p++;
    if (*p) *p++ = '\0';
    *cursor = p;
    return start;
}

char *token_rest(char **cursor)
{
    char *p = *cursor;
    while (*p && is_blank(*p)) p++;
    char *end = p + strlen(p);
    while (end > p && is_blank(end[-1])) end--;
    *end = '\0';
    *cursor = end;
    return p;
}

void text_printable(const char *in, char *out, size_t size)
{
    if (!size) return;
    quote_input(in, size - 1, out, size);
    for (char *p = out; *p; p++)
        if ((unsigned char)*p < 0x20 || (unsigned char)*p >= 0x7F) *p = '?';
}

bool line_queue_push(LineQueue *queue, const char *line, int64_t read_us)
{
    QueuedLine *kept = malloc(sizeof *kept);
    char *copy = strdup(line);
    if (!kept || !copy) {
        free(kept);
        free(copy);
        return false;
    }
    *kept = (QueuedLine){copy, read_us, NULL};
    if (queue->tail) queue->tail->next = kept;
    else queue->head = kept;
    queue->tail = kept;
    return true;
}

QueuedLine *line_queue_pop(LineQueue *queue)
{
    QueuedLine *first = queue->head;
    if (!first) return NULL;
    queue->head = first->next;
    if (!queue->head) queue->tail = NULL;
    return first;
}

void queued_line_free(QueuedLine *line)
{
    if (!line) return;
    free(line->line);
    free(line);
}

void line_queue_clear(LineQueue *queue)
{
    while (queue->head) queued_line_free(line_queue_pop(queue));
}

static bool is_file(char c) { return c >= 'a' && c <= 'h'; }
static bool is_rank(char c) { return c >= '1' && c <= '8'; }

bool text_is_move_shaped(const char *word)
{
    char text[16];
    size_t n = strlen(word);
    if (n < 2 || n >= sizeof text) return false;
    memcpy(text, word, n + 1);
    while (n > 0 && strchr("+#!?", text[n - 1])) text[--n] = '\0';
    if (!strcmp(text, "O-O") || !strcmp(text, "O-O-O") || !strcmp(text, "0-0") || !strcmp(text, "0-0-0")) return true;
    if (n >= 2 && strchr("QRBNqrbn", text[n - 1]) && (is_rank(text[n - 2]) || text[n - 2] == '=')) {
        n -= text[n - 2] == '=' ? 2 : 1; /* promotion piece */
    }
    if (n < 2 || !is_file(text[n - 2]) || !is_rank(text[n - 1])) return false;
    size_t i = 0, prefix = n - 2;
    if (i < prefix && strchr("KQRBN", text[i])) i++;
    if (i < prefix && is_file(text[i])) i++;
    if (i < prefix && is_rank(text[i])) i++;
    if (i < prefix && (text[i] == 'x' || text[i] == '-')) i++;
    return i == prefix;
}
