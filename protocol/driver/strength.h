/* strength.h - UCI_LimitStrength and UCI_Elo: an Elo, mapped through TECH's measured curve of
 * strength against speed (strength_table.h, written by scripts/elo_fit.py), to a profile and a
 * speed. TECH stays TECH at every level: a slower machine, never a random move. */
#ifndef TECH_STRENGTH_H
#define TECH_STRENGTH_H

#include "search.h"

typedef enum { STRENGTH_TECH_1971, STRENGTH_TECH_MODERN } StrengthProfile;

/* One measured point of the curve: a profile at a speed (a multiple of TECH's PDP-10, 0 =
 * native) and its Elo on the anchored scale. */
typedef struct {
    StrengthProfile profile;
    double multiple;
    int elo;
} StrengthPoint;

#include "strength_table.h"

/* The profile and the speed that play at `elo` (clamped to the table's range): the profile's
 * switches (search_features_faithful / _modern), the speed in pace_multiple, one thread, as
 * measured. */
void strength_features(int elo, SearchFeatures *features);

#endif
