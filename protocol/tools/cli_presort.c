/* cli_presort.c - prints TECH's positional pre-sort of the root moves (docs/SPEC.md §5, §6) for a
 * position given as startpos or FEN, optionally followed by moves in coordinate notation. */
#include "cli_presort.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fen.h"
#include "makemove.h"
#include "notation.h"
#include "positional.h"

enum { PRESORT_FEN_TEXT_MAX = 1024, PRESORT_FEN_FIELDS = 6 };

/* Set up the position from argv[first..]: "startpos" or a FEN (one argument or six), then the
 * moves after "moves". Reports errors on stderr. */
static bool setup_position(int argc, char **argv, int first, Position *pos, bool *started_from_initial)
{
    int moves_at = argc;
    for (int i = first; i < argc; i++)
        if (strcmp(argv[i], "moves") == 0) {
            moves_at = i;
            break;
        }
    char fen[PRESORT_FEN_TEXT_MAX] = "", error[FEN_ERROR_MAX];
    bool startpos = moves_at == first || (moves_at == first + 1 && strcmp(argv[first], "startpos") == 0);
    /* The move number is the game's from the start position, or from a FEN that gives it (six
     * fields), as for UCI `position fen` (docs/SPEC.md §5.1, docs/FIDELITY.md). */
    *started_from_initial = startpos;
    if (startpos) {
        position_set_start(pos);
    } else {
        size_t used = 0;
        for (int i = first; i < moves_at; i++) {
            int n = snprintf(fen + used, sizeof fen - used, "%s%s", i > first ? " " : "", argv[i]);
            if (n < 0 || (size_t)n >= sizeof fen - used) break;
            used += (size_t)n;
        }
        if (!fen_read(pos, fen, error, sizeof error)) {
            fprintf(stderr, "error: bad FEN (%s): %s\n", error, fen);
            return false;
        }
        int fields = 0;
        for (const char *p = fen; *p; p++)
            if (*p != ' ' && (p == fen || p[-1] == ' ')) fields++;
        *started_from_initial = fields == PRESORT_FEN_FIELDS;
    }
    for (int i = moves_at + 1; i < argc; i++) {
        Move m = move_from_uci(pos, argv[i], notation_chess960(pos), error, sizeof error);
        if (m == MOVE_NONE) {
            fprintf(stderr, "error: bad move '%s': %s\n", argv[i], error);
            return false;
        }
        position_trim_history(pos);
        make_move(pos, m);
    }
    return true;
}

/* One line per move: rank, move, score, the named terms, and a mark for repeating moves. */
static void print_presort(const Presort *presort, bool chess960)
{
    printf("phase: %s\n", phase_name(presort->phase));
    for (int i = 0; i < presort->count; i++) {
        const PresortEntry *entry = &presort->entries[i];
        char text[MOVE_TEXT_MAX];
        move_to_uci(entry->move, chess960, text);
        printf("%3d  %-6s %6d ", i + 1, text, entry->score);
        for (int t = 0; t < entry->term_count; t++) printf(" %s=%d", entry->terms[t].name, entry->terms[t].value);
        printf("%s\n", entry->repeats ? "  (repeats)" : "");
    }
}

/* The reading named `name`, or READING_NB if there is none. */
static Reading reading_named(const char *name)
{
    Reading r = READING_REPORT;
    while (r < READING_NB && strcmp(reading_name(r), name) != 0) r++;
    return r;
}

int cli_presort(int argc, char **argv)
{
    Position *pos = malloc(sizeof *pos);
    Presort *presort = malloc(sizeof *presort);
    int status = 2;
    bool started_from_initial;
    /* --expanded: E10's terms instead of the phase's (docs/SPEC.md §10); --reading NAME: another
     * reading of the rules (docs/FIDELITY.md §4), as the Presort Reading option. */
    bool expanded = false;
    Reading reading = READING_REPORT;
    int first = 2;
    for (;;) {
        if (first < argc && strcmp(argv[first], "--expanded") == 0) {
            expanded = true;
            first++;
        } else if (first + 1 < argc && strcmp(argv[first], "--reading") == 0) {
            reading = reading_named(argv[first + 1]);
            if (reading == READING_NB) {
                fprintf(stderr, "error: no reading '%s'\n", argv[first + 1]);
                break;
            }
            first += 2;
        } else {
            break;
        }
    }
    if (pos && presort && reading != READING_NB && setup_position(argc, argv, first, pos, &started_from_initial)) {
        presort_root(pos, started_from_initial, expanded, reading, presort);
        print_presort(presort, notation_chess960(pos));
        status = 0;
    }
    free(pos);
    free(presort);
    return status;
}
