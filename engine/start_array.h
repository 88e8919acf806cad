/* start_array.h - a game's start array: the men of the first ranks as the game began, the
 * standard one or any of Chess960's 960, numbered as Chess960 numbers them (518 the standard),
 * and the home squares the positional terms read from it (docs/SPEC.md §5, §10). */
#ifndef TECH_START_ARRAY_H
#define TECH_START_ARRAY_H

#include <stddef.h>

#include "types.h"

enum { START_ARRAY_COUNT = 960, START_ARRAY_STANDARD = 518, START_ARRAY_MINORS = 4 };

/* White's first rank at the start (Black's first rank holds the same men on the same files). */
typedef struct {
    int8_t rank[8];                           /* piece types, a to h */
    uint8_t minor_file[START_ARRAY_MINORS];   /* the files of the knights and bishops, a to h */
    PieceType minor_type[START_ARRAY_MINORS]; /* ... and which they are */
    uint8_t queen_file;
} StartArray;

/* The standard array, R N B Q K B N R. */
void start_array_standard(StartArray *array);
/* Chess960 array `number` (0 .. 959; the scheme's bishops, queen, knights, then R K R): false
 * for a number out of range. */
bool start_array_from_number(int number, StartArray *array);
/* The number of a Chess960 array, or -1 for first-rank men that are not one. */
int start_array_number(const int8_t rank[8]);
/* The start array a mailbox board shows: a side's first rank holding the eight pieces of a Chess960
 * array (White's looked at first); false (and the array untouched) when neither does. */
bool start_array_of_board(const int8_t board[BOARD_SIZE], StartArray *array);
/* The FEN of the start position of `array`, White to move, castling rights in X-FEN ("KQkq"). */
void start_array_fen(const StartArray *array, char *buf, size_t size);
/* The square of colour c's home on `file` (its first rank). */
static inline Square start_array_home(Color c, int file) { return square_make(file, c == WHITE ? 0 : 7); }

#endif
