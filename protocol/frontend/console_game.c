/* console_game.c - the lowest of the console's files: how a game at the terminal stands, ended by
 * rule (the position's own, rules.h's words) or at the board (a flag, a resignation, a draw
 * agreed), and the words that say so. The other console files call down to it. */
#include "console_internal.h"

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
