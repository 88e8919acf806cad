/* game_pgn.h - the game record written as Portable Game Notation: the seven-tag roster (and the
 * starting position when it is not the initial array), the moves in SAN, the result. */
#ifndef TECH_GAME_PGN_H
#define TECH_GAME_PGN_H

#include <stdbool.h>
#include <stdio.h>

#include "game.h"

/* A comment written before the move at `ply` of the record (at the move count: after the last). */
typedef struct {
    int ply;
    const char *text;
} PgnComment;

/* The tags' values as the caller chooses them; any text is escaped as PGN wants it. */
typedef struct {
    const char *event, *site, *date, *round, *white, *black;
    const char *white_elo, *black_elo; /* the WhiteElo and BlackElo tags, or NULL for none */
    const char *result;                /* "1-0", "0-1", "1/2-1/2" or "*" */
    /* how the game ended, written as a comment before the result ("White resigns"), or NULL */
    const char *ending;
    const PgnComment *comments; /* in the order of their plies */
    int comment_count;
} PgnHeader;

/* Write the game to `out` as one PGN game, its movetext in lines of at most 79 characters.
 * False if a write failed (errno says why) or there was no memory for the replay. */
bool game_write_pgn(const Game *game, const PgnHeader *header, FILE *out);

#endif
