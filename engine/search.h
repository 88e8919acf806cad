/* search.h - TECH's tactical analysis (docs/SPEC.md §4): the narrow API the protocols drive. */
#ifndef TECH_SEARCH_H
#define TECH_SEARCH_H

#include <stdatomic.h>

#include "board.h"
#include "movegen.h"
#include "positional.h"
#include "stats.h"

/* Every enhancement of docs/SPEC.md §10 behind its own switch; all off = the paper (TECH-1971).
 * `presort` off takes the paper's positional analysis away instead (its Game 4 experiment). */
typedef struct {
    bool presort;                /* the positional pre-sort and re-valuation of the root (§5) */
    bool checks_in_quiescence;   /* E1: no stand-pat when in check in quiescence; all evasions */
    bool check_extension;        /* E2: +1 ply for a checking move, capped */
    bool secondary_search;       /* E3: re-search the chosen move 2 ply deeper */
    bool transposition_table;    /* E4: Zobrist table, for speed only */
    bool draw_detection;         /* E5: repetition and 50-move draws inside the tree = 0 */
    bool quiet_queen_promotions; /* E6: quiet queen promotions in quiescence */
    bool iterative_deepening;    /* E7: depth 1..D with the previous best move first */
    bool pvs;                    /* E8: principal-variation search and root aspiration windows */
    bool move_ordering;          /* E9: captures by exchange and MVV-LVA, two killers, history */
    bool expanded_positional;    /* E10: the pre-sort scores the change of a whole-board assessment */
    bool tree_positional;        /* E11: leaves add a bounded positional term kept by make/unmake */
    bool piece_values;           /* E12: variable piece values (good and bad bishops, the pair) */
    bool basic_endgames;         /* E13: known draws and wins of a bare king's endgames */
    /* Speed: the search runs no faster than this many of TECH's PDP-10s (docs/SPEC.md §9; 1 = the
       PDP-10 itself); 0 = native, unpaced */
    double pace_multiple;
    Reading presort_reading; /* which reading of the pre-sort's rules (READING_REPORT in play) */
    int threads;             /* search threads (Threads option); helpers share the work */
} SearchFeatures;

/* The two profiles selected by the `Style` option. */
void search_features_faithful(SearchFeatures *features);
void search_features_modern(SearchFeatures *features);

/* Build the tables the switched-on features need (E13's KPK bitbase) now, so that the first
 * search does not pay for them on its clock. Searches build them too when this was not called. */
void search_features_prepare(const SearchFeatures *features);

/* How the search ends: shared between the thread that runs a search and the threads that
 * control it. The search completes depth after depth (from SearchLimits.first_depth to
 * SearchLimits.depth) for as long as these allow:
 *  - `stop`: end now; the result is the deepest completed depth (and the completed root
 *    moves of the depth under way, docs/SPEC.md §7).
 *  - `pondering`: the opponent is thinking: go deeper until stopped or told otherwise.
 *  - `target_depth`: once this depth is complete the search ends (TECH-1971's depth rule).
 *  - `soft_deadline_us`: no further depth is begun after it (TECH-modern's time manager).
 *  - `hard_deadline_us`: the search is aborted there; no depth is begun that is predicted to
 *    end after it.
 * A ponder hit changes the limits while the search runs: the controller stores them, clears
 * `pondering` and sets `limits_changed`; the search then decides at once whether the depth
 * it has completed already satisfies them (play now) or whether to go on. */
typedef struct {
    atomic_bool stop;
    atomic_bool pondering;
    atomic_bool limits_changed;
    atomic_int target_depth;       /* 0 = none */
    atomic_llong soft_deadline_us; /* clock_now_us() times; 0 = none */
    atomic_llong hard_deadline_us;
    atomic_int completed_depth; /* written by the search: deepest depth completed so far */
    /* the hard deadline does not cut the search's first depth before it has searched this many
       nodes (an unpaced search's shallow insurance, docs/SPEC.md §7); 0 = none */
    atomic_ullong hard_grace_nodes;
} SearchControl;

/* Clear every limit and the stop flag. */
void search_control_reset(SearchControl *control);
/* Arm new limits on a running search (a ponder hit, docs/SPEC.md §8): pondering ends. */
void search_control_arm(SearchControl *control, Depth target_depth, int64_t soft_deadline_us, int64_t hard_deadline_us);

/* [P] docs/SPEC.md §7, the growth of one depth deeper: "It needs a factor of 3 to go up from an
 * even depth to an odd one, and a factor of about 7 to go from an odd depth to an even one." */
enum { GROWTH_FROM_EVEN = 3, GROWTH_FROM_ODD = 7 };
/* The report's factor from depth `from` to one ply deeper (GROWTH_FROM_EVEN or _ODD): the one
 * growth rule that the depth rule (timeman.c) and TECH-modern's prediction of its next depth
 * (search_control.c) both use. */
int search_growth(Depth from);

/* Deepest full-width depth any search is asked for; most search threads (Threads option). */
enum { SEARCH_DEPTH_MAX = 64, SEARCH_THREADS_MAX = 64 };
/* [C] MultiPV's largest setting, the one GUIs know from other engines; a root has fewer moves. */
enum { MULTIPV_MAX = 500 };

/* [C] The most lines and expected moves an explanation of the root's choice keeps
 * (root_verdict.h). */
enum { VERDICT_LINES_MAX = 32, VERDICT_EXPECTED_MAX = 2 };

/* An explanation asked of the search (root_verdict.h): at the depth that chooses the move the
 * root counts the moves equal to the best (each that does not beat it is probed once more in a
 * null window) and searches each expected move in the whole window, for its exact line. The move
 * chosen at a depth and its score are the same as without it. */
typedef struct {
    bool on;
    int expected_count;
    Move expected[VERDICT_EXPECTED_MAX]; /* moves a person would expect: searched exactly */
} ExplainRequest;

/* What to search. */
typedef struct {
    Depth depth; /* the deepest depth (a depth below 1 counts as 1) */
    /* the first depth searched (0 = `depth`); E7 and `mate` start at 1. Deeper depths follow while
       the control allows them. */
    Depth first_depth;
    uint64_t nodes;        /* abort after this many nodes; 0 = no limit */
    int mate;              /* search until a mate in this many moves is found; 0 = off */
    int searchmoves_count; /* restrict the root to these moves when > 0 */
    Move searchmoves[MOVE_LIST_MAX];
    bool started_from_initial; /* the game began from the initial array (opening phase, §5.1) */
    /* abort after this much virtual PDP-10 time; 0 = no limit. A paced search ends there once the
       wall clock has caught up with it (the budget's time at the pace), not before */
    int64_t pdp10_budget_us;
    int multipv;          /* MultiPV: root lines reported per depth (0 or 1: the one best) */
    bool variety;         /* Variety: play one of the moves equal to the best, at random */
    Score variety_margin; /* Variety: how far below the best score still counts as equal */
    /* the move of a completed shallower search (the insurance search, docs/SPEC.md §7): an aborted
       first depth plays the best of its completed root moves only if this one is among them;
       MOVE_NONE: whichever completed */
    Move known_best;
    ExplainRequest explain; /* keep what an explanation of the choice needs (off: nothing) */
} SearchLimits;

/* One completed (or best-so-far) iteration, for the protocol's info/thinking line. */
typedef struct {
    Depth depth;
    int seldepth;
    /* the search's value, side-to-move view, at this root's piece values (docs/SPEC.md §5.8); mate
       scores per types.h */
    Score score;
    /* the same line's value read at the base piece values: the score a person and a GUI are shown
       (shown_score.h) */
    Score shown_score;
    uint64_t nodes;
    int multipv;      /* MultiPV: this line's place, 1 = the best; 0 = the one line */
    int presort_rank; /* MultiPV: its root move's place in the pre-sort, 1 = first */
    int pv_length;
    Move pv[MAX_PLY];
} SearchInfo;

/* The search reports through these callbacks and never prints (any may be NULL). With one line
 * (MultiPV 1), `on_info` gets each new best move of a depth as it is found (the rest of the depth
 * may still better it) and `on_depth_done` the line that stands when the depth is complete: the
 * same line again, now with the depth's nodes (after Variety, the line of the move it chose).
 * With MultiPV > 1, `on_lines` gets the lines of each completed depth, best first (without it,
 * `on_info` gets them one by one), and `on_depth_done` nothing. */
typedef struct {
    void *context;
    void (*on_info)(void *context, const SearchInfo *info);
    void (*on_current_move)(void *context, Depth depth, Move move, int number);
    void (*on_lines)(void *context, const SearchInfo *lines, int count);
    /* A heartbeat, at most once per SEARCH_PROGRESS_INTERVAL_US while the search runs: the depth
     * under way and the nodes so far (a paced search can go seconds between root moves); the
     * caller decides how often to pass it on. */
    void (*on_progress)(void *context, Depth depth, uint64_t nodes);
    void (*on_depth_done)(void *context, const SearchInfo *line);
} SearchReporter;

/* [C] How often the search offers a heartbeat: often enough that whoever passes them on once a
 * second is never late by more than this. */
enum { SEARCH_PROGRESS_INTERVAL_US = 100000 };

typedef struct {
    Move best_move;           /* MOVE_NONE only when the root has no legal move */
    Move ponder_move;         /* second move of the PV, or MOVE_NONE */
    Score score;              /* the search's value of best_move (SearchInfo.score) */
    Score shown_score;        /* ... read at the base piece values (SearchInfo.shown_score) */
    Depth depth;              /* deepest fully completed depth */
    int64_t depth_time_us;    /* how long the search of that depth took on its own */
    int completed_root_moves; /* root moves fully searched at the last depth started */
    bool aborted;             /* stopped by the control, the deadline or the node limit */
    bool budget_spent;        /* ... by the PDP-10 budget (SearchLimits.pdp10_budget_us) */
    /* best_move was chosen by the search (a completed depth, or the completed root moves of an
       aborted one); false: the pre-sort's first move stands in, nothing usable completed */
    bool searched;
    SearchStats stats; /* every thread's nodes; the main thread's other counts */
} SearchResult;

/* Per-search state: its own copy of the position, killers and counters; no globals. */
typedef struct Search Search;

Search *search_create(void);
void search_destroy(Search *search);
/* Forget everything learned from earlier searches (killers; the table in the modern profile). */
void search_clear(Search *search);
/* Let the search use a transposition table (E4); the caller owns it, several searches may share it. */
struct TranspositionTable;
void search_set_table(Search *search, struct TranspositionTable *tt);

/* The first depth a search of `limits` completes: `first_depth` (its deepest depth when 0), or
 * 1 when it deepens iteratively (E7) or looks for a mate; never deeper than its deepest. The
 * one rule search_run follows and the searcher's grace (searcher_job.c) asks about. */
Depth search_first_depth(const SearchLimits *limits, const SearchFeatures *features);

/* Search `root` on the calling thread (and features->threads - 1 helper threads, kept asleep
 * between searches) and return the move to play. */
SearchResult search_run(Search *search, const Position *root, const SearchLimits *limits,
                        const SearchFeatures *features, SearchControl *control, const SearchReporter *reporter);

/* What the root knew of its moves at the depth that chose the last search's move, when its
 * limits asked for an explanation (root_verdict.h); read before the next search runs. */
struct RootVerdict;
const struct RootVerdict *search_root_verdict(const Search *search);

/* Mate score helpers: UCI "mate N" moves from a score (positive: side to move mates). */
int score_mate_moves(Score score);

#endif
