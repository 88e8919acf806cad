/* game.c - the game record shared by UCI, CECP and the console: set-up, moves, take-backs,
 * game end by rule, the moves as SAN. */
#include "game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attack.h"
#include "fen.h"
#include "makemove.h"
#include "notation.h"
#include "quote.h"

/* Fields of a full FEN, and of the short form (no move counters) some GUIs send. */
enum { FEN_FIELDS = 6, FEN_SHORT_FIELDS = 4 };
/* A refusal quotes a FEN whole up to the longest one TECH reads (FEN_MAX - 1 characters), a
 * move up to MOVE_QUOTE_MAX: longer ones are cut with a mark (quote.h). A move's reason fits in
 * MOVE_REASON_MAX; GAME_ERROR_MAX holds the longest message whole. */
enum { FEN_QUOTE_MAX = FEN_MAX - 1, MOVE_QUOTE_MAX = 16, MOVE_REASON_MAX = 96 };

void game_init(Game *game)
{
    memset(game, 0, sizeof *game);
    game_reset(game);
}

void game_free(Game *game)
{
    free(game->moves);
    game->moves = NULL;
    game->move_count = game->move_capacity = 0;
}

void game_reset(Game *game)
{
    position_set_start(&game->start);
    position_copy(&game->pos, &game->start);
    game->started_from_initial = true;
    game->move_count = 0;
    game->position_id++;
}

static int count_fields(const char *text)
{
    int n = 0;
    for (const char *p = text; *p;) {
        while (*p == ' ' || *p == '\t') p++;
        if (!*p) break;
        n++;
        while (*p && *p != ' ' && *p != '\t') p++;
    }
    return n;
}

/* Append a move to the record, growing it as needed. */
static bool record_push(Game *game, Move move)
{
    if (game->move_count == game->move_capacity) {
        int capacity = game->move_capacity ? 2 * game->move_capacity : 256;
        Move *grown = realloc(game->moves, (size_t)capacity * sizeof *grown);
        if (!grown) return false;
        game->moves = grown;
        game->move_capacity = capacity;
    }
    game->moves[game->move_count++] = move;
    return true;
}

/* Play a move of the record on `pos`: MOVE_NONE is a pass, the side to move changed by hand. */
static void record_apply(Position *pos, Move move)
{
    if (move == MOVE_NONE) make_null_move(pos);
    else make_move(pos, move);
}

void game_play(Game *game, Move move)
{
    if (!record_push(game, move)) return;
    record_apply(&game->pos, move);
    game->position_id++;
    /* Keep the undo stack within its capacity on very long games (repetition needs only the
     * plies since the last irreversible move). */
    position_trim_history(&game->pos);
}

/* Why a set-up position with Chess960 castling rights is refused in standard chess, or NULL. */
static const char *variant_refusal(const Game *game, const Position *start)
{
    if (game->chess960 || castling_rights_standard(&start->castle, start->castling)) return NULL;
    return "Chess960 castling rights while Chess960 is off";
}

const char *game_set_chess960(Game *game, bool on)
{
    game->chess960 = on;
    const char *refusal = variant_refusal(game, &game->start);
    if (refusal) game_reset(game);
    return refusal;
}

bool game_setup(Game *game, const char *fen, char *const *moves, int move_count, char *error, size_t error_size)
{
    Game *scratch = calloc(1, sizeof *scratch);
    if (!scratch) {
        snprintf(error, error_size, "out of memory");
        return false;
    }
    scratch->chess960 = game->chess960;
    bool ok = true;
    if (!fen) {
        game_reset(scratch);
    } else {
        char full[FEN_MAX * 2];
        int fields = count_fields(fen);
        if (fields == FEN_SHORT_FIELDS && strlen(fen) < FEN_MAX) snprintf(full, sizeof full, "%s 0 1", fen);
        else snprintf(full, sizeof full, "%.*s", (int)sizeof full - 1, fen);
        char reason[FEN_ERROR_MAX], quoted[FEN_QUOTE_MAX + 1];
        quote_input(fen, FEN_QUOTE_MAX, quoted, sizeof quoted);
        if (strlen(fen) >= sizeof full || !fen_read(&scratch->start, full, reason, sizeof reason)) {
            if (strlen(fen) >= sizeof full) snprintf(reason, sizeof reason, "FEN too long");
            snprintf(error, error_size, "bad FEN (%s): %s", reason, quoted);
            ok = false;
        } else if (variant_refusal(game, &scratch->start)) {
            snprintf(error, error_size, "%s: %s", variant_refusal(game, &scratch->start), quoted);
            ok = false;
        } else {
            position_copy(&scratch->pos, &scratch->start);
            /* [C] A full FEN gives the game's move number (its sixth field), so the opening
             * test of docs/SPEC.md §5.1 can use it: the same position gets the same phase whether it
             * comes with its moves or as a FEN (docs/FIDELITY.md, "One position, one move"). A
             * FEN without the move counters gives none. */
            scratch->started_from_initial = fields == FEN_FIELDS;
        }
    }
    for (int i = 0; ok && i < move_count; i++) {
        char reason[MOVE_REASON_MAX], quoted[MOVE_QUOTE_MAX + 1];
        Move m = move_from_uci(&scratch->pos, moves[i], game->chess960, reason, sizeof reason);
        if (m == MOVE_NONE) {
            quote_input(moves[i], MOVE_QUOTE_MAX, quoted, sizeof quoted);
            snprintf(error, error_size, "bad move %d '%s' (%s)", i + 1, quoted, reason);
            ok = false;
        } else if (!record_push(scratch, m)) {
            snprintf(error, error_size, "out of memory");
            ok = false;
        } else {
            make_move(&scratch->pos, m);
            position_trim_history(&scratch->pos);
        }
    }
    if (ok) {
        /* Commit: take the scratch game's record and positions. */
        unsigned position_id = game->position_id;
        free(game->moves);
        *game = *scratch;
        game->position_id = position_id + 1;
    } else {
        free(scratch->moves);
    }
    free(scratch);
    return ok;
}

Move game_parse_move(Game *game, const char *text, bool allow_san, char *error, size_t error_size)
{
    if (allow_san) return move_parse(&game->pos, text, game->chess960, error, error_size);
    return move_from_uci(&game->pos, text, game->chess960, error, error_size);
}

void game_move_text(const Game *game, Move move, char *buf) { move_to_uci(move, game->chess960, buf); }

bool game_undo(Game *game, int plies)
{
    if (plies < 0 || plies > game->move_count) return false;
    /* Replay from the start: exact even after the undo stack was trimmed. */
    game->move_count -= plies;
    game->position_id++;
    position_copy(&game->pos, &game->start);
    for (int i = 0; i < game->move_count; i++) {
        record_apply(&game->pos, game->moves[i]);
        position_trim_history(&game->pos);
    }
    return true;
}

int game_legal_count(Game *game)
{
    MoveList legal;
    generate_legal(&game->pos, &legal);
    return legal.count;
}

GameStatus game_status_now(Game *game) { return game_status(&game->pos); }

const char *game_result_text(Game *game, GameStatus status) { return game_status_result(status, game->pos.side); }

int game_moves_by(const Game *game, Color side)
{
    int moves = 0;
    Color mover = game->start.side;
    for (int i = 0; i < game->move_count; i++, mover = !mover)
        if (mover == side && game->moves[i] != MOVE_NONE) moves++;
    return moves;
}

bool game_visit_moves(const Game *game, int first, void (*visit)(void *context, const GameMove *move), void *context)
{
    Position *pos = malloc(sizeof *pos);
    if (!pos) return false;
    position_copy(pos, &game->start);
    GameMove text = {.number = game->start.fullmove};
    for (int i = 0; i < game->move_count; i++) {
        text.ply = i;
        text.side = pos->side;
        text.move = game->moves[i];
        if (i >= first) {
            if (text.move == MOVE_NONE) snprintf(text.san, sizeof text.san, "--");
            else move_to_san(pos, text.move, text.san);
            visit(context, &text);
        }
        record_apply(pos, text.move);
        position_trim_history(pos);
        if (text.side == BLACK) text.number++;
    }
    free(pos);
    return true;
}

void game_move_label(const GameMove *move, bool opens, char *out, size_t size)
{
    if (move->side == WHITE) snprintf(out, size, "%d. %s", move->number, move->san);
    else if (opens) snprintf(out, size, "%d... %s", move->number, move->san);
    else snprintf(out, size, "%s", move->san);
}

bool game_set_side(Game *game, Color side)
{
    if (game->pos.side == side) return true;
    /* The side that stops being on move must not stand in check. */
    if (position_in_check(&game->pos)) return false;
    /* A pass in the record, so that the moves before it can still be taken back. */
    game_play(game, MOVE_NONE);
    return game->pos.side == side;
}
