/* sample.h - the positions a measuring tool works on: every N-th move of the games in a PGN
 * file (the report's method: "every fifth move of each of TECH's tournament games"), or every
 * record of an EPD file. */
#ifndef TECH_SAMPLE_H
#define TECH_SAMPLE_H

#include <stddef.h>

#include "board.h"

enum { SAMPLE_LABEL_MAX = 64 }; /* room for an EPD id (EPD_ID_MAX) */

typedef struct {
    Position pos;                 /* with the game's history up to it */
    bool from_initial;            /* its game began from the initial array (opening phase) */
    int game;                     /* 1-based game number in the file; 0 for an EPD record */
    int move_number;              /* the full-move number of the move to be played */
    char label[SAMPLE_LABEL_MAX]; /* "game 1 move 15..." or the EPD id */
} SamplePosition;

typedef struct {
    SamplePosition *items;
    int count;
    int games; /* games read (PGN) */
} SampleSet;

/* Load `path`: a PGN file (its first non-blank character is '[') gives the positions before
 * every move whose full-move number is a multiple of `every`, played by the side its
 * TechSide tag names (both sides when it has none); any other file is read as EPD. False with
 * the reason in `error` if the file cannot be read or a game does not parse. */
bool sample_load(const char *path, int every, SampleSet *set, char *error, size_t error_size);

/* The same for games given as PGN text in memory (the report's games, built in). */
bool sample_load_games(const char *text, int every, SampleSet *set, char *error, size_t error_size);

void sample_free(SampleSet *set);

#endif
