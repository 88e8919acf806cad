/* test_validators.c - the debug builds' validators: move_ok() on hand-made move words and on
 * every generated move of the perft suite, position_move_ok() on moves that do not fit. */
#include "board.h"
#include "cases.h"
#include "epd_util.h"
#include "makemove.h"
#include "movegen.h"
#include "rules.h"
#include "test.h"

/* Squares by name, for the hand-made words. */
enum {
    SQ_E2 = 35,
    SQ_C3 = 43,
    SQ_D3 = 44,
    SQ_E3 = 45,
    SQ_E4 = 55,
    SQ_E5 = 65,
    SQ_D5 = 64,
    SQ_D6 = 74,
    SQ_E7 = 85,
    SQ_D7 = 84,
    SQ_B7 = 82,
    SQ_B2 = 32,
    SQ_F3 = 46
};

TEST_CASE(move_ok_accepts_well_formed_words)
{
    CHECK(move_ok(move_make(SQ_G1, SQ_F3, 0, EMPTY))); /* quiet */
    CHECK(move_ok(move_make(SQ_F3, SQ_E5, 0, PAWN)));  /* capture */
    CHECK(move_ok(move_make(SQ_F3, SQ_E5, 0, KING)));  /* refutes an illegal move */
    CHECK(move_ok(move_make(SQ_E2, SQ_E4, MOVE_FLAG_DOUBLE_PUSH, EMPTY)));
    CHECK(move_ok(move_make(SQ_E7, SQ_E5, MOVE_FLAG_DOUBLE_PUSH, EMPTY)));
    CHECK(move_ok(move_make(SQ_E1, SQ_H1, MOVE_FLAG_CASTLE, EMPTY))); /* the king takes its rook */
    CHECK(move_ok(move_make(SQ_E8, SQ_A8, MOVE_FLAG_CASTLE, EMPTY)));
    CHECK(move_ok(move_make(SQ_B1, SQ_C1, MOVE_FLAG_CASTLE, EMPTY))); /* Chess960: a rook next to the king */
    CHECK(move_ok(move_make(SQ_E5, SQ_D6, MOVE_FLAG_EN_PASSANT, PAWN)));
    CHECK(move_ok(move_make(SQ_E4, SQ_D3, MOVE_FLAG_EN_PASSANT, PAWN)));
    CHECK(move_ok(move_make_promotion(SQ_A7, SQ_A8, QUEEN, EMPTY)));
    CHECK(move_ok(move_make_promotion(SQ_B7, SQ_A8, KNIGHT, ROOK)));
    CHECK(move_ok(move_make_promotion(SQ_B2, SQ_A1, BISHOP, ROOK)));
    CHECK(move_ok(move_make_promotion(SQ_A2, SQ_A1, ROOK, EMPTY)));
}

TEST_CASE(move_ok_rejects_malformed_words)
{
    CHECK(!move_ok(MOVE_NONE));
    CHECK(!move_ok(move_make(0, SQ_E4, 0, EMPTY)));                  /* origin off the mailbox */
    CHECK(!move_ok(move_make(SQ_E2, 30, 0, EMPTY)));                 /* destination on the border */
    CHECK(!move_ok(move_make(SQ_H1, SQ_H1 + 1, 0, EMPTY)));          /* one step past the h-file */
    CHECK(!move_ok(move_make(SQ_E2, SQ_E2, 0, EMPTY)));              /* no move */
    CHECK(!move_ok(move_make(SQ_F3, SQ_E5, 0, OFFBOARD)));           /* captures the border */
    CHECK(!move_ok(move_make(SQ_E2, SQ_E4, 0, EMPTY) | (1u << 24))); /* a stray bit */
    CHECK(!move_ok(move_make(SQ_E2, SQ_E4, 0, EMPTY) | (1u << 31)));
    CHECK(!move_ok(move_make(SQ_E2, SQ_E3, 0, EMPTY) | (2u << 14))); /* promotion piece, no flag */
    /* Two special flags at once. */
    CHECK(!move_ok(move_make(SQ_E2, SQ_E4, MOVE_FLAG_DOUBLE_PUSH | MOVE_FLAG_CASTLE, EMPTY)));
    CHECK(!move_ok(move_make(SQ_E5, SQ_D6, MOVE_FLAG_EN_PASSANT | MOVE_FLAG_PROMOTION, PAWN)));
    /* Castling: along a first rank, never a capture. */
    CHECK(!move_ok(move_make(SQ_E1, SQ_E8, MOVE_FLAG_CASTLE, EMPTY)));
    CHECK(!move_ok(move_make(SQ_E1 + 10, SQ_H1 + 10, MOVE_FLAG_CASTLE, EMPTY)));
    CHECK(!move_ok(move_make(SQ_E1, SQ_H1, MOVE_FLAG_CASTLE, ROOK)));
    /* E.p.: a diagonal step onto the sixth rank taking a pawn. */
    CHECK(!move_ok(move_make(SQ_E5, SQ_D6, MOVE_FLAG_EN_PASSANT, KNIGHT)));
    CHECK(!move_ok(move_make(SQ_E5, SQ_D6, MOVE_FLAG_EN_PASSANT, EMPTY)));
    CHECK(!move_ok(move_make(SQ_E4, SQ_D5, MOVE_FLAG_EN_PASSANT, PAWN)));
    CHECK(!move_ok(move_make(SQ_E5, SQ_E5 + 10, MOVE_FLAG_EN_PASSANT, PAWN)));
    /* Double push: two ranks up the file from the second rank, never a capture. */
    CHECK(!move_ok(move_make(SQ_E3, SQ_E5, MOVE_FLAG_DOUBLE_PUSH, EMPTY)));
    CHECK(!move_ok(move_make(SQ_E2, SQ_E3, MOVE_FLAG_DOUBLE_PUSH, EMPTY)));
    CHECK(!move_ok(move_make(SQ_E2, SQ_E4, MOVE_FLAG_DOUBLE_PUSH, PAWN)));
    CHECK(!move_ok(move_make(SQ_E7, SQ_E5 + 10, MOVE_FLAG_DOUBLE_PUSH, EMPTY)));
    /* Promotion: onto the last rank, straight when quiet, diagonal when it captures. */
    CHECK(!move_ok(move_make_promotion(SQ_D6, SQ_D7, QUEEN, EMPTY)));
    CHECK(!move_ok(move_make_promotion(SQ_A7, SQ_A8, QUEEN, ROOK)));
    CHECK(!move_ok(move_make_promotion(SQ_B7, SQ_A8, QUEEN, EMPTY)));
    CHECK(!move_ok(move_make_promotion(SQ_A7, SQ_C8, QUEEN, ROOK)));
}

TEST_CASE(position_move_ok_needs_the_move_to_fit)
{
    static Position pos;
    position_set_start(&pos);
    CHECK(position_move_ok(&pos, move_make(SQ_E2, SQ_E4, MOVE_FLAG_DOUBLE_PUSH, EMPTY)));
    CHECK(position_move_ok(&pos, move_make(SQ_G1, SQ_F3, 0, EMPTY)));
    CHECK(!position_move_ok(&pos, move_make(SQ_E7, SQ_E5, MOVE_FLAG_DOUBLE_PUSH, EMPTY))); /* Black's man */
    CHECK(!position_move_ok(&pos, move_make(SQ_E3, SQ_E4, 0, EMPTY)));                     /* no man there */
    CHECK(!position_move_ok(&pos, move_make(SQ_E2, SQ_E4, 0, EMPTY)));                     /* flag missing */
    CHECK(!position_move_ok(&pos, move_make(SQ_E2, SQ_E3, 0, PAWN)));                      /* nothing to take */
    CHECK(!position_move_ok(&pos, move_make(SQ_G1, SQ_E2, 0, PAWN)));                      /* takes its own */
    if (!setup_fen(&pos, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")) return;
    CHECK(position_move_ok(&pos, move_make(SQ_E5, SQ_D6, MOVE_FLAG_EN_PASSANT, PAWN)));
    CHECK(!position_move_ok(&pos, move_make(SQ_E5, SQ_D6, 0, PAWN))); /* nothing on d6 */
    CHECK(!position_move_ok(&pos, move_make(SQ_E5, SQ_D5, 0, PAWN))); /* sideways */
    /* Only a pawn pushes two, only the king castles: words move_ok() accepts. */
    if (!setup_fen(&pos, "4k3/8/8/8/8/8/4N3/3KQ3 w - - 0 1")) return;
    CHECK(!position_move_ok(&pos, move_make(SQ_E2, SQ_E4, MOVE_FLAG_DOUBLE_PUSH, EMPTY)));
    CHECK(!position_move_ok(&pos, move_make(SQ_E1, SQ_D1, MOVE_FLAG_CASTLE, EMPTY)));
    CHECK(position_move_ok(&pos, move_make(SQ_E2, SQ_C3, 0, EMPTY)));
    /* Castling needs the right, the king and its own rook on the square it names. */
    if (!setup_fen(&pos, "4k3/8/8/8/8/8/8/R3K2R w K - 0 1")) return;
    CHECK(position_move_ok(&pos, move_make(SQ_E1, SQ_H1, MOVE_FLAG_CASTLE, EMPTY)));
    CHECK(!position_move_ok(&pos, move_make(SQ_E1, SQ_A1, MOVE_FLAG_CASTLE, EMPTY))); /* no right there */
    CHECK(!position_move_ok(&pos, move_make(SQ_E1, SQ_G1, MOVE_FLAG_CASTLE, EMPTY))); /* no rook there */
}

/* Every pseudo-legal move of every suite position, and of every position one legal move on. */
static void check_generated(Position *pos, const EpdEntry *entry, int depth)
{
    MoveList list;
    generate_moves(pos, GEN_ALL, &list);
    for (int i = 0; i < list.count; i++) {
        if (!move_ok(list.moves[i]) || !position_move_ok(pos, list.moves[i])) {
            FAIL("%s: generated move word %08x fails the validators", entry->fen, (unsigned)list.moves[i]);
            return;
        }
    }
    if (depth == 0) return;
    MoveList legal;
    generate_legal(pos, &legal);
    for (int i = 0; i < legal.count; i++) {
        make_move(pos, legal.moves[i]);
        check_generated(pos, entry, depth - 1);
        unmake_move(pos);
    }
}

static void visit_generated(Position *pos, const EpdEntry *entry, void *ctx)
{
    (void)ctx;
    check_generated(pos, entry, 1);
}

TEST_CASE(move_ok_accepts_every_generated_move)
{
    CHECK(epd_for_each_position(visit_generated, NULL) > 0);
    CHECK(epd_for_each_position_of(EPD_SUITE_CHESS960, visit_generated, NULL) > 0);
}

/* position_ok() sees one wrong byte anywhere it looks: the border, the board, the lists, the key. */
TEST_CASE(position_ok_catches_corruption)
{
    static Position start, pos;
    position_set_start(&start);
    CHECK(position_ok(&start));
    position_copy(&pos, &start);
    pos.board[0] = EMPTY; /* a border cell */
    CHECK(!position_ok(&pos));
    position_copy(&pos, &start);
    pos.board[SQ_H8 + 1] = EMPTY; /* the border right of h8 */
    CHECK(!position_ok(&pos));
    position_copy(&pos, &start);
    pos.board[SQ_E4] = (int8_t)piece_make(WHITE, PAWN); /* a man in no list */
    CHECK(!position_ok(&pos));
    position_copy(&pos, &start);
    pos.index[SQ_E4] = 1; /* an empty square's unused index byte */
    CHECK(!position_ok(&pos));
    position_copy(&pos, &start);
    pos.men[WHITE][QUEEN][PIECE_LIST_MAX - 1] = SQ_D1; /* an unused list slot */
    CHECK(!position_ok(&pos));
    position_copy(&pos, &start);
    pos.material[BLACK] -= 100;
    CHECK(!position_ok(&pos));
    position_copy(&pos, &start);
    pos.key ^= 1;
    CHECK(!position_ok(&pos));
}
