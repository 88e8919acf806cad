/* makemove.h - make and unmake a move on the Position, restoring everything exactly. */
#ifndef TECH_MAKEMOVE_H
#define TECH_MAKEMOVE_H

#include "board.h"

/* Play a pseudo-legal move of the side to move (legality is the caller's business:
 * TECH refutes an illegal move by capturing the king at the next ply). */
void make_move(Position *pos, Move m);
/* The same without the Zobrist key's upkeep: pos->key keeps the value it had, and unmake_move
 * gives the key back as it was, so that after a line of unkeyed moves and their unmakes the
 * position is whole again. For a search that reads no key (TECH-1971: no table, no draw
 * detection). */
void make_move_unkeyed(Position *pos, Move m);
/* Take back the last move made. */
void unmake_move(Position *pos);
/* Pass the move to the other side (no move made); undone by unmake_null_move(). */
void make_null_move(Position *pos);
void unmake_null_move(Position *pos);

#endif
