/* cli_treestats.h - `tech treestats [EPD] [--from D] [--to D]`: TECH's tree statistics by depth. */
#ifndef TECH_CLI_TREESTATS_H
#define TECH_CLI_TREESTATS_H

/* Search every position at each depth and print the totals and growth ratios. */
int cli_treestats(int argc, char **argv);

#endif
