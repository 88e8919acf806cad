/* test_main.c - runs every unit-test case and prints "N passed, N failed". */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "test.h"
#include "zobrist.h"

static int checks_failed_in_case;
static const char *data_dir = "tests";

bool test_check(bool ok, const char *file, int line, const char *expr)
{
    if (!ok) {
        checks_failed_in_case++;
        printf("  FAIL %s:%d: %s\n", file, line, expr);
    }
    return ok;
}

void test_fail(const char *file, int line, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    checks_failed_in_case++;
    printf("  FAIL %s:%d: ", file, line);
    vprintf(format, args);
    printf("\n");
    va_end(args);
}

const char *test_data_dir(void) { return data_dir; }

int main(int argc, char **argv)
{
    const char *only = NULL;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "--data=", 7) == 0) data_dir = argv[i] + 7;
        else only = argv[i];
    }
    zobrist_init();
    int passed = 0, failed = 0;
    for (const TestCase *t = test_cases; t->name; t++) {
        if (only && !strstr(t->name, only)) continue;
        checks_failed_in_case = 0;
        t->run();
        if (checks_failed_in_case) {
            failed++;
            printf("FAILED %s (%d failed checks)\n", t->name, checks_failed_in_case);
        } else {
            passed++;
            printf("ok     %s\n", t->name);
        }
        fflush(stdout);
    }
    printf("unit: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
