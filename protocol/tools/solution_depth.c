/* solution_depth.c - Berliner's solution depth of a test problem, computed from a reference
 * search's principal variation (docs/STATISTICS.md gives the definition in full). */
#include "solution_depth.h"

#include <stdlib.h>
#include <string.h>

#include "attack.h"
#include "makemove.h"
#include "movegen.h"
#include "rules.h"

/* [C] The line "shows what it wins" once the capture balance is within half a pawn of the
 * balance at its end (TECH's pawn is 100). */
enum { NEEDED_MARGIN = 50 };
/* [C] The reference search goes no deeper than this many plies (it stops earlier at its node
 * budget). */
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

/* TECH's bottom evaluation of `pos`: the material balance at the base values, from the side
 * to move's view, after the best capture sequence (either side may stop capturing). */
static Score capture_balance(Position *pos)
{
    return capture_search(pos, -SCORE_INFINITE, SCORE_INFINITE, CAPTURE_PLIES_MAX);
}

/* How many plies of `pv` (played from `root`) a search needs before TECH's bottom evaluation
 * shows what the whole line wins: the shortest prefix, at least one ply, whose capture
 * balance (from the root side's view) comes within `margin` of the balance at the end of the
 * line; the whole line when it ends in mate (`mate`); 0 when it ends less than `margin`
 * above the root's material (what it wins lies beyond what the bottom evaluation sees). */
static int needed_plies(const Position *root, const Move *pv, int length, bool mate, Score margin)
{
    Position *pos = malloc(sizeof *pos);
    if (mate || length <= 1 || !pos) {
        free(pos);
        return length;
    }
    Score balance[MAX_PLY + 1];
    position_copy(pos, root);
    Score start = material_for_side_to_move(pos);
    for (int ply = 0; ply < length; ply++) {
        make_move(pos, pv[ply]);
        /* From the root side's view: after an odd number of plies the opponent is to move. */
        Score own = capture_balance(pos);
        balance[ply + 1] = ply % 2 == 0 ? -own : own;
    }
    free(pos);
    /* A line that ends no better than the material it began with wins nothing TECH's bottom
     * evaluation can see (a promotion to come, a defence): all of it is needed. */
    if (balance[length] < start + margin) return 0;
    int needed = 1;
    while (needed < length && balance[needed] < balance[length] - margin) needed++;
    return needed;
}

/* Whether the side to move has a legal move that captures nothing. */
static bool has_quiet_move(Position *pos)
{
    MoveList list;
    generate_legal(pos, &list);
    for (int i = 0; i < list.count; i++)
        if (!move_is_capture(list.moves[i])) return true;
    return false;
}

/* Berliner's "deepest non-capture in any branch" along the first `needed` plies of `pv` from
 * `root`: the deepest ply whose move is a non-capture, or is the defender's and he had a
 * legal non-capture there (a capture of his is a choice: in the branch where he declines it,
 * that ply is a non-capture). */
static int branch_depth(const Position *root, const Move *pv, int needed)
{
    Position *pos = malloc(sizeof *pos);
    if (!pos) return deepest_non_capture(pv, needed);
    position_copy(pos, root);
    int deepest = 1;
    for (int ply = 0; ply < needed; ply++) {
        bool defender = ply % 2 == 1;
        if (!move_is_capture(pv[ply]) || (defender && has_quiet_move(pos))) deepest = ply + 1;
        make_move(pos, pv[ply]);
    }
    free(pos);
    return deepest;
}

/* The principal variation the reference search reports at each depth it completes. */
typedef struct {
    Score score[REFERENCE_DEPTH_MAX + 1];
    int length[REFERENCE_DEPTH_MAX + 1]; /* 0: no line at that depth */
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

static bool is_solution(const EpdRecord *record, Move move)
{
    for (int i = 0; i < record->best_count; i++)
        if (move_same(record->best[i], move)) return true;
    return false;
}

/* The depth from which on the reference search plays a solution at every completed depth:
 * its line is the solution as first seen, before deeper search adds play the problem does not
 * ask for. 0 when it does not play one at its deepest completed depth. */
static int found_depth(const ReferenceLines *lines, const EpdRecord *record, int completed)
{
    int found = 0;
    for (int d = completed; d >= 1; d--) {
        if (!lines->length[d] || !is_solution(record, lines->pv[d][0])) break;
        found = d;
    }
    return found;
}

/* Take the line of `depth` as the solution and count the plies it needs (0: no gain in sight). */
static void take_line(const ReferenceLines *lines, int depth, const Position *pos, SolutionDepth *out)
{
    out->score = lines->score[depth];
    out->pv_length = lines->length[depth];
    memcpy(out->pv, lines->pv[depth], (size_t)out->pv_length * sizeof out->pv[0]);
    out->needed = needed_plies(pos, out->pv, out->pv_length, score_is_mate(out->score), NEEDED_MARGIN);
}

bool solution_depth(Search *search, const Position *pos, const EpdRecord *record, uint64_t nodes, SolutionDepth *out)
{
    memset(out, 0, sizeof *out);
    if (record->best_count == 0) return false;
    SearchFeatures features;
    search_features_faithful(&features); /* TECH's own tree: full width, then captures only */
    SearchLimits limits = {.depth = REFERENCE_DEPTH_MAX, .first_depth = 1, .nodes = nodes};
    SearchControl control;
    search_control_reset(&control);
    ReferenceLines *lines = calloc(1, sizeof *lines);
    if (!lines) return false;
    SearchReporter reporter = {.context = lines, .on_info = keep_line};
    search_clear(search);
    SearchResult result = search_run(search, pos, &limits, &features, &control, &reporter);
    int depth = found_depth(lines, record, result.depth);
    out->searched = result.depth;
    /* The first of those depths whose line shows the gain: Berliner's criterion asks the
     * principal variation to show why the move wins. */
    while (depth && depth <= result.depth && lines->score[depth] <= 0) depth++;
    if (depth > result.depth) depth = 0;
    if (!depth) {
        /* Not played at the deepest depth searched: deeper than that, at least. */
        out->depth = result.depth + 1 > 10 ? SOLUTION_DEPTH_OVER : result.depth + 1;
    } else {
        take_line(lines, depth, pos, out);
        bool mate = score_is_mate(out->score);
        if (out->needed == 0) out->needed = out->pv_length; /* no gain in sight: all of it */
        /* Berliner's measure read from TECH's own principal variation: the deepest non-capture
         * along the plies the line needs, the defender's captures counting as non-captures
         * where he had a quiet choice (the branches of the principal variation). A mate counts
         * its line's length: TECH sees it a ply after the mating move (the mated side must be
         * found without a legal move). Not the depth at which the search first plays the move:
         * a shallow search can play it for a shallow reason, and a deep one for reasons the
         * line does not show. */
        out->line_depth = mate ? out->needed : branch_depth(pos, out->pv, out->needed);
        out->depth = out->line_depth > 10 ? SOLUTION_DEPTH_OVER : out->line_depth;
    }
    free(lines);
    return true;
}
