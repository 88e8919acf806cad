/* root_verdict.c - the root's verdict on its moves at the depth that chose one: the chosen line,
 * the moves tied with it, the expected moves' lines. */
#include "root_verdict.h"

#include <stddef.h>
#include <string.h>

int explain_expected_index(const ExplainRequest *request, Move move)
{
    for (int i = 0; i < request->expected_count; i++)
        if (request->expected[i] == move) return i;
    return -1;
}

void root_verdict_begin(RootVerdict *verdict, const SearchInfo *best, int searched, int root_moves, bool partial)
{
    verdict->depth = best->depth;
    verdict->partial = partial;
    verdict->searched = searched;
    verdict->root_moves = root_moves;
    verdict->tied = 1;
    verdict->ties_cut = false;
    verdict->lines[0] = *best;
    verdict->line_count = 1;
    verdict->expected_count = 0;
}

void root_verdict_add_tied(RootVerdict *verdict, Move move, int rank)
{
    verdict->tied++;
    if (verdict->line_count >= VERDICT_LINES_MAX) return;
    SearchInfo *line = &verdict->lines[verdict->line_count++];
    memset(line, 0, offsetof(SearchInfo, pv));
    line->depth = verdict->depth;
    line->score = verdict->lines[0].score;
    line->presort_rank = rank + 1;
    line->pv[0] = move;
    line->pv_length = 1;
}

void root_verdict_set_expected(RootVerdict *verdict, const SearchInfo *expected, int count)
{
    verdict->expected_count = count < VERDICT_EXPECTED_MAX ? count : VERDICT_EXPECTED_MAX;
    memcpy(verdict->expected, expected, (size_t)verdict->expected_count * sizeof expected[0]);
}
