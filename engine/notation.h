/* notation.h - move text: coordinate notation (UCI/CECP) and SAN, in and out. */
#ifndef TECH_NOTATION_H
#define TECH_NOTATION_H

#include <stddef.h>

#include "board.h"
#include "movegen.h"

enum { MOVE_TEXT_MAX = 16 };

/* Write a square as "e4". buf holds at least 3 bytes. */
void square_to_text(Square sq, char *buf);
/* How castling is written in coordinate text: the king's move (e1g1, standard chess), the king
 * taking its own rook (e1h1, UCI's Chess960), or O-O and O-O-O (CECP's fischerandom). */
typedef enum { CASTLING_AS_KING_MOVE, CASTLING_AS_KING_TAKES_ROOK, CASTLING_AS_O_O } CastlingNotation;
/* A move as coordinate text, castling as `castling` says. */
void move_to_text(Move m, CastlingNotation castling, char *buf);
/* Coordinate notation: "e2e4", "e7e8q"; castling as the king's move ("e1g1") in standard chess,
 * as the king taking its own rook ("e1h1") with `chess960` (UCI_Chess960); "0000" for none. */
void move_to_uci(Move m, bool chess960, char *buf);
/* Parse coordinate notation (castling written as `chess960` says) against the legal moves of
 * *pos. Returns the legal move, or MOVE_NONE with the reason in `error` (castling written the
 * other way is said to be). */
Move move_from_uci(Position *pos, const char *text, bool chess960, char *error, size_t error_size);
/* The castling notation a position's own rights call for where no protocol chose one (the shell
 * tools, EPD files): Chess960's when a right is not one of standard chess. */
static inline bool notation_chess960(const Position *pos)
{
    return !castling_rights_standard(&pos->castle, pos->castling);
}
/* Standard algebraic notation of a legal move: "Nbd7", "exd6", "e8=Q+", "O-O-O#". */
void move_to_san(Position *pos, Move m, char *buf);
/* Every legal move the SAN text names, in `matches` (with the variants move_from_san accepts):
 * their number (more than one: the text is ambiguous); 0 when none, -1 when the text is not SAN
 * at all, with the reason in `error` either way. */
int move_san_matches(Position *pos, const char *text, MoveList *matches, char *error, size_t error_size);
/* Parse SAN, accepting common variants ("0-0", "e8Q", a missing "+", "Pe4"); ambiguous or
 * illegal text gives MOVE_NONE and the reason. */
Move move_from_san(Position *pos, const char *text, char *error, size_t error_size);
/* Parse either notation: coordinate first (castling as `chess960` says), then SAN (which also
 * reads long algebraic with a check mark, "d7d5+"); a failure is reported by the notation the
 * text looks like. */
Move move_parse(Position *pos, const char *text, bool chess960, char *error, size_t error_size);

#endif
