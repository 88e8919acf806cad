/* console.h - a person at a terminal before any protocol is chosen: help, board, perft,
 * bench, positions and searches in plain text. */
#ifndef TECH_CONSOLE_H
#define TECH_CONSOLE_H

#include <stdbool.h>
#include <stdint.h>

#include "frontend.h"
#include "session.h"

extern const FrontEnd CONSOLE_FRONT_END;

Console *console_create(Session *session);
/* The one line a person at a terminal is greeted with: name, version, profile, `help`. */
void console_banner(const Session *session);
void console_destroy(Console *console);
/* Handle one input line; false after `quit`. */
bool console_handle(Console *console, char *line, int64_t read_us);
/* Search `id` finished. */
void console_search_done(Console *console, unsigned id);
/* A protocol takes over: stop any search or perft. */
void console_leave(Console *console);
/* End of input: a perft under way runs to its end first. */
void console_finish(Console *console);

#endif
