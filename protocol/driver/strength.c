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

void strength_profile_features(StrengthProfile profile, SearchFeatures *features)
{
    switch (profile) {
    case STRENGTH_TECH_MODERN: search_features_modern(features); break;
    case STRENGTH_TECH_DEEP: features_deep(features); break;
    case STRENGTH_TECH_1971: search_features_faithful(features); break;
    }
    features->pace_multiple = 0.0; /* the time manager paces the work (timeman.c) */
    features->threads = 1;         /* [C] measured with one thread */
}

void strength_features(int elo, SearchFeatures *features)
{
    StrengthProfile profile;
    double work_ms;
    curve_at(clamp_elo(elo), &profile, &work_ms);
    strength_profile_features(profile, features);
}

const char *strength_profile_label(StrengthProfile profile)
{
    static const char *const names[] = {
        [STRENGTH_TECH_1971] = "TECH-1971", [STRENGTH_TECH_DEEP] = "TECH-deep", [STRENGTH_TECH_MODERN] = "TECH-modern"};
    return names[profile];
}

const char *strength_profile_name(int elo)
{
    StrengthProfile profile;
    double work_ms;
    curve_at(clamp_elo(elo), &profile, &work_ms);
    return strength_profile_label(profile);
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

/* The least work TECH-modern plays with off the table: its first point there, where the table
 * measured that TECH-modern takes over (below it TECH-modern's terms at a shallow depth lose to
 * TECH-deep's search). */
static double modern_least_work_ms(void)
{
    for (int i = 0; i < POINT_COUNT; i++)
        if (POINTS[i].profile == STRENGTH_TECH_MODERN) return POINTS[i].work_ms;
    return POINTS[POINT_COUNT - 1].work_ms;
}

/* [C] Up to this R the control is 10+0.1's or faster: the table's profile, its work as R^k (the
 * time manager's whole milliseconds make R at 10+0.1 itself 1 within a part in a thousand). */
static const double CLOCK_RATIO_TABLE_MAX = 1.001;
/* The most work a move a player may be given, in PDP-10 microseconds: far beyond any clock's
 * time at any speed (the clock's own limits end the search long before). */
static const double PLAYER_WORK_US_MAX = 1e18;

static int64_t whole_work_us(double work_us)
{
    return work_us < 1.0 ? 1 : work_us > PLAYER_WORK_US_MAX ? (int64_t)PLAYER_WORK_US_MAX : (int64_t)llround(work_us);
}

StrengthPlayer strength_player(int elo, double clock_ratio)
{
    StrengthProfile profile;
    double work_ms;
    elo = clamp_elo(elo);
    curve_at(elo, &profile, &work_ms);
    const double doublings = clock_ratio > 0.0 ? log2(clock_ratio) : 0.0;
    const StrengthPlayer grown = {profile,
                                  whole_work_us(work_ms * 1000.0 * exp2(doublings * strength_clock_exponent(elo)))};
    /* TECH-1971's work buys against full-strength engines what the table says (§1c's checks):
     * its settings keep their profile at every clock. */
    if (!(clock_ratio > CLOCK_RATIO_TABLE_MAX) || profile == STRENGTH_TECH_1971) return grown;
    /* TECH-modern's line against full-strength engines (clock_table.h): the Elo they reach at
     * this clock is the setting's plus what they gain from the time. */
    const double wanted_elo = elo + STRENGTH_CLOCK_GAIN * doublings;
    const double line_ms =
        STRENGTH_CLOCK_LINE_WORK_MS * exp2((wanted_elo - STRENGTH_CLOCK_LINE_ELO) / STRENGTH_CLOCK_LINE_SLOPE);
    if (line_ms >= modern_least_work_ms())
        return (StrengthPlayer){STRENGTH_TECH_MODERN, whole_work_us(line_ms * 1000.0)};
    return grown;
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
