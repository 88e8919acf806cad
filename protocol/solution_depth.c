/* solution_depth.c - Berliner's solution depth of a test problem, computed from a reference
 * search's principal variation (docs/STATISTICS.md gives the definition in full). */
#include "solution_depth.h"

#include <stdlib.h>
#include <string.h>

#include "attack.h"
#include "makemove.h"
#include "movegen.h"

/* [C] The line "shows what it wins" once the capture balance is within half a pawn of the
 * balance at its end (TECH's pawn is 100). */
enum { NEEDED_MARGIN = 50 };
/* [C] The reference search goes no deeper than this many plies (it stops earlier on time). */
enum { REFERENCE_DEPTH_MAX = 14 };
/* Capture sequences are followed at most this deep (they end long before in practice). */
enum { CAPTURE_PLIES_MAX = 32 };

int deepest_non_capture(const Move *pv, int needed)
{
    int deepest = 1;
    for (int ply = 0; ply < needed; ply++)
        if (!move_is_capture(pv[ply])) deepest = ply + 1;
    return deepest;
}

static Score material_for_side_to_move(const Position *pos)
{
    Score white = pos->material[WHITE] - pos->material[BLACK];
    return pos->side == WHITE ? white : -white;
}

/* Alpha-beta over captures only, material leaves: TECH's quiescence at its base values. */
static Score capture_search(Position *pos, Score alpha, Score beta, int plies_left)
{
    Score stand = material_for_side_to_move(pos);
    if (stand >= beta || plies_left == 0) return stand;
    if (stand > alpha) alpha = stand;
    MoveList list;
    generate_moves(pos, GEN_NOISY, &list);
    for (int i = 0; i < list.count; i++) {
        if (!move_is_capture(list.moves[i])) continue;
        make_move(pos, list.moves[i]);
        bool illegal = enemy_king_capturable(pos);
        Score v = illegal ? -SCORE_INFINITE : -capture_search(pos, -beta, -alpha, plies_left - 1);
        unmake_move(pos);
        if (v >= beta) return v;
        if (v > alpha) alpha = v;
    }
    return alpha;
}

Score capture_balance(Position *pos) { return capture_search(pos, -SCORE_INFINITE, SCORE_INFINITE, CAPTURE_PLIES_MAX); }

int needed_plies(const Position *root, const Move *pv, int length, bool mate, Score margin)
{
    Position *pos = malloc(sizeof *pos);
    if (mate || length <= 1 || !pos) {
        free(pos);
        return length;
    }
    Score balance[MAX_PLY + 1];
    position_copy(pos, root);
    for (int ply = 0; ply < length; ply++) {
        make_move(pos, pv[ply]);
        /* From the root side's view: after an odd number of plies the opponent is to move. */
        Score own = capture_balance(pos);
        balance[ply + 1] = ply % 2 == 0 ? -own : own;
    }
    free(pos);
    int needed = 1;
    while (needed < length && balance[needed] < balance[length] - margin) needed++;
    return needed;
}

/* The principal variation the reference search reports at each depth it completes. */
typedef struct {
    Score score[REFERENCE_DEPTH_MAX + 1];
    int length[REFERENCE_DEPTH_MAX + 1];     /* 0: no line at that depth */
    Move pv[REFERENCE_DEPTH_MAX + 1][MAX_PLY];
} ReferenceLines;

static void keep_line(void *context, const SearchInfo *info)
{
    ReferenceLines *lines = context;
    if (info->depth < 1 || info->depth > REFERENCE_DEPTH_MAX || info->pv_length == 0) return;
    lines->score[info->depth] = info->score;
    lines->length[info->depth] = info->pv_length;
    memcpy(lines->pv[info->depth], info->pv, (size_t)info->pv_length * sizeof info->pv[0]);
}

/* The first depth whose score is within `margin` of the deepest depth's (a mate: the first
 * that sees the mate): its line is the solution as first seen, before the search adds play
 * that the problem does not ask for. 0 when there is no line. */
static int first_winning_depth(const ReferenceLines *lines, Score margin)
{
    int deepest = 0;
    for (int d = 1; d <= REFERENCE_DEPTH_MAX; d++)
        if (lines->length[d]) deepest = d;
    if (!deepest) return 0;
    Score final = lines->score[deepest];
    for (int d = 1; d < deepest; d++) {
        if (!lines->length[d]) continue;
        if (score_is_mate(final) ? lines->score[d] == final : lines->score[d] >= final - margin) return d;
    }
    return deepest;
}

bool solution_depth(Search *search, const Position *pos, const EpdRecord *record, uint64_t nodes,
                    SolutionDepth *out)
{
    memset(out, 0, sizeof *out);
    if (record->best_count == 0) return false;
    SearchFeatures features;
    search_features_modern(&features);
    features.transposition_table = false; /* a table cut-off would cut the line short */
    features.threads = 1;
    SearchLimits limits = {.depth = REFERENCE_DEPTH_MAX, .first_depth = 1, .nodes = nodes};
    limits.searchmoves_count = record->best_count;
    memcpy(limits.searchmoves, record->best, (size_t)record->best_count * sizeof record->best[0]);
    SearchControl control;
    search_control_reset(&control);
    ReferenceLines *lines = calloc(1, sizeof *lines);
    if (!lines) return false;
    SearchReporter reporter = {lines, keep_line, NULL};
    search_clear(search);
    search_run(search, pos, &limits, &features, &control, &reporter);
    int depth = first_winning_depth(lines, NEEDED_MARGIN);
    if (depth) {
        out->score = lines->score[depth];
        out->pv_length = lines->length[depth];
        memcpy(out->pv, lines->pv[depth], (size_t)out->pv_length * sizeof out->pv[0]);
        bool mate = score_is_mate(out->score);
        out->needed = needed_plies(pos, out->pv, out->pv_length, mate, NEEDED_MARGIN);
        /* A mate is seen only when every defence at every ply of the line has been searched:
         * in some branch each of its plies is a non-capture. */
        int deepest = mate ? out->needed : deepest_non_capture(out->pv, out->needed);
        out->depth = deepest > 10 ? SOLUTION_DEPTH_OVER : deepest;
    }
    free(lines);
    return depth > 0;
}
