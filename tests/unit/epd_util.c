/* epd_util.c - reads tests/perft.epd and tests/perft960.epd once each and provides the loops and
 * checks the tests share. */
#include "epd_util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "makemove.h"
#include "notation.h"
#include "rules.h"
#include "test.h"

enum { LINE_MAX_CHARS = 1024 };

/* The suites' files in test_data_dir(), by EpdSuiteName. */
static const char *const SUITE_FILES[EPD_SUITE_NB] = {"perft.epd", "perft960.epd"};
static EpdSuite suites[EPD_SUITE_NB];
static bool suites_loaded[EPD_SUITE_NB];

static char *trim(char *text)
{
    while (isspace((unsigned char)*text)) text++;
    size_t len = strlen(text);
    while (len && isspace((unsigned char)text[len - 1])) text[--len] = '\0';
    return text;
}

/* Parse one ";Dn count" operation into the entry; false if it is malformed. */
static bool parse_depth(EpdEntry *entry, char *op)
{
    if (op[0] != 'D' || entry->depth_count >= EPD_DEPTH_MAX) return false;
    char *end;
    errno = 0;
    long depth = strtol(op + 1, &end, 10);
    if (errno || end == op + 1 || depth < 1 || !isspace((unsigned char)*end)) return false;
    char *number = end;
    while (isspace((unsigned char)*number)) number++;
    if (!isdigit((unsigned char)*number)) return false;
    unsigned long long nodes = strtoull(number, &end, 10);
    if (errno || *trim(end) != '\0') return false;
    entry->depth[entry->depth_count] = (int)depth;
    entry->nodes[entry->depth_count] = (uint64_t)nodes;
    entry->depth_count++;
    return true;
}

/* Parse "<FEN> ;D1 n ;D2 n ..." (the line is modified); false if malformed. */
static bool parse_line(EpdEntry *entry, char *line)
{
    char *op = strchr(line, ';');
    if (!op) return false;
    *op++ = '\0';
    const char *fen = trim(line);
    if (!*fen || strlen(fen) >= sizeof entry->fen) return false;
    strcpy(entry->fen, fen);
    entry->depth_count = 0;
    while (op) {
        char *next = strchr(op, ';');
        if (next) *next++ = '\0';
        if (!parse_depth(entry, trim(op))) return false;
        op = next;
    }
    return entry->depth_count > 0;
}

const EpdSuite *epd_suite(void) { return epd_suite_of(EPD_SUITE_STANDARD); }

const EpdSuite *epd_suite_of(EpdSuiteName which)
{
    EpdSuite *suite = &suites[which];
    if (suites_loaded[which]) return suite;
    suites_loaded[which] = true;
    char path[512];
    snprintf(path, sizeof path, "%s/%s", test_data_dir(), SUITE_FILES[which]);
    FILE *file = fopen(path, "r");
    if (!file) {
        FAIL("cannot open %s", path);
        return suite;
    }
    char line[LINE_MAX_CHARS];
    int number = 0;
    while (fgets(line, sizeof line, file)) {
        number++;
        char *text = trim(line);
        if (*text == '\0' || *text == '#') continue;
        if (suite->count >= EPD_ENTRY_MAX) {
            FAIL("%s: more than %d positions", path, EPD_ENTRY_MAX);
            break;
        }
        EpdEntry *entry = &suite->entries[suite->count];
        entry->line = number;
        if (parse_line(entry, text)) suite->count++;
        else FAIL("%s:%d: malformed line", path, number);
    }
    fclose(file);
    if (suite->count == 0) FAIL("%s: no positions", path);
    return suite;
}

bool setup_fen(Position *pos, const char *fen)
{
    char error[FEN_ERROR_MAX];
    if (fen_read(pos, fen, error, sizeof error)) return true;
    FAIL("FEN rejected: \"%s\": %s", fen, error);
    return false;
}

int epd_for_each_position(EpdVisit visit, void *ctx)
{
    return epd_for_each_position_of(EPD_SUITE_STANDARD, visit, ctx);
}

int epd_for_each_position_of(EpdSuiteName which, EpdVisit visit, void *ctx)
{
    static Position pos; /* ~40 KB: kept off the stack */
    const EpdSuite *s = epd_suite_of(which);
    int visited = 0;
    for (int i = 0; i < s->count; i++) {
        const EpdEntry *entry = &s->entries[i];
        if (!setup_fen(&pos, entry->fen)) continue;
        visit(&pos, entry, ctx);
        visited++;
    }
    return visited;
}

int for_each_legal_move(Position *pos, MoveVisit visit, void *ctx)
{
    MoveList legal;
    generate_legal(pos, &legal);
    for (int i = 0; i < legal.count; i++) visit(pos, legal.moves[i], ctx);
    return legal.count;
}

const char *next_word(const char *text, char *word, size_t size)
{
    text += strspn(text, " ");
    if (!*text) return NULL;
    size_t len = strcspn(text, " ");
    size_t kept = len < size ? len : size - 1;
    memcpy(word, text, kept);
    word[kept] = '\0';
    return text + len;
}

Move move_list_find(const MoveList *list, const char *uci)
{
    char text[MOVE_TEXT_MAX];
    for (int i = 0; i < list->count; i++) {
        move_to_uci(list->moves[i], false, text);
        if (strcmp(text, uci) == 0) return list->moves[i];
    }
    return MOVE_NONE;
}

Move find_uci_move(Position *pos, const char *uci)
{
    MoveList legal;
    generate_legal(pos, &legal);
    Move m = move_list_find(&legal, uci);
    if (m != MOVE_NONE) return m;
    char fen[FEN_MAX];
    fen_write(pos, fen, sizeof fen);
    FAIL("%s: no legal move %s", fen, uci);
    return MOVE_NONE;
}

bool play_moves(Position *pos, const char *uci_list)
{
    char text[MOVE_TEXT_MAX];
    for (const char *p = next_word(uci_list, text, sizeof text); p; p = next_word(p, text, sizeof text)) {
        Move m = find_uci_move(pos, text);
        if (m == MOVE_NONE) return false;
        make_move(pos, m);
    }
    return true;
}

bool expect_reason(const char *what, bool failed, const char *reason, const char *expected)
{
    if (!failed) {
        FAIL("%s: accepted, expected a failure with \"%s\"", what, expected);
        return false;
    }
    if (!strstr(reason, expected)) {
        FAIL("%s: reason \"%s\" lacks \"%s\"", what, reason, expected);
        return false;
    }
    return true;
}

/* The list slots are compared only where make_move() fills them in. */
static bool same_undo(const Undo *a, const Undo *b)
{
    return a->move == b->move && a->key == b->key && a->en_passant == b->en_passant && a->castling == b->castling
           && a->halfmove == b->halfmove && (!move_is_capture(a->move) || a->captured_slot == b->captured_slot)
           && (!move_is_promotion(a->move) || a->promoted_slot == b->promoted_slot);
}

/* Piece lists and square indexes compared on their used part only: a slot past the list's
 * end and the index of an empty square are scratch values. */
static const char *lists_difference(const Position *a, const Position *b)
{
    for (Color c = BLACK; c <= WHITE; c++)
        for (PieceType t = PAWN; t <= KING; t++) {
            if (a->count[c][t] != b->count[c][t]) return "count";
            if (memcmp(a->men[c][t], b->men[c][t], a->count[c][t])) return "piece list";
        }
    for (Square sq = 0; sq < BOARD_SIZE; sq++) {
        Piece p = a->board[sq];
        if (p != EMPTY && p != OFFBOARD && a->index[sq] != b->index[sq]) return "index";
    }
    return NULL;
}

const char *position_difference(const Position *a, const Position *b)
{
    if (memcmp(a->board, b->board, sizeof a->board)) return "board";
    if (a->side != b->side) return "side";
    if (a->castling != b->castling) return "castling";
    if (a->en_passant != b->en_passant) return "en_passant";
    if (a->halfmove != b->halfmove) return "halfmove";
    if (a->fullmove != b->fullmove) return "fullmove";
    if (a->key != b->key) return "key";
    if (memcmp(a->material, b->material, sizeof a->material)) return "material";
    if (memcmp(a->count, b->count, sizeof a->count)) return "count";
    const char *lists = lists_difference(a, b);
    if (lists) return lists;
    if (a->undo_len != b->undo_len) return "undo_len";
    for (int i = 0; i < a->undo_len; i++)
        if (!same_undo(&a->undo[i], &b->undo[i])) return "undo";
    return NULL;
}
