/* cases.h - the table of unit-test cases, collected by the Makefile from every
 * `TEST_CASE(name)` line in the files of tests/unit (so adding a test touches only its own file). */
#ifndef TECH_CASES_H
#define TECH_CASES_H

typedef struct {
    const char *name;
    void (*run)(void);
} TestCase;

extern const TestCase test_cases[];

/* Define a test case: TEST_CASE(fen_round_trip) { ... } at the start of a line. */
#define TEST_CASE(name)                                                                                                \
    void test_##name(void);                                                                                            \
    void test_##name(void)

#endif
