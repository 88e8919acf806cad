/* cecp.h - the CECP front end (XBoard/WinBoard protocol version 2). */
#ifndef TECH_CECP_H
#define TECH_CECP_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend.h"
#include "session.h"

extern const FrontEnd CECP_FRONT_END;

Cecp *cecp_create(Session *session);
void cecp_destroy(Cecp *cecp);
/* Handle one input line read at read_us; false after `quit`. */
bool cecp_handle(Cecp *cecp, char *line, int64_t read_us);
/* Search `id` finished (from the event queue). */
void cecp_search_done(Cecp *cecp, unsigned id);
/* Another protocol takes over: stop any search without a move. */
void cecp_leave(Cecp *cecp);

#endif
