/* number.h - the numbers a GUI sends (clock times, depths, node counts, ping ids): read
 * strictly, saturated into the range the engine can compute with. */
#ifndef TECH_NUMBER_H
#define TECH_NUMBER_H

#include <stdbool.h>
#include <stdint.h>

#include "timeman.h" /* GUI_TIME_MS_MAX: the clock numbers are read within the time manager's bound */

typedef enum {
    NUMBER_OK,        /* a whole number inside the range */
    NUMBER_SATURATED, /* a whole number outside it: the nearest end of the range was taken */
    NUMBER_BAD        /* not a whole number (empty, letters, trailing junk): nothing stored */
} NumberStatus;

/* Read the decimal integer `text` (an optional sign, then digits only) into *out, saturated to
 * [min, max]. Digits beyond 64 bits saturate too. NULL text is NUMBER_BAD. */
NumberStatus number_read(const char *text, int64_t min, int64_t max, int64_t *out);
/* Read a plain decimal number of `unit`s (fractions allowed, e.g. CECP's "0.5" seconds;
 * numeral.h's form: no hexadecimal, exponent, infinity or NaN) as whole milliseconds, saturated
 * to [min_ms, max_ms]. */
NumberStatus number_read_ms(const char *text, double unit_ms, int64_t min_ms, int64_t max_ms, int64_t *out);
/* A command's number that has a least value (CECP's `st`, `sd`, `level`, `memory`, ...): false,
 * nothing stored, for a malformed number or one below `least` (`st -1` is no time per move, not
 * 1 ms); one above `max` saturates there. A whole number: */
bool number_read_whole_from(const char *text, int64_t least, int64_t max, int64_t *out);
/* ... and a plain decimal of `unit`s as whole milliseconds, at least 0 (`positive`: more than 0,
 * then at least 1 ms). */
bool number_read_ms_from(const char *text, double unit_ms, bool positive, int64_t max_ms, int64_t *out);
/* v limited to [min, max]. */
int64_t number_clamp(int64_t v, int64_t min, int64_t max);
/* a + b, saturated to the int64_t range. */
int64_t number_add(int64_t a, int64_t b);

#endif
