/* number.c - strict, saturating reading of the numbers in protocol commands. */
#include "number.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>

int64_t number_clamp(int64_t v, int64_t min, int64_t max)
{
    if (v < min) return min;
    if (v > max) return max;
    return v;
}

int64_t number_add(int64_t a, int64_t b)
{
    if (b > 0 && a > INT64_MAX - b) return INT64_MAX;
    if (b < 0 && a < INT64_MIN - b) return INT64_MIN;
    return a + b;
}

/* An optional sign followed by at least one digit and nothing else. */
static bool is_whole_number(const char *text)
{
    const char *p = text;
    if (*p == '+' || *p == '-') p++;
    if (!isdigit((unsigned char)*p)) return false;
    while (isdigit((unsigned char)*p)) p++;
    return *p == '\0';
}

NumberStatus number_read(const char *text, int64_t min, int64_t max, int64_t *out)
{
    if (!text || !is_whole_number(text)) return NUMBER_BAD;
    errno = 0;
    /* strtoll saturates at the ends of long long and says so in errno: a saturation too. */
    long long v = strtoll(text, NULL, 10);
    bool overflowed = errno == ERANGE;
    *out = number_clamp((int64_t)v, min, max);
    return overflowed || *out != (int64_t)v ? NUMBER_SATURATED : NUMBER_OK;
}

NumberStatus number_read_ms(const char *text, double unit_ms, int64_t min_ms, int64_t max_ms, int64_t *out)
{
    if (!text || !*text || isspace((unsigned char)*text)) return NUMBER_BAD;
    char *end;
    double v = strtod(text, &end);
    if (end == text || *end || isnan(v)) return NUMBER_BAD;
    double ms = v * unit_ms;
    /* Compare as doubles before converting: a double beyond int64_t has no defined conversion. */
    if (ms <= (double)min_ms) {
        *out = min_ms;
        return ms < (double)min_ms ? NUMBER_SATURATED : NUMBER_OK;
    }
    if (ms >= (double)max_ms) {
        *out = max_ms;
        return ms > (double)max_ms ? NUMBER_SATURATED : NUMBER_OK;
    }
    *out = (int64_t)(ms + 0.5);
    return NUMBER_OK;
}
