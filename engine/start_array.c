/* start_array.c - the standard and the Chess960 start arrays: numbering, recognition, FEN. */
#include "start_array.h"

#include <stdio.h>
#include <string.h>

/* The scheme's steps: a light-squared bishop on b, d, f or h, a dark-squared one on a, c, e or
 * g, the queen on one of the six files left, the knights on two of the five left (the pairs in
 * this order), rook, king and rook on the last three. */
enum { BISHOP_FILES = 4, QUEEN_PLACES = 6, KNIGHT_PAIRS = 10 };
static const int KNIGHT_PAIR[KNIGHT_PAIRS][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                                 {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};

/* Fill the derived fields (minor pieces' and queen's files) from the rank. */
static void finish(StartArray *array)
{
    int minors = 0;
    for (int file = 0; file < 8; file++) {
        const PieceType t = array->rank[file];
        if ((t == KNIGHT || t == BISHOP) && minors < START_ARRAY_MINORS) {
            array->minor_file[minors] = (uint8_t)file;
            array->minor_type[minors++] = t;
        }
        if (t == QUEEN) array->queen_file = (uint8_t)file;
    }
}

/* Put `type` on the `nth` (0-based) empty file of the rank. */
static void place_on_empty(int8_t rank[8], int nth, PieceType type)
{
    for (int file = 0; file < 8; file++)
        if (rank[file] == EMPTY && nth-- == 0) {
            rank[file] = (int8_t)type;
            return;
        }
}

bool start_array_from_number(int number, StartArray *array)
{
    if (number < 0 || number >= START_ARRAY_COUNT) return false;
    memset(array, 0, sizeof *array);
    int8_t *rank = array->rank;
    rank[2 * (number % BISHOP_FILES) + 1] = BISHOP;
    number /= BISHOP_FILES;
    rank[2 * (number % BISHOP_FILES)] = BISHOP;
    number /= BISHOP_FILES;
    place_on_empty(rank, number % QUEEN_PLACES, QUEEN);
    number /= QUEEN_PLACES;
    /* The second knight's place counts the empty files before the first is placed. */
    place_on_empty(rank, KNIGHT_PAIR[number][1], KNIGHT);
    place_on_empty(rank, KNIGHT_PAIR[number][0], KNIGHT);
    place_on_empty(rank, 0, ROOK);
    place_on_empty(rank, 0, KING);
    place_on_empty(rank, 0, ROOK);
    finish(array);
    return true;
}

void start_array_standard(StartArray *array) { start_array_from_number(START_ARRAY_STANDARD, array); }

/* Whether the eight men form a Chess960 array: two bishops on squares of both colours, two
 * knights, a queen, and the king between two rooks. */
static bool array_valid(const int8_t rank[8])
{
    int count[PIECE_TYPE_NB] = {0}, bishop_colours = 0, rooks_before_king = -1;
    for (int file = 0; file < 8; file++) {
        const PieceType t = rank[file];
        if (t < PAWN || t > KING) return false;
        count[t]++;
        if (t == BISHOP) bishop_colours |= 1 << (file & 1);
        if (t == KING) rooks_before_king = count[ROOK];
    }
    return count[BISHOP] == 2 && bishop_colours == 3 && count[KNIGHT] == 2 && count[QUEEN] == 1 && count[ROOK] == 2
           && count[KING] == 1 && count[PAWN] == 0 && rooks_before_king == 1;
}

int start_array_number(const int8_t rank[8])
{
    if (!array_valid(rank)) return -1;
    for (int number = 0; number < START_ARRAY_COUNT; number++) {
        StartArray candidate;
        start_array_from_number(number, &candidate);
        if (memcmp(candidate.rank, rank, sizeof candidate.rank) == 0) return number;
    }
    return -1;
}

bool start_array_of_board(const int8_t board[BOARD_SIZE], StartArray *array)
{
    for (Color c = WHITE; c >= BLACK; c--) {
        StartArray found;
        memset(&found, 0, sizeof found);
        for (int file = 0; file < 8; file++) {
            const Piece p = board[start_array_home(c, file)];
            found.rank[file] = (int8_t)(p != EMPTY && piece_color(p) == c ? piece_type(p) : EMPTY);
        }
        if (!array_valid(found.rank)) continue;
        finish(&found);
        *array = found;
        return true;
    }
    return false;
}

void start_array_fen(const StartArray *array, char *buf, size_t size)
{
    static const char letters[] = " pnbrqk";
    char black[9], white[9];
    for (int file = 0; file < 8; file++) {
        black[file] = letters[array->rank[file]];
        white[file] = (char)(black[file] - 'a' + 'A');
    }
    black[8] = white[8] = '\0';
    snprintf(buf, size, "%s/pppppppp/8/8/8/8/PPPPPPPP/%s w KQkq - 0 1", black, white);
}
