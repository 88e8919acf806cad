/* console_search.c - a search at the console, TECH's move in a game or `go`'s: its limits read from
 * the words typed, the search started, and its lines printed as it goes. It calls no other
 * console file. */
#include "console_internal.h"

#include <inttypes.h>
#include <string.h>

#include "number.h"

/* One line of the search's report (MultiPV: its number first). */
static void print_line(const JobReport *r, const SearchInfo *info, bool chess960)
{
    TextBuffer line;
    text_init(&line);
    if (info->multipv > 0) text_append(&line, "%d. ", info->multipv);
    if (score_is_mate(info->shown_score))
        text_append(&line, "depth %2d  mate %d", info->depth, score_mate_moves(info->shown_score));
    else text_append(&line, "depth %2d  score %+.2f", info->depth, info->shown_score / 100.0);
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
    request.explain = true; /* `why` and `hint` explain the search that chose the move */
    c->chess960 = c->s->game.chess960;
    c->search_id = session_search(c->s, &request, &c->plan);
    c->infinite = request.time.infinite;
}
