/* session.h - the services UCI, CECP and the console share: the game, the options, the time
 * manager and the searcher, and one instance of each front end. The loop that feeds them input
 * and picks the protocol is above them all (daemon.h). */
#ifndef TECH_SESSION_H
#define TECH_SESSION_H

#include "frontend.h"
#include "searcher.h"
#include "game.h"
#include "io.h"
#include "notation.h"
#include "text.h"
#include "options.h"
#include "positional.h"
#include "timeman.h"
#include "version.h"

/* The protocols, in the order of the front-end table (daemon.c); a session starts in the console. */
typedef enum { MODE_CONSOLE, MODE_UCI, MODE_CECP, MODE_COUNT } Mode;

typedef struct Uci Uci;
typedef struct Cecp Cecp;
typedef struct Console Console;

/* All state lives here and is touched by the adapter thread only; searches get copies. */
typedef struct Session {
    EventQueue *queue;
    Searcher *searcher;
    Game game;
    Settings settings;
    TimeManager timeman;
    Mode mode;                         /* the protocol in use */
    bool said_short_of_work;           /* this game heard that UCI_Elo's work could not be given */
    int64_t said_work_us;              /* the work a move at this clock this game heard (0: none) */
    const FrontEnd *const *front_ends; /* the front ends by Mode (the daemon's table) */
    void *front[MODE_COUNT];           /* each front end's own state (frontend.h) */
} Session;

/* Set up the services (settings, game, time manager, event queue, searcher) and one instance of
 * each of `front_ends` (MODE_COUNT of them, by Mode); false if memory or threads are short (then
 * session_close() frees what was had). */
bool session_open(Session *session, const FrontEnd *const *front_ends);
/* Stop the protocol in use without a move, join the engine's threads, free everything. */
void session_close(Session *session);
/* The protocol in use gives up its searches without a move (another takes over, or the end). */
void session_leave_mode(Session *session);

/* A search as a protocol asks for it. */
typedef struct {
    JobKind kind;
    TimeRequest time;       /* the protocol fills the clock fields; the session the rest */
    int64_t clock_start_us; /* when the command that starts the clock was read */
    bool want_guess;        /* guess the reply to the move found (UCI `bestmove X ponder Y`) */
    JobReporter reporter;
    const Move *searchmoves; /* restrict the root (UCI `go searchmoves`) */
    int searchmoves_count;
    bool explain; /* keep the root's verdict for an explanation of the move (driver/explain.h) */
} SearchRequest;

/* Plan the search with TECH's time rule and start it on the game's current position. */
unsigned session_search(Session *session, SearchRequest *request, TimePlan *plan);
/* Plan again for the current position from a fresh clock reading (a CECP ponder hit). */
void session_replan(Session *session, const TimeRequest *request, TimePlan *plan);
/* After TECH's move: feed the search to the depth rule when the rule planned it, with the time
 * its clock ran since `clock_start_us` (the go, the opponent's move or the ponder hit). */
void session_record(Session *session, const TimePlan *plan, const JobResult *result, int64_t clock_start_us);
/* A new game: initial position, fresh time history, searches forget what they learned. */
void session_new_game(Session *session);
/* What became of an option assignment; all but OPTION_APPLIED come with a message. */
typedef enum {
    OPTION_APPLIED,  /* stored and in effect */
    OPTION_DEFERRED, /* stored; the table is resized once the search under way ends */
    OPTION_REFUSED,  /* unknown name or bad value: nothing changed */
    OPTION_BUSY,     /* a button that cannot act during a search (Clear Hash) */
    /* no memory for the Hash size asked: the setting went back to the table in use */
    OPTION_NO_MEMORY
} OptionOutcome;

/* Set an option by name (UCI setoption, CECP option/memory/cores) and apply it: Clear Hash,
 * table size. Only a Hash assignment touches the table. */
OptionOutcome session_set_option(Session *session, const char *name, const char *value, char *message,
                                 size_t message_size);
/* Carry out a Hash resize deferred by a search, now that none runs (isready, new game, before a
 * search), and say in the protocol's form if there was no memory for it. */
void session_sync_hash(Session *session);
/* The variant: Chess960 (UCI_Chess960 set, CECP `variant fischerandom`) or standard chess. A game
 * standard chess cannot hold starts again from the initial array, and the protocol says why
 * (game_set_chess960); so does UCI_Chess960 set through session_set_option. */
void session_set_chess960(Session *session, bool on);
/* Append " m1 m2 ..." (coordinate notation, castling as `castling` says), with `prefix` first
 * unless MOVE_NONE. Called from the search thread too: the notation is the caller's copy. */
void session_append_pv(TextBuffer *out, Move prefix, const Move *pv, int count, CastlingNotation castling);
/* TECH's 2-ply guess of the best move for the side to move (docs/SPEC.md §8: the reply it would
 * ponder on), searched at once on this thread; MOVE_NONE while a search runs or without a legal
 * move. */
Move session_guess(Session *session);
/* The positional pre-sort of the game's root moves as the search would order them (the
 * settings' E10 and Positional Presort); false without memory. */
bool session_presort(Session *session, Presort *out);
/* Print the ponder hit rate (`info string ...` / `# ...` / stderr) with the given lead-in. */
void session_report_ponder(Session *session, const char *lead);

#endif
