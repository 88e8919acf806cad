/* fen.c - FEN reader (validating every field and the position as a whole) and writer, and the
 * board diagram that shows the FEN. */
#include "fen.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"
#include "attack.h"

enum { FEN_FIELDS = 6, FIELD_MAX = 96, COUNTER_MAX = 100000 };

/* Split on runs of blanks into at most FEN_FIELDS+1 fields; returns the number found. */
static int split_fields(const char *text, char fields[FEN_FIELDS + 1][FIELD_MAX], bool *too_long)
{
    int n = 0;
    *too_long = false;
    const char *p = text;
    while (*p) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
        if (!*p) break;
        const char *start = p;
        while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n') p++;
        size_t len = (size_t)(p - start);
        if (n <= FEN_FIELDS) {
            if (len >= FIELD_MAX) {
                *too_long = true;
                len = FIELD_MAX - 1;
            }
            memcpy(fields[n], start, len);
            fields[n][len] = '\0';
        }
        n++;
    }
    return n;
}

static PieceType piece_from_letter(char ch)
{
    switch (tolower((unsigned char)ch)) {
    case 'p': return PAWN;
    case 'n': return KNIGHT;
    case 'b': return BISHOP;
    case 'r': return ROOK;
    case 'q': return QUEEN;
    case 'k': return KING;
    default: return EMPTY;
    }
}

static bool read_placement(Position *pos, const char *field, char *error, size_t size)
{
    int rank = 7, file = 0;
    for (const char *p = field; *p; p++) {
        char ch = *p;
        if (ch == '/') {
            if (file != 8) return error_set(error, size, "rank %d has %d squares, not 8", rank + 1, file);
            if (--rank < 0) return error_set(error, size, "more than 8 ranks in the board field");
            file = 0;
        } else if (ch >= '1' && ch <= '8') {
            file += ch - '0';
            if (file > 8) return error_set(error, size, "rank %d has more than 8 squares", rank + 1);
            /* One digit counts a run of empty squares: "44" is not a way of writing "8". */
            if (p > field && p[-1] >= '1' && p[-1] <= '8')
                return error_set(error, size, "two digits in a row in rank %d", rank + 1);
        } else {
            PieceType type = piece_from_letter(ch);
            if (type == EMPTY) return error_set(error, size, "bad piece letter '%c' in the board field", ch);
            if (file >= 8) return error_set(error, size, "rank %d has more than 8 squares", rank + 1);
            Color c = isupper((unsigned char)ch) ? WHITE : BLACK;
            pos->board[square_make(file, rank)] = (int8_t)piece_make(c, type);
            file++;
        }
    }
    if (rank != 0) return error_set(error, size, "the board field has %d ranks, not 8", 8 - rank);
    if (file != 8) return error_set(error, size, "rank 1 has %d squares, not 8", file);
    return true;
}

static bool check_men(const Position *pos, char *error, size_t size)
{
    static const char *names[COLOR_NB] = {"black", "white"};
    int kings[COLOR_NB] = {0, 0}, men[COLOR_NB] = {0, 0}, pawns[COLOR_NB] = {0, 0};
    for (int rank = 0; rank < 8; rank++)
        for (int file = 0; file < 8; file++) {
            Piece p = pos->board[square_make(file, rank)];
            if (p == EMPTY) continue;
            Color c = piece_color(p);
            men[c]++;
            if (piece_type(p) == KING) kings[c]++;
            if (piece_type(p) == PAWN) {
                pawns[c]++;
                if (rank == 0 || rank == 7) return error_set(error, size, "%s pawn on rank %d", names[c], rank + 1);
            }
        }
    for (Color c = BLACK; c <= WHITE; c++) {
        if (kings[c] != 1) return error_set(error, size, "%s has %d kings, not exactly one", names[c], kings[c]);
        if (pawns[c] > 8) return error_set(error, size, "%s has %d pawns, more than 8", names[c], pawns[c]);
        if (men[c] > PIECE_LIST_MAX) return error_set(error, size, "%s has %d men, more than 16", names[c], men[c]);
    }
    return true;
}

/* The rook a castling letter names for colour c, whose king stands on `king`: K or Q the outermost
 * rook on the h or a side (X-FEN), a file letter the rook on that file (Shredder-FEN, and X-FEN
 * for an inner rook). SQ_NONE, with the reason, when there is none. */
static Square castling_rook(const Position *pos, char letter, Color c, Square king, char *error, size_t size)
{
    const Piece rook = piece_make(c, ROOK);
    const char upper = (char)toupper((unsigned char)letter);
    if (upper == 'K' || upper == 'Q') {
        const int step = upper == 'K' ? -1 : 1; /* walk in from the board's edge */
        const Square edge = king - square_file(king) + (upper == 'K' ? 7 : 0);
        for (Square sq = edge; sq != king; sq += step)
            if (pos->board[sq] == rook) return sq;
        error_set(error, size, "castling right '%c' but no %s rook on the %s side of the king", letter,
                  c == WHITE ? "white" : "black", upper == 'K' ? "h" : "a");
        return SQ_NONE;
    }
    const Square sq = king - square_file(king) + (upper - 'A');
    if (pos->board[sq] != rook) {
        error_set(error, size, "castling right '%c' but no %s rook on %c%d", letter, c == WHITE ? "white" : "black",
                  tolower((unsigned char)upper), square_rank(king) + 1);
        return SQ_NONE;
    }
    return sq;
}

/* The castling field: "-", or X-FEN's KQkq and Shredder-FEN's file letters (HAha), in any order
 * and mixed; each names a rook on its colour's first rank beside a king on that rank, at most one
 * right per side of each king. The rights' geometry (castling.h) comes from it. */
static bool read_castling(Position *pos, const char *field, char *error, size_t size)
{
    pos->castling = 0;
    castling_setup_clear(&pos->castle);
    if (strcmp(field, "-") == 0) return true;
    for (const char *p = field; *p; p++) {
        const char upper = (char)toupper((unsigned char)*p);
        if (upper != 'K' && upper != 'Q' && (upper < 'A' || upper > 'H'))
            return error_set(error, size, "bad castling letter '%c'", *p);
        const Color c = isupper((unsigned char)*p) ? WHITE : BLACK;
        const Square king = position_king(pos, c);
        if (square_rank(king) != (c == WHITE ? 0 : 7))
            return error_set(error, size, "castling right '%c' but the %s king is not on its first rank", *p,
                             c == WHITE ? "white" : "black");
        const Square rook = castling_rook(pos, *p, c, king, error, size);
        if (rook == SQ_NONE) return false;
        const int right = (c == WHITE ? 0 : 2) + (rook < king ? 1 : 0);
        if (pos->castling & (1 << right))
            return error_set(error, size, "castling letter '%c' gives the %s king a second right on the %s side", *p,
                             c == WHITE ? "white" : "black", rook < king ? "a" : "h");
        castling_setup_add(&pos->castle, right, king, rook);
        pos->castling |= (uint8_t)(1 << right);
    }
    return true;
}

static bool read_en_passant(Position *pos, const char *field, char *error, size_t size)
{
    pos->en_passant = SQ_NONE;
    if (strcmp(field, "-") == 0) return true;
    if (strlen(field) != 2 || field[0] < 'a' || field[0] > 'h' || field[1] < '1' || field[1] > '8')
        return error_set(error, size, "bad en-passant square '%s'", field);
    int file = field[0] - 'a', rank = field[1] - '1';
    /* The side to move captures: the square lies on rank 6 (White to move) or rank 3. */
    int expected_rank = pos->side == WHITE ? 5 : 2;
    if (rank != expected_rank)
        return error_set(error, size, "impossible en-passant square %s: must be on rank %d", field, expected_rank + 1);
    Square ep = square_make(file, rank);
    int forward = pawn_push(!pos->side); /* direction the enemy pawn moved */
    Piece enemy_pawn = piece_make(!pos->side, PAWN);
    if (pos->board[ep + forward] != enemy_pawn)
        return error_set(error, size, "impossible en-passant square %s: no pawn just moved past it", field);
    if (pos->board[ep] != EMPTY || pos->board[ep - forward] != EMPTY)
        return error_set(error, size, "impossible en-passant square %s: the pawn's path is not empty", field);
    pos->en_passant = ep;
    return true;
}

/* An e.p. square says the side not to move just pushed a pawn two squares. Before that push the
 * side to move cannot have been in check: a check now must come from the pushed pawn or from a
 * line the pawn opened (needs the men in place: after position_refresh). */
static bool check_en_passant_history(Position *pos, char *error, size_t size)
{
    if (pos->en_passant == SQ_NONE) return true;
    int forward = pawn_push(!pos->side);
    Square now = pos->en_passant + forward, before = pos->en_passant - forward;
    /* Take the push back on the board only (the king does not move), look, and put it back. */
    int8_t pawn = pos->board[now];
    pos->board[now] = EMPTY;
    pos->board[before] = pawn;
    bool was_in_check = king_attacked(pos, pos->side);
    pos->board[before] = EMPTY;
    pos->board[now] = pawn;
    if (was_in_check)
        return error_set(error, size, "impossible en-passant square: %s already in check",
                         pos->side == WHITE ? "white" : "black");
    return true;
}

static bool read_counter(const char *field, const char *name, int min, int *out, char *error, size_t size)
{
    for (const char *p = field; *p; p++)
        if (!isdigit((unsigned char)*p)) return error_set(error, size, "%s '%s' is not a number", name, field);
    errno = 0;
    long value = strtol(field, NULL, 10);
    if (errno || value < min || value > COUNTER_MAX)
        return error_set(error, size, "%s '%s' is out of range", name, field);
    *out = (int)value;
    return true;
}

bool fen_read(Position *pos, const char *fen, char *error, size_t size)
{
    char fields[FEN_FIELDS + 1][FIELD_MAX];
    bool too_long;
    if (!fen) return error_set(error, size, "no FEN given");
    int n = split_fields(fen, fields, &too_long);
    if (n != FEN_FIELDS) return error_set(error, size, "a FEN has 6 fields, found %d", n);
    if (too_long) return error_set(error, size, "a FEN field is too long");

    /* Build into a scratch position so a failure leaves *pos untouched. */
    Position *scratch = malloc(sizeof *scratch);
    if (!scratch) return error_set(error, size, "out of memory");
    position_clear(scratch);
    bool ok = read_placement(scratch, fields[0], error, size) && check_men(scratch, error, size);
    if (ok) {
        if (strcmp(fields[1], "w") == 0) scratch->side = WHITE;
        else if (strcmp(fields[1], "b") == 0) scratch->side = BLACK;
        else ok = error_set(error, size, "side to move '%s' is not 'w' or 'b'", fields[1]);
    }
    if (ok && !position_refresh(scratch)) ok = error_set(error, size, "inconsistent men");
    ok = ok && read_castling(scratch, fields[2], error, size) && read_en_passant(scratch, fields[3], error, size)
         && read_counter(fields[4], "halfmove clock", 0, &scratch->halfmove, error, size)
         && read_counter(fields[5], "fullmove number", 1, &scratch->fullmove, error, size);
    if (ok) {
        /* The key holds the castling rights and the e.p. square read after the men. */
        position_refresh(scratch);
        if (!start_array_of_board(scratch->board, &scratch->home)) start_array_standard(&scratch->home);
    }
    if (ok && enemy_king_capturable(scratch))
        ok =
            error_set(error, size, "the side not to move (%s) is in check", scratch->side == WHITE ? "black" : "white");
    ok = ok && check_en_passant_history(scratch, error, size);
    if (ok) position_copy(pos, scratch);
    free(scratch);
    return ok;
}

void fen_write(const Position *pos, char *buf, size_t size)
{
    static const char letters[] = " pnbrqk";
    char out[FEN_MAX];
    int n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            Piece p = pos->board[square_make(file, rank)];
            if (p == EMPTY) {
                empty++;
                continue;
            }
            if (empty) out[n++] = (char)('0' + empty);
            empty = 0;
            char ch = letters[piece_type(p)];
            out[n++] = p > 0 ? (char)toupper((unsigned char)ch) : ch;
        }
        if (empty) out[n++] = (char)('0' + empty);
        if (rank) out[n++] = '/';
    }
    out[n++] = ' ';
    out[n++] = pos->side == WHITE ? 'w' : 'b';
    out[n++] = ' ';
    if (!pos->castling) out[n++] = '-';
    for (int right = 0; right < CASTLING_RIGHT_NB; right++)
        if (pos->castling & (1 << right)) out[n++] = castling_letter(&pos->castle, pos->board, right);
    out[n++] = ' ';
    if (pos->en_passant == SQ_NONE) {
        out[n++] = '-';
    } else {
        out[n++] = (char)('a' + square_file(pos->en_passant));
        out[n++] = (char)('1' + square_rank(pos->en_passant));
    }
    snprintf(out + n, sizeof out - (size_t)n, " %d %d", pos->halfmove, pos->fullmove);
    snprintf(buf, size, "%s", out);
}

void position_print(const Position *pos, void (*emit_line)(void *ctx, const char *line), void *ctx)
{
    static const char letters[] = ".PNBRQK";
    char line[FEN_MAX + 32];
    for (int rank = 7; rank >= 0; rank--) {
        int n = snprintf(line, sizeof line, " %d ", rank + 1);
        for (int file = 0; file < 8; file++) {
            Piece p = pos->board[square_make(file, rank)];
            char ch = letters[piece_type(p)];
            if (p < 0) ch = (char)(ch - 'A' + 'a');
            n += snprintf(line + n, sizeof line - (size_t)n, " %c", ch);
        }
        emit_line(ctx, line);
    }
    emit_line(ctx, "    a b c d e f g h");
    char fen[FEN_MAX];
    fen_write(pos, fen, sizeof fen);
    snprintf(line, sizeof line, "Fen: %s", fen);
    emit_line(ctx, line);
    snprintf(line, sizeof line, "Key: %016llx  Material: white %d black %d", (unsigned long long)pos->key,
             pos->material[WHITE], pos->material[BLACK]);
    emit_line(ctx, line);
}
