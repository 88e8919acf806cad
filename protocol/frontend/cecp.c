/* cecp.c - CECP v2 commands: the feature handshake, game and clock set-up, options, errors
 * in xboard's forms (docs/PROTOCOLS.md §3). The game flow lives in cecp_play.c. */
#include "cecp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cecp_internal.h"
#include "cecp_play.h"
#include "clock.h"
#include "notation.h"
#include "number.h"
#include "platform.h"

/* [C] `draw` is accepted when TECH's last score is at least this far behind. */
enum { DRAW_ACCEPT_BEHIND_CP = 200 };
/* Longest echo of a bad command in an Error line. */
enum { ECHO_MAX = 80 };
/* CECP's units: `time`/`otim` in centiseconds, `st` and the `level` increment in seconds, the
 * `level` base in minutes. */
enum { MS_PER_CENTISECOND = 10 };
static const double MS_PER_SECOND = 1000.0, MS_PER_MINUTE = 60000.0;
/* [C] `level` moves per session beyond this are taken as this (no game is that long). */
enum { LEVEL_MOVES_MAX = 100000 };
/* [C] `nps` rates beyond a billion nodes a second are taken as that (no machine is that fast). */
enum { NPS_MAX = 1000000000 };

static Cecp *cecp_create(Session *session)
{
    Cecp *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->s = session;
    c->engine_side = BLACK;
    c->position_valid = true;
    atomic_init(&c->post, false);
    atomic_init(&c->show_prefix, false);
    atomic_init(&c->posted_move, MOVE_NONE);
    atomic_init(&c->posted_us, 0);
    atomic_init(&c->stat_depth, 0);
    atomic_init(&c->stat_number, 0);
    atomic_init(&c->stat_nodes, 0);
    atomic_init(&c->stat_move, MOVE_NONE);
    return c;
}

static void cecp_destroy(Cecp *c)
{
    if (!c) return;
    line_queue_clear(&c->deferred);
    free(c);
}

static void cecp_leave(Cecp *c)
{
    if (c->search_id) searcher_abandon(c->s->searcher, c->search_id);
    c->search_id = 0;
    c->state = CECP_IDLE;
    c->editing = false;
    c->pong_count = 0;
    line_queue_clear(&c->deferred);
}

/* `Error (reason): command`, the command echoed safely. Never says "llegal" (xboard would
 * take it for a move rejection). */
static void error_reply(const char *reason, const char *command)
{
    char safe[ECHO_MAX];
    text_printable(command, safe, sizeof safe);
    /* Even an echoed "Illegal" would read as a move rejection. */
    for (char *p = safe; (p = strstr(p, "llegal")); p += 2) p[2] = '*';
    io_printf("Error (%s): %s", reason, safe);
}

/* `feature myname="TECH-1971 1.0"`: the profile and the version, so that a game record tells
 * the profiles apart (under UCI_LimitStrength, the profile its level plays). Said again when
 * the profile changes: xboard takes a feature at any time and
 * shows the new name in its title and the next game's PGN tags (backend.c, ParseFeatures). */
static void announce_name(const Cecp *c)
{
    io_printf("feature myname=\"%s %s\"", settings_profile_name(&c->s->settings), tech_version());
}

/* `feature option="N -spin V MIN MAX"` and friends (CECP v2), with the current values; the
 * options that memory, cores and hard/easy cover are left out. */
static void announce_options(const Settings *settings)
{
    for (int i = 0; i < options_count(); i++) {
        OptionDescription option;
        options_describe(settings, i, &option);
        if (option.uci_only) continue;
        TextBuffer line;
        text_init(&line);
        text_append(&line, "feature option=\"%s ", option.name);
        switch (option.type) {
        case OPTION_TYPE_CHECK: text_append(&line, "-check %d", option.value ? 1 : 0); break;
        case OPTION_TYPE_SPIN: text_append(&line, "-spin %d %d %d", option.value, option.min, option.max); break;
        case OPTION_TYPE_COMBO:
            text_append(&line, "-combo");
            for (int k = 0; option.choices[k]; k++)
                text_append(&line, "%s %s%s", k ? " ///" : "", k == option.value ? "*" : "", option.choices[k]);
            break;
        case OPTION_TYPE_BUTTON: text_append(&line, "-button"); break;
        case OPTION_TYPE_STRING: text_append(&line, "-string %s", option.text ? option.text : ""); break;
        }
        text_append(&line, "\"");
        if (line.text) io_write_line(line.text);
        text_free(&line);
    }
}

static void cmd_protover(Cecp *c)
{
    io_write_line("feature done=0");
    io_write_line("feature ping=1 setboard=1 usermove=1 time=1 draw=1 sigint=0 sigterm=0 reuse=1 analyze=1"
                  " colors=0 playother=1 name=1 nps=1 debug=1 memory=1 smp=1 san=0 pause=0 exclude=1");
    announce_name(c);
    io_write_line("feature variants=\"normal,fischerandom\"");
    announce_options(&c->s->settings);
    io_write_line("feature done=1");
}

void cecp_move_text(const Cecp *c, Move move, char *text)
{
    move_to_text(move, (CastlingNotation)atomic_load(&c->castling), text);
}

/* After a setting that may start the game again (Chess960 switched off under a Chess960 position,
 * issue 51): if it did, whatever searched the old game is dropped, so that no move of it is
 * played into the new one, and the new game is playable. */
static void follow_game_restart(Cecp *c, unsigned position_id_before)
{
    if (c->s->game.position_id == position_id_before) return;
    cecp_stop_all(c);
    c->position_valid = true;
    c->game_over = false;
}

/* The variant of the games to come (`variant`; `new` sets normal): Chess960's start positions and
 * castling with fischerandom. */
static void set_variant(Cecp *c, bool fischerandom)
{
    unsigned position_id = c->s->game.position_id;
    session_set_chess960(c->s, fischerandom);
    atomic_store(&c->castling, fischerandom ? CASTLING_AS_O_O : CASTLING_AS_KING_MOVE);
    follow_game_restart(c, position_id);
}

static void cmd_new(Cecp *c)
{
    cecp_stop_all(c);
    session_new_game(c->s);
    set_variant(c, false);
    c->force = false;
    c->engine_side = BLACK;
    c->game_over = false;
    c->position_valid = true;
    c->sd = 0;
    c->nps = 0;
    c->own_ms = c->opp_ms = c->level_base_ms;
    c->level_moves[WHITE] = c->level_moves[BLACK] = 0;
    c->have_score = false;
    if (c->analyze_mode) cecp_analyze(c);
}

/* Minutes as "m", "m:ss" or a fraction ("0.5"), each part a plain decimal of at least 0
 * (docs/PROTOCOLS.md §3.2), saturated to GUI_TIME_MS_MAX; false if malformed. */
static bool read_minutes(char *text, int64_t *ms)
{
    if (!text) return false;
    char *seconds_text = strchr(text, ':');
    if (seconds_text) *seconds_text++ = '\0';
    int64_t minutes_ms, seconds_ms = 0;
    if (!number_read_ms_from(text, MS_PER_MINUTE, false, GUI_TIME_MS_MAX, &minutes_ms)) return false;
    if (seconds_text && !number_read_ms_from(seconds_text, MS_PER_SECOND, false, GUI_TIME_MS_MAX, &seconds_ms))
        return false;
    *ms = number_clamp(number_add(minutes_ms, seconds_ms), 0, GUI_TIME_MS_MAX);
    return true;
}

/* `level MPS BASE INC`: BASE in minutes or m:ss, INC in seconds, possibly fractional; refused
 * whole (nothing changed) when a number is malformed or negative, or a word is missing or extra. */
static void cmd_level(Cecp *c, char *cursor, const char *line)
{
    char *mps_text = token_next(&cursor), *base_text = token_next(&cursor), *inc_text = token_next(&cursor);
    int64_t mps, base, inc;
    if (!number_read_whole_from(mps_text, 0, LEVEL_MOVES_MAX, &mps) || !read_minutes(base_text, &base)
        || !number_read_ms_from(inc_text, MS_PER_SECOND, false, GUI_TIME_MS_MAX, &inc) || token_next(&cursor)) {
        error_reply("bad time control", line);
        return;
    }
    c->level_mps = (int)mps;
    c->level_base_ms = base;
    c->level_inc_ms = inc;
    c->level_set = true;
    c->st_ms = 0;
    c->own_ms = c->opp_ms = base;
    /* Mid-game, MPS counts from now. */
    for (Color side = BLACK; side <= WHITE; side++) c->level_moves[side] = game_moves_by(&c->s->game, side);
}

/* `nps N`: N nodes count as one second of TECH's thinking, until `new` (docs/PROTOCOLS.md §3.2).
 * The protocol's `nps 0` (CPU time instead of the wall clock) is not implemented. */
static void cmd_nps(Cecp *c, char *cursor, const char *line)
{
    int64_t rate;
    NumberStatus status = number_read(token_next(&cursor), INT64_MIN, INT64_MAX, &rate);
    if (status == NUMBER_BAD || token_next(&cursor)) error_reply("nps takes a whole number of nodes per second", line);
    else if (rate == 0) error_reply("nps 0 asks for CPU-time timing, which TECH does not implement", line);
    else if (rate < 0) error_reply("nps takes a node rate of at least 1", line);
    else c->nps = rate > NPS_MAX ? NPS_MAX : rate;
}

/* Set an option and answer as CECP does: an Error line only for what did not take effect. */
static void set_option(Cecp *c, const char *name, const char *value, const char *refusal, const char *line)
{
    char message[160];
    const char *profile = settings_profile_name(&c->s->settings);
    unsigned position_id = c->s->game.position_id;
    OptionOutcome outcome = session_set_option(c->s, name, value, message, sizeof message);
    follow_game_restart(c, position_id);
    if (strcmp(profile, settings_profile_name(&c->s->settings))) announce_name(c);
    switch (outcome) {
    case OPTION_APPLIED: break;
    case OPTION_DEFERRED: io_printf("# %s", message); break; /* it will take effect: no error */
    case OPTION_REFUSED: error_reply(refusal, line); break;
    case OPTION_BUSY: error_reply("busy", line); break;
    case OPTION_NO_MEMORY: error_reply(message, line); break;
    }
}

/* `option NAME=VALUE` or `option NAME` (a button). A new MultiPV shows at once in analysis
 * (XBoard's Engine Output window sets it while TECH analyses). */
static void cmd_option(Cecp *c, char *cursor, const char *line)
{
    char *text = token_rest(&cursor);
    char *value = strchr(text, '=');
    if (value) *value++ = '\0';
    int multipv = c->s->settings.multipv;
    set_option(c, text, value, "bad option", line);
    if (c->state == CECP_ANALYZING && c->s->settings.multipv != multipv) cecp_analyze(c);
}

/* `exclude MOVE|all` / `include MOVE|all` (feature exclude=1): the moves TECH's search of this
 * position leaves out; any new position includes them all again. */
static void cmd_exclude(Cecp *c, bool exclude, char *cursor, const char *line)
{
    char *word = token_next(&cursor);
    if (!word) {
        error_reply("no move given", line);
        return;
    }
    if (!c->position_valid) {
        error_reply("no valid position", line);
        return;
    }
    if (!strcmp(word, "all")) {
        exclusions_set_all(&c->excluded, &c->s->game, exclude);
    } else {
        char error[GAME_ERROR_MAX];
        Move move = game_parse_move(&c->s->game, word, true, error, sizeof error);
        if (move == MOVE_NONE) {
            error_reply("not a move in this position", line);
            return;
        }
        exclusions_set(&c->excluded, &c->s->game, move, exclude);
    }
    cecp_exclusions_changed(c);
}

/* `memory N` and `cores N` set the Hash and Threads options; a number above the option's range
 * takes its top (xboard's memory is what the whole engine may use, often more than the largest
 * table); one below it, or a malformed one, is refused. */
static void cmd_resource(Cecp *c, const char *option, char *cursor, const char *line)
{
    int min = 0, max = 0;
    int64_t v;
    if (!options_spin_range(option, &min, &max) || !number_read_whole_from(token_next(&cursor), min, max, &v)
        || token_next(&cursor)) {
        error_reply("bad value", line);
        return;
    }
    char value[24];
    snprintf(value, sizeof value, "%d", (int)v);
    set_option(c, option, value, "bad value", line);
}

/* The game from `fen` (setboard, or the end of an edit block); refused whole if it is bad. */
static void set_position(Cecp *c, const char *fen)
{
    cecp_stop_all(c);
    char error[GAME_ERROR_MAX];
    if (game_setup(&c->s->game, fen, NULL, 0, error, sizeof error)) {
        c->position_valid = true;
        c->game_over = false;
    } else {
        /* Spec: refuse moves until the next new/setboard. */
        c->position_valid = false;
        io_printf("tellusererror Illegal position: %s", error);
    }
    if (c->analyze_mode) cecp_analyze(c);
}

/* Whether an edit block's line is for the block: all but `ping` and `quit`, which keep their
 * meaning inside it (a GUI may synchronise, or leave, at any time). */
static bool is_edit_line(const char *line)
{
    char first[8] = "";
    return sscanf(line, " %7s", first) != 1 || (strcmp(first, "ping") != 0 && strcmp(first, "quit") != 0);
}

/* A line of an edit block (docs/PROTOCOLS.md §3). */
static void edit_line(Cecp *c, const char *line)
{
    switch (cecp_edit_line(&c->edit, line)) {
    case EDIT_GOES_ON: break;
    case EDIT_ENDS: {
        char fen[FEN_MAX];
        c->editing = false;
        cecp_edit_fen(&c->edit, c->s->game.pos.side, fen, sizeof fen);
        set_position(c, fen);
        break;
    }
    case EDIT_BAD_LINE: error_reply("not an edit command; '.' ends the edit", line); break;
    }
}

static void cmd_undo(Cecp *c, int plies, const char *line)
{
    cecp_stop_all(c);
    if (!c->position_valid || !game_undo(&c->s->game, plies)) {
        error_reply("no move to take back", line);
        return;
    }
    c->game_over = false;
    if (c->analyze_mode) cecp_analyze(c);
}

/* Accept a draw offer only when TECH judges the game drawn (by rule) or itself clearly worse. */
static void cmd_draw(Cecp *c)
{
    Position *pos = &c->s->game.pos;
    bool drawn = insufficient_material(pos) || repetition_count(pos) >= 1 || pos->halfmove >= 100;
    bool behind = c->have_score && c->last_score <= -DRAW_ACCEPT_BEHIND_CP;
    if (c->position_valid && !c->game_over && (drawn || behind)) io_write_line("offer draw");
}

/* `Hint: MOVE`: TECH's 2-ply guess of the move of the side to move (docs/SPEC.md §8), the move
 * it ponders on; none while TECH thinks on its own move or analyses. */
static void cmd_hint(Cecp *c)
{
    /* Pondering: the reply TECH ponders on; none while it is still being guessed (the guess may
     * take seconds at Speed PDP-10: never wait for it). Idle: the guess searched now. */
    if (!c->position_valid || c->game_over) return;
    Move hint = MOVE_NONE;
    if (c->state == CECP_PONDERING) hint = searcher_prediction(c->s->searcher, c->search_id);
    else if (c->state == CECP_IDLE) hint = session_guess(c->s);
    if (hint == MOVE_NONE) return;
    char text[MOVE_TEXT_MAX], error[GAME_ERROR_MAX];
    cecp_move_text(c, hint, text);
    if (game_parse_move(&c->s->game, text, true, error, sizeof error) != MOVE_NONE) io_printf("Hint: %s", text);
}

/* [C] `bk`: the pre-sort's first moves shown in xboard's book window. */
enum { BOOK_LINES_MAX = 10 };

/* ExplainMoves: why TECH played the move that made this position, as book lines (a blank first). */
static void say_why_in_book(const char *why)
{
    io_write_line(" Why TECH played its last move:");
    const char *line = why;
    for (const char *end; (end = strchr(line, '\n')); line = end + 1) io_printf(" %.*s", (int)(end - line), line);
    io_printf(" %s", line);
}

/* `bk`: TECH has no opening book; its own "book" is the positional pre-sort of the moves of the
 * position (docs/SPEC.md §5), best first, which the search follows among materially equal moves.
 * xboard's form: lines that begin with a blank, then an empty line. */
static void cmd_book(Cecp *c)
{
    Presort *presort = malloc(sizeof *presort);
    if (!presort || !c->position_valid || !session_presort(c->s, presort)) {
        io_write_line(" TECH has no opening book, and no pre-sort here");
        io_write_line("");
        free(presort);
        return;
    }
    io_printf(" TECH has no opening book; its \"book\" is its positional pre-sort (%s, %s):",
              c->s->settings.features.presort ? phase_name(presort->phase) : "pre-sort off: captures first",
              settings_profile_name(&c->s->settings));
    Position *pos = &c->s->game.pos;
    for (int i = 0; i < presort->count && i < BOOK_LINES_MAX; i++) {
        char san[MOVE_TEXT_MAX * 2];
        move_to_san(pos, presort->entries[i].move, san);
        io_printf(" %3d. %-8s %+6d", i + 1, san, presort->entries[i].score);
    }
    if (presort->count > BOOK_LINES_MAX) io_printf(" ... %d moves in all", presort->count);
    io_write_line(" Among the moves the search finds materially best, TECH plays the first.");
    if (c->why[0] && c->why_key == pos->key) say_why_in_book(c->why);
    io_write_line("");
    free(presort);
}

/* `.` in analyze mode: stat01: time nodes ply moves-left moves-total current-move. */
static void cmd_status(Cecp *c)
{
    if (c->state != CECP_ANALYZING) return;
    int number = atomic_load(&c->stat_number);
    char move[MOVE_TEXT_MAX] = "";
    Move current = atomic_load(&c->stat_move);
    if (current != MOVE_NONE) cecp_move_text(c, current, move);
    /* No move under way yet: the line ends after the counts (no trailing blank). */
    io_printf("stat01: %lld %llu %d %d %d%s%s", (long long)((clock_now_us() - c->analysis_start_us) / 10000),
              (unsigned long long)atomic_load(&c->stat_nodes), atomic_load(&c->stat_depth),
              c->analysis_moves - number > 0 ? c->analysis_moves - number : 0, c->analysis_moves, move[0] ? " " : "",
              move);
}

/* `white` / `black`: that side to move, TECH the other; refused whole when the side now on move
 * is in check (it would stand in check off move). */
static void cmd_side(Cecp *c, Color side, const char *line)
{
    cecp_stop_all(c);
    if (c->position_valid && !game_set_side(&c->s->game, side)) {
        error_reply("the side to move is in check", line);
        return;
    }
    c->engine_side = !side;
}

/* `go` (play the side to move, now) and `playother` (play the other side, pondering meanwhile).
 * Refused whole, nothing changed, without a valid position, and in analyze mode: CECP's analyze
 * mode takes moves, undo, new, setboard, exit, `.`, bk and hint, and XBoard sends `exit` before
 * it gives the engine a side (docs/PROTOCOLS.md §3.2). */
static void cmd_play(Cecp *c, bool go, const char *line, int64_t read_us)
{
    if (go && c->state == CECP_THINKING) return;
    if (c->analyze_mode) {
        error_reply("analyze mode; exit leaves it", line);
        return;
    }
    if (!c->position_valid) {
        error_reply("no valid position", line);
        return;
    }
    cecp_stop_all(c);
    c->force = false;
    c->engine_side = go ? c->s->game.pos.side : !c->s->game.pos.side;
    if (go) cecp_think(c, read_us);
    else cecp_ponder(c);
}

/* Commands that only store a value or need no answer. */
static bool cmd_quiet(Cecp *c, const char *command, char *cursor, const char *line)
{
    int64_t v;
    if (!strcmp(command, "time") || !strcmp(command, "otim")) {
        /* Centiseconds; a flag already fallen gives a negative time. */
        const int64_t max_cs = GUI_TIME_MS_MAX / MS_PER_CENTISECOND;
        if (number_read(token_next(&cursor), -max_cs, max_cs, &v) == NUMBER_BAD || token_next(&cursor))
            error_reply("bad time", line);
        else if (!strcmp(command, "time")) c->own_ms = v * MS_PER_CENTISECOND;
        else c->opp_ms = v * MS_PER_CENTISECOND;
    } else if (!strcmp(command, "st")) {
        /* Seconds, possibly fractional, more than 0 (then at least a millisecond). */
        if (!number_read_ms_from(token_next(&cursor), MS_PER_SECOND, true, GUI_TIME_MS_MAX, &v) || token_next(&cursor))
            error_reply("bad time", line);
        else c->st_ms = v;
    } else if (!strcmp(command, "sd")) {
        if (!number_read_whole_from(token_next(&cursor), 1, SEARCH_DEPTH_MAX, &v) || token_next(&cursor))
            error_reply("bad depth", line);
        else c->sd = (Depth)v;
    } else if (!strcmp(command, "post") || !strcmp(command, "nopost")) {
        atomic_store(&c->post, command[0] == 'p');
    } else if (!strcmp(command, "hard")) {
        c->ponder_enabled = true;
    } else if (!strcmp(command, "easy")) {
        c->ponder_enabled = false;
        if (c->state == CECP_PONDERING) cecp_stop_all(c);
    } else if (!strcmp(command, "variant")) {
        char *name = token_next(&cursor);
        if (name && (!strcmp(name, "normal") || !strcmp(name, "fischerandom"))) set_variant(c, name[0] == 'f');
        else error_reply("unsupported variant", line);
    } else if (!strcmp(command, "xboard") || !strcmp(command, "computer") || !strcmp(command, "name")
               || !strcmp(command, "rating") || !strcmp(command, "ics") || !strcmp(command, "random")
               || !strcmp(command, "rejected") || !strcmp(command, "egtpath")) {
        /* noted, nothing to do */
    } else if (!strcmp(command, "accepted")) {
        /* The GUI will not end TECH by SIGTERM: only now may it ignore the signal. */
        const char *feature = token_next(&cursor);
        if (feature && !strcmp(feature, "sigterm")) platform_ignore_terminate();
    } else {
        return false;
    }
    return true;
}

bool cecp_dispatch(Cecp *c, char *line, int64_t read_us)
{
    if (c->editing && is_edit_line(line)) {
        edit_line(c, line);
        return true;
    }
    /* Keep the whole line for error echoes; tokens are cut from a copy. */
    char *copy = strdup(line);
    if (!copy) return true;
    char *cursor = copy;
    char *command = token_next(&cursor);
    bool keep_going = true;
    if (!command) {
        /* empty line */
    } else if (!strcmp(command, "quit")) {
        cecp_stop_all(c);
        keep_going = false;
    } else if (!strcmp(command, "protover")) {
        cmd_protover(c);
    } else if (!strcmp(command, "new")) {
        cmd_new(c);
    } else if (!strcmp(command, "force")) {
        cecp_stop_all(c);
        c->force = true;
    } else if (!strcmp(command, "go") || !strcmp(command, "playother")) {
        cmd_play(c, command[0] == 'g', line, read_us);
    } else if (!strcmp(command, "white") || !strcmp(command, "black")) {
        cmd_side(c, command[0] == 'w' ? WHITE : BLACK, line);
    } else if (!strcmp(command, "level")) {
        cmd_level(c, cursor, line);
    } else if (!strcmp(command, "usermove")) {
        char *move = token_next(&cursor);
        if (!move) error_reply("no move given", line);
        else cecp_user_move(c, move, read_us);
    } else if (!strcmp(command, "?")) {
        if (c->state == CECP_THINKING) cecp_move_now(c);
        else if (c->state == CECP_PONDERING) cecp_stop_all(c);
    } else if (!strcmp(command, "ping")) {
        /* The pong echoes the number as sent, whatever its size (a GUI waits for that text). */
        char *n = token_next(&cursor);
        int64_t ignored;
        if (!n) n = "0";
        if (strlen(n) >= CECP_PING_TEXT_MAX || number_read(n, INT64_MIN, INT64_MAX, &ignored) == NUMBER_BAD
            || token_next(&cursor))
            error_reply("bad ping", line);
        else if (c->state == CECP_THINKING && c->pong_count < CECP_PONGS_MAX)
            snprintf(c->pongs[c->pong_count++], CECP_PING_TEXT_MAX, "%s", n);
        else io_printf("pong %s", n);
    } else if (!strcmp(command, "draw")) {
        cmd_draw(c);
    } else if (!strcmp(command, "result")) {
        cecp_stop_all(c);
        c->game_over = true;
    } else if (!strcmp(command, "setboard")) {
        set_position(c, token_rest(&cursor));
    } else if (!strcmp(command, "edit")) {
        cecp_stop_all(c);
        cecp_edit_begin(&c->edit, &c->s->game.pos);
        c->editing = true;
    } else if (!strcmp(command, "undo") || !strcmp(command, "remove")) {
        cmd_undo(c, command[0] == 'u' ? 1 : 2, line);
    } else if (!strcmp(command, "hint")) {
        cmd_hint(c);
    } else if (!strcmp(command, "bk")) {
        cmd_book(c);
    } else if (!strcmp(command, "analyze")) {
        c->analyze_mode = true;
        cecp_analyze(c);
    } else if (!strcmp(command, "exit")) {
        if (c->analyze_mode) {
            cecp_stop_all(c);
            c->analyze_mode = false;
            c->force = true;
        }
    } else if (!strcmp(command, ".")) {
        cmd_status(c);
    } else if (!strcmp(command, "memory")) {
        cmd_resource(c, "Hash", cursor, line);
    } else if (!strcmp(command, "cores")) {
        cmd_resource(c, "Threads", cursor, line);
    } else if (!strcmp(command, "option")) {
        cmd_option(c, cursor, line);
    } else if (!strcmp(command, "exclude") || !strcmp(command, "include")) {
        cmd_exclude(c, command[0] == 'e', cursor, line);
    } else if (!strcmp(command, "nps")) {
        cmd_nps(c, cursor, line);
    } else if (cmd_quiet(c, command, cursor, line)) {
        /* handled */
    } else if (text_is_move_shaped(command)) {
        cecp_user_move(c, command, read_us);
    } else {
        error_reply("unknown command", line);
    }
    free(copy);
    return keep_going;
}

/* Input that must not wait behind a pending pong. */
static bool is_urgent(const char *line)
{
    while (*line == ' ' || *line == '\t') line++;
    return !strncmp(line, "quit", 4) || (line[0] == '?' && (line[1] == '\0' || line[1] == ' ')) || !strcmp(line, ".");
}

static bool cecp_handle(Cecp *c, char *line, int64_t read_us)
{
    /* A ping arrived while TECH was thinking: everything after it waits for the move. */
    if (c->pong_count > 0 && !is_urgent(line)) {
        line_queue_push(&c->deferred, line, read_us); /* no memory: the line is dropped */
        return true;
    }
    return cecp_dispatch(c, line, read_us);
}

/* The session's table (frontend.h). */
static void *front_create(Session *session) { return cecp_create(session); }
static void front_destroy(void *self) { cecp_destroy(self); }
static bool front_handle(void *self, char *line, int64_t read_us) { return cecp_handle(self, line, read_us); }
static void front_search_done(void *self, unsigned id) { cecp_search_done(self, id); }
static void front_leave(void *self) { cecp_leave(self); }
/* CECP owes nothing at the end of input (no search of it promises a move). */
static void front_finish(void *self) { (void)self; }
static void front_notice(const char *text) { io_printf("# %s", text); }
static void front_hash_failure(const char *text, int wanted_mb) { io_printf("Error (%s): memory %d", text, wanted_mb); }

const FrontEnd CECP_FRONT_END = {
    .name = "CECP",
    .create = front_create,
    .destroy = front_destroy,
    .handle = front_handle,
    .search_done = front_search_done,
    .leave = front_leave,
    .finish = front_finish,
    .notice = front_notice,
    .hash_failure = front_hash_failure,
};
