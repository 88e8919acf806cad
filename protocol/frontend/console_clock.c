/* console_clock.c - both sides' clocks in a game at the console (`clock`): the control, the side
 * whose clock runs and since when, the time each has left as it stands now, the increment and the
 * control's renewal after a move, and the flag that falls when one runs out. */
#include "console_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "number.h"

/* [C] The largest clock `clock` takes: a day for the control, an hour a move as increment, a
 * thousand moves a control; beyond them a game at the terminal is not timed any more. */
static const int64_t CLOCK_BASE_MAX_MS = 24LL * 3600 * 1000, CLOCK_INC_MAX_MS = 3600LL * 1000;
enum { CLOCK_MOVES_MAX = 1000 };
/* Longest `clock` argument read: "1000/1440.5+3600.5" and room to spare. */
enum { CLOCK_TEXT_MAX = 48 };

void console_clock_text(int64_t ms, char *out, size_t size)
{
    if (ms < 0) ms = 0;
    snprintf(out, size, "%" PRId64 ":%02" PRId64 ".%" PRId64, ms / 60000, ms / 1000 % 60, ms / 100 % 10);
}

/* Whether `side`'s clock runs now. */
static bool clock_runs_for(const ConsoleClock *clock, Color side)
{
    return clock->turn_start_us != 0 && clock->turn_side == side;
}

int64_t console_clock_left_ms(const Console *c, Color side, int64_t now_us)
{
    const ConsoleClock *clock = &c->play.clock;
    int64_t left = clock->left_ms[side];
    if (clock_runs_for(clock, side)) left -= (now_us - clock->turn_start_us) / 1000;
    return left > 0 ? left : 0;
}

bool console_clock_flag_falls(Console *c, int64_t now_us)
{
    ConsoleClock *clock = &c->play.clock;
    if (clock->turn_start_us == 0 || console_clock_left_ms(c, clock->turn_side, now_us) > 0) return false;
    Color side = clock->turn_side;
    clock->left_ms[side] = 0;
    clock->turn_start_us = 0;
    console_declare_end(c, END_FLAG, side);
    return true;
}

void console_say_clocks(Console *c, int64_t now_us)
{
    char white[32], black[32];
    console_clock_text(console_clock_left_ms(c, WHITE, now_us), white, sizeof white);
    console_clock_text(console_clock_left_ms(c, BLACK, now_us), black, sizeof black);
    const ConsoleClock *clock = &c->play.clock;
    io_printf("clock: White %s%s, Black %s%s", white, clock_runs_for(clock, WHITE) ? " (running)" : "", black,
              clock_runs_for(clock, BLACK) ? " (running)" : "");
}

void console_clock_start_turn(Console *c, int64_t now_us)
{
    ConsoleClock *clock = &c->play.clock;
    bool runs = clock->set && c->play.side != PLAY_OFF && !console_game_over(c);
    clock->turn_start_us = runs ? now_us : 0;
    clock->turn_side = c->s->game.pos.side;
}

void console_clock_stop_turn(Console *c, int64_t now_us)
{
    ConsoleClock *clock = &c->play.clock;
    if (clock->turn_start_us == 0 || console_clock_flag_falls(c, now_us)) return;
    Color side = clock->turn_side;
    int64_t left = console_clock_left_ms(c, side, now_us);
    clock->turn_start_us = 0;
    left = number_add(left, clock->inc_ms);
    int made = game_moves_by(&c->s->game, side) - clock->moves_at_set[side];
    if (clock->moves > 0 && made > 0 && made % clock->moves == 0) left = number_add(left, clock->base_ms);
    clock->left_ms[side] = number_clamp(left, 0, GUI_TIME_MS_MAX);
}

void console_clock_pause(Console *c, int64_t now_us)
{
    ConsoleClock *clock = &c->play.clock;
    if (clock->turn_start_us == 0) return;
    clock->left_ms[clock->turn_side] = console_clock_left_ms(c, clock->turn_side, now_us);
    clock->turn_start_us = 0;
}

void console_clock_reset(Console *c)
{
    ConsoleClock *clock = &c->play.clock;
    for (Color side = BLACK; side <= WHITE; side++) {
        clock->left_ms[side] = clock->base_ms;
        clock->moves_at_set[side] = game_moves_by(&c->s->game, side);
    }
    clock->turn_start_us = 0;
    if (c->play.end == END_FLAG) c->play.end = END_NONE;
}

void console_clock_limits(const Console *c, Color side, TimeRequest *time)
{
    const ConsoleClock *clock = &c->play.clock;
    if (!clock->set) return;
    int made = game_moves_by(&c->s->game, side) - clock->moves_at_set[side];
    time->has_clock = true;
    time->remaining_ms = clock->left_ms[side];
    time->increment_ms = clock->inc_ms;
    if (clock->moves > 0) time->moves_to_go = clock->moves - made % clock->moves;
}

/* Read `[MOVES/]MINUTES[+SECONDS]` into the clock's control; false if it is not one. */
static bool read_control(const char *text, ConsoleClock *clock)
{
    char copy[CLOCK_TEXT_MAX];
    if (strlen(text) >= sizeof copy) return false;
    strcpy(copy, text);
    char *minutes = copy, *seconds = strchr(copy, '+'), *slash = strchr(copy, '/');
    int64_t moves = 0, base_ms, inc_ms = 0;
    if (seconds) *seconds++ = '\0';
    if (slash) {
        *slash = '\0';
        minutes = slash + 1;
        if (!number_read_whole_from(copy, 1, CLOCK_MOVES_MAX, &moves)) return false;
    }
    if (!number_read_ms_from(minutes, 60000.0, true, CLOCK_BASE_MAX_MS, &base_ms)) return false;
    if (seconds && !number_read_ms_from(seconds, 1000.0, false, CLOCK_INC_MAX_MS, &inc_ms)) return false;
    clock->moves = (int)moves;
    clock->base_ms = base_ms;
    clock->inc_ms = inc_ms;
    return true;
}

void console_cmd_clock(Console *c, char *cursor)
{
    ConsoleClock *clock = &c->play.clock;
    char *word = token_next(&cursor);
    int64_t now = clock_now_us();
    if (!word) {
        if (!clock->set) {
            io_write_line("no clock (`clock 5+3`: five minutes each and 3 s more a move)");
            return;
        }
        console_clock_flag_falls(c, now);
        console_say_clocks(c, now);
        return;
    }
    if (!strcmp(word, "off")) {
        clock->set = false;
        clock->turn_start_us = 0;
        if (c->play.end == END_FLAG) c->play.end = END_NONE;
        io_write_line("no clock");
        return;
    }
    if (token_next(&cursor) || !read_control(word, clock)) {
        char safe[64];
        text_printable(word, safe, sizeof safe);
        io_printf("clock: cannot read '%s'; try `clock 5+3` (minutes+seconds) or `clock 40/90+30`", safe);
        return;
    }
    clock->set = true;
    console_clock_reset(c);
    console_say_clocks(c, now);
    console_clock_start_turn(c, now);
}
