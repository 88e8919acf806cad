/* movegen.c - one offset-driven generator for all, noisy and quiet moves. */
#include "movegen.h"

#include "attack.h"

#include <assert.h>
#include <string.h>

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

/* Two output streams: captures (straight into the caller's list) and the rest, joined at
 * the end. The want_* flags are constants in each specialised copy of generate_kind(). */
typedef struct {
    Move *captures;
    long n_captures; /* long, not int: a store of a Move cannot alias the counters */
    long n_quiets;
    bool want_captures;
    bool want_quiets;
    bool want_promotions;          /* quiet promotions (GEN_NOISY and GEN_ALL) */
    const CheckCandidates *checks; /* GEN_QUIET_CHECK_CANDIDATES: only the men that may check */
    Move quiets[MOVE_LIST_MAX];
} Sink;

static inline void add_capture(Sink *sink, Move m) { sink->captures[sink->n_captures++] = m; }
static inline void add_quiet(Sink *sink, Move m) { sink->quiets[sink->n_quiets++] = m; }

/* All four promotions, queen first [C, docs/SPEC.md §3]. */
static void add_promotions(Sink *sink, Square from, Square to, PieceType captured)
{
    static const PieceType order[4] = {QUEEN, ROOK, BISHOP, KNIGHT};
    for (int i = 0; i < 4; i++) {
        Move m = move_make_promotion(from, to, order[i], captured);
        if (captured) add_capture(sink, m);
        else add_quiet(sink, m);
    }
}

static inline __attribute__((always_inline)) void generate_pawn(const Position *pos, Sink *sink, Square from)
{
    const Color us = pos->side;
    const int s = color_sign(us);
    const int forward = pawn_push(us);
    const int start_rank = us == WHITE ? 1 : 6;
    const int last_rank = us == WHITE ? 7 : 0;
    const int8_t *board = pos->board;

    if (sink->want_captures) {
        for (int side = -1; side <= 1; side += 2) {
            Square to = from + forward + side;
            Piece target = board[to];
            if (target != OFFBOARD && target * s < 0) {
                PieceType captured = piece_type(target);
                if (square_rank(to) == last_rank) add_promotions(sink, from, to, captured);
                else add_capture(sink, move_make(from, to, 0, captured));
            } else if (to == pos->en_passant && target == EMPTY) {
                add_capture(sink, move_make(from, to, MOVE_FLAG_EN_PASSANT, PAWN));
            }
        }
    }
    Square to = from + forward;
    if (board[to] != EMPTY) return;
    if (square_rank(to) == last_rank) {
        if (sink->want_promotions) add_promotions(sink, from, to, EMPTY);
        return;
    }
    if (!sink->want_quiets) return;
    add_quiet(sink, move_make(from, to, 0, EMPTY));
    if (square_rank(from) == start_rank && board[to + forward] == EMPTY)
        add_quiet(sink, move_make(from, to + forward, MOVE_FLAG_DOUBLE_PUSH, EMPTY));
}

static inline __attribute__((always_inline)) void generate_piece(const Position *pos, Sink *sink, Square from,
                                                                 PieceType type)
{
    const PieceMoves *pm = &piece_moves[type];
    const int s = color_sign(pos->side);
    const int8_t *board = pos->board;
    for (int i = 0; i < pm->count; i++) {
        int step = pm->offsets[i];
        Square to = from + step;
        for (;;) {
            Piece target = board[to];
            if (target == EMPTY) {
                if (sink->want_quiets) add_quiet(sink, move_make(from, to, 0, EMPTY));
            } else {
                /* Enemy man (not the sentinel, not our own): a capture; then the ray ends. */
                if (target != OFFBOARD && target * s < 0 && sink->want_captures)
                    add_capture(sink, move_make(from, to, 0, piece_type(target)));
                break;
            }
            if (!pm->slides) break;
            to += step;
        }
    }
}

/* Castling (castling.c): the only attack tests in generation [C, docs/SPEC.md §3]. */
static void generate_castling(const Position *pos, Sink *sink)
{
    Move castles[CASTLING_MOVES_MAX];
    const int n = castling_moves(pos, castles, false);
    for (int i = 0; i < n; i++) add_quiet(sink, castles[i]);
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

/* Every man of one type; `type` is a constant in each call, so the inlined loop works on a
 * constant offset table and never dispatches on the type per man. */
static inline __attribute__((always_inline)) void generate_type(const Position *pos, Sink *sink, PieceType type)
{
    const Color us = pos->side;
    for (int i = 0; i < pos->count[us][type]; i++) {
        Square from = pos->men[us][type][i];
        if (sink->checks && !may_give_check(sink->checks, us, type, from)) continue;
        if (type == PAWN) generate_pawn(pos, sink, from);
        else generate_piece(pos, sink, from, type);
    }
}

/* The generator body; inlined once per kind so the want_* tests fold away. */
static inline __attribute__((always_inline)) void generate_kind(const Position *pos, GenKind kind, MoveList *list)
{
    Sink sink;
    sink.captures = list->moves;
    sink.n_captures = sink.n_quiets = 0;
    const bool quiet_only = kind == GEN_QUIET || kind == GEN_QUIET_CHECK_CANDIDATES;
    sink.want_captures = !quiet_only;
    sink.want_quiets = kind != GEN_NOISY;
    sink.want_promotions = !quiet_only;
    CheckCandidates checks;
    sink.checks = NULL;
    if (kind == GEN_QUIET_CHECK_CANDIDATES) {
        find_check_candidates(pos, &checks);
        sink.checks = &checks;
    }

    /* Generation order breaks ties between equal captures and orders the quiet moves. [C] The
     * paper does not give TECH's; king, pawns, then the pieces kept the bench tree smallest of
     * the orders tried (queens and rooks first made it up to 20% bigger). */
    generate_type(pos, &sink, KING);
    generate_type(pos, &sink, PAWN);
    generate_type(pos, &sink, KNIGHT);
    generate_type(pos, &sink, BISHOP);
    generate_type(pos, &sink, ROOK);
    generate_type(pos, &sink, QUEEN);
    if (sink.want_quiets && kind != GEN_QUIET_CHECK_CANDIDATES && pos->castling) generate_castling(pos, &sink);

    sort_captures(sink.captures, sink.n_captures);
    memcpy(list->moves + sink.n_captures, sink.quiets, (size_t)sink.n_quiets * sizeof(Move));
    list->count = (int)(sink.n_captures + sink.n_quiets);
}

void generate_moves(const Position *pos, GenKind kind, MoveList *list)
{
#ifdef TECH_DEBUG
    /* Debug builds: a consistent position (make/unmake check theirs; this also covers set-ups and
     * null moves). The moves themselves are checked as they are made (make_move). */
    assert(position_ok(pos));
#endif
    switch (kind) {
    case GEN_ALL: generate_kind(pos, GEN_ALL, list); break;
    case GEN_NOISY: generate_kind(pos, GEN_NOISY, list); break;
    case GEN_QUIET: generate_kind(pos, GEN_QUIET, list); break;
    case GEN_QUIET_CHECK_CANDIDATES: generate_kind(pos, GEN_QUIET_CHECK_CANDIDATES, list); break;
    }
}
