/* pgn.h - reading games from Portable Game Notation: the tags and the main line of moves
 * (comments, variations and annotations are skipped). */
#ifndef TECH_PGN_H
#define TECH_PGN_H

#include <stddef.h>
#include <stdio.h>

#include "board.h"

enum { PGN_TAGS_MAX = 24, PGN_TAG_TEXT_MAX = 128 };

typedef struct {
    char name[PGN_TAG_TEXT_MAX];
    char value[PGN_TAG_TEXT_MAX];
} PgnTag;

/* One game: where it starts, its tags and its main line. */
typedef struct {
    PgnTag tags[PGN_TAGS_MAX];
    int tag_count;
    Position start;    /* the initial array, or the FEN tag's position */
    bool from_initial; /* no FEN tag: the game began from the initial array */
    Move moves[GAME_PLY_MAX];
    int move_count;
} PgnGame;

typedef enum { PGN_GAME, PGN_END, PGN_ERROR } PgnStatus;

/* Read the next game from `file`. PGN_END when no game is left; PGN_ERROR with the reason in
 * `error` when a move is illegal or the text is malformed (the rest of that game is skipped). */
PgnStatus pgn_read_game(FILE *file, PgnGame *game, char *error, size_t error_size);
/* The same from text in memory (games built into the binary): reading starts at *text, which is
 * left where it stopped, for the next game. */
PgnStatus pgn_read_game_text(const char **text, PgnGame *game, char *error, size_t error_size);

/* The value of tag `name`, or NULL. */
const char *pgn_tag(const PgnGame *game, const char *name);

#endif
