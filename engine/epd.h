/* epd.h - Extended Position Description records: a position plus operations (bm, am, id). */
#ifndef TECH_EPD_H
#define TECH_EPD_H

#include <stddef.h>

#include "board.h"

enum { EPD_MOVES_MAX = 8, EPD_ID_MAX = 64 };

typedef struct {
    char id[EPD_ID_MAX];
    int best_count; /* bm: any of these solves it */
    Move best[EPD_MOVES_MAX];
    int avoid_count; /* am: none of these may be played */
    Move avoid[EPD_MOVES_MAX];
} EpdRecord;

/* Parse one EPD line (4 FEN fields, then `op operands;` groups; bm/am in SAN or coordinate
 * notation). Returns false with a reason for a malformed line or an unparsable move. */
bool epd_parse(const char *line, Position *pos, EpdRecord *record, char *error, size_t error_size);

#endif
