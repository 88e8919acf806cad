/* shown_score.h - the score TECH shows a person and a GUI: the search's value of its line, with
 * the material of the line's last position counted at the base values (pawn 100, knight and
 * bishop 330, rook 500, queen 900) instead of the values the search gave the pieces for this
 * root (docs/SPEC.md §5.8; docs/PROTOCOLS.md §3.5). */
#ifndef TECH_SHOWN_SCORE_H
#define TECH_SHOWN_SCORE_H

#include "search.h"

/* `score`, the search's value of `root` from its side to move's view, reached at the end of the
 * line `pv` (`length` moves) with the pieces at `value`, read at the base values: the search's
 * value plus what the re-valuation took from (or gave to) the material of the line's last
 * position. A mate, and a last position the search scored as a draw whatever its material (a
 * repetition or the 50-move rule with E5, a stalemate, E13's known draws), keep the search's
 * score. The search itself never reads this value. */
Score shown_score(const Position *root, const Score value[COLOR_NB][PIECE_TYPE_NB], const SearchFeatures *features,
                  const Move *pv, int length, Score score);

#endif
