/* cli_bench.c - `tech bench [depth] [--style modern]`: the fixed bench (bench_report.c) from the
 * shell, its lines on stdout and its complaints on stderr. */
#include "cli_bench.h"

#include <stdio.h>

#include "bench_report.h"

static void print_line(const char *line) { printf("%s\n", line); }

static void print_error(const char *line)
{
    fflush(stdout);
    fprintf(stderr, "%s\n", line);
}

int cli_bench(int argc, char **argv)
{
    BenchSettings settings;
    char error[160];
    if (!bench_parse(argv + 2, argc - 2, &settings, error, sizeof error)) {
        fprintf(stderr, "error: %s\n", error);
        return 2;
    }
    return bench_report(&settings, print_line, print_error, NULL) ? 0 : 1;
}
