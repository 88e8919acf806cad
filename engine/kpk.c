/* kpk.c - E13's king-and-pawn-against-king bitbase (docs/SPEC.md §10). The report names "the
 * basic endgames" as the positional module's next step; the pawn ending with one pawn is the one
 * a search cannot settle by material, so its result is worked out exactly: every position,
 * White with the pawn (files a-d; the others by symmetry), is classified by retrograde analysis
 * and the wins kept as one bit each.
 *
 * The rules of the analysis: a promotion wins when the new queen cannot be taken (the lone king
 * not beside the promotion square, or the strong king guarding it); the lone king taking the
 * pawn draws; a side without a move is mated (a win) or stalemated (a draw); White to move wins
 * when one move reaches a win, Black to move loses when every move does. What is not a win when
 * nothing changes any more is a draw. Under-promotions are not considered [C]. */
#include "kpk.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Positions: the pawn on one of 24 squares (files a-d, ranks 2-7), each king on one of 64, the
 * side to move. */
enum { PAWN_SQUARES = 24, KPK_POSITIONS = PAWN_SQUARES * 64 * 64 * 2 };
enum { STM_WHITE = 0, STM_BLACK = 1 };
typedef enum { RESULT_UNKNOWN, RESULT_INVALID, RESULT_DRAW, RESULT_WIN } Result;

static uint64_t win_bits[KPK_POSITIONS / 64];
static pthread_once_t kpk_once = PTHREAD_ONCE_INIT;

/* Squares here are 0..63: file + 8 * rank. */
static int file_of(int sq) { return sq & 7; }
static int rank_of(int sq) { return sq >> 3; }

static int distance(int a, int b)
{
    int df = abs(file_of(a) - file_of(b)), dr = abs(rank_of(a) - rank_of(b));
    return df > dr ? df : dr;
}

static int index_of(int pawn, int white_king, int black_king, int stm)
{
    int pawn_index = (rank_of(pawn) - 1) * 4 + file_of(pawn);
    return ((pawn_index * 64 + white_king) * 64 + black_king) * 2 + stm;
}

static bool pawn_attacks(int pawn, int sq)
{
    return rank_of(sq) == rank_of(pawn) + 1 && abs(file_of(sq) - file_of(pawn)) == 1;
}

/* The king's step `dir` (0..7) from sq, or -1 off the board. */
static int king_step(int sq, int dir)
{
    static const int DF[8] = {-1, 0, 1, -1, 1, -1, 0, 1}, DR[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
    int f = file_of(sq) + DF[dir], r = rank_of(sq) + DR[dir];
    return f < 0 || f > 7 || r < 0 || r > 7 ? -1 : f + 8 * r;
}

/* What a position is before any move is looked at. */
static Result classify(int pawn, int wk, int bk, int stm)
{
    if (wk == bk || wk == pawn || bk == pawn || distance(wk, bk) <= 1) return RESULT_INVALID;
    if (stm == STM_WHITE && pawn_attacks(pawn, bk)) return RESULT_INVALID;
    if (stm == STM_WHITE) {
        int queen = pawn + 8;
        if (rank_of(pawn) == 6 && wk != queen && bk != queen && (distance(bk, queen) > 1 || distance(wk, queen) == 1))
            return RESULT_WIN;
        return RESULT_UNKNOWN;
    }
    bool can_move = false;
    for (int dir = 0; dir < 8; dir++) {
        int to = king_step(bk, dir);
        if (to < 0 || distance(to, wk) <= 1 || pawn_attacks(pawn, to)) continue;
        if (to == pawn) return RESULT_DRAW; /* the pawn is taken */
        can_move = true;
    }
    if (!can_move) return pawn_attacks(pawn, bk) ? RESULT_WIN : RESULT_DRAW;
    return RESULT_UNKNOWN;
}

/* White to move: a win if some move reaches a won position (Black to move). */
static bool white_reaches_win(const uint8_t *results, int pawn, int wk, int bk)
{
    for (int dir = 0; dir < 8; dir++) {
        int to = king_step(wk, dir);
        if (to >= 0 && to != pawn && distance(to, bk) > 1 && results[index_of(pawn, to, bk, STM_BLACK)] == RESULT_WIN)
            return true;
    }
    if (rank_of(pawn) >= 6) return false; /* the promotion was judged by classify() */
    int one = pawn + 8, two = pawn + 16;
    if (one == wk || one == bk) return false;
    if (results[index_of(one, wk, bk, STM_BLACK)] == RESULT_WIN) return true;
    return rank_of(pawn) == 1 && two != wk && two != bk && results[index_of(two, wk, bk, STM_BLACK)] == RESULT_WIN;
}

/* Black to move: lost if every move reaches a won position (White to move). */
static bool black_cannot_escape(const uint8_t *results, int pawn, int wk, int bk)
{
    for (int dir = 0; dir < 8; dir++) {
        int to = king_step(bk, dir);
        if (to < 0 || distance(to, wk) <= 1 || pawn_attacks(pawn, to)) continue;
        if (results[index_of(pawn, wk, to, STM_WHITE)] != RESULT_WIN) return false;
    }
    return true;
}

static void kpk_generate(void)
{
    uint8_t *results = calloc(KPK_POSITIONS, 1);
    if (!results) return; /* no bitbase: every position reads as not won */
    for (int p = 0; p < PAWN_SQUARES; p++) {
        int pawn = (p / 4 + 1) * 8 + p % 4;
        for (int wk = 0; wk < 64; wk++)
            for (int bk = 0; bk < 64; bk++)
                for (int stm = 0; stm < 2; stm++)
                    results[index_of(pawn, wk, bk, stm)] = (uint8_t)classify(pawn, wk, bk, stm);
    }
    for (bool changed = true; changed;) {
        changed = false;
        for (int p = PAWN_SQUARES - 1; p >= 0; p--) { /* advanced pawns first: they settle sooner */
            int pawn = (p / 4 + 1) * 8 + p % 4;
            for (int wk = 0; wk < 64; wk++)
                for (int bk = 0; bk < 64; bk++)
                    for (int stm = 0; stm < 2; stm++) {
                        uint8_t *r = &results[index_of(pawn, wk, bk, stm)];
                        if (*r != RESULT_UNKNOWN) continue;
                        bool win = stm == STM_WHITE ? white_reaches_win(results, pawn, wk, bk)
                                                    : black_cannot_escape(results, pawn, wk, bk);
                        if (win) {
                            *r = RESULT_WIN;
                            changed = true;
                        }
                    }
        }
    }
    for (int i = 0; i < KPK_POSITIONS; i++)
        if (results[i] == RESULT_WIN) win_bits[i / 64] |= 1ull << (i % 64);
    free(results);
}

void kpk_init(void) { pthread_once(&kpk_once, kpk_generate); }

bool kpk_wins(Color pawn_side, Square strong_king, Square pawn, Square weak_king, Color to_move)
{
    kpk_init();
    /* The side with the pawn becomes White; its pawn goes to files a-d. */
    int flip_ranks = pawn_side == WHITE ? 0 : 56, flip_files = square_file(pawn) >= 4 ? 7 : 0;
    int p = (square_file(pawn) + 8 * square_rank(pawn)) ^ flip_ranks ^ flip_files;
    int wk = (square_file(strong_king) + 8 * square_rank(strong_king)) ^ flip_ranks ^ flip_files;
    int bk = (square_file(weak_king) + 8 * square_rank(weak_king)) ^ flip_ranks ^ flip_files;
    if (rank_of(p) < 1 || rank_of(p) > 6) return false;
    int i = index_of(p, wk, bk, to_move == pawn_side ? STM_WHITE : STM_BLACK);
    return (win_bits[i / 64] >> (i % 64)) & 1;
}
