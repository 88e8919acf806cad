/* numeral.c - whole numbers and plain decimals, strictly (numeral.h). */
#include "numeral.h"

#include <stdlib.h>

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* The end of the digits from p. */
static const char *skip_digits(const char *p)
{
    while (is_digit(*p)) p++;
    return p;
}

bool numeral_is_whole(const char *text)
{
    if (!text) return false;
    const char *p = text + (*text == '+' || *text == '-');
    return is_digit(*p) && *skip_digits(p) == '\0';
}

bool numeral_read_decimal(const char *text, double *out)
{
    if (!text) return false;
    const char *p = text + (*text == '+' || *text == '-');
    const char *integer_end = skip_digits(p);
    bool digits = integer_end > p;
    const char *end = integer_end;
    if (*end == '.') {
        const char *fraction_end = skip_digits(end + 1);
        digits = digits || fraction_end > end + 1;
        end = fraction_end;
    }
    if (!digits || *end != '\0') return false;
    /* The text is a plain decimal now: strtod reads it whole, as its value or +-HUGE_VAL. */
    *out = strtod(text, NULL);
    return true;
}
