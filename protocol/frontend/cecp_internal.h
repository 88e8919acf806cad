/* cecp_internal.h - the CECP front end's state, shared by its files (cecp.c: the commands;
 * cecp_play.c: the game flow; cecp_edit.c's block is part of it), and the command dispatcher
 * that the game flow replays deferred input through. Not for other front ends. */
#ifndef TECH_CECP_INTERNAL_H
#define TECH_CECP_INTERNAL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "explain.h"
#include "cecp.h"
#include "session.h"
#include "cecp_edit.h"
#include "exclusions.h"

typedef enum {
    CECP_IDLE,
    CECP_THINKING,  /* searching TECH's move */
    CECP_PONDERING, /* guessing the reply and searching the answer to it */
    CECP_ANALYZING  /* analyze mode: searching until the position changes */
} CecpState;

/* Pings answered after the move, at most this many at a time; the longest ping number kept
 * (a sign and the 19 digits of a 64-bit number). */
enum { CECP_PONGS_MAX = 64, CECP_PING_TEXT_MAX = 24 };

struct Cecp {
    Session *s;
    /* The game as xboard sees it. */
    bool force;          /* force mode: play no moves */
    Color engine_side;   /* the colour TECH plays */
    bool game_over;      /* ended by rule or by `result`: no more moves */
    bool position_valid; /* false after a bad setboard, until new/setboard */
    bool ponder_enabled; /* `hard` */
    bool analyze_mode;
    Exclusions excluded; /* `exclude` / `include`: root moves left out of this position */
    bool editing;        /* inside an `edit` block, until its `.` */
    CecpEdit edit;
    atomic_bool post;        /* thinking output (read by the search threads) */
    atomic_bool show_prefix; /* pondering: print the guessed reply ahead of the PV */
    /* the first move of the last thinking line of TECH's own search since it began or was hit
       (MOVE_NONE: none; then, or when it names another move, the move's own line goes before
       `move`) */
    atomic_uint posted_move;
    atomic_llong posted_us; /* when the last thinking line went out (heartbeats wait for a pause) */
    atomic_int castling;    /* how moves write castling (CastlingNotation): O-O in fischerandom */
    /* Time control: `level`, `st`, `sd`, `time`, `otim`. */
    int level_mps;
    int64_t level_base_ms, level_inc_ms;
    bool level_set;
    int level_moves[COLOR_NB]; /* moves each side had made when `level` came */
    int64_t st_ms;
    Depth sd;
    int64_t own_ms, opp_ms;
    int64_t nps; /* `nps N`: N nodes count as a second of TECH's time; 0 = off */
    /* The search. */
    CecpState state;
    unsigned search_id;
    TimePlan plan;
    int64_t think_start_us; /* TECH's clock for this move started here */
    bool finished;          /* the ponder search ended before the opponent moved */
    JobResult result;
    Score last_score;
    bool have_score;
    /* `.` in analyze mode. */
    int64_t analysis_start_us;
    int analysis_moves;
    atomic_int stat_depth, stat_number;
    atomic_ullong stat_nodes;
    atomic_uint stat_move;
    /* `ping` while thinking: pong after the move; later input waits for it. */
    char pongs[CECP_PONGS_MAX][CECP_PING_TEXT_MAX];
    int pong_count;
    LineQueue deferred;
    /* ExplainMoves: why TECH played its last move, shown by `bk` in the position it made. */
    char why[EXPLAIN_TEXT_MAX];
    uint64_t why_key;
};

/* A move as TECH writes it to xboard: coordinates, castling as the variant has it (O-O, O-O-O in
 * fischerandom, as xboard sends it). */
void cecp_move_text(const Cecp *c, Move move, char *text);

/* One command line, dispatched to its handler (cecp.c); false after `quit`. */
bool cecp_dispatch(Cecp *c, char *line, int64_t read_us);

#endif
