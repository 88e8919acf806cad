/* fuzz_fen.c - the FEN reader: any text either gives a valid position that writes back to an
 * equivalent FEN, or a reason, with the position left untouched. */
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Position pos, before, again;
    char *text = fuzz_text(data, size);
    position_set_start(&pos);
    position_copy(&before, &pos);
    char error[FEN_ERROR_MAX];
    error[0] = '\0';
    if (!fen_read(&pos, text, error, sizeof error)) {
        /* Rejected: a reason, and the position bit for bit as it was. */
        if (!error[0]) fuzz_fail("FEN rejected without a reason: %.200s", text);
        if (!fuzz_same_position(&pos, &before)) fuzz_fail("rejected FEN changed the position: %.200s", text);
        free(text);
        return 0;
    }
    if (!position_ok(&pos)) fuzz_fail("accepted FEN fails position_ok: %.200s", text);
    if (pos.undo_len != 0) fuzz_fail("accepted FEN left undo entries: %.200s", text);
    /* Written back and read again: the same position, and the same text once more. */
    char written[FEN_MAX], rewritten[FEN_MAX];
    fen_write(&pos, written, sizeof written);
    if (!fen_read(&again, written, error, sizeof error))
        fuzz_fail("written FEN '%s' of '%.200s' rejected: %s", written, text, error);
    fen_write(&again, rewritten, sizeof rewritten);
    if (strcmp(written, rewritten) != 0 || again.key != pos.key || again.side != pos.side
        || again.castling != pos.castling || again.en_passant != pos.en_passant || again.halfmove != pos.halfmove
        || again.fullmove != pos.fullmove || memcmp(again.board, pos.board, sizeof pos.board) != 0
        || memcmp(&again.castle, &pos.castle, sizeof pos.castle) != 0)
        fuzz_fail("FEN '%.200s' wrote '%s', read back as '%s'", text, written, rewritten);
    free(text);
    return 0;
}
