/* cli.h - one-shot command-line tools: perft, divide, bench, epd, presort, treestats, help. */
#ifndef TECH_CLI_H
#define TECH_CLI_H

/* Run the tool named by argv[1]; returns the process exit status. */
int cli_run(int argc, char **argv);

#endif
