/* bench_report.h - the fixed benchmark as every front end prints it (the shell's `tech bench`,
 * the console's `bench`): its words and its lines; background_task.h runs it on a thread of its
 * own that `stop` ends at once. Its node total is the build's signature (docs/SPEC.md §9). */
#ifndef TECH_BENCH_REPORT_H
#define TECH_BENCH_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "search.h"

/* [C] Deepest bench depth. The default depth 6 takes about 2 s here, and each ply costs about
 * five times the one before (depth 8: 35 s), so depth 10 already runs for a quarter of an hour. */
enum { BENCH_DEPTH_MAX = 10 };

typedef struct {
    int depth;
    bool modern; /* TECH-modern's profile; else TECH-1971's (the signature) */
} BenchSettings;

/* The words after `bench`: a depth and `--style modern|faithful` (or TECH-modern, TECH-1971), in
 * any order. On a bad word false, with the reason in `error`. */
bool bench_parse(char **words, int count, BenchSettings *settings, char *error, size_t error_size);

/* Run the bench on the calling thread, emitting its lines (`Bench: N nodes M nps` last). Its
 * searches run under `control` (NULL: one of its own, never stopped): once control->stop is set
 * it ends early with `Bench stopped after K of N positions`. False if it could not run (no
 * memory), after an `error: ...` line through emit_error. */
bool bench_report(const BenchSettings *settings, void (*emit_line)(const char *line),
                  void (*emit_error)(const char *line), SearchControl *control);

#endif
