/* strength.c - from an Elo to TECH with less work a move: interpolation in the measured curve
 * (strength_table.h), the work geometric between two measured points of one profile, and how that
 * work grows with the clock (clock_table.h). */
#include "strength.h"

#include <math.h>

#include "clock_table.h"

static const StrengthPoint POINTS[] = {STRENGTH_POINTS};
enum { POINT_COUNT = (int)(sizeof POINTS / sizeof POINTS[0]) };

static int clamp_elo(int elo)
{
    if (elo < STRENGTH_ELO_MIN) return STRENGTH_ELO_MIN;
    if (elo > STRENGTH_ELO_MAX) return STRENGTH_ELO_MAX;
    return elo;
}

/* The point at or below `elo` and the one above it; the work between them by the share of the
 * Elo step, on a log scale (the curve is about straight in Elo against log work). A step from
 * one profile to the other keeps the lower point: the table puts such steps where the next
 * profile takes over. */
static void curve_at(int elo, StrengthProfile *profile, double *work_ms)
{
    int i = 0;
    while (i + 1 < POINT_COUNT && POINTS[i + 1].elo <= elo) i++;
    const StrengthPoint *low = &POINTS[i];
    *profile = low->profile;
    *work_ms = low->work_ms;
    if (i + 1 >= POINT_COUNT || POINTS[i + 1].profile != low->profile || elo <= low->elo) return;
    const StrengthPoint *high = &POINTS[i + 1];
    double share = (double)(elo - low->elo) / (double)(high->elo - low->elo);
    *work_ms = exp(log(low->work_ms) + share * (log(high->work_ms) - log(low->work_ms)));
}

/* TECH-deep: TECH-modern's search (E1-E9) over TECH-1971's knowledge: no expanded pre-sort,
 * no positional terms or variable piece values in the tree, no endgame knowledge. */
static void features_deep(SearchFeatures *features)
{
    search_features_modern(features);
    features->expanded_positional = false;
    features->tree_positional = false;
    features->piece_values = false;
    features->basic_endgames = false;
}

void strength_features(int elo, SearchFeatures *features)
{
    StrengthProfile profile;
    double work_ms;
    curve_at(clamp_elo(elo), &profile, &work_ms);
    switch (profile) {
    case STRENGTH_TECH_MODERN: search_features_modern(features); break;
    case STRENGTH_TECH_DEEP: features_deep(features); break;
    case STRENGTH_TECH_1971: search_features_faithful(features); break;
    }
    features->pace_multiple = 0.0; /* the time manager paces the work (timeman.c) */
    features->threads = 1;         /* [C] measured with one thread */
}

const char *strength_profile_name(int elo)
{
    static const char *const names[] = {
        [STRENGTH_TECH_1971] = "TECH-1971", [STRENGTH_TECH_DEEP] = "TECH-deep", [STRENGTH_TECH_MODERN] = "TECH-modern"};
    StrengthProfile profile;
    double work_ms;
    curve_at(clamp_elo(elo), &profile, &work_ms);
    return names[profile];
}

int64_t strength_work_us(int elo)
{
    StrengthProfile profile;
    double work_ms;
    curve_at(clamp_elo(elo), &profile, &work_ms);
    return (int64_t)llround(work_ms * 1000.0);
}

double strength_clock_exponent(int elo)
{
    static const double exponents[] = {[STRENGTH_TECH_1971] = STRENGTH_CLOCK_EXPONENT_1971,
                                       [STRENGTH_TECH_DEEP] = STRENGTH_CLOCK_EXPONENT_DEEP,
                                       [STRENGTH_TECH_MODERN] = STRENGTH_CLOCK_EXPONENT_MODERN};
    StrengthProfile profile;
    double work_ms;
    curve_at(clamp_elo(elo), &profile, &work_ms);
    return exponents[profile];
}

/* [R] Berliner (1974), docs/STATISTICS.md §4: at tournament settings depth 5 in the middle game
 * at "about 3 minutes per move": the 1971 program's own work a move, in PDP-10 ms. */
static const double WORK_1971_TOURNAMENT_MOVE_MS = 180000.0;

int strength_elo_1971(void)
{
    const double work = WORK_1971_TOURNAMENT_MOVE_MS;
    for (int i = 0; i + 1 < POINT_COUNT; i++) {
        const StrengthPoint *low = &POINTS[i], *high = &POINTS[i + 1];
        if (low->profile != STRENGTH_TECH_1971 || high->profile != STRENGTH_TECH_1971) continue;
        if (work < low->work_ms || work > high->work_ms) continue;
        double share = (log(work) - log(low->work_ms)) / (log(high->work_ms) - log(low->work_ms));
        return (int)lround(low->elo + share * (high->elo - low->elo));
    }
    return STRENGTH_ELO_MIN;
}
