/* console.c - plain-text commands for a person at a terminal; the first `uci` or `xboard`
 * hands the session to a protocol. */
#include "console.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "clock.h"
#include "notation.h"
#include "perft_report.h"
#include "perft_task.h"


struct Console {
    Session *s;
    unsigned search_id;
    TimePlan plan;
    PerftTask *perft;            /* perft or divide under way (or ended, not yet joined) */
    LineQueue pending;           /* lines that came while a perft ran (a script's next commands) */
    bool replaying;              /* run_pending is handling the kept lines */
};

/* The search-done event that tells the adapter thread a perft ended (engine ids are never 0). */
enum { PERFT_DONE_ID = 0 };

static const char *const help_lines[] = {
    ENGINE_NAME " - Gillogly's Technology Chess Program (1971). Commands:",
    "  uci | xboard         switch to the UCI or CECP (XBoard) protocol",
    "  d                    show the board",
    "  new                  new game from the initial position",
    "  fen FEN              set up a position",
    "  moves M1 M2 ...      play moves (e2e4 or SAN) from the current position",
    "  undo                 take back one move",
    "  go [depth N | movetime MS | nodes N | infinite]   search; `stop` ends it",
    "  perft N | divide N   count move paths from the current position",
    "  bench [depth]        the fixed benchmark (node signature and speed)",
    "  help | quit",
    NULL,
};

Console *console_create(Session *session)
{
    Console *c = calloc(1, sizeof *c);
    if (c) c->s = session;
    return c;
}

void console_destroy(Console *c)
{
    if (!c) return;
    perft_task_stop(c->perft);
    line_queue_clear(&c->pending);
    free(c);
}

/* Whether a perft still runs; one that has ended is joined. */
static bool perft_running(Console *c)
{
    if (c->perft && perft_task_done(c->perft)) {
        perft_task_finish(c->perft);
        c->perft = NULL;
    }
    return c->perft != NULL;
}

/* Handle the kept lines in order until one starts another perft. */
static void run_pending(Console *c)
{
    if (c->replaying) return;
    c->replaying = true;
    while (c->pending.head && !perft_running(c)) {
        QueuedLine *kept = line_queue_pop(&c->pending);
        console_handle(c, kept->line, kept->read_us);
        queued_line_free(kept);
    }
    c->replaying = false;
}

/* Called on the perft's thread when it ends: wake the adapter thread. */
static void perft_ended(void *context)
{
    Console *c = context;
    event_queue_push_done(c->s->queue, PERFT_DONE_ID);
}

static void emit(void *context, const char *line)
{
    (void)context;
    io_write_line(line);
}

/* One line of the search's report (MultiPV: its number first). */
static void print_line(const SearcherReport *r, const SearchInfo *info)
{
    TextBuffer line;
    text_init(&line);
    if (info->multipv > 0) text_append(&line, "%d. ", info->multipv);
    if (score_is_mate(info->score))
        text_append(&line, "depth %2d  mate %d", info->depth, score_mate_moves(info->score));
    else text_append(&line, "depth %2d  score %+.2f", info->depth, info->score / 100.0);
    text_append(&line, "  nodes %" PRIu64 "  time %" PRId64 " ms  pv", info->nodes, r->elapsed_ms);
    session_append_pv(&line, MOVE_NONE, info->pv, info->pv_length);
    if (info->multipv > 0) text_append(&line, "  (pre-sort %d)", info->presort_rank);
    if (line.text) io_write_line(line.text);
    text_free(&line);
}

static void report(void *context, const SearcherReport *r)
{
    (void)context;
    for (int i = 0; r->info && i < r->info_count; i++) print_line(r, &r->info[i]);
}

void console_search_done(Console *c, unsigned id)
{
    if (id == PERFT_DONE_ID) {
        run_pending(c);
        return;
    }
    SearcherResult r;
    if (id != c->search_id || !searcher_take(c->s->searcher, id, &r)) return;
    c->search_id = 0;
    char best[MOVE_TEXT_MAX], ponder[MOVE_TEXT_MAX];
    move_to_uci(r.best_move, best);
    move_to_uci(r.ponder_move, ponder);
    if (r.best_move == MOVE_NONE) io_write_line("no legal move");
    else
        io_printf("bestmove %s (reply guess %s, %" PRIu64 " nodes, %" PRId64 " ms)", best, ponder, r.nodes,
                  r.elapsed_us / 1000);
}

void console_leave(Console *c)
{
    perft_task_stop(c->perft);
    c->perft = NULL;
    line_queue_clear(&c->pending);
    if (c->search_id) searcher_abandon(c->s->searcher, c->search_id);
    c->search_id = 0;
}

void console_finish(Console *c)
{
    /* A script's perft runs to its end, then the commands after it. */
    while (c->perft) {
        perft_task_finish(c->perft);
        c->perft = NULL;
        run_pending(c);
    }
}

/* Read a whole number from `word` into *out within [min, max]. */
static bool read_count(const char *word, long min, long max, long *out)
{
    char *end;
    long v = word ? strtol(word, &end, 10) : 0;
    if (!word || *end || end == word || v < min || v > max) return false;
    *out = v;
    return true;
}

static void cmd_go(Console *c, char *cursor, int64_t read_us)
{
    if (c->search_id) {
        io_write_line("a search is running; `stop` first");
        return;
    }
    SearchRequest request;
    memset(&request, 0, sizeof request);
    long v;
    for (char *word; (word = token_next(&cursor));) {
        char *arg = strcmp(word, "infinite") ? token_next(&cursor) : NULL;
        if (!strcmp(word, "infinite")) request.time.infinite = true;
        else if (!strcmp(word, "depth") && read_count(arg, 1, SEARCH_DEPTH_MAX, &v)) request.time.depth_cap = (Depth)v;
        else if (!strcmp(word, "movetime") && read_count(arg, 1, 1L << 30, &v)) request.time.movetime_ms = v;
        else if (!strcmp(word, "nodes") && read_count(arg, 1, 1L << 30, &v)) request.time.nodes = (uint64_t)v;
        else {
            io_printf("go: cannot read '%s'; try `help`", word);
            return;
        }
    }
    request.kind = JOB_MOVE;
    request.clock_start_us = read_us;
    request.want_guess = true;
    request.reporter = (SearcherReporter){c, report};
    c->search_id = session_search(c->s, &request, &c->plan);
}

static void cmd_perft(Console *c, char *cursor, bool divide)
{
    long depth;
    if (!read_count(token_next(&cursor), 1, PERFT_DEPTH_MAX, &depth)) {
        io_printf("usage: %s N (1..%d)", divide ? "divide" : "perft", PERFT_DEPTH_MAX);
        return;
    }
    c->perft = perft_task_start(&c->s->game.pos, (int)depth, divide, io_write_line, perft_ended, c);
    if (!c->perft) io_write_line("cannot start a thread for perft");
}

static void cmd_bench(char *cursor)
{
    char *argv[] = {"tech", "bench", token_next(&cursor), NULL};
    int argc = argv[2] ? 3 : 2;
    fflush(stdout);
    cli_run(argc, argv);
    fflush(stdout);
}

static void cmd_moves(Console *c, char *cursor)
{
    for (char *word; (word = token_next(&cursor));) {
        char error[GAME_ERROR_MAX];
        Move m = game_parse_move(&c->s->game, word, true, error, sizeof error);
        if (m == MOVE_NONE) {
            io_printf("%s: %s (moves before it were played)", word, error);
            return;
        }
        game_play(&c->s->game, m);
    }
    const char *result = game_result_text(&c->s->game, game_status_now(&c->s->game));
    if (result) io_printf("game over: %s", result);
}

bool console_handle(Console *c, char *line, int64_t read_us)
{
    /* Lines kept behind a perft that has ended go first: the perft's end event may still be
     * queued behind this line. */
    if (c->pending.head && !perft_running(c)) run_pending(c);
    char *cursor = line;
    char *command = token_next(&cursor);
    if (!command) return true;
    if (!strcmp(command, "quit") || !strcmp(command, "exit")) {
        console_leave(c);
        return false;
    }
    if (!strcmp(command, "stop")) {
        if (c->search_id) searcher_stop(c->s->searcher, c->search_id);
        perft_task_stop(c->perft);
        c->perft = NULL;
        run_pending(c);
        return true;
    }
    if (perft_running(c) && strcmp(command, "help") != 0) {
        /* Commands wait for the perft, as they would for a blocking one; `stop` ends it. */
        TextBuffer whole; /* the line again: tokenizing cut it after the command */
        text_init(&whole);
        text_append(&whole, "%s %s", command, cursor);
        if (!whole.text || !line_queue_push(&c->pending, whole.text, read_us))
            io_write_line("out of memory: command dropped");
        text_free(&whole);
        return true;
    }
    if (c->search_id && strcmp(command, "help") != 0) {
        io_write_line("searching; `stop` first");
        return true;
    }
    if (!strcmp(command, "help")) {
        for (int i = 0; help_lines[i]; i++) io_write_line(help_lines[i]);
    } else if (!strcmp(command, "d")) {
        position_print(&c->s->game.pos, emit, NULL);
    } else if (!strcmp(command, "new")) {
        session_new_game(c->s);
    } else if (!strcmp(command, "fen")) {
        char error[GAME_ERROR_MAX];
        if (!game_setup(&c->s->game, token_rest(&cursor), NULL, 0, error, sizeof error)) io_printf("%s", error);
    } else if (!strcmp(command, "moves")) {
        cmd_moves(c, cursor);
    } else if (!strcmp(command, "undo")) {
        if (!game_undo(&c->s->game, 1)) io_write_line("nothing to take back");
    } else if (!strcmp(command, "go")) {
        cmd_go(c, cursor, read_us);
    } else if (!strcmp(command, "perft") || !strcmp(command, "divide")) {
        cmd_perft(c, cursor, !strcmp(command, "divide"));
    } else if (!strcmp(command, "bench")) {
        cmd_bench(cursor);
    } else {
        char safe[64];
        text_printable(command, safe, sizeof safe);
        io_printf("unknown command '%s'; type `help`", safe);
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
