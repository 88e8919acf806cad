/* error.h - the reason text that parsers (FEN, moves, EPD) give back to their callers. */
#ifndef TECH_ERROR_H
#define TECH_ERROR_H

#include <stdarg.h>
#include <stddef.h>

#include "types.h"

/* Format a reason into error[size] (nothing if error is NULL) and return false. */
bool error_set(char *error, size_t size, const char *format, ...) __attribute__((format(printf, 3, 4)));
/* The same, returning MOVE_NONE for the move parsers. */
Move error_move(char *error, size_t size, const char *format, ...) __attribute__((format(printf, 3, 4)));

#endif
