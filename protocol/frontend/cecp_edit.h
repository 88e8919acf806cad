/* cecp_edit.h - CECP's `edit` mode: the old way of setting up a position man by man, for the
 * interfaces that send it although TECH announces setboard=1 (docs/PROTOCOLS.md §3). */
#ifndef TECH_CECP_EDIT_H
#define TECH_CECP_EDIT_H

#include <stdbool.h>
#include <stddef.h>

#include "board.h"
#include "fen.h"

/* The board as the `edit` block builds it. */
typedef struct {
    int8_t board[BOARD_SIZE]; /* the position's board with the block's changes */
    Color color;              /* the colour of the men placed next (`c` switches it) */
} CecpEdit;

typedef enum {
    EDIT_GOES_ON, /* a change was made (or none was needed) */
    EDIT_ENDS,    /* `.`: the block is complete */
    EDIT_BAD_LINE /* not an edit command: the board is unchanged */
} EditStep;

/* Begin a block on the board of `pos`, White's men first. */
void cecp_edit_begin(CecpEdit *edit, const Position *pos);
/* One line of the block: `#` empties the board, `c` switches colour, `Pa4` places a man of
 * the current colour (any of PNBRQK, either case), `xa4` empties a square, `.` ends. */
EditStep cecp_edit_line(CecpEdit *edit, const char *line);
/* The block's position as a FEN for the side `side` to move: castling where king and rook
 * stand on their home squares, no en-passant square (the protocol's rules for `edit`); `fen`
 * holds at least FEN_MAX bytes. */
void cecp_edit_fen(const CecpEdit *edit, Color side, char *fen, size_t size);

#endif
