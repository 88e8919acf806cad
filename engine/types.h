/* types.h - domain types shared by every engine module: squares, pieces, moves, scores. */
#ifndef TECH_TYPES_H
#define TECH_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/* A square is an index into TECH's 120-cell mailbox (docs/SPEC.md §2, Fig. 2):
 * 12 rows of 10 cells, a1 = 21 ... h8 = 98, border cells hold OFFBOARD. */
typedef int Square;
/* A piece is TECH's signed code: 0 empty, 1..6 = P N B R Q K, White positive,
 * Black negative, 7 = off-board sentinel (docs/SPEC.md §2). */
typedef int Piece;
typedef int PieceType; /* 0..6, the absolute value of a Piece */
typedef int Color;     /* WHITE or BLACK */
typedef int Score;     /* centipawns, or a mate score */
typedef int Depth;     /* full-width plies */

enum { BOARD_SIZE = 120, BOARD_WIDTH = 10 };
enum { SQ_NONE = 0 };

enum { EMPTY = 0, PAWN = 1, KNIGHT = 2, BISHOP = 3, ROOK = 4, QUEEN = 5, KING = 6, OFFBOARD = 7 };
enum { PIECE_TYPE_NB = 7 };

/* Colour codes follow bit 31 of TECH's tree word (Fig. 3): 1 = White, 0 = Black. */
enum { BLACK = 0, WHITE = 1, COLOR_NB = 2 };

/* Named squares used by the rules (castling, start position). */
enum {
    SQ_A1 = 21,
    SQ_B1,
    SQ_C1,
    SQ_D1,
    SQ_E1,
    SQ_F1,
    SQ_G1,
    SQ_H1,
    SQ_A2 = 31,
    SQ_A7 = 81,
    SQ_A8 = 91,
    SQ_B8,
    SQ_C8,
    SQ_D8,
    SQ_E8,
    SQ_F8,
    SQ_G8,
    SQ_H8
};

/* Castling rights, one bit each. */
enum { CASTLE_WK = 1, CASTLE_WQ = 2, CASTLE_BK = 4, CASTLE_BQ = 8, CASTLE_ALL = 15 };

/* Mailbox geometry: file 0..7 = a..h, rank 0..7 = 1..8. */
static inline Square square_make(int file, int rank) { return 21 + file + BOARD_WIDTH * rank; }
static inline int square_file(Square sq) { return sq % BOARD_WIDTH - 1; }
static inline int square_rank(Square sq) { return sq / BOARD_WIDTH - 2; }
/* A playing cell (a1..h8), not the border. */
static inline bool square_ok(Square sq)
{
    return sq >= SQ_A1 && sq <= SQ_H8 && square_file(sq) >= 0 && square_file(sq) < 8;
}

static inline Color piece_color(Piece p) { return p > 0 ? WHITE : BLACK; }
static inline PieceType piece_type(Piece p) { return p < 0 ? -p : p; }
static inline Piece piece_make(Color c, PieceType t) { return c == WHITE ? t : -t; }
/* A man of colour c: neither an empty cell nor the border. */
static inline bool piece_is_man_of(Piece p, Color c) { return p != EMPTY && p != OFFBOARD && piece_color(p) == c; }
/* Sign of a colour's piece codes: +1 for White, -1 for Black. */
static inline int color_sign(Color c) { return c == WHITE ? 1 : -1; }
/* One rank toward colour c's promotion on the mailbox (its pawns' step): +10 White, -10 Black. */
static inline int pawn_push(Color c) { return BOARD_WIDTH * color_sign(c); }

/* Scores (docs/SPEC.md §4): MATE exceeds any material swing, ILLEGAL exceeds MATE. */
enum {
    SCORE_DRAW = 0,
    SCORE_MATE = 30000,
    SCORE_ILLEGAL = 32000,
    SCORE_INFINITE = 32500,
    MAX_PLY = 128, /* deepest search ply, quiescence included */
    SCORE_MATE_BOUND = SCORE_MATE - MAX_PLY
};

static inline bool score_is_mate(Score s) { return s > SCORE_MATE_BOUND || s < -SCORE_MATE_BOUND; }

/* A move, laid out after TECH's tree word (Fig. 3): bits 0-6 destination, 7-13 origin,
 * 14-15 promotion piece (N, B, R, Q), 16-19 special flags, 28-30 captured piece type.
 * Castling rights and the other restore data live on the position's undo stack. */
typedef uint32_t Move;

enum {
    MOVE_NONE = 0,
    MOVE_FLAG_CASTLE = 1u << 16,
    MOVE_FLAG_EN_PASSANT = 1u << 17,
    MOVE_FLAG_DOUBLE_PUSH = 1u << 18,
    MOVE_FLAG_PROMOTION = 1u << 19
};

static inline Move move_make(Square from, Square to, uint32_t flags, PieceType captured)
{
    return (Move)to | ((Move)from << 7) | flags | ((Move)captured << 28);
}
static inline Move move_make_promotion(Square from, Square to, PieceType promo, PieceType captured)
{
    return move_make(from, to, MOVE_FLAG_PROMOTION, captured) | ((Move)(promo - KNIGHT) << 14);
}
static inline Square move_to(Move m) { return (Square)(m & 0x7F); }
static inline Square move_from(Move m) { return (Square)((m >> 7) & 0x7F); }
static inline bool move_is_promotion(Move m) { return (m & MOVE_FLAG_PROMOTION) != 0; }
static inline bool move_is_castle(Move m) { return (m & MOVE_FLAG_CASTLE) != 0; }
static inline bool move_is_en_passant(Move m) { return (m & MOVE_FLAG_EN_PASSANT) != 0; }
static inline bool move_is_double_push(Move m) { return (m & MOVE_FLAG_DOUBLE_PUSH) != 0; }
/* Promotion piece type (KNIGHT..QUEEN), or EMPTY for other moves. */
static inline PieceType move_promotion(Move m)
{
    return move_is_promotion(m) ? (PieceType)(((m >> 14) & 3) + KNIGHT) : EMPTY;
}
static inline PieceType move_captured(Move m) { return (PieceType)((m >> 28) & 7); }
static inline bool move_is_capture(Move m) { return move_captured(m) != EMPTY; }
/* Two moves are the same move when origin, destination and promotion agree. */
static inline bool move_same(Move a, Move b)
{
    return ((a ^ b) & 0xFFFF) == 0 && (a & MOVE_FLAG_PROMOTION) == (b & MOVE_FLAG_PROMOTION);
}

#endif
