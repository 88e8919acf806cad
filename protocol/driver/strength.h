/* strength.h - UCI_LimitStrength and UCI_Elo: an Elo, mapped through TECH's measured curve of
 * strength against work (strength_table.h, written by scripts/elo_joint.py), to a profile and the
 * work a move may take, in PDP-10 time. TECH stays TECH at every level: less thinking, never a
 * random move. The work grows with the clock as a player's strength does (strength_clock_exponent),
 * or stays the same at every control (docs/STRENGTH.md §1b, §1c). */
#ifndef TECH_STRENGTH_H
#define TECH_STRENGTH_H

#include <stdint.h>

#include "search.h"

/* The profiles of the curve, weakest first: TECH-1971; TECH-deep, TECH-1971's knowledge (material
 * at the leaves, the 1971 pre-sort) with TECH-modern's search (E1-E9), which climbs against
 * engines that search deep where TECH-modern's positional terms at a shallow depth do not
 * (docs/STRENGTH.md); TECH-modern. */
typedef enum { STRENGTH_TECH_1971, STRENGTH_TECH_DEEP, STRENGTH_TECH_MODERN } StrengthProfile;

/* One measured point of the curve: a profile given `work_ms` PDP-10 milliseconds a move, and
 * its Elo on the anchored scale. */
typedef struct {
    StrengthProfile profile;
    double work_ms;
    int elo;
} StrengthPoint;

#include "strength_table.h"

/* The player a setting is at a control: a profile and the PDP-10 work a move it may take. */
typedef struct {
    StrengthProfile profile;
    int64_t work_us;
} StrengthPlayer;

/* The profile that plays at `elo` (clamped to the table's range): its switches
 * (search_features_faithful / _modern), at native speed, one thread, as measured. */
void strength_features(int elo, SearchFeatures *features);
/* The switches of `profile`, at native speed, one thread, as the table measured it. */
void strength_profile_features(StrengthProfile profile, SearchFeatures *features);
/* "TECH-1971", "TECH-deep", "TECH-modern". */
const char *strength_profile_label(StrengthProfile profile);
/* The name of the profile that plays at `elo` (clamped): "TECH-1971", "TECH-deep", "TECH-modern". */
const char *strength_profile_name(int elo);
/* The PDP-10 work a move may take at `elo` (clamped), in microseconds, at the control the table
 * was measured at (10+0.1). */
int64_t strength_work_us(int elo);
/* How the work a move grows with the clock at `elo` (clamped): at a control that gives R times
 * the time a move of 10+0.1, strength_work_us(elo) x R^k, so that the setting gains what a
 * full-strength opponent gains with the time (clock_table.h, written by scripts/clock_fit.py;
 * docs/STRENGTH.md §1c). k is the profile's. */
double strength_clock_exponent(int elo);
/* The player `elo` (clamped) is at a control that gives `clock_ratio` times the time a move of
 * 10+0.1 (timeman_clock_ratio): the table's profile with its work grown as R^k; but at a slower
 * control a TECH-deep or TECH-modern setting plays the player whose Elo against full-strength
 * engines is the setting's plus what such an opponent gains from the time, TECH-modern on its
 * line against them, where that line asks at least the work the table measured TECH-modern at
 * (docs/STRENGTH.md §1c). */
StrengthPlayer strength_player(int elo, double clock_ratio);
/* The Elo of the 1971 program itself: TECH-1971 given the work a move it had in its tournaments
 * (UCI_Elo's default, the setting a person picks first). */
int strength_elo_1971(void);

#endif
