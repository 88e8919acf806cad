/* console_why.c - `why` and `hint` at the console: why TECH played its last move, told from the
 * search that chose it (driver/explain.h), kept from the moment it was played; for a position
 * without one, and for the person's side (`hint`), a search with TECH's settings and the `play`
 * words, explained when it ends. It calls console_search.c only. */
#include "console_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "makemove.h"

/* The explanation of the search `r` of the game's current position, in `out`. */
static void explain_now(Console *c, const JobResult *r, bool for_person, char *out, size_t size)
{
    explain_job(&c->s->game, &c->s->settings, r, for_person, out, size);
}

/* Print an explanation line by line. */
static void say(const char *text)
{
    char line[EXPLAIN_TEXT_MAX];
    snprintf(line, sizeof line, "%s", text);
    char *rest = line;
    for (char *cut; (cut = strchr(rest, '\n')); rest = cut + 1) {
        *cut = '\0';
        io_write_line(rest);
    }
    io_write_line(rest);
}

void console_why_note(Console *c, const JobResult *r)
{
    ConsoleWhy *why = &c->why;
    why->moves = -1;
    if (r->best_move == MOVE_NONE) return;
    explain_now(c, r, false, why->text, sizeof why->text);
    Position *pos = &c->s->game.pos;
    make_move(pos, r->best_move);
    why->key = pos->key;
    unmake_move(pos);
    why->moves = c->s->game.move_count + 1;
}

/* Whether TECH's last move is the game's last and its explanation is kept. */
static bool last_move_explained(const Console *c, uint64_t key_now)
{
    return c->why.moves == c->s->game.move_count && c->why.key == key_now && c->why.text[0];
}

/* A search of the game's position as TECH would search it, to be explained when it ends. */
static void search_to_explain(Console *c, WhyAsked asked, int64_t read_us)
{
    TimeRequest time = c->play.limits;
    c->why.asked = asked;
    console_search(c, &time, false, read_us);
}

void console_cmd_why(Console *c, int64_t read_us)
{
    if (last_move_explained(c, c->s->game.pos.key)) {
        say(c->why.text);
        return;
    }
    if (console_game_over(c)) {
        console_say_game_over(c);
        return;
    }
    search_to_explain(c, WHY_TECH, read_us);
}

void console_cmd_hint(Console *c, int64_t read_us)
{
    if (console_game_over(c)) {
        console_say_game_over(c);
        return;
    }
    search_to_explain(c, c->play.side == PLAY_OFF || c->s->game.pos.side != c->play.side ? WHY_PERSON : WHY_TECH,
                      read_us);
}

bool console_why_done(Console *c, const JobResult *r)
{
    WhyAsked asked = c->why.asked;
    if (asked == WHY_NONE) return false;
    c->why.asked = WHY_NONE;
    if (r->best_move == MOVE_NONE) {
        io_write_line("no move to explain");
        return true;
    }
    char text[EXPLAIN_TEXT_MAX];
    explain_now(c, r, asked == WHY_PERSON, text, sizeof text);
    if (asked == WHY_TECH) io_write_line("TECH would play this move here:");
    say(text);
    return true;
}
