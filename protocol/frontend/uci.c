/* uci.c - UCI: commands in, `info`/`bestmove` out; exactly one bestmove per `go`, held back
 * in infinite and ponder mode until `stop` or `ponderhit` (docs/PROTOCOLS.md §2). */
#include "uci.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "explain.h"
#include "notation.h"
#include "number.h"
#include "perft_report.h"
#include "quote.h"
#include "background_task.h"
#include "session.h"
#include "wdl.h"

/* [C] docs/PROTOCOLS.md §2.3: no `currmove` lines in the first second of a search. */
enum { CURRMOVE_AFTER_MS = 1000 };
/* Longest echo of bad input in an `info string`; of a bad number of `go`. */
enum { ECHO_MAX = 64, GO_QUOTE_MAX = 24 };
/* [C] `movestogo` beyond this plans as this: a time control of a thousand moves is already
 * a sudden-death game. */
enum { MOVES_TO_GO_MAX = 1000 };

struct Uci {
    Session *s;
    unsigned search_id; /* the search that owes a bestmove; 0 = none */
    bool hold;          /* infinite or ponder: no bestmove before stop/ponderhit */
    bool infinite;      /* `go infinite`: held until stop even after a ponderhit */
    bool pondering;     /* `go ponder` not hit yet */
    bool hit;           /* this search was a ponder search that was hit */
    bool finished;      /* the search is over; its result waits in `result` */
    JobResult result;
    TimePlan plan;
    int64_t clock_start_us; /* TECH's clock for this move started here (go or ponderhit) */
    bool debug;             /* `debug on`: extra `info string` lines */
    char profile_said[256]; /* the profile last said by `info string` ("" in a new game) */
    BackgroundTask *perft;  /* `go perft` under way (or ended, not yet joined) */
    LineQueue held;         /* lines read while it runs, handled in order once it has ended */
    bool complained;        /* the line being handled got its complaint already */
    /* the search's castling notation (UCI_Chess960 at its `go`): the search thread prints its moves
       too, and never reads the session */
    bool chess960;
    /* UCI_ShowWDL at its `go`, and the model and root of its chances (wdl.h), for the same reason */
    bool show_wdl;
    WdlView wdl;
};

static Uci *uci_create(Session *session)
{
    Uci *u = calloc(1, sizeof *u);
    if (!u) return NULL;
    u->s = session;
    return u;
}

static void uci_destroy(Uci *u)
{
    if (!u) return;
    background_task_stop(u->perft);
    line_queue_clear(&u->held);
    free(u);
}

/* The search-done event that says a `go perft` has ended: a search's id is never 0. */
enum { PERFT_DONE_ID = 0 };

/* Whether a `go perft` still runs; one that has ended is joined. */
static bool perft_running(Uci *u)
{
    if (u->perft && background_task_done(u->perft)) {
        background_task_finish(u->perft);
        u->perft = NULL;
    }
    return u->perft != NULL;
}

/* Called on the perft's thread when it ends: wake the adapter thread for the held lines. */
static void perft_ended(void *context)
{
    Uci *u = context;
    event_queue_push_done(u->s->queue, PERFT_DONE_ID);
}

static void run_held(Uci *u);

/* End a `go perft` under way: it prints how far it got. */
static void stop_perft(Uci *u)
{
    background_task_stop(u->perft);
    u->perft = NULL;
}

/* ` score cp S` or ` score mate M`, and with UCI_ShowWDL (`wdl` not NULL) ` wdl W D L`. */
static void append_score(TextBuffer *line, Score score, const WdlView *wdl)
{
    if (score_is_mate(score)) text_append(line, " score mate %d", score_mate_moves(score));
    else text_append(line, " score cp %d", score);
    if (wdl) {
        const Wdl chances = wdl_of(wdl, score);
        text_append(line, " wdl %d %d %d", chances.win, chances.draw, chances.loss);
    }
}

/* `info depth .. seldepth .. score .. nodes .. [nps ..] time .. [hashfull ..] pv ..`: no `nps`
 * before a millisecond has passed (there is no rate to give), no `hashfull` without a table
 * (hashfull < 0). */
static void print_info(const Uci *u, const SearchInfo *info, int64_t time_ms, int hashfull)
{
    const bool chess960 = u->chess960;
    TextBuffer line;
    text_init(&line);
    text_append(&line, "info depth %d seldepth %d", info->depth,
                info->seldepth > info->depth ? info->seldepth : info->depth);
    if (info->multipv > 0) text_append(&line, " multipv %d", info->multipv);
    append_score(&line, info->shown_score, u->show_wdl ? &u->wdl : NULL);
    int64_t ms = time_ms > 0 ? time_ms : 0;
    text_append(&line, " nodes %llu", (unsigned long long)info->nodes);
    if (ms > 0) text_append(&line, " nps %llu", (unsigned long long)(info->nodes * 1000 / (uint64_t)ms));
    text_append(&line, " time %lld", (long long)ms);
    if (hashfull >= 0) text_append(&line, " hashfull %d", hashfull);
    text_append(&line, " pv");
    session_append_pv(&line, MOVE_NONE, info->pv, info->pv_length,
                      chess960 ? CASTLING_AS_KING_TAKES_ROOK : CASTLING_AS_KING_MOVE);
    if (line.text) io_write_line(line.text);
    text_free(&line);
}

/* MultiPV: where the pre-sort put each line's move (1 = its first), which UCI's info line has
 * no field for: `info string depth D pre-sort rank e2e4 1 d2d4 2 ...`, in the lines' order. */
static void print_presort_ranks(const SearchInfo *lines, int count, bool chess960)
{
    TextBuffer line;
    text_init(&line);
    text_append(&line, "info string depth %d pre-sort rank", lines[0].depth);
    for (int i = 0; i < count; i++) {
        char move[MOVE_TEXT_MAX];
        move_to_uci(lines[i].pv[0], chess960, move);
        text_append(&line, " %s %d", move, lines[i].presort_rank);
    }
    if (line.text) io_write_line(line.text);
    text_free(&line);
}

/* The heartbeat of a long search (JobReport.progress): the depth under way with the best line so
 * far, its score and PV, and the move's nodes so far, a whole `info` line that polyglot passes to
 * XBoard and every GUI shows (docs/PROTOCOLS.md §1); before the first line, `info depth D nodes N
 * [nps X] time T [hashfull H]`. The line before `bestmove` names the depth the move came from. */
static void print_progress(const Uci *u, const JobReport *r)
{
    SearchInfo best;
    if (searcher_progress_line(r, &best)) {
        print_info(u, &best, r->elapsed_ms, r->hashfull);
        return;
    }
    TextBuffer line;
    text_init(&line);
    int64_t ms = r->elapsed_ms > 0 ? r->elapsed_ms : 0;
    text_append(&line, "info");
    if (r->depth > 0) text_append(&line, " depth %d", r->depth);
    text_append(&line, " nodes %llu", (unsigned long long)r->nodes);
    if (ms > 0) text_append(&line, " nps %llu", (unsigned long long)(r->nodes * 1000 / (uint64_t)ms));
    text_append(&line, " time %lld", (long long)ms);
    if (r->hashfull >= 0) text_append(&line, " hashfull %d", r->hashfull);
    if (line.text) io_write_line(line.text);
    text_free(&line);
}

/* Search threads report here: one info line per new best move (MultiPV: a completed depth's
 * lines, best first, then their pre-sort ranks), as UCI GUIs expect; the settled line of a depth
 * repeats one of them and is not shown again; currmove after 1 s. */
static void report(void *context, const JobReport *r)
{
    const Uci *u = context;
    const bool chess960 = u->chess960;
    if (r->repeat) return;
    if (r->progress) {
        print_progress(u, r);
    } else if (r->info) {
        for (int i = 0; i < r->info_count; i++) print_info(u, &r->info[i], r->elapsed_ms, r->hashfull);
        if (r->info[0].multipv > 0) print_presort_ranks(r->info, r->info_count, chess960);
    } else if (r->elapsed_ms >= CURRMOVE_AFTER_MS) {
        char move[MOVE_TEXT_MAX];
        move_to_uci(r->current_move, chess960, move);
        io_printf("info depth %d currmove %s currmovenumber %d", r->depth, move, r->current_number);
    }
}

/* ExplainMoves: why the search chose its move, one `info string` line. */
static void say_why(Uci *u, const JobResult *r)
{
    char text[EXPLAIN_TEXT_MAX];
    explain_job(&u->s->game, &u->s->settings, r, false, text, sizeof text);
    for (char *p = text; (p = strchr(p, '\n'));) *p = ' ';
    io_printf("info string %s", text);
}

/* The final info line and the bestmove of the owed search; the search is then settled. */
static void deliver(Uci *u, const JobResult *r)
{
    char best[MOVE_TEXT_MAX], ponder[MOVE_TEXT_MAX];
    if (r->best_move == MOVE_NONE) {
        /* Mated or stalemated at the root (docs/PROTOCOLS.md §2.3: `bestmove 0000`). */
        const bool mated = score_is_mate(r->score);
        const char *chances = "";
        if (u->show_wdl) chances = mated ? " wdl 0 0 1000" : " wdl 0 1000 0";
        io_printf("info depth 0 score %s%s", mated ? "mate 0" : "cp 0", chances);
        io_write_line("bestmove 0000");
    } else {
        /* The line that chose the move, once more with the move's whole nodes and time, so that
         * the last line before bestmove is always the move's (a GUI shows it as the move's
         * score; after a long paced search the line it came from may be seconds old). */
        {
            SearchInfo info;
            if (r->has_info && r->info.pv_length > 0 && move_same(r->info.pv[0], r->best_move)) {
                info = r->info; /* the line that chose the move, at the depth it came from */
            } else {
                memset(&info, 0, sizeof info);
                info.pv[0] = r->best_move;
                info.pv_length = 1;
                info.depth = r->depth > 0 ? r->depth : 1;
            }
            info.shown_score = r->shown_score;
            if (r->nodes > info.nodes) info.nodes = r->nodes;
            print_info(u, &info, r->elapsed_us / 1000, r->hashfull);
        }
        if (u->s->settings.explain_moves && r->verdict.depth > 0) say_why(u, r);
        if (u->debug) {
            char stats[256];
            searcher_format_stats(r, stats, sizeof stats);
            io_printf("info string %s", stats);
        }
        move_to_uci(r->best_move, u->chess960, best);
        if (r->ponder_move != MOVE_NONE) {
            move_to_uci(r->ponder_move, u->chess960, ponder);
            io_printf("bestmove %s ponder %s", best, ponder);
        } else {
            io_printf("bestmove %s", best);
        }
    }
    /* A ponder search that was never hit does not count as one of TECH's moves. */
    if (r->kind != JOB_PONDER || u->hit) session_record(u->s, &u->plan, r, u->clock_start_us);
    u->search_id = 0;
    u->hold = u->infinite = u->pondering = u->hit = u->finished = false;
}

/* `stop`, or a command that needs the search gone: one bestmove now. */
static void stop_search(Uci *u)
{
    if (!u->search_id) return;
    if (u->pondering) {
        searcher_count_ponder(u->s->searcher, false);
        session_report_ponder(u->s, "ponder miss");
    }
    searcher_stop(u->s->searcher, u->search_id);
    JobResult r;
    if (u->finished) deliver(u, &u->result);
    else if (searcher_wait(u->s->searcher, u->search_id, &r)) deliver(u, &r);
}

static void uci_search_done(Uci *u, unsigned id)
{
    if (id == PERFT_DONE_ID) {
        run_held(u);
        return;
    }
    if (!u->search_id || id != u->search_id) return; /* stale: settled already */
    JobResult r;
    if (!searcher_take(u->s->searcher, id, &r)) return;
    if (u->hold) {
        u->result = r;
        u->finished = true;
    } else {
        deliver(u, &r);
    }
}

static void uci_finish(Uci *u)
{
    /* A script's perft runs to its end, like a finite search, and the lines held behind it
     * after it. */
    while (u->perft) {
        background_task_finish(u->perft);
        u->perft = NULL;
        run_held(u);
    }
    if (!u->search_id) return;
    if (u->hold) {
        stop_search(u);
        return;
    }
    JobResult r;
    if (u->finished) deliver(u, &u->result);
    else if (searcher_wait(u->s->searcher, u->search_id, &r)) deliver(u, &r);
}

static void uci_leave(Uci *u)
{
    stop_perft(u);
    line_queue_clear(&u->held);
    if (u->search_id) searcher_abandon(u->s->searcher, u->search_id);
    u->search_id = 0;
    u->hold = u->infinite = u->pondering = u->hit = u->finished = false;
}

static void say(const char *format, const char *detail)
{
    char safe[ECHO_MAX];
    text_printable(detail, safe, sizeof safe);
    TextBuffer line;
    text_init(&line);
    text_append(&line, "info string ");
    text_append(&line, format, safe);
    if (line.text) io_write_line(line.text);
    text_free(&line);
}

/* `say`, once per input line: a line of a million bad words gets one answer, not a million. */
static void complain(Uci *u, const char *format, const char *detail)
{
    if (u->complained) return;
    u->complained = true;
    say(format, detail);
}

/* `option name N type T default D min A max B var V...` (UCI §1.1 grammar), one per option. */
static void announce_options(const Settings *settings)
{
    for (int i = 0; i < options_count(); i++) {
        OptionDescription option;
        options_describe(settings, i, &option);
        TextBuffer line;
        text_init(&line);
        text_append(&line, "option name %s type ", option.name);
        switch (option.type) {
        case OPTION_TYPE_CHECK: text_append(&line, "check default %s", option.default_value ? "true" : "false"); break;
        case OPTION_TYPE_SPIN:
            text_append(&line, "spin default %d min %d max %d", option.default_value, option.min, option.max);
            break;
        case OPTION_TYPE_COMBO:
            text_append(&line, "combo default %s", option.choices[option.default_value]);
            for (int k = 0; option.choices[k]; k++) text_append(&line, " var %s", option.choices[k]);
            break;
        case OPTION_TYPE_BUTTON: text_append(&line, "button"); break;
        case OPTION_TYPE_STRING: text_append(&line, "string default %s", option.default_text); break;
        }
        if (line.text) io_write_line(line.text);
        text_free(&line);
    }
}

static void cmd_uci(Uci *u)
{
    io_printf("id name %s %s", ENGINE_NAME, tech_version());
    io_write_line("id author " ENGINE_AUTHOR);
    announce_options(&u->s->settings);
    io_write_line("uciok");
}

/* `setoption name <id with spaces> [value <x>]`. */
static void cmd_setoption(Uci *u, char *cursor)
{
    char *word = token_next(&cursor);
    if (!word || strcmp(word, "name") != 0) {
        say("setoption: expected 'name'%s", "");
        return;
    }
    TextBuffer name;
    text_init(&name);
    char *value = NULL;
    while ((word = token_next(&cursor))) {
        if (strcmp(word, "value") == 0) {
            value = token_rest(&cursor);
            break;
        }
        text_append(&name, "%s%s", name.length ? " " : "", word);
    }
    char message[160], safe[sizeof message];
    if (!name.text) {
        say("setoption: no option name%s", "");
    } else if (session_set_option(u->s, name.text, value, message, sizeof message) != OPTION_APPLIED) {
        /* The whole message: it says what the option takes (its echo of the value is bounded). */
        text_printable(message, safe, sizeof safe);
        io_printf("info string %s", safe);
    }
    text_free(&name);
}

/* `position startpos|fen <FEN> [moves ...]`: all or nothing. */
static void cmd_position(Uci *u, char *cursor)
{
    char *word = token_next(&cursor);
    const char *fen = NULL;
    TextBuffer fen_text;
    text_init(&fen_text);
    if (word && strcmp(word, "startpos") == 0) {
        word = token_next(&cursor);
    } else if (word && strcmp(word, "fen") == 0) {
        while ((word = token_next(&cursor)) && strcmp(word, "moves") != 0)
            text_append(&fen_text, "%s%s", fen_text.length ? " " : "", word);
        fen = fen_text.text ? fen_text.text : "";
    } else {
        say("position: expected 'startpos' or 'fen', got '%s'", word ? word : "");
        return;
    }
    if (word && strcmp(word, "moves") != 0) {
        say("position: expected 'moves', got '%s'; position unchanged", word);
        text_free(&fen_text);
        return;
    }
    int count = 0, capacity = 0;
    char **moves = NULL;
    while ((word = token_next(&cursor))) {
        if (count == capacity) {
            capacity = capacity ? 2 * capacity : 64;
            char **grown = realloc(moves, (size_t)capacity * sizeof *grown);
            if (!grown) break;
            moves = grown;
        }
        moves[count++] = word;
    }
    char error[GAME_ERROR_MAX], safe[GAME_ERROR_MAX];
    if (!game_setup(&u->s->game, fen, moves, count, error, sizeof error)) {
        /* The whole reason: game_setup bounds the input it echoes (say() would cut the reason). */
        text_printable(error, safe, sizeof safe);
        io_printf("info string position: %s; position unchanged", safe);
    }
    free(moves);
    text_free(&fen_text);
}

static bool is_go_keyword(const char *word)
{
    static const char *const keywords[] = {"searchmoves", "ponder",    "wtime", "btime", "winc",
                                           "binc",        "movestogo", "depth", "nodes", "mate",
                                           "movetime",    "infinite",  NULL};
    for (int i = 0; keywords[i]; i++)
        if (strcmp(word, keywords[i]) == 0) return true;
    return false;
}

/* What a `go` asks for, as read from its line: the clock of each side, the limits, the root's
 * moves and how the search runs. Read whole first, then started (go_start), as Stockfish reads
 * its `go` into its limits before it searches. */
typedef struct {
    bool clock_given[2]; /* wtime / btime, by Color */
    int64_t time_ms[2], increment_ms[2];
    int64_t moves_to_go, depth, nodes, mate, movetime_ms;
    bool ponder, infinite;
    int searchmoves_count;
    Move searchmoves[MOVE_LIST_MAX];
} GoCommand;

/* Read the number after a `go` keyword into *out, saturated to [min, max] (a GUI may send any
 * 64-bit value, or more digits than that). On a missing or bad number say so; if the token is
 * the next keyword, hand it back through *pending so that it is not lost. */
static void go_number(Uci *u, char **cursor, const char *key, int64_t min, int64_t max, int64_t *out, bool *given,
                      char **pending)
{
    char *word = token_next(cursor);
    NumberStatus status = number_read(word, min, max, out);
    if (status == NUMBER_BAD) {
        complain(u, "go: '%s' needs a number; ignored", key);
        if (word && is_go_keyword(word)) *pending = word;
        return;
    }
    if (status == NUMBER_SATURATED) {
        char detail[96], shown[GO_QUOTE_MAX + 1];
        snprintf(detail, sizeof detail, "%s %s read as %" PRId64, key,
                 quote_input(word, GO_QUOTE_MAX, shown, sizeof shown), *out);
        complain(u, "go: %s (out of range)", detail);
    }
    if (given) *given = true;
}

/* `go perft D`: divide of the current position, as `tech divide` prints it, on its own thread;
 * the lines after it wait until it has printed its count (uci_handle), `stop` and `quit` end it. */
static void go_perft(Uci *u, char *cursor)
{
    char *word = token_next(&cursor);
    int64_t depth;
    if (number_read(word, 1, PERFT_DEPTH_MAX, &depth) != NUMBER_OK || token_next(&cursor)) {
        char detail[64], shown[GO_QUOTE_MAX + 1];
        snprintf(detail, sizeof detail, "'%s' is not a whole number from 1 to %d",
                 quote_input(word, GO_QUOTE_MAX, shown, sizeof shown), PERFT_DEPTH_MAX);
        say("go perft: depth %s", detail);
        return;
    }
    u->perft = background_perft(&u->s->game.pos, (int)depth, true, u->s->game.chess960,
                                (TaskOutput){io_write_line, perft_ended, u});
    if (!u->perft) say("go perft: cannot start a thread%s", "");
}

/* `searchmoves m1 m2 ...`: the legal ones, up to the next keyword (handed back in *next). */
static void go_searchmoves(Uci *u, char **cursor, GoCommand *go, char **next)
{
    while ((*next = token_next(cursor)) && !is_go_keyword(*next)) {
        char error[GAME_ERROR_MAX];
        Move m = game_parse_move(&u->s->game, *next, false, error, sizeof error);
        if (m == MOVE_NONE) complain(u, "go searchmoves: move ignored: %s", *next);
        else if (go->searchmoves_count < MOVE_LIST_MAX) go->searchmoves[go->searchmoves_count++] = m;
    }
}

/* Read `go`'s arguments from `word` on, any subset in any order, into *go; what is wrong is said
 * and ignored. */
static void go_parse(Uci *u, char *word, char *cursor, GoCommand *go)
{
    memset(go, 0, sizeof *go);
    while (word) {
        char *next = NULL;
        if (strcmp(word, "searchmoves") == 0) go_searchmoves(u, &cursor, go, &next);
        else if (strcmp(word, "ponder") == 0) go->ponder = true;
        else if (strcmp(word, "infinite") == 0) go->infinite = true;
        else if (strcmp(word, "wtime") == 0)
            go_number(u, &cursor, word, -GUI_TIME_MS_MAX, GUI_TIME_MS_MAX, &go->time_ms[WHITE], &go->clock_given[WHITE],
                      &next);
        else if (strcmp(word, "btime") == 0)
            go_number(u, &cursor, word, -GUI_TIME_MS_MAX, GUI_TIME_MS_MAX, &go->time_ms[BLACK], &go->clock_given[BLACK],
                      &next);
        else if (strcmp(word, "winc") == 0)
            go_number(u, &cursor, word, 0, GUI_TIME_MS_MAX, &go->increment_ms[WHITE], NULL, &next);
        else if (strcmp(word, "binc") == 0)
            go_number(u, &cursor, word, 0, GUI_TIME_MS_MAX, &go->increment_ms[BLACK], NULL, &next);
        else if (strcmp(word, "movestogo") == 0)
            go_number(u, &cursor, word, 0, MOVES_TO_GO_MAX, &go->moves_to_go, NULL, &next);
        else if (strcmp(word, "depth") == 0) go_number(u, &cursor, word, 1, SEARCH_DEPTH_MAX, &go->depth, NULL, &next);
        else if (strcmp(word, "nodes") == 0) go_number(u, &cursor, word, 1, INT64_MAX, &go->nodes, NULL, &next);
        else if (strcmp(word, "mate") == 0) go_number(u, &cursor, word, 1, SEARCH_DEPTH_MAX, &go->mate, NULL, &next);
        else if (strcmp(word, "movetime") == 0)
            go_number(u, &cursor, word, 1, GUI_TIME_MS_MAX, &go->movetime_ms, NULL, &next);
        else complain(u, "go: unknown argument '%s' ignored", word);
        word = next ? next : token_next(&cursor);
    }
}

/* The session's request for *go: TECH's own clock (the side to move's), the limits, the root. */
static void go_request(Uci *u, const GoCommand *go, int64_t read_us, SearchRequest *request)
{
    memset(request, 0, sizeof *request);
    Color side = u->s->game.pos.side;
    TimeRequest *t = &request->time;
    t->has_clock = go->clock_given[side];
    t->remaining_ms = go->time_ms[side];
    t->increment_ms = go->increment_ms[side];
    t->moves_to_go = (int)go->moves_to_go;
    t->movetime_ms = go->movetime_ms;
    t->depth_cap = (Depth)go->depth;
    t->nodes = (uint64_t)go->nodes;
    t->mate = (int)go->mate;
    t->infinite = go->infinite;
    request->kind = go->ponder ? JOB_PONDER : JOB_MOVE;
    request->clock_start_us = read_us;
    request->want_guess = true;
    request->reporter = (JobReporter){u, report};
    request->searchmoves = go->searchmoves_count ? go->searchmoves : NULL;
    request->searchmoves_count = go->searchmoves_count;
}

/* Which engine searches: the GUI named it at `uci`, before any option chose the profile. Said at
 * a game's first search and when the profile changes, not at every move: polyglot shows each
 * `info string` to XBoard as a thinking line. */
static void say_profile_if_new(Uci *u)
{
    char profile[sizeof u->profile_said];
    settings_describe(&u->s->settings, profile, sizeof profile);
    if (strcmp(profile, u->profile_said) == 0) return;
    io_printf("info string %s %s, profile %s", ENGINE_NAME, tech_version(), profile);
    memcpy(u->profile_said, profile, sizeof profile);
}

/* Start the search *go asks for; it owes a bestmove from now on. */
static void go_start(Uci *u, const GoCommand *go, int64_t read_us)
{
    SearchRequest request;
    go_request(u, go, read_us, &request);
    say_profile_if_new(u);
    u->chess960 = u->s->game.chess960;
    u->show_wdl = u->s->settings.show_wdl;
    u->wdl = wdl_view(&u->s->game.pos, strcmp(settings_profile_name(&u->s->settings), "TECH-1971") != 0);
    u->search_id = session_search(u->s, &request, &u->plan);
    u->clock_start_us = read_us;
    if (u->debug)
        io_printf("info string plan: depth %d first %d last %d soft %lld ms hard %lld ms avail %lld ms%s"
                  " work %lld ms pace x%.1f",
                  u->plan.clock.target_depth, u->plan.search.first_depth, u->plan.search.depth,
                  (long long)u->plan.clock.soft_ms, (long long)u->plan.clock.hard_ms, (long long)u->plan.clock.avail_ms,
                  u->plan.clock.insurance ? " insurance" : "", (long long)(u->plan.search.pdp10_budget_us / 1000),
                  u->plan.clock.pace_multiple);
    u->hold = go->ponder || go->infinite;
    u->infinite = go->infinite;
    u->pondering = go->ponder;
    u->hit = u->finished = false;
}

/* `go perft D`, or `go` with its limits: read, then started. */
static void cmd_go(Uci *u, char *cursor, int64_t read_us)
{
    stop_search(u); /* a GUI should not, but a previous search still owes its bestmove */
    stop_perft(u);
    char *word = token_next(&cursor);
    if (word && strcmp(word, "perft") == 0) {
        go_perft(u, cursor);
        return;
    }
    GoCommand go;
    go_parse(u, word, cursor, &go);
    go_start(u, &go, read_us);
}

/* The predicted move was played: the ponder search goes on as the real one, its clock
 * started now (docs/PROTOCOLS.md §2.4); a search already finished moves at once. */
static void cmd_ponderhit(Uci *u, int64_t read_us)
{
    if (!u->search_id || !u->pondering) return;
    u->pondering = false;
    u->hold = u->infinite;
    u->hit = true;
    u->clock_start_us = read_us;
    searcher_ponderhit(u->s->searcher, u->search_id, read_us, NULL);
    searcher_count_ponder(u->s->searcher, true);
    session_report_ponder(u->s, "ponder hit");
    if (u->finished && !u->hold) deliver(u, &u->result);
}

static bool uci_command(Uci *u, char *line, int64_t read_us)
{
    char *cursor = line;
    char *command = token_next(&cursor);
    if (!command) return true;
    u->complained = false;
    if (strcmp(command, "uci") == 0) cmd_uci(u);
    else if (strcmp(command, "isready") == 0) {
        session_sync_hash(u->s); /* a Hash size set during the search, now that it is over */
        io_write_line("readyok");
    } else if (strcmp(command, "setoption") == 0) cmd_setoption(u, cursor);
    else if (strcmp(command, "ucinewgame") == 0) {
        stop_search(u);
        session_new_game(u->s);
        u->profile_said[0] = '\0';
    } else if (strcmp(command, "position") == 0) cmd_position(u, cursor);
    else if (strcmp(command, "go") == 0) cmd_go(u, cursor, read_us);
    else if (strcmp(command, "stop") == 0) {
        stop_search(u);
        stop_perft(u);
    } else if (strcmp(command, "ponderhit") == 0) cmd_ponderhit(u, read_us);
    else if (strcmp(command, "debug") == 0) {
        char *arg = token_next(&cursor);
        u->debug = arg && strcmp(arg, "on") == 0;
    } else if (strcmp(command, "register") == 0) {
        /* nothing to register */
    } else if (strcmp(command, "quit") == 0) {
        uci_leave(u);
        return false;
    } else {
        say("unknown command '%s'", command);
    }
    return true;
}

/* Handle the held lines in order while no `go perft` runs (one of them may start another). */
static void run_held(Uci *u)
{
    while (u->held.head && !perft_running(u)) {
        QueuedLine *kept = line_queue_pop(&u->held);
        uci_command(u, kept->line, kept->read_us);
        queued_line_free(kept);
    }
}

/* Whether the first word of `line` is `command`. */
static bool line_is(const char *line, const char *command)
{
    char word[8];
    return sscanf(line, " %7s", word) == 1 && strcmp(word, command) == 0;
}

/* One input line. While a `go perft` runs, the lines after it wait until it has printed its count
 * and are then handled in order (a script that pipes `position` and `go perft` pairs, as perft
 * checkers written for Stockfish do, gets every count; `isready` is answered after them). `quit`
 * ends it at once, and so does `stop`, which then ends the search a held line started, not a
 * held perft: that one was asked for after the perft stopped (issue 51, F3). */
static bool uci_handle(Uci *u, char *line, int64_t read_us)
{
    run_held(u); /* behind a perft that has ended: its end event may still be queued */
    bool stop = line_is(line, "stop");
    if (!perft_running(u) || line_is(line, "quit")) return uci_command(u, line, read_us);
    if (!stop) {
        if (!line_queue_push(&u->held, line, read_us)) say("out of memory: command dropped%s", "");
        return true;
    }
    stop_perft(u);
    run_held(u);
    stop_search(u);
    return true;
}

/* The session's table (frontend.h). */
static void *front_create(Session *session) { return uci_create(session); }
static void front_destroy(void *self) { uci_destroy(self); }
static bool front_handle(void *self, char *line, int64_t read_us) { return uci_handle(self, line, read_us); }
static void front_search_done(void *self, unsigned id) { uci_search_done(self, id); }
static void front_leave(void *self) { uci_leave(self); }
static void front_finish(void *self) { uci_finish(self); }
static void front_notice(const char *text) { io_printf("info string %s", text); }

const FrontEnd UCI_FRONT_END = {
    .name = "UCI",
    .create = front_create,
    .destroy = front_destroy,
    .handle = front_handle,
    .search_done = front_search_done,
    .leave = front_leave,
    .finish = front_finish,
    .notice = front_notice,
};
