/* fen.h - Forsyth-Edwards Notation in and out: strict, total reading; the board diagram with its FEN. */
#ifndef TECH_FEN_H
#define TECH_FEN_H

#include <stddef.h>

#include "board.h"

enum { FEN_MAX = 128, FEN_ERROR_MAX = 128 };

/* Read a six-field FEN into *pos. On success returns true and *pos holds the position with
 * an empty undo stack. On failure returns false, writes the reason to `error` and leaves *pos
 * untouched. Every string either yields a valid position or a reason; none crashes. */
bool fen_read(Position *pos, const char *fen, char *error, size_t error_size);
/* Write the position's FEN into buf (at least FEN_MAX bytes). */
void fen_write(const Position *pos, char *buf, size_t size);
/* Print the board as ASCII art with its FEN and key (for the console's `d`). */
void position_print(const Position *pos, void (*emit_line)(void *ctx, const char *line), void *ctx);

#endif
