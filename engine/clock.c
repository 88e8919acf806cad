/* clock.c - monotonic clock readings. */
#include "clock.h"

#include "platform.h"

int64_t clock_now_us(void) { return platform_monotonic_us(); }
