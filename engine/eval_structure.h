/* eval_structure.h - E11's pawn structure and king shelter, computed from the board (internal
 * to eval*.c): the part of a leaf's positional term that depends on the pawns and kings only. */
#ifndef TECH_EVAL_STRUCTURE_H
#define TECH_EVAL_STRUCTURE_H

#include "eval.h"

/* Fill `entry` (all but its key) from the pawns and kings of `pos`, White minus Black. */
void structure_compute(const Position *pos, StructureEntry *entry);

/* Whether a king on `file` and on rank `relative_rank` of its own side (0 = its first) has a
 * pawn shield that counts: on its first two ranks, on a wing (files a-c, g-h). */
static inline bool king_sheltered(int file, int relative_rank)
{
    return relative_rank <= 1 && (file <= 2 || file >= 6);
}

/* Whether sq is a light square (h1 is light, a1 dark). */
static inline bool square_is_light(Square sq) { return (square_file(sq) + square_rank(sq)) % 2 == 1; }

/* The longer of the file and rank distances: king moves from a to b. */
static inline int square_distance(Square a, Square b)
{
    int df = square_file(a) - square_file(b), dr = square_rank(a) - square_rank(b);
    if (df < 0) df = -df;
    if (dr < 0) dr = -dr;
    return df > dr ? df : dr;
}

#endif
