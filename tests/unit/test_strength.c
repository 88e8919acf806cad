/* test_strength.c - the Speed scale (speed.c) and UCI_Elo's curve (strength.c): years and
 * multiples, what the option reads, and an Elo that only ever buys more speed. */
#include <math.h>
#include <string.h>

#include "cases.h"
#include "speed.h"
#include "strength.h"
#include "test.h"

TEST_CASE(speed_years_are_the_reports_factor_7_a_decade)
{
    CHECK(fabs(speed_multiple_of_year(1971) - 1.0) < 1e-9);
    CHECK(fabs(speed_multiple_of_year(1991) - 49.0) < 1e-9);
    CHECK(fabs(speed_year_of_multiple(343.0) - 2001.0) < 1e-9);
    const char *const *choices = speed_choices();
    for (int i = 0; i < SPEED_CHOICE_COUNT; i++) {
        double multiple = -1;
        CHECK(speed_parse(choices[i], &multiple));
        CHECK(multiple == speed_choice_multiple(i));
        CHECK(speed_choice_of(multiple) == i);
    }
    CHECK(speed_choice_multiple(SPEED_CHOICE_NATIVE) == 0.0);
}

TEST_CASE(speed_reads_multiples_and_years_and_nothing_else)
{
    double m = 0;
    CHECK(speed_parse("x12.5", &m) && m == 12.5);
    CHECK(speed_parse("X1", &m) && m == 1.0);
    CHECK(speed_parse("pdp-10", &m) && m == 1.0);
    CHECK(speed_parse("NATIVE", &m) && m == 0.0);
    CHECK(speed_parse("1981", &m) && fabs(m - 7.0) < 1e-9);
    CHECK(speed_parse("2051", &m) && fabs(m - 5764801.0) < 1e-3);
    m = 42;
    const char *bad[] = {"",     "x",    "x0.5", "x-3",   "xabc",  "x12abc", "x1e999",
                         "xnan", "1970", "2052", " 1981", "1981 ", "fast",   "19810"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (speed_parse(bad[i], &m)) FAIL("speed_parse accepted '%s'", bad[i]);
    CHECK(m == 42);
    CHECK(!speed_parse(NULL, &m));
}

TEST_CASE(strength_elo_buys_work_profile_by_profile)
{
    /* The bottom of the range is TECH-1971 with the least work, the top TECH-modern at its
     * strongest point; between them the profiles come in the curve's order (TECH-1971,
     * TECH-deep, TECH-modern) and none comes back once the next has taken over; within a profile
     * the work never falls as the Elo rises. Every setting runs on one thread at native speed
     * (the time manager paces the work), and a setting outside the range is the range's end. */
    static const char *const order[] = {"TECH-1971", "TECH-deep", "TECH-modern"};
    SearchFeatures f;
    strength_features(STRENGTH_ELO_MIN, &f);
    CHECK(!f.iterative_deepening && f.pace_multiple == 0.0 && f.threads == 1);
    CHECK(strcmp(strength_profile_name(STRENGTH_ELO_MIN), "TECH-1971") == 0);
    CHECK(strcmp(strength_profile_name(STRENGTH_ELO_MAX), "TECH-modern") == 0);
    CHECK(strength_work_us(STRENGTH_ELO_MIN - 500) == strength_work_us(STRENGTH_ELO_MIN));
    CHECK(strength_work_us(STRENGTH_ELO_MAX + 500) == strength_work_us(STRENGTH_ELO_MAX));
    CHECK(strength_work_us(STRENGTH_ELO_MIN) > 0);
    int stage = 0;
    int64_t last = 0;
    for (int elo = STRENGTH_ELO_MIN; elo <= STRENGTH_ELO_MAX; elo++) {
        const char *name = strength_profile_name(elo);
        int now = stage;
        while (now < 3 && strcmp(name, order[now]) != 0) now++;
        if (now == 3) FAIL("UCI_Elo %d: %s after %s", elo, name, order[stage]);
        if (now != stage) last = 0; /* a new profile starts its own climb */
        stage = now;
        strength_features(elo, &f);
        if (f.iterative_deepening != (stage > 0))
            FAIL("UCI_Elo %d: %s with iterative deepening %d", elo, name, (int)f.iterative_deepening);
        if (stage == 1 && (f.tree_positional || f.expanded_positional))
            FAIL("UCI_Elo %d: TECH-deep with positional terms", elo);
        int64_t work = strength_work_us(elo);
        if (work < last) FAIL("UCI_Elo %d: work %lld us below %lld", elo, (long long)work, (long long)last);
        if (f.threads != 1 || f.pace_multiple != 0.0)
            FAIL("UCI_Elo %d: %d threads, pace %g", elo, f.threads, f.pace_multiple);
        last = work;
    }
    CHECK(stage == 2);
}
