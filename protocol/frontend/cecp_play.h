/* cecp_play.h - CECP's game flow: thinking on TECH's move, pondering on the opponent's time
 * (docs/SPEC.md §8), analysis, the clock, and the moves in between. */
#ifndef TECH_CECP_PLAY_H
#define TECH_CECP_PLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "cecp_internal.h"

/* Stop whatever runs, without a move. */
void cecp_stop_all(Cecp *c);
/* Think on TECH's move now (the clock started at clock_start_us). */
void cecp_think(Cecp *c, int64_t clock_start_us);
/* Start pondering on the opponent's time if `hard` is on and the game goes on. */
void cecp_ponder(Cecp *c);
/* (Re)start the analysis of the current position; with every move excluded it waits until one
 * is included again. */
void cecp_analyze(Cecp *c);
/* The excluded moves changed: analysis and thinking start again on the moves left. */
void cecp_exclusions_changed(Cecp *c);
/* `?`: move now. */
void cecp_move_now(Cecp *c);
/* An opponent's move (usermove or a bare move). */
void cecp_user_move(Cecp *c, const char *text, int64_t read_us);
/* Search `id` finished (from the event queue). */
void cecp_search_done(Cecp *c, unsigned id);

#endif
