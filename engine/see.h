/* see.h - static exchange evaluation: what a capture wins or loses if both sides go on
 * capturing on its square with their cheapest man. TECH-modern's move ordering (E9) uses it to
 * put the captures that lose material after the quiet moves; it never removes a move
 * (docs/SPEC.md §10: full width, every capture sequence searched). */
#ifndef TECH_SEE_H
#define TECH_SEE_H

#include "board.h"

/* The material the side to move gains by the pseudo-legal capture `m` followed by the best
 * sequence of recaptures on its square, at TECH's base values (either side may stop capturing
 * when going on would lose). Pins and checks are not looked at. */
Score see_capture(const Position *pos, Move m);

#endif
