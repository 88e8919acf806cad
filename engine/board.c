/* board.c - set-up, consistency checks, copying and mirroring of the Position. */
#include "board.h"

#include <pthread.h>
#include <string.h>

const Score piece_value[PIECE_TYPE_NB] = {0, 100, 330, 330, 500, 900, 15000};

/* The 0x88 number (16 * rank + file) of each playing square; the border's cells are never looked up. */
/* clang-format off */
const uint8_t square_0x88[BOARD_SIZE] = {
      0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   1,   2,   3,   4,   5,   6,   7,   0,
      0,  16,  17,  18,  19,  20,  21,  22,  23,   0,
      0,  32,  33,  34,  35,  36,  37,  38,  39,   0,
      0,  48,  49,  50,  51,  52,  53,  54,  55,   0,
      0,  64,  65,  66,  67,  68,  69,  70,  71,   0,
      0,  80,  81,  82,  83,  84,  85,  86,  87,   0,
      0,  96,  97,  98,  99, 100, 101, 102, 103,   0,
      0, 112, 113, 114, 115, 116, 117, 118, 119,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,   0,
};
/* clang-format on */

SquareRelation square_relation[SQUARE_RELATIONS];

static pthread_once_t relations_once = PTHREAD_ONCE_INIT;

/* square_relation from the files and ranks of every pair of playing squares. */
static void relations_fill(void)
{
    for (Square from = SQ_A1; from <= SQ_H8; from++) {
        for (Square to = SQ_A1; to <= SQ_H8; to++) {
            if (!square_ok(from) || !square_ok(to) || from == to) continue;
            const int df = square_file(to) - square_file(from), dr = square_rank(to) - square_rank(from);
            const int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
            SquareRelation r = {0, 0};
            const int step = (df > 0) - (df < 0) + BOARD_WIDTH * ((dr > 0) - (dr < 0));
            if (df == 0 || dr == 0) r = (SquareRelation){(int8_t)step, RELATION_STRAIGHT};
            else if (adf == adr) r = (SquareRelation){(int8_t)step, RELATION_DIAGONAL};
            if (adf <= 1 && adr <= 1) r.attackers |= RELATION_STEP;
            if (adf * adr == 2) r.attackers |= RELATION_JUMP;
            square_relation[square_0x88[to] - square_0x88[from] + SQUARE_RELATIONS / 2] = r;
        }
    }
}

void board_tables_init(void)
{
    zobrist_init();
    pthread_once(&relations_once, relations_fill);
}

const char START_FEN[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

void position_clear(Position *pos)
{
    board_tables_init();
    memset(pos, 0, sizeof *pos - sizeof pos->undo);
    for (Square sq = 0; sq < BOARD_SIZE; sq++) pos->board[sq] = square_ok(sq) ? EMPTY : OFFBOARD;
    pos->side = WHITE;
    pos->fullmove = 1;
    castling_setup_standard(&pos->castle);
    start_array_standard(&pos->home);
}

void position_set_start(Position *pos)
{
    /* The initial array of docs/SPEC.md §2: row 20 = R N B Q K B N R, row 30 = pawns. */
    static const PieceType back_rank[8] = {ROOK, KNIGHT, BISHOP, QUEEN, KING, BISHOP, KNIGHT, ROOK};
    position_clear(pos);
    for (int file = 0; file < 8; file++) {
        pos->board[square_make(file, 0)] = (int8_t)piece_make(WHITE, back_rank[file]);
        pos->board[square_make(file, 1)] = (int8_t)piece_make(WHITE, PAWN);
        pos->board[square_make(file, 6)] = (int8_t)piece_make(BLACK, PAWN);
        pos->board[square_make(file, 7)] = (int8_t)piece_make(BLACK, back_rank[file]);
    }
    pos->castling = CASTLE_ALL;
    position_refresh(pos);
}

bool position_ep_capturable(const Position *pos)
{
    if (pos->en_passant == SQ_NONE) return false;
    /* A pawn of the side to move stands beside the pawn that just double-pushed. */
    int behind = -pawn_push(pos->side);
    Piece own_pawn = piece_make(pos->side, PAWN);
    Square pushed = pos->en_passant + behind;
    return pos->board[pushed - 1] == own_pawn || pos->board[pushed + 1] == own_pawn;
}

/* Zobrist key computed from scratch (for checks and set-up). */
static uint64_t position_compute_key(const Position *pos)
{
    uint64_t key = 0;
    for (Square sq = 0; sq < BOARD_SIZE; sq++) {
        Piece p = pos->board[sq];
        if (p != EMPTY && p != OFFBOARD) key ^= zobrist_piece(p, sq);
    }
    key ^= zobrist.castling[pos->castling];
    if (position_ep_capturable(pos)) key ^= zobrist.en_passant_file[square_file(pos->en_passant)];
    if (pos->side == BLACK) key ^= zobrist.side;
    return key;
}

bool position_refresh(Position *pos)
{
    memset(pos->count, 0, sizeof pos->count);
    memset(pos->index, 0, sizeof pos->index);
    memset(pos->men, 0, sizeof pos->men); /* unused entries stay zero (makemove.c) */
    pos->material[WHITE] = pos->material[BLACK] = 0;
    bool ok = true;
    for (Square sq = SQ_A1; sq <= SQ_H8; sq++) {
        Piece p = pos->board[sq];
        if (p == EMPTY || p == OFFBOARD) continue;
        Color c = piece_color(p);
        PieceType t = piece_type(p);
        if (t != KING) pos->material[c] += piece_value[t];
        if (pos->count[c][t] >= PIECE_LIST_MAX) {
            ok = false;
            continue;
        }
        pos->index[sq] = pos->count[c][t];
        pos->men[c][t][pos->count[c][t]++] = (uint8_t)sq;
    }
    if (pos->count[WHITE][KING] != 1 || pos->count[BLACK][KING] != 1) ok = false;
    pos->key = position_compute_key(pos);
    return ok;
}

bool position_ok_but_key(const Position *pos)
{
    uint8_t count[COLOR_NB][PIECE_TYPE_NB] = {{0}};
    int material[COLOR_NB] = {0, 0};
    /* Row by row and without a call per cell: debug builds (-O0) run this check after every make
     * and unmake and at the generator's entry. */
    for (int row = 0; row < BOARD_SIZE / BOARD_WIDTH; row++) {
        for (int file = 0; file < BOARD_WIDTH; file++) {
            const Square sq = row * BOARD_WIDTH + file;
            const Piece p = pos->board[sq];
            if (row < 2 || row > 9 || file < 1 || file > 8) { /* the border: !square_ok(sq) */
                if (p != OFFBOARD) return false;
                continue;
            }
            if (p == EMPTY) {
                if (pos->index[sq] != 0) return false; /* unused bytes are zero (makemove.c) */
                continue;
            }
            if (p < -KING || p > KING) return false;
            Color c = piece_color(p);
            PieceType t = piece_type(p);
            count[c][t]++;
            if (t != KING) material[c] += piece_value[t];
            if (pos->index[sq] >= PIECE_LIST_MAX || pos->men[c][t][pos->index[sq]] != sq) return false;
        }
    }
    static const uint8_t no_men[PIECE_LIST_MAX]; /* all zero */
    for (Color c = BLACK; c <= WHITE; c++) {
        if (material[c] != pos->material[c]) return false;
        if (memcmp(count[c], pos->count[c], sizeof count[c]) != 0) return false;
        if (count[c][KING] != 1) return false;
        /* Every listed square holds a man of the list's colour and type (so, with the counts
         * equal, each man is listed exactly once). */
        for (PieceType t = PAWN; t <= KING; t++) {
            if (count[c][t] > PIECE_LIST_MAX) return false;
            for (int i = 0; i < count[c][t]; i++)
                if (pos->board[pos->men[c][t][i]] != piece_make(c, t)) return false;
            if (memcmp(pos->men[c][t] + count[c][t], no_men, (size_t)(PIECE_LIST_MAX - count[c][t])) != 0) return false;
        }
    }
    return pos->undo_len >= 0 && pos->undo_len <= UNDO_STACK_SIZE;
}

bool position_ok(const Position *pos) { return position_ok_but_key(pos) && pos->key == position_compute_key(pos); }

/* Bits of the move word that carry nothing (types.h): 20-27 and 31; the special flags. */
static const Move MOVE_UNUSED_BITS = 0x8FF00000u;
static const Move MOVE_SPECIAL_FLAGS =
    MOVE_FLAG_CASTLE | MOVE_FLAG_EN_PASSANT | MOVE_FLAG_DOUBLE_PUSH | MOVE_FLAG_PROMOTION;

bool move_ok(Move m)
{
    const Square from = move_from(m), to = move_to(m);
    if (!square_ok(from) || !square_ok(to) || from == to || (m & MOVE_UNUSED_BITS)) return false;
    const uint32_t flags = m & MOVE_SPECIAL_FLAGS;
    if (flags & (flags - 1)) return false;                      /* at most one special flag */
    if (!move_is_promotion(m) && ((m >> 14) & 3)) return false; /* a promotion piece, no flag */
    const PieceType captured = move_captured(m);
    if (captured > KING) return false; /* a king is taken to refute an illegal move; never the border */
    /* The special moves are pawn or king moves toward the side of the rank they start from. */
    const int from_rank = square_rank(from), to_rank = square_rank(to);
    const Color c = to_rank > from_rank ? WHITE : BLACK;
    const int step = (to - from) * color_sign(c); /* as if White moved */
    const int relative_from = c == WHITE ? from_rank : 7 - from_rank;
    const bool diagonal = step == pawn_push(WHITE) - 1 || step == pawn_push(WHITE) + 1;
    switch (flags) {
    case MOVE_FLAG_CASTLE: /* the king takes its own rook on its first rank */
        return captured == EMPTY && from_rank == to_rank && (from_rank == 0 || from_rank == 7);
    case MOVE_FLAG_EN_PASSANT: return captured == PAWN && relative_from == 4 && diagonal;
    case MOVE_FLAG_DOUBLE_PUSH: return captured == EMPTY && relative_from == 1 && step == 2 * pawn_push(WHITE);
    case MOVE_FLAG_PROMOTION: return relative_from == 6 && (captured == EMPTY ? step == pawn_push(WHITE) : diagonal);
    default: return true;
    }
}

bool position_move_ok(const Position *pos, Move m)
{
    if (!move_ok(m)) return false;
    const Color us = pos->side;
    const Square from = move_from(m), to = move_to(m);
    const Piece mover = pos->board[from];
    if (!piece_is_man_of(mover, us)) return false;
    const PieceType type = piece_type(mover);
    if (move_is_castle(m))
        return type == KING && pos->board[to] == piece_make(us, ROOK) && (pos->castling & pos->castle.lost[to])
               && square_rank(from) == (us == WHITE ? 0 : 7);
    if (type == PAWN) {
        /* Forward only; the flags say what the squares say. */
        const int step = (to - from) * color_sign(us);
        const int push = pawn_push(WHITE);
        const bool diagonal = step == push - 1 || step == push + 1;
        if (step != push && step != 2 * push && !diagonal) return false;
        if (diagonal != move_is_capture(m)) return false;
        if ((step == 2 * push) != move_is_double_push(m)) return false;
        const int last_rank = us == WHITE ? 7 : 0;
        if ((square_rank(to) == last_rank) != move_is_promotion(m)) return false;
    } else if (move_is_en_passant(m) || move_is_double_push(m) || move_is_promotion(m)) {
        return false;
    }
    if (move_is_en_passant(m) && (to != pos->en_passant || pos->board[to] != EMPTY)) return false;
    const Square victim = move_is_en_passant(m) ? to - pawn_push(us) : to;
    return pos->board[victim] == piece_make(!us, move_captured(m)); /* EMPTY for a quiet move */
}

void position_copy(Position *dst, const Position *src)
{
    memcpy(dst, src, sizeof *src - sizeof src->undo);
    memcpy(dst->undo, src->undo, (size_t)src->undo_len * sizeof src->undo[0]);
}

void position_trim_history(Position *pos)
{
    if (pos->undo_len < HISTORY_TRIM_AT) return;
    int keep = pos->halfmove < pos->undo_len ? pos->halfmove : pos->undo_len;
    if (keep > HISTORY_KEEP) keep = HISTORY_KEEP;
    memmove(pos->undo, pos->undo + (pos->undo_len - keep), (size_t)keep * sizeof pos->undo[0]);
    pos->undo_len = keep;
}

void position_mirror(Position *dst, const Position *src)
{
    position_clear(dst);
    for (int rank = 0; rank < 8; rank++)
        for (int file = 0; file < 8; file++)
            dst->board[square_make(file, 7 - rank)] = (int8_t)-src->board[square_make(file, rank)];
    dst->side = !src->side;
    dst->castling = (uint8_t)(((src->castling & 3) << 2) | ((src->castling >> 2) & 3));
    castling_setup_mirror(&dst->castle, &src->castle);
    dst->home = src->home;
    dst->en_passant = src->en_passant == SQ_NONE
                          ? SQ_NONE
                          : square_make(square_file(src->en_passant), 7 - square_rank(src->en_passant));
    dst->halfmove = src->halfmove;
    dst->fullmove = src->fullmove;
    position_refresh(dst);
}
