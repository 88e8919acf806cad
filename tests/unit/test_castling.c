/* test_castling.c - castling from any start (Chess960 and standard): the position after castling
 * in every corner configuration, unmake, the notation of castling, the start arrays. */
#include <string.h>

#include "board.h"
#include "cases.h"
#include "epd_util.h"
#include "fen.h"
#include "makemove.h"
#include "notation.h"
#include "start_array.h"
#include "test.h"

/* A castling move (king takes rook, as Chess960 writes it) and the position after it. */
typedef struct {
    const char *fen;
    const char *move;  /* "e1g1": the king's square, then its rook's */
    const char *san;   /* O-O or O-O-O */
    const char *after; /* the FEN after the move */
} CastleCase;

static const CastleCase castle_cases[] = {
    /* The standard corners, written king takes rook. */
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "O-O", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1a1", "O-O-O", "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8h8", "O-O", "r4rk1/8/8/8/8/8/8/R3K2R w KQ - 1 2"},
    {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8a8", "O-O-O", "2kr3r/8/8/8/8/8/8/R3K2R w KQ - 1 2"},
    /* The rook on the king's destination (g1), and a b-file rook that passes the king's (c1). */
    {"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1", "e1g1", "O-O",
     "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1"},
    {"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1", "e1b1", "O-O-O", "1r2k1r1/8/8/8/8/8/8/2KR2R1 b kq - 1 1"},
    {"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 b KQkq - 0 1", "e8g8", "O-O",
     "1r3rk1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQ - 1 2"},
    {"1r2k1r1/8/8/8/8/8/8/1R2K1R1 b KQkq - 0 1", "e8b8", "O-O-O", "2kr2r1/8/8/8/8/8/8/1R2K1R1 w KQ - 1 2"},
    /* The king already on its destination: only the rook moves. */
    {"r5kr/8/8/8/8/8/8/R5KR w KQkq - 0 1", "g1h1", "O-O", "r5kr/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
    {"r1k4r/8/8/8/8/8/8/R1K4R w KQkq - 0 1", "c1a1", "O-O-O", "r1k4r/8/8/8/8/8/8/2KR3R b kq - 1 1"},
    /* A king on the b-file castling to the a side moves towards the h-file. */
    {"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", "b1a1", "O-O-O", "rk5r/8/8/8/8/8/8/2KR3R b kq - 1 1"},
    {"rk5r/8/8/8/8/8/8/RK5R b KQkq - 0 1", "b8a8", "O-O-O", "2kr3r/8/8/8/8/8/8/RK5R w KQ - 1 2"},
    {"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", "b1h1", "O-O", "rk5r/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
    /* King and rook trade squares. */
    {"3r1kr1/pppppppp/8/8/8/8/PPPPPPPP/3R1KR1 w KQkq - 0 1", "f1g1", "O-O",
     "3r1kr1/pppppppp/8/8/8/8/PPPPPPPP/3R1RK1 b kq - 1 1"},
    {"2rk3r/pppppppp/8/8/8/8/PPPPPPPP/2RK3R w KQkq - 0 1", "d1c1", "O-O-O",
     "2rk3r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1"},
    {"2rk3r/pppppppp/8/8/8/8/PPPPPPPP/2RK3R b KQkq - 0 1", "d8c8", "O-O-O",
     "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/2RK3R w KQ - 1 2"},
    /* The king on g1 castling to the a side, its rook on f1. */
    {"5rkr/pppppppp/8/8/8/8/PPPPPPPP/5RKR w KQkq - 0 1", "g1f1", "O-O-O",
     "5rkr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1"},
};

/* Castling moves that are not legal: the move and why. */
typedef struct {
    const char *fen;
    const char *move;
    const char *why;
} NoCastle;

static const NoCastle no_castles[] = {
    /* The b-file rook hides c1 from the a-file queen until it moves to d1. */
    {"4k3/8/8/8/8/8/8/qR2K3 w Q - 0 1", "e1b1", "the rook shields c1 from the queen"},
    {"4k3/8/8/8/8/8/8/rR2K3 w Q - 0 1", "e1b1", "the rook shields c1 from the rook"},
    /* The rook's destination f1 is taken by the other rook; the king's c1 seen by a rook. */
    {"2rk3r/8/8/8/8/8/8/2RK3R w KQkq - 0 1", "d1c1", "c1 is attacked along the c-file"},
    {"5rkr/8/8/8/8/8/8/5RKR w KQkq - 0 1", "g1h1", "f1 is not empty"},
    /* A square the king passes on its way from b1 to g1 is attacked. */
    {"4k3/8/8/8/8/8/6b1/RK5R w KQ - 0 1", "b1h1", "f1 is attacked"},
    {"4k3/8/8/8/8/8/8/RK4rR w KQ - 0 1", "b1h1", "a black rook stands on g1, giving check"},
    /* In check. */
    {"4k3/8/8/8/8/8/8/RK3r1R w KQ - 0 1", "b1a1", "the king is in check"},
};

/* Whole-position equality as unmake promises it (engine's bytes, not only the FEN). */
static bool same_position(const Position *a, const Position *b)
{
    return memcmp(a->board, b->board, sizeof a->board) == 0 && memcmp(a->men, b->men, sizeof a->men) == 0
           && memcmp(a->index, b->index, sizeof a->index) == 0 && a->key == b->key && a->castling == b->castling
           && a->side == b->side && a->halfmove == b->halfmove && a->fullmove == b->fullmove;
}

TEST_CASE(castling_in_every_corner_configuration)
{
    static Position pos, before;
    for (size_t i = 0; i < sizeof castle_cases / sizeof castle_cases[0]; i++) {
        const CastleCase *c = &castle_cases[i];
        if (!setup_fen(&pos, c->fen)) continue;
        char error[64], san[MOVE_TEXT_MAX], fen[FEN_MAX];
        Move m = move_from_uci(&pos, c->move, true, error, sizeof error);
        if (m == MOVE_NONE) {
            FAIL("%s: %s not legal (%s)", c->fen, c->move, error);
            continue;
        }
        CHECK(move_is_castle(m));
        move_to_san(&pos, m, san);
        if (strcmp(san, c->san) != 0) FAIL("%s: %s written %s, not %s", c->fen, c->move, san, c->san);
        position_copy(&before, &pos);
        make_move(&pos, m);
        CHECK(position_ok(&pos));
        fen_write(&pos, fen, sizeof fen);
        if (strcmp(fen, c->after) != 0) FAIL("%s: after %s: %s, expected %s", c->fen, c->move, fen, c->after);
        unmake_move(&pos);
        if (!same_position(&pos, &before)) FAIL("%s: unmake of %s is not exact", c->fen, c->move);
    }
}

TEST_CASE(castling_refused_where_the_rules_forbid)
{
    static Position pos;
    for (size_t i = 0; i < sizeof no_castles / sizeof no_castles[0]; i++) {
        const NoCastle *c = &no_castles[i];
        if (!setup_fen(&pos, c->fen)) continue;
        char error[64];
        if (move_from_uci(&pos, c->move, true, error, sizeof error) != MOVE_NONE)
            FAIL("%s: %s is legal though %s", c->fen, c->move, c->why);
    }
}

TEST_CASE(castling_notation_follows_the_mode)
{
    static Position pos;
    if (!setup_fen(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")) return;
    char error[96], text[MOVE_TEXT_MAX];
    /* Standard chess: the king's two squares; Chess960: the king takes its rook. */
    Move short_castle = move_from_uci(&pos, "e1g1", false, error, sizeof error);
    CHECK(move_is_castle(short_castle));
    CHECK(move_from_uci(&pos, "e1h1", true, error, sizeof error) == short_castle);
    move_to_uci(short_castle, false, text);
    CHECK(strcmp(text, "e1g1") == 0);
    move_to_uci(short_castle, true, text);
    CHECK(strcmp(text, "e1h1") == 0);
    move_to_text(short_castle, CASTLING_AS_O_O, text);
    CHECK(strcmp(text, "O-O") == 0);
    move_to_text(move_from_uci(&pos, "e1a1", true, error, sizeof error), CASTLING_AS_O_O, text);
    CHECK(strcmp(text, "O-O-O") == 0);
    /* The other mode's spelling is refused, saying why. */
    CHECK(move_from_uci(&pos, "e1h1", false, error, sizeof error) == MOVE_NONE);
    expect_reason("e1h1 in standard chess", true, error, "castling is written as the king's two-square move");
    CHECK(move_from_uci(&pos, "e1c1", true, error, sizeof error) == MOVE_NONE);
    expect_reason("e1c1 in Chess960", true, error, "castling is written as the king taking its own rook");
    /* SAN is the same in both. */
    CHECK(move_parse(&pos, "O-O-O", true, error, sizeof error)
          == move_parse(&pos, "0-0-0", false, error, sizeof error));
    /* Chess960, king f1 and rook h1: f1g1 is the king's step, f1h1 castling. */
    if (!setup_fen(&pos, "4k3/8/8/8/8/8/8/5K1R w K - 0 1")) return;
    Move step = move_from_uci(&pos, "f1g1", true, error, sizeof error),
         castle = move_from_uci(&pos, "f1h1", true, error, sizeof error);
    CHECK(step != MOVE_NONE && !move_is_castle(step));
    CHECK(move_is_castle(castle));
}

TEST_CASE(castling_rights_geometry_and_letters)
{
    static Position pos;
    if (!setup_fen(&pos, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")) return;
    CHECK(castling_rights_standard(&pos.castle, pos.castling));
    if (!setup_fen(&pos, "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1")) return;
    CHECK(!castling_rights_standard(&pos.castle, pos.castling));
    CHECK(castling_letter(&pos.castle, pos.board, 0) == 'K' && castling_letter(&pos.castle, pos.board, 3) == 'q');
    /* A rook moving off its square, or taken there, ends that right alone; the king's move both. */
    CHECK(play_moves(&pos, "g1g2"));
    CHECK(pos.castling == (CASTLE_WQ | CASTLE_BK | CASTLE_BQ));
    CHECK(play_moves(&pos, "e8d8"));
    CHECK(pos.castling == CASTLE_WQ);
    CHECK(play_moves(&pos, "g2g8 d8c7 g8b8"));
    CHECK(pos.castling == CASTLE_WQ);
    if (!setup_fen(&pos, "1r2k1r1/8/8/8/8/8/8/1R2K1R1 b KQkq - 0 1")) return;
    CHECK(play_moves(&pos, "b8b1"));
    CHECK(pos.castling == (CASTLE_WK | CASTLE_BK));
    /* Two rooks on one side: the inner one's right is written with its file. */
    if (!setup_fen(&pos, "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1")) return;
    CHECK(castling_letter(&pos.castle, pos.board, 1) == 'B');
}

TEST_CASE(start_arrays_numbered_as_chess960_numbers_them)
{
    StartArray array;
    char fen[FEN_MAX];
    CHECK(start_array_from_number(START_ARRAY_STANDARD, &array));
    start_array_fen(&array, fen, sizeof fen);
    CHECK(strcmp(fen, START_FEN) == 0);
    CHECK(start_array_from_number(0, &array));
    start_array_fen(&array, fen, sizeof fen);
    CHECK(strcmp(fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1") == 0);
    CHECK(start_array_from_number(959, &array));
    start_array_fen(&array, fen, sizeof fen);
    CHECK(strcmp(fen, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1") == 0);
    CHECK(!start_array_from_number(-1, &array) && !start_array_from_number(START_ARRAY_COUNT, &array));
    /* Every number names an array that reads back as itself, a legal start position with
     * its home squares (the minor pieces, the queen) where the array has them. */
    static Position pos;
    for (int n = 0; n < START_ARRAY_COUNT; n++) {
        CHECK(start_array_from_number(n, &array));
        if (start_array_number(array.rank) != n) FAIL("array %d reads back as %d", n, start_array_number(array.rank));
        start_array_fen(&array, fen, sizeof fen);
        if (!setup_fen(&pos, fen)) continue;
        if (memcmp(&pos.home, &array, sizeof array) != 0) FAIL("%s: home squares not the array's", fen);
        for (int i = 0; i < START_ARRAY_MINORS; i++)
            if (pos.board[start_array_home(BLACK, array.minor_file[i])] != piece_make(BLACK, array.minor_type[i]))
                FAIL("%s: minor piece %d misplaced", fen, i);
    }
    /* A position that is no start array keeps the standard home squares. */
    if (!setup_fen(&pos, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")) return;
    start_array_standard(&array);
    CHECK(memcmp(&pos.home, &array, sizeof array) == 0);
}
