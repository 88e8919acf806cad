/* test_numbers.c - the shapes of numbers the protocols take (numeral.c) and their strict,
 * saturating readers (number.c): what a GUI may send, and the loose forms refused (issue 35). */
#include <math.h>
#include <stdint.h>

#include "cases.h"
#include "number.h"
#include "numeral.h"
#include "test.h"

TEST_CASE(numeral_takes_plain_whole_numbers_and_decimals_only)
{
    static const char *const whole[] = {"0", "7", "-12", "+5", "9223372036854775807", "00042", NULL};
    static const char *const not_whole[] = {"", "-", "+", "1.0", "0x10", "1e3", " 5", "5 ", "inf", "nan", "5x", NULL};
    for (int i = 0; whole[i]; i++) CHECK(numeral_is_whole(whole[i]));
    for (int i = 0; not_whole[i]; i++) CHECK(!numeral_is_whole(not_whole[i]));
    CHECK(!numeral_is_whole(NULL));

    static const char *const decimal[] = {"0", "2", "0.5", ".5", "5.", "-0.25", "+3.75", "12345678901234567890.5",
                                          NULL};
    static const char *const not_decimal[] = {"",         ".",     "-.",  "0x10", "1e1", "1E1",  "inf", "-inf", "nan",
                                              "infinity", "1.2.3", "1,5", " 1",   "1 ",  "5:30", "x7",  NULL};
    double v;
    for (int i = 0; decimal[i]; i++) CHECK(numeral_read_decimal(decimal[i], &v));
    for (int i = 0; not_decimal[i]; i++) CHECK(!numeral_read_decimal(not_decimal[i], &v));
    CHECK(numeral_read_decimal("0.25", &v) && v == 0.25);
    CHECK(numeral_read_decimal("-.5", &v) && v == -0.5);
    char huge[420];
    for (int i = 0; i < 400; i++) huge[i] = '9';
    huge[400] = '\0';
    CHECK(numeral_read_decimal(huge, &v) && isinf(v) && v > 0);
}

TEST_CASE(number_readers_refuse_below_the_least_and_saturate_above)
{
    int64_t v = -1;
    CHECK(number_read_whole_from("3", 1, 64, &v) && v == 3);
    CHECK(number_read_whole_from("9223372036854775807", 1, 64, &v) && v == 64);
    CHECK(number_read_whole_from("99999999999999999999999", 1, 64, &v) && v == 64);
    v = 7;
    CHECK(!number_read_whole_from("0", 1, 64, &v) && v == 7);
    CHECK(!number_read_whole_from("-99999999999999999999999", 1, 64, &v) && v == 7);
    CHECK(!number_read_whole_from("0x3", 1, 64, &v) && v == 7);
    CHECK(!number_read_whole_from(NULL, 1, 64, &v));

    CHECK(number_read_ms_from("0.02", 1000.0, true, GUI_TIME_MS_MAX, &v) && v == 20);
    CHECK(number_read_ms_from("0.0001", 1000.0, true, GUI_TIME_MS_MAX, &v) && v == 1);
    CHECK(number_read_ms_from("0", 1000.0, false, GUI_TIME_MS_MAX, &v) && v == 0);
    CHECK(number_read_ms_from("1e400", 1000.0, false, GUI_TIME_MS_MAX, &v) == false);
    v = 5;
    CHECK(!number_read_ms_from("0", 1000.0, true, GUI_TIME_MS_MAX, &v) && v == 5);
    CHECK(!number_read_ms_from("-1", 1000.0, true, GUI_TIME_MS_MAX, &v) && v == 5);
    CHECK(!number_read_ms_from("-3", 1000.0, false, GUI_TIME_MS_MAX, &v) && v == 5);
    CHECK(!number_read_ms_from("inf", 1000.0, false, GUI_TIME_MS_MAX, &v) && v == 5);
    CHECK(number_read_ms_from("999999999999999999999999", 1000.0, false, GUI_TIME_MS_MAX, &v) && v == GUI_TIME_MS_MAX);
    CHECK(number_read_ms("0x10", 1000.0, 1, GUI_TIME_MS_MAX, &v) == NUMBER_BAD);
    CHECK(number_read_ms("nan", 1000.0, 1, GUI_TIME_MS_MAX, &v) == NUMBER_BAD);
}
