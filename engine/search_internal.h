/* search_internal.h - the state one search thread owns, shared by the tree search (tree.c) and
 * the root and depth driver (search.c), the control (search_control.c) and the helpers
 * (shared_search.c). Not part of the engine's API. */
#ifndef TECH_SEARCH_INTERNAL_H
#define TECH_SEARCH_INTERNAL_H

#include <assert.h>
#include <stdatomic.h>
#include <string.h>

#include "clock.h"
#include "eval.h"
#include "makemove.h"
#include "ordering.h"
#include "root_lines.h"
#include "root_verdict.h"
#include "search.h"
#include "search_control.h"
#include "shared_search.h"
#include "tt.h"
#include "variety.h"

/* The stop flag and the clock are looked at once every this many nodes (docs/SPEC.md §7). */
enum { POLL_INTERVAL = 1024 };

/* A root move and its place in TECH's positional order (0 = the pre-sort's first). Ties
 * between equal scores always go to the lower rank, whatever order the moves are searched in
 * (docs/SPEC.md §4: "ties go to the earlier move"). */
typedef struct {
    Move move;
    int rank;
} RootMove;

typedef struct {
    RootMove moves[MOVE_LIST_MAX];
    int count;
} RootMoves;

typedef struct Search {
    Position pos;                         /* the search's own copy of the root position */
    Move killers[MAX_PLY][KILLER_SLOTS];  /* one killer per ply [C, docs/SPEC.md §4]; two with E9 */
    History history;                      /* E9: quiet moves' cut-offs */
    bool in_check[MAX_PLY + 1];           /* side to move in check at each ply (set before its moves) */
    Score material[MAX_PLY + 1];          /* White-minus-Black material at each ply, revalued */
    Score value[COLOR_NB][PIECE_TYPE_NB]; /* piece values for this search (§5.8) */
    EvalLine eval;                        /* E11/E12: the leaf's knowledge along the line */
    bool eval_incremental;                /* E11 or E12 on: the line is kept by search_make */
    bool leaf_knowledge;                  /* E11, E12 or E13 on: leaves are more than material */
    bool keyed;                           /* the tree reads the Zobrist key (E4, E5): moves keep it up to date */
    EvalSwitches eval_switches;
    Move pv[MAX_PLY][MAX_PLY]; /* triangular principal-variation table */
    int pv_length[MAX_PLY];
    SearchStats stats;
    _Atomic uint64_t published_nodes; /* stats.nodes as of the last poll, for other threads */
    SearchFeatures features;
    SearchControl *control;
    uint64_t node_limit;
    int64_t pdp10_budget_us; /* abort at this much virtual PDP-10 time (0 = none) */
    bool on_pdp10_clock;     /* paced (Speed), or under a PDP-10 budget */
    uint64_t poll_mask;      /* search_poll when (nodes & poll_mask) == 0 (see search_begin) */
    int64_t start_us;
    const SearchReporter *reporter; /* the main search's (heartbeats from the poll); NULL in helpers */
    int64_t last_progress_us;       /* when the last heartbeat went out (or the search began) */
    Depth depth_under_way;
    Move iteration_best;                         /* best move of the previous depth (searched first with E7) */
    Score iteration_score;                       /* its score (E8: the centre of the aspiration window) */
    Move known_best;                             /* SearchLimits.known_best: the first depth's previous best */
    int64_t depth_end_us[SEARCH_DEPTH_MAX + 2];  /* when each depth completed; 0 = not (yet) */
    int64_t depth_time_us[SEARCH_DEPTH_MAX + 2]; /* how long each depth took */
    int64_t depth_start_us;
    RootMoves root;
    /* MultiPV > 1 or Variety: the root keeps every line it needs with its exact score (root_lines.c);
     * otherwise the plain root of the report, one best move. */
    bool root_lines_on;
    int multipv; /* lines reported per depth (1 = the best only) */
    bool variety;
    Score variety_margin;
    RootLines lines;                                 /* the depth under way */
    VarietyCandidates candidates;                    /* Variety's choice at the last completed depth */
    uint64_t random_state;                           /* Variety's random source: this search's own */
    ExplainRequest explain;                          /* SearchLimits.explain */
    SearchInfo expected_lines[VERDICT_EXPECTED_MAX]; /* the expected moves' lines, depth under way */
    int expected_done;
    RootVerdict verdict;    /* the explanation's verdict at the depth that chose the move */
    TranspositionTable *tt; /* E4: shared table, or NULL */
    SharedSearch *shared;   /* the helpers and the busy table while helpers work, else NULL */
    SharedSearch *threads;  /* the main search's helpers, kept asleep between searches */
    bool is_helper;
    bool aborted;
    bool budget_spent; /* the abort was the PDP-10 budget's */
} Search;

/* Set up a search of `root_pos` on this thread's Search (search.c; the helpers too). */
void search_begin(Search *s, const Position *root_pos, const SearchLimits *limits, const SearchFeatures *features,
                  SearchControl *control);

/* Depth after depth from `first` to `cap` (search.c; the helpers too). */
void search_depths(Search *s, const SearchLimits *limits, Depth first, Depth cap, const SearchReporter *reporter,
                   SearchResult *result);

/* What the caller knows of whether the side to move is in check at the node it enters: E2 tests
 * each move for check before its node is searched, and the node takes that answer instead of
 * testing again. */
typedef enum { CHECK_UNKNOWN, CHECK_NONE, CHECK_GIVEN } CheckKnown;

/* Full-width alpha-beta below the root (tree.c): the value of the position after the root
 * move just made, from the side to move's view. */
Score tree_search(Search *s, Depth depth, Score alpha, Score beta, int ply, int extensions, CheckKnown check);

/* Whether the side to move was put in check by the last move (tree.c). */
bool tree_side_to_move_in_check(const Search *s);

/* E2: at most this many check extensions along one line [C]. */
enum { CHECK_EXTENSION_MAX = 16 };

/* E2 after a move: a move that gives check is searched one ply deeper (`next`), at most
 * CHECK_EXTENSION_MAX times along a line (`extensions`). Returns what the test found, for the
 * node below. */
static inline CheckKnown check_extension(const Search *s, Depth *next, int *extensions)
{
    if (!s->features.check_extension || *extensions >= CHECK_EXTENSION_MAX) return CHECK_UNKNOWN;
    if (!tree_side_to_move_in_check(s)) return CHECK_NONE;
    ++*next;
    ++*extensions;
    return CHECK_GIVEN;
}

/* Make a move and update the revalued material counter of the next ply (and with E11 or E12
 * the leaf's incremental knowledge; debug builds check it against a computation from scratch). */
static inline void search_make(Search *s, Move m, int ply)
{
    const Color us = s->pos.side;
    Score gain = 0;
    if (move_is_capture(m)) gain += s->value[!us][move_captured(m)];
    if (move_is_promotion(m)) gain += s->value[us][move_promotion(m)] - s->value[us][PAWN];
    s->material[ply + 1] = s->material[ply] + (us == WHITE ? gain : -gain);
    if (s->eval_incremental) eval_line_make(&s->eval, ply, &s->pos, m);
    if (s->keyed) make_move(&s->pos, m);
    else make_move_unkeyed(&s->pos, m);
    s->stats.makes++;
#ifdef TECH_DEBUG
    assert(!s->eval_incremental || eval_counts_ok(&s->eval.counts[ply + 1], &s->pos));
    assert(!s->eval_incremental || eval_state_ok(eval_line_state(&s->eval, ply + 1), &s->pos));
#endif
}

static inline void pv_update(Search *s, int ply, Move m)
{
    s->pv[ply][0] = m;
    int child = ply + 1 < MAX_PLY ? s->pv_length[ply + 1] : 0;
    memcpy(&s->pv[ply][1], &s->pv[ply + 1][0], (size_t)child * sizeof(Move));
    s->pv_length[ply] = child + 1;
}

/* 1. Count the node; 2. every POLL_INTERVAL nodes (more often on the PDP-10 clock, down to
 * every node at the PDP-10's own pace, where a node takes milliseconds) poll the controls;
 * 3. the node limit. */
static inline bool count_node_and_poll(Search *s)
{
    if ((++s->stats.nodes & s->poll_mask) == 0) search_poll(s);
    if (s->node_limit && s->stats.nodes >= s->node_limit) s->aborted = true;
    return s->aborted;
}

#endif
