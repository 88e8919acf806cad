/* test_quote.c - input quoted back in a refusal (quote.c, and the echo text_printable makes of
 * it): whole when it fits, else cut with QUOTE_CUT_MARK, never past the room given (issue 51). */
#include <string.h>

#include "cases.h"
#include "quote.h"
#include "test.h"
#include "text.h"

TEST_CASE(quote_input_is_whole_or_marks_its_cut)
{
    char out[16];
    CHECK(!strcmp(quote_input("e2e4", 10, out, sizeof out), "e2e4"));
    CHECK(!strcmp(quote_input("0123456789", 10, out, sizeof out), "0123456789"));
    CHECK(!strcmp(quote_input("0123456789A", 10, out, sizeof out), "0123456..."));
    CHECK(!strcmp(quote_input(NULL, 10, out, sizeof out), ""));
    /* The buffer, not the limit, is the tighter bound: 15 characters and the NUL. */
    CHECK(!strcmp(quote_input("abcdefghijklmnopqrstuvwxyz", 40, out, sizeof out), "abcdefghijkl..."));
    /* Room for less than the mark: what fits of it. */
    char tiny[3];
    CHECK(!strcmp(quote_input("abcdef", 10, tiny, sizeof tiny), ".."));
}

TEST_CASE(text_printable_marks_a_cut_echo)
{
    char out[8];
    text_printable("go\x01on", out, sizeof out);
    CHECK(!strcmp(out, "go?on"));
    text_printable("position fen", out, sizeof out);
    CHECK(!strcmp(out, "posi..."));
}
