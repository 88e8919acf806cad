/* explain_text.c - an explanation (explain_text.h; explain.c finds it) in a player's words: the
 * move and what it does to the material with its line in SAN, the tie and the pre-sort's reasons,
 * the refuted expectation, the tree's positional terms, the depth the level saw; wrapped within
 * EXPLAIN_COLUMNS. */
#include "explain_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "makemove.h"
#include "notation.h"

/* The pre-sort's term names (positional*.c) as a player says them. */
static const struct {
    const char *term, *words;
} TERM_WORDS[] = {
    {"centre", "centre control"},
    {"mobility", "mobility"},
    {"king-field", "nearness to the enemy king"},
    {"king-side", "developing a king's-side piece"},
    {"K2-K4", "the e-pawn two squares"},
    {"K3-K4", "the e-pawn to the fourth rank"},
    {"Q2-Q4", "the d-pawn two squares"},
    {"Q3-Q4", "the d-pawn to the fourth rank"},
    {"O-O", "castling short"},
    {"O-O-O", "castling long"},
    {"N-R3", "no knight on the rim"},
    {"blocks-pawn", "not blocking a centre pawn"},
    {"Petroff", "no Petroff knight"},
    {"pawn-away", "capturing toward the centre"},
    {"doubled", "no doubled pawns"},
    {"doubled-isolated", "no doubled isolated pawn"},
    {"takes-centre-pawn", "taking a centre pawn"},
    {"takes-defended-centre-pawn", "not taking a defended centre pawn"},
    {"wing-pawn", "no wing pawn move"},
    {"piece-capture", "a piece capture while ahead"},
    {"unblocks-pawn", "freeing the c- or f-pawn"},
    {"advance", "a pawn advance"},
    {"rear-pawn", "no pawn left behind"},
    {"passed-field", "the passed pawns' path"},
    {"rook-behind", "a rook behind a passed pawn"},
    {"drive", "driving the lone king to the edge"},
    {"x-pawn-centre", "centre pawns"},
    {"x-pawn-advance", "pawn advance"},
    {"x-knight-centre", "a central knight"},
    {"x-bishop-centre", "a central bishop"},
    {"x-queen-centre", "a central queen"},
    {"x-king-home", "king safety"},
    {"x-king-centre", "an active king"},
    {"x-doubled", "no doubled pawns"},
    {"x-isolated", "no isolated pawns"},
    {"x-passer", "a passed pawn"},
    {"x-passer-kings", "kings near the passed pawns"},
    {"x-knight-mobility", "knight mobility"},
    {"x-bishop-mobility", "bishop mobility"},
    {"x-rook-mobility", "rook mobility"},
    {"x-queen-mobility", "queen mobility"},
    {"x-shield", "the king's pawn shield"},
    {"x-castling", "keeping the right to castle"},
    {"x-king-exposed", "not exposing the king"},
    {"x-king-danger", "fewer attackers near the king"},
    {"x-bishop-pair", "the bishop pair"},
    {"x-rook-open", "a rook on an open file"},
    {"x-rook-half-open", "a rook on a half-open file"},
    {"x-rook-seventh", "a rook on the seventh"},
    {"x-minor-home", "development"},
    {"x-queen-early", "no early queen"},
    {"x-pawn-blocked", "not blocking a centre pawn"},
    {"x-mop-up", "driving the lone king"},
    {"x-mop-up-box", "boxing in the lone king"},
};

const char *explain_term_words(const char *term)
{
    for (size_t i = 0; i < sizeof TERM_WORDS / sizeof TERM_WORDS[0]; i++)
        if (!strcmp(TERM_WORDS[i].term, term)) return TERM_WORDS[i].words;
    return term;
}

/* Text appended to a fixed buffer, cut (never overrun) when full. */
typedef struct {
    char *text;
    size_t size, length;
} Words;

static void words_add(Words *w, const char *format, ...)
{
    if (w->length + 1 >= w->size) return;
    va_list args;
    va_start(args, format);
    int n = vsnprintf(w->text + w->length, w->size - w->length, format, args);
    va_end(args);
    if (n > 0) w->length = w->length + (size_t)n < w->size ? w->length + (size_t)n : w->size - 1;
}

void explain_line_san(Position *pos, const Move *pv, int count, char *out, size_t size)
{
    Words w = {out, size, 0};
    out[0] = '\0';
    int made = 0;
    for (int i = 0; i < count; i++) {
        char san[MOVE_TEXT_MAX + 8];
        move_to_san(pos, pv[i], san);
        if (pos->side == WHITE) words_add(&w, "%s%d.%s", i ? " " : "", pos->fullmove, san);
        else if (i == 0) words_add(&w, "%d...%s", pos->fullmove, san);
        else words_add(&w, " %s", san);
        make_move(pos, pv[i]);
        made++;
    }
    while (made-- > 0) unmake_move(pos);
}

static const char *const MAN_NAME[PIECE_TYPE_NB][2] = {
    [EMPTY] = {"a piece", "pieces"},    [PAWN] = {"a pawn", "pawns"}, [KNIGHT] = {"a knight", "knights"},
    [BISHOP] = {"a bishop", "bishops"}, [ROOK] = {"a rook", "rooks"}, [QUEEN] = {"a queen", "queens"},
};
static const char *const COUNT_NAME[] = {"", "one", "two", "three", "four", "five", "six", "seven", "eight"};

/* "a knight and two pawns": the men of `count` (positive counts), the most valuable first. */
static void add_men(Words *w, const int count[PIECE_TYPE_NB])
{
    /* EMPTY's place counts "pieces": knights and bishops after minor pieces went on both sides. */
    static const PieceType ORDER[] = {QUEEN, ROOK, EMPTY, BISHOP, KNIGHT, PAWN};
    int listed = 0, total = 0;
    for (int i = 0; i < 6; i++) total += count[ORDER[i]] > 0;
    for (int i = 0; i < 6; i++) {
        const PieceType t = ORDER[i];
        if (count[t] <= 0) continue;
        listed++;
        const char *sep = listed == 1 ? "" : listed == total ? " and " : ", ";
        if (count[t] == 1) words_add(w, "%s%s", sep, MAN_NAME[t][0]);
        else words_add(w, "%s%s %s", sep, count[t] < 9 ? COUNT_NAME[count[t]] : "many", MAN_NAME[t][1]);
    }
}

/* Whether a count holds exactly one man of `type` and nothing else. */
static bool only(const int count[PIECE_TYPE_NB], PieceType type)
{
    for (PieceType t = EMPTY; t < KING; t++)
        if (count[t] != (t == type)) return false;
    return true;
}

/* What a line does to the mover's material: "wins a knight", "keeps the material level". */
static void add_material(Words *w, const ExplainedLine *line)
{
    int gained[PIECE_TYPE_NB] = {0}, lost[PIECE_TYPE_NB] = {0}, promoted[PIECE_TYPE_NB] = {0};
    bool any_gain = false, any_loss = false, any_promotion = false;
    for (PieceType t = PAWN; t < KING; t++) {
        /* Men of one kind taken on both sides cancel: "a bishop for a pawn", not "a bishop and a
         * knight for a knight and a pawn". */
        const int taken = line->gained[t] > 0 ? line->gained[t] : 0, given = line->lost[t] > 0 ? line->lost[t] : 0;
        gained[t] = taken > given ? taken - given : 0;
        lost[t] = given > taken ? given - taken : 0;
        promoted[t] = line->lost[t] < 0 ? -line->lost[t] : 0;
        any_gain |= taken > 0;
        any_loss |= given > 0;
        any_promotion |= promoted[t] > 0;
    }
    if (any_promotion) {
        words_add(w, "makes ");
        add_men(w, promoted);
        if (line->material == 0) words_add(w, " and keeps the material level");
        else
            words_add(w, " and comes out %.1f pawns %s",
                      (line->material >= 0 ? line->material : -line->material) / 100.0,
                      line->material >= 0 ? "up" : "down");
        return;
    }
    /* A knight for a bishop is no gain either: the minor pieces cancel too (both 330). */
    for (PieceType a = KNIGHT; a <= BISHOP; a++) {
        const PieceType b = a == KNIGHT ? BISHOP : KNIGHT;
        const int even = gained[a] < lost[b] ? gained[a] : lost[b];
        gained[a] -= even;
        lost[b] -= even;
    }
    /* Knights and bishops taken on both sides: what is left over is "a piece", as players say. */
    if ((line->gained[KNIGHT] > 0 || line->gained[BISHOP] > 0) && (line->lost[KNIGHT] > 0 || line->lost[BISHOP] > 0)) {
        gained[EMPTY] = gained[KNIGHT] + gained[BISHOP];
        lost[EMPTY] = lost[KNIGHT] + lost[BISHOP];
        gained[KNIGHT] = gained[BISHOP] = lost[KNIGHT] = lost[BISHOP] = 0;
    }
    bool traded = any_gain || any_loss;
    any_gain = any_loss = false;
    for (PieceType t = EMPTY; t < KING; t++) {
        any_gain |= gained[t] > 0;
        any_loss |= lost[t] > 0;
    }
    if (only(gained, ROOK) && (only(lost, KNIGHT) || only(lost, BISHOP))) {
        words_add(w, "wins the exchange");
    } else if (only(lost, ROOK) && (only(gained, KNIGHT) || only(gained, BISHOP))) {
        words_add(w, "gives up the exchange");
    } else if (line->material == 0) {
        words_add(w, traded ? "keeps the material level after trades" : "keeps the material level");
    } else if (line->material > 0) {
        words_add(w, "wins ");
        add_men(w, gained);
        if (any_loss) {
            words_add(w, " for ");
            add_men(w, lost);
        }
    } else {
        words_add(w, "loses ");
        add_men(w, lost);
        if (any_gain) {
            words_add(w, " for ");
            add_men(w, gained);
        }
    }
}

/* What a line ends in: a mate, or its material, then the line itself. */
static void add_line(Words *w, Position *pos, const ExplainedLine *line)
{
    if (score_is_mate(line->score) && line->score > 0) words_add(w, "mates in %d", score_mate_moves(line->score));
    else if (score_is_mate(line->score)) words_add(w, "is mated in %d", -score_mate_moves(line->score));
    else add_material(w, line);
    /* The line as far as the material changes: the quiet moves after it change nothing. */
    int shown = score_is_mate(line->score) ? line->pv_length : explain_line_shown(line);
    if (shown <= 1 && !score_is_mate(line->score)) {
        words_add(w, ".");
        return;
    }
    char san[EXPLAIN_TEXT_MAX];
    explain_line_san(pos, line->pv, shown, san, sizeof san);
    words_add(w, ": %s.", san);
}

/* " with +33: the e-pawn to e4 +30, centre control +3.": a pre-sort score and its leading terms. */
static void add_terms(Words *w, int score, const PresortTerm *terms, int count)
{
    words_add(w, " with %+d%s", score, count > 0 ? ": " : "");
    for (int i = 0; i < count; i++)
        words_add(w, "%s%s %+d", i == 0 ? "" : ", ", explain_term_words(terms[i].name), terms[i].value);
    words_add(w, ".");
}

/* The tie, and the pre-sort's reasons among the tied moves. */
static void add_tie(Words *w, Position *pos, const Explanation *e)
{
    if (e->partial && e->searched == 1) {
        words_add(w, " Its time ran out at depth %d with this move alone searched, the first it tried.", e->depth);
        return;
    }
    if (e->partial)
        words_add(w, " Its time ran out at depth %d after %d of the %d moves; it played the best of those.", e->depth,
                  e->searched, e->root_moves);
    if (e->variety) {
        words_add(w, " Variety chose it at random among the moves equal to the best.");
        return;
    }
    if (e->tied == 0 || (e->tied == 1 && e->ties_cut)) return; /* not counted, or cut short */
    if (e->tied == 1) {
        if (e->root_moves > 1) words_add(w, " Every other move%s came out worse.", e->partial ? " searched" : "");
        return;
    }
    words_add(w, " %s%d moves came out equal; the pre-sort ranks it first of them", e->ties_cut ? "At least " : "",
              e->tied);
    if (e->presort_rank > 1) words_add(w, " (%d of all)", e->presort_rank);
    add_terms(w, e->presort_score, e->terms, e->term_count);
    if (e->has_runner_up) {
        char san[MOVE_TEXT_MAX + 8];
        move_to_san(pos, e->runner_up, san);
        words_add(w, " Next came %s", san);
        add_terms(w, e->runner_score, e->runner_terms, e->runner_term_count);
    }
}

/* Break `text` into lines of at most `columns` at blanks. */
static void wrap(char *text, int columns)
{
    char *line = text;
    while ((int)strlen(line) > columns) {
        char *cut = line + columns;
        while (cut > line && *cut != ' ') cut--;
        if (cut == line) cut = strchr(line + columns, ' ');
        if (!cut) return;
        *cut = '\n';
        line = cut + 1;
    }
}

void explain_text(Position *pos, const ExplainPlayer *player, const Explanation *e, char *out, size_t size)
{
    Words w = {out, size, 0};
    out[0] = '\0';
    char san[MOVE_TEXT_MAX + 8];
    move_to_san(pos, e->move, san);
    const char *dots = pos->side == WHITE ? "." : "...";
    if (player->for_person) words_add(&w, "TECH would play %d%s%s for you. ", pos->fullmove, dots, san);
    if (!e->known) {
        if (!e->searched)
            words_add(&w,
                      "%d%s%s: its time ran out before a depth was done; it is the move of its short "
                      "insurance search.",
                      pos->fullmove, dots, san);
        else if (player->variety)
            words_add(&w, "%d%s%s: Variety chose it at random among the moves equal to the best.", pos->fullmove, dots,
                      san);
        else
            words_add(&w, "%d%s%s: a helper thread's search chose it; it has no explanation.", pos->fullmove, dots,
                      san);
        wrap(out, EXPLAIN_COLUMNS);
        return;
    }
    words_add(&w, "%d%s%s ", pos->fullmove, dots, san);
    add_line(&w, pos, &e->chosen);
    add_tie(&w, pos, e);
    if (e->positional_decided) {
        char rival[MOVE_TEXT_MAX + 8];
        move_to_san(pos, e->positional_rival.pv[0], rival);
        words_add(&w,
                  " %s kept as much material, but %s's positional terms at the end of the lines chose: %+.2f "
                  "against %+.2f.",
                  rival, player->profile, e->chosen.score / 100.0, e->positional_rival.score / 100.0);
    }
    for (int i = 0; i < e->refuted_count; i++) {
        char refuted[MOVE_TEXT_MAX + 8];
        move_to_san(pos, e->refuted[i].pv[0], refuted);
        if (e->refuted_was_first[i]) words_add(&w, " The pre-sort's first, %s, ", refuted);
        else words_add(&w, " %s instead ", refuted);
        add_line(&w, pos, &e->refuted[i]);
    }
    if (player->elo > 0)
        words_add(&w, " At Elo %d, %s looked %d plies ahead: a deeper search may choose otherwise.", player->elo,
                  player->profile, e->depth);
    else if (player->paced)
        words_add(&w, " At this Speed %s looked %d plies ahead: a deeper search may choose otherwise.", player->profile,
                  e->depth);
    else words_add(&w, " %s looked %d plies ahead.", player->profile, e->depth);
    wrap(out, EXPLAIN_COLUMNS);
}

int explain_line_shown(const ExplainedLine *line)
{
    int shown = 1;
    for (int i = 0; i < line->pv_length; i++)
        if (move_is_capture(line->pv[i]) || move_is_promotion(line->pv[i])) shown = i + 1;
    return shown;
}
