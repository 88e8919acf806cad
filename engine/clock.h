/* clock.h - monotonic wall-clock time in milliseconds. */
#ifndef TECH_CLOCK_H
#define TECH_CLOCK_H

#include <stdint.h>

/* Milliseconds from an arbitrary fixed point (a clock that never goes back: platform.h). */
int64_t clock_now_ms(void);
/* Microseconds, same clock. */
int64_t clock_now_us(void);

#endif
