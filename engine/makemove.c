/* makemove.c - incremental make/unmake: board, piece lists, material, counts and key. */
#include "makemove.h"

#include <assert.h>

#include "attack.h"
#include "castling_moves.h"

/* The lists keep every unused byte zero (index[] of an empty square, men[] past a list's end),
 * so that unmake_move() gives back the position byte for byte, not only its meaning: a command
 * that tries moves and keeps none (a legality test, a rejected move) leaves no trace. */

/* Move a man between squares, keeping its slot in its type's list. */
static inline void relocate(Position *pos, Square from, Square to)
{
    Piece p = pos->board[from];
    pos->board[to] = (int8_t)p;
    pos->board[from] = EMPTY;
    uint8_t slot = pos->index[from];
    pos->index[to] = slot;
    pos->index[from] = 0;
    pos->men[piece_color(p)][piece_type(p)][slot] = (uint8_t)to;
}

/* Take the man on sq out of the list of colour c's men of type t; the list's last man fills
 * its slot. Returns the slot. The board is left alone. */
static inline uint8_t list_remove(Position *pos, Color c, PieceType t, Square sq)
{
    uint8_t slot = pos->index[sq];
    uint8_t last = --pos->count[c][t];
    Square moved = pos->men[c][t][last];
    pos->men[c][t][slot] = (uint8_t)moved;
    pos->men[c][t][last] = 0;
    pos->index[moved] = slot;
    pos->index[sq] = 0;
    return slot;
}

/* Exact inverse of list_remove(): sq goes back to `slot`, the man that filled it to the end.
 * When sq was the last man there was no filler, and the slot past the end may since have been
 * reused (a promotion appends to its type's list), so it must not be read. */
static inline void list_restore(Position *pos, Color c, PieceType t, Square sq, uint8_t slot)
{
    uint8_t last = pos->count[c][t]++;
    if (slot != last) {
        Square filler = pos->men[c][t][slot];
        pos->men[c][t][last] = (uint8_t)filler;
        pos->index[filler] = last;
    }
    pos->men[c][t][slot] = (uint8_t)sq;
    pos->index[sq] = slot;
}

/* Add sq at the end of the list of colour c's men of type t (a promotion). */
static inline void list_append(Position *pos, Color c, PieceType t, Square sq)
{
    pos->index[sq] = pos->count[c][t];
    pos->men[c][t][pos->count[c][t]++] = (uint8_t)sq;
}

/* Take a man off the board (a capture). Returns its list slot for restore_man(). */
static inline uint8_t remove_man(Position *pos, Square sq)
{
    Piece p = pos->board[sq];
    Color c = piece_color(p);
    pos->board[sq] = EMPTY;
    pos->material[c] -= piece_value[piece_type(p)];
    return list_remove(pos, c, piece_type(p), sq);
}

/* Exact inverse of remove_man(). */
static inline void restore_man(Position *pos, Square sq, Piece p, uint8_t slot)
{
    Color c = piece_color(p);
    pos->board[sq] = (int8_t)p;
    pos->material[c] += piece_value[piece_type(p)];
    list_restore(pos, c, piece_type(p), sq, slot);
}

/* Debug builds recompute key, material, counts and lists after every make and unmake; the key
 * only while it is kept (a line made unkeyed leaves it alone). */
static inline void debug_verify(const Position *pos, bool keyed)
{
#ifdef TECH_DEBUG
    assert(keyed ? position_ok(pos) : position_ok_but_key(pos));
#else
    (void)pos;
    (void)keyed;
#endif
}

static inline uint64_t ep_key(const Position *pos)
{
    /* Most positions have no e.p. square: settle that without a call. */
    if (pos->en_passant == SQ_NONE || !position_ep_capturable(pos)) return 0;
    return zobrist.en_passant_file[square_file(pos->en_passant)];
}

/* make_move's body; `keyed` is a constant in each of its two copies, so that an unkeyed make
 * has no key work at all. */
static inline __attribute__((always_inline)) void make(Position *pos, Move m, bool keyed)
{
    assert(pos->undo_len < UNDO_STACK_SIZE);
    assert(move_ok(m));
    assert(position_move_ok(pos, m)); /* a man of the side to move, the captured type on the board */
    Undo *u = &pos->undo[pos->undo_len++];
    const Color us = pos->side;
    const Square from = move_from(m), to = move_to(m);
    const Piece mover = pos->board[from];
    uint64_t key = keyed ? pos->key ^ ep_key(pos) : 0;

    u->move = m;
    u->key = pos->key;
    u->en_passant = pos->en_passant;
    u->castling = pos->castling;
    u->halfmove = (int32_t)pos->halfmove;

    pos->halfmove++;
    if (move_is_capture(m)) {
        Square victim_sq = move_is_en_passant(m) ? to - pawn_push(us) : to;
        if (keyed) key ^= zobrist_piece(pos->board[victim_sq], victim_sq);
        u->captured_slot = remove_man(pos, victim_sq);
        pos->halfmove = 0;
    }
    if (move_is_castle(m)) {
        uint64_t moved = castling_make(pos, m);
        if (keyed) key ^= moved;
    } else {
        if (keyed) key ^= zobrist_piece(mover, from) ^ zobrist_piece(mover, to);
        relocate(pos, from, to);
    }

    if (piece_type(mover) == PAWN) {
        pos->halfmove = 0;
        if (move_is_promotion(m)) {
            Piece promoted = piece_make(us, move_promotion(m));
            if (keyed) key ^= zobrist_piece(mover, to) ^ zobrist_piece(promoted, to);
            pos->board[to] = (int8_t)promoted;
            u->promoted_slot = list_remove(pos, us, PAWN, to);
            list_append(pos, us, move_promotion(m), to);
            pos->material[us] += piece_value[move_promotion(m)] - piece_value[PAWN];
        }
    }

    if (pos->castling) {
        uint8_t rights = castling_rights_after(&pos->castle, pos->castling, from, to);
        if (keyed) key ^= zobrist.castling[pos->castling] ^ zobrist.castling[rights];
        pos->castling = rights;
    }
    pos->en_passant = move_is_double_push(m) ? from + pawn_push(us) : SQ_NONE;
    if (us == BLACK) pos->fullmove++;
    pos->side = !us;
    if (keyed) pos->key = key ^ zobrist.side ^ ep_key(pos);
    debug_verify(pos, keyed);
}

void make_move(Position *pos, Move m) { make(pos, m, true); }

void make_move_unkeyed(Position *pos, Move m) { make(pos, m, false); }

void unmake_move(Position *pos)
{
    assert(pos->undo_len > 0);
    const Undo *u = &pos->undo[--pos->undo_len];
    const Move m = u->move;
    const Square from = move_from(m), to = move_to(m);
    const Color us = !pos->side;
    /* The last move made was a move (not a null move) of `us`, whose man now stands on `to` (a
     * castling king on its destination). */
    assert(move_ok(m));
    assert(move_is_castle(m) ? pos->board[castling_king_to(m)] == piece_make(us, KING)
                             : piece_is_man_of(pos->board[to], us) && pos->board[from] == EMPTY);

    pos->side = us;
    if (us == BLACK) pos->fullmove--;
    if (move_is_promotion(m)) {
        /* The promoted man is the last of its list again: every later move has been undone. */
        pos->board[to] = (int8_t)piece_make(us, PAWN);
        pos->men[us][move_promotion(m)][--pos->count[us][move_promotion(m)]] = 0;
        list_restore(pos, us, PAWN, to, u->promoted_slot);
        pos->material[us] -= piece_value[move_promotion(m)] - piece_value[PAWN];
    }
    if (move_is_castle(m)) castling_unmake(pos, m);
    else relocate(pos, to, from);
    if (move_is_capture(m)) {
        Square victim_sq = move_is_en_passant(m) ? to - pawn_push(us) : to;
        restore_man(pos, victim_sq, piece_make(!us, move_captured(m)), u->captured_slot);
    }
    pos->key = u->key;
    pos->en_passant = u->en_passant;
    pos->castling = u->castling;
    pos->halfmove = u->halfmove;
    /* The key is the one saved by make (checked then, when it was kept): the rest is checked. */
    debug_verify(pos, false);
}

void make_null_move(Position *pos)
{
    assert(pos->undo_len < UNDO_STACK_SIZE);
    Undo *u = &pos->undo[pos->undo_len++];
    u->move = MOVE_NONE;
    u->key = pos->key;
    u->en_passant = pos->en_passant;
    u->castling = pos->castling;
    u->halfmove = (int32_t)pos->halfmove;
    pos->key ^= ep_key(pos);
    pos->en_passant = SQ_NONE;
    pos->side = !pos->side;
    pos->key ^= zobrist.side;
    pos->halfmove++;
}

void unmake_null_move(Position *pos)
{
    assert(pos->undo_len > 0 && pos->undo[pos->undo_len - 1].move == MOVE_NONE);
    const Undo *u = &pos->undo[--pos->undo_len];
    pos->side = !pos->side;
    pos->key = u->key;
    pos->en_passant = u->en_passant;
    pos->castling = u->castling;
    pos->halfmove = u->halfmove;
}
