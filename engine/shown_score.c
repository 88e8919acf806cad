/* shown_score.c - the score TECH shows a person and a GUI, in base values: the search chooses
 * with the report's re-valued pieces (the trade-down rule, the general endgame's pawns, §5.8),
 * which squeeze a lead; a GUI's evaluation graph and a resignation rule count in the values
 * everyone counts in. */
#include "shown_score.h"

#include <stdlib.h>

#include "attack.h"
#include "endgame.h"
#include "makemove.h"
#include "rules.h"

/* White-minus-Black material of `pos` at `value` (the king left out, as in every count). */
static Score material_at(const Position *pos, const Score value[COLOR_NB][PIECE_TYPE_NB])
{
    Score total = 0;
    for (Color c = BLACK; c <= WHITE; c++)
        for (PieceType t = PAWN; t < KING; t++) total += color_sign(c) * value[c][t] * pos->count[c][t];
    return total;
}

/* Whether the search scored `pos`, the last position of a line, as a draw without counting its
 * material: a repetition or the 50-move count (E5), a stalemate, E13's known draws. */
static bool scored_as_draw(Position *pos, const SearchFeatures *features)
{
    if (features->draw_detection && (pos->halfmove >= FIFTY_MOVE_PLIES || repetition_count(pos) > 0)) return true;
    int bonus = 0;
    if (features->basic_endgames && (pos->material[WHITE] == 0 || pos->material[BLACK] == 0)
        && endgame_recognise(pos, &bonus) == ENDGAME_DRAW)
        return true;
    return !position_in_check(pos) && legal_move_count(pos) == 0;
}

Score shown_score(const Position *root, const Score value[COLOR_NB][PIECE_TYPE_NB], const SearchFeatures *features,
                  const Move *pv, int length, Score score)
{
    if (score_is_mate(score)) return score;
    Position *last = malloc(sizeof *last);
    if (!last) return score;
    position_copy(last, root);
    for (int i = 0; i < length; i++) make_move(last, pv[i]);
    Score taken = 0; /* White minus Black: the base values less the search's, at the line's end */
    if (!scored_as_draw(last, features))
        taken = (last->material[WHITE] - last->material[BLACK]) - material_at(last, value);
    free(last);
    return score + color_sign(root->side) * taken;
}
