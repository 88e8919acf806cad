/* test_smoke.c - the start position: set-up, FEN out, perft 3. */
#include <string.h>

#include "board.h"
#include "cases.h"
#include "fen.h"
#include "perft.h"
#include "test.h"

TEST_CASE(start_position_fen_and_perft)
{
    static Position pos;
    char fen[FEN_MAX];
    position_set_start(&pos);
    CHECK(position_ok(&pos));
    fen_write(&pos, fen, sizeof fen);
    CHECK(strcmp(fen, START_FEN) == 0);
    CHECK(perft(&pos, 3) == 8902);
    CHECK(position_ok(&pos));
}
