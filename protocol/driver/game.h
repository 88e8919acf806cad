/* game.h - the game both protocols play: its start, its moves, legality of incoming moves,
 * take-backs and the end of the game by rule. */
#ifndef TECH_GAME_H
#define TECH_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "board.h"
#include "rules.h"

/* A message of game_setup and the moves' reasons: room for the longest whole ("bad FEN (" a
 * FEN_ERROR_MAX reason "): " the longest FEN read). */
enum { GAME_ERROR_MAX = 288 };

typedef struct {
    Position start; /* where the game began */
    Position pos;   /* the current position, with the game's history for repetition */
    /* the move numbers are the game's own: it began from the initial array or from a FEN with its
       move number (docs/SPEC.md §5.1) */
    bool started_from_initial;
    Move *moves; /* the moves played since `start`; MOVE_NONE: a pass (game_set_side) */
    int move_count, move_capacity;
    /* changes with every move, take-back and set-up: what belongs to one position (CECP's excluded
       moves) notes it */
    unsigned position_id;
    /* the variant is Chess960 (UCI_Chess960, CECP fischerandom): its start positions are taken and
       castling is written its way */
    bool chess960;
} Game;

void game_init(Game *game);
void game_free(Game *game);

/* Start a new game from the initial array. */
void game_reset(Game *game);
/* Replace the game by one from `fen` (NULL = the initial array) followed by `moves` (coordinate
 * notation). All or nothing: on a bad FEN or move, `error` says why and the game is unchanged.
 * A FEN of four fields gets "0 1" appended. A FEN with castling rights standard chess does not
 * have (Chess960's) is refused unless game->chess960. */
bool game_setup(Game *game, const char *fen, char *const *moves, int move_count, char *error, size_t error_size);

/* Chess960 on or off. A game standard chess cannot hold (Chess960 castling rights, which
 * game_setup refuses while Chess960 is off) starts again from the initial array, and the reason
 * is returned, in game_setup's words; NULL when the game stays. So no game is ever played on in
 * the other mode's notation (issue 51). */
const char *game_set_chess960(Game *game, bool on);

/* The legal move `text` names in the current position (coordinate notation, or SAN as well
 * when allow_san), or MOVE_NONE with the reason. */
Move game_parse_move(Game *game, const char *text, bool allow_san, char *error, size_t error_size);
/* A move in coordinate notation as the game's variant writes it (castling e1g1, or e1h1 in
 * Chess960); buf holds MOVE_TEXT_MAX bytes. */
void game_move_text(const Game *game, Move move, char *buf);
/* Play a legal move. */
void game_play(Game *game, Move move);
/* Take back `plies` moves; false (and nothing changed) if the game has fewer. */
bool game_undo(Game *game, int plies);

/* Number of legal moves of the side to move. */
int game_legal_count(Game *game);
/* The state by rule and its result text ("1-0 {White mates}"), NULL while going on. */
GameStatus game_status_now(Game *game);
const char *game_result_text(Game *game, GameStatus status);
/* Moves `side` has made in this game (for `level` move counts). */
int game_moves_by(const Game *game, Color side);
/* One move of the record as a person reads it. */
enum { GAME_SAN_MAX = 24 };
typedef struct {
    int ply;                /* its index in the record */
    int number;             /* its move number: 12 for 12. Nf3 and for 12... Nc6 */
    Color side;             /* the side that made it */
    Move move;              /* MOVE_NONE: a pass (game_set_side) */
    char san[GAME_SAN_MAX]; /* SAN in the position before it; "--" for a pass */
} GameMove;

/* Call visit(context, move) for each move of the record from ply `first` on, in order; false
 * (nothing visited) without memory for the replay. */
bool game_visit_moves(const Game *game, int first, void (*visit)(void *context, const GameMove *move), void *context);
/* The move as movetext writes it: "12. Nf3"; a Black move "12... Nc6" when it opens the text
 * (`opens`), else "Nc6". */
void game_move_label(const GameMove *move, bool opens, char *out, size_t size);

/* Set the side to move (CECP `white` / `black`), recorded as a pass that game_undo takes back;
 * clears the e.p. square. False (and nothing changed) if the side to move is in check. */
bool game_set_side(Game *game, Color side);

#endif
