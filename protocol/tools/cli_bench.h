/* cli_bench.h - `tech bench [depth]`: the node signature and speed of this build. */
#ifndef TECH_CLI_BENCH_H
#define TECH_CLI_BENCH_H

/* Run the bench; argv[2], if present, is the depth. Returns the exit status. */
int cli_bench(int argc, char **argv);

#endif
