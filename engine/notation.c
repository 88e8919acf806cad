/* notation.c - coordinate and SAN move text, always matched against the legal move list. */
#include "notation.h"

#include <stdio.h>
#include <string.h>

#include "error.h"
#include "attack.h"
#include "makemove.h"
#include "rules.h"

static const char piece_letters[] = " PNBRQK";

void square_to_text(Square sq, char *buf)
{
    buf[0] = (char)('a' + square_file(sq));
    buf[1] = (char)('1' + square_rank(sq));
    buf[2] = '\0';
}

/* The square coordinate notation names as a move's destination: a castling king's own in
 * standard chess, its rook's in Chess960 (the word's `to`). */
static Square coordinate_to(Move m, bool chess960)
{
    return move_is_castle(m) && !chess960 ? castling_king_to(m) : move_to(m);
}

void move_to_text(Move m, CastlingNotation castling, char *buf)
{
    if (move_is_castle(m) && castling == CASTLING_AS_O_O) strcpy(buf, move_to(m) > move_from(m) ? "O-O" : "O-O-O");
    else move_to_uci(m, castling == CASTLING_AS_KING_TAKES_ROOK, buf);
}

void move_to_uci(Move m, bool chess960, char *buf)
{
    if (m == MOVE_NONE) {
        strcpy(buf, "0000");
        return;
    }
    square_to_text(move_from(m), buf);
    square_to_text(coordinate_to(m, chess960), buf + 2);
    if (move_is_promotion(m)) {
        buf[4] = (char)(piece_letters[move_promotion(m)] - 'A' + 'a');
        buf[5] = '\0';
    }
}

static bool parse_square(const char *text, Square *sq)
{
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return false;
    *sq = square_make(text[0] - 'a', text[1] - '1');
    return true;
}

static PieceType promotion_from_letter(char ch)
{
    switch (ch) {
    case 'n':
    case 'N': return KNIGHT;
    case 'b':
    case 'B': return BISHOP;
    case 'r':
    case 'R': return ROOK;
    case 'q':
    case 'Q': return QUEEN;
    default: return EMPTY;
    }
}

/* Why a coordinate text that names no legal move may be castling written the other way: the
 * reason, or NULL. */
static const char *castling_misspelt(const MoveList *legal, Square from, Square to, bool chess960)
{
    for (int i = 0; i < legal->count; i++) {
        const Move m = legal->moves[i];
        if (!move_is_castle(m) || move_from(m) != from || coordinate_to(m, !chess960) != to) continue;
        return chess960 ? "in Chess960 castling is written as the king taking its own rook"
                        : "castling is written as the king's two-square move while Chess960 is off";
    }
    return NULL;
}

Move move_from_uci(Position *pos, const char *text, bool chess960, char *error, size_t size)
{
    size_t len = strlen(text);
    Square from, to;
    if ((len != 4 && len != 5) || !parse_square(text, &from) || !parse_square(text + 2, &to))
        return error_move(error, size, "not a move in coordinate notation");
    PieceType promo = EMPTY;
    if (len == 5 && (promo = promotion_from_letter(text[4])) == EMPTY)
        return error_move(error, size, "bad promotion piece '%c'", text[4]);
    MoveList legal;
    generate_legal(pos, &legal);
    for (int i = 0; i < legal.count; i++) {
        Move m = legal.moves[i];
        if (move_from(m) == from && coordinate_to(m, chess960) == to && move_promotion(m) == promo) return m;
    }
    const char *castling = castling_misspelt(&legal, from, to, chess960);
    if (castling) return error_move(error, size, "%s", castling);
    Piece mover = pos->board[from];
    if (mover == EMPTY) return error_move(error, size, "no piece on %.2s", text);
    if (piece_color(mover) != pos->side) return error_move(error, size, "not your piece on %.2s", text);
    if (piece_type(mover) == PAWN && promo == EMPTY && (square_rank(to) == 0 || square_rank(to) == 7))
        return error_move(error, size, "promotion piece missing");
    return error_move(error, size, "illegal move");
}

/* "+" if the move gives check, "#" if it mates, "" otherwise. */
static const char *check_suffix(Position *pos, Move m)
{
    make_move(pos, m);
    const char *suffix = "";
    if (position_in_check(pos)) {
        MoveList replies;
        generate_legal(pos, &replies);
        suffix = replies.count ? "+" : "#";
    }
    unmake_move(pos);
    return suffix;
}

void move_to_san(Position *pos, Move m, char *buf)
{
    const Square from = move_from(m), to = move_to(m);
    const PieceType type = piece_type(pos->board[from]);
    char to_text[3], *out = buf;
    square_to_text(to, to_text);

    if (move_is_castle(m)) {
        out += sprintf(out, "%s", to > from ? "O-O" : "O-O-O");
    } else if (type == PAWN) {
        if (move_is_capture(m)) out += sprintf(out, "%cx", 'a' + square_file(from));
        out += sprintf(out, "%s", to_text);
        if (move_is_promotion(m)) out += sprintf(out, "=%c", piece_letters[move_promotion(m)]);
    } else {
        /* Disambiguate among other men of the same type that can reach the same square. */
        bool clash = false, same_file = false, same_rank = false;
        MoveList legal;
        generate_legal(pos, &legal);
        for (int i = 0; i < legal.count; i++) {
            Move other = legal.moves[i];
            Square other_from = move_from(other);
            if (move_to(other) != to || other_from == from) continue;
            if (piece_type(pos->board[other_from]) != type) continue;
            clash = true;
            if (square_file(other_from) == square_file(from)) same_file = true;
            if (square_rank(other_from) == square_rank(from)) same_rank = true;
        }
        *out++ = piece_letters[type];
        if (clash) {
            if (!same_file) *out++ = (char)('a' + square_file(from));
            else if (!same_rank) *out++ = (char)('1' + square_rank(from));
            else {
                *out++ = (char)('a' + square_file(from));
                *out++ = (char)('1' + square_rank(from));
            }
        }
        if (move_is_capture(m)) *out++ = 'x';
        out += sprintf(out, "%s", to_text);
    }
    strcpy(out, check_suffix(pos, m));
}

/* The legal castling move "O-O" or "O-O-O" (also with zeros) names, into `matches`. */
static int match_castling(Position *pos, const char *text, MoveList *matches, char *error, size_t size)
{
    bool long_side = strcmp(text, "O-O-O") == 0 || strcmp(text, "0-0-0") == 0;
    MoveList legal;
    generate_legal(pos, &legal);
    for (int i = 0; i < legal.count; i++) {
        Move m = legal.moves[i];
        if (move_is_castle(m) && (move_to(m) < move_from(m)) == long_side) {
            matches->moves[matches->count++] = m;
            return 1;
        }
    }
    error_set(error, size, "castling is not legal here");
    return 0;
}

/* move_san_matches' answer for a text that is not SAN: "not a move in SAN". */
enum { NOT_SAN = -1 };
static int not_san(char *error, size_t size)
{
    error_set(error, size, "not a move in SAN");
    return NOT_SAN;
}

int move_san_matches(Position *pos, const char *text, MoveList *matches, char *error, size_t size)
{
    matches->count = 0;
    char san[MOVE_TEXT_MAX];
    size_t len = strlen(text);
    if (len == 0 || len >= sizeof san) return not_san(error, size);
    memcpy(san, text, len + 1);
    /* Drop check/mate marks and annotations: "Nf3+", "e4!?", "Qh7#". */
    while (len && strchr("+#!?", san[len - 1])) san[--len] = '\0';
    if (len >= 4 && strcmp(san + len - 4, "e.p.") == 0) san[len -= 4] = '\0';
    if (!strcmp(san, "O-O") || !strcmp(san, "0-0") || !strcmp(san, "O-O-O") || !strcmp(san, "0-0-0"))
        return match_castling(pos, san, matches, error, size);

    /* Read from the end: [=]promotion, destination, [x], disambiguation, piece letter. */
    PieceType promo = EMPTY;
    if (len >= 3 && san[len - 2] == '=') {
        if ((promo = promotion_from_letter(san[len - 1])) == EMPTY) {
            error_set(error, size, "bad promotion piece '%c'", san[len - 1]);
            return NOT_SAN;
        }
        san[len -= 2] = '\0';
    } else if (len >= 3 && promotion_from_letter(san[len - 1]) != EMPTY && san[len - 2] >= '1' && san[len - 2] <= '8') {
        promo = promotion_from_letter(san[len - 1]);
        san[--len] = '\0';
    }
    Square to;
    if (len < 2 || !parse_square(san + len - 2, &to)) return not_san(error, size);
    len -= 2;
    bool capture_mark = len > 0 && (san[len - 1] == 'x' || san[len - 1] == ':');
    if (capture_mark) len--;
    PieceType type = PAWN;
    size_t start = 0;
    if (len > 0 && strchr("PNBRQK", san[0])) {
        type = promotion_from_letter(san[0]);
        if (san[0] == 'P') type = PAWN;
        if (san[0] == 'K') type = KING;
        start = 1;
    }
    int want_file = -1, want_rank = -1;
    for (size_t i = start; i < len; i++) {
        if (san[i] >= 'a' && san[i] <= 'h') want_file = san[i] - 'a';
        else if (san[i] >= '1' && san[i] <= '8') want_rank = san[i] - '1';
        else return not_san(error, size);
    }
    if (len - start > 2) return not_san(error, size);

    MoveList legal;
    generate_legal(pos, &legal);
    bool needs_promotion = false;
    for (int i = 0; i < legal.count; i++) {
        Move m = legal.moves[i];
        Square from = move_from(m);
        if (move_to(m) != to || piece_type(pos->board[from]) != type) continue;
        if (move_is_castle(m)) continue;                                   /* castling is written O-O / O-O-O only */
        if (type == PAWN && move_is_capture(m) && want_file < 0) continue; /* "d6" is never exd6 */
        if (want_file >= 0 && square_file(from) != want_file) continue;
        if (want_rank >= 0 && square_rank(from) != want_rank) continue;
        if (capture_mark && !move_is_capture(m)) continue;
        if (move_is_promotion(m) && promo == EMPTY) needs_promotion = true;
        if (move_promotion(m) != promo) continue;
        matches->moves[matches->count++] = m;
    }
    if (matches->count == 0) error_set(error, size, needs_promotion ? "promotion piece missing" : "illegal move");
    return matches->count;
}

Move move_from_san(Position *pos, const char *text, char *error, size_t size)
{
    MoveList matches;
    int count = move_san_matches(pos, text, &matches, error, size);
    if (count == 1) return matches.moves[0];
    if (count > 1) return error_move(error, size, "ambiguous move: %d pieces can play it", count);
    return MOVE_NONE;
}

Move move_parse(Position *pos, const char *text, bool chess960, char *error, size_t size)
{
    Move m = move_from_uci(pos, text, chess960, NULL, 0);
    if (m != MOVE_NONE) return m;
    size_t len = strlen(text);
    bool looks_coordinate = (len == 4 || len == 5) && text[0] >= 'a' && text[0] <= 'h' && text[1] >= '1'
                            && text[1] <= '8' && text[2] >= 'a' && text[2] <= 'h' && text[3] >= '1' && text[3] <= '8';
    if (!looks_coordinate) return move_from_san(pos, text, error, size);
    /* Coordinates with a SAN suffix ("d7d5+", long algebraic) are SAN's to read; any other
     * failure is reported as the coordinate reader's. */
    m = move_from_san(pos, text, NULL, 0);
    if (m != MOVE_NONE) return m;
    return move_from_uci(pos, text, chess960, error, size);
}
