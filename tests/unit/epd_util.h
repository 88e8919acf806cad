/* epd_util.h - shared helpers of the unit tests: the perft.epd suite, move loops, reasons. */
#ifndef TECH_EPD_UTIL_H
#define TECH_EPD_UTIL_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "fen.h"
#include "movegen.h"

enum {
    EPD_DEPTH_MAX = 16,   /* more plies than any perft line lists */
    EPD_ENTRY_MAX = 1024, /* more lines than the suite holds */
    EPD_FEN_MAX = 256     /* room for a FEN with extra spaces */
};

/* One position of tests/perft.epd: its FEN and the node count at each listed depth. */
typedef struct {
    int line; /* line number in the file, for reports */
    char fen[EPD_FEN_MAX];
    int depth_count;
    int depth[EPD_DEPTH_MAX];
    uint64_t nodes[EPD_DEPTH_MAX];
} EpdEntry;

typedef struct {
    int count;
    EpdEntry entries[EPD_ENTRY_MAX];
} EpdSuite;

/* The perft suites: tests/perft.epd (standard chess) and tests/perft960.epd (Chess960). */
typedef enum { EPD_SUITE_STANDARD, EPD_SUITE_CHESS960, EPD_SUITE_NB } EpdSuiteName;

/* The parsed suite from test_data_dir(), read once. A missing file or a malformed line is
 * reported as a failed check; the entries that did parse are still returned. */
const EpdSuite *epd_suite_of(EpdSuiteName which);
/* epd_suite_of(EPD_SUITE_STANDARD). */
const EpdSuite *epd_suite(void);

/* Visitor of one suite position: pos holds the position set up from entry->fen. */
typedef void (*EpdVisit)(Position *pos, const EpdEntry *entry, void *ctx);
/* Set up every position of a suite in turn and visit it; returns how many were visited
 * (a FEN that does not load is reported and skipped). */
int epd_for_each_position_of(EpdSuiteName which, EpdVisit visit, void *ctx);
/* The same for the standard suite. */
int epd_for_each_position(EpdVisit visit, void *ctx);

/* Visitor of one legal move of pos (pos must be as it was when the visitor returns). */
typedef void (*MoveVisit)(Position *pos, Move m, void *ctx);
/* Visit every strictly legal move of pos in generation order; returns how many. */
int for_each_legal_move(Position *pos, MoveVisit visit, void *ctx);

/* Read a FEN that the test expects to be good; reports the reason if it is not. */
bool setup_fen(Position *pos, const char *fen);
/* Copy the next blank-separated word of `text` into `word`; returns the text after it, or
 * NULL when no word is left (a word longer than `size` is cut short). */
const char *next_word(const char *text, char *word, size_t size);
/* The move of `list` whose coordinate text is `uci`, or MOVE_NONE. */
Move move_list_find(const MoveList *list, const char *uci);
/* The legal move whose coordinate text is `uci`, or MOVE_NONE (reported) if there is none. */
Move find_uci_move(Position *pos, const char *uci);
/* Make each move of a space-separated list of coordinate moves; stops (false, reported) at
 * the first that is not legal. */
bool play_moves(Position *pos, const char *uci_list);

/* Check that a call failed with a reason containing `expected`; `what` names the input.
 * `failed` is the call's failure flag. Returns true if both hold. */
bool expect_reason(const char *what, bool failed, const char *reason, const char *expected);

/* The name of the first field in which two positions differ (undo stack: its used part
 * and length), or NULL if they are identical. */
const char *position_difference(const Position *a, const Position *b);

#endif
