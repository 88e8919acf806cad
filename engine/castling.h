/* castling.h - castling from any start, standard chess and Chess960 alike (docs/SPEC.md §3): each
 * right's king and rook squares, the squares that must be empty and unattacked, the castling
 * moves of a position, and their make and unmake on the mailbox. */
#ifndef TECH_CASTLING_H
#define TECH_CASTLING_H

#include "types.h"

typedef struct Position Position;

/* The four rights are the CASTLE_* bits: right index i is bit 1 << i (WK, WQ, BK, BQ); an even
 * index is the h side ("king side", O-O), an odd one the a side (O-O-O). */
enum { CASTLING_RIGHT_NB = 4, CASTLING_PATH_MAX = 8, CASTLING_MOVES_MAX = 2 };
/* Where castling puts king and rook, as files counted from the a-file (FIDE 3.8.2, Chess960 too). */
enum { FILE_C_OFFSET = 2, FILE_D_OFFSET = 3, FILE_F_OFFSET = 5, FILE_G_OFFSET = 6 };

/* One right: where king and rook stand and go, and what the move needs of the board. */
typedef struct {
    uint8_t king_from, rook_from, king_to, rook_to;
    uint8_t empty_count, safe_count;
    uint8_t empty[CASTLING_PATH_MAX]; /* between both men's start and end squares, but for the two */
    uint8_t safe[CASTLING_PATH_MAX];  /* the king's path after its start square, its destination included */
    int8_t shield_step;               /* the rook shields the king's destination along the rank from this side
                           (a b-file rook, O-O-O): the first man beyond it must not be an enemy
                           rook or queen; 0 when nothing can stand there */
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

/* No right anywhere: the start of a set-up that adds its rights (castling_add_right). */
void castling_setup_clear(CastlingSetup *setup);
/* The standard game's geometry: kings on e1/e8, rooks in the corners. */
void castling_setup_standard(CastlingSetup *setup);
/* Give pos right `right` (index 0..3, set in pos->castling) with its king on `king` and its rook
 * on `rook`, both on the colour's first rank, the rook on the right's side of the king. */
void castling_add_right(Position *pos, int right, Square king, Square rook);
/* The setup of the colour-swapped, rank-flipped position (position_mirror). */
void castling_setup_mirror(CastlingSetup *dst, const CastlingSetup *src);
/* Whether every right held is one of standard chess (king on e1/e8, rook in its corner). */
bool castling_is_standard(const Position *pos);
/* The FEN letter of right `right` (held): X-FEN's K/Q (k/q) when its rook is the outermost one on
 * that side of the king, else the rook's file (Shredder-FEN), upper case for White. */
char castling_letter(const Position *pos, int right);

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
