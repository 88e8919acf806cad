/* eval_structure.h - E11's pawn structure and king shelter, computed from the board: the part of
 * a leaf's positional term that depends on the pawns and kings only, below eval.h (which keeps
 * its entries) and endgame.c (which shares its square helpers). */
#ifndef TECH_EVAL_STRUCTURE_H
#define TECH_EVAL_STRUCTURE_H

#include "board.h"

/* The pawn structure and king shelter of a position, cached by its structure key: they depend
 * on nothing else, so an entry stays right for ever. */
typedef struct {
    uint64_t key;
    int16_t mg, eg;
    uint8_t pawn_files[COLOR_NB];
} StructureEntry;

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
