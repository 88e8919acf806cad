/* console_play.c - a game against the person at the terminal, as a console engine plays one (GNU
 * Chess answers a move with its own): TECH takes a side (`play`) and answers each of the person's
 * moves with a move of its own, played and said in SAN, searched under both sides' clocks when
 * `clock` has set them (console_clock.c), the board shown after it (console_board.c); the game
 * ends by rule, on time, by the person's resignation or a draw TECH accepts, and says so. */
#include "console_internal.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "clock.h"
#include "notation.h"

/* [C] TECH accepts a draw when its last search had it this far behind or more (centipawns): a
 * TECH that stands level or better plays on for the win, as an engine should against a person. */
enum { DRAW_ACCEPT_SCORE_MAX = -50 };

static const char *color_name(Color side) { return side == WHITE ? "White" : "Black"; }

/* The person's colour in play. */
static Color person_side(const Console *c) { return (Color)!c->play.side; }

/* Whether TECH, playing, is to move in a game that goes on. */
static bool tech_to_move(Console *c)
{
    return c->play.side != PLAY_OFF && c->s->game.pos.side == c->play.side && !console_game_over(c);
}

/* TECH thinks on its move, its clock started at clock_start_us: under its clock if one is set,
 * else with the `play` words (a bare search at TECH's own depth without them). */
static void think(Console *c, int64_t clock_start_us)
{
    ConsolePlay *p = &c->play;
    TimeRequest time = p->limits;
    console_clock_limits(c, (Color)p->side, &time);
    p->thinking = true;
    p->think_start_us = clock_start_us;
    console_clock_start_turn(c, clock_start_us);
    console_search(c, &time, false, clock_start_us);
}

/* The person is to move in play at now_us, or the game has ended: the board (unless hidden),
 * then the end if it came, else the person's clock starts. */
static void persons_turn(Console *c, int64_t now_us)
{
    if (!c->play.board_hidden) console_show_board(c);
    if (!console_say_game_over(c)) console_clock_start_turn(c, now_us);
}

/* After a change of the game (a move, a new position): TECH thinks if it is its turn, else in play
 * it is the person's (or the game is over). */
static void next_turn(Console *c, int64_t now_us)
{
    if (tech_to_move(c)) think(c, now_us);
    else if (c->play.side != PLAY_OFF) persons_turn(c, now_us);
    else console_clock_start_turn(c, now_us);
}

void console_person_moved(Console *c, int64_t read_us)
{
    console_clock_stop_turn(c, read_us);
    if (c->play.end != END_NONE) return; /* the flag fell: said */
    if (c->play.side == PLAY_OFF) console_say_game_over(c);
    else next_turn(c, read_us);
}

void console_new_position(Console *c, int64_t read_us)
{
    ConsolePlay *p = &c->play;
    p->end = END_NONE;
    p->has_score = false;
    p->game_side = p->side;
    console_player_starts(c);
    console_clock_reset(c);
    next_turn(c, read_us);
}

/* "5. Bb5 Nc6": the moves from ply `first` on, as movetext writes them. */
static void append_move(void *context, const GameMove *move)
{
    TextBuffer *text = context;
    char label[GAME_SAN_MAX + 16];
    game_move_label(move, text->length == 0, label, sizeof label);
    text_append(text, "%s%s", text->length ? " " : "", label);
}

void console_undo(Console *c)
{
    Game *game = &c->s->game;
    if (c->play.end == END_FLAG) { /* the time spent cannot be taken back */
        console_refuse_move_after_end(c, "undo", clock_now_us());
        return;
    }
    /* In play the person takes back their move and TECH's answer, to be on move again. */
    bool playing = c->play.side != PLAY_OFF;
    int plies = playing && game->pos.side != c->play.side ? 2 : 1;
    if (plies > game->move_count) {
        io_write_line(plies == 2 && game->move_count > 0 ? "nothing to take back: TECH's move is the game's first"
                                                         : "nothing to take back");
        return;
    }
    int64_t now = clock_now_us();
    console_clock_pause(c, now); /* the person's time so far is spent, taken back or not */
    TextBuffer taken;
    text_init(&taken);
    game_visit_moves(game, game->move_count - plies, append_move, &taken);
    game_undo(game, plies);
    c->play.end = END_NONE; /* a resignation or an agreed draw goes with the moves taken back */
    io_printf("took back %s", taken.text ? taken.text : "a move");
    text_free(&taken);
    c->play.has_score = false;
    if (playing) next_turn(c, now);
}

/* Whether the person can resign or offer a draw: a game in play that goes on at now_us; else
 * false, after saying why not. */
static bool game_in_play(Console *c, const char *command, int64_t now_us)
{
    if (c->play.side == PLAY_OFF) {
        io_printf("%s: no game in play; `play white` or `play black` starts one", command);
        return false;
    }
    return !console_refuse_move_after_end(c, command, now_us);
}

void console_cmd_resign(Console *c, int64_t read_us)
{
    if (!game_in_play(c, "resign", read_us)) return;
    console_clock_pause(c, read_us);
    console_declare_end(c, END_RESIGNATION, person_side(c));
}

/* Whether neither side can force mate though the rules play on: no pawn, rook or queen, and each
 * side at most one minor piece or two knights (KB v KB, KN v KB, KNN v K). */
static bool no_side_can_force_mate(const Position *pos)
{
    for (Color side = BLACK; side <= WHITE; side++) {
        if (pos->count[side][PAWN] || pos->count[side][ROOK] || pos->count[side][QUEEN]) return false;
        int knights = pos->count[side][KNIGHT], bishops = pos->count[side][BISHOP];
        if (knights + bishops > 1 && !(knights == 2 && bishops == 0)) return false;
    }
    return true;
}

void console_cmd_draw(Console *c, int64_t read_us)
{
    if (!game_in_play(c, "draw", read_us)) return;
    const ConsolePlay *p = &c->play;
    const Position *pos = &c->s->game.pos;
    Color tech = (Color)p->side;
    char why[48];
    bool accepts = no_side_can_force_mate(pos);
    if (accepts) {
        snprintf(why, sizeof why, "neither side can force mate");
    } else {
        /* Before TECH's first search of the game, its 1971 judgement: the material. */
        Score score = p->has_score ? p->score : (Score)(pos->material[tech] - pos->material[!tech]);
        if (score_is_mate(score)) snprintf(why, sizeof why, "its score mate %d", score_mate_moves(score));
        else snprintf(why, sizeof why, "its score %+.2f", score / 100.0);
        accepts = score <= DRAW_ACCEPT_SCORE_MAX;
    }
    if (!accepts) {
        io_printf("TECH declines the draw (%s); play on", why);
        return;
    }
    io_printf("TECH accepts the draw (%s)", why);
    console_clock_pause(c, read_us);
    console_declare_end(c, END_DRAW_AGREED, tech);
}

/* "TECH plays 12... Nf6 (g8f6; depth 5, score +0.35, 12345 nodes, 0.8 s)", said before the move
 * is played (SAN needs the position before it). */
static void say_move(Console *c, const JobResult *r)
{
    Position *pos = &c->s->game.pos;
    char san[MOVE_TEXT_MAX + 8], uci[MOVE_TEXT_MAX];
    move_to_san(pos, r->best_move, san);
    game_move_text(&c->s->game, r->best_move, uci);
    TextBuffer line;
    text_init(&line);
    text_append(&line, "TECH plays %d%s %s (%s; depth %d, ", pos->fullmove, pos->side == WHITE ? "." : "...", san, uci,
                r->depth);
    if (score_is_mate(r->shown_score)) text_append(&line, "mate %d", score_mate_moves(r->shown_score));
    else text_append(&line, "score %+.2f", r->shown_score / 100.0);
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
    console_why_note(c, r);
    p->has_score = true;
    p->score = r->shown_score;
    game_play(&c->s->game, r->best_move);
    session_record(c->s, &c->plan, r, p->think_start_us);
    console_clock_stop_turn(c, now);
    if (p->end != END_NONE) return true; /* TECH's flag fell: said */
    if (p->clock.set && p->board_hidden) console_say_clocks(c, now);
    persons_turn(c, now);
    return true;
}

void console_play_stop(Console *c)
{
    console_clock_pause(c, clock_now_us());
    c->play.side = PLAY_OFF;
    c->play.thinking = false;
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
    if (console_say_game_over(c)) { /* who played the game that ended stays as it was */
        io_write_line("`new` starts another game, then `play` gives TECH a side in it");
        return;
    }
    char before[PLAYER_TEXT_MAX];
    console_player_text(c, before, sizeof before);
    bool same_game = p->game_side == side && c->s->game.move_count > 0;
    p->side = side;
    p->game_side = side;
    p->limits = limits;
    p->has_score = false;
    char player[PLAYER_TEXT_MAX];
    console_player_text(c, player, sizeof player);
    if (!same_game) console_player_starts(c);
    else if (strcmp(player, before)) console_player_changed(c, before); /* noted in the record, said */
    io_printf("TECH plays %s as %s, you %s%s", color_name((Color)side), player, color_name((Color)!side),
              p->clock.set ? ", on the clock" : "");
    next_turn(c, read_us);
}
