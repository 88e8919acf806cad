/* test_wdl.c - UCI_ShowWDL's chances (protocol/driver/wdl.c): a thousand per mille at every score
 * of both profiles and every amount of material, the win rising and the loss falling with the
 * score, the two sides' views mirrored; a mate certain; the bare-king endings E13 knows read as
 * won or drawn, and a piece that hangs to the bare king's move left to the score. */
#include <stdbool.h>
#include <stddef.h>

#include "cases.h"
#include "fen.h"
#include "test.h"
#include "types.h"
#include "wdl.h"

TEST_CASE(wdl_sums_to_a_thousand_and_follows_the_score)
{
    for (int modern = 0; modern <= 1; modern++) {
        for (int eighths = 0; eighths <= 8; eighths++) {
            const WdlView view = {modern != 0, WDL_ROOT_OPEN, eighths / 8.0};
            Wdl before = wdl_of(&view, -3000);
            for (int score = -3000; score <= 3000; score += 7) {
                const Wdl now = wdl_of(&view, score);
                const Wdl mirrored = wdl_of(&view, -score);
                CHECK(now.win + now.draw + now.loss == 1000);
                CHECK(now.win >= 0 && now.draw >= 0 && now.loss >= 0);
                CHECK(now.win >= before.win && now.loss <= before.loss);
                CHECK(now.win == mirrored.loss && now.loss == mirrored.win);
                before = now;
            }
            const Wdl level = wdl_of(&view, 0);
            CHECK(level.win == level.loss && level.draw > 0);
        }
    }
}

TEST_CASE(wdl_of_a_mate_is_certain)
{
    const WdlView view = {true, WDL_ROOT_OPEN, 1.0};
    const Wdl mating = wdl_of(&view, SCORE_MATE - 5), mated = wdl_of(&view, -SCORE_MATE + 4);
    CHECK(mating.win == 1000 && mating.draw == 0 && mating.loss == 0);
    CHECK(mated.win == 0 && mated.draw == 0 && mated.loss == 1000);
}

static WdlRoot root_of(const char *fen)
{
    Position pos;
    char error[128];
    CHECK(fen_read(&pos, fen, error, sizeof error));
    return wdl_root(&pos);
}

TEST_CASE(wdl_reads_the_bare_king_endings)
{
    CHECK(root_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == WDL_ROOT_OPEN);
    CHECK(root_of("8/8/8/4k3/8/8/8/4K2Q w - - 0 1") == WDL_ROOT_WON);
    CHECK(root_of("8/8/8/4k3/8/8/8/R3K3 b - - 0 1") == WDL_ROOT_LOST_UNLESS);
    CHECK(root_of("8/8/8/4k3/8/8/8/2B1K3 w - - 0 1") == WDL_ROOT_DRAWN);
    CHECK(root_of("8/8/8/4k3/8/8/8/4K3 w - - 0 1") == WDL_ROOT_DRAWN);
    /* KPK from the bitbase, with the side to move: the king in front of its pawn on the sixth wins,
     * the lone king in front of the pawn draws. */
    CHECK(root_of("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1") == WDL_ROOT_WON);
    CHECK(root_of("4k3/8/4K3/4P3/8/8/8/8 b - - 0 1") == WDL_ROOT_LOST);
    CHECK(root_of("8/8/4k3/8/4P3/4K3/8/8 b - - 0 1") == WDL_ROOT_DRAWN);

    const WdlView won = {false, WDL_ROOT_WON, 0.1}, drawn = {true, WDL_ROOT_DRAWN, 0.1};
    CHECK(wdl_of(&won, 0).win == 1000 && wdl_of(&drawn, 900).draw == 1000);
    /* The rook hangs to the lone king: the search's score says so, and the chances follow it. */
    const WdlView hanging = {false, WDL_ROOT_LOST_UNLESS, 0.06};
    CHECK(wdl_of(&hanging, -500).loss == 1000);
    CHECK(wdl_of(&hanging, 0).loss < 1000 && wdl_of(&hanging, 0).draw > 0);
}
