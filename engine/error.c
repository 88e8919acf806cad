/* error.c - formatting of parser error reasons. */
#include "error.h"

#include <stdio.h>

static void error_format(char *error, size_t size, const char *format, va_list args)
{
    if (error && size) vsnprintf(error, size, format, args);
}

bool error_set(char *error, size_t size, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    error_format(error, size, format, args);
    va_end(args);
    return false;
}

Move error_move(char *error, size_t size, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    error_format(error, size, format, args);
    va_end(args);
    return MOVE_NONE;
}
