"""elo_climb.py - the numbers of the curve's points, chosen so that the scale climbs against the
full-strength engines as issue 43 asks (docs/STRENGTH.md §6); used by elo_joint.py.

A point measured against both kinds of opponent has two places, S (Stockfish's 2023 scale) and L
(the list engines); its middle (S + L) / 2 misses each by half their gap D = S - L. Numbering every
point at its middle makes the largest miss as small as it can be, M = max |D| / 2, but where D
jumps along the curve (TECH-1971's D near +30, TECH-deep's near +250) the middle's number climbs
200 where L climbs 100: a person who raises the level meets no stronger full-strength player.
So the numbers are the ones nearest the middles (least squares) such that
  - no point misses either of its places by more than M (the middle's own largest miss), and
  - along the climbing points, weakest first, the number rises by at most STEP_NUMBER for each
    STEP_GAIN that L rises (and by at least 1): every +200 of the scale gains +120 against the
    full-strength pool;
M grows in steps of M_STEP only when no numbers meet both (the issue's rule: the fit whose largest
miss is smallest). The climbing points are those that pass every weaker one against the list
engines; a point that does not (a noisy one, or a stronger profile's weak end) keeps its middle.
"""
# Issue 43's target: each +200 step of the scale gains at least +120 against the full-strength pool.
STEP_NUMBER, STEP_GAIN = 200.0, 120.0
# How far the largest miss may grow at a time when the targets cannot be met at the middle's.
M_STEP = 5.0
ITERATIONS, TOLERANCE = 20000, 0.01


def climbing(points):
    """The points (dicts with 'stockfish' and 'list' places, weakest first) that pass every weaker
    one against the list engines: the sequence whose numbers must climb."""
    kept = []
    for point in points:  # a gain under STEP_GAIN / STEP_NUMBER would leave no room for a step of 1
        if not kept or point["list"] - kept[-1]["list"] >= STEP_GAIN / STEP_NUMBER:
            kept.append(point)
    return kept


def _nearest_feasible(middles, lows, highs, gaps):
    """Dykstra's alternating projections: the x nearest `middles` with lows <= x <= highs and
    1 <= x[k+1] - x[k] <= gaps[k]; None if those cannot all hold."""
    n = len(middles)
    x = list(middles)
    box_fix = [0.0] * n
    slab_fix = [[0.0, 0.0] for _ in range(n - 1)]
    for _ in range(ITERATIONS):
        before = list(x)
        y = [x[i] + box_fix[i] for i in range(n)]
        x = [min(max(y[i], lows[i]), highs[i]) for i in range(n)]
        box_fix = [y[i] - x[i] for i in range(n)]
        for k in range(n - 1):
            a, b = x[k] + slab_fix[k][0], x[k + 1] + slab_fix[k][1]
            gap = b - a
            shift = (1.0 - gap) / 2 if gap < 1.0 else (gaps[k] - gap) / 2 if gap > gaps[k] else 0.0
            x[k], x[k + 1] = a - shift, b + shift
            slab_fix[k] = [a - x[k], b - x[k + 1]]
        if max(abs(u - v) for u, v in zip(x, before)) < TOLERANCE:
            break
    ok = all(lows[i] - 0.5 <= x[i] <= highs[i] + 0.5 for i in range(n)) and all(
        0.5 <= x[k + 1] - x[k] <= gaps[k] + 0.5 for k in range(n - 1))
    return x if ok else None


def climbing_numbers(points):
    """Numbers for the climbing points (see the module's note): (numbers, largest miss) with
    numbers a list parallel to climbing(points)."""
    seq = climbing(points)
    if not seq:
        return [], 0.0
    middles = [(p["stockfish"] + p["list"]) / 2 for p in seq]
    gaps = [(b["list"] - a["list"]) * STEP_NUMBER / STEP_GAIN for a, b in zip(seq, seq[1:])]
    largest = max(abs(p["stockfish"] - p["list"]) / 2 for p in seq)
    while True:
        lows = [max(p["stockfish"], p["list"]) - largest for p in seq]
        highs = [min(p["stockfish"], p["list"]) + largest for p in seq]
        numbers = _nearest_feasible(middles, lows, highs, gaps)
        if numbers is not None:
            return numbers, largest
        largest += M_STEP
