/* root_verdict.c - the root's verdict on its moves at the depth that chose one: the lines kept
 * exactly (root_lines.c with the explanation's margin), the tie count, the expected moves' lines. */
#include "root_verdict.h"

#include <string.h>

int explain_expected_index(const ExplainRequest *request, Move move)
{
    for (int i = 0; i < request->expected_count; i++)
        if (request->expected[i] == move) return i;
    return -1;
}

void root_verdict_take(RootVerdict *verdict, const RootLines *lines, const SearchInfo *expected, int expected_count,
                       Depth depth, int searched, int root_moves, bool partial)
{
    verdict->depth = lines->count > 0 ? depth : 0;
    verdict->partial = partial;
    verdict->searched = searched;
    verdict->root_moves = root_moves;
    verdict->margin = lines->margin;
    verdict->tied = 0;
    verdict->near = 0;
    verdict->line_count = 0;
    for (int i = 0; i < lines->count; i++) {
        const SearchInfo *line = &lines->lines[i];
        if (i > 0 && !root_lines_equal_to_best(lines, line->score)) break;
        if (line->score == lines->lines[0].score) verdict->tied++;
        verdict->near++;
        if (verdict->line_count < VERDICT_LINES_MAX) {
            verdict->lines[verdict->line_count] = *line;
            verdict->lines[verdict->line_count].depth = depth;
            verdict->line_count++;
        }
    }
    verdict->expected_count = expected_count < VERDICT_EXPECTED_MAX ? expected_count : VERDICT_EXPECTED_MAX;
    memcpy(verdict->expected, expected, (size_t)verdict->expected_count * sizeof expected[0]);
}
