/* console_internal.h - the console's state, shared by its two files (console.c: the commands, the
 * searches, perft and bench; console_play.c: a game against the person, with its clock). Not for
 * other front ends. */
#ifndef TECH_CONSOLE_INTERNAL_H
#define TECH_CONSOLE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "background_task.h"
#include "console.h"

/* The side TECH plays when it answers no move. */
enum { PLAY_OFF = -1 };

/* A game against the person (`play`, `clock`): TECH answers each of the person's moves with its
 * own, on a clock if one is set. */
typedef struct {
    int side;               /* the colour TECH plays, or PLAY_OFF */
    TimeRequest limits;     /* the `play` words (depth, movetime, nodes): each move's limits
                                    when no clock is set */
    bool thinking;          /* the search under way is TECH's move: it is played when done */
    int64_t think_start_us; /* TECH's clock for that move started here */
    bool clock_set;         /* `clock`: both sides have a clock, which runs in play */
    int clock_moves;        /* moves per control; 0 = the whole game */
    int64_t clock_base_ms, clock_inc_ms;
    int64_t left_ms[COLOR_NB]; /* each side's time left */
    int64_t turn_start_us;     /* the clock of `turn_side` runs since then; 0: no clock runs */
    Color turn_side;
    int moves_at_set[COLOR_NB]; /* moves each side had made when the clock was set */
    bool flag_fell;             /* a side ran out of time: the game is over until a new one */
} ConsolePlay;

struct Console {
    Session *s;
    unsigned search_id;
    bool infinite; /* the search under way runs until `stop` */
    TimePlan plan;
    BackgroundTask *task; /* perft, divide or bench under way (or ended, not yet joined) */
    LineQueue pending;    /* lines that came while a search or a perft ran */
    bool replaying;       /* run_pending is handling the kept lines */
    ConsolePlay play;
};

/* console.c: start a search of the game's position with the limits in `time`, TECH's clock
 * started at clock_start_us; its lines are printed as it goes. */
void console_search(Console *c, TimeRequest *time, bool want_guess, int64_t clock_start_us);
/* console.c: read go's limit words (depth N, movetime MS, nodes N; `infinite` when allowed) from
 * *cursor into `time`; false, after saying which word is wrong, if one cannot be read. */
bool console_read_limits(char **cursor, const char *command, bool infinite_allowed, TimeRequest *time);

/* console_play.c: "game over: checkmate, 1-0 {White mates}" when the game has ended, by rule or
 * on time; false while it goes on. */
bool console_say_game_over(Console *c);
/* `play [white | black | off] [depth N | movetime MS | nodes N]`. */
void console_cmd_play(Console *c, char *cursor, int64_t read_us);
/* `clock [MOVES/]MINUTES[+SECONDS] | off`, or the clocks as they stand. */
void console_cmd_clock(Console *c, char *cursor);
/* The person played (a bare move or `moves`), the line read at read_us: their clock stops; if
 * the game goes on and TECH is to move in play, it thinks. */
void console_person_moved(Console *c, int64_t read_us);
/* A new game or position (`new`, `fen`): the clocks start again; TECH moves if it is its turn. */
void console_new_position(Console *c, int64_t read_us);
/* `undo`: in play, take back TECH's move and the person's, to the person's turn again. */
void console_undo(Console *c);
/* A search TECH ran as its move in play ended: play the move and say it (with the clocks); true
 * if the result was that, false if the search was another (`go`). */
bool console_play_done(Console *c, const JobResult *result);
/* A protocol takes over, or the session ends: no more play. */
void console_play_stop(Console *c);

#endif
