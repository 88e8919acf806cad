/* zobrist.c - fills the Zobrist key tables from a fixed-seed generator (same keys every run). */
#include "zobrist.h"

#include <pthread.h>

ZobristKeys zobrist;

static pthread_once_t zobrist_once = PTHREAD_ONCE_INIT;

/* SplitMix64: a small, well-mixed generator; a fixed seed keeps keys identical across runs. */
static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void zobrist_fill(void)
{
    uint64_t state = 0x7EC41971ull; /* "TECH 1971" */
    for (int p = 0; p < 13; p++)
        for (int sq = 0; sq < BOARD_SIZE; sq++) zobrist.piece[p][sq] = (p == 6) ? 0 : splitmix64(&state);
    for (int i = 0; i < 16; i++) zobrist.castling[i] = 0;
    uint64_t single[4];
    for (int i = 0; i < 4; i++) single[i] = splitmix64(&state);
    for (int rights = 0; rights < 16; rights++)
        for (int i = 0; i < 4; i++)
            if (rights & (1 << i)) zobrist.castling[rights] ^= single[i];
    for (int f = 0; f < 8; f++) zobrist.en_passant_file[f] = splitmix64(&state);
    zobrist.side = splitmix64(&state);
}

void zobrist_init(void) { pthread_once(&zobrist_once, zobrist_fill); }
