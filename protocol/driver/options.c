/* options.c - the option table: names, types, ranges and setters shared by UCI and CECP. */
#include "options.h"

#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "numeral.h"
#include "quote.h"
#include "speed.h"
#include "strength.h"
#include "tt.h"
#include "variety.h"

enum { STYLE_FAITHFUL = 0, STYLE_MODERN = 1 };
/* A refused name or value is quoted whole up to this many characters, longer ones cut with a
 * mark (quote.h): the message then fits the 160 bytes the front ends give it. */
enum { OPTION_QUOTE_MAX = 40 };
static const char *const style_names[] = {"TECH-1971", "TECH-modern", NULL};
/* Strength Clock: UCI_Elo's work a move grows with the clock, as a player's strength does
 * (strength_clock_exponent), or is the same at every control (Stockfish's Skill is so). */
enum { STRENGTH_CLOCK_GROWS = 0, STRENGTH_CLOCK_SAME = 1 };
static const char *const strength_clock_names[] = {"grows with the clock", "same at every clock", NULL};

/* docs/SPEC.md §7: "usually five ply" [P]; the time rule keeps depths within [2, 30] [C]. */
enum { START_DEPTH_DEFAULT = 5, START_DEPTH_MAX = 30 };
/* docs/SPEC.md §7: Move Overhead 50 ms by default [C]. */
enum { OVERHEAD_DEFAULT_MS = 50, OVERHEAD_MAX_MS = 10000 };

/* Which Settings field an option drives. */
typedef enum {
    FIELD_HASH,
    FIELD_THREADS,
    FIELD_PONDER,
    FIELD_OVERHEAD,
    FIELD_CLEAR_HASH,
    FIELD_STYLE,
    FIELD_DEPTH,
    FIELD_PRESORT,
    FIELD_SPEED,
    FIELD_SPEED_CUSTOM,
    FIELD_LIMIT_STRENGTH,
    FIELD_ELO,
    FIELD_READING,
    FIELD_ANALYSE,
    FIELD_MULTIPV,
    FIELD_VARIETY,
    FIELD_CHESS960,
    FIELD_STRENGTH_CLOCK,
    FIELD_EXPLAIN,
    FIELD_SHOW_WDL,
    FIELD_SWITCH /* enhancement switch i is FIELD_SWITCH + i (enhancement_switches) */
} OptionField;

typedef struct {
    const char *name;
    OptionType type;
    int default_value, min, max; /* check: 0/1; combo: index into vars */
    const char *const *vars;     /* combo values, NULL-terminated */
    bool uci_only;               /* CECP covers it with memory, cores or hard/easy */
    OptionField field;
} OptionSpec;

/* An enhancement switch (E1-E13) follows the profile Style chose unless set on or off: a GUI
 * that stores every option it showed and sends them all back, in its own order, then keeps the
 * profile (a check box's "false" would switch TECH-modern's enhancements off one by one). "true"
 * and "false" are read as on and off. */
enum { SWITCH_PROFILE = 0, SWITCH_ON = 1, SWITCH_OFF = 2 };
static const char *const switch_names[] = {"profile", "on", "off", NULL};

/* The enhancement switches E1-E13 (docs/SPEC.md §10), each written here alone: its option's name
 * and the SearchFeatures field it sets. Announced in this order after option_table's options. */
static const struct {
    const char *name;
    size_t member; /* offset of the switch's bool in SearchFeatures */
} enhancement_switches[ENHANCEMENT_SWITCHES] = {
    {"E1 Checks in Quiescence", offsetof(SearchFeatures, checks_in_quiescence)},
    {"E2 Check Extension", offsetof(SearchFeatures, check_extension)},
    {"E3 Secondary Search", offsetof(SearchFeatures, secondary_search)},
    {"E4 Transposition Table", offsetof(SearchFeatures, transposition_table)},
    /* Not "Draw Detection": polyglot writes a name's words that begin with "Draw" in lower case.
     * The old name is still read (OPTION_ALIASES). */
    {"E5 Repetitions and Fifty Moves", offsetof(SearchFeatures, draw_detection)},
    {"E6 Quiet Queen Promotions", offsetof(SearchFeatures, quiet_queen_promotions)},
    {"E7 Iterative Deepening", offsetof(SearchFeatures, iterative_deepening)},
    {"E8 Principal Variation Search", offsetof(SearchFeatures, pvs)},
    {"E9 Move Ordering", offsetof(SearchFeatures, move_ordering)},
    {"E10 Expanded Positional Module", offsetof(SearchFeatures, expanded_positional)},
    {"E11 Positional Terms in the Tree", offsetof(SearchFeatures, tree_positional)},
    {"E12 Variable Piece Values", offsetof(SearchFeatures, piece_values)},
    {"E13 Basic Endgames", offsetof(SearchFeatures, basic_endgames)},
};

/* Enhancement switch `i` of `features`. */
static bool *switch_of(SearchFeatures *features, int i)
{
    return (bool *)((char *)features + enhancement_switches[i].member);
}
static bool switch_on(const SearchFeatures *features, int i)
{
    return *(const bool *)((const char *)features + enhancement_switches[i].member);
}

/* In the order a person looks for them: the strength, the profile, the GUI's own, then the research
 * settings (the pace, the pre-sort's readings; the switches one by one follow, option_at). */
static const OptionSpec option_table[] = {
    {"UCI_LimitStrength", OPTION_TYPE_CHECK, 0, 0, 1, NULL, false, FIELD_LIMIT_STRENGTH},
    /* Its default is the 1971 program's own strength (spec_default). */
    {"UCI_Elo", OPTION_TYPE_SPIN, 0, STRENGTH_ELO_MIN, STRENGTH_ELO_MAX, NULL, false, FIELD_ELO},
    {"Strength Clock", OPTION_TYPE_COMBO, STRENGTH_CLOCK_GROWS, 0, 1, strength_clock_names, false,
     FIELD_STRENGTH_CLOCK},
    {"Style", OPTION_TYPE_COMBO, STYLE_FAITHFUL, 0, 1, style_names, false, FIELD_STYLE},
    {"Ponder", OPTION_TYPE_CHECK, 0, 0, 1, NULL, true, FIELD_PONDER},
    {"Hash", OPTION_TYPE_SPIN, TT_DEFAULT_MB, TT_MIN_MB, TT_MAX_MB, NULL, true, FIELD_HASH},
    {"Threads", OPTION_TYPE_SPIN, 1, 1, SEARCH_THREADS_MAX, NULL, true, FIELD_THREADS},
    /* XBoard knows a spin named MultiPV too: its Engine Output window sets it in analysis. */
    {"MultiPV", OPTION_TYPE_SPIN, 1, 1, MULTIPV_MAX, NULL, false, FIELD_MULTIPV},
    {"Variety", OPTION_TYPE_CHECK, 0, 0, 1, NULL, false, FIELD_VARIETY},
    /* Why TECH chose its move (driver/explain.h): UCI `info string` before bestmove, CECP `bk`. */
    {"ExplainMoves", OPTION_TYPE_CHECK, 0, 0, 1, NULL, false, FIELD_EXPLAIN},
    /* UCI's win-draw-loss chances after each score (driver/wdl.h); CECP has no field for them. */
    {"UCI_ShowWDL", OPTION_TYPE_CHECK, 0, 0, 1, NULL, true, FIELD_SHOW_WDL},
    /* UCI's Chess960 switch (castling as the king taking its rook); CECP has `variant fischerandom`. */
    {"UCI_Chess960", OPTION_TYPE_CHECK, 0, 0, 1, NULL, true, FIELD_CHESS960},
    {"Move Overhead", OPTION_TYPE_SPIN, OVERHEAD_DEFAULT_MS, 0, OVERHEAD_MAX_MS, NULL, false, FIELD_OVERHEAD},
    {"Clear Hash", OPTION_TYPE_BUTTON, 0, 0, 0, NULL, false, FIELD_CLEAR_HASH},
    {"UCI_AnalyseMode", OPTION_TYPE_CHECK, 0, 0, 1, NULL, true, FIELD_ANALYSE},
    /* The PDP-10's pace, a decade of the report's factor 7 a step, or native (the default):
     * docs/SPEC.md §10, speed.c. */
    {"Speed", OPTION_TYPE_COMBO, SPEED_CHOICE_NATIVE, 0, 0, NULL, false, FIELD_SPEED},
    /* Any speed of the scale as text (x12.5, 1985): a combo takes only its listed values in a
     * GUI, and cutechess-cli refuses any other. */
    {"Speed Custom", OPTION_TYPE_STRING, 0, 0, 0, NULL, false, FIELD_SPEED_CUSTOM},
    {"Depth", OPTION_TYPE_SPIN, START_DEPTH_DEFAULT, 1, START_DEPTH_MAX, NULL, false, FIELD_DEPTH},
    {"Positional Presort", OPTION_TYPE_CHECK, 1, 0, 1, NULL, false, FIELD_PRESORT},
    /* The pre-sort's rules under another reading, one question at a time (docs/FIDELITY.md §4). */
    {"Presort Reading", OPTION_TYPE_COMBO, READING_REPORT, 0, READING_NB - 1, reading_names, false, FIELD_READING},
};

/* Names an option was once announced under, still read. */
static const struct {
    const char *alias, *name;
} OPTION_ALIASES[] = {
    {"E5 Draw Detection", "E5 Repetitions and Fifty Moves"},
};

/* The switches as Style's profile has them, then each one set on or off in place of it; the
 * pre-sort switch and its reading, the speed and the thread count stay as they are. */
static void apply_switches(Settings *s)
{
    SearchFeatures kept = s->features;
    if (s->style == STYLE_MODERN) search_features_modern(&s->features);
    else search_features_faithful(&s->features);
    s->features.threads = kept.threads;
    s->features.presort = kept.presort;
    s->features.pace_multiple = kept.pace_multiple;
    s->features.presort_reading = kept.presort_reading;
    for (int i = 0; i < ENHANCEMENT_SWITCHES; i++)
        if (s->switches[i] != SWITCH_PROFILE) *switch_of(&s->features, i) = s->switches[i] == SWITCH_ON;
}

/* A combo's choices: the Speed scale's come from speed.c. */
static const char *const *combo_choices(const OptionSpec *spec)
{
    return spec->field == FIELD_SPEED ? speed_choices() : spec->vars;
}

static OptionResult option_store(Settings *s, const OptionSpec *spec, int v)
{
    if (spec->field >= FIELD_SWITCH) {
        s->switches[spec->field - FIELD_SWITCH] = (unsigned char)v;
        apply_switches(s);
        return OPTION_STORED;
    }
    switch (spec->field) {
    case FIELD_HASH: s->hash_mb = v; return OPTION_HASH_SIZE;
    case FIELD_THREADS: s->features.threads = v; break;
    /* UCI's Ponder and UCI_AnalyseMode announce what the GUI will do; TECH acts on the commands
     * themselves (`go ponder`, `go infinite`) and keeps neither value. */
    case FIELD_PONDER: break;
    case FIELD_ANALYSE: break;
    case FIELD_OVERHEAD: s->move_overhead_ms = v; break;
    case FIELD_CLEAR_HASH: return OPTION_CLEAR_HASH;
    case FIELD_STYLE:
        s->style = v;
        apply_switches(s);
        break;
    case FIELD_PRESORT: s->features.presort = v != 0; break;
    case FIELD_SPEED:
        s->features.pace_multiple = speed_choice_multiple(v);
        s->speed_custom[0] = '\0';
        break;
    case FIELD_LIMIT_STRENGTH: s->limit_strength = v != 0; break;
    case FIELD_ELO: s->elo = v; break;
    case FIELD_READING: s->features.presort_reading = (Reading)v; break;
    case FIELD_DEPTH: s->start_depth = v; break;
    case FIELD_MULTIPV: s->multipv = v; break;
    case FIELD_VARIETY: s->variety = v != 0; break;
    case FIELD_CHESS960: s->chess960 = v != 0; break;
    case FIELD_STRENGTH_CLOCK: s->strength_clock = v; break;
    case FIELD_EXPLAIN: s->explain_moves = v != 0; break;
    case FIELD_SHOW_WDL: s->show_wdl = v != 0; break;
    default: break;
    }
    return OPTION_STORED;
}

static int option_read(const Settings *s, const OptionSpec *spec)
{
    switch (spec->field) {
    case FIELD_HASH: return s->hash_mb;
    case FIELD_THREADS: return s->features.threads;
    case FIELD_OVERHEAD: return s->move_overhead_ms;
    case FIELD_STYLE: return s->style;
    case FIELD_SPEED: return speed_choice_of(s->features.pace_multiple);
    case FIELD_LIMIT_STRENGTH: return s->limit_strength;
    case FIELD_ELO: return s->elo;
    case FIELD_READING: return s->features.presort_reading;
    case FIELD_DEPTH: return s->start_depth;
    default: return s->switches[spec->field - FIELD_SWITCH];
    case FIELD_PRESORT: return s->features.presort;
    case FIELD_CLEAR_HASH: return 0;
    case FIELD_SPEED_CUSTOM: return 0; /* a string: OptionDescription.text */
    case FIELD_PONDER: return 0;       /* not kept (option_store); listed for UCI only */
    case FIELD_ANALYSE: return 0;
    case FIELD_MULTIPV: return s->multipv;
    case FIELD_VARIETY: return s->variety;
    case FIELD_CHESS960: return s->chess960;
    case FIELD_STRENGTH_CLOCK: return s->strength_clock;
    case FIELD_EXPLAIN: return s->explain_moves;
    case FIELD_SHOW_WDL: return s->show_wdl;
    }
    return 0;
}

enum {
    TABLE_COUNT = (int)(sizeof option_table / sizeof option_table[0]),
    OPTION_COUNT = TABLE_COUNT + ENHANCEMENT_SWITCHES
};

/* Option `index` in the order they are announced: option_table's, then the switches. */
static OptionSpec option_at(int index)
{
    if (index < TABLE_COUNT) return option_table[index];
    const int i = index - TABLE_COUNT;
    return (OptionSpec){enhancement_switches[i].name,   OPTION_TYPE_COMBO, SWITCH_PROFILE, 0, 2, switch_names, false,
                        (OptionField)(FIELD_SWITCH + i)};
}

/* An option's default: the table's, or for UCI_Elo the 1971 program's place on the curve. */
static int spec_default(const OptionSpec *spec)
{
    return spec->field == FIELD_ELO ? strength_elo_1971() : spec->default_value;
}

void settings_init(Settings *settings)
{
    memset(settings, 0, sizeof *settings);
    search_features_faithful(&settings->features);
    for (int i = 0; i < OPTION_COUNT; i++) {
        const OptionSpec spec = option_at(i);
        if (spec.type != OPTION_TYPE_BUTTON && spec.type != OPTION_TYPE_STRING)
            option_store(settings, &spec, spec_default(&spec));
    }
}

/* The option named `name` (case-insensitive, or an old name of it) into *spec; false if none. */
static bool find_option(const char *name, OptionSpec *spec)
{
    for (size_t a = 0; a < sizeof OPTION_ALIASES / sizeof OPTION_ALIASES[0]; a++)
        if (strcasecmp(OPTION_ALIASES[a].alias, name) == 0) name = OPTION_ALIASES[a].name;
    for (int i = 0; i < OPTION_COUNT; i++) {
        *spec = option_at(i);
        if (strcasecmp(spec->name, name) == 0) return true;
    }
    return false;
}

Score settings_variety_margin(const Settings *settings)
{
    return settings->style == STYLE_MODERN ? VARIETY_MARGIN_MODERN : VARIETY_MARGIN_FAITHFUL;
}

bool options_known(const char *name)
{
    OptionSpec spec;
    return find_option(name, &spec);
}

bool options_spin_range(const char *name, int *min, int *max)
{
    OptionSpec spec;
    if (!find_option(name, &spec) || spec.type != OPTION_TYPE_SPIN) return false;
    *min = spec.min;
    *max = spec.max;
    return true;
}

static bool parse_check(const char *value, int *out)
{
    if (strcasecmp(value, "true") == 0 || strcmp(value, "1") == 0) *out = 1;
    else if (strcasecmp(value, "false") == 0 || strcmp(value, "0") == 0) *out = 0;
    else return false;
    return true;
}

/* A whole number (numeral.h: sign and digits only, no blank) that fits an int. */
static bool parse_int(const char *value, int *out)
{
    if (!numeral_is_whole(value)) return false;
    char *end;
    errno = 0;
    long v = strtol(value, &end, 10);
    if (errno || v < INT_MIN || v > INT_MAX) return false;
    *out = (int)v;
    return true;
}

/* Speed takes its choices and also any multiple or year of the scale (speed.c). */
static OptionResult set_speed(Settings *s, const char *value, char *error, size_t error_size)
{
    double multiple;
    if (!speed_parse(value, &multiple)) {
        char shown[OPTION_QUOTE_MAX + 1];
        snprintf(error, error_size, "option 'Speed' takes native, PDP-10, x1 to x%.0f or a year %d to %d, not '%s'",
                 speed_multiple_of_year(SPEED_YEAR_MAX), SPEED_BASE_YEAR, SPEED_YEAR_MAX,
                 quote_input(value, OPTION_QUOTE_MAX, shown, sizeof shown));
        return OPTION_FAILED;
    }
    s->features.pace_multiple = multiple;
    s->speed_custom[0] = '\0';
    return OPTION_STORED;
}

/* Speed Custom unset: the value it is announced with (a word, not UCI's "<empty>", which
 * polyglot and XBoard show as those very characters), and the spellings read as unset. */
static const char SPEED_CUSTOM_UNSET[] = "none";
static bool speed_custom_unset(const char *value)
{
    return !value || !*value || strcasecmp(value, SPEED_CUSTOM_UNSET) == 0 || strcmp(value, "<empty>") == 0;
}

/* Speed Custom: any speed of the scale; unset (SPEED_CUSTOM_UNSET) leaves the speed as Speed set it. */
static OptionResult set_speed_custom(Settings *s, const char *value, char *error, size_t error_size)
{
    if (speed_custom_unset(value)) {
        s->speed_custom[0] = '\0';
        return OPTION_STORED;
    }
    double multiple;
    if (strlen(value) >= sizeof s->speed_custom || !speed_parse(value, &multiple)) {
        char shown[OPTION_QUOTE_MAX + 1];
        snprintf(error, error_size,
                 "option 'Speed Custom' takes native, PDP-10, x1 to x%.0f or a year %d to %d, not '%s'",
                 speed_multiple_of_year(SPEED_YEAR_MAX), SPEED_BASE_YEAR, SPEED_YEAR_MAX,
                 quote_input(value, OPTION_QUOTE_MAX, shown, sizeof shown));
        return OPTION_FAILED;
    }
    s->features.pace_multiple = multiple;
    snprintf(s->speed_custom, sizeof s->speed_custom, "%s", value);
    return OPTION_STORED;
}

OptionResult options_set(Settings *settings, const char *name, const char *value, char *error, size_t error_size)
{
    OptionSpec found;
    char shown[OPTION_QUOTE_MAX + 1]; /* the name or the value refused, as the message quotes it */
    if (!find_option(name, &found)) {
        snprintf(error, error_size, "unknown option '%s'", quote_input(name, OPTION_QUOTE_MAX, shown, sizeof shown));
        return OPTION_FAILED;
    }
    const OptionSpec *spec = &found;
    int v = 0;
    if (spec->field == FIELD_SPEED_CUSTOM) return set_speed_custom(settings, value, error, error_size);
    if (spec->type != OPTION_TYPE_BUTTON && (!value || !*value)) {
        snprintf(error, error_size, "option '%s' needs a value", spec->name);
        return OPTION_FAILED;
    }
    switch (spec->type) {
    case OPTION_TYPE_CHECK:
        if (!parse_check(value, &v)) {
            snprintf(error, error_size, "option '%s' takes true or false, not '%s'", spec->name,
                     quote_input(value, OPTION_QUOTE_MAX, shown, sizeof shown));
            return OPTION_FAILED;
        }
        break;
    case OPTION_TYPE_SPIN:
        if (!parse_int(value, &v) || v < spec->min || v > spec->max) {
            snprintf(error, error_size, "option '%s' takes a whole number from %d to %d, not '%s'", spec->name,
                     spec->min, spec->max, quote_input(value, OPTION_QUOTE_MAX, shown, sizeof shown));
            return OPTION_FAILED;
        }
        break;
    case OPTION_TYPE_COMBO:
        if (spec->field == FIELD_SPEED) return set_speed(settings, value, error, error_size);
        if (spec->vars == switch_names && parse_check(value, &v)) {
            v = v ? SWITCH_ON : SWITCH_OFF;
            break;
        }
        for (v = 0; spec->vars[v] && strcasecmp(spec->vars[v], value) != 0; v++) continue;
        if (!spec->vars[v]) {
            snprintf(error, error_size, "option '%s' has no value '%s'", spec->name,
                     quote_input(value, OPTION_QUOTE_MAX, shown, sizeof shown));
            return OPTION_FAILED;
        }
        break;
    case OPTION_TYPE_BUTTON:
    case OPTION_TYPE_STRING: break;
    }
    const OptionResult result = option_store(settings, spec, v);
    SearchFeatures features; /* build what the next search will need now, off its clock */
    settings_search_features(settings, &features);
    search_features_prepare(&features);
    return result;
}

const char *settings_profile_name(const Settings *settings)
{
    /* Under UCI_LimitStrength the level, not Style, picks the profile that plays (strength.c). */
    return settings->limit_strength ? strength_profile_name(settings->elo) : style_names[settings->style];
}

void settings_describe(const Settings *settings, char *text, size_t size)
{
    if (settings->limit_strength) {
        snprintf(text, size, "%s at UCI_Elo %d (%.1f PDP-10 seconds of work a move)",
                 strength_profile_name(settings->elo), settings->elo, (double)strength_work_us(settings->elo) / 1e6);
        return;
    }
    Settings profile;
    settings_init(&profile);
    profile.style = settings->style;
    apply_switches(&profile);
    int used = snprintf(text, size, "%s", settings_profile_name(settings));
    SearchFeatures now = settings->features;
    for (int i = 0; i < ENHANCEMENT_SWITCHES && used >= 0 && (size_t)used < size; i++) {
        const bool on = switch_on(&now, i);
        if (on == switch_on(&profile.features, i)) continue;
        used += snprintf(text + used, size - (size_t)used, ", %s %s", enhancement_switches[i].name, on ? "on" : "off");
    }
    if (!settings->features.presort && used >= 0 && (size_t)used < size)
        snprintf(text + used, size - (size_t)used, ", Positional Presort off");
}

int options_count(void) { return OPTION_COUNT; }

void options_describe(const Settings *settings, int index, OptionDescription *description)
{
    const OptionSpec found = option_at(index), *spec = &found;
    *description = (OptionDescription){
        .name = spec->name,
        .type = spec->type,
        .default_value = spec_default(spec),
        .min = spec->min,
        .max = spec->max,
        .choices = spec->type == OPTION_TYPE_COMBO ? combo_choices(spec) : NULL,
        .value = option_read(settings, spec),
        .text = spec->type != OPTION_TYPE_STRING ? NULL
                : settings->speed_custom[0]      ? settings->speed_custom
                                                 : SPEED_CUSTOM_UNSET,
        .default_text = spec->type == OPTION_TYPE_STRING ? SPEED_CUSTOM_UNSET : NULL,
        .uci_only = spec->uci_only,
    };
}

void settings_search_features(const Settings *settings, SearchFeatures *features)
{
    *features = settings->features;
    if (settings->limit_strength) strength_features(settings->elo, features);
}

/* The switches and the pace of two feature sets alike (the thread count aside: helpers change
 * the speed, not the player the depth rule plans for). */
static bool same_features(const SearchFeatures *a, const SearchFeatures *b)
{
    for (int i = 0; i < ENHANCEMENT_SWITCHES; i++)
        if (switch_on(a, i) != switch_on(b, i)) return false;
    return a->presort == b->presort && a->pace_multiple == b->pace_multiple && a->presort_reading == b->presort_reading;
}

bool settings_same_player(const Settings *a, const Settings *b)
{
    SearchFeatures fa, fb;
    settings_search_features(a, &fa);
    settings_search_features(b, &fb);
    return same_features(&fa, &fb) && settings_work_us(a) == settings_work_us(b)
           && a->strength_clock == b->strength_clock && a->start_depth == b->start_depth;
}

int64_t settings_work_us(const Settings *settings)
{
    return settings->limit_strength ? strength_work_us(settings->elo) : 0;
}

const char *settings_player_at_clock(const Settings *settings, double clock_ratio, SearchFeatures *features,
                                     int64_t *work_us)
{
    settings_search_features(settings, features);
    *work_us = settings_work_us(settings);
    if (!settings->limit_strength || settings->strength_clock != STRENGTH_CLOCK_GROWS)
        return settings_profile_name(settings);
    const StrengthPlayer player = strength_player(settings->elo, clock_ratio);
    strength_profile_features(player.profile, features);
    *work_us = player.work_us;
    return strength_profile_label(player.profile);
}
