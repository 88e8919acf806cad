/* positional_opening.c - pre-sort terms of the opening (docs/SPEC.md §5.3) and the middle game (§5.4). */
#include "attack.h"
#include "positional_common.h"

/* Files and ranks (rank seen from the mover's side) named as in descriptive notation's squares. */
enum { FILE_A, FILE_B, FILE_C, FILE_D, FILE_E, FILE_F, FILE_G, FILE_H };
enum { RANK_1, RANK_2, RANK_3, RANK_4, RANK_5, RANK_6, RANK_7, RANK_8 };

/* docs/SPEC.md §5.2 centrality factors by piece type (-, P, N, B, R, Q, K). */
static const int OPENING_FACTOR[PIECE_TYPE_NB] = {0, 1, 4, 3, 2, 1, -1}; /* opening [P] */
/* Middle game [P values; R the king's sign]: the scan reads "P>3, N«i*, B>3, R*2, Q«l, and K«l".
 * The king's -1 of the opening carries on (docs/FIDELITY.md §4): the OCR of this page loses
 * signs ("Capture with pawn away from center : 5"), the factors are "slightly altered" (the
 * pawn's 1 becomes 3), and with +1 the king would be drawn to the centre and, by Fig. 6, to the
 * enemy king in the middle game, the opposite of the opening's stated purpose. */
static const int MIDDLEGAME_FACTOR[PIECE_TYPE_NB] = {0, 3, 4, 3, 2, 1, -1};
/* READING_MIDDLEGAME_KING_PLUS_ONE: the other reading of the king's factor. */
enum { MIDDLEGAME_KING_FACTOR_PLUS_ONE = 1 };

/* docs/SPEC.md §5.3 opening table [R]; the pawn rows also serve the middle game (§5.4). */
enum {
    K2_K4_BONUS = 30,                  /* pawn K2-K4 [R-high] */
    K3_K4_BONUS = 2,                   /* pawn K3-K4 [R-high] */
    Q2_Q4_BONUS = 20,                  /* pawn Q2-Q4 [R-high] */
    Q3_Q4_BONUS = 2,                   /* pawn Q3-Q4 [R-high] */
    CASTLE_KING_SIDE_BONUS = 30,       /* castle king side [R-high]; middle game too [P] */
    CASTLE_QUEEN_SIDE_BONUS = 10,      /* castle queen side [R-high]; middle game too [P] */
    KNIGHT_ROOK_FILE_PENALTY = -15,    /* knight to R3 [R-high] */
    BLOCK_CENTRE_PAWN_PENALTY = -50,   /* N/B/R/Q to K3/Q3 in front of the unmoved K/Q pawn [R-high] */
    KING_SIDE_PIECE_BONUS = 2,         /* N/B/R/Q moving from a king-side square [R-med; C: files e-h] */
    PETROFF_PENALTY = -50,             /* Petroff defence [R-high; C: the test below] */
    PAWN_CAPTURE_AWAY_PENALTY = -5,    /* pawn capture away from the centre [R-low, sign] */
    DOUBLED_PENALTY = -5,              /* pawn capture doubling own pawns [R-low] */
    DOUBLED_ISOLATED_PENALTY = -10,    /* ... which are then isolated, replaces -5 [R-med] */
    OPENING_WING_PAWN_PENALTY = -10,   /* wing pawn advance [R-high value; C: files a, b, g, h] */
    UNDEFENDED_CENTRE_PAWN_BONUS = 50, /* pawn takes a d/e pawn not defended by a pawn [R-high] */
    DEFENDED_CENTRE_PAWN_PENALTY = -15 /* pawn takes a d/e pawn defended by a pawn [R-high] */
};

/* docs/SPEC.md §5.4 middle-game extras [P]. */
enum {
    MIDDLEGAME_WING_PAWN_PENALTY = -5, /* wing pawn advance: "-5 instead of -10" [P] */
    PIECE_CAPTURE_AHEAD_BONUS = 10,    /* a capture made by a piece when TECH leads [P value; R: "by"] */
    AHEAD_BY_200_LEAD = 200,           /* READING_AHEAD_BY_200: the re-valuation's margin */
    UNBLOCK_BISHOP_PAWN_BONUS = 5      /* piece leaving the square in front of its QB/KB pawn [P] */
};

/* TECH Fig. 6, middle-game king field [R-high], centred on the opponent's king. */
static const KingField MIDDLEGAME_KING_FIELD = {
    {2, 2, 2, 2, 2, 2, 2},    {2, 8, 8, 8, 8, 8, 2}, {2, 8, 10, 10, 10, 8, 2}, {2, 8, 10, 0, 10, 8, 2},
    {2, 8, 10, 10, 10, 8, 2}, {2, 8, 8, 8, 8, 8, 2}, {2, 2, 2, 2, 2, 2, 2},
};

/* Twice a file's distance from the centre line between d and e: |2 * file - 7|. */
static int centre_distance(int file)
{
    int d = 2 * file - (FILE_H - FILE_A);
    return d < 0 ? -d : d;
}

/* Pawns `pawn` on a file (0 for a file off the board). */
static int pawns_on_file(const Position *pos, int file, Piece pawn)
{
    if (file < FILE_A || file > FILE_H) return 0;
    int n = 0;
    for (int rank = 0; rank < 8; rank++) n += pos->board[square_make(file, rank)] == pawn;
    return n;
}

static bool is_wing_file(int file) { return file == FILE_A || file == FILE_B || file == FILE_G || file == FILE_H; }

/* True if an own man defends `sq` in the position before the move: a pawn (the table's
 * "supported", as a supported pawn is one a pawn protects), or any man under
 * READING_SUPPORT_BY_ANY_MAN. `defender` is the defending side. */
static bool supported(const MoveContext *ctx, Square sq, Color defender)
{
    if (ctx->reading == READING_SUPPORT_BY_ANY_MAN) return square_attacked(ctx->pos, sq, defender);
    const int behind = -pawn_push(defender);
    const Piece pawn = piece_make(defender, PAWN);
    return ctx->pos->board[sq + behind - 1] == pawn || ctx->pos->board[sq + behind + 1] == pawn;
}

/* True if an enemy pawn could take a pawn of ours arriving on `to` as an unsupported centre
 * pawn: the table's capture rows, seen from the other side. */
static bool push_lands_unsupported(const MoveContext *ctx)
{
    const int ahead = pawn_push(ctx->us);
    const Piece enemy = piece_make(ctx->them, PAWN);
    bool attacked = ctx->pos->board[ctx->to + ahead - 1] == enemy || ctx->pos->board[ctx->to + ahead + 1] == enemy;
    return attacked && !supported(ctx, ctx->to, ctx->us);
}

/* The K- and Q-pawn advance rows of one pawn push [R-high values; R the condition]: "Pawn from
 * K2 to K4 30 points / Pawn from K3 to K4 2 points / Pawn from Q2 to [Q4] 20 / Pawn from Q3 to
 * Q4 2". A pawn that arrives where an enemy pawn can take it and no pawn of ours supports it
 * earns no row: it would be the "unsupported center pawn" whose capture the same table rewards
 * with 50 (docs/FIDELITY.md §4). The condition is in the table's own terms, attacked and
 * supported, not a search. TECH played 2...N-QB3 after 1.P-K4 P-K4 2.N-KB3 twice (Games 1 and
 * 3), and 2...P-Q4 and 2.P-Q4 where no enemy pawn could take the pawn (Games 4 and 2);
 * READING_PUSH_AS_PRINTED applies the rows without it. */
static void score_centre_pawn_push(const MoveContext *ctx, int file, int from_rank, int to_rank)
{
    if (to_rank != RANK_4) return;
    if (ctx->reading != READING_PUSH_AS_PRINTED && push_lands_unsupported(ctx)) return;
    if (file == FILE_E && from_rank == RANK_2) presort_term_add(ctx->entry, "K2-K4", K2_K4_BONUS);
    if (file == FILE_E && from_rank == RANK_3) presort_term_add(ctx->entry, "K3-K4", K3_K4_BONUS);
    if (file == FILE_D && from_rank == RANK_2) presort_term_add(ctx->entry, "Q2-Q4", Q2_Q4_BONUS);
    if (file == FILE_D && from_rank == RANK_3) presort_term_add(ctx->entry, "Q3-Q4", Q3_Q4_BONUS);
}

/* The pawn-capture rows: away from the centre, doubling, doubling into isolation. */
static void score_pawn_capture(const MoveContext *ctx, int from_file, int to_file)
{
    const Position *pos = ctx->pos;
    const Piece own = piece_make(ctx->us, PAWN);
    if (centre_distance(to_file) > centre_distance(from_file))
        presort_term_add(ctx->entry, "pawn-away", PAWN_CAPTURE_AWAY_PENALTY);
    if (move_is_promotion(ctx->move)) return; /* the pawn is gone: nothing doubles */
    /* Counted on the board before the move: the capturer joins to_file and leaves from_file,
     * which is adjacent to it. */
    if (pawns_on_file(pos, to_file, own) + 1 < 2) return;
    int neighbours = pawns_on_file(pos, to_file - 1, own) + pawns_on_file(pos, to_file + 1, own) - 1;
    if (neighbours == 0) presort_term_add(ctx->entry, "doubled-isolated", DOUBLED_ISOLATED_PENALTY);
    else presort_term_add(ctx->entry, "doubled", DOUBLED_PENALTY);
}

/* Capture of an enemy d- or e-file pawn, supported or not [C: "centre pawn" = d/e file; for
 * e.p. the captured pawn's own square; "supported" as in `supported`]. [R] A pawn's capture
 * only: the two rows close the table's pawn rows, which the middle game calls "the pawn
 * heuristics" (Game 3: 4...B-QB4 and 8...O-O, not ...NxKP; 6...PxP, not ...BxP);
 * READING_CENTRE_CAPTURE_ANY_MAN counts every capturer. */
static void score_centre_pawn_capture(const MoveContext *ctx)
{
    if (move_captured(ctx->move) != PAWN) return;
    if (ctx->type != PAWN && ctx->reading != READING_CENTRE_CAPTURE_ANY_MAN) return;
    Square victim = move_is_en_passant(ctx->move) ? ctx->to - pawn_push(ctx->us) : ctx->to;
    int file = square_file(victim);
    if (file != FILE_D && file != FILE_E) return;
    if (supported(ctx, victim, ctx->them))
        presort_term_add(ctx->entry, "takes-defended-centre-pawn", DEFENDED_CENTRE_PAWN_PENALTY);
    else presort_term_add(ctx->entry, "takes-centre-pawn", UNDEFENDED_CENTRE_PAWN_BONUS);
}

/* Pawn rows shared by the opening and the middle game (§5.3, §5.4); only the wing-pawn value differs. */
static void score_pawn_rows(const MoveContext *ctx, int wing_value)
{
    if (ctx->type == PAWN) {
        int from_file = square_file(ctx->from), to_file = square_file(ctx->to);
        if (from_file == to_file) {
            score_centre_pawn_push(ctx, from_file, presort_relative_rank(ctx->us, ctx->from),
                                   presort_relative_rank(ctx->us, ctx->to));
            if (is_wing_file(from_file)) presort_term_add(ctx->entry, "wing-pawn", wing_value);
        } else {
            score_pawn_capture(ctx, from_file, to_file);
        }
    }
    score_centre_pawn_capture(ctx);
}

/* Castling rows (§5.3 [R-high], kept in the middle game [P]). */
static void score_castling(const MoveContext *ctx)
{
    if (!move_is_castle(ctx->move)) return;
    if (square_file(ctx->to) == FILE_G) presort_term_add(ctx->entry, "O-O", CASTLE_KING_SIDE_BONUS);
    else presort_term_add(ctx->entry, "O-O-O", CASTLE_QUEEN_SIDE_BONUS);
}

static bool is_piece(PieceType type) { return type >= KNIGHT && type <= QUEEN; }

/* A piece to K3 or Q3 in front of the own K or Q pawn still on its second rank. */
static bool blocks_centre_pawn(const MoveContext *ctx)
{
    const Piece own = piece_make(ctx->us, PAWN);
    for (int file = FILE_D; file <= FILE_E; file++)
        if (ctx->to == presort_relative_square(ctx->us, file, RANK_3)
            && ctx->pos->board[presort_relative_square(ctx->us, file, RANK_2)] == own)
            return true;
    return false;
}

/* The Petroff test [C]: N-KB3 from KN1 while the opponent has pawn K4 and knight KB3 and our
 * K4 pawn is undefended, all in each side's own notation (for Black: pawns e4/e5, knight f3,
 * 1.e4 e5 2.Nf3 Nf6; the Two Knights' 2...Nc6 3.Bc4 Nf6 is not hit). */
static bool is_petroff(const MoveContext *ctx)
{
    const Position *pos = ctx->pos;
    const Color us = ctx->us, them = ctx->them;
    Square own_pawn = presort_relative_square(us, FILE_E, RANK_4);
    return ctx->type == KNIGHT && ctx->from == presort_relative_square(us, FILE_G, RANK_1)
           && ctx->to == presort_relative_square(us, FILE_F, RANK_3)
           && pos->board[presort_relative_square(us, FILE_E, RANK_5)] == piece_make(them, PAWN)
           && pos->board[presort_relative_square(us, FILE_F, RANK_6)] == piece_make(them, KNIGHT)
           && pos->board[own_pawn] == piece_make(us, PAWN) && !square_attacked(pos, own_pawn, us);
}

void presort_score_opening(const MoveContext *ctx)
{
    PresortEntry *entry = ctx->entry;
    presort_term_add(entry, "centre", presort_centre_gain(ctx, OPENING_FACTOR[ctx->type]));
    score_pawn_rows(ctx, OPENING_WING_PAWN_PENALTY);
    score_castling(ctx);
    int to_file = square_file(ctx->to);
    if (ctx->type == KNIGHT && presort_relative_rank(ctx->us, ctx->to) == RANK_3
        && (to_file == FILE_A || to_file == FILE_H))
        presort_term_add(entry, "N-R3", KNIGHT_ROOK_FILE_PENALTY);
    if (is_piece(ctx->type) && blocks_centre_pawn(ctx))
        presort_term_add(entry, "blocks-pawn", BLOCK_CENTRE_PAWN_PENALTY);
    if (is_piece(ctx->type) && square_file(ctx->from) >= FILE_E)
        presort_term_add(entry, "king-side", KING_SIDE_PIECE_BONUS);
    if (is_petroff(ctx)) presort_term_add(entry, "Petroff", PETROFF_PENALTY);
}

/* "If TECH is ahead in material, piece captures get 10 points more" (§5.4).
 * [R] "Piece captures" are captures made by a piece: the sentence follows "The pawn heuristics
 * are the same as in the opening", whose rows name a capture by its capturer ("Pawn capture
 * leading to multipled pawns", "Capture with pawn away from center"); any man but a pawn
 * counts, the king included. [P] "Ahead" is any lead in base material: the report gives a
 * margin ("ahead by 200 points (2 pawns) or more") where it wants one, for the re-valuation,
 * and none here (docs/FIDELITY.md, "Readings of the smaller questions"). */
static bool piece_capture_when_ahead(const MoveContext *ctx)
{
    const Position *pos = ctx->pos;
    if (!move_is_capture(ctx->move)) return false;
    /* READING_PIECE_CAPTURE_OF_PIECE: a capture of a knight, bishop, rook or queen instead. */
    if (ctx->reading == READING_PIECE_CAPTURE_OF_PIECE ? move_captured(ctx->move) == PAWN : ctx->type == PAWN)
        return false;
    const int lead = pos->material[ctx->us] - pos->material[ctx->them];
    return ctx->reading == READING_AHEAD_BY_200 ? lead >= AHEAD_BY_200_LEAD : lead > 0;
}

/* A piece leaves c3/f3 (mover's view) with its own pawn still on c2/f2 behind it. */
static bool unblocks_bishop_pawn(const MoveContext *ctx)
{
    if (ctx->type == PAWN) return false;
    const Piece own = piece_make(ctx->us, PAWN);
    for (int file = FILE_C; file <= FILE_F; file += FILE_F - FILE_C)
        if (ctx->from == presort_relative_square(ctx->us, file, RANK_3)
            && ctx->pos->board[presort_relative_square(ctx->us, file, RANK_2)] == own)
            return true;
    return false;
}

void presort_score_middlegame(const MoveContext *ctx)
{
    PresortEntry *entry = ctx->entry;
    const Position *pos = ctx->pos;
    const bool king_plus_one = ctx->type == KING && ctx->reading == READING_MIDDLEGAME_KING_PLUS_ONE;
    const int factor = king_plus_one ? MIDDLEGAME_KING_FACTOR_PLUS_ONE : MIDDLEGAME_FACTOR[ctx->type];
    const Square enemy_king = position_king(pos, ctx->them);
    presort_term_add(entry, "centre", presort_centre_gain(ctx, factor));
    presort_term_add(entry, "mobility", presort_mobility(ctx));
    /* Fig. 6 gain with the middle-game factors; castling counts the king's squares [C].
     * [R] "Movement of a piece into the opponent's king field": a piece, not a pawn, as
     * everywhere in the module ("Piece to K3 or Q3", "Piece moving from king side", "Moving a
     * piece which blocks the KBP", "piece captures"); READING_KING_FIELD_PAWNS counts pawns. */
    if (ctx->type != PAWN || ctx->reading == READING_KING_FIELD_PAWNS)
        presort_term_add(entry, "king-field",
                         factor
                             * (presort_field(MIDDLEGAME_KING_FIELD, enemy_king, ctx->to)
                                - presort_field(MIDDLEGAME_KING_FIELD, enemy_king, ctx->from)));
    score_pawn_rows(ctx, MIDDLEGAME_WING_PAWN_PENALTY);
    score_castling(ctx);
    if (piece_capture_when_ahead(ctx)) presort_term_add(entry, "piece-capture", PIECE_CAPTURE_AHEAD_BONUS);
    if (unblocks_bishop_pawn(ctx)) presort_term_add(entry, "unblocks-pawn", UNBLOCK_BISHOP_PAWN_BONUS);
}
