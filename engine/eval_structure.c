/* eval_structure.c - E11's pawn structure and king shelter (docs/SPEC.md §10): doubled,
 * isolated and passed pawns, a wing king's pawn shield. They depend on the pawns and on each
 * king's shelter zone only (eval.c), so the tree computes them when those change and keeps them
 * in a table by their key. The terms and their weights are E10's (positional_expanded.c) [C];
 * E10's race of the kings to a passed pawn is left out, because it would change with every king
 * move of an ending (E13's bitbase knows the king-and-pawn ending exactly). */
#include "eval_structure.h"

#include <string.h>

/* [C] E10's weights, middle game and endgame, per doubled pawn (each pawn behind another on
 * its file) and per isolated pawn. */
enum { DOUBLED_MG = -6, DOUBLED_EG = -10, ISOLATED_MG = -6, ISOLATED_EG = -8 };
/* [C] E10's passed pawns by rank (its PASSER tables times its weight 3), the owner's view,
 * 0 = first rank. */
static const int PASSER_MG[8] = {0, 6, 9, 15, 24, 45, 69, 0};
static const int PASSER_EG[8] = {0, 15, 24, 42, 75, 126, 195, 0};
/* [C] E10's shield of a king on its first two ranks on a wing (files a-c, f-h), middle game
 * only: per file beside or in front of it, an own pawn one rank ahead, two ranks ahead, or no
 * own pawn on the file at all (its weight 5 times its units 2, 1, -2). */
enum { SHIELD_NEAR_MG = 10, SHIELD_FAR_MG = 5, SHIELD_OPEN_MG = -10 };

static int relative_rank(Color c, int rank) { return c == WHITE ? rank : 7 - rank; }

/* Bits of the ranks ahead of `rank` for colour c's pawns. */
static unsigned ranks_ahead(Color c, int rank)
{
    return c == WHITE ? (0xFFu << (rank + 1)) & 0xFFu : (1u << rank) - 1u;
}

/* The pawns of both colours by file: ranks[c][f] has bit r set for a pawn of c on rank r;
 * count[c][f] is how many there are. */
typedef struct {
    unsigned ranks[COLOR_NB][8];
    int count[COLOR_NB][8];
} PawnFiles;

static unsigned file_ranks(const PawnFiles *files, Color c, int file)
{
    return file < 0 || file > 7 ? 0 : files->ranks[c][file];
}

static void pawn_terms(const Position *pos, const PawnFiles *files, Color c, int *mg, int *eg)
{
    for (int file = 0; file < 8; file++) {
        int on_file = files->count[c][file];
        if (on_file == 0) continue;
        if (on_file > 1) {
            *mg += DOUBLED_MG * (on_file - 1);
            *eg += DOUBLED_EG * (on_file - 1);
        }
        if (!file_ranks(files, c, file - 1) && !file_ranks(files, c, file + 1)) {
            *mg += ISOLATED_MG * on_file;
            *eg += ISOLATED_EG * on_file;
        }
    }
    for (int i = 0; i < pos->count[c][PAWN]; i++) {
        Square sq = pos->men[c][PAWN][i];
        int file = square_file(sq), rank = square_rank(sq);
        unsigned enemies =
            file_ranks(files, !c, file - 1) | file_ranks(files, !c, file) | file_ranks(files, !c, file + 1);
        if (enemies & ranks_ahead(c, rank)) continue;
        int rel = relative_rank(c, rank);
        *mg += PASSER_MG[rel];
        *eg += PASSER_EG[rel];
    }
}

static int shelter(const Position *pos, const PawnFiles *files, Color c)
{
    const Square king = position_king(pos, c);
    const int file = square_file(king), rel = relative_rank(c, square_rank(king));
    if (!king_sheltered(file, rel)) return 0;
    int units = 0;
    for (int f = file - 1; f <= file + 1; f++) {
        if (f < 0 || f > 7) continue;
        unsigned own = files->ranks[c][f];
        unsigned near = 1u << (c == WHITE ? rel + 1 : 7 - (rel + 1));
        unsigned far = 1u << (c == WHITE ? rel + 2 : 7 - (rel + 2));
        units += own & near ? SHIELD_NEAR_MG : own & far ? SHIELD_FAR_MG : own ? 0 : SHIELD_OPEN_MG;
    }
    return units;
}

void structure_compute(const Position *pos, StructureEntry *entry)
{
    PawnFiles files;
    memset(&files, 0, sizeof files);
    int mg = 0, eg = 0;
    for (Color c = BLACK; c <= WHITE; c++) {
        entry->pawn_files[c] = 0;
        for (int i = 0; i < pos->count[c][PAWN]; i++) {
            Square sq = pos->men[c][PAWN][i];
            files.ranks[c][square_file(sq)] |= 1u << square_rank(sq);
            files.count[c][square_file(sq)]++;
            entry->pawn_files[c] |= (uint8_t)(1u << square_file(sq));
        }
    }
    for (Color c = BLACK; c <= WHITE; c++) {
        int side_mg = shelter(pos, &files, c), side_eg = 0;
        pawn_terms(pos, &files, c, &side_mg, &side_eg);
        mg += color_sign(c) * side_mg;
        eg += color_sign(c) * side_eg;
    }
    entry->mg = (int16_t)mg;
    entry->eg = (int16_t)eg;
}
