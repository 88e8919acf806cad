/* console.c - plain-text commands for a person at a terminal: the board, positions, searches,
 * perft and bench, options; a game against TECH is console_play.c's. The first `uci` or `xboard`
 * hands the session to a protocol. */
#include "console.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
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

static const char *const help_lines[] = {
    ENGINE_NAME " - Gillogly's Technology Chess Program (1971). Commands:",
    "  uci | xboard         switch to the UCI or CECP (XBoard) protocol",
    "  d                    show the board",
    "  new                  new game from the initial position",
    "  fen FEN              set up a position",
    "  moves M1 M2 ...      play moves (e2e4 or SAN) from the current position; a move alone",
    "                       (e4, Nf3, e2e4) is played too; SAN in any letter case (nf3, EXD5),",
    "                       a lower-case b a pawn's file when a pawn can make the move",
    "  undo                 take back one move (in play: TECH's and yours) and say which",
    "  go [depth N | movetime MS | nodes N | infinite]   search and show TECH's move without",
    "                       playing it; `stop` ends it (what is typed meanwhile waits for it)",
    "  play [white|black] [depth N | movetime MS | nodes N]",
    "                       play a game: TECH takes that side (the side to move if none is",
    "                       named) and answers each of your moves; `play off` stops",
    "  clock [MOVES/]MINUTES[+SECONDS] | off   both sides' clocks in play (clock 5+3: five",
    "                       minutes and 3 s a move; clock 40/90+30); `clock` shows them now",
    "  board [on|off]       the board after each move in play (on), or not; `board` shows it",
    "  resign | draw        in play: resign the game, or offer TECH a draw (it accepts when it",
    "                       stands half a pawn worse or neither side can force mate)",
    "  save FILE            write the game to FILE as PGN",
    "  perft N | divide N   count move paths from the current position",
    "  bench [depth] [--style modern]",
    "                       the fixed benchmark (node signature and speed)",
    "  style [1971|modern]  show or choose the profile (the Style option)",
    "  set NAME VALUE       set an option by the name `uci` lists, e.g. `set Move Overhead 100`",
    "                       (`setoption` is UCI's: it starts a UCI session)",
    "  help | quit",
    NULL,
};

static Console *console_create(Session *session)
{
    Console *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->s = session;
    c->play.side = PLAY_OFF;
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
    io_printf("%s %s, profile %s: Gillogly's Technology Chess Program (1971). Type `help` for the commands.",
              ENGINE_NAME, tech_version(), settings_profile_name(&s->settings));
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

static void emit(void *context, const char *line)
{
    (void)context;
    io_write_line(line);
}

/* One line of the search's report (MultiPV: its number first). */
static void print_line(const JobReport *r, const SearchInfo *info, bool chess960)
{
    TextBuffer line;
    text_init(&line);
    if (info->multipv > 0) text_append(&line, "%d. ", info->multipv);
    if (score_is_mate(info->score))
        text_append(&line, "depth %2d  mate %d", info->depth, score_mate_moves(info->score));
    else text_append(&line, "depth %2d  score %+.2f", info->depth, info->score / 100.0);
    text_append(&line, "  nodes %" PRIu64 "  time %" PRId64 " ms  pv", info->nodes, r->elapsed_ms);
    session_append_pv(&line, MOVE_NONE, info->pv, info->pv_length,
                      chess960 ? CASTLING_AS_KING_TAKES_ROOK : CASTLING_AS_KING_MOVE);
    if (info->multipv > 0) text_append(&line, "  (pre-sort %d)", info->presort_rank);
    if (line.text) io_write_line(line.text);
    text_free(&line);
}

/* The search's lines as UCI shows them: every new best move (a depth's settled line repeats one
 * of them), MultiPV's lines at each completed depth, a heartbeat while it says nothing. */
static void report(void *context, const JobReport *r)
{
    const Console *c = context;
    if (r->repeat) return;
    if (r->progress) {
        io_printf("  ... depth %d under way, %" PRIu64 " nodes, %.1f s", r->depth > 0 ? r->depth : 1, r->nodes,
                  r->elapsed_ms / 1000.0);
        return;
    }
    for (int i = 0; r->info && i < r->info_count; i++) print_line(r, &r->info[i], c->chess960);
}

/* What the move `m` would end the game with ("it mates", ...), or NULL if the game goes on. */
static const char *game_end_after(Console *c, Move m)
{
    static const char *const what[] = {
        [STATUS_CHECKMATE] = "it mates",
        [STATUS_STALEMATE] = "it stalemates",
        [STATUS_FIFTY_MOVES] = "it draws by the 50-move rule",
        [STATUS_REPETITION] = "it draws by threefold repetition",
        [STATUS_INSUFFICIENT] = "it leaves neither side mating material",
    };
    Position *pos = &c->s->game.pos;
    make_move(pos, m);
    GameStatus status = game_status(pos);
    unmake_move(pos);
    return status == STATUS_ONGOING ? NULL : what[status];
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
    if (console_play_done(c, &r)) return;
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

/* Read a whole number from `word` into *out within [min, max] (number.c's strict form). */
static bool read_count(const char *word, long min, long max, long *out)
{
    int64_t v;
    if (number_read(word, min, max, &v) != NUMBER_OK) return false;
    *out = (long)v;
    return true;
}

bool console_read_limits(char **cursor, const char *command, bool infinite_allowed, TimeRequest *time)
{
    long v;
    for (char *word; (word = token_next(cursor));) {
        bool infinite = infinite_allowed && !strcmp(word, "infinite");
        char *arg = infinite ? NULL : token_next(cursor);
        if (infinite) time->infinite = true;
        else if (!strcmp(word, "depth") && read_count(arg, 1, SEARCH_DEPTH_MAX, &v)) time->depth_cap = (Depth)v;
        else if (!strcmp(word, "movetime") && read_count(arg, 1, 1L << 30, &v)) time->movetime_ms = v;
        else if (!strcmp(word, "nodes") && read_count(arg, 1, 1L << 30, &v)) time->nodes = (uint64_t)v;
        else {
            char safe[64];
            text_printable(word, safe, sizeof safe);
            io_printf("%s: cannot read '%s'; try `help`", command, safe);
            return false;
        }
    }
    return true;
}

void console_search(Console *c, TimeRequest *time, bool want_guess, int64_t clock_start_us)
{
    SearchRequest request;
    memset(&request, 0, sizeof request);
    request.time = *time;
    request.kind = JOB_MOVE;
    request.clock_start_us = clock_start_us;
    request.want_guess = want_guess;
    request.reporter = (JobReporter){c, report};
    c->chess960 = c->s->game.chess960;
    c->search_id = session_search(c->s, &request, &c->plan);
    c->infinite = request.time.infinite;
}

static void cmd_go(Console *c, char *cursor, int64_t read_us)
{
    TimeRequest time;
    memset(&time, 0, sizeof time);
    if (console_read_limits(&cursor, "go", true, &time)) console_search(c, &time, true, read_us);
}

static void cmd_perft(Console *c, char *cursor, bool divide)
{
    long depth;
    if (!read_count(token_next(&cursor), 1, PERFT_DEPTH_MAX, &depth) || token_next(&cursor)) {
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

/* Set one option as UCI's setoption does; say why not when it did not take. */
static void apply_option(Console *c, const char *name, const char *value)
{
    char message[160];
    OptionOutcome outcome = session_set_option(c->s, name, value, message, sizeof message);
    if (outcome != OPTION_APPLIED) io_printf("%s", message);
    if (outcome == OPTION_APPLIED || outcome == OPTION_DEFERRED) io_printf("%s %s", name, value ? value : "done");
}

/* `style [1971 | modern]`: choose the profile (short names or the Style values), then say
 * which is in use and what was set apart from it. */
static void cmd_style(Console *c, char *cursor)
{
    char *word = token_next(&cursor);
    if (word) {
        const char *style = !strcmp(word, "1971") ? "TECH-1971" : !strcmp(word, "modern") ? "TECH-modern" : word;
        char message[160];
        if (session_set_option(c->s, "Style", style, message, sizeof message) != OPTION_APPLIED) {
            io_printf("style: %s; try `style 1971` or `style modern`", message);
            return;
        }
    }
    char profile[256];
    settings_describe(&c->s->settings, profile, sizeof profile);
    io_printf("profile %s", profile);
}

/* Words joined by single blanks. */
static void join_words(char **words, int count, TextBuffer *out)
{
    for (int i = 0; i < count; i++) text_append(out, "%s%s", i ? " " : "", words[i]);
}

/* `set NAME VALUE`: option names have blanks (`Move Overhead`), values do not, so the longest
 * run of first words that names an option is the name and the rest the value (none for a
 * button). */
static void cmd_set(Console *c, char *cursor)
{
    enum { SET_WORDS_MAX = 16 };
    char *words[SET_WORDS_MAX];
    int count = 0;
    for (char *word; count < SET_WORDS_MAX && (word = token_next(&cursor));) words[count++] = word;
    if (count == 0) {
        io_write_line("usage: set NAME VALUE, with the option names `uci` lists (e.g. `set Depth 6`)");
        return;
    }
    for (int name_words = count; name_words >= 1; name_words--) {
        TextBuffer name, value;
        text_init(&name);
        text_init(&value);
        join_words(words, name_words, &name);
        join_words(words + name_words, count - name_words, &value);
        bool known = name.text && options_known(name.text);
        if (known) apply_option(c, name.text, value.text);
        text_free(&name);
        text_free(&value);
        if (known) return;
    }
    char safe[64];
    text_printable(words[0], safe, sizeof safe);
    io_printf("set: no option '%s'; `uci` lists them (or see `help`)", safe);
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
        for (int i = 0; help_lines[i]; i++) io_write_line(help_lines[i]);
    } else if (!strcmp(command, "d")) {
        position_print(&c->s->game.pos, emit, NULL);
    } else if (!strcmp(command, "new")) {
        session_new_game(c->s);
        console_new_position(c, read_us);
    } else if (!strcmp(command, "fen")) {
        char error[GAME_ERROR_MAX];
        if (!game_setup(&c->s->game, token_rest(&cursor), NULL, 0, error, sizeof error)) io_printf("%s", error);
        else console_new_position(c, read_us);
    } else if (!strcmp(command, "moves")) {
        console_cmd_moves(c, cursor, read_us);
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
    } else if (!strcmp(command, "go")) {
        cmd_go(c, cursor, read_us);
    } else if (!strcmp(command, "perft") || !strcmp(command, "divide")) {
        cmd_perft(c, cursor, !strcmp(command, "divide"));
    } else if (!strcmp(command, "bench")) {
        cmd_bench(c, cursor);
    } else if (!strcmp(command, "style")) {
        cmd_style(c, cursor);
    } else if (!strcmp(command, "set")) {
        cmd_set(c, cursor);
    } else {
        console_cmd_move_alone(c, command, read_us);
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

const FrontEnd CONSOLE_FRONT_END = {
    .name = "console",
    .create = front_create,
    .destroy = front_destroy,
    .handle = front_handle,
    .search_done = front_search_done,
    .leave = front_leave,
    .finish = front_finish,
    .notice = front_notice,
};
