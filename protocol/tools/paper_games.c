/* paper_games.c - the report's four games (tests/data/paper-games.pgn) as a string in the binary;
 * the Makefile writes paper_games.inc from the file, so the file stays the one copy. */
#include "paper_games.h"

const char PAPER_GAMES_PGN[] =
#include "paper_games.inc"
    ;
