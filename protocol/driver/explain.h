/* explain.h - why TECH plays a move, told from the search and the pre-sort that chose it: what the
 * move does to the material within the search's horizon and the line that shows it, how many
 * moves tied with it and why the pre-sort put it first, the refutation of the move a person would
 * expect, and what the level could see. Built on the root's verdict (engine/root_verdict.h) that
 * the search took at the depth that chose the move: no second search. The facts it finds and their
 * words are explain_text.h's. */
#ifndef TECH_EXPLAIN_H
#define TECH_EXPLAIN_H

#include <stdbool.h>
#include <stddef.h>

#include "explain_text.h"
#include "game.h"
#include "options.h"
#include "searcher.h"

/* What the search must keep to explain its choice in `pos` (the root moves and their pre-sort
 * as the search will have them): the expected moves, the pre-sort's first and the capture of the
 * most valuable man by the least valuable one. `pos` is returned as it was. */
void explain_request(Position *pos, const SearchFeatures *features, bool started_from_initial, ExplainRequest *out);

/* Read the job's verdict on the move it chose in `pos` (the position searched). */
void explain_build(Position *pos, const SearchFeatures *features, bool started_from_initial, const JobResult *result,
                   Explanation *out);

/* Why the job `result` chose its move in the game's position, for the player the settings make
 * (`for_person`: a hint, the move TECH would play for the person), in `out`. */
void explain_job(Game *game, const Settings *settings, const JobResult *result, bool for_person, char *out,
                 size_t size);

#endif
