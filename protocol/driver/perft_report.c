/* perft_report.c - one implementation of the perft/divide printout for all front ends. */
#include "perft_report.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "clock.h"
#include "notation.h"
#include "perft.h"

typedef struct {
    void (*emit_line)(const char *line);
    bool divide;
    bool chess960;
} Printer;

static void emit_divide_line(void *context, Move m, uint64_t nodes)
{
    const Printer *printer = context;
    if (!printer->divide) return;
    char text[MOVE_TEXT_MAX], line[64];
    move_to_uci(m, printer->chess960, text);
    snprintf(line, sizeof line, "%s: %" PRIu64, text, nodes);
    printer->emit_line(line);
}

void perft_report(const Position *pos, int depth, bool divide, bool chess960, void (*emit_line)(const char *line),
                  const atomic_bool *stop)
{
    Position *copy = malloc(sizeof *copy);
    if (!copy) return;
    position_copy(copy, pos);
    Printer printer = {emit_line, divide, chess960};
    int64_t start = clock_now_us();
    PerftProgress progress;
    /* A plain perft is a divide that keeps its per-move lines to itself (one code path, and
     * the root moves give the stop a place to tell how far it got). */
    uint64_t nodes = depth <= 0 ? 1 : perft_divide_until(copy, depth, emit_divide_line, &printer, stop, &progress);
    double seconds = (double)(clock_now_us() - start) / 1e6;
    char line[128];
    emit_line("");
    if (depth > 0 && progress.completed < progress.root_moves) {
        /* Stopped: no "Nodes searched" line, which a tool would take for the whole count. What
         * was counted is said, the unfinished root move's paths included. */
        snprintf(line, sizeof line,
                 "Perft stopped after %d of %d root moves (%" PRIu64 " nodes counted, %" PRIu64
                 " of them in the moves completed)",
                 progress.completed, progress.root_moves, progress.counted, nodes);
        emit_line(line);
        free(copy);
        return;
    }
    snprintf(line, sizeof line, "Nodes searched: %" PRIu64, nodes);
    emit_line(line);
    snprintf(line, sizeof line, "Time: %.3f s, %.0f nodes/second", seconds,
             seconds > 0 ? (double)nodes / seconds : 0.0);
    emit_line(line);
    free(copy);
}
