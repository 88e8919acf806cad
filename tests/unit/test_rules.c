/* test_rules.c - game status, draw rules, castling and e.p. legality, exact make/unmake. */
#include <string.h>

#include "board.h"
#include "cases.h"
#include "epd_util.h"
#include "fen.h"
#include "makemove.h"
#include "movegen.h"
#include "notation.h"
#include "rules.h"
#include "test.h"

static const char *status_name(GameStatus status)
{
    static const char *names[] = {"ongoing",     "checkmate",  "stalemate",
                                  "fifty moves", "repetition", "insufficient material"};
    return (unsigned)status < sizeof names / sizeof names[0] ? names[status] : "?";
}

/* Compare game_status() with the expected status; `what` names the position or line. */
static void expect_status(Position *pos, const char *what, GameStatus expected)
{
    GameStatus got = game_status(pos);
    if (got != expected) FAIL("%s: status %s, expected %s", what, status_name(got), status_name(expected));
    const char *result = game_status_result(got, pos->side);
    if ((result == NULL) != (got == STATUS_ONGOING)) FAIL("%s: result text does not match the status", what);
}

/* A position and the status the rules give it. */
typedef struct {
    const char *fen;
    GameStatus status;
} StatusCase;

static const StatusCase status_cases[] = {
    /* Mates and stalemates. */
    {"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", STATUS_CHECKMATE},
    {"3R2k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", STATUS_CHECKMATE},
    {"6rk/5Npp/8/8/8/8/8/6K1 b - - 0 1", STATUS_CHECKMATE},
    {"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", STATUS_STALEMATE},
    {"5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR b KQ - 2 10", STATUS_STALEMATE},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", STATUS_ONGOING},
    {"4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", STATUS_ONGOING},
    /* The 50-move rule: 100 plies end the game, 99 do not; mate and stalemate come first. */
    {"4k3/8/8/8/8/8/8/R3K3 w - - 99 80", STATUS_ONGOING},
    {"4k3/8/8/8/8/8/8/R3K3 w - - 100 80", STATUS_FIFTY_MOVES},
    {"4k3/8/8/8/8/8/8/R3K3 b - - 150 80", STATUS_FIFTY_MOVES},
    {"R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80", STATUS_CHECKMATE},
    {"7k/5Q2/6K1/8/8/8/8/8 b - - 100 90", STATUS_STALEMATE},
    /* Insufficient material: K v K and K + one minor v K; not KNN v K, KR v K, KP v K. */
    {"8/8/4k3/8/8/4K3/8/8 w - - 0 1", STATUS_INSUFFICIENT},
    {"8/8/4k3/8/8/4K3/8/6N1 w - - 0 1", STATUS_INSUFFICIENT},
    {"8/8/4k3/8/8/4K3/8/5B2 b - - 0 1", STATUS_INSUFFICIENT},
    {"6n1/8/4k3/8/8/4K3/8/8 w - - 0 1", STATUS_INSUFFICIENT},
    {"5b2/8/4k3/8/8/4K3/8/8 w - - 0 1", STATUS_INSUFFICIENT},
    {"8/8/4k3/8/8/4K3/8/5NN1 w - - 0 1", STATUS_ONGOING},
    {"8/8/4k3/8/8/4K3/8/7R w - - 0 1", STATUS_ONGOING},
    {"8/8/4k3/8/8/4K3/4P3/8 w - - 0 1", STATUS_ONGOING},
    {"8/4p3/4k3/8/8/4K3/8/8 w - - 0 1", STATUS_ONGOING},
    {"8/8/4k3/8/8/4K3/8/4Q3 b - - 0 1", STATUS_ONGOING},
};

TEST_CASE(rules_game_status)
{
    static Position pos;
    const int n = (int)(sizeof status_cases / sizeof status_cases[0]);
    for (int i = 0; i < n; i++)
        if (setup_fen(&pos, status_cases[i].fen)) expect_status(&pos, status_cases[i].fen, status_cases[i].status);

    /* Result texts name the winner by the side that is mated. */
    CHECK(strncmp(game_status_result(STATUS_CHECKMATE, WHITE), "0-1", 3) == 0);
    CHECK(strncmp(game_status_result(STATUS_CHECKMATE, BLACK), "1-0", 3) == 0);
    CHECK(strncmp(game_status_result(STATUS_STALEMATE, WHITE), "1/2-1/2", 7) == 0);

    /* insufficient_material() itself, on the K v K and KR v K positions. */
    if (setup_fen(&pos, "8/8/4k3/8/8/4K3/8/8 w - - 0 1")) CHECK(insufficient_material(&pos));
    if (setup_fen(&pos, "8/8/4k3/8/8/4K3/8/7R w - - 0 1")) CHECK(!insufficient_material(&pos));
}

TEST_CASE(rules_fifty_move_counter)
{
    static Position pos;
    /* A quiet move from 99 reaches 100 and ends the game; unmaking reopens it. */
    if (!setup_fen(&pos, "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80")) return;
    if (!play_moves(&pos, "a1a2")) return;
    CHECK(pos.halfmove == 100);
    expect_status(&pos, "after a1a2 at 99", STATUS_FIFTY_MOVES);
    unmake_move(&pos);
    expect_status(&pos, "a1a2 unmade", STATUS_ONGOING);
    /* A pawn move resets the counter. */
    if (!play_moves(&pos, "e2e4")) return;
    CHECK(pos.halfmove == 0);
    expect_status(&pos, "after e2e4 at 99", STATUS_ONGOING);
    /* So does a capture. */
    if (!setup_fen(&pos, "4k3/8/8/8/8/8/r7/R3K3 w - - 99 80")) return;
    if (!play_moves(&pos, "a1a2")) return;
    CHECK(pos.halfmove == 0);
}

/* Play `line` and check the repetition count and status after every ply. */
static void play_counting(Position *pos, const char *line, const int *counts, const GameStatus *statuses)
{
    char uci[MOVE_TEXT_MAX];
    int ply = 0;
    for (const char *p = next_word(line, uci, sizeof uci); p; p = next_word(p, uci, sizeof uci), ply++) {
        if (!play_moves(pos, uci)) return;
        int count = repetition_count(pos);
        if (count != counts[ply])
            FAIL("after ply %d (%s): repetition count %d, expected %d", ply + 1, uci, count, counts[ply]);
        expect_status(pos, uci, statuses[ply]);
    }
}

TEST_CASE(rules_threefold_repetition)
{
    static Position pos;
    const GameStatus O = STATUS_ONGOING, R = STATUS_REPETITION;
    /* The start position occurs for the second time after ply 4 (still ongoing) and the
     * third time after ply 8 (drawn); a pawn move then clears the history. */
    const int counts[] = {0, 0, 0, 1, 1, 1, 1, 2, 0};
    const GameStatus statuses[] = {O, O, O, O, O, O, O, R, O};
    position_set_start(&pos);
    play_counting(&pos, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4", counts, statuses);

    /* The same men on the same squares without the castling rights is another position:
     * the start does not recur, only the positions after the rights were lost do. */
    const int no_repeat[] = {0, 0, 0, 0, 0, 1, 1, 1};
    const GameStatus still_on[] = {O, O, O, O, O, O, O, O};
    if (!setup_fen(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")) return;
    play_counting(&pos, "e1f1 e8f8 f1e1 f8e8 e1f1 e8f8 f1e1 f8e8", no_repeat, still_on);
}

/* Whether the side to move may castle king side and queen side here. */
typedef struct {
    const char *fen;
    bool king_side;
    bool queen_side;
} CastleCase;

static const CastleCase castle_cases[] = {
    {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", true, true},     {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", true, true},
    {"r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1", false, false}, /* out of check */
    {"4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", false, true},      /* through f1 */
    {"4k3/8/8/8/8/8/3r4/R3K2R w KQ - 0 1", true, false},      /* through d1 */
    {"4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", false, true},      /* into g1 */
    {"2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", true, false},      /* into c1 */
    {"1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", true, true},       /* b1 attacked: allowed */
    {"4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1", false, false},     /* blocked */
    {"r3k2r/8/8/8/8/8/8/5RK1 b kq - 0 1", false, true},       /* through f8 */
    {"r3k2r/8/8/8/8/8/8/3R2K1 b kq - 0 1", true, false},      /* through d8 */
    {"r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1", true, false},      /* right given up */
};

/* Is there a legal castling move towards that side? */
static bool can_castle(Position *pos, bool king_side)
{
    MoveList legal;
    generate_legal(pos, &legal);
    for (int i = 0; i < legal.count; i++) {
        Move m = legal.moves[i];
        if (move_is_castle(m) && (move_to(m) > move_from(m)) == king_side) return true;
    }
    return false;
}

static void expect_castling(Position *pos, const char *what, bool king_side, bool queen_side)
{
    if (can_castle(pos, true) != king_side) FAIL("%s: O-O should be %s", what, king_side ? "legal" : "illegal");
    if (can_castle(pos, false) != queen_side) FAIL("%s: O-O-O should be %s", what, queen_side ? "legal" : "illegal");
}

TEST_CASE(rules_castling_legality)
{
    static Position pos;
    const int n = (int)(sizeof castle_cases / sizeof castle_cases[0]);
    for (int i = 0; i < n; i++)
        if (setup_fen(&pos, castle_cases[i].fen))
            expect_castling(&pos, castle_cases[i].fen, castle_cases[i].king_side, castle_cases[i].queen_side);
}

TEST_CASE(rules_castling_rights_lost)
{
    static Position pos;
    /* A rook captured on its home square takes its right with it. */
    if (setup_fen(&pos, "r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1") && play_moves(&pos, "g2a8")) {
        CHECK(pos.castling == (CASTLE_WK | CASTLE_WQ | CASTLE_BK));
        expect_castling(&pos, "after Bxa8", true, false);
    }
    /* Rook takes rook: both a-file rights go. */
    if (setup_fen(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1") && play_moves(&pos, "a1a8")) {
        CHECK(pos.castling == (CASTLE_WK | CASTLE_BK));
    }
    /* A king move loses both rights for good, even after it returns. */
    if (setup_fen(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1") && play_moves(&pos, "e1f1 e8d8 f1e1 d8e8")) {
        CHECK(pos.castling == 0);
        expect_castling(&pos, "after the kings went and came back", false, false);
    }
    /* A rook move loses its own side's right only. */
    if (setup_fen(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1") && play_moves(&pos, "h1h2 a8a7")) {
        CHECK(pos.castling == (CASTLE_WQ | CASTLE_BK));
        expect_castling(&pos, "after Rh2 Ra7", false, true);
    }
    /* Castling itself spends both rights of the side. */
    if (setup_fen(&pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1") && play_moves(&pos, "e1g1")) {
        CHECK(pos.castling == (CASTLE_BK | CASTLE_BQ));
        CHECK(pos.board[SQ_F1] == ROOK && pos.board[SQ_G1] == KING && pos.board[SQ_H1] == EMPTY);
    }
}

/* Whether the coordinate move `uci` is legal here; it must at least be pseudo-legal. */
static void expect_legal(Position *pos, const char *uci, bool legal)
{
    MoveList list;
    char fen[FEN_MAX];
    fen_write(pos, fen, sizeof fen);
    generate_moves(pos, GEN_ALL, &list);
    Move pseudo = move_list_find(&list, uci);
    if (pseudo == MOVE_NONE) {
        FAIL("%s: %s is not even generated", fen, uci);
        return;
    }
    if (move_is_legal(pos, pseudo) != legal) FAIL("%s: move_is_legal(%s) should be %d", fen, uci, legal);
    generate_legal(pos, &list);
    if ((move_list_find(&list, uci) != MOVE_NONE) != legal)
        FAIL("%s: generate_legal should %s %s", fen, legal ? "include" : "exclude", uci);
}

TEST_CASE(rules_en_passant_legality)
{
    static Position pos;
    /* Taking e.p. would clear the rank between the king and the rook. */
    if (setup_fen(&pos, "8/8/8/KPp4r/8/8/8/7k w - c6 0 2")) expect_legal(&pos, "b5c6", false);
    if (setup_fen(&pos, "8/8/8/KPp5/8/8/8/7k w - c6 0 2")) expect_legal(&pos, "b5c6", true);
    /* Diagonal pin of the capturing pawn. */
    if (setup_fen(&pos, "8/8/2k5/8/3Pp3/8/6B1/4K3 b - d3 0 1")) expect_legal(&pos, "e4d3", false);
    /* E.p. removes the pawn that gives check. */
    if (setup_fen(&pos, "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1")) expect_legal(&pos, "e4d3", true);
    /* The square lapses after one ply. */
    if (setup_fen(&pos, "4k3/8/8/2pP4/8/8/8/3K4 w - c6 0 1") && play_moves(&pos, "d1e1 e8d8")) {
        MoveList list;
        generate_legal(&pos, &list);
        for (int i = 0; i < list.count; i++) CHECK(!move_is_en_passant(list.moves[i]));
    }
}

/* Make and unmake every legal move, recursively to `depth`, requiring position_ok() after
 * each make and an exact restore after each unmake. Returns the moves checked. */
static int check_make_unmake(Position *pos, int depth)
{
    enum { DEPTH_MAX = 4 };
    static Position saved[DEPTH_MAX];
    if (depth <= 0 || depth > DEPTH_MAX) return 0;
    Position *before = &saved[depth - 1];
    position_copy(before, pos);
    MoveList legal;
    generate_legal(pos, &legal);
    int checked = 0;
    for (int i = 0; i < legal.count; i++) {
        char fen[FEN_MAX], uci[MOVE_TEXT_MAX];
        make_move(pos, legal.moves[i]);
        bool ok = position_ok(pos);
        checked += 1 + check_make_unmake(pos, depth - 1);
        unmake_move(pos);
        const char *diff = position_difference(pos, before);
        if (ok && !diff) continue;
        fen_write(before, fen, sizeof fen);
        move_to_uci(legal.moves[i], false, uci);
        if (!ok) FAIL("%s: position_ok fails after %s", fen, uci);
        if (diff) FAIL("%s: unmaking %s does not restore %s", fen, uci, diff);
        position_copy(pos, before);
        break; /* one report per position is enough */
    }
    make_null_move(pos);
    unmake_null_move(pos);
    const char *diff = position_difference(pos, before);
    if (diff) FAIL("null move not restored: %s", diff);
    return checked;
}

static void make_unmake_entry(Position *pos, const EpdEntry *entry, void *ctx)
{
    (void)entry;
    int *moves = ctx;
    *moves += check_make_unmake(pos, 2);
}

TEST_CASE(rules_make_unmake_exact_suite)
{
    int moves = 0;
    CHECK(epd_for_each_position(make_unmake_entry, &moves) > 0);
    CHECK(moves > 50000);
    moves = 0;
    CHECK(epd_for_each_position_of(EPD_SUITE_CHESS960, make_unmake_entry, &moves) > 0);
    CHECK(moves > 50000);
}

TEST_CASE(rules_make_unmake_long_line)
{
    /* A deterministic 60-ply walk through promotions and captures, then every move taken
     * back: the start position must come back exactly. */
    static const char *starts[] = {
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    };
    enum { PLIES = 60 };
    static Position pos, start;
    for (size_t s = 0; s < sizeof starts / sizeof starts[0]; s++) {
        if (!setup_fen(&pos, starts[s])) continue;
        position_copy(&start, &pos);
        int made = 0;
        for (int ply = 0; ply < PLIES; ply++) {
            MoveList legal;
            generate_legal(&pos, &legal);
            if (legal.count == 0) break;
            make_move(&pos, legal.moves[(ply * 7 + 3) % legal.count]);
            made++;
            if (!position_ok(&pos)) {
                FAIL("%s: position_ok fails at ply %d", starts[s], made);
                break;
            }
        }
        while (made--) unmake_move(&pos);
        const char *diff = position_difference(&pos, &start);
        if (diff) FAIL("%s: taking back the walk does not restore %s", starts[s], diff);
    }
}

TEST_CASE(rules_make_unmake_large_halfmove_clock)
{
    /* fen_read accepts clocks up to 100000; unmake must restore them all. */
    static const char *fens[] = {
        "4k3/8/8/8/8/8/8/R3K3 w - - 32767 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 40000 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 100000 1",
    };
    static Position pos;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        if (!setup_fen(&pos, fens[i])) continue;
        int before = pos.halfmove;
        if (!play_moves(&pos, "a1a2")) continue;
        unmake_move(&pos);
        if (pos.halfmove != before) FAIL("%s: halfmove clock %d after make/unmake", fens[i], pos.halfmove);
    }
}

/* Promote with `uci` and check material, counts and the exact restore. */
static void check_promotion(const char *fen, const char *uci, int white_after, int black_after)
{
    static Position pos, before;
    if (!setup_fen(&pos, fen)) return;
    position_copy(&before, &pos);
    Move m = find_uci_move(&pos, uci);
    if (m == MOVE_NONE) return;
    const Color us = pos.side;
    const PieceType promo = move_promotion(m);
    make_move(&pos, m);
    if (pos.material[WHITE] != white_after || pos.material[BLACK] != black_after)
        FAIL("%s %s: material %d/%d, expected %d/%d", fen, uci, pos.material[WHITE], pos.material[BLACK], white_after,
             black_after);
    CHECK(pos.count[us][PAWN] == before.count[us][PAWN] - 1);
    CHECK(pos.count[us][promo] == before.count[us][promo] + 1);
    CHECK(pos.board[move_to(m)] == piece_make(us, promo));
    CHECK(position_ok(&pos));
    unmake_move(&pos);
    const char *diff = position_difference(&pos, &before);
    if (diff) FAIL("%s: unmaking %s does not restore %s", fen, uci, diff);
}

TEST_CASE(rules_promotion_material)
{
    /* TECH's values (docs/SPEC.md §4): P 100, N 330, B 330, R 500, Q 900. */
    CHECK(piece_value[PAWN] == 100 && piece_value[KNIGHT] == 330 && piece_value[BISHOP] == 330);
    CHECK(piece_value[ROOK] == 500 && piece_value[QUEEN] == 900);
    check_promotion("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", 900, 0);
    check_promotion("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8r", 500, 0);
    check_promotion("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8b", 330, 0);
    check_promotion("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", 330, 0);
    check_promotion("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", "b7a8q", 900, 0);
    check_promotion("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1", "b7a8n", 330, 0);
    check_promotion("4k3/8/8/8/8/8/1p6/R3K3 b Q - 0 1", "b2a1n", 0, 330);
    check_promotion("4k3/8/8/8/8/8/1p6/R3K3 b Q - 0 1", "b2b1q", 500, 900);
    check_promotion("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1", "b7a8r", 1360, 630);
}
