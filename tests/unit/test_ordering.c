/* test_ordering.c - the modern profile's move ordering (E9): the static exchange evaluation it
 * uses, and the picker, which must hand out every move exactly once and in its stages. */
#include <string.h>

#include "cases.h"
#include "epd_util.h"
#include "movegen.h"
#include "notation.h"
#include "ordering.h"
#include "see.h"
#include "test.h"

/* The exchange value of the pseudo-legal capture `uci` in `fen`. */
static Score see_of(const char *fen, const char *uci)
{
    static Position pos;
    if (!setup_fen(&pos, fen)) return -99999;
    MoveList list;
    generate_moves(&pos, GEN_ALL, &list);
    Move m = move_list_find(&list, uci);
    if (m == MOVE_NONE) FAIL("%s: no move %s", fen, uci);
    return m == MOVE_NONE ? -99999 : see_capture(&pos, m);
}

TEST_CASE(see_values_simple_exchanges)
{
    /* An undefended pawn; a pawn defended by a pawn; a knight defended by a pawn, taken by the
     * queen. */
    CHECK(see_of("4k3/8/8/4p3/8/8/8/4R1K1 w - - 0 1", "e1e5") == 100);
    CHECK(see_of("4k3/8/3p4/4p3/8/8/8/4R1K1 w - - 0 1", "e1e5") == 100 - 500);
    CHECK(see_of("4k3/8/2p5/3n4/8/8/8/3Q2K1 w - - 0 1", "d1d5") == 330 - 900);
    /* A pawn takes a knight defended by a pawn, which takes back. */
    CHECK(see_of("4k3/8/2p5/3n4/4P3/8/8/6K1 w - - 0 1", "e4d5") == 330 - 100);
}

TEST_CASE(see_follows_men_behind_the_capturer)
{
    /* Rook takes a pawn defended by a rook; the second white rook behind the first recaptures:
     * White wins the pawn. */
    CHECK(see_of("4k3/4r3/8/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2e5") == 100);
    /* The same without the second white rook: the rook is lost for the pawn. */
    CHECK(see_of("4k3/4r3/8/4p3/8/8/4R3/6K1 w - - 0 1", "e2e5") == 100 - 500);
    /* A queen behind a bishop on the diagonal joins in after the bishop. */
    CHECK(see_of("4k3/8/5n2/8/3B4/2Q5/8/6K1 w - - 0 1", "d4f6") == 330);
    CHECK(see_of("4k3/6p1/5n2/8/3B4/2Q5/8/6K1 w - - 0 1", "d4f6") == 330 - 330 + 100);
}

TEST_CASE(see_stops_when_going_on_would_lose)
{
    /* Rook takes a pawn that the queen defends, and a bishop defends the square: the queen
     * taking the rook would be lost to the bishop, so Black does not take back. */
    CHECK(see_of("3qk3/8/8/3p4/8/5B2/8/3R2K1 w - - 0 1", "d1d5") == 100);
    CHECK(see_of("3qk3/8/8/3p4/8/8/8/3R2K1 w - - 0 1", "d1d5") == 100 - 500);
    /* The king takes only what is not defended any more. */
    CHECK(see_of("8/8/8/3p4/4K3/8/8/7k w - - 0 1", "e4d5") == 100);
    CHECK(see_of("8/8/2p5/3p4/4K3/8/8/7k w - - 0 1", "e4d5") < 0);
}

TEST_CASE(see_counts_en_passant_and_promotions)
{
    CHECK(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6") == 100);
    /* Taking a rook while promoting to a queen, the new queen then taken by the king. */
    CHECK(see_of("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q") == 500 + 800);
    CHECK(see_of("1rk5/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q") == 500 + 800 - 900);
}

typedef struct {
    int positions, moves;
} PickerTally;

/* Hand out every move of a position's full list with a table move and killers taken from the
 * list itself; each move must come exactly once, captures that hold before killers, killers
 * before the other quiet moves, and those by history, highest first, ties in list order (the
 * first few are found by scans, the rest sorted at once: the order must not show where). */
static void check_picker(Position *pos, const EpdEntry *entry, void *context)
{
    PickerTally *tally = context;
    MoveList original;
    generate_moves(pos, GEN_ALL, &original);
    History history;
    history_clear(&history);
    for (int from = 0; from < SQUARES; from++) /* five values, so that many moves tie */
        for (int to = 0; to < SQUARES; to++)
            history.score[pos->side][from][to] = (int16_t)((from * 7 + to * 13) % 5 * 100);
    int last_key = 0, last_at = -1;
    Move table = original.count > 3 ? original.moves[original.count / 2] : MOVE_NONE;
    Move killers[KILLER_SLOTS] = {original.count > 1 ? original.moves[original.count - 1] : MOVE_NONE, MOVE_NONE};
    MovePicker picker;
    picker_init(&picker, pos, table, killers, &history);
    int seen[MOVE_LIST_MAX] = {0};
    int handed = 0;
    bool quiet_seen = false;
    for (Move m; (m = picker_next(&picker, pos)) != MOVE_NONE; handed++) {
        int at = -1;
        for (int i = 0; i < original.count; i++)
            if (original.moves[i] == m) at = i;
        if (at < 0 || seen[at]++) {
            FAIL("line %d: move %u handed out %s", entry->line, m, at < 0 ? "that is not in the list" : "twice");
            return;
        }
        if (handed == 0 && table != MOVE_NONE && m != table)
            FAIL("line %d: the table's move is not first", entry->line);
        if (move_is_capture(m) && m != table && see_capture(pos, m) >= 0 && quiet_seen)
            FAIL("line %d: a capture that holds after a quiet move", entry->line);
        if (!move_is_capture(m) && m != table) quiet_seen = true;
        if (move_is_capture(m) || move_is_promotion(m) || m == table || m == killers[0]) continue;
        int key = history_score(&history, pos->side, m);
        if (last_at >= 0 && (key > last_key || (key == last_key && at < last_at)))
            FAIL("line %d: quiet move %u (history %d, list index %d) after history %d, index %d", entry->line, m, key,
                 at, last_key, last_at);
        last_key = key;
        last_at = at;
    }
    if (handed != original.count) FAIL("line %d: %d of %d moves handed out", entry->line, handed, original.count);
    tally->positions++;
    tally->moves += handed;
}

TEST_CASE(picker_hands_out_every_move_once_in_its_stages)
{
    PickerTally tally = {0};
    epd_for_each_position(check_picker, &tally);
    CHECK(tally.positions > 100);
    CHECK(tally.moves > 1000);
}

/* Without E9 the order is the list's, the table's move and then the killer first when they are
 * in it: the staged picker must give exactly the order of the whole list with the two moved to
 * its front, for a table move and a killer of this position, of another one, or none. */
static void check_faithful_picker(Position *pos, const EpdEntry *entry, void *context)
{
    PickerTally *tally = context;
    MoveList list;
    generate_moves(pos, GEN_ALL, &list);
    const Move foreign = move_make(SQ_A1, SQ_H8, 0, EMPTY); /* no man of any position makes it */
    const Move tables[] = {MOVE_NONE, list.count > 2 ? list.moves[list.count - 2] : MOVE_NONE, foreign};
    const Move killers[] = {MOVE_NONE, list.count > 0 ? list.moves[0] : MOVE_NONE,
                            list.count > 3 ? list.moves[list.count / 2] : MOVE_NONE, foreign};
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        for (size_t k = 0; k < sizeof killers / sizeof killers[0]; k++) {
            Move expected[MOVE_LIST_MAX + 2];
            int n = 0;
            const Move first[2] = {tables[t], killers[k]};
            for (int f = 0; f < 2; f++)
                for (int i = 0; i < list.count; i++)
                    if (list.moves[i] == first[f] && (f == 0 || first[1] != first[0])) expected[n++] = first[f];
            for (int i = 0; i < list.count; i++)
                if (list.moves[i] != first[0] && list.moves[i] != first[1]) expected[n++] = list.moves[i];
            MovePicker picker;
            picker_init_faithful(&picker, tables[t], killers[k]);
            int handed = 0;
            for (Move m; (m = picker_next(&picker, pos)) != MOVE_NONE; handed++) {
                if (handed >= n || m != expected[handed]) {
                    FAIL("line %d: move %d of the faithful order is %u, expected %u", entry->line, handed, m,
                         handed < n ? expected[handed] : MOVE_NONE);
                    return;
                }
            }
            if (handed != n) FAIL("line %d: %d of %d moves handed out", entry->line, handed, n);
            tally->moves += handed;
        }
    }
    tally->positions++;
}

TEST_CASE(faithful_picker_keeps_the_order_of_the_whole_list)
{
    PickerTally tally = {0};
    epd_for_each_position(check_faithful_picker, &tally);
    CHECK(tally.positions > 100);
    CHECK(tally.moves > 10000);
}
