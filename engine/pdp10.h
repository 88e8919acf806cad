/* pdp10.h - TECH on a PDP-10 clock: the time the 1971 program would have needed for the work a
 * search did, from the search's own operation counts and the report's figures (TECH.md §9). */
#ifndef TECH_PDP10_H
#define TECH_PDP10_H

#include <stdint.h>

#include "stats.h"

/* Virtual PDP-10 microseconds for the operations counted in `stats`. */
int64_t pdp10_us(const SearchStats *stats);

#endif
