/* console_save.c - `save FILE`: the game written as PGN (game_pgn.h) with the tags of a game at
 * the terminal: the person by their login name and TECH by its name and version (its Elo tag when
 * it was held to one), today's date, the result as it stands ("*" while the game goes on); as
 * comments TECH's level at the start and at each change, and how the game ended. */
#include "console_internal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_pgn.h"
#include "platform.h"

/* Longest name a saved game gives a player. */
enum { PLAYER_NAME_MAX = 160 };

/* The person's name: their login name (USER; Windows: USERNAME), else "Player". */
static void person_name(char *out, size_t size)
{
    const char *name = getenv("USER");
    if (!name || !*name) name = getenv("USERNAME");
    text_printable(name && *name ? name : "Player", out, size);
}

/* The comments of TECH's levels in the game: the one it started at ("TECH plays Black as TECH-1971
 * at Elo 1200"), then each change where it came ("TECH plays as TECH-deep at Elo 1800 from
 * here"); their texts go into `texts`, kept as long as the comments. */
static int level_comments(const Console *c, char texts[][PLAYER_TEXT_MAX + 48], PgnComment *comments)
{
    const ConsolePlay *p = &c->play;
    snprintf(texts[0], sizeof texts[0], "TECH plays %s as %s", p->game_side == WHITE ? "White" : "Black",
             p->start_player);
    comments[0] = (PgnComment){0, texts[0]};
    for (int i = 0; i < p->change_count; i++) {
        snprintf(texts[i + 1], sizeof texts[i + 1], "TECH plays as %s from here", p->changes[i].player);
        comments[i + 1] = (PgnComment){p->changes[i].ply, texts[i + 1]};
    }
    return p->change_count + 1;
}

/* The result token ("1-0") and how the game ended ("White mates") from "1-0 {White mates}". */
static void split_result(const char *text, char *result, size_t result_size, char *ending, size_t ending_size)
{
    size_t token = strcspn(text, " ");
    snprintf(result, result_size, "%.*s", (int)token, text);
    const char *open = strchr(text, '{');
    size_t length = open ? strcspn(open + 1, "}") : 0;
    snprintf(ending, ending_size, "%.*s", (int)length, open ? open + 1 : "");
}

/* Write the game to `out`; false if a write failed. */
static bool write_game(Console *c, FILE *out)
{
    char date[16] = "????.??.??", person[PLAYER_NAME_MAX], tech[PLAYER_NAME_MAX], result[16] = "*", ending[96] = "",
         elo[16];
    int year, month, day;
    if (platform_local_date(&year, &month, &day))
        snprintf(date, sizeof date, "%04d.%02d.%02d", year % 10000, month % 100, day % 100);
    person_name(person, sizeof person);
    snprintf(tech, sizeof tech, "%s %s", ENGINE_NAME, tech_version());
    snprintf(elo, sizeof elo, "%d", c->play.start_elo);
    const char *how, *result_text;
    if (console_game_result(c, &how, &result_text))
        split_result(result_text, result, sizeof result, ending, sizeof ending);
    int tech_side = c->play.game_side;
    char texts[LEVEL_CHANGES_MAX + 1][PLAYER_TEXT_MAX + 48];
    PgnComment comments[LEVEL_CHANGES_MAX + 1];
    int comment_count = tech_side == PLAY_OFF ? 0 : level_comments(c, texts, comments);
    bool held_back = tech_side != PLAY_OFF && c->play.start_elo > 0; /* the Elo TECH was held to */
    PgnHeader header = {
        .event = "TECH console game",
        .site = "?",
        .date = date,
        .round = "-",
        .white = tech_side == WHITE ? tech : person,
        .black = tech_side == BLACK ? tech : person,
        .white_elo = held_back && tech_side == WHITE ? elo : NULL,
        .black_elo = held_back && tech_side == BLACK ? elo : NULL,
        .result = result,
        .ending = *ending ? ending : NULL,
        .comments = comments,
        .comment_count = comment_count,
    };
    return game_write_pgn(&c->s->game, &header, out);
}

void console_cmd_save(Console *c, char *cursor)
{
    const char *path = token_rest(&cursor);
    if (!*path) {
        io_write_line("usage: save FILE (the game as PGN)");
        return;
    }
    char safe[256];
    text_printable(path, safe, sizeof safe);
    if (platform_is_directory(path)) {
        io_printf("save: cannot write '%s': %s; the game is unchanged", safe, strerror(EISDIR));
        return;
    }
    errno = 0;
    FILE *out = fopen(path, "w");
    bool written = out && write_game(c, out);
    int error = errno;
    if (out && fclose(out) != 0 && written) {
        written = false;
        error = errno;
    }
    if (!written) {
        io_printf("save: cannot write '%s': %s; the game is unchanged", safe, error ? strerror(error) : "write failed");
        return;
    }
    const char *how, *result;
    if (console_game_result(c, &how, &result)) io_printf("saved the game to %s (PGN; %s)", safe, result);
    else io_printf("saved the game to %s (PGN; result *: the game goes on)", safe);
}
