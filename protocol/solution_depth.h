/* solution_depth.h - the depth of a test problem as Berliner (1974, Table V-4) counted it: "the
 * deepest non-capture in any branch of the principal variation". */
#ifndef TECH_SOLUTION_DEPTH_H
#define TECH_SOLUTION_DEPTH_H

#include <stdint.h>

#include "board.h"
#include "epd.h"
#include "search.h"

/* Berliner's table runs to 10 and lumps the rest together as ">10". */
enum { SOLUTION_DEPTH_OVER = 11 };

typedef struct {
    int depth;                   /* 1..10, SOLUTION_DEPTH_OVER, or 0 when no solution line was found */
    int needed;                  /* plies of the principal variation the solution needs */
    Score score;                 /* the reference search's score of the solution */
    int pv_length;
    Move pv[MAX_PLY];
} SolutionDepth;

/* The 1-based ply of the deepest non-capture among the first `needed` moves of `pv` (a quiet
 * promotion is a non-capture); 1 when they are all captures (a one-ply search and TECH's
 * capture sequences see them). */
int deepest_non_capture(const Move *pv, int needed);

/* TECH's bottom evaluation of `pos`: the material balance at the base values, from the side
 * to move's view, after the best capture sequence (either side may stop capturing). */
Score capture_balance(Position *pos);

/* How many plies of `pv` (played from `root`) a search needs before TECH's bottom evaluation
 * shows what the whole line wins: the shortest prefix, at least one ply, whose capture
 * balance (from the root side's view) comes within `margin` of the balance at the end of the
 * line; the whole line when it ends in mate (`mate`). */
int needed_plies(const Position *root, const Move *pv, int length, bool mate, Score margin);

/* Classify one problem: a reference search (the modern profile without the transposition
 * table, so that its principal variation is whole) restricted to the problem's bm moves, depth
 * after depth within `nodes` nodes (a count, so that the result is the same on any machine);
 * the line of the first depth that sees what the deepest one sees; the deepest non-capture of
 * the plies of that line the solution needs. False when the problem has no bm or the search
 * found no line. */
bool solution_depth(Search *search, const Position *pos, const EpdRecord *record, uint64_t nodes,
                    SolutionDepth *out);

#endif
