"""strength_players.py - the players of TECH's strength runs, by name: how to start each one
(words for match.py --engine) and what it stands for (a profile at a speed, a depth, a label).

One name is one player in every run, so that scripts/elo_fit.py can join all runs on one scale.
The names:

  TECH-1971@PDP-10   TECH-1971@x7   TECH-modern@1991   TECH-1971@native
        a profile (Style) at a speed (Speed: PDP-10, xN, a year, native); shown as
        PROFILE@PDP-10, PROFILE@xN or PROFILE@native (a year becomes its multiple)
  TECH-1971-d3       a profile at a fixed depth (`go depth 3`, match.py depth=3): the ply ladder
  TECH-Elo1500       TECH with UCI_LimitStrength and UCI_Elo 1500
  Stockfish@1350     Stockfish with UCI_LimitStrength and UCI_Elo 1350 (an anchor: its label)
  Stockfish          Stockfish at full strength
  Fairy-Max          /usr/games/fairymax (CECP)
  Phalanx            /usr/games/phalanx without learning (CECP); Phalanx-e50: easy level 50
  HoiChess           /usr/games/hoichess (CECP)
  Stash-v11          Stash at that release tag (UCI), the engines Stockfish's 2023 Skill calibration
                     played: not in Debian, built from its repository (github.com/mhouppin/stash-bot,
                     `git archive v11`, `make`) into $STASH_DIR/v11/stash-bot
Any name may end in ~BASE+INC: that player's own clock (a time-odds match), e.g.
Stockfish@1350~60+0.6 against TECH-1971@PDP-10~7+0.07; and a TECH name in +ponder: that TECH
ponders (match.py's word `ponder`: `go ponder` on the move it guessed), e.g. TECH-Elo1394+ponder.
"""
import math
import os
import re

# The profiles of the curve, weakest first. TECH-deep is no Style of its own: TECH-modern's search
# (E1-E9) over TECH-1971's knowledge (E10-E13 off), the middle of UCI_Elo's curve (strength.c).
PROFILES = ("TECH-1971", "TECH-deep", "TECH-modern")
PROFILE_OPTIONS = {
    "TECH-1971": ["option.Style=TECH-1971"],
    "TECH-deep": ["option.Style=TECH-modern", "option.E10 Expanded Positional Module=false",
                  "option.E11 Positional Terms in the Tree=false", "option.E12 Variable Piece Values=false",
                  "option.E13 Basic Endgames=false"],
    "TECH-modern": ["option.Style=TECH-modern"],
}
# [P] Gillogly 1971: "a factor of 7 in computing speed to go each additional ply deeper ...
# not unreasonable for (say) a decade of computer technology"; the scale starts in 1971.
DECADE_FACTOR = 7
BASE_YEAR = 1971
STOCKFISH = "/usr/games/stockfish"
# Stockfish 15.1's README: "This Elo rating has been calibrated at a time control of 60s+0.6s and
# anchored to CCRL 40/4": on its own clock of 60+0.6 a label holds by definition.
STOCKFISH_CALIBRATION_TC = "60+0.6"
# Stockfish 15.1's search.cpp, Skill: a UCI_Elo label becomes the level
# pow((elo - 1346.6) / 143.4, 1 / 0.806), clamped to 0 .. 20, and the move is picked after the
# iteration of depth 1 + int(level) (later iterations do not change it). The weakness of that pick,
# 120 - 2 * level, moves by under 2% inside one depth, so labels of one pick depth play alike.
STOCKFISH_LEVEL_ELO, STOCKFISH_LEVEL_SCALE, STOCKFISH_LEVEL_POWER = 1346.6, 143.4, 0.806
# Stockfish 15.1's UCI_Elo option (`uci`): spin from 1350 to 2850.
STOCKFISH_ELO_MIN, STOCKFISH_ELO_MAX = 1350, 2850
# Stockfish's 2023 calibration (its pull request 4341, January 2023, in Stockfish 16 and later):
# master at each Skill Level 0..10 played versions of the Stash engine ranked on CCRL at 120+1,
# "within +/-100 Elo of CCRL Blitz". The same pick mechanism as 15.1's (the move picked after the
# iteration of depth 1 + int(level)), so 15.1 at a label plays as the Skill its formula gives.
STOCKFISH_2023_SKILL_ELO = (1320, 1468, 1608, 1742, 1923, 2204, 2363, 2500, 2596, 2703, 2788)
STOCKFISH_LEVEL_MAX = 20
# A limited Stockfish keeps this many ms of its clock in hand (its default 10 lost games on time
# when several played at once on two cores); its move comes from its pick depth, not its time.
STOCKFISH_LIMITED_OVERHEAD_MS = 100
# The PDP-10 work a move may take (UCI_Elo's budget, ms) that plays as TECH at a speed of x1 did at
# 10+0.1, per profile: the speed ladder's points become budgets of multiple x this. Measured by
# matching the median work a move of the paced engine with that of the budgeted one in games
# against the same Stockfish (scripts/work_per_move.py; docs/STRENGTH.md §1).
# TECH-deep (no budget run of its own yet): paced at x2401 it did 498.0 PDP-10 s a move in the
# geometric mean (423 moves, 8 games against Stockfish@1800, build eb8269d), 207.4 ms a multiple,
# times TECH-modern's ratio of matched budget to paced work (153 / 135.6), which shares its time
# manager: 234 ms.
WORK_MS_PER_MULTIPLE = {"TECH-1971": 414.0, "TECH-deep": 234.0, "TECH-modern": 153.0}
FAIRYMAX = "/usr/games/fairymax"
PHALANX = "/usr/games/phalanx"
HOICHESS = "/usr/games/hoichess"
SJENG = "/usr/games/sjeng"
DREAMER = "/usr/games/dreamer"
# The list engines in Debian and their ratings (CCRL Blitz, the 2023 scale's list): the checks of
# the scale's top (docs/STRENGTH.md §5).
LIST_RATINGS = {"Phalanx": 2644, "HoiChess": 1798, "Dreamer": 1434}

_TECH_SPEED = re.compile(r"^(TECH-1971|TECH-deep|TECH-modern)@(.+)$")
_TECH_DEPTH = re.compile(r"^(TECH-1971|TECH-deep|TECH-modern)-d(\d+)$")
_TECH_ELO = re.compile(r"^TECH-Elo(\d+)$")
_STOCKFISH = re.compile(r"^Stockfish(?:@(\d+))?$")
_PHALANX = re.compile(r"^Phalanx(?:-e(\d+))?$")
_STASH = re.compile(r"^Stash-v(\d+)$")


def year_multiple(year):
    """The multiple of the PDP-10 that a year stands for: 7 per decade from 1971."""
    return DECADE_FACTOR ** ((year - BASE_YEAR) / 10.0)


def multiple_year(multiple):
    return BASE_YEAR + 10.0 * math.log(multiple) / math.log(DECADE_FACTOR)


def parse_speed(text):
    """'PDP-10' -> 1.0, 'x49' -> 49.0, '1991' -> 49.0, 'native' -> None; ValueError otherwise."""
    if text.lower() == "native":
        return None
    if text.upper() == "PDP-10":
        return 1.0
    if text[:1] in "xX":
        value = float(text[1:])
        if value < 1:
            raise ValueError(f"speed {text!r}: a multiple is at least x1")
        return value
    if re.fullmatch(r"\d{4}", text):
        return year_multiple(int(text))
    raise ValueError(f"speed {text!r}: expected PDP-10, xN, a year or native")


def speed_text(multiple):
    """The canonical speed word: PDP-10, x7, x12.5, native."""
    if multiple is None:
        return "native"
    if multiple == 1:
        return "PDP-10"
    rounded = round(multiple)
    if abs(multiple - rounded) < 1e-6 * multiple or multiple >= 100:
        return f"x{rounded}"
    return f"x{multiple:.3g}"


def stockfish_level(label):
    """Stockfish 15.1's Skill level at UCI_Elo `label` (fractional): its 2019 formula."""
    base = max(0.0, (label - STOCKFISH_LEVEL_ELO) / STOCKFISH_LEVEL_SCALE)
    return min(float(STOCKFISH_LEVEL_MAX), base ** (1 / STOCKFISH_LEVEL_POWER))


def stockfish_label_at_level(level):
    """The 15.1 UCI_Elo (fractional) whose formula gives Skill `level`."""
    return STOCKFISH_LEVEL_ELO + STOCKFISH_LEVEL_SCALE * level ** STOCKFISH_LEVEL_POWER


def stockfish_pick_depth(label):
    """The depth at which Stockfish 15.1 at UCI_Elo `label` picks its move: 1 + int(level)."""
    return 1 + int(stockfish_level(label))


def elo_2023_at_level(level):
    """The 2023 calibration's Elo of Skill `level`, linear between its integer Skills (as
    Stockfish 16's own UCI_Elo labels them); beyond Skill 10 the last step's slope goes on."""
    table = STOCKFISH_2023_SKILL_ELO
    k = min(int(level), len(table) - 2)
    return table[k] + (level - k) * (table[k + 1] - table[k])


def stockfish_elo_2023(label):
    """What Stockfish 15.1 at UCI_Elo `label` is on the 2023 scale: the Elo the 2023 fit gives
    its Skill (fractional Skills linear between the calibrated ones)."""
    return elo_2023_at_level(stockfish_level(label))


def stockfish_step_elo_2023(depth):
    """The 2023 Elo of a whole step of the staircase: the labels of one pick depth play alike
    (the weakness of the pick, 120 - 2 * level, moves by under 2% along a step), and Stockfish 16
    labels the step with the 2023 Elos of its Skills from depth - 1 up to depth; the step stands
    at the middle of that range, Skill depth - 0.5, where it is at most half a step from every
    label it plays as."""
    return elo_2023_at_level(depth - 0.5)


def stockfish_label_2023(elo):
    """The 15.1 UCI_Elo to play for `elo` on the 2023 scale: the label whose Skill the 2023 fit
    rates at `elo` (rounded to a whole label on the same pick depth)."""
    table = STOCKFISH_2023_SKILL_ELO
    if not table[0] <= elo <= table[-1]:
        raise ValueError(f"{elo} is outside the 2023 calibration ({table[0]} to {table[-1]})")
    k = max(i for i in range(len(table) - 1) if table[i] <= elo) if elo < table[-1] else len(table) - 2
    level = k + (elo - table[k]) / (table[k + 1] - table[k])
    label = max(STOCKFISH_ELO_MIN, round(stockfish_label_at_level(level)))
    while stockfish_pick_depth(label) > 1 + int(level):
        label -= 1
    while stockfish_pick_depth(label) < 1 + int(level):
        label += 1
    return label


def stockfish_step(depth):
    """The labels that pick at `depth`, as (lowest, highest, middle): one step of Stockfish's
    staircase; every label on it plays alike."""
    low = STOCKFISH_ELO_MIN if depth <= 1 else stockfish_label_at_level(depth - 1)
    high = min(STOCKFISH_ELO_MAX, stockfish_label_at_level(min(depth, STOCKFISH_LEVEL_MAX)))
    return low, high, (low + high) / 2


PONDER_SUFFIX = "+ponder"


def split_clock(name):
    """'Stockfish@1350~60+0.6' -> ('Stockfish@1350', '60+0.6'); no ~ -> (name, None). A +ponder
    suffix stays with the base name."""
    ponder = name.endswith(PONDER_SUFFIX)
    if ponder:
        name = name[:-len(PONDER_SUFFIX)]
    base, sep, clock = name.partition("~")
    return base + (PONDER_SUFFIX if ponder else ""), (clock if sep else None)


def split_ponder(base):
    """'TECH-Elo1394+ponder' -> ('TECH-Elo1394', True)."""
    if base.endswith(PONDER_SUFFIX):
        return base[:-len(PONDER_SUFFIX)], True
    return base, False


def describe(name):
    """What a player stands for, as a dict: kind ('tech-speed', 'tech-depth', 'tech-elo',
    'stockfish', 'other') and its particulars (profile, multiple (None = native), depth, label).
    ValueError for a name that is none of the above."""
    base, clock = split_clock(name)
    base, ponder = split_ponder(base)
    if ponder and not base.startswith("TECH"):
        raise ValueError(f"{name!r}: only a TECH player takes +ponder")
    info = describe_base(base, clock)
    info["ponder"] = ponder
    return info


def describe_base(base, clock):
    m = _TECH_SPEED.match(base)
    if m:
        return {"kind": "tech-speed", "profile": m.group(1), "multiple": parse_speed(m.group(2)), "clock": clock}
    m = _TECH_DEPTH.match(base)
    if m:
        return {"kind": "tech-depth", "profile": m.group(1), "depth": int(m.group(2)), "clock": clock}
    m = _TECH_ELO.match(base)
    if m:
        return {"kind": "tech-elo", "elo": int(m.group(1)), "clock": clock}
    m = _STOCKFISH.match(base)
    if m:
        return {"kind": "stockfish", "label": int(m.group(1)) if m.group(1) else None, "clock": clock}
    if base in ("Fairy-Max", "HoiChess", "Sjeng", "Dreamer") or _PHALANX.match(base) or _STASH.match(base):
        return {"kind": "other", "clock": clock}
    raise ValueError(f"unknown player {base!r} (see scripts/strength_players.py)")


def canonical(name):
    """The one spelling of a player: a year or 'x1' becomes its speed word."""
    info = describe(name)
    base, clock = split_clock(name)
    if info["kind"] == "tech-speed":
        base = f"{info['profile']}@{speed_text(info['multiple'])}" + (PONDER_SUFFIX if info["ponder"] else "")
    return base + (f"~{clock}" if clock else "")


def engine_words(name, tech_cmd):
    """The match.py --engine words that start player `name`."""
    name = canonical(name)
    info = describe(name)
    base, clock = split_clock(name)
    words = [f"name={name}"] + ([f"tc={clock}"] if clock else [])
    kind = info["kind"]
    if kind.startswith("tech"):
        words += [f"cmd={tech_cmd}", "proto=uci"]
        if kind == "tech-speed":
            words += PROFILE_OPTIONS[info["profile"]] + [f"option.Speed={speed_text(info['multiple'])}"]
        elif kind == "tech-depth":
            words += PROFILE_OPTIONS[info["profile"]] + [f"depth={info['depth']}"]
        else:
            words += ["option.UCI_LimitStrength=true", f"option.UCI_Elo={info['elo']}"]
        if info["ponder"]:
            words += ["ponder"]
    elif kind == "stockfish":
        words += [f"cmd={STOCKFISH}", "proto=uci", "option.Threads=1", "option.Hash=16"]
        if info["label"] is not None:
            words += ["option.UCI_LimitStrength=true", f"option.UCI_Elo={info['label']}",
                      f"option.Move Overhead={STOCKFISH_LIMITED_OVERHEAD_MS}"]
    elif base == "Fairy-Max":
        words += [f"cmd={FAIRYMAX}", "proto=xboard"]
    elif base == "HoiChess":
        words += [f"cmd={HOICHESS}", "proto=xboard"]
    elif base == "Sjeng":
        words += [f"cmd={SJENG}", "proto=xboard"]
    elif _STASH.match(base):
        folder = os.environ.get("STASH_DIR")
        if not folder:
            raise ValueError(f"{base}: set STASH_DIR to the folder that holds v{_STASH.match(base).group(1)}/stash-bot")
        words += [f"cmd={os.path.join(folder, 'v' + _STASH.match(base).group(1), 'stash-bot')}", "proto=uci",
                  "option.Hash=16"]
    elif base == "Dreamer":
        # It refuses a fractional increment in `level` and would keep its own control.
        words += [f"cmd={DREAMER}", "proto=xboard", "whole-increment"]
    else:
        level = _PHALANX.match(base).group(1)
        words += [f"cmd={PHALANX} -l-" + (f" -e {level}" if level else ""), "proto=xboard"]
    return words


if __name__ == "__main__":
    import sys
    # python3 scripts/strength_players.py 1400 2000: the 15.1 label to play for each 2023 Elo.
    for word in sys.argv[1:]:
        label = stockfish_label_2023(float(word))
        print(f"{word}: Stockfish 15.1 at UCI_Elo {label} (Skill {stockfish_level(label):.2f}, pick depth "
              f"{stockfish_pick_depth(label)}; 2023 scale {stockfish_elo_2023(label):.0f}, its step "
              f"{stockfish_step_elo_2023(stockfish_pick_depth(label))})")
