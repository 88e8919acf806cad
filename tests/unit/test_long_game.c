/* test_long_game.c - games far longer than the undo stack: thousands of reversible plies played,
 * set up from a move list, taken back and searched, with the repetition count checked against a
 * count made from the whole game after every ply. */
#include <stdlib.h>
#include <string.h>

#include "cases.h"
#include "game.h"
#include "makemove.h"
#include "notation.h"
#include "rules.h"
#include "search.h"
#include "test.h"

/* Far beyond the undo stack (UNDO_STACK_SIZE plies) and the 1,200-ply crash. */
enum { LONG_GAME_PLIES = 5000 };
/* The knights' shuffle: after every four plies the start position is back. */
static const char *const shuffle[4] = {"g1f3", "g8f6", "f3g1", "f6g8"};

/* Every position of the game so far, for the reference count. */
typedef struct {
    uint64_t keys[LONG_GAME_PLIES + 16];
    int count;
} KeyLog;

/* Earlier occurrences of the current position counted over the whole game: the positions with
 * the same side to move since the last irreversible move. */
static int reference_repetitions(const KeyLog *log, const Position *pos)
{
    int count = 0, last = log->count - 1;
    for (int back = 2; back <= pos->halfmove && back <= last; back += 2)
        if (log->keys[last - back] == pos->key) count++;
    return count;
}

/* The side to move's knight hops out (g1f3, g8f6) or back home (f3g1, f6g8). */
static const char *knight_move(const Position *pos)
{
    if (pos->side == WHITE) return pos->board[SQ_G1] == piece_make(WHITE, KNIGHT) ? "g1f3" : "f3g1";
    return pos->board[SQ_G8] == piece_make(BLACK, KNIGHT) ? "g8f6" : "f6g8";
}

/* Play `text` in the game and log the new position; false (and a failure) if it is illegal. */
static bool play(Game *game, KeyLog *log, const char *text)
{
    char error[GAME_ERROR_MAX];
    Move m = game_parse_move(game, text, false, error, sizeof error);
    if (m == MOVE_NONE) {
        FAIL("move %s refused after %d plies: %s", text, game->move_count, error);
        return false;
    }
    game_play(game, m);
    log->keys[log->count++] = game->pos.key;
    return true;
}

TEST_CASE(long_game_repetitions_exact_over_5000_plies)
{
    /* Shuffle the knights; every 1,500 plies a pawn move (irreversible) starts a new stretch. */
    static KeyLog log;
    Game game;
    game_init(&game);
    log.count = 0;
    log.keys[log.count++] = game.pos.key;
    static const char *const pawn_moves[COLOR_NB][2] = {{"a7a6", "h7h6"}, {"a2a3", "h2h3"}};
    int pawns[COLOR_NB] = {0, 0}, failures = 0;
    for (int ply = 0; ply < LONG_GAME_PLIES && failures < 5; ply++) {
        Color side = game.pos.side;
        const char *text;
        if (ply % 1500 == 1499 && pawns[side] < 2) text = pawn_moves[side][pawns[side]++];
        else text = knight_move(&game.pos);
        if (!play(&game, &log, text)) return;
        const Position *pos = &game.pos;
        if (!position_ok(pos)) {
            FAIL("ply %d: position_ok fails", ply + 1);
            failures++;
        }
        if (pos->undo_len > HISTORY_TRIM_AT) {
            FAIL("ply %d: %d undo entries, more than %d", ply + 1, pos->undo_len, (int)HISTORY_TRIM_AT);
            failures++;
        }
        int expected = reference_repetitions(&log, pos), got = repetition_count(pos);
        /* Exact while the 50-move counter is within the kept history; past it the game is
         * drawn by the 50-move rule whatever the count. */
        if (pos->halfmove <= HISTORY_KEEP ? got != expected : game_status(&game.pos) != STATUS_FIFTY_MOVES) {
            FAIL("ply %d (halfmove %d): repetition count %d, the whole game gives %d", ply + 1, pos->halfmove, got,
                 expected);
            failures++;
        }
    }
    CHECK(game.move_count == LONG_GAME_PLIES);

    /* Take-backs replay the record: exact however often the stack was trimmed. */
    uint64_t before_last = log.keys[log.count - 2], two_back = log.keys[log.count - 3];
    CHECK(game_undo(&game, 1) && game.pos.key == before_last && position_ok(&game.pos));
    CHECK(game_undo(&game, 1) && game.pos.key == two_back && position_ok(&game.pos));
    CHECK(!game_undo(&game, LONG_GAME_PLIES));
    game_free(&game);
}

TEST_CASE(long_game_setup_from_5000_move_list)
{
    /* `position startpos moves ...` and CECP's moves in force mode reach the same game. */
    enum { PLIES = LONG_GAME_PLIES + 1 };
    char **moves = malloc(PLIES * sizeof *moves);
    if (!CHECK(moves != NULL)) return;
    for (int i = 0; i < LONG_GAME_PLIES; i++) moves[i] = (char *)shuffle[i % 4];
    moves[LONG_GAME_PLIES] = "e2e4";
    Game from_list, played;
    game_init(&from_list);
    game_init(&played);
    char error[GAME_ERROR_MAX];
    CHECK(game_setup(&from_list, NULL, moves, PLIES, error, sizeof error));
    static KeyLog log;
    log.count = 0;
    for (int i = 0; i < PLIES; i++)
        if (!play(&played, &log, moves[i])) break;
    CHECK(from_list.move_count == PLIES && played.move_count == PLIES);
    CHECK(from_list.pos.key == played.pos.key && position_ok(&from_list.pos));
    CHECK(from_list.pos.halfmove == 0 && repetition_count(&from_list.pos) == 0);

    /* A search of the long game's position, with draw detection looking through the history. */
    game_setup(&from_list, NULL, moves, LONG_GAME_PLIES, error, sizeof error);
    Search *search = search_create();
    SearchFeatures features;
    search_features_modern(&features);
    SearchControl control;
    search_control_reset(&control);
    SearchLimits limits = {.depth = 4};
    SearchResult r = search_run(search, &from_list.pos, &limits, &features, &control, NULL);
    CHECK(r.best_move != MOVE_NONE && r.score == SCORE_DRAW); /* 50-move rule: every line draws */
    search_destroy(search);
    game_free(&from_list);
    game_free(&played);
    free(moves);
}
