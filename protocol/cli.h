/* cli.h - one-shot command-line tools: perft, divide, bench, epd, presort. */
#ifndef TECH_CLI_H
#define TECH_CLI_H

#include <stdbool.h>

/* True if argv[1] names a command-line tool. */
bool cli_is_command(const char *name);
/* Run the tool named by argv[1]; returns the process exit status. */
int cli_run(int argc, char **argv);

#endif
