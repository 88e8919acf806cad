/* test.h - the unit-test harness: each test file registers its cases in test_main.c's table. */
#ifndef TECH_TEST_H
#define TECH_TEST_H

#include <stdbool.h>
#include <stdio.h>

/* Record one check; prints the failure with file and line. Returns the condition. */
bool test_check(bool ok, const char *file, int line, const char *expr);
/* Print a failure message with printf-style formatting (counts as a failed check). */
void test_fail(const char *file, int line, const char *format, ...);

#define CHECK(cond) test_check((cond), __FILE__, __LINE__, #cond)
#define FAIL(...) test_fail(__FILE__, __LINE__, __VA_ARGS__)

/* Directory of the test data (tests/), set by test_main.c from argv or the default. */
const char *test_data_dir(void);

#endif
