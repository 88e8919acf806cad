/* speed.h - the Speed option: how fast TECH thinks, from TECH's own PDP-10 (1971) up to this
 * machine, as a multiple of the PDP-10 or as a year by the report's factor 7 per decade. */
#ifndef TECH_SPEED_H
#define TECH_SPEED_H

#include <stdbool.h>
#include <stddef.h>

/* [P] "This type of program would need about a factor of 7 in computing speed to go each
 * additional ply deeper in the same time. Since this speed increase is not unreasonable for
 * (say) a decade of computer technology ..." The scale starts at the report's year. */
enum { SPEED_BASE_YEAR = 1971, SPEED_DECADE_YEARS = 10, SPEED_DECADE_FACTOR = 7 };
/* [C] The fastest speed the scale names: eight decades on (x5,764,801), far beyond any machine
 * TECH runs on today, so that every year up to it can be asked for and runs at most natively. */
enum { SPEED_YEAR_MAX = SPEED_BASE_YEAR + 8 * SPEED_DECADE_YEARS };

/* The multiple of the PDP-10's speed that a year stands for: 7^((year - 1971) / 10). */
double speed_multiple_of_year(double year);
/* The year a multiple stands for (the inverse). */
double speed_year_of_multiple(double multiple);

/* The named choices a GUI offers, slowest first, NULL-terminated: "PDP-10", "1981 (x7)", ...,
 * "2021 (x16807)", "native" (the last). */
enum { SPEED_CHOICE_COUNT = 7, SPEED_CHOICE_NATIVE = SPEED_CHOICE_COUNT - 1 };
const char *const *speed_choices(void);
/* The multiple (0 = native) of choice `index` of speed_choices(). */
double speed_choice_multiple(int index);
/* The choice that names `multiple` exactly, or -1. */
int speed_choice_of(double multiple);

/* The longest speed text kept (a multiple with its digits, or a year), with its terminator. */
enum { SPEED_TEXT_MAX = 32 };

/* Read a speed: a choice's name, "native", "PDP-10", a multiple "x12.5" (1 up to the multiple of
 * SPEED_YEAR_MAX), or a year "1985" (1971 to SPEED_YEAR_MAX), case-insensitive. *multiple gets
 * the multiple, 0 for native. False, and *multiple untouched, for anything else. */
bool speed_parse(const char *text, double *multiple);

#endif
