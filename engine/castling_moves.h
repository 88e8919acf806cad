/* castling_moves.h - the castling moves of a position and their make and unmake on the mailbox,
 * above the Position and the attack test (castling's geometry is castling.h's). */
#ifndef TECH_CASTLING_MOVES_H
#define TECH_CASTLING_MOVES_H

#include "board.h"

enum { CASTLING_MOVES_MAX = 2 };

/* The squares beside the king on its rank that a caller knows unattacked (perft's count found the
 * king's step there legal): CASTLING_SAFE_WEST is the square towards the a-file, EAST the other. */
enum { CASTLING_SAFE_WEST = 1, CASTLING_SAFE_EAST = 2 };
/* The legal castling moves of the side to move, h side first, into `out`; their number.
 * `not_in_check`: the caller knows the king is not attacked; `safe_beside`: CASTLING_SAFE_* bits of
 * the squares beside the king it knows unattacked (0: none). A castling move is written as the
 * king taking its own rook: from = the king's square, to = the rook's (types.h). */
int castling_moves(const Position *pos, Move out[CASTLING_MOVES_MAX], bool not_in_check, int safe_beside);
/* Move king and rook of the castling move m (of the side to move) on the board and in the lists;
 * returns the change of the Zobrist key. Rights, clocks and the side are make_move's. */
uint64_t castling_make(Position *pos, Move m);
/* Exact inverse of castling_make (the side to move is the one that castled). */
void castling_unmake(Position *pos, Move m);

#endif
