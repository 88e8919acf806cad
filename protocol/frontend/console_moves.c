/* console_moves.c - the person's moves at the console (`moves`, or a move alone): read in any
 * letter case (typed_move.h), each played in turn until one is not legal, ambiguous or comes
 * after the game's end, which is said; the caller then hands the turn on (console_play.c). */
#include "console_internal.h"

#include "notation.h"
#include "typed_move.h"

bool console_refuse_move_after_end(Console *c, const char *word, int64_t read_us)
{
    console_clock_flag_falls(c, read_us);
    const char *how, *result;
    if (!console_game_result(c, &how, &result)) return false;
    char safe[64];
    text_printable(word, safe, sizeof safe);
    bool undo_allowed = c->play.end != END_FLAG && c->s->game.move_count > 0; /* console_undo's rule */
    io_printf("%s: the game is over (%s, %s); `new` starts another%s", safe, how, result,
              undo_allowed ? ", `undo` takes back a move" : "");
    return true;
}

/* "bxc3 (the pawn on b2) or Bxc3 (the bishop on e5)": the moves an ambiguous text names, each
 * as it is written, with the man that plays it. */
static void append_choices(Console *c, const MoveList *choices, TextBuffer *out)
{
    static const char *const piece_names[] = {
        [PAWN] = "pawn", [KNIGHT] = "knight", [BISHOP] = "bishop", [ROOK] = "rook", [QUEEN] = "queen", [KING] = "king",
    };
    Position *pos = &c->s->game.pos;
    for (int i = 0; i < choices->count; i++) {
        Move m = choices->moves[i];
        char san[MOVE_TEXT_MAX + 8], from[3];
        move_to_san(pos, m, san);
        square_to_text(move_from(m), from);
        const char *separator = i == 0 ? "" : i + 1 == choices->count ? " or " : ", ";
        text_append(out, "%s%s (the %s on %s)", separator, san, piece_names[piece_type(pos->board[move_from(m)])],
                    from);
    }
}

/* The legal move the person typed as `word` at read_us (any letter case: typed_move.h), or
 * MOVE_NONE after saying why not (the game is over, or the move is not legal or is ambiguous);
 * `what_else` ends the message ("" or " (moves before it were played)"). A word with no move's
 * shape is an unknown command when it stands alone (`alone`). */
static Move read_person_move(Console *c, const char *word, bool alone, const char *what_else, int64_t read_us)
{
    TypedMove typed;
    typed_move_read(&c->s->game.pos, word, c->s->game.chess960, &typed);
    bool unknown = alone && typed.status == TYPED_MOVE_NOT_A_MOVE;
    if (!unknown && console_refuse_move_after_end(c, word, read_us)) return MOVE_NONE;
    if (typed.status == TYPED_MOVE_FOUND) return typed.move;
    char safe[64];
    text_printable(word, safe, sizeof safe);
    if (typed.status == TYPED_MOVE_AMBIGUOUS) {
        TextBuffer line;
        text_init(&line);
        text_append(&line, "%s: ambiguous; type ", safe);
        append_choices(c, &typed.choices, &line);
        text_append(&line, "%s", what_else);
        if (line.text) io_write_line(line.text);
        text_free(&line);
    } else if (unknown) {
        io_printf("unknown command '%s'; type `help`", safe);
    } else {
        io_printf("%s: %s%s", safe, typed.error, what_else);
    }
    return MOVE_NONE;
}

bool console_cmd_moves(Console *c, char *cursor, int64_t read_us)
{
    bool played = false;
    for (char *word; (word = token_next(&cursor));) {
        Move m = read_person_move(c, word, false, played ? " (moves before it were played)" : "", read_us);
        if (m == MOVE_NONE) break;
        game_play(&c->s->game, m);
        played = true;
    }
    return played;
}

bool console_cmd_move_alone(Console *c, const char *command, int64_t read_us)
{
    Move m = read_person_move(c, command, true, "", read_us);
    if (m == MOVE_NONE) return false;
    game_play(&c->s->game, m);
    return true;
}
