/* console_internal.h - the console's state, shared by its files, which call down only, in this
 * order from the lowest: console_game.c (how the game stands and ends), console_search.c (a
 * search and its lines), console_why.c (`why` and `hint`), console_clock.c (the game's clocks),
 * console_board.c (the board shown in a game), console_moves.c (the person's moves),
 * console_play.c (a game against the person), console_save.c (the game saved as PGN),
 * console_options.c (TECH's settings), and console.c (the commands, perft and bench) on top.
 * Not for other front ends. */
#ifndef TECH_CONSOLE_INTERNAL_H
#define TECH_CONSOLE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "background_task.h"
#include "frontend.h"
#include "session.h"

/* The side TECH plays when it answers no move. */
enum { PLAY_OFF = -1 };

/* How a game ended at the board rather than by rule (the rules' ends are the position's own). */
typedef enum { END_NONE, END_FLAG, END_RESIGNATION, END_DRAW_AGREED } DeclaredEnd;

/* Both sides' clocks in a game (`clock`), which run while TECH plays. */
typedef struct {
    bool set;  /* both sides have a clock */
    int moves; /* moves per control; 0 = the whole game */
    int64_t base_ms, inc_ms;
    int64_t left_ms[COLOR_NB]; /* each side's time left when its clock last stopped */
    int64_t turn_start_us;     /* the clock of `turn_side` runs since then; 0: no clock runs */
    Color turn_side;
    int moves_at_set[COLOR_NB]; /* moves each side had made when the clock was set */
} ConsoleClock;

/* TECH as a player, in words: "TECH-deep at Elo 1800 (depth 4)" (console_player_text). */
enum { PLAYER_TEXT_MAX = 160 };
/* Level changes a game's record keeps (a later one past them replaces the last). */
enum { LEVEL_CHANGES_MAX = 32 };
/* TECH became another player (its strength, profile or limits changed) before the move at `ply`. */
typedef struct {
    int ply;
    char player[PLAYER_TEXT_MAX];
} LevelChange;

/* A game against the person (`play`): TECH answers each of the person's moves with its own. */
typedef struct {
    int side; /* the colour TECH plays, or PLAY_OFF */
    /* the colour TECH played in this game (a saved game's names), or PLAY_OFF if it played none */
    int game_side;
    /* the `play` words (depth, movetime, nodes): each move's limits when no clock is set */
    TimeRequest limits;
    bool thinking;          /* the search under way is TECH's move: it is played when done */
    int64_t think_start_us; /* TECH's clock for that move started here */
    /* TECH has searched this game's line since it last changed otherwise (undo, new, fen) ... */
    bool has_score;
    Score score;       /* ... and its last search gave it this score for itself */
    bool board_hidden; /* `board off`: no board after each move */
    DeclaredEnd end;   /* the game ended on time, by resignation or by agreement ... */
    Color end_side;    /* ... the side whose flag fell or who resigned */
    ConsoleClock clock;
    char start_player[PLAYER_TEXT_MAX];     /* TECH as it played from the game's first move ... */
    int start_elo;                          /* ... held to this Elo (0: full strength) ... */
    LevelChange changes[LEVEL_CHANGES_MAX]; /* ... and each change since, in order */
    int change_count;
} ConsolePlay;

/* What a `why` or `hint` search is for: TECH's move here, or the person's (driver/explain.h). */
typedef enum { WHY_NONE, WHY_TECH, WHY_PERSON } WhyAsked;

/* The explanation of TECH's last move in play, and the search `why` or `hint` started. */
enum { WHY_TEXT_MAX = 1600 };
typedef struct {
    char text[WHY_TEXT_MAX]; /* why TECH played its last move ... */
    int moves;               /* ... the game's move count after it (-1: none) ... */
    uint64_t key;            /* ... and the position it made */
    WhyAsked asked;          /* the search under way is to be explained (WHY_NONE: it is not) */
} ConsoleWhy;

struct Console {
    Session *s;
    unsigned search_id;
    bool infinite; /* the search under way runs until `stop` */
    TimePlan plan;
    BackgroundTask *task; /* perft, divide or bench under way (or ended, not yet joined) */
    LineQueue pending;    /* lines that came while a search or a perft ran */
    bool replaying;       /* run_pending is handling the kept lines */
    ConsolePlay play;
    /* the search's castling notation (the game's at its start): its thread prints moves and never
       reads the session */
    bool chess960;
    ConsoleWhy why;
};

/* The files below, lowest first: each calls only those above it in this list (console.c, the
 * commands, calls them all). */

/* console_game.c: how the game stands. How it ended, "checkmate" or "White resigns", with its
 * result, "1-0 {White mates}"; false (nothing stored) while it goes on. */
bool console_game_result(Console *c, const char **how, const char **result);
/* Whether the game is over, by rule or declared (on time, resigned, agreed). */
bool console_game_over(Console *c);
/* "game over: checkmate, 1-0 {White mates}" when the game has ended; false while it goes on. */
bool console_say_game_over(Console *c);
/* TECH as the player it is now: "TECH-deep at Elo 1800", "TECH-1971 at full strength", with the
 * `play` words (" (depth 4)"). */
void console_player_text(const Console *c, char *out, size_t size);
/* The game's record starts with TECH as it plays now (a new game, or the first `play`). */
void console_player_starts(Console *c);
/* After a setting may have changed TECH (`player_before`, console_player_text's): if it did, say
 * which player now plays ("TECH-deep at Elo 1800 now plays Black") and note it in the record. */
void console_player_changed(Console *c, const char *player_before);
/* The game ends at the board: `side`'s flag fell (END_FLAG) or `side` resigned, or a draw was
 * agreed; it is said. */
void console_declare_end(Console *c, DeclaredEnd end, Color side);

/* console_search.c: start a search of the game's position with the limits in `time`, TECH's
 * clock started at clock_start_us; its lines are printed as it goes. */
void console_search(Console *c, TimeRequest *time, bool want_guess, int64_t clock_start_us);
/* Read go's limit words (depth N, movetime MS, nodes N; `infinite` when allowed) from *cursor
 * into `time`; false, after saying which word is wrong, if one cannot be read. */
bool console_read_limits(char **cursor, const char *command, bool infinite_allowed, TimeRequest *time);

/* console_why.c: TECH is about to play the move its search `r` chose in the game's position:
 * keep why, for `why` after it. */
void console_why_note(Console *c, const JobResult *r);
/* `why`: why TECH played its last move, if it is the game's last; else a search of the position
 * with TECH's settings, explained when it ends. */
void console_cmd_why(Console *c, int64_t read_us);
/* `hint`: what TECH would play for the person to move, and why (searched, explained when done). */
void console_cmd_hint(Console *c, int64_t read_us);
/* A search ended: if `why` or `hint` started it, explain it (true); else false. */
bool console_why_done(Console *c, const JobResult *r);

/* console_clock.c: "4:58.2": minutes, seconds and tenths of a clock (none below zero). */
void console_clock_text(int64_t ms, char *out, size_t size);
/* The time `side` has left at now_us, its running clock counted (never below zero). */
int64_t console_clock_left_ms(const Console *c, Color side, int64_t now_us);
/* "clock: White 4:58.2 (running), Black 5:03.0", as the clocks stand at now_us. */
void console_say_clocks(Console *c, int64_t now_us);
/* The clock of the side to move starts at now_us, when TECH plays with a clock in a game that
 * goes on. */
void console_clock_start_turn(Console *c, int64_t now_us);
/* The side whose clock ran has moved at now_us: its time off, the increment on, and the base
 * again after each control's last move; a clock that ran out ends the game. */
void console_clock_stop_turn(Console *c, int64_t now_us);
/* The running clock stops at now_us, with no increment (the game ended otherwise). */
void console_clock_pause(Console *c, int64_t now_us);
/* Whether the running clock has run out by now_us: then the flag falls (the game ends, said). */
bool console_clock_flag_falls(Console *c, int64_t now_us);
/* Both clocks back to the control's base, counted from the moves made so far. */
void console_clock_reset(Console *c);
/* A search for `side` under the clock: its time left, increment and moves to go into `time`. */
void console_clock_limits(const Console *c, Color side, TimeRequest *time);
/* `clock [MOVES/]MINUTES[+SECONDS] | off`, or the clocks as they stand now. */
void console_cmd_clock(Console *c, char *cursor);

/* console_board.c: print the board: the last move's squares marked, the players, their clocks
 * as they stand now, the side to move; from the person's side in a game. */
void console_show_board(Console *c);
/* `board [on | off]`: the board after each move in a game, or none; `board` alone prints it. */
void console_cmd_board(Console *c, char *cursor);

/* console_moves.c: the person typed a move (`word`) at read_us: true, after saying that the game
 * is over and how to start another, if it is over (a flag that has fallen by then included). */
bool console_refuse_move_after_end(Console *c, const char *word, int64_t read_us);
/* `moves M1 M2 ...`: each in turn, until one is not legal; true if one or more were played (the
 * line was read at read_us). */
bool console_cmd_moves(Console *c, char *cursor, int64_t read_us);
/* A line that is no command: a move alone is played as `moves` plays it (true); another word is
 * an unknown command. */
bool console_cmd_move_alone(Console *c, const char *word, int64_t read_us);

/* console_play.c: `play [white | black | off] [depth N | movetime MS | nodes N]`. */
void console_cmd_play(Console *c, char *cursor, int64_t read_us);
/* The person played (a bare move or `moves`), the line read at read_us: their clock stops; if
 * the game goes on and TECH is to move in play, it thinks. */
void console_person_moved(Console *c, int64_t read_us);
/* A new game or position (`new`, `fen`): the clocks start again; TECH moves if it is its turn. */
void console_new_position(Console *c, int64_t read_us);
/* `undo`: take back a move (in play TECH's and the person's, to the person's turn again) and say
 * which. */
void console_undo(Console *c);
/* `resign`: the person resigns the game in play. */
void console_cmd_resign(Console *c, int64_t read_us);
/* `draw`: the person offers a draw; TECH accepts or declines it by its own score. */
void console_cmd_draw(Console *c, int64_t read_us);
/* A search TECH ran as its move in play ended: play the move and say it (with the board or the
 * clocks); true if the result was that, false if the search was another (`go`). */
bool console_play_done(Console *c, const JobResult *result);
/* A protocol takes over, or the session ends: no more play. */
void console_play_stop(Console *c);

/* console_save.c: `save FILE`: the game as PGN. */
void console_cmd_save(Console *c, char *cursor);

/* console_options.c: `strength [ELO | full]`: TECH held to an Elo, or at full strength, or which
 * plays now. */
void console_cmd_strength(Console *c, char *cursor);
/* `style [1971 | modern]`: choose the profile (short names or the Style values), then say which
 * is in use and what was set apart from it. */
void console_cmd_style(Console *c, char *cursor);
/* `set NAME VALUE`: option names have blanks (`Move Overhead`), values do not, so the longest
 * run of first words that names an option is the name and the rest the value (none for a
 * button). */
void console_cmd_set(Console *c, char *cursor);
/* UCI's `setoption name NAME [value VALUE]` typed at the console: set as `set` does. */
void console_cmd_setoption(Console *c, char *cursor);
/* `options`: every option, its value now and what it takes. */
void console_cmd_options(Console *c);

#endif
