/* svg_plot.c - the SVG line chart: geometry, axes, lines, levels, legend and notes. */
#include "svg_plot.h"

#include <math.h>

/* Page and plot-area geometry in SVG user units [C]. */
enum {
    PAGE_WIDTH = 960,
    PAGE_HEIGHT = 540,
    AREA_LEFT = 80,
    AREA_RIGHT = 600,
    AREA_TOP = 70,
    AREA_BOTTOM = 470,
    PANEL_LEFT = 620,
    LINE_HEIGHT = 17,
    MARKER_RADIUS = 3,
    NOTE_INDENT = 6
};
/* Line colours, one per series in turn (distinct in colour and for most colour blindness). */
static const char *const COLOURS[] = {"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"};
enum { COLOUR_COUNT = sizeof COLOURS / sizeof COLOURS[0] };
static const char LEVEL_COLOUR[] = "#777777";

/* The data's extent: x linear, y in whole decades. */
typedef struct {
    double x_min, x_max;
    int decade_min, decade_max;
} Extent;

/* Text for SVG: & < > escaped. */
static void put_text(FILE *out, const char *text)
{
    for (; text && *text; text++) {
        if (*text == '&') fputs("&amp;", out);
        else if (*text == '<') fputs("&lt;", out);
        else if (*text == '>') fputs("&gt;", out);
        else fputc(*text, out);
    }
}

static bool find_extent(const Plot *plot, Extent *e)
{
    double y_min = HUGE_VAL, y_max = -HUGE_VAL;
    e->x_min = HUGE_VAL;
    e->x_max = -HUGE_VAL;
    for (int s = 0; s < plot->series_count; s++)
        for (int i = 0; i < plot->series[s].count; i++) {
            PlotPoint p = plot->series[s].points[i];
            if (p.y <= 0) continue;
            if (p.x < e->x_min) e->x_min = p.x;
            if (p.x > e->x_max) e->x_max = p.x;
            if (p.y < y_min) y_min = p.y;
            if (p.y > y_max) y_max = p.y;
        }
    for (int l = 0; l < plot->level_count; l++) {
        if (plot->levels[l].y <= 0) continue;
        if (plot->levels[l].y < y_min) y_min = plot->levels[l].y;
        if (plot->levels[l].y > y_max) y_max = plot->levels[l].y;
    }
    if (e->x_min > e->x_max) return false;
    if (e->x_max == e->x_min) e->x_max = e->x_min + 1;
    e->decade_min = (int)floor(log10(y_min));
    e->decade_max = (int)ceil(log10(y_max));
    if (e->decade_max == e->decade_min) e->decade_max++;
    return true;
}

static double to_x(const Extent *e, double x)
{
    return AREA_LEFT + (x - e->x_min) / (e->x_max - e->x_min) * (AREA_RIGHT - AREA_LEFT);
}

static double to_y(const Extent *e, double y)
{
    double span = e->decade_max - e->decade_min;
    return AREA_BOTTOM - (log10(y) - e->decade_min) / span * (AREA_BOTTOM - AREA_TOP);
}

/* A decade's label: 0.01 ... 1 ... 1k ... 1M. */
static void decade_label(int decade, char *buf, size_t size)
{
    static const char *const suffixes[] = {"", "k", "M", "G"};
    if (decade < 0) snprintf(buf, size, "%g", pow(10.0, decade));
    else if (decade >= 12) snprintf(buf, size, "1e%d", decade);
    else snprintf(buf, size, "%g%s", pow(10.0, decade % 3), suffixes[decade / 3]);
}

static void write_axes(FILE *out, const Plot *plot, const Extent *e)
{
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#000\"/>\n", AREA_LEFT,
            AREA_TOP, AREA_RIGHT - AREA_LEFT, AREA_BOTTOM - AREA_TOP);
    for (int d = e->decade_min; d <= e->decade_max; d++) {
        double y = to_y(e, pow(10.0, d));
        char label[16];
        decade_label(d, label, sizeof label);
        fprintf(out, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", AREA_LEFT,
                y, AREA_RIGHT, y);
        fprintf(out, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", AREA_LEFT - 6, y + 4, label);
    }
    /* x ticks on whole multiples of a step that gives at most about ten ticks */
    double step = 1.0;
    while ((e->x_max - e->x_min) / step > 10) step *= step == 1.0 ? 5.0 : 2.0;
    for (double x = ceil(e->x_min / step) * step; x <= e->x_max + 1e-9; x += step) {
        double px = to_x(e, x);
        fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#000\"/>\n", px, AREA_BOTTOM, px,
                AREA_BOTTOM + 5);
        fprintf(out, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%g</text>\n", px, AREA_BOTTOM + 20, x);
    }
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", (AREA_LEFT + AREA_RIGHT) / 2, AREA_BOTTOM + 45);
    put_text(out, plot->x_label);
    fprintf(out, "</text>\n<text transform=\"translate(22 %d) rotate(-90)\" text-anchor=\"middle\">",
            (AREA_TOP + AREA_BOTTOM) / 2);
    put_text(out, plot->y_label);
    fprintf(out, "</text>\n");
}

static void write_series(FILE *out, const PlotSeries *series, const char *colour, const Extent *e)
{
    fprintf(out, "<g class=\"series\"><title>");
    put_text(out, series->name);
    fprintf(out, "</title>\n<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"", colour);
    for (int i = 0; i < series->count; i++)
        if (series->points[i].y > 0)
            fprintf(out, "%.1f,%.1f ", to_x(e, series->points[i].x), to_y(e, series->points[i].y));
    fprintf(out, "\"/>\n");
    for (int i = 0; i < series->count; i++)
        if (series->points[i].y > 0)
            fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\"/>\n", to_x(e, series->points[i].x),
                    to_y(e, series->points[i].y), MARKER_RADIUS, colour);
    fprintf(out, "</g>\n");
}

static void write_level(FILE *out, const PlotLevel *level, const Extent *e)
{
    if (level->y <= 0) return;
    double y = to_y(e, level->y);
    fprintf(out,
            "<g class=\"level\"><line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" "
            "stroke-dasharray=\"6 4\"/>\n<text x=\"%d\" y=\"%.1f\" fill=\"%s\" stroke=\"#fff\" "
            "stroke-width=\"3\" paint-order=\"stroke\">",
            AREA_LEFT, y, AREA_RIGHT, y, LEVEL_COLOUR, AREA_LEFT + 6, y - 4, LEVEL_COLOUR);
    put_text(out, level->label);
    fprintf(out, "</text></g>\n");
}

/* Legend, then the notes, down the side panel. */
static void write_panel(FILE *out, const Plot *plot)
{
    int y = AREA_TOP + 10;
    for (int s = 0; s < plot->series_count; s++, y += LINE_HEIGHT) {
        const char *colour = COLOURS[s % COLOUR_COUNT];
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"/>\n", PANEL_LEFT,
                y - 4, PANEL_LEFT + 24, y - 4, colour);
        fprintf(out, "<text x=\"%d\" y=\"%d\">", PANEL_LEFT + 30, y);
        put_text(out, plot->series[s].name);
        fprintf(out, "</text>\n");
    }
    y += LINE_HEIGHT;
    for (int n = 0; n < plot->note_count; n++, y += LINE_HEIGHT) {
        /* SVG collapses leading blanks: a note that starts with them is indented instead */
        const char *text = plot->notes[n];
        int indent = 0;
        while (*text == ' ') text++, indent += NOTE_INDENT;
        fprintf(out, "<text class=\"note\" x=\"%d\" y=\"%d\">", PANEL_LEFT + indent, y);
        put_text(out, text);
        fprintf(out, "</text>\n");
    }
}

bool svg_plot_write(FILE *out, const Plot *plot)
{
    Extent e;
    if (!find_extent(plot, &e)) return false;
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"sans-serif\" font-size=\"13\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
            PAGE_WIDTH, PAGE_HEIGHT, PAGE_WIDTH, PAGE_HEIGHT);
    fprintf(out, "<text x=\"%d\" y=\"28\" font-size=\"17\" font-weight=\"bold\">", AREA_LEFT);
    put_text(out, plot->title);
    fprintf(out, "</text>\n<text x=\"%d\" y=\"50\" fill=\"#444\">", AREA_LEFT);
    put_text(out, plot->subtitle);
    fprintf(out, "</text>\n");
    write_axes(out, plot, &e);
    for (int l = 0; l < plot->level_count; l++) write_level(out, &plot->levels[l], &e);
    for (int s = 0; s < plot->series_count; s++) write_series(out, &plot->series[s], COLOURS[s % COLOUR_COUNT], &e);
    write_panel(out, plot);
    fprintf(out, "</svg>\n");
    return !ferror(out);
}
