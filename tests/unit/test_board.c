/* test_board.c - the geometry tables of board.h against the squares' files and ranks, and the
 * legality test without make (legality.c) against making every pseudo-legal move of the perft
 * suite and of every position one move from it. */
#include "attack.h"
#include "board.h"
#include "cases.h"
#include "epd_util.h"
#include "legality.h"
#include "makemove.h"
#include "notation.h"
#include "test.h"

/* Whether stepping from `from` by `step` reaches `to` over playing squares only. */
static bool walk_reaches(Square from, Square to, int step)
{
    for (Square t = from + step; square_ok(t); t += step)
        if (t == to) return true;
    return false;
}

static bool among(const int *offsets, int n, int delta)
{
    for (int i = 0; i < n; i++)
        if (offsets[i] == delta) return true;
    return false;
}

/* square_relation_of against walking the mailbox: the step reaches the square, no other queen
 * step does, and the attackers are the men whose moves do. */
TEST_CASE(board_square_relations)
{
    for (Square from = SQ_A1; from <= SQ_H8; from++) {
        for (Square to = SQ_A1; to <= SQ_H8; to++) {
            if (!square_ok(from) || !square_ok(to)) continue;
            const SquareRelation r = square_relation_of(from, to);
            int want_step = 0;
            for (int i = 0; i < 8; i++)
                if (walk_reaches(from, to, king_offsets[i])) want_step = king_offsets[i];
            uint8_t want = 0;
            if (want_step) want |= step_is_diagonal(want_step) ? RELATION_DIAGONAL : RELATION_STRAIGHT;
            if (among(king_offsets, 8, to - from)) want |= RELATION_STEP;
            if (among(knight_offsets, 8, to - from)) want |= RELATION_JUMP;
            if (r.step != want_step || r.attackers != want)
                FAIL("relation %d -> %d: step %d attackers %d, expected %d and %d", from, to, r.step, r.attackers,
                     want_step, want);
        }
    }
}

/* Every pseudo-legal move of pos: the legality test without make must agree with making it. */
static void compare_legality(Position *pos, long *tested)
{
    MoveList list;
    LegalityInfo info;
    generate_moves(pos, GEN_ALL, &list);
    legality_prepare(pos, &info);
    if (info.in_check != position_in_check(pos)) FAIL("legality_prepare: check status wrong");
    for (int i = 0; i < list.count; i++) {
        const Move m = list.moves[i];
        const bool predicted = legality_check(pos, &info, m);
        make_move(pos, m);
        const bool truth = !enemy_king_capturable(pos);
        unmake_move(pos);
        (*tested)++;
        if (predicted == truth) continue;
        char text[MOVE_TEXT_MAX], fen[FEN_MAX];
        move_to_uci(m, false, text);
        fen_write(pos, fen, sizeof fen);
        FAIL("%s in %s: legality_check says %s", text, fen, predicted ? "legal" : "illegal");
    }
}

static void visit_child(Position *pos, Move m, void *ctx)
{
    make_move(pos, m);
    compare_legality(pos, ctx);
    unmake_move(pos);
}

static void visit_position(Position *pos, const EpdEntry *entry, void *ctx)
{
    (void)entry;
    compare_legality(pos, ctx);
    for_each_legal_move(pos, visit_child, ctx);
}

TEST_CASE(legality_check_matches_making_the_move)
{
    long tested = 0;
    epd_for_each_position(visit_position, &tested);
    /* Tens of thousands of moves, evasions among them: guard against an empty walk. */
    CHECK(tested > 10000);
}
