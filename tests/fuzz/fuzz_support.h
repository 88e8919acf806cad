/* fuzz_support.h - what every fuzz target shares: the input as a C string, failing with a
 * message, and the positions the move readers are fuzzed against. */
#ifndef TECH_FUZZ_SUPPORT_H
#define TECH_FUZZ_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

/* libFuzzer's entry point, declared for -Wmissing-declarations. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input as a NUL-terminated string (NUL bytes inside read as blanks, as the protocol reader
 * does); the caller frees it. Aborts if there is no memory. */
char *fuzz_text(const uint8_t *data, size_t size);
/* Report a broken oracle with the input's context and abort (libFuzzer saves the input). */
void fuzz_fail(const char *format, ...) __attribute__((format(printf, 1, 2), noreturn));
/* Whether two positions hold the same bytes: the board state and the used undo entries. */
bool fuzz_same_position(const Position *a, const Position *b);

/* Positions with every kind of move: castling both ways, e.p., promotions and under-promotions,
 * checks, pins, mates and stalemates. */
extern const char *const fuzz_fens[];
extern const int fuzz_fen_count;

#endif
