/* board.h - the Position: TECH's 120-cell mailbox plus the state the rules need. */
#ifndef TECH_BOARD_H
#define TECH_BOARD_H

#include "castling.h"
#include "start_array.h"
#include "types.h"
#include "zobrist.h"

/* Undo stack capacity: the game's history plus the deepest search line. A game may be longer
 * than GAME_PLY_MAX plies: position_trim_history() keeps its stack below HISTORY_TRIM_AT. */
enum { GAME_PLY_MAX = 1024, UNDO_STACK_SIZE = GAME_PLY_MAX + MAX_PLY + 16 };
/* The game's history is trimmed when it reaches HISTORY_TRIM_AT plies, down to at most the last
 * HISTORY_KEEP plies (those since the last irreversible move). Repetition counts are exact for
 * every position whose 50-move counter is at most HISTORY_KEEP: more than three times the 50-move
 * rule's 100 plies, and past FIDE's 75-move rule (150 plies), where every game is drawn. Room is
 * left above HISTORY_TRIM_AT for a search line (MAX_PLY) and the reply guesses. */
enum { HISTORY_TRIM_AT = GAME_PLY_MAX - 2 * MAX_PLY, HISTORY_KEEP = GAME_PLY_MAX / 2 };
/* A legal position holds at most 16 men per side, so no piece list is ever longer. */
enum { PIECE_LIST_MAX = 16 };

/* What make_move() saves so that unmake_move() restores the position exactly. */
typedef struct {
    Move move;
    uint64_t key;          /* Zobrist key before the move */
    Square en_passant;     /* e.p. square before the move */
    uint8_t castling;      /* castling rights before the move (tree word bits 24-27) */
    uint8_t captured_slot; /* slot the captured man occupied in its type's list */
    uint8_t promoted_slot; /* slot the promoting pawn occupied in the pawn list */
    int32_t halfmove;      /* 50-move counter before the move */
} Undo;

/* Board state only: no search tables live here. */
typedef struct Position {
    int8_t board[BOARD_SIZE];               /* TECH piece codes, OFFBOARD on the border */
    Color side;                             /* side to move */
    uint8_t castling;                       /* CASTLE_* bits */
    Square en_passant;                      /* square a pawn skipped last move, or SQ_NONE */
    int halfmove;                           /* plies since the last capture or pawn move */
    int fullmove;                           /* FEN fullmove number */
    uint64_t key;                           /* Zobrist key of the position */
    int material[COLOR_NB];                 /* non-king material per colour at TECH's base values */
    uint8_t count[COLOR_NB][PIECE_TYPE_NB]; /* men of each type per colour */
    /* Piece lists by type: men[c][t][0 .. count[c][t]-1] are the squares of colour c's men of
     * type t, so the generator walks each type with its own loop; index[sq] = the slot of the
     * man on sq in its list. */
    uint8_t men[COLOR_NB][PIECE_TYPE_NB][PIECE_LIST_MAX];
    uint8_t index[BOARD_SIZE];
    CastlingSetup castle; /* where castling's kings and rooks start and go: the game's (castling.h) */
    StartArray home;      /* the game's start array, for the positional terms (start_array.h) */
    int undo_len;         /* entries on the undo stack = plies since the set-up */
    Undo undo[UNDO_STACK_SIZE];
} Position;

/* TECH's base piece values (docs/SPEC.md §4, from the paper): P 100, N 330, B 330, R 500, Q 900, K 15000. */
extern const Score piece_value[PIECE_TYPE_NB];
/* Non-king material per side in the initial array: 8*100 + 4*330 + 2*500 + 900 (docs/SPEC.md §4, "kk20"). */
enum { START_MATERIAL = 4020 };

/* Knight, bishop, rook and king/queen offsets on the 10x12 board (docs/SPEC.md §2). Defined here,
 * not in a .c file, so that every generator loop sees them as constants. */
static const int knight_offsets[8] = {-21, -19, -12, -8, 8, 12, 19, 21};
static const int bishop_offsets[4] = {-11, -9, 9, 11};
static const int rook_offsets[4] = {-10, -1, 1, 10};
static const int king_offsets[8] = {-11, -10, -9, -1, 1, 9, 10, 11};

/* How two playing squares lie to each other: the step along the rank, file or diagonal that
 * leads from one to the other (0 if they share none), and which men could attack the second from
 * the first on an empty board (RELATION_* bits; pawns aside). Looked up by their difference as
 * 0x88 numbers (16 cells to a rank), which unlike the mailbox's difference tells a line from a wrap
 * across the border (a2 - h1 = e1 - b1 = 3 on the mailbox). */
typedef struct {
    int8_t step;
    uint8_t attackers;
} SquareRelation;
enum {
    RELATION_DIAGONAL = 1 << BISHOP | 1 << QUEEN, /* on a common diagonal */
    RELATION_STRAIGHT = 1 << ROOK | 1 << QUEEN,   /* on a common rank or file */
    RELATION_STEP = 1 << KING,                    /* next to each other */
    RELATION_JUMP = 1 << KNIGHT                   /* a knight's move apart */
};
enum { SQUARE_RELATIONS = 239 }; /* 0x88 differences -119 .. 119 */
extern const uint8_t square_0x88[BOARD_SIZE];
/* Filled once by board_tables_init() (thread-safe, idempotent), read-only afterwards. */
extern SquareRelation square_relation[SQUARE_RELATIONS];

static inline SquareRelation square_relation_of(Square from, Square to)
{
    return square_relation[square_0x88[to] - square_0x88[from] + SQUARE_RELATIONS / 2];
}
/* The relations of every square to `to`, indexed by the other square's 0x88 number negated:
 * relations_to(to)[-square_0x88[from]] is square_relation_of(from, to), one load fewer when one
 * square is tested against many. */
static inline const SquareRelation *relations_to(Square to)
{
    return &square_relation[square_0x88[to] + SQUARE_RELATIONS / 2];
}

/* A playing square numbered 0 .. 63 (8 * rank + file), for tables without the border's cells. */
static inline int square_64(Square sq) { return (square_0x88[sq] >> 1 & 0x38) | (square_0x88[sq] & 7); }
/* The step from `from` toward `to` along their common line, 0 if none. */
static inline int line_step(Square from, Square to) { return square_relation_of(from, to).step; }
/* Whether a knight, bishop, rook, queen or king on `from` attacks `to` over an empty board. */
static inline bool type_reaches(PieceType type, Square from, Square to)
{
    return (square_relation_of(from, to).attackers >> type) & 1;
}

/* The square of colour c's king. */
static inline Square position_king(const Position *pos, Color c) { return pos->men[c][KING][0]; }

/* Whether a step of one square along a line (an offset of king_offsets) is a diagonal one. */
static inline bool step_is_diagonal(int step) { return step == 9 || step == -9 || step == 11 || step == -11; }

/* Whether the first man met from `sq` along `step` is a slider of colour `by` that moves along
 * that line (a queen, or a bishop on a diagonal, a rook on a file or rank). */
static inline bool slider_on_line(const Position *pos, Square sq, int step, Color by)
{
    Square t = sq + step;
    while (pos->board[t] == EMPTY) t += step;
    Piece p = pos->board[t];
    if (p == OFFBOARD || piece_color(p) != by) return false;
    PieceType type = piece_type(p);
    return type == QUEEN || type == (step_is_diagonal(step) ? BISHOP : ROOK);
}

/* Fill the tables every position needs (the Zobrist keys, square_relation) once; position_clear
 * calls it, so every position set up has them. */
void board_tables_init(void);

/* Start position in FEN. */
extern const char START_FEN[];

/* Set up the standard initial array (docs/SPEC.md §2, Fig. 2). */
void position_set_start(Position *pos);
/* Empty the board: every playing cell empty, border cells OFFBOARD, no men; the standard
 * castling geometry and start array. */
void position_clear(Position *pos);
/* Recompute key, material, counts and piece lists from board[] and the state fields.
 * Returns false (and leaves the lists unusable) if a side lacks exactly one king or has
 * more than PIECE_LIST_MAX men of one type; callers validate before relying on the position. */
bool position_refresh(Position *pos);
/* The e.p. square as it enters the hash: only when a pawn of the side to move could take. */
bool position_ep_capturable(const Position *pos);
/* Full consistency check: key, material, counts, lists and board agree. */
bool position_ok(const Position *pos);
/* The same but for the key (a line of make_move_unkeyed, makemove.h). */
bool position_ok_but_key(const Position *pos);
/* Validators for the debug builds' asserts (after Fruit's move_is_ok). move_ok: a well-formed move
 * word of any position: both squares on the board, at most one special flag, and the flags, the
 * promotion piece and the captured type agree with the squares (castling along a first rank,
 * e.p. onto the sixth rank taking a pawn, a double push from the second rank, a promotion onto
 * the last). */
bool move_ok(Move m);
/* move_ok(m), and m fits pos: the mover is a man of the side to move, the special flags match its
 * type and squares, and the captured type is what stands on the victim square. */
bool position_move_ok(const Position *pos, Move m);
/* Copy a position (only the used part of the undo stack). */
void position_copy(Position *dst, const Position *src);
/* When the undo stack reaches HISTORY_TRIM_AT, keep only the entries since the last irreversible
 * move (they alone can repeat), and of those at most the last HISTORY_KEEP. Call after each move
 * of a game: the stack then never overflows however long the game. */
void position_trim_history(Position *pos);
/* Mirror the position: swap colours and flip ranks (for symmetry tests). */
void position_mirror(Position *dst, const Position *src);

#endif
