/* sample.c - positions sampled from games (PGN) or taken from a test suite (EPD). */
#include "sample.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "epd.h"
#include "makemove.h"
#include "pgn.h"

enum { EPD_LINE_MAX = 4096 };

/* One more slot at the end of the set; NULL when memory runs out. */
static SamplePosition *sample_push(SampleSet *set, int *capacity)
{
    if (set->count == *capacity) {
        int grown_capacity = *capacity ? 2 * *capacity : 32;
        SamplePosition *grown = realloc(set->items, (size_t)grown_capacity * sizeof *grown);
        if (!grown) return NULL;
        set->items = grown;
        *capacity = grown_capacity;
    }
    return &set->items[set->count++];
}

/* Which side's moves a game samples: its TechSide tag, or -1 for both. */
static int sampled_side(const PgnGame *game)
{
    const char *side = pgn_tag(game, "TechSide");
    if (!side) return -1;
    return strcmp(side, "White") == 0 ? WHITE : strcmp(side, "Black") == 0 ? BLACK : -1;
}

static bool sample_game(const PgnGame *game, int number, int every, SampleSet *set, int *capacity, Position *pos)
{
    int side = sampled_side(game);
    position_copy(pos, &game->start);
    for (int ply = 0; ply < game->move_count; ply++) {
        if (pos->fullmove % every == 0 && (side < 0 || pos->side == side)) {
            SamplePosition *item = sample_push(set, capacity);
            if (!item) return false;
            position_copy(&item->pos, pos);
            item->from_initial = game->from_initial;
            item->game = number;
            item->move_number = pos->fullmove;
            snprintf(item->label, sizeof item->label, "game %d move %d%s", number, pos->fullmove,
                     pos->side == WHITE ? "." : "...");
        }
        make_move(pos, game->moves[ply]);
    }
    return true;
}

/* The games of `file`, or when it is NULL of the text at *text. */
static bool load_pgn(FILE *file, const char **text, int every, SampleSet *set, char *error, size_t error_size)
{
    PgnGame *game = malloc(sizeof *game);
    Position *pos = malloc(sizeof *pos);
    int capacity = 0;
    bool ok = game && pos;
    PgnStatus status;
    while (ok
           && (status = file ? pgn_read_game(file, game, error, error_size)
                             : pgn_read_game_text(text, game, error, error_size))
                  != PGN_END) {
        if (status == PGN_ERROR) {
            char reason[256];
            snprintf(reason, sizeof reason, "%s", error);
            snprintf(error, error_size, "game %d: %s", set->games + 1, reason);
            ok = false;
            break;
        }
        set->games++;
        ok = sample_game(game, set->games, every, set, &capacity, pos);
    }
    free(game);
    free(pos);
    return ok;
}

static bool load_epd(FILE *file, SampleSet *set, char *error, size_t error_size)
{
    char *line = malloc(EPD_LINE_MAX), reason[256];
    int capacity = 0;
    bool ok = line != NULL;
    while (ok && fgets(line, EPD_LINE_MAX, file)) {
        if (line[0] == '#' || line[0] == '\n' || line[0] == '\r') continue;
        SamplePosition *item = sample_push(set, &capacity);
        EpdRecord record;
        if (!item) ok = false;
        else if (!epd_parse(line, &item->pos, &record, reason, sizeof reason)) {
            set->count--; /* a malformed line is left out, as `tech epd` does */
        } else {
            item->from_initial = false;
            item->game = 0;
            item->move_number = item->pos.fullmove;
            snprintf(item->label, sizeof item->label, "%s", record.id[0] ? record.id : "(no id)");
        }
    }
    if (!ok) snprintf(error, error_size, "out of memory");
    free(line);
    return ok;
}

/* A PGN file starts with a tag pair (after blank lines and % escape lines). */
static bool looks_like_pgn(FILE *file)
{
    int c, first = EOF;
    bool line_start = true;
    while ((c = fgetc(file)) != EOF) {
        if (c == '%' && line_start) {
            while ((c = fgetc(file)) != EOF && c != '\n') {}
            continue;
        }
        line_start = c == '\n';
        if (!isspace(c)) {
            first = c;
            break;
        }
    }
    rewind(file);
    return first == '[';
}

bool sample_load(const char *path, int every, SampleSet *set, char *error, size_t error_size)
{
    memset(set, 0, sizeof *set);
    FILE *file = fopen(path, "r");
    if (!file) {
        snprintf(error, error_size, "cannot open %s", path);
        return false;
    }
    if (every < 1) every = 1;
    bool ok = looks_like_pgn(file) ? load_pgn(file, NULL, every, set, error, error_size)
                                   : load_epd(file, set, error, error_size);
    fclose(file);
    if (!ok) sample_free(set);
    return ok;
}

bool sample_load_games(const char *text, int every, SampleSet *set, char *error, size_t error_size)
{
    memset(set, 0, sizeof *set);
    if (every < 1) every = 1;
    bool ok = load_pgn(NULL, &text, every, set, error, error_size);
    if (!ok) sample_free(set);
    return ok;
}

void sample_free(SampleSet *set)
{
    free(set->items);
    set->items = NULL;
    set->count = 0;
}
