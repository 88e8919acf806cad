/* cases.c - builds the table of cases from the generated list cases.inc. */
#include <stddef.h>

#include "cases.h"

#undef TEST_CASE
#define TEST_CASE(name) void test_##name(void);
#include "cases.inc"
#undef TEST_CASE
#define TEST_CASE(name) {#name, test_##name},
const TestCase test_cases[] = {
#include "cases.inc"
    {NULL, NULL}};
