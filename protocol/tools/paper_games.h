/* paper_games.h - the report's four games, built into the binary: `tech treestats` samples them
 * by default, from any folder, with no data file installed. */
#ifndef TECH_PAPER_GAMES_H
#define TECH_PAPER_GAMES_H

/* tests/data/paper-games.pgn as it was when the binary was built (the Makefile turns the file into
 * the string lines of paper_games.inc). */
extern const char PAPER_GAMES_PGN[];

#endif
