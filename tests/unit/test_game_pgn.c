/* test_game_pgn.c - the game record written as PGN (game_pgn.h) reads back through the engine's
 * own PGN reader (pgn.h): the same start, the same moves, the tags, lines within 79 columns. */
#include <stdio.h>
#include <string.h>

#include "cases.h"
#include "fen.h"
#include "game.h"
#include "game_pgn.h"
#include "notation.h"
#include "pgn.h"
#include "rules.h"
#include "test.h"

/* Play up to `plies` moves on the game, each the legal move at index (ply * 7) mod the count, so
 * that the game wanders over the board; stops at a game's end. */
static void wander(Game *game, int plies)
{
    for (int ply = 0; ply < plies && game_status_now(game) == STATUS_ONGOING; ply++) {
        MoveList legal;
        generate_legal(&game->pos, &legal);
        game_play(game, legal.moves[(ply * 7) % legal.count]);
    }
}

/* Write `game` with `header`, read it back, and check it against the record. */
static void check_round_trip(Game *game, const PgnHeader *header, const char *what)
{
    FILE *file = tmpfile();
    if (!CHECK(file != NULL)) return;
    CHECK(game_write_pgn(game, header, file));
    rewind(file);
    char line[256];
    while (fgets(line, sizeof line, file))
        if (line[0] != '[' && strlen(line) > 80) FAIL("%s: a movetext line of %zu characters", what, strlen(line) - 1);
    rewind(file);
    static PgnGame read; /* large: off the stack */
    char error[160] = "";
    PgnStatus status = pgn_read_game(file, &read, error, sizeof error);
    fclose(file);
    if (status != PGN_GAME) {
        FAIL("%s: the engine's reader says %s", what, error);
        return;
    }
    char written[FEN_MAX], back[FEN_MAX];
    fen_write(&game->start, written, sizeof written);
    fen_write(&read.start, back, sizeof back);
    if (strcmp(written, back) != 0) FAIL("%s: start %s read back as %s", what, written, back);
    CHECK(read.from_initial == (strcmp(written, START_FEN) == 0));
    if (read.move_count != game->move_count) FAIL("%s: %d moves read of %d", what, read.move_count, game->move_count);
    for (int i = 0; i < read.move_count && i < game->move_count; i++)
        if (read.moves[i] != game->moves[i]) FAIL("%s: move %d differs", what, i + 1);
    const char *result = pgn_tag(&read, "Result"), *white = pgn_tag(&read, "White");
    CHECK(result && strcmp(result, header->result) == 0);
    CHECK(white && strcmp(white, "Ada \\\"the\\\" Lovelace") == 0);
    CHECK(pgn_tag(&read, "Event") && pgn_tag(&read, "Site") && pgn_tag(&read, "Date") && pgn_tag(&read, "Round"));
}

TEST_CASE(game_pgn_reads_back_through_the_engines_reader)
{
    static Game game;
    game_init(&game);
    /* A comment before the first move, one before a Black move (its number again), one at the end. */
    PgnComment comments[] = {{0, "TECH plays Black"}, {7, "from here {stronger}"}, {0, "the end"}};
    PgnHeader header = {.event = "Test",
                        .site = "?",
                        .date = "2026.01.02",
                        .round = "-",
                        .white = "Ada \"the\" Lovelace",
                        .black = "TECH",
                        .black_elo = "1200",
                        .result = "*",
                        .comments = comments,
                        .comment_count = 3};
    wander(&game, 120);
    comments[2].ply = game.move_count;
    check_round_trip(&game, &header, "from the start");
    FILE *file = tmpfile();
    if (CHECK(file != NULL)) {
        char text[8192] = "";
        CHECK(game_write_pgn(&game, &header, file));
        rewind(file);
        text[fread(text, 1, sizeof text - 1, file)] = '\0';
        fclose(file);
        CHECK(strstr(text, "[BlackElo \"1200\"]") != NULL && strstr(text, "[WhiteElo") == NULL);
        CHECK(strstr(text, "\n\n{TECH plays Black} 1. ") != NULL);
        for (char *end = strchr(text, '\n'); end; end = strchr(end, '\n')) *end = ' '; /* lines joined */
        CHECK(strstr(text, "{from here {stronger)} 4... ") != NULL);
        CHECK(strstr(text, " {the end} *") != NULL);
    }
    header.comment_count = 0;
    char error[GAME_ERROR_MAX];
    CHECK(game_setup(&game, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 5", NULL, 0, error,
                     sizeof error));
    wander(&game, 41);
    header.result = "0-1";
    header.ending = "White resigns {really}";
    check_round_trip(&game, &header, "from a FEN, Black first");
    CHECK(game_setup(&game, NULL, NULL, 0, error, sizeof error));
    check_round_trip(&game, &header, "no move");
    game_free(&game);
}

TEST_CASE(game_chess960_set_up_played_and_written)
{
    static Game game;
    game_init(&game);
    PgnHeader header = {.event = "Test",
                        .site = "?",
                        .date = "2026.01.02",
                        .round = "-",
                        .white = "Ada \"the\" Lovelace",
                        .black = "TECH",
                        .result = "*"};
    const char *start = "1r3k1r/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w KQkq - 0 1";
    char *castle[] = {"f1h1", "f8b8"};
    char error[GAME_ERROR_MAX];
    /* Standard chess refuses a Chess960 start and keeps its game. */
    CHECK(!game_setup(&game, start, NULL, 0, error, sizeof error));
    CHECK(strstr(error, "Chess960 castling rights while Chess960 is off") != NULL);
    CHECK(game.move_count == 0 && game.started_from_initial);
    game.chess960 = true;
    if (!CHECK(game_setup(&game, start, castle, 2, error, sizeof error))) return;
    char text[MOVE_TEXT_MAX];
    game_move_text(&game, game.moves[0], text);
    CHECK(strcmp(text, "f1h1") == 0);
    wander(&game, 60);
    check_round_trip(&game, &header, "Chess960, both sides castled");
    FILE *file = tmpfile();
    if (!CHECK(file != NULL)) return;
    CHECK(game_write_pgn(&game, &header, file));
    rewind(file);
    char line[256];
    bool variant = false;
    while (fgets(line, sizeof line, file)) variant |= strcmp(line, "[Variant \"fischerandom\"]\n") == 0;
    fclose(file);
    CHECK(variant);
    game_free(&game);
}
