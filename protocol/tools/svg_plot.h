/* svg_plot.h - a line chart written as SVG text: lines with markers over a linear x axis and a
 * logarithmic y axis, dashed reference levels, and a panel of notes. No plotting library. */
#ifndef TECH_SVG_PLOT_H
#define TECH_SVG_PLOT_H

#include <stdbool.h>
#include <stdio.h>

typedef struct {
    double x, y;
} PlotPoint;

typedef struct {
    const char *name;        /* legend text */
    const PlotPoint *points; /* in order of x; points with y <= 0 are left out (log axis) */
    int count;
} PlotSeries;

/* A horizontal dashed line at y with its label, e.g. a figure the report gives. */
typedef struct {
    const char *label;
    double y;
} PlotLevel;

typedef struct {
    const char *title;
    const char *subtitle;
    const char *x_label;
    const char *y_label;
    const PlotSeries *series;
    int series_count;
    const PlotLevel *levels;
    int level_count;
    const char *const *notes; /* lines of the side panel */
    int note_count;
} Plot;

/* Write the chart as a standalone SVG document. False if it has nothing to draw or the
 * write fails. */
bool svg_plot_write(FILE *out, const Plot *plot);

#endif
