/* clock.c - monotonic clock readings. */
#include "clock.h"

#include <time.h>

int64_t clock_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t clock_now_ms(void) { return clock_now_us() / 1000; }
