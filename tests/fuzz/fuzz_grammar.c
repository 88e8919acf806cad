/* fuzz_grammar.c - output grammars as POSIX extended regular expressions, plus the rules a
 * regular expression cannot say well (printable text only, "llegal" only in move rejections,
 * the fields of an `info` line). */
#include "fuzz_grammar.h"

#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_support.h"

#define MOVE "[a-h][1-8][a-h][1-8][nbrq]?"
/* CECP also writes castling O-O / O-O-O in fischerandom (docs/PROTOCOLS.md §3.6). */
#define CECP_MOVE "(" MOVE "|O-O|O-O-O)"
#define INT "-?[0-9]+"
#define TEXT "[ -~]*"

static const char *const uci_patterns[] = {
    "^id (name|author) " TEXT "$",
    "^option name " TEXT " type (check|spin|combo|button|string)( " TEXT ")?$",
    "^(uciok|readyok)$",
    "^bestmove (" MOVE "|0000)( ponder " MOVE ")?$",
    "^info string " TEXT "$",
    /* perft and divide, as Stockfish prints them */
    "^" MOVE ": [0-9]+$",
    "^$",
    "^Nodes searched: [0-9]+$",
    "^Time: [0-9]+\\.[0-9]{3} s, [0-9]+ nodes/second$",
    "^Perft stopped after [0-9]+ of [0-9]+ root moves \\([0-9]+ nodes counted, [0-9]+ of them in the moves "
    "completed\\)$",
    NULL,
};

static const char *const cecp_patterns[] = {
    "^feature " TEXT "$",
    "^pong " INT "$",
    "^move " CECP_MOVE "$",
    "^Illegal move( \\(" TEXT "\\))?: " TEXT "$",
    "^Error \\(" TEXT "\\): " TEXT "$",
    "^telluser(error)? " TEXT "$",
    "^# " TEXT "$",
    "^Hint: " CECP_MOVE "$",
    "^offer draw$",
    "^(1-0|0-1|1/2-1/2) \\{[ -|~]*\\}$",
    /* thinking: ply score centiseconds nodes pv */
    "^[0-9]+ " INT " [0-9]+ [0-9]+( " CECP_MOVE ")*$",
    "^stat01: [0-9]+ [0-9]+ [0-9]+ [0-9]+ [0-9]+( " CECP_MOVE ")?$",
    /* `bk`: the book window's text, each line after a blank, then an empty line */
    "^[ \t]" TEXT "$",
    "^$",
    NULL,
};

typedef struct {
    regex_t *compiled;
    int count;
} Grammar;

static Grammar compile(const char *const *patterns)
{
    Grammar g = {NULL, 0};
    while (patterns[g.count]) g.count++;
    g.compiled = calloc((size_t)g.count, sizeof *g.compiled);
    if (!g.compiled) abort();
    for (int i = 0; i < g.count; i++)
        if (regcomp(&g.compiled[i], patterns[i], REG_EXTENDED | REG_NOSUB) != 0)
            fuzz_fail("bad pattern %s", patterns[i]);
    return g;
}

static bool matches(const Grammar *g, const char *line)
{
    for (int i = 0; i < g->count; i++)
        if (regexec(&g->compiled[i], line, 0, NULL, 0) == 0) return true;
    return false;
}

static bool is_number(const char *word)
{
    if (*word == '-') word++;
    if (!*word) return false;
    for (; *word; word++)
        if (*word < '0' || *word > '9') return false;
    return true;
}

static bool is_move(const char *word)
{
    static regex_t move;
    static bool ready;
    if (!ready) {
        if (regcomp(&move, "^" MOVE "$", REG_EXTENDED | REG_NOSUB) != 0) abort();
        ready = true;
    }
    return regexec(&move, word, 0, NULL, 0) == 0;
}

/* `info` fields (docs/PROTOCOLS.md §2.3): each keyword with its value; `pv` ends the line with moves. */
static bool info_fields_ok(const char *line)
{
    static const char *const numeric[] = {"depth",    "seldepth",       "nodes",   "nps", "time",
                                          "hashfull", "currmovenumber", "multipv", NULL};
    char copy[4096];
    if (strlen(line) >= sizeof copy) return false;
    strcpy(copy, line);
    char *save, *word = strtok_r(copy, " ", &save);
    bool any = false;
    while ((word = strtok_r(NULL, " ", &save))) {
        any = true;
        bool known = false;
        for (int i = 0; numeric[i]; i++)
            if (!strcmp(word, numeric[i])) {
                char *value = strtok_r(NULL, " ", &save);
                if (!value || !is_number(value)) return false;
                if (!strcmp(word, "hashfull") && (atoi(value) < 0 || atoi(value) > 1000)) return false;
                known = true;
            }
        if (known) continue;
        if (!strcmp(word, "score")) {
            char *kind = strtok_r(NULL, " ", &save), *value = strtok_r(NULL, " ", &save);
            if (!kind || !value || (strcmp(kind, "cp") && strcmp(kind, "mate")) || !is_number(value)) return false;
        } else if (!strcmp(word, "currmove")) {
            char *value = strtok_r(NULL, " ", &save);
            if (!value || !is_move(value)) return false;
        } else if (!strcmp(word, "lowerbound") || !strcmp(word, "upperbound")) {
            /* a flag of the score */
        } else if (!strcmp(word, "pv")) {
            while ((word = strtok_r(NULL, " ", &save)))
                if (!is_move(word)) return false;
            return true;
        } else {
            return false;
        }
    }
    return any;
}

bool grammar_uci_line(const char *line)
{
    static Grammar g;
    if (!g.compiled) g = compile(uci_patterns);
    if (!strncmp(line, "info ", 5) && strncmp(line, "info string ", 12) != 0) return info_fields_ok(line);
    return matches(&g, line);
}

bool grammar_cecp_line(const char *line)
{
    static Grammar g;
    if (!g.compiled) g = compile(cecp_patterns);
    /* xboard reads an Error that says "llegal" as a move rejection. */
    if (!strncmp(line, "Error", 5) && strstr(line, "llegal")) return false;
    return matches(&g, line);
}
