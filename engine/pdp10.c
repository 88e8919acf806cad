/* pdp10.c - the PDP-10 cost model: what each counted operation of TECH's search cost in 1971. */
#include "pdp10.h"

/* [P] The report: "TECH legal move generation (all potentially legal moves): 8000
 * microseconds"; "Board updating (making or retracting moves): 1300 microseconds". */
enum { GENERATION_US = 8000, MAKE_OR_RETRACT_US = 1300 };
/* [P] "TECH spends its time as follows: Legal move generation: 50% Tree management: 28% Board
 * updating: 17% Positional analysis: 1% Everything else: 4%". */
enum { SHARE_GENERATION = 50, SHARE_TREE = 28, SHARE_OTHER = 4 };
/* [R] TECH found an illegal move by capturing the king at the next ply, so it generated the
 * moves of every position it entered: one generation per node. Tree management and the rest
 * are then per node too, in the report's proportion to generation. */
enum { TREE_AND_OTHER_US = GENERATION_US * (SHARE_TREE + SHARE_OTHER) / SHARE_GENERATION };

int64_t pdp10_us(const SearchStats *stats)
{
    return (int64_t)stats->nodes * (GENERATION_US + TREE_AND_OTHER_US)
         + (int64_t)stats->makes * 2 * MAKE_OR_RETRACT_US;
}
