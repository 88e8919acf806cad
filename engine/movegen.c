/* movegen.c - one offset-driven generator for every kind of move list, and for counting the
 * legal moves of perft's last ply. */
#include "movegen.h"

#include <assert.h>
#include <string.h>

#include "attack.h"
#include "castling_moves.h"

/* Capture ordering classes: the captured man's value rank, B and N equal (docs/SPEC.md §4). */
static const int victim_class[PIECE_TYPE_NB] = {0, 1, 2, 2, 3, 4, 5};

/* Offset table per piece type and whether the piece slides (docs/SPEC.md §2). */
typedef struct {
    const int *offsets;
    int count;
    bool slides;
} PieceMoves;

static const PieceMoves piece_moves[PIECE_TYPE_NB] = {
    [KNIGHT] = {knight_offsets, 8, false}, [BISHOP] = {bishop_offsets, 4, true}, [ROOK] = {rook_offsets, 4, true},
    [QUEEN] = {king_offsets, 8, true},     [KING] = {king_offsets, 8, false},
};

/* What one specialised copy of the generator produces. Every field is a constant in each copy
 * (the kind is a constant where generate_kind() is inlined), so the tests on them fold away. */
typedef struct {
    bool captures;         /* captures, promotions that capture included */
    bool quiet_promotions; /* promotions that capture nothing */
    bool quiets;           /* the other non-captures */
    bool castling;
    bool check_candidates; /* only the men that could give check with a quiet move */
    bool counting;         /* legal moves counted, none stored (count_legal_moves) */
    bool test_each;        /* counting: every move passes the legality test */
} GenSpec;

static inline GenSpec spec_of(GenKind kind)
{
    switch (kind) {
    case GEN_ALL: return (GenSpec){.captures = true, .quiet_promotions = true, .quiets = true, .castling = true};
    case GEN_NOISY: return (GenSpec){.captures = true, .quiet_promotions = true};
    case GEN_CAPTURES: return (GenSpec){.captures = true};
    case GEN_NON_CAPTURES: return (GenSpec){.quiet_promotions = true, .quiets = true, .castling = true};
    case GEN_QUIET: return (GenSpec){.quiets = true, .castling = true};
    case GEN_QUIET_CHECK_CANDIDATES: return (GenSpec){.quiets = true, .check_candidates = true};
    }
    return (GenSpec){0};
}

/* GEN_QUIET_CHECK_CANDIDATES: the men that could give check with a quiet move, found without
 * generating their moves (E1's quiet checks in quiescence generate only these men's moves). */
typedef struct {
    Square king;           /* the enemy king */
    Square discoverers[8]; /* our men between it and one of our sliders on its line */
    int n_discoverers;
} CheckCandidates;

static void find_check_candidates(const Position *pos, CheckCandidates *cc)
{
    const Color us = pos->side;
    const int8_t *board = pos->board;
    cc->king = position_king(pos, !us);
    cc->n_discoverers = 0;
    for (int i = 0; i < 8; i++) {
        const int step = king_offsets[i];
        Square blocker = cc->king + step;
        while (board[blocker] == EMPTY) blocker += step;
        if (piece_is_man_of(board[blocker], us) && slider_on_line(pos, blocker, step, us))
            cc->discoverers[cc->n_discoverers++] = blocker;
    }
}

/* Whether a man of `type` on `from` could give check with a quiet move: it uncovers a line,
 * or some square it moves to can attack the king. A test of geometry only, never too strict. */
static inline bool may_give_check(const CheckCandidates *cc, Color us, PieceType type, Square from)
{
    for (int i = 0; i < cc->n_discoverers; i++)
        if (cc->discoverers[i] == from) return true;
    const int dr = square_rank(cc->king) - square_rank(from), df = square_file(cc->king) - square_file(from);
    const int ahead = us == WHITE ? dr : -dr;
    const bool same_colour = ((dr + df) & 1) == 0;
    switch (type) {
    case PAWN: return (df == 1 || df == -1) && (ahead == 2 || ahead == 3);         /* a push of one or two */
    case KNIGHT: return same_colour && dr >= -4 && dr <= 4 && df >= -4 && df <= 4; /* two knight moves */
    case BISHOP: return same_colour;
    case KING: return dr >= -2 && dr <= 2 && df >= -2 && df <= 2; /* only illegal, but a quiet "check" */
    default: return true;                                         /* rooks and queens */
    }
}

/* Where the moves go: captures straight into the caller's list and the other moves into a
 * buffer, joined at the end; or, counting, a count of the legal moves. The sink lives in
 * registers: it is only ever handed to functions inlined into generate_kind(). */
typedef struct {
    Move *captures;
    Move *quiets;
    long n_captures; /* long, not int: a store of a Move cannot alias the counters */
    long n_quiets;
    long n_legal;                  /* counting */
    Position *pos;                 /* counting: the position, for the legality test */
    const LegalityInfo *legality;  /* counting: its checkers and pins */
    const CheckCandidates *checks; /* GEN_QUIET_CHECK_CANDIDATES */
    bool any_pinned;               /* counting: some man is pinned */
    int safe_beside;               /* counting: CASTLING_SAFE_* squares beside the king found unattacked */
    Color us;
    int enemy_low; /* an enemy man's code c satisfies 0 <= c - enemy_low < KING */
    /* The side's pawns: their step, the first cells of the rank they promote on and of the rank
     * they may double-push from, and the square an e.p. capture goes to (or SQ_NONE). */
    int forward;
    Square last_rank, start_rank, en_passant;
} Sink;

/* Whether a cell holds an enemy man (not empty, not ours, not the border). */
static inline __attribute__((always_inline)) bool is_enemy(const Sink *sink, Piece p)
{
    return (unsigned)(p - sink->enemy_low) < KING;
}

/* One move out; counting, whether it was legal (storing: true). */
static inline __attribute__((always_inline)) bool add(Sink *sink, GenSpec spec, Move m, bool capture)
{
    if (spec.counting) {
        const bool legal = !spec.test_each || legality_check_slow(sink->pos, sink->legality, m);
        sink->n_legal += legal;
        return legal;
    }
    if (capture) sink->captures[sink->n_captures++] = m;
    else sink->quiets[sink->n_quiets++] = m;
    return true;
}

/* All four promotions, queen first [C, docs/SPEC.md §3]. */
static inline __attribute__((always_inline)) void add_promotions(Sink *sink, GenSpec spec, Square from, Square to,
                                                                 PieceType captured)
{
    static const PieceType order[4] = {QUEEN, ROOK, BISHOP, KNIGHT};
    for (int i = 0; i < 4; i++) add(sink, spec, move_make_promotion(from, to, order[i], captured), captured != EMPTY);
}

static inline __attribute__((always_inline)) void generate_pawn(const Position *pos, Sink *sink, GenSpec spec,
                                                                Square from)
{
    const int forward = sink->forward;
    const int8_t *board = pos->board;
    const Square ahead = from + forward;
    const bool promotes = (unsigned)(ahead - sink->last_rank) < 8;

    if (spec.captures) {
        for (int side = -1; side <= 1; side += 2) {
            Square to = ahead + side;
            Piece target = board[to];
            if (is_enemy(sink, target)) {
                PieceType captured = piece_type(target);
                if (promotes) add_promotions(sink, spec, from, to, captured);
                else add(sink, spec, move_make(from, to, 0, captured), true);
            } else if (to == sink->en_passant) {
                /* It takes a man off a square the pin test does not look at: always tested. */
                GenSpec en_passant = spec;
                en_passant.test_each = true;
                add(sink, en_passant, move_make(from, to, MOVE_FLAG_EN_PASSANT, PAWN), true);
            }
        }
    }
    if (board[ahead] != EMPTY) return;
    if (promotes) {
        if (spec.quiet_promotions) add_promotions(sink, spec, from, ahead, EMPTY);
        return;
    }
    if (!spec.quiets) return;
    add(sink, spec, move_make(from, ahead, 0, EMPTY), false);
    if ((unsigned)(from - sink->start_rank) < 8 && board[ahead + forward] == EMPTY)
        add(sink, spec, move_make(from, ahead + forward, MOVE_FLAG_DOUBLE_PUSH, EMPTY), false);
}

static inline __attribute__((always_inline)) void generate_piece(const Position *pos, Sink *sink, GenSpec spec,
                                                                 Square from, PieceType type)
{
    const PieceMoves *pm = &piece_moves[type];
    const int8_t *board = pos->board;
#pragma GCC unroll 8
    for (int i = 0; i < pm->count; i++) {
        const int step = pm->offsets[i];
        Square to = from + step;
        for (;;) {
            Piece target = board[to];
            if (target != EMPTY) {
                /* An enemy man: a capture; then the ray ends (at our own man or the border too). */
                if (spec.captures && is_enemy(sink, target))
                    add(sink, spec, move_make(from, to, 0, piece_type(target)), true);
                break;
            }
            /* Counting, a king's legal step beside it along the rank finds that square unattacked
             * (the king's own square shields no line to it), so castling need not test it again. */
            if (spec.quiets && add(sink, spec, move_make(from, to, 0, EMPTY), false) && spec.counting && type == KING
                && (step == 1 || step == -1))
                sink->safe_beside |= step == 1 ? CASTLING_SAFE_EAST : CASTLING_SAFE_WEST;
            if (!pm->slides) break;
            to += step;
        }
    }
}

/* One man's moves. */
static inline __attribute__((always_inline)) void generate_man(const Position *pos, Sink *sink, GenSpec spec,
                                                               Square from, PieceType type)
{
    if (type == PAWN) generate_pawn(pos, sink, spec, from);
    else generate_piece(pos, sink, spec, from, type);
}

/* Counting, the men of one type when the side is not in check: the king's moves, and a pinned
 * man's, are tested one by one (`pins`: there are pinned men to look for); the others are legal
 * as generated, and their loop makes no call. */
static inline __attribute__((always_inline)) void count_men(const Position *pos, Sink *sink, GenSpec spec,
                                                            PieceType type, bool pins)
{
    GenSpec tested = spec;
    tested.test_each = true;
    const Color us = sink->us;
    for (int i = 0; i < pos->count[us][type]; i++) {
        Square from = pos->men[us][type][i];
        if (type == KING || (pins && legality_pinned(sink->legality, from)))
            generate_man(pos, sink, tested, from, type);
        else generate_man(pos, sink, spec, from, type);
    }
}

/* Every man of one type; `type` is a constant in each call, so the inlined loop works on a
 * constant offset table and never dispatches on the type per man. Counting in check, every
 * move is tested (count_legal_moves). */
static inline __attribute__((always_inline)) void generate_type(const Position *pos, Sink *sink, GenSpec spec,
                                                                PieceType type)
{
    if (spec.counting && !spec.test_each) {
        if (sink->any_pinned) count_men(pos, sink, spec, type, true);
        else count_men(pos, sink, spec, type, false);
        return;
    }
    const Color us = sink->us;
    for (int i = 0; i < pos->count[us][type]; i++) {
        Square from = pos->men[us][type][i];
        if (spec.check_candidates && !may_give_check(sink->checks, us, type, from)) continue;
        generate_man(pos, sink, spec, from, type);
    }
}

/* Whether a castling right of the side to move has the squares it needs empty: castling's cheap
 * test, here where the generator runs, so that most nodes never call castling_moves. */
static inline __attribute__((always_inline)) bool castling_may_open(const Position *pos)
{
    const int first = pos->side == WHITE ? 0 : 2; /* the right indices of castling.h */
    for (int i = first; i < first + 2; i++)
        if ((pos->castling & (1 << i)) && castling_path_empty(pos->board, &pos->castle.path[i])) return true;
    return false;
}

/* Stable insertion sort of the captures by victim class, highest first. */
static void sort_captures(Move *moves, long n)
{
    for (long i = 1; i < n; i++) {
        Move m = moves[i];
        int key = victim_class[move_captured(m)];
        long j = i - 1;
        while (j >= 0 && victim_class[move_captured(moves[j])] < key) {
            moves[j + 1] = moves[j];
            j--;
        }
        moves[j + 1] = m;
    }
}

/* The generator body, inlined once per kind (and twice for counting). Counting, `counted` is
 * `pos` itself, which the legality test of an e.p. capture makes and unmakes a move on; the
 * number of legal moves is returned. Otherwise the list is filled and 0 returned. */
static inline __attribute__((always_inline)) long generate_kind(const Position *pos, GenSpec spec, MoveList *list,
                                                                Position *counted, const LegalityInfo *legality)
{
    Move quiets[MOVE_LIST_MAX];
    Sink sink = {.captures = list ? list->moves : NULL,
                 .quiets = quiets,
                 .pos = counted,
                 .legality = legality,
                 .any_pinned = legality && legality->pinned_count > 0,
                 .us = pos->side,
                 .enemy_low = pos->side == WHITE ? -KING : PAWN,
                 .forward = pawn_push(pos->side),
                 .last_rank = pos->side == WHITE ? SQ_A8 : SQ_A1,
                 .start_rank = pos->side == WHITE ? SQ_A2 : SQ_A7,
                 .en_passant = pos->en_passant};
    CheckCandidates checks;
    if (spec.check_candidates) {
        find_check_candidates(pos, &checks);
        sink.checks = &checks;
    }

    /* Generation order breaks ties between equal captures and orders the quiet moves. [C] The
     * paper does not give TECH's; king, pawns, then the pieces kept the bench tree smallest of
     * the orders tried (queens and rooks first made it up to 20% bigger). */
    generate_type(pos, &sink, spec, KING);
    generate_type(pos, &sink, spec, PAWN);
    generate_type(pos, &sink, spec, KNIGHT);
    generate_type(pos, &sink, spec, BISHOP);
    generate_type(pos, &sink, spec, ROOK);
    generate_type(pos, &sink, spec, QUEEN);
    if (spec.castling && pos->castling && !(spec.counting && legality->in_check) && castling_may_open(pos)) {
        Move castles[CASTLING_MOVES_MAX];
        const int n = castling_moves(pos, castles, spec.counting, sink.safe_beside); /* its cheap tests first */
        GenSpec legal = spec;
        legal.test_each = false; /* generated legal */
        for (int i = 0; i < n; i++) add(&sink, legal, castles[i], false);
    }
    if (spec.counting) return sink.n_legal;

    sort_captures(sink.captures, sink.n_captures);
    memcpy(list->moves + sink.n_captures, quiets, (size_t)sink.n_quiets * sizeof(Move));
    list->count = (int)(sink.n_captures + sink.n_quiets);
    return 0;
}

void generate_moves(const Position *pos, GenKind kind, MoveList *list)
{
#ifdef TECH_DEBUG
    /* Debug builds: a consistent position (make/unmake check theirs; this also covers set-ups and
     * null moves) but for the key, which the generator does not read (make_move_unkeyed leaves it
     * stale). The moves themselves are checked as they are made (make_move). */
    assert(position_ok_but_key(pos));
#endif
    switch (kind) {
    case GEN_ALL: generate_kind(pos, spec_of(GEN_ALL), list, NULL, NULL); break;
    case GEN_NOISY: generate_kind(pos, spec_of(GEN_NOISY), list, NULL, NULL); break;
    case GEN_CAPTURES: generate_kind(pos, spec_of(GEN_CAPTURES), list, NULL, NULL); break;
    case GEN_NON_CAPTURES: generate_kind(pos, spec_of(GEN_NON_CAPTURES), list, NULL, NULL); break;
    case GEN_QUIET: generate_kind(pos, spec_of(GEN_QUIET), list, NULL, NULL); break;
    case GEN_QUIET_CHECK_CANDIDATES: generate_kind(pos, spec_of(GEN_QUIET_CHECK_CANDIDATES), list, NULL, NULL); break;
    }
}

bool move_is_pseudo_legal(const Position *pos, Move m)
{
    const Square from = move_from(m), to = move_to(m);
    if (m == MOVE_NONE || !square_ok(from) || !square_ok(to)) return false;
    const Color us = pos->side;
    const Piece mover = pos->board[from], target = pos->board[to];
    if (!piece_is_man_of(mover, us)) return false;
    if (move_is_castle(m)) { /* the king takes its own rook (types.h) */
        Move castles[CASTLING_MOVES_MAX];
        const int n = piece_type(mover) == KING ? castling_moves(pos, castles, false, 0) : 0;
        for (int i = 0; i < n; i++)
            if (castles[i] == m) return true;
        return false;
    }
    if (target != EMPTY && piece_color(target) == us) return false;
    const PieceType type = piece_type(mover), captured = piece_type(target);
    if (type != PAWN) {
        if (m != move_make(from, to, 0, captured) || !type_reaches(type, from, to)) return false;
        if (type == KNIGHT || type == KING) return true;
        const int step = line_step(from, to);
        Square t = from + step;
        while (t != to && pos->board[t] == EMPTY) t += step;
        return t == to;
    }
    /* A pawn: the word the generator makes for this step, flags and captured man included. */
    const int forward = pawn_push(us);
    const Square start_rank = us == WHITE ? SQ_A2 : SQ_A7;
    const bool promotes = (unsigned)(to - (us == WHITE ? SQ_A8 : SQ_A1)) < 8;
    if (move_is_en_passant(m))
        return to == pos->en_passant && target == EMPTY && (to - forward == from - 1 || to - forward == from + 1)
               && m == move_make(from, to, MOVE_FLAG_EN_PASSANT, PAWN);
    Move plain;
    if (target == EMPTY && to == from + forward) plain = move_make(from, to, 0, EMPTY);
    else if (target == EMPTY && to == from + 2 * forward && (unsigned)(from - start_rank) < 8
             && pos->board[from + forward] == EMPTY)
        plain = move_make(from, to, MOVE_FLAG_DOUBLE_PUSH, EMPTY);
    else if (target != EMPTY && (to == from + forward - 1 || to == from + forward + 1))
        plain = move_make(from, to, 0, captured);
    else return false;
    if (!promotes) return m == plain;
    /* Any of the four promotions. */
    return move_is_promotion(m) && move_make_promotion(from, to, move_promotion(m), captured) == m;
}

int count_legal_moves(Position *pos, const LegalityInfo *legality)
{
#ifdef TECH_DEBUG
    assert(position_ok_but_key(pos));
#endif
    GenSpec spec = spec_of(GEN_ALL);
    spec.counting = true;
    /* In check every move is tested; otherwise only those of the king and of pinned men. */
    if (legality->in_check) {
        spec.test_each = true;
        return (int)generate_kind(pos, spec, NULL, pos, legality);
    }
    return (int)generate_kind(pos, spec, NULL, pos, legality);
}
