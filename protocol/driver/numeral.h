/* numeral.h - the shape of a number in the text a GUI or a person sends, checked before it is
 * read: whole numbers ([+-]digits) and plain decimals ([+-]digits[.digits] or [+-].digits). No
 * hexadecimal, exponent, infinity or NaN spelling, no blank, nothing after: such text is not a
 * number, and whatever reads it refuses it whole. */
#ifndef TECH_NUMERAL_H
#define TECH_NUMERAL_H

#include <stdbool.h>

/* Whether `text` (NULL: no) is an optional sign followed by digits only. */
bool numeral_is_whole(const char *text);
/* Read the plain decimal `text` into *out; false (nothing stored) if it is not one. Digits beyond
 * a double's range read as HUGE_VAL (with its sign), for the caller's range check to refuse or
 * saturate. */
bool numeral_read_decimal(const char *text, double *out);

#endif
