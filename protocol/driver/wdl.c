/* wdl.c - the win-draw-loss chances of a shown score (wdl.h). The model is a pair of logistic
 * curves, as the chances of a win and of a loss rise and fall with the score s, shaped as
 * t = 100 (|s| / 100)^p with s's sign:
 *     win(t) = 1 / (1 + exp((a - t) / b)),   loss(t) = win(-t),   draw = 1 - win - loss,
 * where a is the shaped score at which a win is as likely as not and b how fast the chances
 * change, both moving with the material m on the board (a = A0 + A1 m, b = B0 + B1 m), and p how
 * much a pawn's lead weighs beside a queen's: per profile, fitted to the profile's own games by
 * scripts/wdl_fit.py (wdl_table.h). */
#include "wdl.h"

#include <math.h>

#include "endgame.h"
#include "types.h"
#include "wdl_table.h"

/* A bare king to move against pieces could take one that hangs: the ending is lost for it only
 * while the search still sees it a minor piece or more down (TECH's base value of a minor piece,
 * docs/SPEC.md §4). */
enum { WDL_MAN_STILL_DOWN = 330, PER_MILLE = 1000 };

WdlRoot wdl_root(const Position *root)
{
    int bonus;
    switch (endgame_recognise(root, &bonus)) {
    case ENDGAME_DRAW: return WDL_ROOT_DRAWN;
    case ENDGAME_SCORED: {
        const Color strong = root->material[WHITE] > 0 ? WHITE : BLACK;
        if (root->side == strong) return WDL_ROOT_WON;
        /* KPK comes from its bitbase, exact with the side to move; pieces may hang. */
        return root->count[strong][PAWN] > 0 ? WDL_ROOT_LOST : WDL_ROOT_LOST_UNLESS;
    }
    case ENDGAME_NONE: break;
    }
    return WDL_ROOT_OPEN;
}

WdlView wdl_view(const Position *root, bool modern)
{
    const double material = (double)(root->material[WHITE] + root->material[BLACK]) / (2.0 * START_MATERIAL);
    return (WdlView){modern, wdl_root(root), material};
}

static int per_mille(double chance) { return (int)lround(chance * PER_MILLE); }

static Wdl certain(int win, int draw, int loss) { return (Wdl){win * PER_MILLE, draw * PER_MILLE, loss * PER_MILLE}; }

Wdl wdl_of(const WdlView *view, int score)
{
    if (score_is_mate(score)) return score > 0 ? certain(1, 0, 0) : certain(0, 0, 1);
    switch (view->root) {
    case WDL_ROOT_DRAWN: return certain(0, 1, 0);
    case WDL_ROOT_WON: return certain(1, 0, 0);
    case WDL_ROOT_LOST: return certain(0, 0, 1);
    case WDL_ROOT_LOST_UNLESS:
        if (score <= -WDL_MAN_STILL_DOWN) return certain(0, 0, 1);
        break;
    case WDL_ROOT_OPEN: break;
    }
    const double m = view->material;
    /* The floors the fit keeps to too (scripts/wdl_fit.py, model). */
    const double a = fmax(0.0, view->modern ? WDL_MODERN_A0 + WDL_MODERN_A1 * m : WDL_1971_A0 + WDL_1971_A1 * m);
    const double b = fmax(1.0, view->modern ? WDL_MODERN_B0 + WDL_MODERN_B1 * m : WDL_1971_B0 + WDL_1971_B1 * m);
    const double shape = view->modern ? WDL_MODERN_P : WDL_1971_P;
    const double t = copysign(100.0 * pow(fabs((double)score) / 100.0, shape), (double)score);
    Wdl wdl = {per_mille(1.0 / (1.0 + exp((a - t) / b))), 0, per_mille(1.0 / (1.0 + exp((a + t) / b)))};
    /* With a > 0 the two chances leave room for the draw; rounding may take one per mille of it. */
    if (wdl.win + wdl.loss > PER_MILLE) {
        if (wdl.win > wdl.loss) wdl.win = PER_MILLE - wdl.loss;
        else wdl.loss = PER_MILLE - wdl.win;
    }
    wdl.draw = PER_MILLE - wdl.win - wdl.loss;
    return wdl;
}
