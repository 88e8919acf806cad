/* cli_epd.h - `tech epd FILE [--time S | --depth D | --nodes N] [--first K]`: test suites. */
#ifndef TECH_CLI_EPD_H
#define TECH_CLI_EPD_H

/* Solve every position of an EPD suite; prints failures and `solved N/M`. */
int cli_epd(int argc, char **argv);

#endif
