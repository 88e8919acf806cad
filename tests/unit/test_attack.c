/* test_attack.c - the check test without making the move (quiet_move_gives_check) against
 * making it, and the generator's quiet-check candidates (GEN_QUIET_CHECK_CANDIDATES), over the
 * perft suite and every position one move from it. */
#include "attack.h"
#include "cases.h"
#include "epd_util.h"
#include "makemove.h"
#include "notation.h"
#include "test.h"

typedef struct {
    long moves, checks, candidates;
} CheckTally;

/* GEN_QUIET_CHECK_CANDIDATES: GEN_QUIET's moves in GEN_QUIET's order, without castling, and
 * every quiet check among them. */
static void compare_candidates(Position *pos, const MoveList *quiet, CheckTally *tally)
{
    MoveList candidates;
    generate_moves(pos, GEN_QUIET_CHECK_CANDIDATES, &candidates);
    tally->candidates += candidates.count;
    char fen[FEN_MAX];
    int c = 0;
    for (int i = 0; i < quiet->count; i++) {
        Move m = quiet->moves[i];
        bool listed = c < candidates.count && candidates.moves[c] == m;
        if (listed) c++;
        if (listed || move_is_castle(m) || !quiet_move_gives_check(pos, m)) continue;
        char text[MOVE_TEXT_MAX];
        move_to_uci(m, false, text);
        fen_write(pos, fen, sizeof fen);
        FAIL("%s checks in %s but is not a candidate", text, fen);
    }
    if (c != candidates.count) {
        fen_write(pos, fen, sizeof fen);
        FAIL("%d of %d candidates in %s are not quiet moves in generation order", candidates.count - c,
             candidates.count, fen);
    }
}

/* Every quiet pseudo-legal move of pos (castling aside): the prediction must equal the truth. */
static void compare_quiet_moves(Position *pos, CheckTally *tally)
{
    MoveList list;
    generate_moves(pos, GEN_QUIET, &list);
    compare_candidates(pos, &list, tally);
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (move_is_castle(m)) continue;
        bool predicted = quiet_move_gives_check(pos, m);
        make_move(pos, m);
        bool truth = position_in_check(pos);
        unmake_move(pos);
        tally->moves++;
        tally->checks += truth;
        if (predicted != truth) {
            char text[MOVE_TEXT_MAX], fen[FEN_MAX];
            move_to_uci(m, false, text);
            fen_write(pos, fen, sizeof fen);
            FAIL("%s in %s: predicted %s, it %s", text, fen, predicted ? "check" : "no check",
                 truth ? "checks" : "does not check");
        }
    }
}

static void visit_child(Position *pos, Move m, void *ctx)
{
    make_move(pos, m);
    compare_quiet_moves(pos, ctx);
    unmake_move(pos);
}

static void visit_position(Position *pos, const EpdEntry *entry, void *ctx)
{
    (void)entry;
    compare_quiet_moves(pos, ctx);
    for_each_legal_move(pos, visit_child, ctx);
}

TEST_CASE(attack_quiet_check_prediction_matches_making_the_move)
{
    CheckTally tally = {0, 0, 0};
    CHECK(epd_for_each_position(visit_position, &tally) > 100);
    /* Enough of them that direct and discovered checks are both exercised (78006 moves, 4261
     * checks when this was written). */
    if (tally.moves < 50000 || tally.checks < 1000)
        FAIL("only %ld moves, %ld checks compared", tally.moves, tally.checks);
    /* The candidates are a real filter: fewer than two thirds of the quiet moves. */
    if (tally.candidates * 3 > tally.moves * 2)
        FAIL("%ld candidates of %ld quiet moves", tally.candidates, tally.moves);
}
