/* console_game.c - the lowest of the console's files: how a game at the terminal stands, ended by
 * rule (the position's own, rules.h's words) or at the board (a flag, a resignation, a draw
 * agreed), and the words that say so; TECH as a player, and each change of its level in a game.
 * The other console files call down to it. */
#include "console_internal.h"

#include <stdio.h>
#include <string.h>

/* The words of the ends at the board, by the side whose flag fell or who resigned. */
static const struct {
    const char *how[COLOR_NB];
    const char *result[COLOR_NB];
} declared_texts[] = {
    [END_FLAG] = {{[WHITE] = "White's flag has fallen", [BLACK] = "Black's flag has fallen"},
                  {[WHITE] = "0-1 {White loses on time}", [BLACK] = "1-0 {Black loses on time}"}},
    [END_RESIGNATION] = {{[WHITE] = "White resigns", [BLACK] = "Black resigns"},
                         {[WHITE] = "0-1 {White resigns}", [BLACK] = "1-0 {Black resigns}"}},
    [END_DRAW_AGREED] = {{"draw agreed", "draw agreed"},
                         {"1/2-1/2 {Draw by agreement}", "1/2-1/2 {Draw by agreement}"}},
};

bool console_game_result(Console *c, const char **how, const char **result)
{
    const ConsolePlay *p = &c->play;
    if (p->end != END_NONE) {
        *how = declared_texts[p->end].how[p->end_side];
        *result = declared_texts[p->end].result[p->end_side];
        return true;
    }
    GameStatus status = game_status_now(&c->s->game);
    if (status == STATUS_ONGOING) return false;
    *how = game_status_text(status)->name;
    *result = game_result_text(&c->s->game, status);
    return true;
}

bool console_game_over(Console *c)
{
    const char *how, *result;
    return console_game_result(c, &how, &result);
}

bool console_say_game_over(Console *c)
{
    const char *how, *result;
    if (!console_game_result(c, &how, &result)) return false;
    io_printf("game over: %s, %s", how, result);
    return true;
}

void console_declare_end(Console *c, DeclaredEnd end, Color side)
{
    c->play.end = end;
    c->play.end_side = side;
    console_say_game_over(c);
}

void console_player_text(const Console *c, char *out, size_t size)
{
    const Settings *settings = &c->s->settings;
    TextBuffer text;
    text_init(&text);
    char profile[PLAYER_TEXT_MAX];
    settings_describe(settings, profile, sizeof profile);
    if (settings->limit_strength) text_append(&text, "%s at Elo %d", settings_profile_name(settings), settings->elo);
    else if (settings->features.pace_multiple > 0) /* the PDP-10's pace (Speed) */
        text_append(&text, "%s at Speed x%.0f", profile, settings->features.pace_multiple);
    else if (strchr(profile, ',')) text_append(&text, "%s", profile); /* switches set apart: named */
    else text_append(&text, "%s at full strength", profile);
    /* The `play` words, which hold under a clock too, in brackets: " (depth 4, 500 ms a move)". */
    const TimeRequest *limits = &c->play.limits;
    size_t open = text.length;
    if (limits->depth_cap > 0) text_append(&text, ", depth %d", (int)limits->depth_cap);
    if (limits->movetime_ms > 0) text_append(&text, ", %lld ms a move", (long long)limits->movetime_ms);
    if (limits->nodes > 0) text_append(&text, ", %llu nodes a move", (unsigned long long)limits->nodes);
    if (text.text && text.length > open) {
        text.text[open] = ' ';
        text.text[open + 1] = '(';
        text_append(&text, ")");
    }
    snprintf(out, size, "%s", text.text ? text.text : ENGINE_NAME);
    text_free(&text);
}

void console_player_starts(Console *c)
{
    ConsolePlay *p = &c->play;
    console_player_text(c, p->start_player, sizeof p->start_player);
    p->start_elo = c->s->settings.limit_strength ? c->s->settings.elo : 0;
    p->change_count = 0;
}

/* Note in the game's record that TECH plays as `player` from the move at the current ply on. */
static void note_change(Console *c, const char *player)
{
    ConsolePlay *p = &c->play;
    int ply = c->s->game.move_count;
    if (ply == 0) { /* no move yet: the game starts with it */
        console_player_starts(c);
        return;
    }
    bool same_ply = p->change_count > 0 && p->changes[p->change_count - 1].ply == ply;
    if (!same_ply && p->change_count < LEVEL_CHANGES_MAX) p->change_count++;
    LevelChange *change = &p->changes[p->change_count - 1];
    change->ply = ply;
    snprintf(change->player, sizeof change->player, "%s", player);
}

void console_player_changed(Console *c, const char *player_before)
{
    char player[PLAYER_TEXT_MAX];
    console_player_text(c, player, sizeof player);
    if (!strcmp(player, player_before)) return;
    const ConsolePlay *p = &c->play;
    if (p->side == PLAY_OFF) {
        io_printf("%s now plays; `play white` or `play black` starts a game", player);
    } else {
        io_printf("%s now plays %s", player, p->side == WHITE ? "White" : "Black");
        if (p->game_side != PLAY_OFF && !console_game_over(c)) note_change(c, player);
    }
}
