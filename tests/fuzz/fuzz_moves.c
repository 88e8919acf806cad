/* fuzz_moves.c - the move readers (coordinate notation and SAN) against a set of positions: an
 * accepted move is legal and writes back to itself, a rejected one leaves the position as it was;
 * accepted moves are played, so the readers walk into the positions that follow. */
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "fuzz_support.h"
#include "makemove.h"
#include "notation.h"
#include "rules.h"

/* Tokens read per input: enough for a walk, few enough for a fast input. */
enum { TOKENS_MAX = 48, TOKEN_MAX = 64 };

static bool is_legal(const MoveList *legal, Move m)
{
    for (int i = 0; i < legal->count; i++)
        if (move_same(legal->moves[i], m)) return true;
    return false;
}

/* One reader's answer: legal when given, a reason and no change when refused. */
static void check_answer(const char *reader, const char *token, Move m, const char *error, const Position *pos,
                         const Position *before, const MoveList *legal)
{
    if (m == MOVE_NONE) {
        if (!error[0]) fuzz_fail("%s refused '%s' without a reason", reader, token);
    } else if (!is_legal(legal, m)) {
        fuzz_fail("%s accepted '%s', which is not a legal move", reader, token);
    }
    if (!fuzz_same_position(pos, before)) fuzz_fail("%s on '%s' changed the position", reader, token);
}

/* Every legal move written in both notations reads back as itself (castling in coordinates as
 * `chess960` says). */
static void check_round_trips(Position *pos, const MoveList *legal, bool chess960)
{
    for (int i = 0; i < legal->count; i++) {
        Move m = legal->moves[i];
        char uci[MOVE_TEXT_MAX], san[MOVE_TEXT_MAX], error[128];
        move_to_uci(m, chess960, uci);
        move_to_san(pos, m, san);
        if (!move_same(move_from_uci(pos, uci, chess960, error, sizeof error), m))
            fuzz_fail("'%s' does not read back", uci);
        if (!move_same(move_from_san(pos, san, error, sizeof error), m)) fuzz_fail("SAN '%s' does not read back", san);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static Position pos, before;
    if (size == 0) return 0;
    char error[FEN_ERROR_MAX];
    if (!fen_read(&pos, fuzz_fens[data[0] % fuzz_fen_count], error, sizeof error)) fuzz_fail("bad seed FEN");
    /* Castling's coordinates: Chess960's where the position needs them, else as the seed's top
     * bit says (both spellings are unambiguous then). */
    const bool chess960 = notation_chess960(&pos) || (data[0] & 0x80);
    char *text = fuzz_text(data + 1, size - 1);
    char *cursor = text;
    MoveList legal;
    generate_legal(&pos, &legal);
    for (int n = 0; n < TOKENS_MAX; n++) {
        char *token = strtok_r(n == 0 ? text : NULL, " \t\r\n", &cursor);
        if (!token) break;
        if (strlen(token) >= TOKEN_MAX) token[TOKEN_MAX - 1] = '\0';
        position_copy(&before, &pos);
        char e1[128] = "", e2[128] = "", e3[128] = "";
        Move coordinate = move_from_uci(&pos, token, chess960, e1, sizeof e1);
        check_answer("move_from_uci", token, coordinate, e1, &pos, &before, &legal);
        Move san = move_from_san(&pos, token, e2, sizeof e2);
        check_answer("move_from_san", token, san, e2, &pos, &before, &legal);
        Move either = move_parse(&pos, token, chess960, e3, sizeof e3);
        check_answer("move_parse", token, either, e3, &pos, &before, &legal);
        Move expected = coordinate != MOVE_NONE ? coordinate : san;
        if (either != expected) fuzz_fail("move_parse('%s') disagrees with the two readers", token);
        if (either == MOVE_NONE) continue;
        make_move(&pos, either);
        if (!position_ok(&pos)) fuzz_fail("position_ok fails after '%s'", token);
        generate_legal(&pos, &legal);
    }
    /* Where the walk ended, every legal move in both notations. */
    check_round_trips(&pos, &legal, chess960);
    free(text);
    return 0;
}
