/* quote.c - input quoted back in a refusal, never cut without a mark (issue 51, F4). */
#include "quote.h"

#include <string.h>

const char *quote_input(const char *text, size_t limit, char *out, size_t size)
{
    if (size == 0) return out;
    if (!text) text = "";
    size_t room = size - 1 < limit ? size - 1 : limit;
    size_t length = strlen(text);
    if (length <= room) {
        memcpy(out, text, length + 1);
        return out;
    }
    const size_t mark = sizeof QUOTE_CUT_MARK - 1;
    size_t kept = room > mark ? room - mark : 0;
    memcpy(out, text, kept);
    memcpy(out + kept, QUOTE_CUT_MARK, room - kept);
    out[room] = '\0';
    return out;
}
