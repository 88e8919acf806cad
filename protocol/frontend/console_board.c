/* console_board.c - the board as a person at the terminal sees it in a game: the ranks from the
 * person's side (White's pieces in capitals, Black's in lower case, '.' an empty square), the last
 * move's two squares in brackets, and beside the board each player with the clock as it runs now,
 * the side to move and the last move in SAN:
 *
 *        a  b  c  d  e  f  g  h
 *     8  r  n  b  q  k  b  n  r  8    Black: TECH  4:58.2
 *     7  p  p  p  p [.] p  p  p  7
 *     6  .  .  .  .  .  .  .  .  6
 *     5  .  .  .  . [p] .  .  .  5    last move: 1... e5
 *     4  .  .  .  .  P  .  .  .  4
 *     3  .  .  .  .  .  .  .  .  3
 *     2  P  P  P  P  .  P  P  P  2
 *     1  R  N  B  Q  K  B  N  R  1    White: you  4:59.1 (to move)
 *        a  b  c  d  e  f  g  h
 */
#include "console_internal.h"

#include <stdio.h>
#include <string.h>

#include "attack.h"
#include "clock.h"

/* The letter of a piece: White's in capitals, Black's in lower case, '.' for none. */
static char piece_letter(Piece piece)
{
    static const char letters[] = ".PNBRQK";
    char letter = letters[piece_type(piece)];
    return piece < 0 ? (char)(letter - 'A' + 'a') : letter;
}

/* What is drawn beside the board. */
typedef struct {
    Color bottom; /* the side whose first rank is drawn at the bottom */
    Move last;    /* its squares are marked; MOVE_NONE: none */
    char player[COLOR_NB][64];
    char last_text[GAME_SAN_MAX + 32];
} BoardView;

/* The file letters, from the bottom side's left. */
static void file_line(const BoardView *view, char *out, size_t size)
{
    int n = snprintf(out, size, "  ");
    for (int i = 0; i < 8 && n > 0 && (size_t)n < size; i++)
        n += snprintf(out + n, size - (size_t)n, "  %c", view->bottom == WHITE ? 'a' + i : 'h' - i);
}

/* One rank: its number, the squares from the bottom side's left, the number again, and what is
 * written beside it (`beside`, may be ""). */
static void rank_line(const Position *pos, const BoardView *view, int rank, const char *beside, char *out, size_t size)
{
    int n = snprintf(out, size, " %d ", rank + 1);
    for (int i = 0; i < 8; i++) {
        int file = view->bottom == WHITE ? i : 7 - i;
        Square sq = square_make(file, rank);
        bool marked = view->last != MOVE_NONE && (sq == move_from(view->last) || sq == move_to(view->last));
        n += snprintf(out + n, size - (size_t)n, "%c%c%c", marked ? '[' : ' ', piece_letter(pos->board[sq]),
                      marked ? ']' : ' ');
    }
    snprintf(out + n, size - (size_t)n, " %d%s%s", rank + 1, *beside ? "    " : "", beside);
}

static void remember_last_move(void *context, const GameMove *move)
{
    BoardView *view = context;
    char label[GAME_SAN_MAX + 16];
    game_move_label(move, true, label, sizeof label);
    snprintf(view->last_text, sizeof view->last_text, "last move: %s", label);
}

/* "White: you  4:59.1 (to move)": a player's line beside the board. */
static void describe_player(Console *c, Color side, int64_t now_us, char *out, size_t size)
{
    const ConsolePlay *p = &c->play;
    Position *pos = &c->s->game.pos;
    int n = snprintf(out, size, "%s", side == WHITE ? "White" : "Black");
    if (p->side != PLAY_OFF) n += snprintf(out + n, size - (size_t)n, ": %s", side == p->side ? "TECH" : "you");
    if (p->clock.set) {
        char left[32];
        console_clock_text(console_clock_left_ms(c, side, now_us), left, sizeof left);
        n += snprintf(out + n, size - (size_t)n, "  %s", left);
    }
    if (side == pos->side && !console_game_over(c))
        snprintf(out + n, size - (size_t)n, position_in_check(pos) ? " (to move, in check)" : " (to move)");
}

void console_show_board(Console *c)
{
    Game *game = &c->s->game;
    BoardView view = {.bottom = c->play.side == WHITE ? BLACK : WHITE, .last = MOVE_NONE};
    int64_t now = clock_now_us();
    for (Color side = BLACK; side <= WHITE; side++)
        describe_player(c, side, now, view.player[side], sizeof view.player[side]);
    if (game->move_count > 0) {
        view.last = game->moves[game->move_count - 1];
        game_visit_moves(game, game->move_count - 1, remember_last_move, &view);
    }
    char line[192];
    io_write_line("");
    file_line(&view, line, sizeof line);
    io_write_line(line);
    for (int row = 0; row < 8; row++) {
        int rank = view.bottom == WHITE ? 7 - row : row;
        const char *beside = row == 0 ? view.player[!view.bottom] : row == 7 ? view.player[view.bottom] : "";
        if (row == 3) beside = view.last_text;
        rank_line(&game->pos, &view, rank, beside, line, sizeof line);
        io_write_line(line);
    }
    file_line(&view, line, sizeof line);
    io_write_line(line);
}

void console_cmd_board(Console *c, char *cursor)
{
    char *word = token_next(&cursor);
    if (!word) {
        console_show_board(c);
        return;
    }
    bool on = !strcmp(word, "on"), off = !strcmp(word, "off");
    if ((!on && !off) || token_next(&cursor)) {
        char safe[64];
        text_printable(word, safe, sizeof safe);
        io_printf("board: cannot read '%s'; type `board on`, `board off` or `board` (the board now)", safe);
        return;
    }
    c->play.board_hidden = off;
    io_write_line(off ? "board off: no board after each move (`board` shows it now)"
                      : "board on: the board after each move in a game");
}
