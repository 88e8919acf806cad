/* cecp.h - the CECP front end (XBoard/WinBoard protocol version 2). */
#ifndef TECH_CECP_H
#define TECH_CECP_H

#include "frontend.h"

/* The daemon's table entry (frontend.h): every handler of the protocol behind it. */
extern const FrontEnd CECP_FRONT_END;

#endif
