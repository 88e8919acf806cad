/* console_play.c - a game against the person at the terminal, as a console engine plays one (GNU
 * Chess answers a move with its own): TECH takes a side (`play`) and answers each of the person's
 * moves with a move of its own, played and said in SAN, searched under both sides' clocks when
 * `clock` has set them; the game ends by rule or on time, and says so. */
#include "console_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "notation.h"
#include "number.h"

/* [C] The largest clock `clock` takes: a day for the control, an hour a move as increment, a
 * thousand moves a control; beyond them a game at the terminal is not timed any more. */
static const int64_t CLOCK_BASE_MAX_MS = 24LL * 3600 * 1000, CLOCK_INC_MAX_MS = 3600LL * 1000;
enum { CLOCK_MOVES_MAX = 1000 };
/* Longest `clock` argument read: "1000/1440.5+3600.5" and room to spare. */
enum { CLOCK_TEXT_MAX = 48 };

static const char *color_name(Color side) { return side == WHITE ? "White" : "Black"; }

bool console_say_game_over(Console *c)
{
    static const char *const what[] = {
        [STATUS_CHECKMATE] = "checkmate",
        [STATUS_STALEMATE] = "stalemate",
        [STATUS_FIFTY_MOVES] = "draw by the 50-move rule",
        [STATUS_REPETITION] = "draw by threefold repetition",
        [STATUS_INSUFFICIENT] = "draw, neither side can mate",
    };
    GameStatus status = game_status_now(&c->s->game);
    if (status == STATUS_ONGOING) return false;
    io_printf("game over: %s, %s", what[status], game_result_text(&c->s->game, status));
    return true;
}

/* Whether the game goes on: no result by rule, no flag fallen. */
static bool game_goes_on(Console *c) { return !c->play.flag_fell && game_status_now(&c->s->game) == STATUS_ONGOING; }

/* Whether TECH, playing, is to move in a game that goes on. */
static bool tech_to_move(Console *c)
{
    return c->play.side != PLAY_OFF && c->s->game.pos.side == c->play.side && game_goes_on(c);
}

/* "4:58.2": minutes, seconds and tenths of a clock (none below zero). */
static void clock_text(int64_t ms, char *out, size_t size)
{
    if (ms < 0) ms = 0;
    snprintf(out, size, "%" PRId64 ":%02" PRId64 ".%" PRId64, ms / 60000, ms / 1000 % 60, ms / 100 % 10);
}

static void say_clocks(Console *c)
{
    char white[32], black[32];
    clock_text(c->play.left_ms[WHITE], white, sizeof white);
    clock_text(c->play.left_ms[BLACK], black, sizeof black);
    io_printf("clock: White %s, Black %s", white, black);
}

/* The clock of the side to move starts at now_us, when TECH plays with a clock in a game that
 * goes on. */
static void clock_start_turn(Console *c, int64_t now_us)
{
    ConsolePlay *p = &c->play;
    bool runs = p->clock_set && p->side != PLAY_OFF && game_goes_on(c);
    p->turn_start_us = runs ? now_us : 0;
    p->turn_side = c->s->game.pos.side;
}

/* The side whose clock ran has moved at now_us: its time off, the increment on, and the base
 * again after each control's last move; a clock that ran out ends the game. */
static void clock_stop_turn(Console *c, int64_t now_us)
{
    ConsolePlay *p = &c->play;
    if (p->turn_start_us == 0) return;
    Color side = p->turn_side;
    int64_t left = p->left_ms[side] - (now_us - p->turn_start_us) / 1000;
    p->turn_start_us = 0;
    if (left < 0) {
        p->left_ms[side] = 0;
        p->flag_fell = true;
        io_printf("game over: %s's flag has fallen, %s", color_name(side),
                  side == WHITE ? "0-1 {White loses on time}" : "1-0 {Black loses on time}");
        return;
    }
    left = number_add(left, p->clock_inc_ms);
    int made = game_moves_by(&c->s->game, side) - p->moves_at_set[side];
    if (p->clock_moves > 0 && made > 0 && made % p->clock_moves == 0) left = number_add(left, p->clock_base_ms);
    p->left_ms[side] = number_clamp(left, 0, GUI_TIME_MS_MAX);
}

/* Both clocks back to the control's base, counted from the moves made so far. */
static void clock_reset(Console *c)
{
    ConsolePlay *p = &c->play;
    for (Color side = BLACK; side <= WHITE; side++) {
        p->left_ms[side] = p->clock_base_ms;
        p->moves_at_set[side] = game_moves_by(&c->s->game, side);
    }
    p->turn_start_us = 0;
    p->flag_fell = false;
}

/* TECH thinks on its move, its clock started at clock_start_us: under its clock if one is set,
 * else with the `play` words (a bare search at TECH's own depth without them). */
static void think(Console *c, int64_t clock_start_us)
{
    ConsolePlay *p = &c->play;
    TimeRequest time = p->limits;
    if (p->clock_set) {
        Color side = (Color)p->side;
        int made = game_moves_by(&c->s->game, side) - p->moves_at_set[side];
        time.has_clock = true;
        time.remaining_ms = p->left_ms[side];
        time.increment_ms = p->clock_inc_ms;
        if (p->clock_moves > 0) time.moves_to_go = p->clock_moves - made % p->clock_moves;
    }
    p->thinking = true;
    p->think_start_us = clock_start_us;
    clock_start_turn(c, clock_start_us);
    console_search(c, &time, false, clock_start_us);
}

/* After a change of the game (a move, a new position): TECH thinks if it is its turn, else the
 * person's clock runs. */
static void next_turn(Console *c, int64_t now_us)
{
    if (tech_to_move(c)) think(c, now_us);
    else clock_start_turn(c, now_us);
}

void console_person_moved(Console *c, int64_t read_us)
{
    clock_stop_turn(c, read_us);
    if (c->play.flag_fell || console_say_game_over(c)) return;
    next_turn(c, read_us);
}

void console_new_position(Console *c, int64_t read_us)
{
    clock_reset(c);
    next_turn(c, read_us);
}

void console_undo(Console *c)
{
    /* In play the person takes back their move and TECH's answer, to be on move again. */
    bool playing = c->play.side != PLAY_OFF;
    int plies = playing && c->s->game.pos.side != c->play.side ? 2 : 1;
    if (!game_undo(&c->s->game, plies)) {
        io_write_line(plies == 2 ? "nothing to take back: TECH's move is the game's first" : "nothing to take back");
        return;
    }
    if (playing) next_turn(c, clock_now_us());
}

/* "TECH plays 12... Nf6 (g8f6; depth 5, score +0.35, 12345 nodes, 0.8 s)", said before the move
 * is played (SAN needs the position before it). */
static void say_move(Console *c, const JobResult *r)
{
    Position *pos = &c->s->game.pos;
    char san[MOVE_TEXT_MAX + 8], uci[MOVE_TEXT_MAX];
    move_to_san(pos, r->best_move, san);
    move_to_uci(r->best_move, uci);
    TextBuffer line;
    text_init(&line);
    text_append(&line, "TECH plays %d%s %s (%s; depth %d, ", pos->fullmove, pos->side == WHITE ? "." : "...", san, uci,
                r->depth);
    if (score_is_mate(r->score)) text_append(&line, "mate %d", score_mate_moves(r->score));
    else text_append(&line, "score %+.2f", r->score / 100.0);
    text_append(&line, ", %" PRIu64 " nodes, %.1f s)", r->nodes, (double)r->elapsed_us / 1e6);
    if (line.text) io_write_line(line.text);
    text_free(&line);
}

bool console_play_done(Console *c, const JobResult *r)
{
    ConsolePlay *p = &c->play;
    if (!p->thinking) return false;
    p->thinking = false;
    int64_t now = clock_now_us();
    if (r->best_move == MOVE_NONE) { /* the game had ended: said when it did */
        if (!console_say_game_over(c)) io_write_line("no move to search");
        return true;
    }
    say_move(c, r);
    game_play(&c->s->game, r->best_move);
    session_record(c->s, &c->plan, r, p->think_start_us);
    clock_stop_turn(c, now);
    if (p->clock_set) say_clocks(c);
    if (!p->flag_fell && !console_say_game_over(c)) clock_start_turn(c, now);
    return true;
}

void console_play_stop(Console *c)
{
    c->play.side = PLAY_OFF;
    c->play.thinking = false;
    c->play.turn_start_us = 0;
}

/* Take the next word of *cursor if it is `word` (the cursor is left alone otherwise). */
static bool take_word(char **cursor, const char *word)
{
    char *p = *cursor;
    while (*p == ' ' || *p == '\t') p++;
    size_t n = strlen(word);
    if (strncmp(p, word, n) != 0 || (p[n] != '\0' && p[n] != ' ' && p[n] != '\t')) return false;
    *cursor = p + n;
    return true;
}

void console_cmd_play(Console *c, char *cursor, int64_t read_us)
{
    ConsolePlay *p = &c->play;
    if (take_word(&cursor, "off")) {
        console_play_stop(c);
        io_write_line("TECH answers no more moves (`play` starts again)");
        return;
    }
    int side = take_word(&cursor, "white") ? WHITE : take_word(&cursor, "black") ? BLACK : c->s->game.pos.side;
    TimeRequest limits;
    memset(&limits, 0, sizeof limits);
    if (!console_read_limits(&cursor, "play", false, &limits)) return;
    p->side = side;
    p->limits = limits;
    io_printf("TECH plays %s, you %s%s", color_name((Color)side), color_name((Color)!side),
              p->clock_set ? ", on the clock" : "");
    if (!game_goes_on(c)) {
        if (!console_say_game_over(c)) io_write_line("the game is over on time; `new` starts another");
        return;
    }
    next_turn(c, read_us);
}

/* Read `[MOVES/]MINUTES[+SECONDS]` into the clock's control; false if it is not one. */
static bool read_control(const char *text, ConsolePlay *p)
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
    p->clock_moves = (int)moves;
    p->clock_base_ms = base_ms;
    p->clock_inc_ms = inc_ms;
    return true;
}

void console_cmd_clock(Console *c, char *cursor)
{
    ConsolePlay *p = &c->play;
    char *word = token_next(&cursor);
    if (!word) {
        if (p->clock_set) say_clocks(c);
        else io_write_line("no clock (`clock 5+3`: five minutes each and 3 s more a move)");
        return;
    }
    if (!strcmp(word, "off")) {
        p->clock_set = false;
        p->turn_start_us = 0;
        p->flag_fell = false;
        io_write_line("no clock");
        return;
    }
    if (token_next(&cursor) || !read_control(word, p)) {
        char safe[64];
        text_printable(word, safe, sizeof safe);
        io_printf("clock: cannot read '%s'; try `clock 5+3` (minutes+seconds) or `clock 40/90+30`", safe);
        return;
    }
    p->clock_set = true;
    clock_reset(c);
    say_clocks(c);
    clock_start_turn(c, clock_now_us());
}
