/* zobrist.h - the random keys that hash a position (for repetition and the modern profile's table). */
#ifndef TECH_ZOBRIST_H
#define TECH_ZOBRIST_H

#include "types.h"

typedef struct {
    uint64_t piece[13][BOARD_SIZE]; /* [piece + 6][square] */
    uint64_t castling[16];
    uint64_t en_passant_file[8];
    uint64_t side; /* xor-ed in when Black is to move */
} ZobristKeys;

/* The key tables: filled once (thread-safe, idempotent), read-only afterwards. */
extern ZobristKeys zobrist;
void zobrist_init(void);

static inline uint64_t zobrist_piece(Piece piece, Square sq) { return zobrist.piece[piece + 6][sq]; }

#endif
