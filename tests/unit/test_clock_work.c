/* test_clock_work.c - UCI_Elo's player at the control of the game (issue 55): the time manager
 * reads the control as R, its time a move over 10+0.1's (1 at 10+0.1, read once a game, a fixed
 * time a move counted as the control it is, no clock 1); strength_player grows a TECH-1971
 * setting's work as R^k and puts a TECH-deep or TECH-modern setting at a slower control on
 * TECH-modern's line against full-strength engines; a grown work keeps the clock's own limits. */
#include <math.h>
#include <string.h>

#include "cases.h"
#include "clock_table.h"
#include "strength.h"
#include "test.h"
#include "timeman.h"

enum { OVERHEAD_MS = 50, TABLE_WORK_US = 400000000 };

/* A UCI_Elo move's request under BASE+INC (ms), TECH-modern's (iterative) or TECH-1971's. */
static TimeRequest clock_request(int64_t remaining_ms, int64_t increment_ms, bool iterative, int64_t work_us)
{
    return (TimeRequest){.has_clock = true,
                         .remaining_ms = remaining_ms,
                         .increment_ms = increment_ms,
                         .overhead_ms = OVERHEAD_MS,
                         .start_depth = 5,
                         .iterative = iterative,
                         .work_us = work_us};
}

static TimePlan plan_of(TimeManager *tm, const TimeRequest *r)
{
    TimePlan plan;
    timeman_plan(tm, r, &plan);
    return plan;
}

/* The time manager's time a move at BASE+INC with the defaults above (timeman.c, avail_ms). */
static double avail(double base_ms, double inc_ms, bool iterative)
{
    return (base_ms - OVERHEAD_MS) / (iterative ? 20 : 14) + 0.75 * inc_ms;
}

/* Within the rounding of the time manager's whole milliseconds. */
static bool near(double a, double b) { return fabs(a - b) <= 5e-3 * fabs(b); }

TEST_CASE(clock_ratio_is_1_at_10_0_1_and_kept_for_the_game)
{
    for (int iterative = 0; iterative <= 1; iterative++) {
        TimeManager tm;
        timeman_init(&tm, 5);
        TimeRequest r = clock_request(10000, 100, iterative, TABLE_WORK_US);
        CHECK(fabs(timeman_clock_ratio(&tm, &r) - 1.0) < 1e-3);
        r.remaining_ms = 3100; /* later moves with less on the clock: the same control */
        CHECK(fabs(timeman_clock_ratio(&tm, &r) - 1.0) < 1e-3);
    }
}

TEST_CASE(clock_ratio_is_the_controls_time_a_move_over_10_0_1s)
{
    static const struct {
        int64_t base_ms, inc_ms;
    } controls[] = {{60000, 600}, {180000, 2000}, {900000, 10000}, {5000, 50}};
    for (size_t c = 0; c < sizeof controls / sizeof controls[0]; c++) {
        for (int iterative = 0; iterative <= 1; iterative++) {
            TimeManager tm;
            timeman_init(&tm, 5);
            TimeRequest r = clock_request(controls[c].base_ms, controls[c].inc_ms, iterative, TABLE_WORK_US);
            double want = avail(controls[c].base_ms, controls[c].inc_ms, iterative) / avail(10000, 100, iterative);
            double ratio = timeman_clock_ratio(&tm, &r);
            if (!near(ratio, want))
                FAIL("%lld+%lld: R %.4f, want %.4f", (long long)controls[c].base_ms, (long long)controls[c].inc_ms,
                     ratio, want);
            r.remaining_ms = controls[c].base_ms / 5; /* the clock runs down: the game's control stays */
            CHECK(timeman_clock_ratio(&tm, &r) == ratio);
            timeman_init(&tm, 5); /* a new game reads its control again */
            r = clock_request(10000, 100, iterative, TABLE_WORK_US);
            CHECK(fabs(timeman_clock_ratio(&tm, &r) - 1.0) < 1e-3);
        }
    }
}

TEST_CASE(clock_ratio_at_a_fixed_time_a_move_and_with_no_clock)
{
    TimeManager tm;
    timeman_init(&tm, 5);
    TimeRequest r = {.movetime_ms = 3000, .overhead_ms = OVERHEAD_MS, .start_depth = 5, .iterative = true};
    CHECK(near(timeman_clock_ratio(&tm, &r), (3000.0 - OVERHEAD_MS) / avail(10000, 100, true)));
    r.movetime_ms = 0; /* a bare `go` */
    CHECK(timeman_clock_ratio(&tm, &r) == 1.0);
    r.infinite = true;
    r.movetime_ms = 3000;
    CHECK(timeman_clock_ratio(&tm, &r) == 1.0);
}

TEST_CASE(clock_work_keeps_the_clocks_limits)
{
    /* A grown work changes the pace, never the clock's limits: the soft and hard limits of a
     * move are those of the same move with the table's work. */
    for (int iterative = 0; iterative <= 1; iterative++) {
        TimeManager grown, same;
        timeman_init(&grown, 5);
        timeman_init(&same, 5);
        TimeRequest g = clock_request(900000, 10000, iterative, 60LL * TABLE_WORK_US);
        TimeRequest s = clock_request(900000, 10000, iterative, TABLE_WORK_US);
        TimePlan pg = plan_of(&grown, &g), ps = plan_of(&same, &s);
        CHECK(pg.clock.hard_ms == ps.clock.hard_ms && pg.clock.soft_ms == ps.clock.soft_ms);
        CHECK(pg.clock.avail_ms == ps.clock.avail_ms);
        CHECK(pg.clock.work_us == 60LL * TABLE_WORK_US && ps.clock.work_us == TABLE_WORK_US);
        CHECK(pg.clock.pace_multiple > 50 * ps.clock.pace_multiple);
        /* the budget the search is held to: the work (TECH-1971's rule may go to twice it) */
        CHECK(pg.search.pdp10_budget_us == (iterative ? 1 : 2) * pg.clock.work_us);
    }
}

/* The first setting of `profile` in the table, and the last. */
static void profile_range(StrengthProfile profile, int *low, int *high)
{
    *low = STRENGTH_ELO_MAX + 1, *high = STRENGTH_ELO_MIN - 1;
    for (int elo = STRENGTH_ELO_MIN; elo <= STRENGTH_ELO_MAX; elo++) {
        if (strength_player(elo, 1.0).profile != profile) continue;
        if (elo < *low) *low = elo;
        *high = elo;
    }
}

TEST_CASE(strength_player_at_10_0_1_is_the_tables)
{
    for (int elo = STRENGTH_ELO_MIN; elo <= STRENGTH_ELO_MAX; elo += 7) {
        StrengthPlayer player = strength_player(elo, 1.0);
        if (player.work_us != strength_work_us(elo)
            || strcmp(strength_profile_label(player.profile), strength_profile_name(elo)) != 0)
            FAIL("UCI_Elo %d at 10+0.1: %s %lld us, the table %s %lld us", elo, strength_profile_label(player.profile),
                 (long long)player.work_us, strength_profile_name(elo), (long long)strength_work_us(elo));
    }
}

TEST_CASE(strength_player_grows_tech_1971_as_r_to_the_k)
{
    int low, high;
    profile_range(STRENGTH_TECH_1971, &low, &high);
    CHECK(low == STRENGTH_ELO_MIN && high > low);
    static const double ratios[] = {0.5, 2.0, 6.0, 18.3, 91.7};
    for (int elo = low; elo <= high; elo += 11) {
        for (size_t i = 0; i < sizeof ratios / sizeof ratios[0]; i++) {
            StrengthPlayer player = strength_player(elo, ratios[i]);
            double want = (double)strength_work_us(elo) * pow(ratios[i], strength_clock_exponent(elo));
            if (player.profile != STRENGTH_TECH_1971 || !near((double)player.work_us, want))
                FAIL("UCI_Elo %d at R %.1f: %s %lld us, want TECH-1971 %.0f us", elo, ratios[i],
                     strength_profile_label(player.profile), (long long)player.work_us, want);
        }
    }
}

TEST_CASE(strength_player_above_tech_1971_plays_tech_modern_on_its_line_when_slower)
{
    /* A setting above TECH-1971 at a slower control: TECH-modern with the work its line against
     * full-strength engines puts at the setting plus the opponents' gain, where that is at least
     * TECH-modern's least work in the table; elsewhere the table's profile grown as R^k. Either
     * way the work never shrinks as the control slows. */
    int low, high;
    profile_range(STRENGTH_TECH_1971, &low, &high);
    double least_modern_us = 1e300;
    for (int elo = STRENGTH_ELO_MIN; elo <= STRENGTH_ELO_MAX; elo++)
        if (strength_player(elo, 1.0).profile == STRENGTH_TECH_MODERN)
            least_modern_us = fmin(least_modern_us, (double)strength_player(elo, 1.0).work_us);
    int on_line = 0;
    for (int elo = high + 1; elo <= STRENGTH_ELO_MAX; elo += 9) {
        int64_t before = 0;
        StrengthProfile before_profile = strength_player(elo, 1.0).profile;
        for (double ratio = 1.25; ratio < 200; ratio *= 1.25) {
            StrengthPlayer player = strength_player(elo, ratio);
            double line_us =
                1000.0 * STRENGTH_CLOCK_LINE_WORK_MS
                * exp2((elo + STRENGTH_CLOCK_GAIN * log2(ratio) - STRENGTH_CLOCK_LINE_ELO) / STRENGTH_CLOCK_LINE_SLOPE);
            if (line_us >= least_modern_us) {
                on_line++;
                if (player.profile != STRENGTH_TECH_MODERN || !near((double)player.work_us, line_us))
                    FAIL("UCI_Elo %d at R %.2f: %s %lld us, want TECH-modern %.0f us", elo, ratio,
                         strength_profile_label(player.profile), (long long)player.work_us, line_us);
            } else {
                double want = (double)strength_work_us(elo) * pow(ratio, strength_clock_exponent(elo));
                if (player.profile != strength_player(elo, 1.0).profile || !near((double)player.work_us, want))
                    FAIL("UCI_Elo %d at R %.2f: %s %lld us, want the table's profile %.0f us", elo, ratio,
                         strength_profile_label(player.profile), (long long)player.work_us, want);
            }
            if (player.profile == before_profile && player.work_us < before)
                FAIL("UCI_Elo %d at R %.2f: %lld us, less than %lld at a faster control", elo, ratio,
                     (long long)player.work_us, (long long)before);
            before = player.work_us;
            before_profile = player.profile;
        }
    }
    CHECK(on_line > 0);
    /* the TECH-deep setting at 60+0.6 (R 6) is on the line */
    CHECK(strength_player(1873, 1.0).profile == STRENGTH_TECH_DEEP);
    CHECK(strength_player(1873, 6.0).profile == STRENGTH_TECH_MODERN);
}

TEST_CASE(clock_work_exponents_come_from_the_curve)
{
    /* Every profile's work grows with the clock, by less than 2 doublings a doubling of the time
     * (an opponent gains no more than TECH does from twice the work), and the exponent is the
     * profile's: alike for two settings of one profile. */
    for (int elo = STRENGTH_ELO_MIN; elo <= STRENGTH_ELO_MAX; elo += 7) {
        double k = strength_clock_exponent(elo);
        if (!(k > 0.0 && k < 2.0)) FAIL("UCI_Elo %d: exponent %g", elo, k);
    }
    CHECK(strength_clock_exponent(STRENGTH_ELO_MIN) == strength_clock_exponent(STRENGTH_ELO_MIN + 100));
}
