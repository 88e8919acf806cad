/* test_typed_move.c - a person's move in any letter case (typed_move.h): each text in a position
 * names the move expected, is ambiguous between the moves expected, or names none. */
#include <string.h>

#include "board.h"
#include "cases.h"
#include "fen.h"
#include "notation.h"
#include "test.h"
#include "typed_move.h"

/* White: pawn b2, bishop e5, king e1, knights b1 and f1 could go to d2; Black's knight on c3. */
static const char *const BISHOP_OR_PAWN = "4k3/8/8/4B3/8/2n5/1P6/1N2KN2 w - - 0 1";
/* White: pawn b3 and bishop e1 can both reach b4; the bishop alone can take on a5. */
static const char *const BISHOP_OR_PUSH = "4k3/8/8/n7/8/1P6/8/4B1K1 w - - 0 1";
/* White may castle either side. */
static const char *const CASTLES = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

typedef struct {
    const char *fen, *text;
    TypedMoveStatus status;
    const char *moves; /* the coordinates of the move found or of every choice, blank-separated */
} TypedCase;

static const TypedCase cases[] = {
    {START_FEN, "Nf3", TYPED_MOVE_FOUND, "g1f3"},
    {START_FEN, "nf3", TYPED_MOVE_FOUND, "g1f3"},
    {START_FEN, "NF3", TYPED_MOVE_FOUND, "g1f3"},
    {START_FEN, "nF3+", TYPED_MOVE_FOUND, "g1f3"},
    {START_FEN, "E4", TYPED_MOVE_FOUND, "e2e4"},
    {START_FEN, "E2E4", TYPED_MOVE_FOUND, "e2e4"},
    {START_FEN, "e2e4", TYPED_MOVE_FOUND, "e2e4"},
    {START_FEN, "nf4", TYPED_MOVE_ILLEGAL, ""},
    {START_FEN, "e5", TYPED_MOVE_ILLEGAL, ""},
    {START_FEN, "frobnicate", TYPED_MOVE_NOT_A_MOVE, ""},
    {START_FEN, "", TYPED_MOVE_NOT_A_MOVE, ""},
    {"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "EXD5", TYPED_MOVE_FOUND, "e4d5"},
    {"rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Exd5", TYPED_MOVE_FOUND, "e4d5"},
    /* A lower-case b is the pawn's when a pawn can make the move, */
    {BISHOP_OR_PAWN, "bxc3", TYPED_MOVE_FOUND, "b2c3"},
    /* an upper-case B in mixed case the bishop's, */
    {BISHOP_OR_PAWN, "Bxc3", TYPED_MOVE_FOUND, "e5c3"},
    /* and in capitals, or without the capture's x, either. */
    {BISHOP_OR_PAWN, "BXC3", TYPED_MOVE_AMBIGUOUS, "e5c3 b2c3"},
    {BISHOP_OR_PAWN, "bc3", TYPED_MOVE_AMBIGUOUS, "e5c3 b2c3"},
    /* Two knights reach d2 whatever the case. */
    {BISHOP_OR_PAWN, "Nd2", TYPED_MOVE_AMBIGUOUS, "b1d2 f1d2"},
    {BISHOP_OR_PAWN, "nd2", TYPED_MOVE_AMBIGUOUS, "b1d2 f1d2"},
    {BISHOP_OR_PAWN, "nbd2", TYPED_MOVE_FOUND, "b1d2"},
    {BISHOP_OR_PAWN, "NFD2", TYPED_MOVE_FOUND, "f1d2"},
    /* Where no pawn can, a lower-case b is the bishop. */
    {BISHOP_OR_PUSH, "bxa5", TYPED_MOVE_FOUND, "e1a5"},
    {BISHOP_OR_PUSH, "b4", TYPED_MOVE_FOUND, "b3b4"},
    {BISHOP_OR_PUSH, "Bb4", TYPED_MOVE_FOUND, "e1b4"},
    {BISHOP_OR_PUSH, "bb4", TYPED_MOVE_AMBIGUOUS, "e1b4 b3b4"},
    {BISHOP_OR_PUSH, "Bxc3", TYPED_MOVE_ILLEGAL, ""},
    {CASTLES, "o-o", TYPED_MOVE_FOUND, "e1g1"},
    {CASTLES, "0-0-0", TYPED_MOVE_FOUND, "e1c1"},
    {CASTLES, "O-o-O", TYPED_MOVE_FOUND, "e1c1"},
    {CASTLES, "E1G1", TYPED_MOVE_FOUND, "e1g1"},
    {"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=q", TYPED_MOVE_FOUND, "e7e8q"},
    {"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "E8N", TYPED_MOVE_FOUND, "e7e8n"},
    {"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8", TYPED_MOVE_ILLEGAL, ""},
};

/* The coordinates of `moves`, blank-separated, in the order given. */
static void moves_text(const Move *moves, int count, char *out, size_t size)
{
    out[0] = '\0';
    for (int i = 0; i < count; i++) {
        char text[MOVE_TEXT_MAX];
        move_to_uci(moves[i], false, text);
        if (i > 0) strncat(out, " ", size - strlen(out) - 1);
        strncat(out, text, size - strlen(out) - 1);
    }
}

/* Whether the blank-separated lists hold the same moves, in any order. */
static bool same_moves(const char *got, const char *expected)
{
    if (strlen(got) != strlen(expected)) return false;
    char copy[128];
    snprintf(copy, sizeof copy, "%s", expected);
    for (char *saved, *word = strtok_r(copy, " ", &saved); word; word = strtok_r(NULL, " ", &saved))
        if (!strstr(got, word)) return false;
    return true;
}

TEST_CASE(typed_moves_in_any_letter_case)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const TypedCase *c = &cases[i];
        Position pos;
        char error[FEN_ERROR_MAX], got[128], fen_before[FEN_MAX], fen_after[FEN_MAX];
        if (!fen_read(&pos, c->fen, error, sizeof error)) {
            FAIL("%s: %s", c->fen, error);
            continue;
        }
        fen_write(&pos, fen_before, sizeof fen_before);
        TypedMove typed;
        typed_move_read(&pos, c->text, false, &typed);
        fen_write(&pos, fen_after, sizeof fen_after);
        if (strcmp(fen_before, fen_after) != 0) FAIL("'%s' changed the position to %s", c->text, fen_after);
        if (typed.status == TYPED_MOVE_FOUND) moves_text(&typed.move, 1, got, sizeof got);
        else if (typed.status == TYPED_MOVE_AMBIGUOUS)
            moves_text(typed.choices.moves, typed.choices.count, got, sizeof got);
        else got[0] = '\0';
        if (typed.status != c->status || !same_moves(got, c->moves))
            FAIL("'%s' in %s: status %d moves '%s', expected %d '%s' (%s)", c->text, c->fen, (int)typed.status, got,
                 (int)c->status, c->moves, typed.error);
        if ((typed.status == TYPED_MOVE_ILLEGAL || typed.status == TYPED_MOVE_NOT_A_MOVE) && typed.error[0] == '\0')
            FAIL("'%s': no reason given", c->text);
    }
}
