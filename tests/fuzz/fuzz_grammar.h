/* fuzz_grammar.h - what a protocol's output line may look like (docs/PROTOCOLS.md §2.3, §3.3): the
 * fuzz targets check every line TECH writes against it. */
#ifndef TECH_FUZZ_GRAMMAR_H
#define TECH_FUZZ_GRAMMAR_H

#include <stdbool.h>

/* A line TECH may write in UCI mode (perft's Stockfish-form lines included). */
bool grammar_uci_line(const char *line);
/* A line TECH may write in CECP mode. */
bool grammar_cecp_line(const char *line);

#endif
