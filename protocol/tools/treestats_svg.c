/* treestats_svg.c - Figures 11-13 of Gillogly 1971 (CMU-CS-71-109), redrawn from `tech
 * treestats`: the measure against the move number, one line per depth (the mean over the
 * sample's positions at each move number), the report's own figures as dashed levels where
 * it gives them, and the growth per ply next to the report's in the side panel. The report's
 * drawings are lost; only their summary ratios survive in its text. */
#include "treestats_svg.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "svg_plot.h"

enum { NOTE_MAX = 12, NOTE_TEXT_MAX = 64, SERIES_NAME_MAX = 32 };

typedef struct {
    Measure measure;
    const char *file;
    const char *title;
    const char *y_label;
    PlotLevel levels[2]; /* the report's figures for this measure ({NULL, 0} = none) */
} Figure;

/* [P] Gillogly 1971: "as many as 500,000 bottom positions in a move analysis tree under
 * tournament conditions"; Berliner 1974: about 20 s of CPU per move at depth 3, and about
 * 3 minutes per move at TECH's usual 5 ply in the middle game. */
static const Figure FIGURES[] = {
    {MEASURE_NBP,
     "figure-11-bottom-positions.svg",
     "Figure 11: Number of bottom positions vs. move number",
     "bottom positions (NBP) per move",
     {{"1971: up to 500,000 per move (tournament setting)", 500000.0}}},
    {MEASURE_PDP10,
     "figure-12-cpu-time.svg",
     "Figure 12: CPU time vs. move number",
     "CPU seconds per move on the PDP-10 clock",
     {{"1971: about 3 minutes per move at depth 5", 180.0}, {"1971: about 20 s per move at depth 3", 20.0}}},
    {MEASURE_GENERATIONS,
     "figure-13-move-generations.svg",
     "Figure 13: Number of move generations vs. move number",
     "move generations per move",
     {{NULL, 0.0}}},
};

static int compare_ints(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The distinct move numbers of the sample, in order. */
static int move_numbers(const SampleSet *sample, int *numbers)
{
    int count = 0;
    for (int i = 0; i < sample->count; i++) numbers[count++] = sample->items[i].move_number;
    qsort(numbers, (size_t)count, sizeof *numbers, compare_ints);
    int distinct = 0;
    for (int i = 0; i < count; i++)
        if (distinct == 0 || numbers[distinct - 1] != numbers[i]) numbers[distinct++] = numbers[i];
    return distinct;
}

/* One depth's line: at each move number the mean of the measure over the positions there. */
static void depth_line(const TreeStats *tree, Measure measure, int depth, const int *numbers, int count,
                       PlotPoint *points)
{
    for (int k = 0; k < count; k++) {
        double sum = 0.0;
        int n = 0;
        for (int i = 0; i < tree->sample->count; i++) {
            if (tree->sample->items[i].move_number != numbers[k]) continue;
            sum += measure_of(treestats_at(tree, i, depth), measure);
            n++;
        }
        points[k] = (PlotPoint){numbers[k], n ? sum / n : 0.0};
    }
}

/* The side panel: growth per ply now and in 1971, then what the sample was. */
static int growth_notes(const TreeStats *tree, Measure measure, char notes[][NOTE_TEXT_MAX])
{
    static const char *const kinds[STEP_KINDS] = {"even\u2192odd", "odd\u2192even"};
    int n = 0;
    snprintf(notes[n++], NOTE_TEXT_MAX, "growth per ply (ratio of totals):");
    for (StepKind kind = STEP_EVEN_TO_ODD; kind < STEP_KINDS; kind++)
        snprintf(notes[n++], NOTE_TEXT_MAX, "  %s: \u00d7%.1f now, \u2248%g in 1971", kinds[kind],
                 treestats_growth(tree, measure, kind), treestats_growth_1971(measure, kind));
    char steps[NOTE_TEXT_MAX] = "  steps:";
    for (int depth = tree->from + 1; depth <= tree->to; depth++) {
        size_t used = strlen(steps);
        snprintf(steps + used, sizeof steps - used, " %d\u2192%d \u00d7%.1f", depth - 1, depth,
                 treestats_step(tree, measure, depth));
    }
    snprintf(notes[n++], NOTE_TEXT_MAX, "%s", steps);
    if (measure == MEASURE_PDP10)
        snprintf(notes[n++], NOTE_TEXT_MAX, "  this machine's CPU: \u00d7%.1f and \u00d7%.1f",
                 treestats_growth(tree, MEASURE_CPU, STEP_EVEN_TO_ODD),
                 treestats_growth(tree, MEASURE_CPU, STEP_ODD_TO_EVEN));
    snprintf(notes[n++], NOTE_TEXT_MAX, " ");
    snprintf(notes[n++], NOTE_TEXT_MAX, "%d positions%s, TECH-1971 profile", tree->sample->count,
             tree->sample->games ? " from games" : "");
    snprintf(notes[n++], NOTE_TEXT_MAX, "lines: mean at each move number");
    snprintf(notes[n++], NOTE_TEXT_MAX, "dashed: the figures of 1971");
    snprintf(notes[n++], NOTE_TEXT_MAX, "after Gillogly 1971 (CMU-CS-71-109)");
    return n;
}

static bool write_figure(const TreeStats *tree, const Figure *figure, const char *dir, char *error, size_t error_size)
{
    int depths = tree->to - tree->from + 1, *numbers = malloc((size_t)tree->sample->count * sizeof *numbers);
    PlotSeries *series = calloc((size_t)depths, sizeof *series);
    PlotPoint *points = malloc((size_t)depths * (size_t)tree->sample->count * sizeof *points);
    char(*names)[SERIES_NAME_MAX] = calloc((size_t)depths, sizeof *names);
    char path[1024], notes[NOTE_MAX][NOTE_TEXT_MAX], subtitle[160];
    const char *note_lines[NOTE_MAX];
    bool ok = numbers && series && points && names;
    if (!ok) snprintf(error, error_size, "out of memory");
    int count = ok ? move_numbers(tree->sample, numbers) : 0;
    for (int k = 0; ok && k < depths; k++) {
        snprintf(names[k], SERIES_NAME_MAX, "depth %d", tree->from + k);
        depth_line(tree, figure->measure, tree->from + k, numbers, count, points + (size_t)k * (size_t)count);
        series[k] = (PlotSeries){names[k], points + (size_t)k * (size_t)count, count};
    }
    int note_count = growth_notes(tree, figure->measure, notes);
    for (int n = 0; n < note_count; n++) note_lines[n] = notes[n];
    int level_count = 0;
    while (level_count < 2 && figure->levels[level_count].label) level_count++;
    snprintf(subtitle, sizeof subtitle, "TECH today (tech treestats), %d positions, depths %d-%d", tree->sample->count,
             tree->from, tree->to);
    Plot plot = {figure->title, subtitle,       "move number in game", figure->y_label, series,
                 depths,        figure->levels, level_count,           note_lines,      note_count};
    snprintf(path, sizeof path, "%s/%s", dir, figure->file);
    FILE *out = ok ? fopen(path, "w") : NULL;
    if (ok && !out) {
        snprintf(error, error_size, "cannot write %s: %s", path, strerror(errno));
        ok = false;
    }
    if (ok && !svg_plot_write(out, &plot)) {
        snprintf(error, error_size, "nothing to draw in %s", path);
        ok = false;
    }
    if (out && fclose(out) != 0 && ok) {
        snprintf(error, error_size, "cannot write %s", path);
        ok = false;
    }
    free(numbers);
    free(series);
    free(points);
    free(names);
    return ok;
}

bool treestats_svg_write(const TreeStats *tree, const char *dir, char *error, size_t error_size)
{
    for (size_t f = 0; f < sizeof FIGURES / sizeof FIGURES[0]; f++)
        if (!write_figure(tree, &FIGURES[f], dir, error, error_size)) return false;
    return true;
}
