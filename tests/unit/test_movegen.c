/* test_movegen.c - move_is_pseudo_legal, the test by which the search tries a killer or a table
 * move before it generates: it must accept exactly the words GEN_ALL gives, here against the
 * moves of every position two plies on from each position of the perft suite (the same side to
 * move, as a killer of the same ply is), and against corrupted words. */
#include "cases.h"
#include "epd_util.h"
#include "makemove.h"
#include "movegen.h"
#include "notation.h"
#include "test.h"

typedef struct {
    Position root;       /* the position the words are tried on */
    MoveList root_moves; /* its GEN_ALL list */
    long tried, accepted;
} PseudoTally;

static bool listed(const MoveList *list, Move m)
{
    for (int i = 0; i < list->count; i++)
        if (list->moves[i] == m) return true;
    return false;
}

static void try_word(PseudoTally *tally, Move m)
{
    const bool want = listed(&tally->root_moves, m), got = move_is_pseudo_legal(&tally->root, m);
    tally->tried++;
    tally->accepted += got;
    if (want == got) return;
    char text[MOVE_TEXT_MAX], fen[FEN_MAX];
    move_to_uci(m, false, text);
    fen_write(&tally->root, fen, sizeof fen);
    FAIL("%s (word %08x) in %s: move_is_pseudo_legal says %d, the generator %d", text, m, fen, got, want);
}

/* The moves of a position two plies on, and each with its flags, capture or promotion bits
 * changed, tried on the root. */
static void try_grandchild(Position *pos, Move m, void *ctx)
{
    PseudoTally *tally = ctx;
    make_move(pos, m);
    MoveList list;
    generate_moves(pos, GEN_ALL, &list);
    for (int i = 0; i < list.count; i++) {
        const Move w = list.moves[i];
        try_word(tally, w);
        try_word(tally, w ^ ((Move)PAWN << 28));    /* another captured man */
        try_word(tally, w ^ MOVE_FLAG_DOUBLE_PUSH); /* a double push, or not */
        try_word(tally, w ^ ((Move)1 << 14));       /* another promotion piece */
    }
    unmake_move(pos);
}

static void try_child(Position *pos, Move m, void *ctx)
{
    make_move(pos, m);
    for_each_legal_move(pos, try_grandchild, ctx);
    unmake_move(pos);
}

static void visit_position(Position *pos, const EpdEntry *entry, void *ctx)
{
    (void)entry;
    PseudoTally *tally = ctx;
    position_copy(&tally->root, pos);
    generate_moves(pos, GEN_ALL, &tally->root_moves);
    for (int i = 0; i < tally->root_moves.count; i++) try_word(tally, tally->root_moves.moves[i]);
    for_each_legal_move(pos, try_child, ctx);
}

TEST_CASE(pseudo_legal_test_accepts_exactly_the_generated_words)
{
    static PseudoTally tally;
    epd_for_each_position(visit_position, &tally);
    CHECK(tally.tried > 100000);
    CHECK(tally.accepted > 10000);
}
