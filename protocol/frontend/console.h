/* console.h - a person at a terminal before any protocol is chosen: help, board, perft,
 * bench, positions, searches and games in plain text. */
#ifndef TECH_CONSOLE_H
#define TECH_CONSOLE_H

#include "frontend.h"
#include "session.h"

/* The daemon's table entry (frontend.h): every handler of the console behind it. */
extern const FrontEnd CONSOLE_FRONT_END;

/* The one line a person at a terminal is greeted with: name, version, profile, `help`. */
void console_banner(const Session *session);

#endif
