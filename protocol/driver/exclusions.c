/* exclusions.c - CECP's excluded root moves, kept per position of the game. */
#include "exclusions.h"

#include "rules.h"

/* The set as it stands for the game's position: a set noted for another position is empty. */
static void exclusions_follow(Exclusions *exclusions, const Game *game)
{
    if (exclusions->position_id == game->position_id) return;
    exclusions->position_id = game->position_id;
    exclusions->count = 0;
}

static int exclusions_find(const Exclusions *exclusions, Move move)
{
    for (int i = 0; i < exclusions->count; i++)
        if (move_same(exclusions->moves[i], move)) return i;
    return -1;
}

void exclusions_set(Exclusions *exclusions, const Game *game, Move move, bool exclude)
{
    exclusions_follow(exclusions, game);
    int at = exclusions_find(exclusions, move);
    if (exclude && at < 0 && exclusions->count < MOVE_LIST_MAX) exclusions->moves[exclusions->count++] = move;
    if (!exclude && at >= 0) exclusions->moves[at] = exclusions->moves[--exclusions->count];
}

void exclusions_set_all(Exclusions *exclusions, Game *game, bool exclude)
{
    exclusions_follow(exclusions, game);
    exclusions->count = 0;
    if (!exclude) return;
    MoveList legal;
    generate_legal(&game->pos, &legal);
    for (int i = 0; i < legal.count; i++) exclusions->moves[exclusions->count++] = legal.moves[i];
}

int exclusions_root(const Exclusions *exclusions, Game *game, Move *root)
{
    if (exclusions->position_id != game->position_id || exclusions->count == 0) return -1;
    MoveList legal;
    generate_legal(&game->pos, &legal);
    int count = 0;
    for (int i = 0; i < legal.count; i++)
        if (exclusions_find(exclusions, legal.moves[i]) < 0) root[count++] = legal.moves[i];
    return count;
}
