/* exclusions.h - the root moves a user has taken out of the current position's search (CECP
 * `exclude` / `include`, docs/PROTOCOLS.md §3). The set belongs to one position: once the game
 * moves on, is taken back or set up anew, it is empty again. */
#ifndef TECH_EXCLUSIONS_H
#define TECH_EXCLUSIONS_H

#include "game.h"
#include "movegen.h"

typedef struct {
    unsigned position_id; /* the game's position the set belongs to */
    int count;
    Move moves[MOVE_LIST_MAX];
} Exclusions;

/* Take the legal move `move` out of the search of the game's position (exclude = true) or put
 * it back. */
void exclusions_set(Exclusions *exclusions, const Game *game, Move move, bool exclude);
/* Take every legal move out (exclude = true: `exclude all`), or put them all back. */
void exclusions_set_all(Exclusions *exclusions, Game *game, bool exclude);
/* The moves left to search in the game's position, in `root`: their number, or -1 when none is
 * excluded (the search is not restricted). */
int exclusions_root(const Exclusions *exclusions, Game *game, Move *root);

#endif
