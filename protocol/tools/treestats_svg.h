/* treestats_svg.h - the report's Figures 11-13 (bottom positions, CPU time and move
 * generations against the move number, one line per depth) drawn as SVG from tree statistics. */
#ifndef TECH_TREESTATS_SVG_H
#define TECH_TREESTATS_SVG_H

#include <stddef.h>

#include "treestats.h"

/* Write figure-11-bottom-positions.svg, figure-12-cpu-time.svg and
 * figure-13-move-generations.svg into `dir`. False with the reason in `error`. */
bool treestats_svg_write(const TreeStats *tree, const char *dir, char *error, size_t error_size);

#endif
