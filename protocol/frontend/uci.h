/* uci.h - the UCI front end (April 2006 spec, as cutechess, polyglot and Arena use it). */
#ifndef TECH_UCI_H
#define TECH_UCI_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend.h"
#include "session.h"

extern const FrontEnd UCI_FRONT_END;

Uci *uci_create(Session *session);
void uci_destroy(Uci *uci);
/* Handle one input line read at read_us; false after `quit`. */
bool uci_handle(Uci *uci, char *line, int64_t read_us);
/* Search `id` finished (from the event queue). */
void uci_search_done(Uci *uci, unsigned id);
/* Another protocol takes over: stop any search without a bestmove. */
void uci_leave(Uci *uci);
/* End of input: a search that owes a bestmove gives it (a finite one when it is done, an
 * infinite or ponder search at once), as engines piped a script are expected to. */
void uci_finish(Uci *uci);

#endif
