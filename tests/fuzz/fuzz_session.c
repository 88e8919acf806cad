/* fuzz_session.c - drive a Session line by line (daemon_feed_line / daemon_step), read what it
 * writes to stdout (redirected to a file once), and hold it to the oracles. Searches are bounded
 * by the fuzz build's node cap (TECH_FUZZ_NODE_CAP in session.c), so an input stays fast. */
#include "fuzz_session.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cecp_play.h"
#include "fuzz_grammar.h"
#include "fuzz_support.h"
#include "io.h"
#include "makemove.h"
#include "notation.h"
#include "rules.h"
#include "search.h"
#include "daemon.h"

/* Lines and bytes per line taken from one input: sessions stay short. */
enum { LINES_MAX = 48, LINE_BYTES_MAX = 2048 };
/* The final sync's ping number. */
enum { SYNC_PING = 424242 };
/* A line is handled within this long, whatever search runs meanwhile and at any speed: nothing
 * waits for a stage of a job (a usermove once waited 40 s for the reply guess at Speed PDP-10).
 * Generous for a loaded machine and the sanitizers; a paced stage lasts seconds. */
enum { LINE_HANDLING_MAX_US = 500000 };

/* stdout, redirected to an append-only file so that truncating it between inputs is safe. */
static int output_fd = -1;
static off_t output_read;  /* bytes of the file already checked */
static char partial[8192]; /* a line not yet ended when the file was read */
static size_t partial_length;

static void redirect_stdout(void)
{
    if (output_fd >= 0) return;
    char path[] = "/tmp/tech-fuzz-out-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0) abort();
    unlink(path);
    if (fcntl(fd, F_SETFL, O_APPEND) != 0 || dup2(fd, STDOUT_FILENO) < 0) abort();
    close(fd);
    output_fd = STDOUT_FILENO;
}

/* What a session has shown so far, for the oracles. */
typedef struct {
    FuzzProtocol protocol;
    Session *session;
    const char *command;  /* the line being handled (for failure messages) */
    bool saw_sync;        /* readyok / pong SYNC_PING seen */
    bool rejected;        /* the current line's output held a rejection */
    bool moved;           /* ... or an engine move (CECP) */
    Position go_position; /* UCI: where the search that owes a bestmove started */
    bool go_chess960;     /* ... and whether its moves write castling king takes rook */
    bool go_pending;
    bool paced; /* Speed PDP-10 was set at some point: a search may be paced */
    /* UCI `go perft` (issue 51, F3): the lines after it wait until it has ended, then run together
     * inside whichever step comes next. */
    enum { PERFT_NONE, PERFT_RUNNING, PERFT_COUNTED } perft; /* none, one under way, its count seen */
    /* The line's `go perft` was refused: none runs. */
    bool perft_refused;
    /* A line was fed while a perft ran: from then on where a search started and which line
     * changed the game are not known line by line. */
    bool held;
} Watch;

/* Check a bestmove (and its ponder move) against the position its search started from. */
static void check_bestmove(Watch *w, const char *line)
{
    if (w->held) return; /* a held `go`: its position is not known here */
    if (!w->go_pending) fuzz_fail("bestmove without a go: '%s' after '%.120s'", line, w->command);
    char best[16] = "", ponder[16] = "";
    sscanf(line, "bestmove %15s ponder %15s", best, ponder);
    Position pos;
    position_copy(&pos, &w->go_position);
    MoveList legal;
    generate_legal(&pos, &legal);
    char error[128];
    if (!strcmp(best, "0000")) {
        if (legal.count) fuzz_fail("bestmove 0000 with %d legal moves (after '%.120s')", legal.count, w->command);
    } else {
        Move m = move_from_uci(&pos, best, w->go_chess960, error, sizeof error);
        if (m == MOVE_NONE) fuzz_fail("illegal bestmove '%s' (%s) after '%.120s'", line, error, w->command);
        if (ponder[0]) {
            make_move(&pos, m);
            if (move_from_uci(&pos, ponder, w->go_chess960, error, sizeof error) == MOVE_NONE)
                fuzz_fail("illegal ponder move '%s' (%s)", line, error);
        }
    }
    w->go_pending = false;
}

static void check_line(Watch *w, const char *line)
{
    if (w->protocol == FUZZ_UCI) {
        if (!grammar_uci_line(line)) fuzz_fail("UCI output '%.200s' after '%.120s'", line, w->command);
        if (!strcmp(line, "readyok")) w->saw_sync = true;
        /* `position` is the one game-changing UCI command that can be rejected (any other
         * command must leave the game alone anyway; ucinewgame may report a ponder miss). */
        if (!strncmp(line, "info string position:", 21)) w->rejected = true;
        if (!strncmp(line, "bestmove ", 9)) check_bestmove(w, line);
        if (!strncmp(line, "info string go perft:", 21)) w->perft_refused = true;
        if (w->perft == PERFT_RUNNING
            && (!strncmp(line, "Nodes searched: ", 16) || !strncmp(line, "Perft stopped", 13)))
            w->perft = PERFT_COUNTED;
    } else {
        if (!grammar_cecp_line(line)) fuzz_fail("CECP output '%.200s' after '%.120s'", line, w->command);
        char sync[32];
        snprintf(sync, sizeof sync, "pong %d", SYNC_PING);
        if (!strcmp(line, sync)) w->saw_sync = true;
        if (!strncmp(line, "Error", 5) || !strncmp(line, "Illegal", 7) || !strncmp(line, "tellusererror", 13))
            w->rejected = true;
        if (!strncmp(line, "move ", 5)) w->moved = true;
    }
}

/* Check every whole line written since the last call. */
static void read_output(Watch *w)
{
    char chunk[65536];
    for (;;) {
        ssize_t got = pread(output_fd, chunk, sizeof chunk, output_read);
        if (got <= 0) return;
        output_read += got;
        for (ssize_t i = 0; i < got; i++) {
            if (chunk[i] != '\n') {
                if (partial_length + 1 >= sizeof partial)
                    fuzz_fail("an output line longer than %zu bytes", sizeof partial);
                partial[partial_length++] = chunk[i];
                continue;
            }
            partial[partial_length] = '\0';
            check_line(w, partial);
            partial_length = 0;
        }
    }
}

/* The game a command may not change when it is rejected. */
typedef struct {
    Position start, pos;
    bool started_from_initial;
    int move_count;
    Move *moves;
} GameCopy;

static void game_copy(GameCopy *copy, const Game *game)
{
    position_copy(&copy->start, &game->start);
    position_copy(&copy->pos, &game->pos);
    copy->started_from_initial = game->started_from_initial;
    copy->move_count = game->move_count;
    free(copy->moves);
    copy->moves = malloc((size_t)(game->move_count + 1) * sizeof *copy->moves);
    if (!copy->moves) abort();
    if (game->move_count) memcpy(copy->moves, game->moves, (size_t)game->move_count * sizeof *copy->moves);
}

static bool game_unchanged(const GameCopy *copy, const Game *game)
{
    return fuzz_same_position(&copy->start, &game->start) && fuzz_same_position(&copy->pos, &game->pos)
           && copy->started_from_initial == game->started_from_initial && copy->move_count == game->move_count
           && (!game->move_count
               || memcmp(copy->moves, game->moves, (size_t)game->move_count * sizeof *copy->moves) == 0);
}

/* Which part of the game differs from the copy (for the failure message). */
static const char *game_difference(const GameCopy *copy, const Game *game)
{
    if (!fuzz_same_position(&copy->start, &game->start)) return "start position";
    if (memcmp(&copy->pos, &game->pos, sizeof copy->pos - sizeof copy->pos.undo) != 0) {
        if (memcmp(copy->pos.board, game->pos.board, sizeof game->pos.board)) return "board";
        if (copy->pos.key != game->pos.key) return "key";
        if (memcmp(copy->pos.men, game->pos.men, sizeof game->pos.men)) return "piece lists";
        if (memcmp(copy->pos.index, game->pos.index, sizeof game->pos.index)) return "piece list index";
        return "position state";
    }
    if (!fuzz_same_position(&copy->pos, &game->pos)) return "undo entries";
    if (copy->started_from_initial != game->started_from_initial) return "move numbers";
    return "move record";
}

static void check_positions(const Watch *w)
{
    const Game *game = &w->session->game;
    if (!position_ok(&game->pos) || !position_ok(&game->start))
        fuzz_fail("position_ok fails after '%.120s'", w->command);
}

static bool first_word_is(const char *line, const char *word)
{
    while (*line == ' ' || *line == '\t') line++;
    size_t n = strlen(word);
    return !strncmp(line, word, n) && (line[n] == '\0' || line[n] == ' ' || line[n] == '\t');
}

/* Whether a CECP line is a numeric command (`st`, `sd`, `time`, `otim`, `nps`, `memory`, `cores`,
 * `ping`, `level`) with a word that is no plain number (hexadecimal, an exponent, inf, nan,
 * letters) or a word too many: TECH must refuse it whole (issue 35). */
static bool malformed_numeric_command(const char *line)
{
    static const char *const single[] = {"st", "sd", "time", "otim", "nps", "memory", "cores", "ping", NULL};
    char copy[LINE_BYTES_MAX + 1];
    snprintf(copy, sizeof copy, "%s", line);
    char *save, *command = strtok_r(copy, " \t", &save);
    if (!command) return false;
    int expected = !strcmp(command, "level") ? 3 : 0;
    for (int i = 0; single[i] && !expected; i++)
        if (!strcmp(command, single[i])) expected = 1;
    if (!expected) return false;
    int count = 0;
    for (char *word; (word = strtok_r(NULL, " \t", &save));) {
        count++;
        const char *allowed = expected == 3 && count == 2 ? "0123456789+-.:" : "0123456789+-.";
        if (strspn(word, allowed) != strlen(word)) return true;
    }
    return count > expected;
}

/* Whether the line needs the game's position as its search starts (UCI `go`, not `go perft`). */
static bool starts_search(const char *line)
{
    if (!first_word_is(line, "go")) return false;
    const char *rest = strstr(line, "go") + 2;
    while (*rest == ' ' || *rest == '\t') rest++;
    return !first_word_is(rest, "perft");
}

static int64_t now_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

/* TECH wrote `move`: the game may not have been over before it (a ponder hit on a move that
 * mated, stalemated or bared the kings once got a reply). The move is the last one of the game. */
static void check_move_in_live_game(const Watch *w)
{
    static Position before;
    const Position *now = &w->session->game.pos;
    if (now->undo_len == 0 || now->undo[now->undo_len - 1].move == MOVE_NONE) return; /* history trimmed */
    position_copy(&before, now);
    unmake_move(&before);
    GameStatus status = game_status(&before);
    if (status == STATUS_CHECKMATE || status == STATUS_STALEMATE || status == STATUS_INSUFFICIENT)
        fuzz_fail("a move in a finished game (%s) after '%.120s'", game_status_result(status, before.side), w->command);
}

/* One daemon_step, held to the time bound when it handles what is queued already. */
static DaemonStep timed_step(Watch *w)
{
    int64_t start = now_us();
    DaemonStep step = daemon_step(w->session);
    int64_t took = now_us() - start;
    if (took > LINE_HANDLING_MAX_US) fuzz_fail("'%.120s' took %lld ms to handle", w->command, (long long)took / 1000);
    return step;
}

/* Feed one line and handle events until it has been handled; the oracles after each. */
static DaemonStep feed(Watch *w, const char *line)
{
    Session *s = w->session;
    static GameCopy before;
    daemon_feed_line(s, line);
    for (;;) {
        read_output(w);
        game_copy(&before, &s->game);
        /* CECP may replay lines kept behind a pong inside this event: only a line handled on its
         * own is held to the rejection rule. */
        bool uci = w->protocol == FUZZ_UCI && s->mode == MODE_UCI;
        if (uci && w->perft != PERFT_NONE && !first_word_is(line, "stop")) w->held = true;
        const Cecp *cecp = s->front[MODE_CECP];
        bool alone = w->protocol == FUZZ_UCI ? !w->held : !cecp->deferred.head && cecp->pong_count == 0;
        bool editing = w->protocol == FUZZ_CECP && cecp->editing; /* an edit block's lines are the block's */
        bool uci_go = uci && starts_search(line);
        if (uci && !w->held && first_word_is(line, "go") && !starts_search(line)) w->perft = PERFT_RUNNING;
        w->perft_refused = false;
        Position at_go;
        const bool chess960_at_go = s->game.chess960;
        if (uci_go) position_copy(&at_go, &s->game.pos);
        w->rejected = w->moved = false;
        w->command = line;
        DaemonStep step = timed_step(w);
        if (s->settings.features.pace_multiple > 0) w->paced = true;
        read_output(w);
        check_positions(w);
        if (w->moved) check_move_in_live_game(w);
        if (step == STEP_SEARCH_DONE) {
            if (w->perft == PERFT_COUNTED) w->perft = PERFT_NONE;
            continue;
        }
        if (uci && (first_word_is(line, "stop") || (w->perft == PERFT_RUNNING && w->perft_refused)))
            w->perft = PERFT_NONE;
        /* The line's own output is read; a bestmove of the search it started comes later. */
        if (uci_go) {
            position_copy(&w->go_position, &at_go);
            w->go_chess960 = chess960_at_go;
            w->go_pending = true;
        }
        /* Chess960 switched off under a Chess960 game starts it again (issue 51, F1). */
        bool changes_game = first_word_is(line, "position") || first_word_is(line, "ucinewgame")
                            || (first_word_is(line, "setoption") && strstr(line, "UCI_Chess960"));
        if (w->protocol == FUZZ_UCI && !changes_game && !w->held && !game_unchanged(&before, &s->game))
            fuzz_fail("'%.120s' changed the game (%s)", line, game_difference(&before, &s->game));
        if (w->protocol == FUZZ_CECP && s->mode == MODE_CECP && alone && !editing && !w->rejected
            && malformed_numeric_command(line))
            fuzz_fail("malformed numbers taken: '%.120s'", line);
        if (w->rejected && alone && !w->moved && !game_unchanged(&before, &s->game))
            fuzz_fail("rejected command '%.120s' changed the game (%s)", line, game_difference(&before, &s->game));
        return step;
    }
}

/* The input's lines, with what would end or stall the session taken out: `quit` (the session
 * always ends with the sync and a quit of its own), in CECP `uci` (it would change protocol
 * before the ping), and perft depths above 3. */
static bool keep_line(FuzzProtocol protocol, char *line)
{
    if (first_word_is(line, "quit")) return false;
    if (protocol == FUZZ_CECP && first_word_is(line, "uci")) return false;
    if (first_word_is(line, "go")) {
        char *perft = strstr(line, "perft");
        if (perft && perft[5]) {
            for (char *p = perft + 5; *p; p++)
                if (*p >= '4' && *p <= '9') *p = '3';
        }
    }
    return true;
}

/* The tables a process builds once (E13's KPK bitbase, built when TECH-modern is chosen: about
 * 30 ms in a release build, over half a second under the fuzzer's sanitizers) are built before the
 * first input, so that the line-handling bound times what every line costs, not a one-time build. */
static void build_process_tables(void)
{
    SearchFeatures modern;
    search_features_modern(&modern);
    search_features_prepare(&modern);
}

void fuzz_session_run(FuzzProtocol protocol, const uint8_t *data, size_t size)
{
    build_process_tables();
    redirect_stdout();
    if (ftruncate(output_fd, 0) != 0) abort();
    output_read = 0;
    partial_length = 0;
    Watch w = {.protocol = protocol, .command = "(start)"};
    w.session = daemon_create();
    if (!w.session) abort();
    if (protocol == FUZZ_UCI) {
        feed(&w, "uci");
    } else {
        feed(&w, "xboard");
        feed(&w, "protover 2");
    }
    /* The input cut into lines as the reader thread cuts stdin (LF, CR or CRLF end a line). */
    EventQueue *lines = event_queue_create();
    if (!lines) abort();
    LineSplitter splitter = {0};
    line_splitter_feed(&splitter, lines, (const char *)data, size, 0);
    line_splitter_end(&splitter, lines, 0);
    event_queue_push_eof(lines);
    bool ended = false;
    for (int n = 0; n < LINES_MAX && !ended; n++) {
        Event *event = event_queue_pop(lines);
        if (event->kind != EVENT_LINE) {
            event_free(event);
            break;
        }
        char *line = event->line;
        if (strlen(line) > LINE_BYTES_MAX) line[LINE_BYTES_MAX] = '\0';
        if (keep_line(protocol, line)) ended = feed(&w, line) == STEP_END;
        event_free(event);
    }
    event_queue_destroy(lines);
    if (ended) fuzz_fail("the session ended before the sync");
    /* The sync: answered, after everything before it (a CECP pong waits for a move under way;
     * at Speed PDP-10 that move is asked for now, as it would take seconds). */
    if (protocol == FUZZ_CECP && w.paced) feed(&w, "?");
    char sync[32];
    if (protocol == FUZZ_UCI) snprintf(sync, sizeof sync, "isready");
    else snprintf(sync, sizeof sync, "ping %d", SYNC_PING);
    feed(&w, sync);
    while (!w.saw_sync) {
        w.moved = false;
        if (daemon_step(w.session) == STEP_END) fuzz_fail("the session ended before answering the sync");
        read_output(&w);
        check_positions(&w);
        if (w.moved) check_move_in_live_game(&w);
    }
    w.command = "quit";
    daemon_feed_line(w.session, "quit");
    while (daemon_step(w.session) != STEP_END) continue;
    daemon_destroy(w.session);
    read_output(&w);
}
