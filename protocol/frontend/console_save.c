/* console_save.c - `save FILE`: the game written as PGN (game_pgn.h) with the tags of a game at
 * the terminal: the person by their login name and TECH by its version and setting, today's date,
 * the result as it stands ("*" while the game goes on), how the game ended as a comment. */
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

/* "TECH 1.0 (TECH-1971, depth 4)": the version, the profile or strength, and the `play` words. */
static void tech_name(const Console *c, char *out, size_t size)
{
    const Settings *settings = &c->s->settings;
    const TimeRequest *limits = &c->play.limits;
    char setting[PLAYER_NAME_MAX];
    settings_describe(settings, setting, sizeof setting);
    int n = snprintf(out, size, "%s %s (%s", ENGINE_NAME, tech_version(), setting);
    if (!settings->limit_strength && settings->features.pace_multiple > 0 && n > 0 && (size_t)n < size)
        n += snprintf(out + n, size - (size_t)n, ", Speed x%.0f", settings->features.pace_multiple);
    if (!c->play.clock.set && n > 0 && (size_t)n < size) {
        if (limits->depth_cap > 0) n += snprintf(out + n, size - (size_t)n, ", depth %d", (int)limits->depth_cap);
        if (limits->movetime_ms > 0)
            n += snprintf(out + n, size - (size_t)n, ", %lld ms a move", (long long)limits->movetime_ms);
        if (limits->nodes > 0)
            n += snprintf(out + n, size - (size_t)n, ", %llu nodes a move", (unsigned long long)limits->nodes);
    }
    if (n > 0 && (size_t)n < size) snprintf(out + n, size - (size_t)n, ")");
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
    char date[16] = "????.??.??", person[PLAYER_NAME_MAX], tech[PLAYER_NAME_MAX], result[16] = "*", ending[96] = "";
    int year, month, day;
    if (platform_local_date(&year, &month, &day))
        snprintf(date, sizeof date, "%04d.%02d.%02d", year % 10000, month % 100, day % 100);
    person_name(person, sizeof person);
    tech_name(c, tech, sizeof tech);
    const char *how, *result_text;
    if (console_game_result(c, &how, &result_text))
        split_result(result_text, result, sizeof result, ending, sizeof ending);
    int tech_side = c->play.game_side;
    PgnHeader header = {
        .event = "TECH console game",
        .site = "?",
        .date = date,
        .round = "-",
        .white = tech_side == WHITE ? tech : person,
        .black = tech_side == BLACK ? tech : person,
        .result = result,
        .ending = *ending ? ending : NULL,
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
