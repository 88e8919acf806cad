/* number.c - strict, saturating reading of the numbers in protocol commands. */
#include "number.h"

#include <errno.h>
#include <stdlib.h>

#include "numeral.h"

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

NumberStatus number_read(const char *text, int64_t min, int64_t max, int64_t *out)
{
    if (!numeral_is_whole(text)) return NUMBER_BAD;
    errno = 0;
    /* strtoll saturates at the ends of long long and says so in errno: a saturation too. */
    long long v = strtoll(text, NULL, 10);
    bool overflowed = errno == ERANGE;
    *out = number_clamp((int64_t)v, min, max);
    return overflowed || *out != (int64_t)v ? NUMBER_SATURATED : NUMBER_OK;
}

NumberStatus number_read_ms(const char *text, double unit_ms, int64_t min_ms, int64_t max_ms, int64_t *out)
{
    double v;
    if (!numeral_read_decimal(text, &v)) return NUMBER_BAD;
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

bool number_read_whole_from(const char *text, int64_t least, int64_t max, int64_t *out)
{
    int64_t v;
    if (number_read(text, INT64_MIN, INT64_MAX, &v) == NUMBER_BAD || v < least) return false;
    *out = v > max ? max : v;
    return true;
}

bool number_read_ms_from(const char *text, double unit_ms, bool positive, int64_t max_ms, int64_t *out)
{
    double v;
    if (!numeral_read_decimal(text, &v) || v < 0 || (positive && v == 0)) return false;
    return number_read_ms(text, unit_ms, positive ? 1 : 0, max_ms, out) != NUMBER_BAD;
}
