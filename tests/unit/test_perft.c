/* test_perft.c - the generator and make/unmake against tests/perft.epd's Stockfish counts and
 * tests/perft960.epd's Chess960 counts. */
#include <string.h>

#include "board.h"
#include "cases.h"
#include "epd_util.h"
#include "fen.h"
#include "perft.h"
#include "test.h"

/* Depths used besides the full list: perft_make_all() at the shallowest depth >= 2, and the
 * colour mirror at the deepest depth <= 3 (both cheap at those depths). */
enum { MAKE_ALL_MIN_DEPTH = 2, MIRROR_MAX_DEPTH = 3 };
/* The Chess960 suite lists counts to depth 5 or 6; `make test` runs the depths of at most this
 * many leaves (tests/long runs the rest). */
enum { PERFT960_LEAF_LIMIT = 1000000 };

typedef uint64_t (*PerftFn)(Position *pos, int depth);

typedef struct {
    int positions;
    uint64_t leaf_limit; /* depths with more leaves are left out (0: none) */
} PerftTally;

/* Compare one count; a mismatch names the position, the depth and both numbers. */
static void check_count(const char *label, const char *fen, int depth, uint64_t expected, uint64_t got)
{
    if (got != expected)
        FAIL("%s %s depth %d: expected %llu, got %llu", label, fen, depth, (unsigned long long)expected,
             (unsigned long long)got);
}

/* Index of the shallowest listed depth >= min_depth, or -1 if there is none. */
static int shallowest_at_least(const EpdEntry *entry, int min_depth)
{
    int best = -1;
    for (int i = 0; i < entry->depth_count; i++)
        if (entry->depth[i] >= min_depth && (best < 0 || entry->depth[i] < entry->depth[best])) best = i;
    return best;
}

/* Index of the deepest listed depth <= max_depth, or -1 if there is none. */
static int deepest_at_most(const EpdEntry *entry, int max_depth)
{
    int best = -1;
    for (int i = 0; i < entry->depth_count; i++)
        if (entry->depth[i] <= max_depth && (best < 0 || entry->depth[i] > entry->depth[best])) best = i;
    return best;
}

/* Run `fn` at the entry's i-th depth on pos and compare with the suite's count. */
static void run_depth(const char *label, PerftFn fn, Position *pos, const EpdEntry *entry, int i)
{
    check_count(label, entry->fen, entry->depth[i], entry->nodes[i], fn(pos, entry->depth[i]));
}

/* The colour-flipped twin must give the same counts, and flipping it back the same FEN. */
static void check_mirror(const Position *pos, const EpdEntry *entry)
{
    static Position mirror, back;
    int i = deepest_at_most(entry, MIRROR_MAX_DEPTH);
    if (i < 0) return;
    position_mirror(&mirror, pos);
    if (!CHECK(position_ok(&mirror))) return;
    run_depth("mirror of", perft, &mirror, entry, i);
    position_mirror(&back, &mirror);
    char original[FEN_MAX], twice[FEN_MAX];
    fen_write(pos, original, sizeof original);
    fen_write(&back, twice, sizeof twice);
    if (strcmp(original, twice) != 0) FAIL("mirrored twice %s gives %s", original, twice);
}

static void check_entry(Position *pos, const EpdEntry *entry, void *ctx)
{
    PerftTally *tally = ctx;
    char before[FEN_MAX], after[FEN_MAX];
    const uint64_t key = pos->key;
    fen_write(pos, before, sizeof before);
    if (!CHECK(position_ok(pos))) FAIL("position_ok fails after reading %s", entry->fen);

    for (int i = 0; i < entry->depth_count; i++)
        if (!tally->leaf_limit || entry->nodes[i] <= tally->leaf_limit) run_depth("perft", perft, pos, entry, i);
    int make_all = shallowest_at_least(entry, MAKE_ALL_MIN_DEPTH);
    if (make_all >= 0) run_depth("perft_make_all", perft_make_all, pos, entry, make_all);
    check_mirror(pos, entry);

    fen_write(pos, after, sizeof after);
    if (strcmp(before, after) != 0) FAIL("perft changed %s into %s", before, after);
    if (pos->key != key) FAIL("perft changed the key of %s", entry->fen);
    if (pos->undo_len != 0) FAIL("perft left %d undo entries on %s", pos->undo_len, entry->fen);
    if (!position_ok(pos)) FAIL("position_ok fails after perft on %s", entry->fen);
    tally->positions++;
}

TEST_CASE(perft_suite)
{
    PerftTally tally = {0};
    int visited = epd_for_each_position(check_entry, &tally);
    CHECK(visited == epd_suite()->count);
    /* The suite is meant to exercise the generator broadly: guard against a truncated file. */
    CHECK(tally.positions >= 110);
}

TEST_CASE(perft_chess960_suite)
{
    PerftTally tally = {0, PERFT960_LEAF_LIMIT};
    int visited = epd_for_each_position_of(EPD_SUITE_CHESS960, check_entry, &tally);
    CHECK(visited == epd_suite_of(EPD_SUITE_CHESS960)->count);
    /* The published positions and the castling corner cases: guard against a truncated file. */
    CHECK(tally.positions >= 125);
}
