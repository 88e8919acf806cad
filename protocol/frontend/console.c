/* console.c - plain-text commands for a person at a terminal: the board, positions, searches,
 * perft and bench; a game against TECH is console_play.c's, the settings console_options.c's. The
 * first `uci` or `xboard` hands the session to a protocol, unless a game is in play. */
#include "console.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "fen.h"
#include "console_internal.h"
#include "fen.h"
#include "makemove.h"
#include "notation.h"
#include "number.h"
#include "perft_report.h"

/* The search-done event that tells the adapter thread a perft or a bench ended (engine ids are
 * never 0). */
enum { TASK_DONE_ID = 0 };

static bool console_handle(Console *c, char *line, int64_t read_us);

/* `help`, within 80 columns and a 25-line terminal: how to play and choose a strength first
 * (say_help writes the strength's line with UCI_Elo's range), then the commands by use. */
static const char *const help_start[] = {
    ENGINE_NAME ", Gillogly's 1971 Technology Chess Program. To play a game:",
    "  play black           you are White: type moves (e4, Nf3, O-O, e8=Q or e7e8q)",
    "  play white           TECH is White and moves first",
    NULL,
};
static const char *const help_commands[] = {
    "In a game:",
    "  why | hint           why TECH played its move | what it would play for you",
    "  undo                 take back your move and TECH's answer, and say which",
    "  resign | draw        resign, or offer a draw (TECH takes it half a pawn down)",
    "  clock 5+3 | off      clocks: 5 minutes each, 3 s more a move (40/90+30 too)",
    "  board [on|off]       the board after each move, or not; `board` shows it now",
    "  save FILE            write the game to FILE as PGN",
    "  new | play off       a new game | TECH answers no more moves",
    "Positions and searches:",
    "  d                    the board and its FEN",
    "  fen FEN | moves M1 M2 ...   set up a position | play moves (SAN or e2e4)",
    "  go [depth N | movetime MS | nodes N | infinite]   TECH's move, not played",
    "                       (`stop` ends it; lines typed meanwhile wait for it)",
    "  play [white|black] [depth N | movetime MS | nodes N]   a game with limits",
    "  perft N | divide N   count move paths; `bench [depth] [--style modern]`",
    "Settings:",
    "  style [1971|modern]  the profile at full strength (the Style option)",
    "  options              every option; `set NAME VALUE` sets one",
    "  uci | xboard         hand TECH to a chess GUI's protocol (not during a game)",
    "  help | quit",
    NULL,
};
static void say_help(void)
{
    for (int i = 0; help_start[i]; i++) io_write_line(help_start[i]);
    int min = 0, max = 0;
    options_spin_range("UCI_Elo", &min, &max);
    io_printf("  strength 1200        TECH at that Elo (%d..%d); `strength full`: its best", min, max);
    for (int i = 0; help_commands[i]; i++) io_write_line(help_commands[i]);
}

static Console *console_create(Session *session)
{
    Console *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->s = session;
    c->play.side = PLAY_OFF;
    c->why.moves = -1;
    return c;
}

static void console_destroy(Console *c)
{
    if (!c) return;
    background_task_stop(c->task);
    line_queue_clear(&c->pending);
    free(c);
}

void console_banner(const Session *s)
{
    /* Within an 80-column terminal; what TECH is, `help` says first. */
    io_printf("%s %s, profile %s: type `help` to play a game.", ENGINE_NAME, tech_version(),
              settings_profile_name(&s->settings));
}

/* Whether a perft or a bench still runs; one that has ended is joined. */
static bool task_running(Console *c)
{
    if (c->task && background_task_done(c->task)) {
        background_task_finish(c->task);
        c->task = NULL;
    }
    return c->task != NULL;
}

/* Whether a search, a perft or a bench runs: what is typed meanwhile waits for it to end. */
static bool busy(Console *c) { return task_running(c) || c->search_id != 0; }

/* End a perft or a bench under way: it says how far it got. */
static void stop_task(Console *c)
{
    background_task_stop(c->task);
    c->task = NULL;
}

/* Handle the kept lines in order until one starts another search or perft. */
static void run_pending(Console *c)
{
    if (c->replaying) return;
    c->replaying = true;
    while (c->pending.head && !busy(c)) {
        QueuedLine *kept = line_queue_pop(&c->pending);
        console_handle(c, kept->line, kept->read_us);
        queued_line_free(kept);
    }
    c->replaying = false;
}

/* Called on a perft's or a bench's thread when it ends: wake the adapter thread. */
static void task_ended(void *context)
{
    Console *c = context;
    event_queue_push_done(c->s->queue, TASK_DONE_ID);
}

/* A task's lines go to stdout; its end wakes the adapter thread to run what waited for it. */
static TaskOutput task_output(Console *c) { return (TaskOutput){io_write_line, task_ended, c}; }

/* `d`: the board as a game shows it (console_board.c), then the position as FEN. */
static void show_position(Console *c)
{
    console_show_board(c);
    char fen[FEN_MAX];
    fen_write(&c->s->game.pos, fen, sizeof fen);
    io_printf("Fen: %s", fen);
}

/* What the move `m` would end the game with ("it mates", ...), or NULL if the game goes on. */
static const char *game_end_after(Console *c, Move m)
{
    Position *pos = &c->s->game.pos;
    make_move(pos, m);
    GameStatus status = game_status(pos);
    unmake_move(pos);
    return status == STATUS_ONGOING ? NULL : game_status_text(status)->by_move;
}

/* `go`'s answer: "bestmove e2e4 (reply guess e7e5, N nodes, T ms)"; a move that ends the game
 * says so instead of a guess (there is no reply to guess). */
static void say_best_move(Console *c, const JobResult *r)
{
    char best[MOVE_TEXT_MAX], ponder[MOVE_TEXT_MAX];
    game_move_text(&c->s->game, r->best_move, best);
    game_move_text(&c->s->game, r->ponder_move, ponder);
    const char *end = game_end_after(c, r->best_move);
    TextBuffer line;
    text_init(&line);
    text_append(&line, "bestmove %s (", best);
    if (end) text_append(&line, "%s: the game would be over", end);
    else if (r->ponder_move != MOVE_NONE) text_append(&line, "reply guess %s", ponder);
    else text_append(&line, "no reply guessed");
    text_append(&line, ", %" PRIu64 " nodes, %" PRId64 " ms)", r->nodes, r->elapsed_us / 1000);
    if (line.text) io_write_line(line.text);
    text_free(&line);
}

/* The end of the search under way: TECH's move in play, the move `go` found, or why there is
 * none. */
static void deliver(Console *c, const JobResult *result)
{
    JobResult r = *result;
    c->search_id = 0;
    if (console_why_done(c, &r) || console_play_done(c, &r)) return;
    if (r.best_move != MOVE_NONE) say_best_move(c, &r);
    else if (!console_say_game_over(c)) io_write_line("no move to search"); /* every root move excluded */
}

static void console_search_done(Console *c, unsigned id)
{
    if (id == TASK_DONE_ID) {
        run_pending(c);
        return;
    }
    JobResult r;
    if (id != c->search_id || !searcher_take(c->s->searcher, id, &r)) return;
    deliver(c, &r);
    run_pending(c);
}

static void console_leave(Console *c)
{
    console_play_stop(c);
    stop_task(c);
    line_queue_clear(&c->pending);
    if (c->search_id) searcher_abandon(c->s->searcher, c->search_id);
    c->search_id = 0;
}

static void console_finish(Console *c)
{
    /* A script's perft or search runs to its end (an infinite search is stopped), then the
     * commands after it. */
    while (busy(c)) {
        if (c->task) {
            background_task_finish(c->task);
            c->task = NULL;
        } else {
            if (c->infinite) searcher_stop(c->s->searcher, c->search_id);
            JobResult r;
            if (searcher_wait(c->s->searcher, c->search_id, &r)) deliver(c, &r);
            c->search_id = 0;
        }
        run_pending(c);
    }
}

static void cmd_go(Console *c, char *cursor, int64_t read_us)
{
    TimeRequest time;
    memset(&time, 0, sizeof time);
    if (console_read_limits(&cursor, "go", true, &time)) console_search(c, &time, true, read_us);
}

static void cmd_perft(Console *c, char *cursor, bool divide)
{
    int64_t depth;
    if (number_read(token_next(&cursor), 1, PERFT_DEPTH_MAX, &depth) != NUMBER_OK || token_next(&cursor)) {
        io_printf("usage: %s N (1..%d)", divide ? "divide" : "perft", PERFT_DEPTH_MAX);
        return;
    }
    c->task = background_perft(&c->s->game.pos, (int)depth, divide, c->s->game.chess960, task_output(c));
    if (!c->task) io_write_line("cannot start a thread for perft");
}

/* `bench [depth] [--style modern]`: the shell's `tech bench`, run like a search, on a thread of
 * its own: `stop` ends it at once, and what is typed meanwhile waits for it. */
enum { BENCH_WORDS_MAX = 8 };
static void cmd_bench(Console *c, char *cursor)
{
    char *words[BENCH_WORDS_MAX];
    int count = 0;
    for (char *word; (word = token_next(&cursor));) {
        if (count == BENCH_WORDS_MAX) {
            io_printf("usage: bench [DEPTH 1..%d] [--style modern]", BENCH_DEPTH_MAX);
            return;
        }
        words[count++] = word;
    }
    BenchSettings settings;
    char error[160];
    if (!bench_parse(words, count, &settings, error, sizeof error)) {
        io_printf("%s; usage: bench [DEPTH 1..%d] [--style modern]", error, BENCH_DEPTH_MAX);
        return;
    }
    c->task = background_bench(&settings, task_output(c));
    if (!c->task) io_write_line("cannot start a thread for bench");
}

/* A line of a protocol's typed into the console (which gets them during a game in play: daemon.c
 * hands them over otherwise): `setoption` is set, `isready` answered; the others are refused with
 * the console's way to do it, the game kept. False if `command` is none of them. */
static bool answer_protocol_line(Console *c, const char *command, char *cursor)
{
    if (!strcmp(command, "setoption")) console_cmd_setoption(c, cursor);
    else if (!strcmp(command, "isready")) io_write_line("readyok");
    else if (!strcmp(command, "uci") || !strcmp(command, "xboard") || !strcmp(command, "protover"))
        io_printf("%s: for a chess GUI, not during a game (it goes on; `play off` ends it)", command);
    else if (!strcmp(command, "ucinewgame"))
        io_write_line("ucinewgame: here `new` starts a new game (this one goes on)");
    else if (!strcmp(command, "position")) /* it reaches the console outside a game too */
        io_printf("position: here `fen FEN` sets up a position%s",
                  c->play.side != PLAY_OFF ? " (the game goes on)" : "");
    else return false;
    return true;
}

/* Whether a command is answered at once while a search, a perft or a bench runs: it only reads
 * (`help`; `clock` alone, whose running clock a person watches while TECH thinks). */
static bool answered_at_once(const char *command, const char *rest)
{
    while (*rest == ' ' || *rest == '\t') rest++;
    return !strcmp(command, "help") || (!strcmp(command, "clock") && *rest == '\0');
}

static bool console_handle(Console *c, char *line, int64_t read_us)
{
    /* Lines kept behind a search or perft that has ended go first: its end event may still be
     * queued behind this line. */
    if (c->pending.head && !busy(c)) run_pending(c);
    char *cursor = line;
    char *command = token_next(&cursor);
    if (!command) return true;
    if (!strcmp(command, "quit") || !strcmp(command, "exit")) {
        console_leave(c);
        return false;
    }
    if (!strcmp(command, "stop")) {
        if (c->search_id) searcher_stop(c->s->searcher, c->search_id);
        stop_task(c);
        run_pending(c);
        return true;
    }
    if (busy(c) && !answered_at_once(command, cursor)) {
        /* Commands wait for the search or perft, as they would for a blocking one; `stop` ends
         * it. A search may run for long (`go infinite`): say so. */
        TextBuffer whole; /* the line again: tokenizing cut it after the command */
        text_init(&whole);
        text_append(&whole, "%s %s", command, cursor);
        if (!whole.text || !line_queue_push(&c->pending, whole.text, read_us))
            io_write_line("out of memory: command dropped");
        else if (c->search_id) io_write_line("(waits for the search to end; `stop` ends it now)");
        else io_printf("(waits for the %s to end; `stop` ends it now)", background_task_name(c->task));
        text_free(&whole);
        return true;
    }
    if (!strcmp(command, "help")) {
        say_help();
    } else if (!strcmp(command, "d")) {
        show_position(c);
    } else if (!strcmp(command, "new")) {
        session_new_game(c->s);
        console_new_position(c, read_us);
    } else if (!strcmp(command, "fen")) {
        char error[GAME_ERROR_MAX];
        if (!game_setup(&c->s->game, token_rest(&cursor), NULL, 0, error, sizeof error)) io_printf("%s", error);
        else console_new_position(c, read_us);
    } else if (!strcmp(command, "moves")) {
        if (console_cmd_moves(c, cursor, read_us)) console_person_moved(c, read_us);
    } else if (!strcmp(command, "undo")) {
        console_undo(c);
    } else if (!strcmp(command, "board")) {
        console_cmd_board(c, cursor);
    } else if (!strcmp(command, "save")) {
        console_cmd_save(c, cursor);
    } else if (!strcmp(command, "resign")) {
        console_cmd_resign(c, read_us);
    } else if (!strcmp(command, "draw")) {
        console_cmd_draw(c, read_us);
    } else if (!strcmp(command, "play")) {
        console_cmd_play(c, cursor, read_us);
    } else if (!strcmp(command, "clock")) {
        console_cmd_clock(c, cursor);
    } else if (!strcmp(command, "why")) {
        console_cmd_why(c, read_us);
    } else if (!strcmp(command, "hint")) {
        console_cmd_hint(c, read_us);
    } else if (!strcmp(command, "go")) {
        cmd_go(c, cursor, read_us);
    } else if (!strcmp(command, "perft") || !strcmp(command, "divide")) {
        cmd_perft(c, cursor, !strcmp(command, "divide"));
    } else if (!strcmp(command, "bench")) {
        cmd_bench(c, cursor);
    } else if (!strcmp(command, "style")) {
        console_cmd_style(c, cursor);
    } else if (!strcmp(command, "strength")) {
        console_cmd_strength(c, cursor);
    } else if (!strcmp(command, "set")) {
        console_cmd_set(c, cursor);
    } else if (!strcmp(command, "options")) {
        console_cmd_options(c);
    } else if (!answer_protocol_line(c, command, cursor)) {
        if (console_cmd_move_alone(c, command, read_us)) console_person_moved(c, read_us);
    }
    return true;
}

/* The session's table (frontend.h). */
static void *front_create(Session *session) { return console_create(session); }
static void front_destroy(void *self) { console_destroy(self); }
static bool front_handle(void *self, char *line, int64_t read_us) { return console_handle(self, line, read_us); }
static void front_search_done(void *self, unsigned id) { console_search_done(self, id); }
static void front_leave(void *self) { console_leave(self); }
static void front_finish(void *self) { console_finish(self); }
static void front_notice(const char *text) { io_write_line(text); }
static bool front_holds_game(void *self) { return ((Console *)self)->play.side != PLAY_OFF; }

const FrontEnd CONSOLE_FRONT_END = {
    .name = "console",
    .create = front_create,
    .destroy = front_destroy,
    .handle = front_handle,
    .search_done = front_search_done,
    .leave = front_leave,
    .finish = front_finish,
    .notice = front_notice,
    .holds_game = front_holds_game,
};
