/* pgn.c - a small PGN reader: tag pairs and the main line, in SAN, replayed on the board so that
 * every move is checked as it is read. */
#include "pgn.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "makemove.h"
#include "notation.h"

enum { TOKEN_MAX = 64 };

/* Where the characters come from: a file, or text in memory. */
typedef struct {
    FILE *file;       /* read from here when not NULL */
    const char *text; /* else from here */
} Source;

/* The next character, or EOF. */
static int next_char(Source *source)
{
    if (source->file) return fgetc(source->file);
    return *source->text ? (unsigned char)*source->text++ : EOF;
}

/* Give back the character `c` that next_char() has just read. */
static void put_back(Source *source, int c)
{
    if (source->file) ungetc(c, source->file);
    else source->text--;
}

/* What the reader holds while one game is read. */
typedef struct {
    Source *source;
    PgnGame *game;
    Position *pos; /* the game so far */
    bool movetext; /* the first move-text token has been seen */
    bool failed;
    char *error;
    size_t error_size;
} Reader;

static void skip_to(Source *source, int end)
{
    int c;
    while ((c = next_char(source)) != EOF && c != end) {}
}

/* A variation "( ... )", which may hold comments and further variations. */
static void skip_variation(Source *source)
{
    int depth = 1, c;
    while (depth > 0 && (c = next_char(source)) != EOF) {
        if (c == '(') depth++;
        else if (c == ')') depth--;
        else if (c == '{') skip_to(source, '}');
        else if (c == ';') skip_to(source, '\n');
    }
}

static void read_tag(Reader *r)
{
    char line[2 * PGN_TAG_TEXT_MAX + 8];
    size_t n = 0;
    int c;
    bool quoted = false;
    while ((c = next_char(r->source)) != EOF && (quoted || c != ']')) {
        if (c == '"') quoted = !quoted;
        if (n + 1 < sizeof line) line[n++] = (char)c;
    }
    line[n] = '\0';
    if (r->game->tag_count >= PGN_TAGS_MAX) return;
    PgnTag *tag = &r->game->tags[r->game->tag_count];
    const char *open = strchr(line, '"'), *close = open ? strrchr(line, '"') : NULL;
    if (!open || close == open || sscanf(line, " %127[A-Za-z0-9_]", tag->name) != 1) return;
    snprintf(tag->value, sizeof tag->value, "%.*s", (int)(close - open - 1), open + 1);
    r->game->tag_count++;
}

static void fail(Reader *r, const char *format, const char *token, const char *detail)
{
    if (!r->failed) snprintf(r->error, r->error_size, format, token, detail);
    r->failed = true;
}

/* The board the moves start from: the FEN tag's position or the initial array. */
static void begin_movetext(Reader *r)
{
    if (r->movetext) return;
    r->movetext = true;
    const char *fen = pgn_tag(r->game, "FEN");
    char error[FEN_ERROR_MAX];
    r->game->from_initial = fen == NULL;
    if (!fen) position_set_start(r->pos);
    else if (!fen_read(r->pos, fen, error, sizeof error)) {
        fail(r, "bad FEN tag %s: %s", fen, error);
        position_set_start(r->pos);
    }
    position_copy(&r->game->start, r->pos);
}

static bool is_result(const char *token)
{
    return strcmp(token, "1-0") == 0 || strcmp(token, "0-1") == 0 || strcmp(token, "1/2-1/2") == 0
           || strcmp(token, "*") == 0;
}

/* One move-text token: a move number ("12." or "12..."), a move with or without its number
 * in front ("12.e4") and annotation marks ("Qxf7+!?"). */
static void play_token(Reader *r, char *token)
{
    char *text = token;
    while (isdigit((unsigned char)*text)) text++;
    if (*text == '.') {
        while (*text == '.') text++;
    } else {
        text = token;
    }
    size_t len = strlen(text);
    while (len > 0 && (text[len - 1] == '!' || text[len - 1] == '?')) text[--len] = '\0';
    if (len == 0 || r->failed) return;
    char error[128];
    Move m = move_from_san(r->pos, text, error, sizeof error);
    if (m == MOVE_NONE) {
        fail(r, "move %s: %s", text, error);
        return;
    }
    if (r->game->move_count >= GAME_PLY_MAX) {
        fail(r, "%s%s: game too long", text, "");
        return;
    }
    make_move(r->pos, m);
    r->game->moves[r->game->move_count++] = m;
}

/* Read tokens until the game's result (or the next game's tags, or the end of the file). */
static bool read_game(Reader *r)
{
    bool any = false, at_line_start = true;
    int c;
    while ((c = next_char(r->source)) != EOF) {
        bool line_start = at_line_start;
        at_line_start = c == '\n';
        if (isspace(c)) continue;
        if (c == '%' && line_start) {
            skip_to(r->source, '\n');
            at_line_start = true;
        } else if (c == '[') {
            if (r->movetext) {
                put_back(r->source, c);
                return true;
            }
            read_tag(r);
            any = true;
        } else if (c == '{') {
            skip_to(r->source, '}');
        } else if (c == ';') {
            skip_to(r->source, '\n');
            at_line_start = true;
        } else if (c == '(') {
            skip_variation(r->source);
        } else if (c == '$') {
            while ((c = next_char(r->source)) != EOF && isdigit(c)) {}
            if (c != EOF) put_back(r->source, c);
        } else {
            char token[TOKEN_MAX];
            size_t n = 0;
            do {
                if (n + 1 < sizeof token) token[n++] = (char)c;
            } while ((c = next_char(r->source)) != EOF && !isspace(c) && !strchr("{}();[$", c));
            if (c != EOF) put_back(r->source, c);
            token[n] = '\0';
            any = true;
            begin_movetext(r);
            if (is_result(token)) return true;
            play_token(r, token);
        }
    }
    if (any) begin_movetext(r);
    return any;
}

static PgnStatus read_from(Source *source, PgnGame *game, char *error, size_t error_size)
{
    Position *pos = malloc(sizeof *pos);
    if (!pos) {
        snprintf(error, error_size, "out of memory");
        return PGN_ERROR;
    }
    game->tag_count = 0;
    game->move_count = 0;
    Reader r = {source, game, pos, false, false, error, error_size};
    bool read = read_game(&r);
    free(pos);
    if (!read) return PGN_END;
    return r.failed ? PGN_ERROR : PGN_GAME;
}

PgnStatus pgn_read_game(FILE *file, PgnGame *game, char *error, size_t error_size)
{
    Source source = {file, NULL};
    return read_from(&source, game, error, error_size);
}

PgnStatus pgn_read_game_text(const char **text, PgnGame *game, char *error, size_t error_size)
{
    Source source = {NULL, *text};
    PgnStatus status = read_from(&source, game, error, error_size);
    *text = source.text;
    return status;
}

const char *pgn_tag(const PgnGame *game, const char *name)
{
    for (int i = 0; i < game->tag_count; i++)
        if (strcmp(game->tags[i].name, name) == 0) return game->tags[i].value;
    return NULL;
}
