/* fuzz_epd.c - the EPD reader: an accepted record is a valid position whose bm and am moves
 * are legal in it; anything else is refused with a reason. */
#include <stdlib.h>
#include <string.h>

#include "epd.h"
#include "fuzz_support.h"
#include "rules.h"

static void check_moves(Position *pos, const Move *moves, int count, const char *what, const char *text)
{
    MoveList legal;
    generate_legal(pos, &legal);
    if (count < 0 || count > EPD_MOVES_MAX) fuzz_fail("%s count %d: %.200s", what, count, text);
    for (int i = 0; i < count; i++) {
        bool found = false;
        for (int j = 0; j < legal.count && !found; j++) found = move_same(legal.moves[j], moves[i]);
        if (!found) fuzz_fail("%s move %d is not legal: %.200s", what, i, text);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Position pos;
    char *text = fuzz_text(data, size);
    EpdRecord record;
    char error[256] = "";
    position_set_start(&pos);
    if (!epd_parse(text, &pos, &record, error, sizeof error)) {
        if (!error[0]) fuzz_fail("EPD refused without a reason: %.200s", text);
    } else {
        if (!position_ok(&pos)) fuzz_fail("accepted EPD fails position_ok: %.200s", text);
        check_moves(&pos, record.best, record.best_count, "bm", text);
        check_moves(&pos, record.avoid, record.avoid_count, "am", text);
        if (memchr(record.id, '\0', sizeof record.id) == NULL) fuzz_fail("id not terminated: %.200s", text);
    }
    free(text);
    return 0;
}
