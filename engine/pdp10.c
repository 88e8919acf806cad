/* pdp10.c - the PDP-10 cost model: what each counted operation of TECH's search cost in 1971.
 *
 * A search is charged, part by part of the report's split:
 *   move generation  GENERATION_US for every move generation, full-width or in quiescence;
 *   board update     2 x MAKE_OR_RETRACT_US for every position whose moves were generated
 *                    (it was made, and retracted after);
 *   tree management  TREE_US for every position entered;
 *   everything else  OTHER_US for every position entered;
 *   positional       POSITIONAL_US once (the root pre-sort).
 * The first two are the report's own figures; the other three are fitted so that over the
 * report's sample (its games, every fifth move, depths 2-5: `tech treestats`, which prints the
 * fit) the parts come out in the report's proportions 50/28/17/1/4. docs/STATISTICS.md
 * compares the result with the report's times per move. */
#include "pdp10.h"

/* [P] Gillogly 1971: "TECH legal move generation (all potentially legal moves): 8000
 * microseconds"; "Board updating (making or retracting moves): 1300 microseconds". */
enum { GENERATION_US = 8000, MAKE_OR_RETRACT_US = 1300 };
/* [P] "TECH spends its time as follows: Legal move generation: 50% Tree management: 28% Board
 * updating: 17% Positional analysis: 1% Everything else: 4%". */
static const int SHARE_1971[PDP10_PARTS] = {50, 28, 17, 1, 4};
/* [C, fitted] Tree management and everything else per position entered, and the positional
 * analysis per search: the report's 28 %, 4 % and 1 % over the report's sample, from its
 * counts (generations / positions = 0.2825 at bench 12319953; `tech treestats` prints
 * the fit again for any sample and build). */
enum { TREE_US = 1266, OTHER_US = 181, POSITIONAL_US = 1413000 };

static const char *const PART_NAMES[PDP10_PARTS] = {"move generation", "tree management", "board update",
                                                    "positional analysis", "everything else"};

/* [R] The report's generator made "all potentially legal moves" and sorted the captures as it
 * went, so quiescence paid a whole generation too; and since bottom positions cost TECH a
 * "negligible" time next to the generations, it did not make and retract them: the board
 * update is paid by the positions whose moves are generated (17/50 of the generation time is
 * about one make-retract pair per generation, 2 x 1300 / 8000 = 0.33). */
void pdp10_cost(const SearchStats *stats, Pdp10Cost *cost)
{
    int64_t generations = (int64_t)(stats->full_generations + stats->capture_generations);
    int64_t positions = (int64_t)stats->nodes;
    cost->us[PDP10_GENERATION] = generations * GENERATION_US;
    cost->us[PDP10_BOARD] = generations * 2 * MAKE_OR_RETRACT_US;
    cost->us[PDP10_TREE] = positions * TREE_US;
    cost->us[PDP10_OTHER] = positions * OTHER_US;
    cost->us[PDP10_POSITIONAL] = POSITIONAL_US;
    cost->total_us = 0;
    for (int part = 0; part < PDP10_PARTS; part++) cost->total_us += cost->us[part];
}

int64_t pdp10_us(const SearchStats *stats)
{
    Pdp10Cost cost;
    pdp10_cost(stats, &cost);
    return cost.total_us;
}

void pdp10_fit(const SearchStats *total, int searches, Pdp10Fit *fit)
{
    double generations = (double)(total->full_generations + total->capture_generations);
    double positions = total->nodes ? (double)total->nodes : 1.0;
    double generation_us = generations * GENERATION_US;
    /* Tree and the rest in the report's proportion to the generation time, spread over the
     * positions; the positional part is 1 % of the whole, spread over the searches. */
    fit->tree_us = generation_us * SHARE_1971[PDP10_TREE] / SHARE_1971[PDP10_GENERATION] / positions;
    fit->other_us = generation_us * SHARE_1971[PDP10_OTHER] / SHARE_1971[PDP10_GENERATION] / positions;
    double rest_us =
        generations * (GENERATION_US + 2.0 * MAKE_OR_RETRACT_US) + positions * (fit->tree_us + fit->other_us);
    fit->positional_us =
        searches > 0 ? rest_us * SHARE_1971[PDP10_POSITIONAL] / (100.0 - SHARE_1971[PDP10_POSITIONAL]) / searches : 0.0;
}

void pdp10_constants(Pdp10Fit *used)
{
    used->tree_us = TREE_US;
    used->other_us = OTHER_US;
    used->positional_us = POSITIONAL_US;
}

int pdp10_share_1971(Pdp10Part part) { return SHARE_1971[part]; }

const char *pdp10_part_name(Pdp10Part part) { return PART_NAMES[part]; }
