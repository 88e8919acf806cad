/* variety.c - Variety: the root moves equal to the best and close to it in the pre-sort, and a
 * choice among them from a random source each search owns (no shared state between threads). */
#include "variety.h"

#include <stdlib.h>
#include <string.h>

#include "platform.h"

void variety_collect(VarietyCandidates *candidates, const RootLines *lines)
{
    candidates->count = 0;
    if (lines->count == 0) return;
    int best_rank = lines->lines[0].presort_rank;
    for (int i = 0; i < lines->count && candidates->count < VARIETY_CANDIDATES_MAX; i++) {
        const SearchInfo *line = &lines->lines[i];
        if (i > 0 && !root_lines_equal_to_best(lines, line->score)) break; /* best first: the rest score less */
        if (abs(line->presort_rank - best_rank) > VARIETY_RANK_SPAN) continue;
        candidates->lines[candidates->count++] = *line;
    }
}

/* The next number of the source (splitmix64). */
static uint64_t random_next(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

const SearchInfo *variety_choose(const VarietyCandidates *candidates, uint64_t *random_state)
{
    if (candidates->count == 0) return NULL;
    /* The bias of a modulo of 2^64 by at most VARIETY_CANDIDATES_MAX is far below anything a
     * person could notice. */
    return &candidates->lines[random_next(random_state) % (uint64_t)candidates->count];
}

uint64_t random_seed(const void *salt)
{
    uint64_t state = platform_entropy() ^ (uint64_t)(uintptr_t)salt;
    return random_next(&state);
}
