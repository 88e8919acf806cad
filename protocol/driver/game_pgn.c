/* game_pgn.c - a PGN writer for the game record: tags, then the movetext built token by token and
 * broken into lines before the export format's 80th column. */
#include "game_pgn.h"

#include <string.h>

#include "fen.h"

/* [C] PGN's export format keeps movetext lines within 79 characters. */
enum { PGN_LINE_MAX = 79 };

/* A tag pair, its value's quotes and backslashes escaped and anything unprintable as '?'. */
static void write_tag(FILE *out, const char *name, const char *value)
{
    fprintf(out, "[%s \"", name);
    for (const char *p = value ? value : "?"; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '"' || c == '\\') fputc('\\', out);
        fputc(c >= ' ' && c < 127 ? c : '?', out);
    }
    fputs("\"]\n", out);
}

/* The movetext as it is written: the line under way. */
typedef struct {
    FILE *out;
    int column;  /* characters on the current line */
    bool opened; /* a move has been written; the next one opens after a comment */
    const PgnHeader *header;
    int comments_written;
} Movetext;

/* Write one token, on a new line if it would pass the line's end. */
static void write_token(Movetext *text, const char *token)
{
    int length = (int)strlen(token);
    if (text->column > 0 && text->column + 1 + length > PGN_LINE_MAX) {
        fputc('\n', text->out);
        text->column = 0;
    }
    if (text->column > 0) {
        fputc(' ', text->out);
        text->column++;
    }
    fputs(token, text->out);
    text->column += length;
}

static void write_comment(Movetext *text, const char *comment);

/* The header's comments that come before the move at `ply`. */
static void write_comments_before(Movetext *text, int ply)
{
    const PgnHeader *header = text->header;
    for (; text->comments_written < header->comment_count && header->comments[text->comments_written].ply <= ply;
         text->comments_written++) {
        write_comment(text, header->comments[text->comments_written].text);
        text->opened = false; /* a Black move after a comment takes its number again ("3...") */
    }
}

static void write_move(void *context, const GameMove *move)
{
    Movetext *text = context;
    write_comments_before(text, move->ply);
    char label[GAME_SAN_MAX + 16];
    game_move_label(move, !text->opened, label, sizeof label);
    text->opened = true;
    write_token(text, label);
}

/* A comment token "{...}"; a closing brace inside it, which would end it early, is written ')'. */
static void write_comment(Movetext *text, const char *comment)
{
    char token[160];
    size_t n = 0;
    token[n++] = '{';
    for (const char *p = comment; *p && n + 2 < sizeof token; p++) token[n++] = *p == '}' ? ')' : *p;
    token[n++] = '}';
    token[n] = '\0';
    write_token(text, token);
}

bool game_write_pgn(const Game *game, const PgnHeader *header, FILE *out)
{
    write_tag(out, "Event", header->event);
    write_tag(out, "Site", header->site);
    write_tag(out, "Date", header->date);
    write_tag(out, "Round", header->round);
    write_tag(out, "White", header->white);
    write_tag(out, "Black", header->black);
    write_tag(out, "Result", header->result);
    if (header->white_elo) write_tag(out, "WhiteElo", header->white_elo);
    if (header->black_elo) write_tag(out, "BlackElo", header->black_elo);
    char fen[FEN_MAX];
    fen_write(&game->start, fen, sizeof fen);
    /* A Chess960 game says so (as XBoard and cutechess write it), with its start position. */
    if (game->chess960) write_tag(out, "Variant", "fischerandom");
    if (strcmp(fen, START_FEN) != 0 || game->chess960) {
        write_tag(out, "SetUp", "1");
        write_tag(out, "FEN", fen);
    }
    fputc('\n', out);
    Movetext text = {out, 0, false, header, 0};
    if (!game_visit_moves(game, 0, write_move, &text)) return false;
    write_comments_before(&text, game->move_count);
    if (header->ending) write_comment(&text, header->ending);
    write_token(&text, header->result);
    fputs("\n\n", out);
    return !ferror(out);
}
