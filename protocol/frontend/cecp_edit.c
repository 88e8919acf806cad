/* cecp_edit.c - CECP's `edit` mode: the board the block builds, turned into a FEN at its end,
 * which then goes through the same checks as `setboard` (cecp.c). */
#include "cecp_edit.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The castling right a king and rook on their home squares give (docs/PROTOCOLS.md §3: the
 * protocol assumes castling is possible there). */
typedef struct {
    uint8_t right;
    Color color;
    Square king, rook;
} HomeSquares;

static const HomeSquares HOME_SQUARES[] = {
    {CASTLE_WK, WHITE, SQ_E1, SQ_H1},
    {CASTLE_WQ, WHITE, SQ_E1, SQ_A1},
    {CASTLE_BK, BLACK, SQ_E8, SQ_H8},
    {CASTLE_BQ, BLACK, SQ_E8, SQ_A8},
};

void cecp_edit_begin(CecpEdit *edit, const Position *pos)
{
    memcpy(edit->board, pos->board, sizeof edit->board);
    edit->color = WHITE;
}

static PieceType piece_type_of_letter(char letter)
{
    static const char letters[] = "PNBRQK";
    static const PieceType types[] = {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING};
    const char *at = strchr(letters, toupper((unsigned char)letter));
    return letter && at ? types[at - letters] : EMPTY;
}

/* The square of `Pa4` or `xa4` (three characters), or SQ_NONE if they name none. */
static Square placement_square(const char *word)
{
    if (word[1] < 'a' || word[1] > 'h' || word[2] < '1' || word[2] > '8') return SQ_NONE;
    return square_make(word[1] - 'a', word[2] - '1');
}

EditStep cecp_edit_line(CecpEdit *edit, const char *line)
{
    /* One word, blanks around it allowed. */
    size_t start = strspn(line, " \t"), length = strcspn(line + start, " \t");
    const char *word = line + start;
    if (length == 0 || line[start + length + strspn(line + start + length, " \t")] != '\0') return EDIT_BAD_LINE;
    if (length == 1 && word[0] == '.') return EDIT_ENDS;
    if (length == 1 && word[0] == '#') {
        for (int sq = 0; sq < BOARD_SIZE; sq++)
            if (square_ok((Square)sq)) edit->board[sq] = EMPTY;
        return EDIT_GOES_ON;
    }
    if (length == 1 && (word[0] == 'c' || word[0] == 'C')) {
        edit->color = !edit->color;
        return EDIT_GOES_ON;
    }
    Square sq = length == 3 ? placement_square(word) : SQ_NONE;
    if (sq == SQ_NONE) return EDIT_BAD_LINE;
    if (word[0] == 'x' || word[0] == 'X') {
        edit->board[sq] = EMPTY;
        return EDIT_GOES_ON;
    }
    PieceType type = piece_type_of_letter(word[0]);
    if (type == EMPTY) return EDIT_BAD_LINE;
    edit->board[sq] = (int8_t)piece_make(edit->color, type);
    return EDIT_GOES_ON;
}

void cecp_edit_fen(const CecpEdit *edit, Color side, char *fen, size_t size)
{
    Position *pos = malloc(sizeof *pos);
    if (!pos) {
        snprintf(fen, size, "-"); /* read as a bad FEN: the block is refused */
        return;
    }
    position_clear(pos);
    memcpy(pos->board, edit->board, sizeof pos->board);
    pos->side = side;
    pos->castling = 0;
    for (size_t i = 0; i < sizeof HOME_SQUARES / sizeof HOME_SQUARES[0]; i++) {
        const HomeSquares *home = &HOME_SQUARES[i];
        if (pos->board[home->king] == piece_make(home->color, KING)
            && pos->board[home->rook] == piece_make(home->color, ROOK))
            pos->castling |= home->right;
    }
    pos->en_passant = SQ_NONE;
    pos->halfmove = 0;
    pos->fullmove = 1;
    fen_write(pos, fen, size);
    free(pos);
}
