/* frontend.h - what the session asks of a protocol front end (UCI, CECP, the console). The
 * session holds one instance of each, and the table of the protocol in use answers every
 * event; no code outside the front ends switches on the protocol. */
#ifndef TECH_FRONTEND_H
#define TECH_FRONTEND_H

#include <stdbool.h>
#include <stdint.h>

typedef struct Session Session;

typedef struct {
    const char *name;
    void *(*create)(Session *session); /* NULL when out of memory */
    void (*destroy)(void *self);
    bool (*handle)(void *self, char *line, int64_t read_us); /* one input line; false: quit */
    void (*search_done)(void *self, unsigned id);            /* from the event queue */
    /* another protocol takes over, or the session closes: stop any search without a move */
    void (*leave)(void *self);
    void (*finish)(void *self);       /* end of input: what the protocol still owes */
    void (*notice)(const char *text); /* a message in the protocol's form */
    /* a Hash size that could not be had; NULL: said as a notice */
    void (*hash_failure)(const char *text, int wanted_mb);
    /* a game in play that a protocol's first line (`uci`, `xboard`) would end: the front end
       answers such lines itself; NULL: never */
    bool (*holds_game)(void *self);
} FrontEnd;

#endif
