/* strength.c - from an Elo to TECH on a slower machine: interpolation in the measured curve
 * (strength_table.h), the speed geometric between two measured speeds of one profile. */
#include "strength.h"

#include <math.h>

static const StrengthPoint POINTS[] = {STRENGTH_POINTS};
enum { POINT_COUNT = (int)(sizeof POINTS / sizeof POINTS[0]) };
static const double NATIVE_MULTIPLES[] = STRENGTH_NATIVE_MULTIPLES;

/* The multiple a point stands for; native is the speed its profile had on the machine measured. */
static double point_multiple(const StrengthPoint *p)
{
    return p->multiple > 0 ? p->multiple : NATIVE_MULTIPLES[p->profile];
}

/* The point at or below `elo` and the one above it; the speed between them by the share of the
 * Elo step, on a log scale (the curve is about straight in Elo against log speed). A step from
 * one profile to the other keeps the lower point: the table puts such steps where the next
 * profile takes over. */
static void curve_at(int elo, StrengthProfile *profile, double *multiple)
{
    int i = 0;
    while (i + 1 < POINT_COUNT && POINTS[i + 1].elo <= elo) i++;
    const StrengthPoint *low = &POINTS[i];
    *profile = low->profile;
    *multiple = low->multiple;
    if (i + 1 >= POINT_COUNT || POINTS[i + 1].profile != low->profile || elo <= low->elo) return;
    const StrengthPoint *high = &POINTS[i + 1];
    double share = (double)(elo - low->elo) / (double)(high->elo - low->elo);
    double log_low = log(point_multiple(low)), log_high = log(point_multiple(high));
    double m = exp(log_low + share * (log_high - log_low));
    *multiple = m >= NATIVE_MULTIPLES[low->profile] ? 0.0 : m;
}

void strength_features(int elo, SearchFeatures *features)
{
    if (elo < STRENGTH_ELO_MIN) elo = STRENGTH_ELO_MIN;
    if (elo > STRENGTH_ELO_MAX) elo = STRENGTH_ELO_MAX;
    StrengthProfile profile;
    double multiple;
    curve_at(elo, &profile, &multiple);
    if (profile == STRENGTH_TECH_MODERN) search_features_modern(features);
    else search_features_faithful(features);
    features->pace_multiple = multiple;
    features->threads = 1; /* [C] measured with one thread */
}
