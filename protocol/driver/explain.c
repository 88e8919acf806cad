/* explain.c - why TECH plays a move, from the root's verdict that the search took at the depth
 * that chose it (engine/root_verdict.h) and the pre-sort the search ordered its moves by (the
 * same function on the same position): the material the move's line wins or loses in base
 * values, the moves that tied with it and the pre-sort terms that put it first, the refutation of
 * the expected move, and the depth the level saw. Nothing here searches. */
#include "explain.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"
#include "makemove.h"
#include "notation.h"
#include "rules.h"

/* The root moves in the order the search gives them (search.c, root_moves_prepare). */
static void presort_as_searched(Position *pos, const SearchFeatures *features, bool started_from_initial,
                                Presort *presort)
{
    if (features->presort)
        presort_root(pos, started_from_initial, features->expanded_positional, features->presort_reading, presort);
    else presort_none(pos, presort);
}

/* The capture a person sees first: the most valuable man taken, by the least valuable taker. */
static Move natural_capture(Position *pos, Move other_than)
{
    MoveList list;
    generate_legal(pos, &list);
    Move best = MOVE_NONE;
    int best_key = 0;
    for (int i = 0; i < list.count; i++) {
        Move m = list.moves[i];
        if (!move_is_capture(m) || m == other_than) continue;
        int taker = piece_type(pos->board[move_from(m)]);
        int key = piece_value[move_captured(m)] * 16 - taker;
        if (best == MOVE_NONE || key > best_key) {
            best = m;
            best_key = key;
        }
    }
    return best;
}

void explain_request(Position *pos, const SearchFeatures *features, bool started_from_initial, ExplainRequest *out)
{
    memset(out, 0, sizeof *out);
    out->on = true;
    Presort *presort = malloc(sizeof *presort);
    if (!presort) return;
    presort_as_searched(pos, features, started_from_initial, presort);
    Move first = presort->count > 0 ? presort->entries[0].move : MOVE_NONE;
    free(presort);
    if (first != MOVE_NONE) out->expected[out->expected_count++] = first;
    Move capture = natural_capture(pos, first);
    if (capture != MOVE_NONE) out->expected[out->expected_count++] = capture;
}

/* Base material of one side (kings left out). */
static int side_material(const Position *pos, Color side)
{
    int total = 0;
    for (PieceType t = PAWN; t < KING; t++) total += piece_value[t] * pos->count[side][t];
    return total;
}

/* Replay a search line from `pos` and count what it does to the material. */
static void explain_line(Position *pos, const SearchInfo *info, ExplainedLine *out)
{
    memset(out, 0, sizeof *out);
    out->score = info->score;
    const Color us = pos->side;
    int before[COLOR_NB][PIECE_TYPE_NB];
    for (Color c = BLACK; c <= WHITE; c++)
        for (PieceType t = EMPTY; t < PIECE_TYPE_NB; t++) before[c][t] = pos->count[c][t];
    int start = side_material(pos, us) - side_material(pos, (Color)!us);
    int made = 0;
    for (int i = 0; i < info->pv_length && i < MAX_PLY; i++) {
        out->pv[out->pv_length++] = info->pv[i];
        make_move(pos, info->pv[i]);
        made++;
    }
    out->material = side_material(pos, us) - side_material(pos, (Color)!us) - start;
    for (PieceType t = PAWN; t < KING; t++) {
        out->gained[t] = before[!us][t] - pos->count[!us][t];
        out->lost[t] = before[us][t] - pos->count[us][t];
    }
    while (made-- > 0) unmake_move(pos);
}

/* The pre-sort entry of `move`, and its rank (0 = first), or NULL. */
static const PresortEntry *presort_entry(const Presort *presort, Move move, int *rank)
{
    for (int i = 0; i < presort->count; i++)
        if (presort->entries[i].move == move) {
            *rank = i;
            return &presort->entries[i];
        }
    return NULL;
}

/* The entry's largest positive terms, largest first, into terms[]; their number. */
static int leading_terms(const PresortEntry *entry, PresortTerm terms[EXPLAIN_TERMS_MAX])
{
    int count = 0;
    bool used[PRESORT_TERMS_MAX] = {false};
    while (count < EXPLAIN_TERMS_MAX) {
        int pick = -1;
        for (int t = 0; t < entry->term_count; t++)
            if (!used[t] && entry->terms[t].value > 0 && (pick < 0 || entry->terms[t].value > entry->terms[pick].value))
                pick = t;
        if (pick < 0) break;
        used[pick] = true;
        terms[count++] = entry->terms[pick];
    }
    return count;
}

/* The tied moves' pre-sort: the chosen move's leading terms and the next tied move's. */
static void explain_presort(const RootVerdict *v, int chosen_at, const Presort *presort, Explanation *out)
{
    int rank = 0;
    const PresortEntry *entry = presort_entry(presort, out->move, &rank);
    if (!entry) return;
    out->presort_rank = rank + 1;
    out->presort_score = entry->score;
    out->term_count = leading_terms(entry, out->terms);
    int next_rank = MOVE_LIST_MAX;
    for (int i = 0; i < v->line_count; i++) {
        const SearchInfo *line = &v->lines[i];
        if (i == chosen_at || line->score != v->lines[chosen_at].score) continue;
        if (line->presort_rank > out->presort_rank && line->presort_rank < next_rank) {
            next_rank = line->presort_rank;
            out->runner_up = line->pv[0];
        }
    }
    int runner_rank = 0;
    const PresortEntry *runner =
        next_rank < MOVE_LIST_MAX ? presort_entry(presort, out->runner_up, &runner_rank) : NULL;
    if (!runner) return;
    out->has_runner_up = true;
    out->runner_score = runner->score;
    out->runner_term_count = leading_terms(runner, out->runner_terms);
}

/* The expected moves the search rejected for less material: the pre-sort's first, then the
 * most natural capture; and one that kept the material but scored lower at positional leaves. */
static void explain_refutations(Position *pos, const RootVerdict *v, const Presort *presort, bool positional_leaves,
                                Explanation *out)
{
    out->refuted_count = 0;
    for (int i = 0; i < v->expected_count; i++) {
        const SearchInfo *line = &v->expected[i];
        if (line->pv[0] == out->move || line->score >= out->chosen.score) continue;
        ExplainedLine *refuted = &out->refuted[out->refuted_count];
        explain_line(pos, line, refuted);
        if (refuted->material >= out->chosen.material && !score_is_mate(line->score)) {
            /* As much material, a lower score: the leaves' positional terms (E11, E12) chose. */
            if (positional_leaves && refuted->material == out->chosen.material && !out->positional_decided) {
                out->positional_decided = true;
                out->positional_rival = *refuted;
            }
            continue;
        }
        out->refuted_was_first[out->refuted_count] = presort->count > 0 && presort->entries[0].move == line->pv[0];
        out->refuted_count++;
    }
}

void explain_build(Position *pos, const SearchFeatures *features, bool started_from_initial, const JobResult *result,
                   Explanation *out)
{
    memset(out, 0, sizeof *out);
    out->move = result->best_move;
    const RootVerdict *v = &result->verdict;
    out->searched = v->depth > 0 && !result->insurance_used;
    if (!out->searched || result->best_move == MOVE_NONE) return;
    int chosen_at = -1;
    for (int i = 0; i < v->line_count && chosen_at < 0; i++)
        if (v->lines[i].pv[0] == result->best_move) chosen_at = i;
    if (chosen_at < 0) return;
    Presort *presort = malloc(sizeof *presort);
    if (!presort) return;
    presort_as_searched(pos, features, started_from_initial, presort);
    out->known = true;
    out->variety = chosen_at > 0;
    out->depth = v->depth;
    out->partial = v->partial;
    out->searched = v->searched;
    out->root_moves = v->root_moves;
    out->tied = v->tied;
    out->ties_cut = v->ties_cut;
    explain_line(pos, &v->lines[chosen_at], &out->chosen);
    explain_presort(v, chosen_at, presort, out);
    explain_refutations(pos, v, presort, features->tree_positional || features->piece_values, out);
    free(presort);
}

void explain_job(Game *game, const Settings *settings, const JobResult *result, bool for_person, char *out, size_t size)
{
    SearchFeatures features;
    settings_search_features(settings, &features);
    Explanation *e = malloc(sizeof *e);
    if (!e) {
        snprintf(out, size, "out of memory: no explanation");
        return;
    }
    explain_build(&game->pos, &features, game->started_from_initial, result, e);
    ExplainPlayer player = {
        .profile = settings_profile_name(settings),
        .elo = settings->limit_strength ? settings->elo : 0,
        .paced = !settings->limit_strength && settings->features.pace_multiple > 0,
        .for_person = for_person,
        .variety = settings->variety,
    };
    explain_text(&game->pos, &player, e, out, size);
    free(e);
}
