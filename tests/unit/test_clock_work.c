/* test_clock_work.c - UCI_Elo's work a move at the control of the game (issue 55): the time
 * manager grows the table's work as R^k with the control's time a move, R = 1 at 10+0.1, the
 * control read once a game, a fixed time a move counted as the control it is, the clock's own
 * limits untouched, and exponent 0 the same work at every clock. */
#include <math.h>

#include "cases.h"
#include "strength.h"
#include "test.h"
#include "timeman.h"

enum { OVERHEAD_MS = 50, TABLE_WORK_US = 400000000 };

/* A UCI_Elo move's request under BASE+INC (ms), TECH-modern's (iterative) or TECH-1971's. */
static TimeRequest clock_request(int64_t remaining_ms, int64_t increment_ms, bool iterative, double exponent)
{
    return (TimeRequest){.has_clock = true,
                         .remaining_ms = remaining_ms,
                         .increment_ms = increment_ms,
                         .overhead_ms = OVERHEAD_MS,
                         .start_depth = 5,
                         .iterative = iterative,
                         .work_us = TABLE_WORK_US,
                         .work_exponent = exponent};
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

TEST_CASE(clock_work_is_the_tables_at_10_0_1)
{
    for (int iterative = 0; iterative <= 1; iterative++) {
        TimeManager tm;
        timeman_init(&tm, 5);
        TimeRequest r = clock_request(10000, 100, iterative, 0.9);
        TimePlan plan = plan_of(&tm, &r);
        CHECK(plan.clock.by_work && plan.clock.work_us == TABLE_WORK_US);
        /* later moves with less on the clock: the same control, the same work */
        r.remaining_ms = 3100;
        plan = plan_of(&tm, &r);
        CHECK(plan.clock.work_us == TABLE_WORK_US);
    }
}

TEST_CASE(clock_work_grows_as_r_to_the_k)
{
    static const struct {
        int64_t base_ms, inc_ms;
    } controls[] = {{60000, 600}, {180000, 2000}, {900000, 10000}, {5000, 50}};
    for (size_t c = 0; c < sizeof controls / sizeof controls[0]; c++) {
        for (int iterative = 0; iterative <= 1; iterative++) {
            const double k = iterative ? 0.95 : 0.71;
            TimeManager tm;
            timeman_init(&tm, 5);
            TimeRequest r = clock_request(controls[c].base_ms, controls[c].inc_ms, iterative, k);
            TimePlan plan = plan_of(&tm, &r);
            double ratio = avail(controls[c].base_ms, controls[c].inc_ms, iterative) / avail(10000, 100, iterative);
            double want = TABLE_WORK_US * pow(ratio, k);
            if (!near((double)plan.clock.work_us, want))
                FAIL("%lld+%lld, k %.2f: work %lld us, want %.0f (R %.3f)", (long long)controls[c].base_ms,
                     (long long)controls[c].inc_ms, k, (long long)plan.clock.work_us, want, ratio);
            /* the budget the search is held to: the work (TECH-1971's rule may go to twice it) */
            CHECK(plan.search.pdp10_budget_us == (iterative ? 1 : 2) * plan.clock.work_us);
            /* the clock runs down: the control stays the game's, and so does the work */
            int64_t first = plan.clock.work_us;
            r.remaining_ms = controls[c].base_ms / 5;
            plan = plan_of(&tm, &r);
            CHECK(plan.clock.work_us == first);
            /* a new game reads its control again */
            timeman_init(&tm, 5);
            r = clock_request(10000, 100, iterative, k);
            plan = plan_of(&tm, &r);
            CHECK(plan.clock.work_us == TABLE_WORK_US);
        }
    }
}

TEST_CASE(clock_work_keeps_the_clocks_limits)
{
    /* The grown work changes the pace, never the clock's limits: the soft and hard limits of a
     * move are those of the same move with the same work at every clock. */
    for (int iterative = 0; iterative <= 1; iterative++) {
        TimeManager grown, same;
        timeman_init(&grown, 5);
        timeman_init(&same, 5);
        TimeRequest g = clock_request(900000, 10000, iterative, 1.0), s = clock_request(900000, 10000, iterative, 0.0);
        TimePlan pg = plan_of(&grown, &g), ps = plan_of(&same, &s);
        CHECK(pg.clock.hard_ms == ps.clock.hard_ms && pg.clock.soft_ms == ps.clock.soft_ms);
        CHECK(pg.clock.avail_ms == ps.clock.avail_ms);
        CHECK(pg.clock.work_us > 50 * ps.clock.work_us && ps.clock.work_us == TABLE_WORK_US);
        CHECK(pg.clock.pace_multiple > 50 * ps.clock.pace_multiple);
    }
}

TEST_CASE(clock_work_at_a_fixed_time_a_move_and_with_no_clock)
{
    TimeManager tm;
    timeman_init(&tm, 5);
    TimeRequest r = {.movetime_ms = 3000,
                     .overhead_ms = OVERHEAD_MS,
                     .start_depth = 5,
                     .iterative = true,
                     .work_us = TABLE_WORK_US,
                     .work_exponent = 0.95};
    TimePlan plan = plan_of(&tm, &r);
    double want = TABLE_WORK_US * pow((3000.0 - OVERHEAD_MS) / avail(10000, 100, true), 0.95);
    CHECK(near((double)plan.clock.work_us, want));
    r.movetime_ms = 0; /* a bare `go`: the table's work */
    plan = plan_of(&tm, &r);
    CHECK(plan.clock.by_work && plan.clock.work_us == TABLE_WORK_US);
    r.movetime_ms = 3000; /* the same work at every clock */
    r.work_exponent = 0;
    plan = plan_of(&tm, &r);
    CHECK(plan.clock.work_us == TABLE_WORK_US);
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
