/* test_make_exact.c - make then unmake gives the position back byte for byte, unused list
 * bytes included (found by fuzz-uci: a command that only tried moves changed the game's bytes),
 * and the legality filter and the move readers leave no trace either. */
#include <string.h>

#include "cases.h"
#include "epd_util.h"
#include "fen.h"
#include "makemove.h"
#include "notation.h"
#include "rules.h"
#include "test.h"

/* Positions with captures, e.p., castling, promotions and under-promotions. */
static const char *const exact_fens[] = {
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
};

static bool same_bytes(const Position *a, const Position *b)
{
    return memcmp(a, b, sizeof *a - sizeof a->undo) == 0 && a->undo_len == b->undo_len
           && memcmp(a->undo, b->undo, (size_t)a->undo_len * sizeof a->undo[0]) == 0;
}

/* Every legal move two plies deep, made and unmade, against a copy of the bytes. */
static void check_exact(Position *pos, int depth, const char *fen)
{
    static Position saved[4];
    MoveList legal;
    generate_legal(pos, &legal);
    for (int i = 0; i < legal.count; i++) {
        position_copy(&saved[depth], pos);
        make_move(pos, legal.moves[i]);
        if (!position_ok(pos)) FAIL("%s: position_ok fails after a move", fen);
        if (depth > 0) check_exact(pos, depth - 1, fen);
        unmake_move(pos);
        if (!same_bytes(pos, &saved[depth])) {
            char text[MOVE_TEXT_MAX];
            move_to_uci(legal.moves[i], false, text);
            FAIL("%s: make/unmake of %s changed the position's bytes", fen, text);
            return;
        }
    }
}

TEST_CASE(make_unmake_restores_every_byte)
{
    static Position pos, before;
    for (size_t f = 0; f < sizeof exact_fens / sizeof exact_fens[0]; f++) {
        if (!setup_fen(&pos, exact_fens[f])) continue;
        check_exact(&pos, 1, exact_fens[f]);
        /* A rejected move (the readers try the legal moves) leaves nothing behind either. */
        position_copy(&before, &pos);
        char error[128];
        static const char *const bad[] = {"e1e8", "a1a9", "Qxz9", "O-O-O", "exd7", "b7b8k"};
        for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) move_parse(&pos, bad[b], false, error, sizeof error);
        CHECK(same_bytes(&pos, &before));
    }
}

/* A line of unkeyed moves (make_move_unkeyed) leaves the key as it was and keeps everything else
 * as make_move does; the unmakes give the position back byte for byte. */
static void check_unkeyed(Position *keyed, Position *unkeyed, int depth, const char *fen)
{
    static Position saved[3], rekeyed;
    MoveList legal;
    generate_legal(keyed, &legal);
    for (int i = 0; i < legal.count; i++) {
        position_copy(&saved[depth], unkeyed);
        make_move(keyed, legal.moves[i]);
        make_move_unkeyed(unkeyed, legal.moves[i]);
        /* All but the keys (the position's and those saved on the undo stack) as make_move's. */
        position_copy(&rekeyed, unkeyed);
        rekeyed.key = keyed->key;
        for (int u = 0; u < rekeyed.undo_len && u < keyed->undo_len; u++) rekeyed.undo[u].key = keyed->undo[u].key;
        const char *differ = position_difference(keyed, &rekeyed);
        if (differ || unkeyed->key != saved[depth].key || !position_ok_but_key(unkeyed)) {
            char text[MOVE_TEXT_MAX];
            move_to_uci(legal.moves[i], false, text);
            FAIL("%s: unkeyed %s: %s", fen, text, differ ? differ : "the key moved, or the position is broken");
        }
        if (depth > 0) check_unkeyed(keyed, unkeyed, depth - 1, fen);
        unmake_move(keyed);
        unmake_move(unkeyed);
        if (!same_bytes(unkeyed, &saved[depth])) FAIL("%s: unmake after an unkeyed move changed the bytes", fen);
    }
}

TEST_CASE(make_unkeyed_keeps_all_but_the_key)
{
    static Position keyed, unkeyed;
    for (size_t f = 0; f < sizeof exact_fens / sizeof exact_fens[0]; f++) {
        if (!setup_fen(&keyed, exact_fens[f])) continue;
        position_copy(&unkeyed, &keyed);
        check_unkeyed(&keyed, &unkeyed, 1, exact_fens[f]);
    }
}
