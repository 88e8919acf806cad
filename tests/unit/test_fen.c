/* test_fen.c - FEN reading and writing: suite round trips, rejected FENs, unusual good FENs. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "cases.h"
#include "epd_util.h"
#include "fen.h"
#include "test.h"

/* Length of the generated garbage inputs. */
enum { GARBAGE_LEN = 10000 };

static void check_round_trip(Position *pos, const EpdEntry *entry, void *ctx)
{
    (void)ctx;
    char written[FEN_MAX];
    fen_write(pos, written, sizeof written);
    if (strcmp(written, entry->fen) != 0) FAIL("FEN round trip: read %s, wrote %s", entry->fen, written);
    CHECK(position_ok(pos));
    CHECK(pos->undo_len == 0);
}

TEST_CASE(fen_round_trip_suite) { CHECK(epd_for_each_position(check_round_trip, NULL) > 0); }

/* Chess960: the FEN written (X-FEN, Shredder's letters where a right's rook is not the outermost)
 * reads back as the same position, castling geometry included, and is written the same again. */
static void check_chess960_round_trip(Position *pos, const EpdEntry *entry, void *ctx)
{
    (void)ctx;
    static Position again;
    char written[FEN_MAX], rewritten[FEN_MAX];
    fen_write(pos, written, sizeof written);
    if (!setup_fen(&again, written)) return;
    fen_write(&again, rewritten, sizeof rewritten);
    if (strcmp(written, rewritten) != 0) FAIL("%s: written %s, then %s", entry->fen, written, rewritten);
    if (again.key != pos->key || again.castling != pos->castling
        || memcmp(&again.castle, &pos->castle, sizeof pos->castle) != 0)
        FAIL("%s: %s does not read back as the same castling", entry->fen, written);
}

TEST_CASE(fen_round_trip_chess960_suite)
{
    CHECK(epd_for_each_position_of(EPD_SUITE_CHESS960, check_chess960_round_trip, NULL) > 100);
}

/* A FEN that must be refused, and a piece of the reason it must give. */
typedef struct {
    const char *fen;
    const char *reason;
} BadFen;

static const BadFen bad_fens[] = {
    /* Field count. */
    {"", "found 0"},
    {"      ", "found 0"},
    {"\t\n\r ", "found 0"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "found 4"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "found 5"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "found 7"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "found 1"},
    /* Board field: letters, rank widths, rank count. */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", "bad piece letter 'X'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN. w KQkq - 0 1", "bad piece letter '.'"},
    {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter '9'"},
    {"rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "bad piece letter '0'"},
    {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has more than 8 squares"},
    {"rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 has more than 8 squares"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR1 w KQkq - 0 1", "rank 1 has more than 8 squares"},
    {"4k3/8/8/8/8/8/8/44 w - - 0 1", "two digits in a row in rank 1"},
    {"4k3/8/8/8/8/8/8/11111111 w - - 0 1", "two digits in a row in rank 1"},
    {"4k3/8/8/8/8/8/8/K25 w - - 0 1", "two digits in a row in rank 1"},
    {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares, not 8"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1", "rank 1 has 7 squares, not 8"},
    {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "has 7 ranks, not 8"},
    {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "more than 8 ranks"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1", "more than 8 ranks"},
    {"//////// w - - 0 1", "rank 8 has 0 squares"},
    /* Men: kings, pawns on the edge ranks, too many. */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "white has 0 kings"},
    {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has 0 kings"},
    {"8/8/8/8/8/8/8/8 w - - 0 1", "has 0 kings"},
    {"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "white has 2 kings"},
    {"3kk3/8/8/8/8/8/8/4K3 w - - 0 1", "black has 2 kings"},
    {"4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "white pawn on rank 1"},
    {"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "white pawn on rank 8"},
    {"4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "black pawn on rank 1"},
    {"p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "black pawn on rank 8"},
    {"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "white has 9 pawns, more than 8"},
    {"4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", "black has 9 pawns, more than 8"},
    {"4k3/8/8/8/NNNNNNNN/8/PPPPPPPP/4K3 w - - 0 1", "white has 17 men, more than 16"},
    /* Side to move. */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move 'x' is not 'w' or 'b'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1", "side to move 'W'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", "side to move 'white'"},
    {"4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "the side not to move (black) is in check"},
    {"4k3/4r3/8/8/8/8/8/4K3 b - - 0 1", "the side not to move (white) is in check"},
    {"8/8/8/8/8/8/3k4/4K3 w - - 0 1", "is in check"},
    /* Castling. */
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkx - 0 1", "bad castling letter 'x'"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w K- - 0 1", "bad castling letter '-'"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkqK - 0 1", "castling letter 'K' gives the white king a second right on the h side"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w HAhaA - 0 1", "castling letter 'A' gives the white king a second right on the a side"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w KH - 0 1", "castling letter 'H' gives the white king a second right on the h side"},
    {"r3k2r/8/8/8/8/8/4K3/R6R w K - 0 1", "castling right 'K' but the white king is not on its first rank"},
    {"r6r/4k3/8/8/8/8/8/R3K2R w q - 0 1", "castling right 'q' but the black king is not on its first rank"},
    {"r3k2r/8/8/8/8/8/8/R3K3 w K - 0 1", "castling right 'K' but no white rook on the h side of the king"},
    {"r3k2r/8/8/8/8/8/8/4K2R w Q - 0 1", "castling right 'Q' but no white rook on the a side of the king"},
    {"r3k3/8/8/8/8/8/8/R3K2R w k - 0 1", "castling right 'k' but no black rook on the h side of the king"},
    {"r3k2R/8/8/8/8/8/8/R3K3 b k - 0 1", "castling right 'k' but no black rook on the h side"},
    {"7k/8/8/8/8/8/8/K6R w Q - 0 1", "castling right 'Q' but no white rook on the a side"},
    /* Shredder-FEN: the file of a rook of that colour on the king's first rank. */
    {"r3k2r/8/8/8/8/8/8/R3K2R w C - 0 1", "castling right 'C' but no white rook on c1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w E - 0 1", "castling right 'E' but no white rook on e1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w Hb - 0 1", "castling right 'b' but no black rook on b8"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w HAI - 0 1", "bad castling letter 'I'"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w HAha1 - 0 1", "bad castling letter '1'"},
    /* En passant. */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "must be on rank 6"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1", "must be on rank 3"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "no pawn just moved past it"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq d3 0 1", "no pawn just moved past it"},
    {"4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1", "the pawn's path is not empty"},
    {"4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1", "the pawn's path is not empty"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e 0 1", "bad en-passant square 'e'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e66 0 1", "bad en-passant square 'e66'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq i6 0 1", "bad en-passant square 'i6'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq E6 0 1", "bad en-passant square 'E6'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "bad en-passant square 'e9'"},
    /* An e.p. square with a check the double push cannot have given (a bishop's, a rook's). */
    {"8/8/8/8/k3P3/8/2B5/4K3 b - e3 0 1", "impossible en-passant square: black already in check"},
    {"4k3/8/8/8/4P3/8/8/r3K3 b - e3 0 1", "the side not to move (white) is in check"},
    {"4k3/8/8/3pP3/8/8/8/4K2r w - d6 0 1", "impossible en-passant square: white already in check"},
    /* Counters. */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "halfmove clock 'x' is not a number"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock '-1' is not a number"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - +3 1", "halfmove clock '+3' is not a number"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 99999999999999999999 1",
     "halfmove clock '99999999999999999999' is out of range"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmove number '0' is out of range"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 abc", "fullmove number 'abc' is not a number"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1.5", "fullmove number '1.5' is not a number"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -2", "fullmove number '-2' is not a number"},
    /* Binary bytes. */
    {"\x01\x02\x03\x7f", "found 1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xff w KQkq - 0 1", "bad piece letter"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR \x80 KQkq - 0 1", "side to move"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 \xc3\xa9", "fullmove number"},
};

/* Long inputs built at run time: one 10,000-character word, and a FEN whose castling
 * field is 10,000 characters long. */
static void check_long_garbage(Position *pos, const Position *saved)
{
    char *text = malloc(GARBAGE_LEN + 64);
    if (!CHECK(text != NULL)) return;
    char error[FEN_ERROR_MAX];
    for (int i = 0; i < GARBAGE_LEN; i++) text[i] = (char)('!' + (i * 7) % 90);
    text[GARBAGE_LEN] = '\0';
    expect_reason("10,000-character word", !fen_read(pos, text, error, sizeof error), error, "found 1");
    CHECK(memcmp(pos, saved, sizeof *pos) == 0);

    strcpy(text, "4k3/8/8/8/8/8/8/4K2R w ");
    size_t head = strlen(text);
    memset(text + head, 'K', GARBAGE_LEN - head);
    strcpy(text + GARBAGE_LEN, " - 0 1");
    expect_reason("10,000-character castling field", !fen_read(pos, text, error, sizeof error), error, "too long");
    CHECK(memcmp(pos, saved, sizeof *pos) == 0);

    /* Many short fields: the splitter must stop storing after the seventh. */
    for (int i = 0; i < GARBAGE_LEN; i++) text[i] = i % 2 ? ' ' : 'w';
    text[GARBAGE_LEN] = '\0';
    expect_reason("5,000 one-letter fields", !fen_read(pos, text, error, sizeof error), error, "found 5000");
    CHECK(memcmp(pos, saved, sizeof *pos) == 0);
    free(text);
}

TEST_CASE(fen_rejects_bad_input)
{
    /* The target holds a real game (with undo history) that a failed read must not touch. */
    static Position pos, saved;
    if (!setup_fen(&pos, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")) return;
    if (!play_moves(&pos, "e1g1 h3g2")) return;
    memcpy(&saved, &pos, sizeof pos);

    const int n = (int)(sizeof bad_fens / sizeof bad_fens[0]);
    CHECK(n >= 35);
    for (int i = 0; i < n; i++) {
        char error[FEN_ERROR_MAX] = "";
        bool ok = fen_read(&pos, bad_fens[i].fen, error, sizeof error);
        expect_reason(bad_fens[i].fen, !ok, error, bad_fens[i].reason);
        if (memcmp(&pos, &saved, sizeof pos) != 0) {
            FAIL("rejected FEN \"%s\" changed the target position", bad_fens[i].fen);
            memcpy(&pos, &saved, sizeof pos);
        }
    }
    check_long_garbage(&pos, &saved);

    /* A NULL FEN, and a NULL or zero-size error buffer, are survived. */
    char error[FEN_ERROR_MAX];
    CHECK(!fen_read(&pos, NULL, error, sizeof error));
    CHECK(!fen_read(&pos, "garbage", NULL, 0));
    CHECK(!fen_read(&pos, "garbage", error, 0));
    CHECK(memcmp(&pos, &saved, sizeof pos) == 0);
}

/* A FEN that must be accepted, and the canonical FEN it must write back. */
typedef struct {
    const char *fen;
    const char *written;
} GoodFen;

static const GoodFen good_fens[] = {
    {"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  KQkq   -  0   1  ",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw\tKQkq\t-\t0\t1\r\n",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
    {"rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 2",
     "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 2"},
    /* An e.p. square with the check the double push gave: by the pawn, or by the line it opened. */
    {"8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1", "8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1"},
    {"8/8/k7/8/4P3/8/8/4KB2 b - e3 0 1", "8/8/k7/8/4P3/8/8/4KB2 b - e3 0 1"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"},
    /* Castling letters in any order are written in the canonical order. */
    {"r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
    /* Leading zeros and big counters. */
    {"4k3/8/8/8/8/8/8/4K2R w K - 007 0042", "4k3/8/8/8/8/8/8/4K2R w K - 7 42"},
    {"4k3/8/8/8/8/8/8/4K2R b - - 150 2000", "4k3/8/8/8/8/8/8/4K2R b - - 150 2000"},
    /* Black to move in check, and a lone-kings position. */
    {"4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", "4k3/8/8/8/8/8/4R3/4K3 b - - 0 1"},
    {"8/8/8/3k4/8/8/8/K7 w - - 0 1", "8/8/8/3k4/8/8/8/K7 w - - 0 1"},
    /* Sixteen men per side without castling rights. */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
    /* Shredder-FEN's file letters for the standard rights are written as X-FEN's KQkq. */
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w AhHa - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
    /* Chess960 (X-FEN): KQkq name the outermost rooks, wherever king and rooks stand. */
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
     "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
    {"nrkqrbb1/ppp1pppp/3p4/8/4P3/2Pn1P2/PP4PP/NRKQRBBN w KQkq - 0 9",
     "nrkqrbb1/ppp1pppp/3p4/8/4P3/2Pn1P2/PP4PP/NRKQRBBN w KQkq - 0 9"},
    {"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1"},
    /* A right whose rook is not the outermost: the file letter (Shredder-FEN), as X-FEN has it. */
    {"rk2r3/8/8/8/8/8/8/RK2R2R w Eea - 0 1", "rk2r3/8/8/8/8/8/8/RK2R2R w Ekq - 0 1"},
    {"4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1", "4k3/8/8/8/8/8/8/R1R1K3 w C - 0 1"},
    {"4k3/8/8/8/8/8/8/R1R1K3 w Q - 0 1", "4k3/8/8/8/8/8/8/R1R1K3 w Q - 0 1"},
    /* Kings on b and g with the rook beside them; a king in the corner with one right. */
    {"1rk3r1/8/8/8/8/8/8/1RK3R1 w KQkq - 0 1", "1rk3r1/8/8/8/8/8/8/1RK3R1 w KQkq - 0 1"},
    {"k6r/8/8/8/8/8/8/K6R w Kk - 0 1", "k6r/8/8/8/8/8/8/K6R w Kk - 0 1"},
};

/* An e.p. square no pawn can use is kept in the FEN but left out of the hash key. */
static void check_unusable_ep_key(void)
{
    static Position with_ep, without_ep;
    if (!setup_fen(&with_ep, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")) return;
    if (!setup_fen(&without_ep, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")) return;
    CHECK(with_ep.key == without_ep.key);
    CHECK(with_ep.en_passant == square_make(4, 2));
    if (!setup_fen(&with_ep, "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b KQkq c3 0 2")) return;
    if (!setup_fen(&without_ep, "rnbqkbnr/ppp1pppp/8/8/2Pp4/8/PP1PPPPP/RNBQKBNR b KQkq - 0 2")) return;
    CHECK(with_ep.key != without_ep.key);
}

TEST_CASE(fen_accepts_unusual_good_input)
{
    static Position pos;
    const int n = (int)(sizeof good_fens / sizeof good_fens[0]);
    for (int i = 0; i < n; i++) {
        if (!setup_fen(&pos, good_fens[i].fen)) continue;
        char written[FEN_MAX];
        fen_write(&pos, written, sizeof written);
        if (strcmp(written, good_fens[i].written) != 0)
            FAIL("\"%s\" written as \"%s\", expected \"%s\"", good_fens[i].fen, written, good_fens[i].written);
        CHECK(position_ok(&pos));
    }
    check_unusable_ep_key();

    /* fen_write truncates into a short buffer instead of overrunning it. */
    char small[8];
    position_set_start(&pos);
    fen_write(&pos, small, sizeof small);
    CHECK(strcmp(small, "rnbqkbn") == 0);
}
