/* wdl.h - UCI_ShowWDL: the chances of a win, a draw and a loss that a score TECH shows stands
 * for, in the profile that plays and with the men left on the board, from a model fitted to TECH's
 * own games (scripts/wdl_fit.py
 * writes its numbers into wdl_table.h; docs/PROTOCOLS.md §3.5b says how). A mate is a win or a
 * loss; an ending of a bare king that E13 knows (engine/endgame.h) is a win or a draw. */
#ifndef TECH_WDL_H
#define TECH_WDL_H

#include <stdbool.h>

#include "board.h"

/* Per mille, from the side to move's view: win + draw + loss = 1000. */
typedef struct {
    int win, draw, loss;
} Wdl;

/* What the root of a search is known to be worth before any search: read at the start of the
 * search from its position (wdl_root), used with each score it shows (wdl_of). */
typedef enum {
    WDL_ROOT_OPEN,       /* nothing known: the model reads the score */
    WDL_ROOT_DRAWN,      /* a known draw: K v K, a lone minor piece, a drawn KPK, the wrong rook pawn */
    WDL_ROOT_WON,        /* won for the side to move: it has the material that mates the bare king, or a won KPK */
    WDL_ROOT_LOST,       /* lost for the side to move, by the same rules from the other side */
    WDL_ROOT_LOST_UNLESS /* the bare king to move against pieces: lost unless the score says a man is taken */
} WdlRoot;

/* What the chances of a search's scores are read with, taken from its root at its start. */
typedef struct {
    bool modern;     /* the model of TECH-modern (and TECH-deep's levels), else TECH-1971's */
    WdlRoot root;    /* what the root is known to be worth */
    double material; /* the men on the board but the kings, over the initial array's (0 .. 1) */
} WdlView;

/* What the bare-king endings E13 recognises make of `root` (any position: most are open). */
WdlRoot wdl_root(const Position *root);

/* The view of a search from `root` by the profile's model (`modern`, else TECH-1971's). */
WdlView wdl_view(const Position *root, bool modern);

/* The chances that `score` (shown to the side to move, engine/shown_score.h) stands for. */
Wdl wdl_of(const WdlView *view, int score);

#endif
