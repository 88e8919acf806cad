/* speed.c - the Speed option's scale: multiples of TECH's PDP-10, years by the factor 7 per
 * decade, and the names a GUI shows (docs/SPEC.md §10, Speed). */
#include "speed.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "numeral.h"

/* [C] The choices: the PDP-10, then one per decade of the report's factor 7, then native. The
 * GUI shows a year with its multiple, so that both readings of the scale are in sight. */
static const char *const CHOICES[] = {"PDP-10",       "1981 (x7)",     "1991 (x49)", "2001 (x343)",
                                      "2011 (x2401)", "2021 (x16807)", "native",     NULL};
_Static_assert(sizeof CHOICES / sizeof CHOICES[0] == SPEED_CHOICE_COUNT + 1, "one name per choice, then NULL");

double speed_multiple_of_year(double year)
{
    return pow(SPEED_DECADE_FACTOR, (year - SPEED_BASE_YEAR) / SPEED_DECADE_YEARS);
}

double speed_year_of_multiple(double multiple)
{
    return SPEED_BASE_YEAR + SPEED_DECADE_YEARS * log(multiple) / log(SPEED_DECADE_FACTOR);
}

const char *const *speed_choices(void) { return CHOICES; }

double speed_choice_multiple(int index)
{
    if (index < 0 || index >= SPEED_CHOICE_NATIVE) return 0.0;
    return pow(SPEED_DECADE_FACTOR, index);
}

int speed_choice_of(double multiple)
{
    for (int i = 0; i < SPEED_CHOICE_COUNT; i++)
        if (speed_choice_multiple(i) == multiple) return i;
    return -1;
}

/* The whole of `text` as a finite plain decimal (numeral.h: "x0x10" and "xinf" are no number). */
static bool read_decimal(const char *text, double *out)
{
    double v;
    if (!numeral_read_decimal(text, &v) || !isfinite(v)) return false;
    *out = v;
    return true;
}

bool speed_parse(const char *text, double *multiple)
{
    if (!text) return false;
    for (int i = 0; i < SPEED_CHOICE_COUNT; i++)
        if (strcasecmp(text, CHOICES[i]) == 0) {
            *multiple = speed_choice_multiple(i);
            return true;
        }
    double v, fastest = speed_multiple_of_year(SPEED_YEAR_MAX);
    if ((text[0] == 'x' || text[0] == 'X') && read_decimal(text + 1, &v)) {
        if (v < 1.0 || v > fastest) return false;
        *multiple = v;
        return true;
    }
    if (read_decimal(text, &v) && v >= SPEED_BASE_YEAR && v <= SPEED_YEAR_MAX) {
        *multiple = speed_multiple_of_year(v);
        return true;
    }
    return false;
}
