/* root_lines.c - the root's scored lines: the K best root moves and those within a margin of the
 * best, ordered by score and, among equal scores, by the pre-sort (MultiPV and Variety). */
#include "root_lines.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

void root_lines_reset(RootLines *lines, int wanted, Score margin, int margin_span)
{
    lines->wanted = wanted < 1 ? 1 : wanted > MOVE_LIST_MAX ? MOVE_LIST_MAX : wanted;
    lines->margin = margin;
    lines->margin_span = margin_span;
    lines->count = 0;
}

/* The lowest score that is still equal to the best: a mate counts only as itself. */
static Score equal_floor(const RootLines *lines)
{
    Score best = lines->lines[0].score;
    if (score_is_mate(best)) return best;
    return best - lines->margin;
}

bool root_lines_equal_to_best(const RootLines *lines, Score score)
{
    if (lines->count == 0 || lines->margin < 0) return false;
    if (score_is_mate(score)) return score == lines->lines[0].score;
    return score >= equal_floor(lines);
}

Score root_lines_bound(const RootLines *lines, int rank, Score floor)
{
    Score bound = floor;
    if (lines->count >= lines->wanted) {
        /* Ties go to the earlier move of the pre-sort, as at a plain root (§4). */
        const SearchInfo *last = &lines->lines[lines->wanted - 1];
        bound = rank < last->presort_rank - 1 ? last->score - 1 : last->score;
        /* Only the moves Variety may choose need to be known equal to the best: a move far from
         * the best in the pre-sort keeps the cheaper bound. */
        bool near = abs(rank + 1 - lines->lines[0].presort_rank) <= lines->margin_span;
        if (lines->margin >= 0 && near && equal_floor(lines) - 1 < bound) bound = equal_floor(lines) - 1;
    }
    return bound > floor ? bound : floor;
}

/* Whether line `a` goes before a line of score `score` and rank `rank` (1-based). */
static bool goes_before(const SearchInfo *a, Score score, int rank)
{
    return a->score > score || (a->score == score && a->presort_rank < rank);
}

void root_lines_add(RootLines *lines, Move move, int rank, Score score, const Move *below, int below_length)
{
    int at = 0;
    while (at < lines->count && goes_before(&lines->lines[at], score, rank + 1)) at++;
    if (at >= MOVE_LIST_MAX) return;
    int moved = lines->count < MOVE_LIST_MAX ? lines->count - at : lines->count - at - 1;
    memmove(&lines->lines[at + 1], &lines->lines[at], (size_t)moved * sizeof lines->lines[0]);
    SearchInfo *line = &lines->lines[at];
    memset(line, 0, offsetof(SearchInfo, pv));
    line->score = score;
    line->presort_rank = rank + 1;
    line->pv[0] = move;
    line->pv_length = 1 + (below_length < MAX_PLY - 1 ? below_length : MAX_PLY - 1);
    memcpy(&line->pv[1], below, (size_t)(line->pv_length - 1) * sizeof below[0]);
    if (lines->count < MOVE_LIST_MAX) lines->count++;
    /* Keep the `wanted` best and, beyond them, those still equal to the (perhaps new) best. */
    int kept = lines->wanted;
    while (kept < lines->count && root_lines_equal_to_best(lines, lines->lines[kept].score)) kept++;
    if (kept < lines->count) lines->count = kept;
}
