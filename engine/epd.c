/* epd.c - EPD reading: the position from four FEN fields, the operations after them. */
#include "epd.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "error.h"
#include "fen.h"
#include "notation.h"

enum { EPD_LINE_MAX = 1024 };

/* Skip blanks and return the next token (copied into buf), advancing *p. */
static bool next_token(const char **p, char *buf, size_t size)
{
    while (**p == ' ' || **p == '\t') (*p)++;
    if (!**p || **p == '\n' || **p == '\r') return false;
    size_t n = 0;
    while (**p && !isspace((unsigned char)**p) && **p != ';') {
        if (n + 1 < size) buf[n++] = **p;
        (*p)++;
    }
    buf[n] = '\0';
    return n > 0;
}

/* Parse the move operands of bm/am up to the next ';'. */
static bool read_moves(const char **p, Position *pos, Move *moves, int *count, char *error, size_t size)
{
    char token[EPD_ID_MAX];
    *count = 0;
    while (next_token(p, token, sizeof token)) {
        char why[FEN_ERROR_MAX];
        Move m = move_parse(pos, token, notation_chess960(pos), why, sizeof why);
        if (m == MOVE_NONE) return error_set(error, size, "move '%s': %s", token, why);
        if (*count < EPD_MOVES_MAX) moves[(*count)++] = m;
    }
    return true;
}

bool epd_parse(const char *line, Position *pos, EpdRecord *record, char *error, size_t size)
{
    memset(record, 0, sizeof *record);
    const char *p = line;
    char fields[4][EPD_LINE_MAX / 4];
    for (int i = 0; i < 4; i++)
        if (!next_token(&p, fields[i], sizeof fields[i])) return error_set(error, size, "fewer than 4 position fields");
    char fen[EPD_LINE_MAX + 16];
    snprintf(fen, sizeof fen, "%s %s %s %s 0 1", fields[0], fields[1], fields[2], fields[3]);
    char why[FEN_ERROR_MAX];
    if (!fen_read(pos, fen, why, sizeof why)) return error_set(error, size, "bad position: %s", why);

    /* Operations: opcode operands... ; */
    char opcode[EPD_ID_MAX];
    while (next_token(&p, opcode, sizeof opcode)) {
        if (strcmp(opcode, "bm") == 0) {
            if (!read_moves(&p, pos, record->best, &record->best_count, error, size)) return false;
        } else if (strcmp(opcode, "am") == 0) {
            if (!read_moves(&p, pos, record->avoid, &record->avoid_count, error, size)) return false;
        } else if (strcmp(opcode, "id") == 0) {
            while (*p == ' ') p++;
            const char *start = p, *end;
            if (*p == '"') {
                start = ++p;
                end = strchr(p, '"');
                if (!end) return error_set(error, size, "unterminated id string");
                p = end + 1;
            } else {
                while (*p && *p != ';') p++;
                end = p;
            }
            snprintf(record->id, sizeof record->id, "%.*s", (int)(end - start), start);
        }
        /* Skip what is left of this operation, including quoted strings. */
        bool quoted = false;
        while (*p && (quoted || *p != ';')) {
            if (*p == '"') quoted = !quoted;
            p++;
        }
        if (*p == ';') p++;
    }
    return true;
}
