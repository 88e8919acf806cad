/* fuzz_session.h - a whole protocol session run in-process from a fuzz input, with its oracles:
 * every output line in the protocol's grammar, the game bit for bit unchanged by a rejected
 * command, positions valid, bestmoves legal, and a final sync (isready/ping) answered. */
#ifndef TECH_FUZZ_SESSION_H
#define TECH_FUZZ_SESSION_H

#include <stddef.h>
#include <stdint.h>

typedef enum { FUZZ_UCI, FUZZ_CECP } FuzzProtocol;

/* Run the input's lines as one session of `protocol` and check it; aborts on a broken oracle. */
void fuzz_session_run(FuzzProtocol protocol, const uint8_t *data, size_t size);

#endif
