/* search_control.h - the search's side of its control (search_control.c): the poll of the
 * stop flag, the clock, a ponder hit and the PDP-10 pace, and the judgement after each depth.
 * Internal to the search; the controlling threads use SearchControl (search.h). */
#ifndef TECH_SEARCH_CONTROL_H
#define TECH_SEARCH_CONTROL_H

#include <stdbool.h>
#include <stdint.h>

#include "search.h"

struct Search;

/* Look at the stop flag, the clock, a ponder hit and the PDP-10 clock. */
void search_poll(struct Search *s);

/* The mask of the node count at which search_poll is called (see count_node_and_poll). */
uint64_t search_poll_mask(const SearchFeatures *features, const SearchLimits *limits);

/* After depth `done` completed (`result` holds it): search the next one? The depth cap, a mate
 * found for `go mate`, pondering, the depth rule's target, TECH-modern's time rule. */
bool search_go_deeper(const struct Search *s, const SearchLimits *limits, Depth cap, Depth done,
                      const SearchResult *result);

#endif
