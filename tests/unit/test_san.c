/* test_san.c - move text: SAN and coordinate round trips on the suite, hand-written cases. */
#include <stdio.h>
#include <string.h>

#include "attack.h"
#include "board.h"
#include "cases.h"
#include "epd_util.h"
#include "fen.h"
#include "makemove.h"
#include "notation.h"
#include "rules.h"
#include "test.h"

static const char piece_letters[] = " PNBRQK";

/* The suffix SAN must carry after m, from the rules module's verdict: "#" mate, "+" check. */
static const char *expected_suffix(Position *pos, Move m)
{
    make_move(pos, m);
    const char *suffix = game_status(pos) == STATUS_CHECKMATE ? "#" : position_in_check(pos) ? "+" : "";
    unmake_move(pos);
    return suffix;
}

/* Report a SAN of the wrong form with the position, the move and what is wrong. */
static void san_fail(Position *pos, Move m, const char *san, const char *why)
{
    char fen[FEN_MAX], uci[MOVE_TEXT_MAX];
    fen_write(pos, fen, sizeof fen);
    move_to_uci(m, false, uci);
    FAIL("%s: %s written as SAN \"%s\": %s", fen, uci, san, why);
}

/* `text` (san with part of its disambiguation left out) must be refused as ambiguous. */
static void expect_ambiguous(Position *pos, Move m, const char *san, const char *text)
{
    char error[128] = "", why[200];
    if (move_from_san(pos, text, error, sizeof error) == MOVE_NONE && strstr(error, "ambiguous")) return;
    snprintf(why, sizeof why, "more disambiguation than needed: \"%s\" gives \"%s\"", text, error);
    san_fail(pos, m, san, why);
}

/* Disambiguation is minimal: the file when it tells the men apart, else the rank, else both.
 * So every shorter form, and the file in place of a lone rank, must be ambiguous. */
static void check_disambiguation(Position *pos, Move m, const char *san, size_t dis_len, const char *rest)
{
    char text[2 * MOVE_TEXT_MAX];
    if (dis_len == 0) return;
    snprintf(text, sizeof text, "%c%s", san[0], rest);
    expect_ambiguous(pos, m, san, text);
    if (dis_len == 2) {
        snprintf(text, sizeof text, "%c%c%s", san[0], san[1], rest);
        expect_ambiguous(pos, m, san, text);
        snprintf(text, sizeof text, "%c%c%s", san[0], san[2], rest);
        expect_ambiguous(pos, m, san, text);
    } else if (san[1] >= '1' && san[1] <= '8') {
        snprintf(text, sizeof text, "%c%c%s", san[0], 'a' + square_file(move_from(m)), rest);
        expect_ambiguous(pos, m, san, text);
    }
}

/* The body of a piece move: letter, disambiguation naming the origin, 'x' iff capture, target. */
static void check_piece_body(Position *pos, Move m, const char *san, const char *body, const char *to_text)
{
    const Square from = move_from(m);
    size_t len = strlen(body);
    if (len < 3 || body[0] != piece_letters[piece_type(pos->board[from])]) {
        san_fail(pos, m, san, "does not start with the piece letter");
        return;
    }
    if (strcmp(body + len - 2, to_text) != 0) {
        san_fail(pos, m, san, "does not end with the target square");
        return;
    }
    size_t rest = len - 2;
    bool capture_mark = body[rest - 1] == 'x';
    if (capture_mark) rest--;
    if (capture_mark != move_is_capture(m)) san_fail(pos, m, san, "'x' does not match the capture");
    size_t dis_len = rest - 1;
    const char *dis = body + 1;
    const char file = (char)('a' + square_file(from)), rank = (char)('1' + square_rank(from));
    bool dis_ok = dis_len == 0 || (dis_len == 1 && (dis[0] == file || dis[0] == rank))
                  || (dis_len == 2 && dis[0] == file && dis[1] == rank);
    if (!dis_ok) {
        san_fail(pos, m, san, "disambiguation does not name the origin");
        return;
    }
    check_disambiguation(pos, m, san, dis_len, body + rest);
}

/* SAN form: check/mate suffix as the position after the move says; castling, pawn moves and
 * piece moves each in their exact shape. */
static void check_san_form(Position *pos, Move m, const char *san)
{
    const char *suffix = expected_suffix(pos, m);
    size_t len = strlen(san), suffix_len = strlen(suffix);
    if (len <= suffix_len || strcmp(san + len - suffix_len, suffix) != 0) {
        san_fail(pos, m, san, suffix_len ? "check or mate suffix missing or wrong" : "unexpected suffix");
        return;
    }
    char body[MOVE_TEXT_MAX], expected[MOVE_TEXT_MAX], to_text[3];
    snprintf(body, sizeof body, "%.*s", (int)(len - suffix_len), san);
    if (strpbrk(body, "+#")) {
        san_fail(pos, m, san, "a check or mate mark that the position does not have");
        return;
    }
    const Square from = move_from(m), to = move_to(m);
    square_to_text(to, to_text);
    if (move_is_castle(m)) {
        snprintf(expected, sizeof expected, "%s", to > from ? "O-O" : "O-O-O");
    } else if (piece_type(pos->board[from]) == PAWN) {
        int n = 0;
        if (move_is_capture(m)) n += snprintf(expected, sizeof expected, "%cx", 'a' + square_file(from));
        n += snprintf(expected + n, sizeof expected - (size_t)n, "%s", to_text);
        if (move_is_promotion(m))
            snprintf(expected + n, sizeof expected - (size_t)n, "=%c", piece_letters[move_promotion(m)]);
    } else {
        check_piece_body(pos, m, san, body, to_text);
        return;
    }
    if (strcmp(body, expected) != 0) san_fail(pos, m, san, "expected another form");
}

/* Both notations of one legal move parse back to exactly that move. */
static void check_move_text(Position *pos, Move m, void *ctx)
{
    int *moves = ctx;
    char san[MOVE_TEXT_MAX], uci[MOVE_TEXT_MAX], error[128] = "";
    move_to_san(pos, m, san);
    move_to_uci(m, false, uci);
    Move back = move_from_san(pos, san, error, sizeof error);
    if (back != m) san_fail(pos, m, san, error[0] ? error : "parses as another move");
    back = move_from_uci(pos, uci, false, error, sizeof error);
    if (back != m) san_fail(pos, m, uci, error[0] ? error : "coordinate text parses as another move");
    if (move_parse(pos, san, false, error, sizeof error) != m || move_parse(pos, uci, false, error, sizeof error) != m)
        san_fail(pos, m, san, "move_parse disagrees");
    check_san_form(pos, m, san);
    (*moves)++;
}

static void check_position_text(Position *pos, const EpdEntry *entry, void *ctx)
{
    const uint64_t key = pos->key;
    for_each_legal_move(pos, check_move_text, ctx);
    if (pos->key != key || !position_ok(pos)) FAIL("move text changed the position %s", entry->fen);
}

TEST_CASE(san_uci_round_trip_suite)
{
    int moves = 0;
    CHECK(epd_for_each_position(check_position_text, &moves) > 0);
    CHECK(moves > 1000);
}

/* Which parser a hand-written case calls. */
typedef enum { TEXT_SAN, TEXT_UCI, TEXT_ANY } TextKind;

/* A hand-written input: if `uci` is set it must give that move and `expect` is the SAN the
 * engine writes for it; otherwise it must be refused with `expect` in the reason. */
typedef struct {
    const char *fen;
    TextKind kind;
    const char *text;
    const char *uci;
    const char *expect;
} TextCase;

#define FEN_START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define FEN_KNIGHTS_BY_FILE "rn2k3/8/5n2/8/8/8/8/4K3 b - - 0 1"
#define FEN_KNIGHTS_BY_RANK "4k3/8/8/6N1/8/8/8/4K1N1 w - - 0 1"
#define FEN_THREE_QUEENS "1k6/8/8/8/4Q2Q/8/8/K6Q w - - 0 1"
#define FEN_EN_PASSANT "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
#define FEN_PROMOTION "k7/4P3/8/8/8/8/8/4K3 w - - 0 1"
#define FEN_CASTLING "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
#define FEN_CASTLE_MATE "2rkr3/2p1p3/8/8/8/8/8/R3K3 w Q - 0 1"
#define FEN_PINNED_KNIGHT "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"
#define FEN_EP_RANK_PIN "8/8/8/KPp4r/8/8/8/7k w - c6 0 2"

static const TextCase text_cases[] = {
    /* Disambiguation by file, by rank, by both. */
    {FEN_KNIGHTS_BY_FILE, TEXT_SAN, "Nbd7", "b8d7", "Nbd7"},
    {FEN_KNIGHTS_BY_FILE, TEXT_SAN, "Nfd7", "f6d7", "Nfd7"},
    {FEN_KNIGHTS_BY_FILE, TEXT_SAN, "N8d7", "b8d7", "Nbd7"},
    {FEN_KNIGHTS_BY_FILE, TEXT_SAN, "Nd7", NULL, "ambiguous"},
    {FEN_KNIGHTS_BY_RANK, TEXT_SAN, "N1f3", "g1f3", "N1f3"},
    {FEN_KNIGHTS_BY_RANK, TEXT_SAN, "N5f3", "g5f3", "N5f3"},
    {FEN_KNIGHTS_BY_RANK, TEXT_SAN, "Ngf3", NULL, "ambiguous"},
    {FEN_KNIGHTS_BY_RANK, TEXT_SAN, "Nf3", NULL, "ambiguous"},
    {FEN_THREE_QUEENS, TEXT_SAN, "Qh4e1", "h4e1", "Qh4e1"},
    {FEN_THREE_QUEENS, TEXT_SAN, "Qee1", "e4e1", "Qee1"},
    {FEN_THREE_QUEENS, TEXT_SAN, "Q1e1", "h1e1", "Q1e1"},
    {FEN_THREE_QUEENS, TEXT_SAN, "Qe1", NULL, "ambiguous"},
    {FEN_THREE_QUEENS, TEXT_SAN, "Qhe1", NULL, "ambiguous"},
    {FEN_THREE_QUEENS, TEXT_SAN, "Q4e1", NULL, "ambiguous"},
    /* En passant. */
    {FEN_EN_PASSANT, TEXT_SAN, "exd6", "e5d6", "exd6"},
    {FEN_EN_PASSANT, TEXT_SAN, "exd6e.p.", "e5d6", "exd6"},
    {FEN_EN_PASSANT, TEXT_UCI, "e5d6", "e5d6", "exd6"},
    {FEN_EP_RANK_PIN, TEXT_SAN, "bxc6", NULL, "illegal"},
    {FEN_EP_RANK_PIN, TEXT_UCI, "b5c6", NULL, "illegal"},
    /* Promotion: with and without '=', every piece, check mark optional. */
    {FEN_PROMOTION, TEXT_SAN, "e8=Q+", "e7e8q", "e8=Q+"},
    {FEN_PROMOTION, TEXT_SAN, "e8Q", "e7e8q", "e8=Q+"},
    {FEN_PROMOTION, TEXT_SAN, "e8=Q", "e7e8q", "e8=Q+"},
    {FEN_PROMOTION, TEXT_SAN, "e8=R+", "e7e8r", "e8=R+"},
    {FEN_PROMOTION, TEXT_SAN, "e8=B", "e7e8b", "e8=B"},
    {FEN_PROMOTION, TEXT_SAN, "e8=N", "e7e8n", "e8=N"},
    {FEN_PROMOTION, TEXT_SAN, "e8", NULL, "promotion piece missing"},
    {FEN_PROMOTION, TEXT_SAN, "e8=K", NULL, "bad promotion piece"},
    {FEN_PROMOTION, TEXT_UCI, "e7e8b", "e7e8b", "e8=B"},
    {FEN_PROMOTION, TEXT_UCI, "e7e8", NULL, "promotion piece missing"},
    {FEN_PROMOTION, TEXT_UCI, "e7e8k", NULL, "bad promotion piece 'k'"},
    /* Castling, letters or zeros, mate mark. */
    {FEN_CASTLING, TEXT_SAN, "O-O", "e1g1", "O-O"},
    {FEN_CASTLING, TEXT_SAN, "0-0", "e1g1", "O-O"},
    {FEN_CASTLING, TEXT_SAN, "O-O-O", "e1c1", "O-O-O"},
    {FEN_CASTLING, TEXT_UCI, "e1c1", "e1c1", "O-O-O"},
    {FEN_CASTLE_MATE, TEXT_SAN, "O-O-O#", "e1c1", "O-O-O#"},
    {FEN_CASTLE_MATE, TEXT_SAN, "0-0-0", "e1c1", "O-O-O#"},
    {FEN_CASTLE_MATE, TEXT_SAN, "O-O", NULL, "castling is not legal"},
    {FEN_START, TEXT_SAN, "O-O", NULL, "castling is not legal"},
    /* Variants and annotations. */
    {FEN_START, TEXT_SAN, "Pe4", "e2e4", "e4"},
    {FEN_START, TEXT_SAN, "Nf3!?", "g1f3", "Nf3"},
    {FEN_START, TEXT_SAN, "e4!", "e2e4", "e4"},
    {FEN_START, TEXT_ANY, "Nc3", "b1c3", "Nc3"},
    {FEN_START, TEXT_ANY, "d2d4", "d2d4", "d4"},
    /* Illegal and garbage SAN. */
    {FEN_START, TEXT_SAN, "e5", NULL, "illegal"},
    {FEN_START, TEXT_SAN, "Ke2", NULL, "illegal"},
    {FEN_START, TEXT_SAN, "Nxf3", NULL, "illegal"},
    {FEN_PINNED_KNIGHT, TEXT_SAN, "Nc3", NULL, "illegal"},
    {FEN_START, TEXT_SAN, "hello", NULL, "not a move"},
    {FEN_START, TEXT_SAN, "", NULL, "not a move"},
    {FEN_START, TEXT_SAN, "Zf3", NULL, "not a move"},
    {FEN_START, TEXT_SAN, "e9", NULL, "not a move"},
    {FEN_START, TEXT_SAN, "Nabcf3", NULL, "not a move"},
    {FEN_START, TEXT_SAN, "Nf3!!!!!!!!!!!!!!!!!!!!!!", NULL, "not a move"},
    {FEN_START, TEXT_SAN, "\xff\xfe", NULL, "not a move"},
    {FEN_START, TEXT_ANY, "xyzzy", NULL, "not a move"},
    /* Coordinate-notation errors. */
    {FEN_START, TEXT_UCI, "e3e4", NULL, "no piece on e3"},
    {FEN_START, TEXT_UCI, "e7e5", NULL, "not your piece on e7"},
    {FEN_START, TEXT_UCI, "e2e5", NULL, "illegal"},
    {FEN_START, TEXT_UCI, "e2e4x", NULL, "bad promotion piece 'x'"},
    {FEN_START, TEXT_UCI, "z2e4", NULL, "not a move"},
    {FEN_START, TEXT_UCI, "e2e4e5", NULL, "not a move"},
    {FEN_START, TEXT_UCI, "", NULL, "not a move"},
    {FEN_START, TEXT_ANY, "e3e4", NULL, "no piece on e3"},
    /* Either notation: long algebraic with a check mark is SAN's (found by the moves fuzzer). */
    {FEN_START, TEXT_ANY, "e2e4+", "e2e4", "e4"},
    {FEN_START, TEXT_ANY, "e2e5+", NULL, "bad promotion piece '+'"},
};

static Move parse_text(Position *pos, const TextCase *c, char *error, size_t size)
{
    switch (c->kind) {
    case TEXT_SAN: return move_from_san(pos, c->text, error, size);
    case TEXT_UCI: return move_from_uci(pos, c->text, false, error, size);
    case TEXT_ANY: break;
    }
    return move_parse(pos, c->text, false, error, size);
}

static void run_text_case(Position *pos, const TextCase *c)
{
    char error[128] = "", text[MOVE_TEXT_MAX];
    if (!setup_fen(pos, c->fen)) return;
    Move m = parse_text(pos, c, error, sizeof error);
    if (!c->uci) {
        if (m == MOVE_NONE) {
            expect_reason(c->text, true, error, c->expect);
        } else {
            move_to_uci(m, false, text);
            FAIL("%s: \"%s\" accepted as %s, expected a refusal with \"%s\"", c->fen, c->text, text, c->expect);
        }
        return;
    }
    if (m == MOVE_NONE) {
        FAIL("%s: \"%s\" refused (%s), expected %s", c->fen, c->text, error, c->uci);
        return;
    }
    move_to_uci(m, false, text);
    if (strcmp(text, c->uci) != 0) FAIL("%s: \"%s\" gives %s, expected %s", c->fen, c->text, text, c->uci);
    move_to_san(pos, m, text);
    if (strcmp(text, c->expect) != 0)
        FAIL("%s: %s written as \"%s\", expected \"%s\"", c->fen, c->uci, text, c->expect);
}

TEST_CASE(san_hand_written_cases)
{
    static Position pos;
    const int n = (int)(sizeof text_cases / sizeof text_cases[0]);
    CHECK(n >= 20);
    for (int i = 0; i < n; i++) run_text_case(&pos, &text_cases[i]);
}
