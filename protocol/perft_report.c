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
} Printer;

static void emit_divide_line(void *context, Move m, uint64_t nodes)
{
    const Printer *printer = context;
    char text[MOVE_TEXT_MAX], line[64];
    move_to_uci(m, text);
    snprintf(line, sizeof line, "%s: %" PRIu64, text, nodes);
    printer->emit_line(line);
}

void perft_report(const Position *pos, int depth, bool divide, void (*emit_line)(const char *line))
{
    Position *copy = malloc(sizeof *copy);
    if (!copy) return;
    position_copy(copy, pos);
    Printer printer = {emit_line};
    int64_t start = clock_now_us();
    uint64_t nodes = divide ? perft_divide(copy, depth, emit_divide_line, &printer) : perft(copy, depth);
    double seconds = (double)(clock_now_us() - start) / 1e6;
    char line[128];
    emit_line("");
    snprintf(line, sizeof line, "Nodes searched: %" PRIu64, nodes);
    emit_line(line);
    snprintf(line, sizeof line, "Time: %.3f s, %.0f nodes/second", seconds, seconds > 0 ? (double)nodes / seconds : 0.0);
    emit_line(line);
    free(copy);
}
