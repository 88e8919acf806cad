/* quote.h - input quoted back in a refusal: whole, or cut where a reader sees the cut. */
#ifndef TECH_QUOTE_H
#define TECH_QUOTE_H

#include <stddef.h>

/* What marks a quote that was cut: the reader knows the input went on. */
#define QUOTE_CUT_MARK "..."

/* `text` as a refusal quotes it, into `out` (`size` bytes): whole if it has at most `limit`
 * characters and fits, else its first characters followed by QUOTE_CUT_MARK, within both. NULL
 * quotes as "". Returns out. */
const char *quote_input(const char *text, size_t limit, char *out, size_t size);

#endif
