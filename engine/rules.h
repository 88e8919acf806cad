/* rules.h - the complete rules of chess on top of the pseudo-legal generator. */
#ifndef TECH_RULES_H
#define TECH_RULES_H

#include "movegen.h"

/* Plies of the 50-move rule (FIDE 9.3): 50 moves by each side. */
enum { FIFTY_MOVE_PLIES = 100 };

typedef enum {
    STATUS_ONGOING,
    STATUS_CHECKMATE,
    STATUS_STALEMATE,
    STATUS_FIFTY_MOVES,
    STATUS_REPETITION,
    STATUS_INSUFFICIENT
} GameStatus;

/* True if the pseudo-legal move m does not leave the mover's king attacked. */
bool move_is_legal(Position *pos, Move m);
/* Strictly legal moves of the side to move, in generation order (docs/SPEC.md §3, root filter). */
void generate_legal(Position *pos, MoveList *list);
/* How many strictly legal moves the side to move has, counted without storing or making them
 * (but for a capture en passant). */
int legal_move_count(Position *pos);
/* Neither side can mate: K v K, or K + one minor piece v K. */
bool insufficient_material(const Position *pos);
/* Times the current position occurred before (same side, castling and e.p. rights),
 * looking back over the game's undo stack up to the last irreversible move. */
int repetition_count(const Position *pos);
/* The game's state by rule; a draw by the 50-move rule or threefold repetition counts as
 * over (a GUI's claim), mate takes precedence over the 50-move rule. */
GameStatus game_status(Position *pos);
/* How the rules end a game, in words: its name ("checkmate"), what the move that ends it does
 * ("it mates"), and the result with the side to move ("1-0 {White mates}"). */
typedef struct {
    const char *name, *by_move;
    const char *result[COLOR_NB];
} GameEndText;
/* The words of an end by rule; NULL while the game goes on. */
const GameEndText *game_status_text(GameStatus status);
/* Result text for a finished game, e.g. "1-0 {White mates}"; NULL while ongoing. */
const char *game_status_result(GameStatus status, Color side_to_move);

#endif
