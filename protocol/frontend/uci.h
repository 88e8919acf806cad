/* uci.h - the UCI front end (April 2006 spec, as cutechess, polyglot and Arena use it). */
#ifndef TECH_UCI_H
#define TECH_UCI_H

#include "frontend.h"

/* The daemon's table entry (frontend.h): every handler of the protocol behind it. */
extern const FrontEnd UCI_FRONT_END;

#endif
