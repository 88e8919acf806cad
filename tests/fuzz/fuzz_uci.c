/* fuzz_uci.c - whole UCI sessions: the input's lines after `uci`, then isready. */
#include "fuzz_session.h"
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_session_run(FUZZ_UCI, data, size);
    return 0;
}
