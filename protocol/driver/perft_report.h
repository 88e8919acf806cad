/* perft_report.h - perft and divide as every front end prints them (shell, console, UCI). */
#ifndef TECH_PERFT_REPORT_H
#define TECH_PERFT_REPORT_H

#include <stdatomic.h>

#include "board.h"

/* Deepest perft any front end runs. */
enum { PERFT_DEPTH_MAX = 15 };

/* Run perft (or divide: a `e2e4: 20` line per root move first, castling written as `chess960`
 * says: notation.h) on a copy of pos and emit the lines, ending with `Nodes searched: N` and the
 * time and speed, Stockfish's form. When *stop (NULL = never) turns true it ends early with
 * `Perft stopped after K of M root moves`. */
void perft_report(const Position *pos, int depth, bool divide, bool chess960, void (*emit_line)(const char *line),
                  const atomic_bool *stop);

#endif
