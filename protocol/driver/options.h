/* options.h - the one table of engine options that UCI and CECP both offer and set. */
#ifndef TECH_OPTIONS_H
#define TECH_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "search.h"
#include "speed.h"

/* The enhancement switches E1-E13 (docs/SPEC.md §10). */
enum { ENHANCEMENT_SWITCHES = 13 };

/* Current option values: written by the protocol thread only; searches get copies. */
typedef struct {
    int hash_mb;          /* Hash: table size in MB (used by the E4 table) */
    int move_overhead_ms; /* Move Overhead: reserved per move for GUI and pipe lag (§7) */
    int start_depth;      /* Depth: TECH's depth in the opening and at the start (§7) */
    int style;            /* Style: index into the combo (0 TECH-1971, 1 TECH-modern) */
    /* E1..E13 as set: as the profile has it, on or off (options.c) */
    unsigned char switches[ENHANCEMENT_SWITCHES];
    /* the E1..E13 switches, set by Style and one by one, the Threads option (features.threads) and
       Speed (pace_multiple) */
    SearchFeatures features;
    bool limit_strength; /* UCI_LimitStrength: play at `elo` instead of Style and Speed */
    int elo;             /* UCI_Elo */
    /* Strength Clock: 0 UCI_Elo's work grows with the clock, 1 the same at every clock (options.c) */
    int strength_clock;
    int multipv;                       /* MultiPV: root lines shown per depth */
    bool variety;                      /* Variety: play one of the moves equal to the best, at random */
    bool chess960;                     /* UCI_Chess960: Chess960 positions and castling notation */
    bool explain_moves;                /* ExplainMoves: say why each move (driver/explain.h) */
    bool show_wdl;                     /* UCI_ShowWDL: win-draw-loss chances with each score (wdl.h) */
    char speed_custom[SPEED_TEXT_MAX]; /* Speed Custom as last set ("" when Speed set the speed) */
} Settings;

/* What a successful option assignment asks the caller to do beyond storing the value. */
typedef enum {
    OPTION_FAILED,     /* unknown name or bad value: nothing changed */
    OPTION_STORED,     /* value stored in Settings */
    OPTION_CLEAR_HASH, /* the Clear Hash button was pressed */
    OPTION_HASH_SIZE   /* a Hash size was stored: the table is to be resized */
} OptionResult;

/* An option's kind, as both protocols name them. */
typedef enum {
    OPTION_TYPE_CHECK,
    OPTION_TYPE_SPIN,
    OPTION_TYPE_COMBO,
    OPTION_TYPE_BUTTON,
    OPTION_TYPE_STRING
} OptionType;

/* One option as the front ends announce it (each in its own protocol's form). */
typedef struct {
    const char *name;
    OptionType type;
    int default_value;          /* check: 0/1; spin: the number; combo: index into choices */
    int min, max;               /* spin: the range */
    const char *const *choices; /* combo: its values, NULL-terminated; else NULL */
    int value;                  /* the current setting, in default_value's form (button: 0) */
    const char *text;           /* string: the current setting; else NULL */
    const char *default_text;   /* string: its default; else NULL */
    bool uci_only;              /* CECP covers it with memory, cores or hard/easy */
} OptionDescription;

/* Defaults: TECH-1971 profile, start depth 5, overhead 50 ms, 16 MB, 1 thread. */
void settings_init(Settings *settings);

/* Set option `name` (matched case-insensitively) from `value` (NULL for a button). A check
 * takes true/false (or 1/0), a spin an integer in range, a combo one of its values. On
 * failure `error` says why. */
OptionResult options_set(Settings *settings, const char *name, const char *value, char *error, size_t error_size);

/* Variety's margin for the profile in use: how far below the best a move may score and still
 * count as equal to it (engine/variety.h). */
Score settings_variety_margin(const Settings *settings);
/* Whether TECH has an option of this name (case-insensitive). */
bool options_known(const char *name);

/* The range of the spin option `name` (case-insensitive); false if there is no such spin. */
bool options_spin_range(const char *name, int *min, int *max);

/* What a search runs with: the settings' switches, or with UCI_LimitStrength the profile that
 * plays at UCI_Elo (strength.c), at native speed: the time manager paces its work. */
void settings_search_features(const Settings *settings, SearchFeatures *features);
/* With UCI_LimitStrength, the PDP-10 work a move may take at UCI_Elo at 10+0.1 (microseconds);
 * else 0. */
int64_t settings_work_us(const Settings *settings);
/* The player of a search at a control giving `clock_ratio` times 10+0.1's time a move
 * (timeman_clock_ratio): its switches into `features` (as settings_search_features), the PDP-10
 * work a move it may take into `work_us` (0 without UCI_LimitStrength), and its profile's name
 * (settings_profile_name's at 10+0.1). With Strength Clock "grows with the clock" the player grows
 * with the control (strength_player); "same at every clock", it is the table's at every control. */
const char *settings_player_at_clock(const Settings *settings, double clock_ratio, SearchFeatures *features,
                                     int64_t *work_us);
/* Whether two settings make the same player for the time rule: the same search (profile,
 * switches, speed), the same UCI_Elo work and Strength Clock, and the same start depth. */
bool settings_same_player(const Settings *a, const Settings *b);
/* The profile that plays: the one Style chose ("TECH-1971" or "TECH-modern"), or under
 * UCI_LimitStrength the one its level plays ("TECH-deep" too). */
const char *settings_profile_name(const Settings *settings);
/* The profile and every switch set apart from it (E1-E10, the pre-sort), for the start of a
 * search: "TECH-1971" or "TECH-modern, E9 Move Ordering off". */
void settings_describe(const Settings *settings, char *text, size_t size);

/* How many options there are, for options_describe. */
int options_count(void);
/* The option at `index` (0 .. options_count() - 1, in the order they are announced), with its
 * current value in `settings`. */
void options_describe(const Settings *settings, int index, OptionDescription *description);

#endif
