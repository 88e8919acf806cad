/* cli_bench.h - `tech bench [depth] [--style modern]`: the node signature and speed of this build. */
#ifndef TECH_CLI_BENCH_H
#define TECH_CLI_BENCH_H

/* Run the bench; after argv[1] a depth and `--style modern|faithful` may follow, in any order.
 * Returns the exit status. */
int cli_bench(int argc, char **argv);

#endif
