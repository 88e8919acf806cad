/* fuzz_support.c - helpers shared by the fuzz targets. */
#include "fuzz_support.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const fuzz_fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 1",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
    "k7/8/1Q6/8/8/8/8/K7 b - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
    "8/8/8/3k4/8/8/3K4/8 w - - 99 120",
    "1k6/1P6/1K6/8/8/8/8/8 w - - 0 1",
    "3r4/2P5/8/8/8/8/5p2/4K1k1 w - - 0 1",
    /* Chess960: castling from f1 and f8 to both sides; a published perft position; the b-file
     * rook that shields c1. */
    "1r3k1r/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w KQkq - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "4k3/8/8/8/8/8/8/qR2K2R w KQ - 0 1",
};
const int fuzz_fen_count = (int)(sizeof fuzz_fens / sizeof fuzz_fens[0]);

char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text) abort();
    for (size_t i = 0; i < size; i++) text[i] = data[i] ? (char)data[i] : ' ';
    text[size] = '\0';
    return text;
}

void fuzz_fail(const char *format, ...)
{
    va_list args;
    va_start(args, format);
    fprintf(stderr, "fuzz oracle failed: ");
    vfprintf(stderr, format, args);
    fprintf(stderr, "\n");
    va_end(args);
    abort();
}

bool fuzz_same_position(const Position *a, const Position *b)
{
    if (memcmp(a, b, sizeof *a - sizeof a->undo) != 0) return false;
    if (a->undo_len < 0 || a->undo_len > UNDO_STACK_SIZE) return false;
    return memcmp(a->undo, b->undo, (size_t)a->undo_len * sizeof a->undo[0]) == 0;
}
