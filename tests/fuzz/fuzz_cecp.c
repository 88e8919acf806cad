/* fuzz_cecp.c - whole CECP sessions: the input's lines after `xboard` and `protover 2`, then
 * a ping. */
#include "fuzz_session.h"
#include "fuzz_support.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_session_run(FUZZ_CECP, data, size);
    return 0;
}
