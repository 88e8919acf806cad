/* typed_move.c - a person's move in any letter case: the text is read as typed, with its first
 * letter as a piece (the rest in lower case), and all in lower case (the first letter a file);
 * the legal moves those readings name are the candidates. */
#include "typed_move.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "notation.h"

/* The ways the text is read: each spells it in one letter case for the strict readers. */
typedef enum { READ_AS_TYPED, READ_PIECE_FIRST, READ_FILE_FIRST, READING_COUNT } Reading;

/* SAN's piece letters, in lower case. */
static bool is_piece_letter(char c) { return c != '\0' && strchr("pnbrqk", c) != NULL; }

static bool has_lower_case(const char *text)
{
    for (; *text; text++)
        if (islower((unsigned char)*text)) return true;
    return false;
}

/* `text` spelt for `reading` into out[size]; false when the reading does not apply. In lower case
 * castling's letter O stays upper case (no other SAN has an o). An upper-case B is a bishop to a
 * person who types in mixed case (Bxc3), a file only to one who types in capitals (BXC3). */
static bool spell(const char *text, Reading reading, char *out, size_t size)
{
    size_t length = strlen(text);
    if (length >= size) return false;
    memcpy(out, text, length + 1);
    if (reading == READ_AS_TYPED) return true;
    for (size_t i = 0; i < length; i++) {
        char lower = (char)tolower((unsigned char)text[i]);
        out[i] = lower == 'o' ? 'O' : lower;
    }
    if (reading == READ_PIECE_FIRST) {
        if (!is_piece_letter(out[0])) return false;
        out[0] = (char)toupper((unsigned char)out[0]);
        return true;
    }
    return !(text[0] == 'B' && has_lower_case(text));
}

static void add_choice(MoveList *choices, Move m)
{
    for (int i = 0; i < choices->count; i++)
        if (choices->moves[i] == m) return;
    choices->moves[choices->count++] = m;
}

/* Whether `text` is the notation of m exactly, as TECH writes it (SAN, check marks and
 * annotations aside, or coordinates). */
static bool is_exact_notation(Position *pos, Move m, const char *text, bool chess960)
{
    char written[MOVE_TEXT_MAX + 8], typed[MOVE_TEXT_MAX + 8];
    snprintf(typed, sizeof typed, "%s", text);
    typed[strcspn(typed, "+#!?")] = '\0';
    move_to_uci(m, chess960, written);
    if (!strcmp(written, typed)) return true;
    move_to_san(pos, m, written);
    written[strcspn(written, "+#")] = '\0';
    return !strcmp(written, typed);
}

/* The moves one spelling names, added to out->choices; whether it has a move's shape, with the
 * reason it names none in `error` (left alone if one was said before). */
static bool read_spelling(Position *pos, const char *spelling, bool chess960, TypedMove *out, bool *error_said)
{
    char error[TYPED_MOVE_ERROR_MAX];
    Move coordinate = move_from_uci(pos, spelling, chess960, NULL, 0);
    if (coordinate != MOVE_NONE) add_choice(&out->choices, coordinate);
    MoveList matches;
    int count = move_san_matches(pos, spelling, &matches, NULL, 0);
    for (int i = 0; i < count; i++) add_choice(&out->choices, matches.moves[i]);
    bool shaped = coordinate != MOVE_NONE || count >= 0;
    if (shaped && !*error_said && move_parse(pos, spelling, chess960, error, sizeof error) == MOVE_NONE) {
        snprintf(out->error, sizeof out->error, "%s", error);
        *error_said = true;
    }
    return shaped;
}

void typed_move_read(Position *pos, const char *text, bool chess960, TypedMove *out)
{
    out->move = MOVE_NONE;
    out->choices.count = 0;
    snprintf(out->error, sizeof out->error, "not a move");
    bool shaped = false, error_said = false;
    for (Reading reading = READ_AS_TYPED; reading < READING_COUNT; reading++) {
        char spelling[MOVE_TEXT_MAX];
        if (spell(text, reading, spelling, sizeof spelling))
            shaped |= read_spelling(pos, spelling, chess960, out, &error_said);
    }
    const MoveList *choices = &out->choices;
    /* Of several, the one the text writes correctly. */
    int exact = 0, exact_count = 0;
    for (int i = 0; i < choices->count && choices->count > 1; i++)
        if (is_exact_notation(pos, choices->moves[i], text, chess960)) {
            exact = i;
            exact_count++;
        }
    if (choices->count == 1 || exact_count == 1) {
        out->status = TYPED_MOVE_FOUND;
        out->move = choices->moves[exact];
    } else if (choices->count > 1) {
        out->status = TYPED_MOVE_AMBIGUOUS;
    } else {
        out->status = shaped ? TYPED_MOVE_ILLEGAL : TYPED_MOVE_NOT_A_MOVE;
    }
}
