/* clock.h - monotonic wall-clock time in milliseconds. */
#ifndef TECH_CLOCK_H
#define TECH_CLOCK_H

#include <stdint.h>

/* Microseconds, same clock. */
int64_t clock_now_us(void);

#endif
