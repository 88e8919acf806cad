/* test_cecp_edit.c - CECP `edit` blocks: the men placed and taken off, the colour switch, and the
 * FEN the block ends in (castling where king and rook stand at home, no e.p. square). */
#include <string.h>

#include "cases.h"
#include "cecp_edit.h"
#include "epd_util.h"
#include "test.h"

/* Run `lines` (NULL-ended) as an edit block begun on `start` and compare the FEN for `side`. */
static void check_block(const char *start, const char *const *lines, Color side, const char *expected)
{
    static Position pos;
    if (!setup_fen(&pos, start)) return;
    CecpEdit edit;
    cecp_edit_begin(&edit, &pos);
    for (int i = 0; lines[i]; i++) {
        EditStep step = cecp_edit_line(&edit, lines[i]);
        EditStep wanted = strcmp(lines[i], ".") == 0 ? EDIT_ENDS : EDIT_GOES_ON;
        if (step != wanted) FAIL("edit line \"%s\" gave step %d, expected %d", lines[i], (int)step, (int)wanted);
    }
    char fen[FEN_MAX];
    cecp_edit_fen(&edit, side, fen, sizeof fen);
    if (strcmp(fen, expected) != 0) FAIL("edit block gave \"%s\", expected \"%s\"", fen, expected);
}

TEST_CASE(cecp_edit_places_men_and_assumes_castling_at_home)
{
    static const char *const from_empty[] = {"#", "Ke1", "Rh1", "Ra1", "Pe4", "Nc3",
                                             "c", "Ke8", "pd5", "qd8", ".",   NULL};
    check_block(START_FEN, from_empty, BLACK, "3qk3/8/8/3p4/4P3/2N5/8/R3K2R b KQ - 0 1");
    /* The block starts from the board as it is; `x` empties a square, lower case is no colour. */
    static const char *const take_off[] = {"xa1", " xh8 ", "c", "C", "ke2", "xe1", NULL};
    check_block(START_FEN, take_off, WHITE, "rnbqkbn1/pppppppp/8/8/8/8/PPPPKPPP/1NBQ1BNR w q - 0 1");
    /* An e.p. square of the game is not kept. */
    static const char *const nothing[] = {".", NULL};
    check_block("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", nothing, BLACK,
                "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST_CASE(cecp_edit_refuses_what_is_not_an_edit_command)
{
    static Position pos;
    if (!setup_fen(&pos, START_FEN)) return;
    CecpEdit edit;
    cecp_edit_begin(&edit, &pos);
    static const char *const bad[] = {"",   " ",  "Pa9", "Pi1", "Za1",    "e2e4", "Nc3 Nf3",
                                      "..", "##", "cc",  "Ka",  "ping 1", NULL};
    for (int i = 0; bad[i]; i++)
        if (cecp_edit_line(&edit, bad[i]) != EDIT_BAD_LINE) FAIL("\"%s\" taken as an edit command", bad[i]);
    CHECK(memcmp(edit.board, pos.board, sizeof edit.board) == 0);
}
