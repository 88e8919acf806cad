/* castling.h - castling's geometry from any start, standard chess and Chess960 alike (docs/SPEC.md
 * §3): each right's king and rook squares, the squares that must be empty and unattacked, and the
 * rights a move takes away. Below the Position (board.h holds a CastlingSetup); the castling moves
 * of a position are castling_moves.h's. */
#ifndef TECH_CASTLING_H
#define TECH_CASTLING_H

#include "types.h"

/* The four rights are the CASTLE_* bits: right index i is bit 1 << i (WK, WQ, BK, BQ); an even
 * index is the h side ("king side", O-O), an odd one the a side (O-O-O). */
enum { CASTLING_RIGHT_NB = 4, CASTLING_PATH_MAX = 8 };
/* Where castling puts king and rook, as files counted from the a-file (FIDE 3.8.2, Chess960 too). */
enum { FILE_C_OFFSET = 2, FILE_D_OFFSET = 3, FILE_F_OFFSET = 5, FILE_G_OFFSET = 6 };

/* One right: where king and rook stand and go, and what the move needs of the board. */
typedef struct {
    uint8_t king_from, rook_from, king_to, rook_to;
    uint8_t empty_count, safe_count;
    uint8_t empty[CASTLING_PATH_MAX]; /* between both men's start and end squares, but for the two */
    uint8_t safe[CASTLING_PATH_MAX];  /* the king's path after its start square, its destination included */
    /* The rook shields the king's destination along the rank from this side (a b-file rook,
     * O-O-O): the first man beyond it must not be an enemy rook or queen; 0 when nothing can
     * stand there. */
    int8_t shield_step;
} CastlingPath;

/* The game's castling geometry: part of the Position, fixed from its set-up on. */
typedef struct {
    CastlingPath path[CASTLING_RIGHT_NB]; /* valid for the rights the position holds */
    uint8_t lost[BOARD_SIZE];             /* the rights a move from or to each square takes away */
} CastlingSetup;

/* Whether every square of the path that must be empty is (inline: most generations end here). */
static inline bool castling_path_empty(const int8_t *board, const CastlingPath *p)
{
    for (int i = 0; i < p->empty_count; i++)
        if (board[p->empty[i]] != EMPTY) return false;
    return true;
}

/* No right anywhere: the start of a set-up that adds its rights (castling_setup_add). */
void castling_setup_clear(CastlingSetup *setup);
/* The standard game's geometry: kings on e1/e8, rooks in the corners. */
void castling_setup_standard(CastlingSetup *setup);
/* Add right `right` (index 0..3) with its king on `king` and its rook on `rook`, both on the
 * colour's first rank, the rook on the right's side of the king (the position's CASTLE_* bit is
 * the caller's to set). */
void castling_setup_add(CastlingSetup *setup, int right, Square king, Square rook);
/* The setup of the colour-swapped, rank-flipped position (position_mirror). */
void castling_setup_mirror(CastlingSetup *dst, const CastlingSetup *src);
/* Whether every right of `rights` (CASTLE_* bits) is one of standard chess in `setup` (king on
 * e1/e8, rook in its corner). */
bool castling_rights_standard(const CastlingSetup *setup, int rights);
/* The FEN letter of right `right` (held) on `board`: X-FEN's K/Q (k/q) when its rook is the
 * outermost one on that side of the king, else the rook's file (Shredder-FEN), upper case for White. */
char castling_letter(const CastlingSetup *setup, const int8_t board[BOARD_SIZE], int right);

/* The king's and the rook's squares after the castling move m: the g and f files for the h side,
 * c and d for the a side, on the king's rank. */
static inline Square castling_king_to(Move m)
{
    const Square from = move_from(m);
    return from - square_file(from) + (move_to(m) > from ? FILE_G_OFFSET : FILE_C_OFFSET);
}
static inline Square castling_rook_to(Move m)
{
    const Square from = move_from(m);
    return from - square_file(from) + (move_to(m) > from ? FILE_F_OFFSET : FILE_D_OFFSET);
}
/* The rights left after a move from `from` to `to` (a king or rook leaving, a rook taken). */
static inline uint8_t castling_rights_after(const CastlingSetup *setup, int rights, Square from, Square to)
{
    return (uint8_t)(rights & ~(setup->lost[from] | setup->lost[to]));
}

#endif
