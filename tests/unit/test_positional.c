/* test_positional.c - TECH's root pre-sort (docs/SPEC.md §5, §6) and material re-valuation (§5.8):
 * the paper's opening figures, one hand-checked position per phase, colour symmetry, repetition. */
#include <string.h>

#include "board.h"
#include "cases.h"
#include "cli_presort.h"
#include "fen.h"
#include "makemove.h"
#include "notation.h"
#include "positional.h"
#include "test.h"

/* Set up `fen` (or the start position for NULL) and play the coordinate moves in `moves`. */
static bool setup(Position *pos, const char *fen, const char *const *moves)
{
    char error[FEN_ERROR_MAX];
    if (fen) {
        if (!fen_read(pos, fen, error, sizeof error)) {
            FAIL("bad FEN %s: %s", fen, error);
            return false;
        }
    } else {
        position_set_start(pos);
    }
    for (int i = 0; moves && moves[i]; i++) {
        Move m = move_from_uci(pos, moves[i], false, error, sizeof error);
        if (m == MOVE_NONE) {
            FAIL("bad move %s: %s", moves[i], error);
            return false;
        }
        make_move(pos, m);
    }
    return true;
}

/* Rank (0-based) of the move written `text` in the pre-sort, or -1. */
static int rank_of(const Presort *presort, const char *text)
{
    for (int i = 0; i < presort->count; i++) {
        char buf[MOVE_TEXT_MAX];
        move_to_uci(presort->entries[i].move, false, buf);
        if (strcmp(buf, text) == 0) return i;
    }
    return -1;
}

/* Score of the move written `text`; fails the test if the move is missing. */
static int score_of(const Presort *presort, const char *text)
{
    int i = rank_of(presort, text);
    if (i < 0) {
        FAIL("move %s not in the pre-sort", text);
        return -99999;
    }
    return presort->entries[i].score;
}

/* Value of the term `name` in the entry of the move `text` (0 if absent). */
static int term_of(const Presort *presort, const char *text, const char *name)
{
    int i = rank_of(presort, text);
    if (i < 0) {
        FAIL("move %s not in the pre-sort", text);
        return -99999;
    }
    const PresortEntry *e = &presort->entries[i];
    for (int t = 0; t < e->term_count; t++)
        if (strcmp(e->terms[t].name, name) == 0) return e->terms[t].value;
    return 0;
}

/* Check that the move at `rank` is `text` with `score`. */
static void check_entry(const Presort *presort, int rank, const char *text, int score)
{
    char buf[MOVE_TEXT_MAX];
    if (rank >= presort->count) {
        FAIL("rank %d missing (only %d moves)", rank, presort->count);
        return;
    }
    move_to_uci(presort->entries[rank].move, false, buf);
    if (strcmp(buf, text) != 0 || presort->entries[rank].score != score)
        FAIL("rank %d: expected %s %d, got %s %d", rank, text, score, buf, presort->entries[rank].score);
}

/* The non-repeating moves are in descending score order, and the terms add up. */
static void check_sorted(const Presort *presort)
{
    for (int i = 0; i < presort->count; i++) {
        const PresortEntry *e = &presort->entries[i];
        int sum = 0;
        for (int t = 0; t < e->term_count; t++) sum += e->terms[t].value;
        CHECK(sum == e->score);
        if (i > 0 && e->repeats == presort->entries[i - 1].repeats) CHECK(presort->entries[i - 1].score >= e->score);
        if (i > 0) CHECK(!presort->entries[i - 1].repeats || e->repeats);
    }
}

/* Pre-sort pos (with E10's terms if `expanded`) and check that it comes back unchanged. */
static void presort_checked_with(Position *pos, bool started_from_initial, bool expanded, Presort *out)
{
    char before[FEN_MAX], after[FEN_MAX];
    uint64_t key = pos->key;
    int undo_len = pos->undo_len;
    fen_write(pos, before, sizeof before);
    presort_root(pos, started_from_initial, expanded, READING_REPORT, out);
    fen_write(pos, after, sizeof after);
    CHECK(strcmp(before, after) == 0);
    CHECK(pos->key == key && pos->undo_len == undo_len);
    CHECK(position_ok(pos));
    check_sorted(out);
}

static void presort_checked(Position *pos, bool started_from_initial, Presort *out)
{
    presort_checked_with(pos, started_from_initial, false, out);
}

static Position pos;
static Presort presort;

TEST_CASE(positional_start_position_order)
{
    /* docs/SPEC.md §5.3: e2e4 = CC 8-5 + K2-K4 30 = 33; d2d4 = 3 + 20 = 23; g1f3 = 4 x (6-1) + 2
     * (king side) = 22; b1c3 = 4 x 5 = 20; c2c4, f2f4 = 7-4 = 3; e2e3 = 7-5 = 2;
     * a2a4 = 3-1 - 10 (wing) = -8; g1h3 = 4 x (2-1) - 15 + 2 = -9; b1a3 = 4 - 15 = -11. */
    position_set_start(&pos);
    presort_checked(&pos, true, &presort);
    CHECK(presort.phase == PHASE_OPENING);
    CHECK(presort.count == 20);
    check_entry(&presort, 0, "e2e4", 33);
    check_entry(&presort, 1, "d2d4", 23);
    check_entry(&presort, 2, "g1f3", 22);
    check_entry(&presort, 3, "b1c3", 20);
    CHECK(score_of(&presort, "c2c4") == 3);
    CHECK(score_of(&presort, "f2f4") == 3);
    CHECK(score_of(&presort, "e2e3") == 2);
    CHECK(score_of(&presort, "a2a4") == -8);
    CHECK(score_of(&presort, "g1h3") == -9);
    CHECK(score_of(&presort, "b1a3") == -11);
    CHECK(presort.entries[0].term_count == 2);
    CHECK(strcmp(presort.entries[0].terms[0].name, "centre") == 0 && presort.entries[0].terms[0].value == 3);
    CHECK(strcmp(presort.entries[0].terms[1].name, "K2-K4") == 0 && presort.entries[0].terms[1].value == 30);
    /* Ties go in board order: the equal-scored c2c4 (from square 33) before f2f4 (36). */
    CHECK(rank_of(&presort, "c2c4") < rank_of(&presort, "f2f4"));
}

TEST_CASE(positional_petroff_penalised)
{
    /* After 1.e4 e5 2.Nf3: g8f6 = 20 + 2 - 50 (Petroff) = -28, well behind b8c6 = 4 x 5 = 20.
     * d7d5 would land where the e4 pawn takes it and no pawn supports it: no Q2-Q4 row, 3 only,
     * and b8c6 leads, TECH's 2...N-QB3 (Games 1 and 3). As printed, d7d5 = 23 would lead. */
    static const char *const moves[] = {"e2e4", "e7e5", "g1f3", NULL};
    if (!setup(&pos, NULL, moves)) return;
    presort_checked(&pos, true, &presort);
    CHECK(presort.phase == PHASE_OPENING);
    check_entry(&presort, 0, "b8c6", 20);
    CHECK(score_of(&presort, "g8f6") == -28);
    CHECK(score_of(&presort, "d7d5") == 3);
    CHECK(term_of(&presort, "d7d5", "Q2-Q4") == 0);
    CHECK(rank_of(&presort, "b8c6") < rank_of(&presort, "g8f6"));
    presort_root(&pos, true, false, READING_PUSH_AS_PRINTED, &presort);
    check_entry(&presort, 0, "d7d5", 23);
    /* 1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6 4.d3: the same for 4...P-Q4 (3, behind f8c5 = 17); Game 1's
     * 4...P-Q4 is the move this reading costs (docs/FIDELITY.md §7). */
    static const char *const two_knights[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", NULL};
    if (!setup(&pos, NULL, two_knights)) return;
    presort_checked(&pos, true, &presort);
    check_entry(&presort, 0, "f8c5", 17);
    CHECK(score_of(&presort, "d7d5") == 3);
    /* No enemy pawn can take the pawn: the rows apply (Game 4's 2...P-Q4 after 1.P-KR3 P-K4
     * 2.N-QR3; Game 2's 2.P-Q4 after 1.P-K4 P-Q3). A pawn that supports it lifts the condition:
     * after 1.e4 e5 2.Nf3 c6 3.Bc4, d7d5 has the c6 pawn behind it. */
    static const char *const game4[] = {"h2h3", "e7e5", "b1a3", NULL};
    if (!setup(&pos, NULL, game4)) return;
    presort_checked(&pos, true, &presort);
    CHECK(term_of(&presort, "d7d5", "Q2-Q4") == 20);
    static const char *const supported_push[] = {"e2e4", "e7e5", "g1f3", "c7c6", "f1c4", NULL};
    if (!setup(&pos, NULL, supported_push)) return;
    presort_checked(&pos, true, &presort);
    CHECK(term_of(&presort, "d7d5", "Q2-Q4") == 20);
}

TEST_CASE(positional_two_knights_not_petroff)
{
    /* After 1.e4 e5 2.Nf3 Nc6 3.Bc4: e5 is defended, so g8f6 = 20 + 2 = 22; f8c5 = 3 x (7-2) + 2 = 17. */
    static const char *const moves[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", NULL};
    if (!setup(&pos, NULL, moves)) return;
    presort_checked(&pos, true, &presort);
    CHECK(score_of(&presort, "g8f6") == 22);
    CHECK(score_of(&presort, "f8c5") == 17);
    CHECK(rank_of(&presort, "g8f6") < rank_of(&presort, "f8c5"));
}

TEST_CASE(positional_opening_rows)
{
    /* 1.e4 d5: exd5 = CC 8-8 + 50 (undefended d-pawn) - 5 (doubled on d2/d5, c2 beside) = 45. */
    static const char *const scandinavian[] = {"e2e4", "d7d5", NULL};
    if (!setup(&pos, NULL, scandinavian)) return;
    presort_checked(&pos, true, &presort);
    check_entry(&presort, 0, "e4d5", 45);
    /* 1.e4 e5: Bf1-d3 in front of the d2 pawn = 3 x (7-2) + 2 - 50 = -33. */
    static const char *const open_game[] = {"e2e4", "e7e5", NULL};
    if (!setup(&pos, NULL, open_game)) return;
    presort_checked(&pos, true, &presort);
    CHECK(score_of(&presort, "f1d3") == -33);
    /* Italian, 3...Bc5: O-O = 30 + (-1) x (CC g1 1 - CC e1 3) = 32 leads. Nf3xe5 takes the
     * e-pawn with a knight, not a pawn, so no centre-pawn row: 4 x (8 - 6) + 2 = 10. */
    static const char *const italian[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", NULL};
    if (!setup(&pos, NULL, italian)) return;
    presort_checked(&pos, true, &presort);
    check_entry(&presort, 0, "e1g1", 32);
    CHECK(score_of(&presort, "f3e5") == 10);
    CHECK(term_of(&presort, "f3e5", "takes-centre-pawn") == 0);
    /* Game 3 after 4.O-O: 4...B-QB4 = 3 x (7 - 2) + 2 = 17 leads; 4...NxP (f6e4) = 4 x (8 - 6)
     * + 2 = 10, no +50 for a knight's capture. */
    static const char *const ruy[] = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "g8f6", "e1g1", NULL};
    if (!setup(&pos, NULL, ruy)) return;
    presort_checked(&pos, true, &presort);
    CHECK(score_of(&presort, "f8c5") == 17);
    CHECK(score_of(&presort, "f6e4") == 10);
    CHECK(rank_of(&presort, "f8c5") < rank_of(&presort, "f6e4"));
    /* 1.e4 e5 2.d4 d6: dxe5 takes a pawn-defended centre pawn and doubles on e4/e5 (f2 beside):
     * 1 x (8 - 8) - 15 - 5 = -20. */
    static const char *const defended[] = {"e2e4", "e7e5", "d2d4", "d7d6", NULL};
    if (!setup(&pos, NULL, defended)) return;
    presort_checked(&pos, true, &presort);
    CHECK(score_of(&presort, "d4e5") == -20);
}

TEST_CASE(positional_middlegame_hand_checked)
{
    /* Both sides Q + R + 8 pawns = 2200 >= 1950: middle game. Top move f2f4 = 36:
     * centre 3 x (CC f4 7 - CC f2 4) = 9; king field 0 (f2 and f4 are 6 and 4 ranks from g8);
     * mobility after f4, White to move again: pawns a2 2, b2 2, c2 2, d3 1, e4 0, f4 2 (f5, xe5),
     * g2 2, h2 2 = 13; Kg1 f2 h1 = 2; Rf1 f2 f3 e1 = 3; Qd1 d2, c1 b1 a1, e1, e2 f3 g4 h5 = 9;
     * 13 + 2 + 3 + 9 = 27. Total 9 + 27 = 36. Qd1-h5: king field 1 x F6 (h5 vs g8: 3 ranks) = 2. */
    if (!setup(&pos, "3q1rk1/ppp2ppp/3p4/4p3/4P3/3P4/PPP2PPP/3Q1RK1 w - - 0 1", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(presort.phase == PHASE_MIDDLEGAME);
    check_entry(&presort, 0, "f2f4", 36);
    CHECK(term_of(&presort, "d1h5", "king-field") == 2);
    CHECK(term_of(&presort, "h2h4", "wing-pawn") == -5); /* -5 instead of the opening's -10 */
    /* "Movement of a piece into the opponent's king field": g4g5 enters Fig. 6 round g8 (3 ranks
     * away, 2), but a pawn is not a piece: no term (3 x 2 = 6 under the other reading). */
    if (!setup(&pos, "3q1rk1/ppp2ppp/3p4/4p3/4P1P1/3P4/PPP2P1P/3Q1RK1 w - - 0 1", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(term_of(&presort, "g4g5", "king-field") == 0);
    presort_root(&pos, false, false, READING_KING_FIELD_PAWNS, &presort);
    CHECK(term_of(&presort, "g4g5", "king-field") == 6);
    /* b4xa5: away from the centre (-5) onto a2's file with no b-pawn left: doubled and
     * isolated (-10); centre 3 x (CC a5 3 - CC b4 5) = -6; White is behind: no piece bonus. */
    if (!setup(&pos, "r2qk2r/ppp2ppp/8/n7/1P6/8/P1P2PPP/R2QK2R w KQkq - 0 12", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(presort.phase == PHASE_MIDDLEGAME);
    CHECK(term_of(&presort, "b4a5", "pawn-away") == -5);
    CHECK(term_of(&presort, "b4a5", "doubled-isolated") == -10);
    CHECK(term_of(&presort, "b4a5", "doubled") == 0);
    CHECK(term_of(&presort, "b4a5", "centre") == -6);
    CHECK(term_of(&presort, "b4a5", "piece-capture") == 0);
}

TEST_CASE(positional_middlegame_extras)
{
    /* Italian-like middle game (set-up position, so no opening): Nf3xe5 is a knight's capture,
     * so no centre-pawn row, and leaves f3 in front of the f2 pawn (+5); castling keeps +30. */
    if (!setup(&pos, "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R w KQkq - 1 5", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(presort.phase == PHASE_MIDDLEGAME);
    CHECK(term_of(&presort, "f3e5", "takes-centre-pawn") == 0);
    CHECK(term_of(&presort, "f3e5", "unblocks-pawn") == 5);
    CHECK(term_of(&presort, "f3e5", "piece-capture") == 0); /* a pawn, and material is level */
    CHECK(term_of(&presort, "e1g1", "O-O") == 30);
    CHECK(term_of(&presort, "e1g1", "centre") == 2); /* MG king factor -1 x (1 - 3) */
    /* The pawn c3 takes the d4 pawn, which no pawn defends: +50; the knight's capture of it: 0. */
    if (!setup(&pos, "r1bqk2r/pppp1ppp/2n2n2/2b5/2BpP3/2P2N2/PP3PPP/RNBQK2R w KQkq - 0 6", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(term_of(&presort, "c3d4", "takes-centre-pawn") == 50);
    CHECK(term_of(&presort, "f3d4", "takes-centre-pawn") == 0);
    /* +10 for a piece's capture when ahead: White a knight up takes the d5 knight with a knight
     * or the queen; a pawn's capture does not earn it (a pawn capture has its own rows). */
    if (!setup(&pos, "r2qk2r/ppp2ppp/8/3n4/4P3/2N5/PPP2PPP/R2QKN1R w KQkq - 0 12", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(presort.phase == PHASE_MIDDLEGAME);
    CHECK(term_of(&presort, "c3d5", "piece-capture") == 10);
    CHECK(term_of(&presort, "d1d5", "piece-capture") == 10);
    CHECK(term_of(&presort, "e4d5", "piece-capture") == 0);
    /* Any lead counts, a pawn's too (2930 v 2830), not only the re-valuation's 200. */
    if (!setup(&pos, "r2qk2r/ppp2ppp/8/3n4/8/2N5/PPP1PPPP/R2QK2R w KQkq - 0 12", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(term_of(&presort, "c3d5", "piece-capture") == 10);
    /* Level material (2830 each): no bonus. */
    if (!setup(&pos, "r2qk2r/ppp2ppp/8/3n4/8/2N5/PPP2PPP/R2QK2R w KQkq - 0 12", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(term_of(&presort, "c3d5", "piece-capture") == 0);
}

TEST_CASE(positional_pawn_endgame_hand_checked)
{
    /* Black to move; White's c4 pawn is passed (the opponent's, for Black). Top move e6e5 = 3:
     * Fig. 7 opponent field of c4 at e6 (2 ahead, file +2) = 4, at e5 (1 ahead, +2) = 3: -1;
     * centre CC e5 8 - CC e6 7 = +1; Fig. 8 round the e2 king: e6 is 4 ranks away (0), e5 3 (3): +3. */
    if (!setup(&pos, "8/8/4k3/8/2P5/8/4K3/8 b - - 0 1", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(presort.phase == PHASE_PAWN_ENDGAME);
    check_entry(&presort, 0, "e6e5", 3);
    /* e6d6: Fig. 7 at d6 (2 ahead, +1) = 6, gain +2; CC d6 = e6; Fig. 8: 4 ranks away. */
    CHECK(score_of(&presort, "e6d6") == 2);
    /* White: c4c5 = unopposed rank 5, 10 (the king stays behind its pawn: field 0). */
    if (!setup(&pos, "8/8/4k3/8/2P5/8/4K3/8 w - - 0 1", NULL)) return;
    presort_checked(&pos, false, &presort);
    check_entry(&presort, 0, "c4c5", 10);
    /* Rear pawn -10: a2a3 behind a4; a4a5 unopposed rank 5 = 10. Opposed: h3h4 with h6 = 1. */
    if (!setup(&pos, "8/4k3/7p/8/P7/7P/P7/4K3 w - - 0 1", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(score_of(&presort, "a2a3") == -10);
    CHECK(score_of(&presort, "a4a5") == 10);
    CHECK(score_of(&presort, "h3h4") == 1);
}

TEST_CASE(positional_general_endgame_hand_checked)
{
    /* R + P v R: general endgame. Top f2e3 = 41: centre 4 x (CC e3 7 - CC f2 4) = 12; Fig. 9
     * round e6: f2 is 4 ranks away (0), e3 3 straight below (6): +6; mobility after Ke3: king 8,
     * Rh1 7 along the rank + 7 up the file, b4b5 1 = 23. 12 + 6 + 23 = 41.
     * h1b1 = centre 1 x (CC b1 1 - CC h1 0) + mobility (Rb1: a1, c1..h1 = 7, b2 b3 = 2; king 8;
     * pawn 1 = 18) + 15 (behind the passed b4 pawn) = 34. */
    if (!setup(&pos, "2r5/8/4k3/8/1P6/8/5K2/7R w - - 0 1", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(presort.phase == PHASE_ENDGAME);
    check_entry(&presort, 0, "f2e3", 41);
    CHECK(score_of(&presort, "h1b1") == 34);
    /* "Behind" a passed pawn is the side it came from, whoever owns the rook: Black's rook to
     * b1, below White's b4 pawn, attacks it from behind: +15; Black's rook to b8, on its path to
     * promotion, is in front of it: nothing (the earlier reading, from the rook's side, had it
     * the other way round). */
    if (!setup(&pos, "8/8/4k3/8/1P6/8/5K2/2r4R b - - 0 1", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(term_of(&presort, "c1b1", "rook-behind") == 15);
    if (!setup(&pos, "2r5/8/4k3/8/1P6/8/5K2/7R b - - 0 1", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(term_of(&presort, "c8b8", "rook-behind") == 0);
    presort_root(&pos, false, false, READING_ROOK_BEHIND_ROOK_SIDE, &presort);
    CHECK(term_of(&presort, "c8b8", "rook-behind") == 15);
    /* White's rook to b5, above its own b4 pawn, is in front of it: nothing. */
    if (!setup(&pos, "8/8/4k3/7R/1P6/8/5K2/8 w - - 0 1", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(term_of(&presort, "h5b5", "rook-behind") == 0);
    /* Along the file behind the same pawn (b1 to b2) is not newly behind it: nothing. */
    if (!setup(&pos, "8/8/4k3/8/1P6/8/5K2/1R6 w - - 0 1", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(term_of(&presort, "b1b2", "rook-behind") == 0);
}

TEST_CASE(positional_mating_hand_checked)
{
    /* K + R v K. Ra1-a8 mates: no reply, +20000. */
    if (!setup(&pos, "7k/8/6K1/8/8/8/8/R7 w - - 0 1", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(presort.phase == PHASE_MATING);
    check_entry(&presort, 0, "a1a8", 20000);
    /* Kf6, Ra1 v Kh8: every rook move allows ...Kh7 or ...Kg8, both E = -32 x 1 + 2 x 10 (Fig. 10
     * round f6 at h7/g8) + CC f6 6 + 0 (rook outside the field) = -6; the first generated rook
     * move a1b1 leads. Kf6-g6: the only reply ...Kg8 gives -32 + 2 x 9 + CC g6 4 + 0 = -10. */
    if (!setup(&pos, "7k/8/5K2/8/8/8/8/R7 w - - 0 1", NULL)) return;
    presort_checked(&pos, false, &presort);
    check_entry(&presort, 0, "a1b1", -6);
    CHECK(score_of(&presort, "f6g6") == -10);
    /* Kc1, Rh3 v Ka1: Rh3-a3 mates (+20000), Rh3-h2 stalemates (-20000, last). */
    if (!setup(&pos, "8/8/8/8/8/7R/8/k1K5 w - - 0 1", NULL)) return;
    presort_checked(&pos, false, &presort);
    CHECK(presort.phase == PHASE_MATING);
    check_entry(&presort, 0, "h3a3", 20000);
    check_entry(&presort, presort.count - 1, "h3h2", -20000);
}

TEST_CASE(positional_phase_of)
{
    position_set_start(&pos);
    CHECK(phase_of(&pos, true) == PHASE_OPENING);
    CHECK(phase_of(&pos, false) == PHASE_MIDDLEGAME); /* move number unknown */
    pos.fullmove = 9;                                 /* move 9: the middle game begins */
    CHECK(phase_of(&pos, true) == PHASE_MIDDLEGAME);
    /* A set-up endgame on move 1 is past the opening: the endgames are tested first. */
    if (setup(&pos, "8/8/4k3/8/2P5/8/4K3/8 w - - 0 1", NULL)) CHECK(phase_of(&pos, true) == PHASE_PAWN_ENDGAME);
    if (setup(&pos, "2r5/8/4k3/8/1P6/8/5K2/7R w - - 0 1", NULL)) CHECK(phase_of(&pos, true) == PHASE_ENDGAME);
    struct {
        const char *fen;
        Phase phase;
    } cases[] = {
        {"3q1rk1/ppp2ppp/3p4/4p3/4P3/3P4/PPP2PPP/3Q1RK1 w - - 0 1", PHASE_MIDDLEGAME},
        {"8/8/4k3/8/2P5/8/4K3/8 b - - 0 1", PHASE_PAWN_ENDGAME},
        {"8/8/4k3/8/8/8/4K3/8 w - - 0 1", PHASE_PAWN_ENDGAME},
        {"7k/8/5K2/8/8/8/8/R7 w - - 0 1", PHASE_MATING},
        {"7k/8/5K2/8/8/8/8/R7 b - - 0 1", PHASE_ENDGAME},   /* TECH has no piece */
        {"7k/8/5K2/8/8/8/8/R2b4 w - - 0 1", PHASE_ENDGAME}, /* lead 170 < 200 */
        {"7k/8/5K2/8/8/8/8/RB1b4 w - - 0 1", PHASE_MATING}, /* lead 500 */
        {"7k/8/5K2/8/8/8/7P/R7 w - - 0 1", PHASE_ENDGAME},  /* a pawn on the board */
        {"2r5/8/4k3/8/1P6/8/5K2/7R w - - 0 1", PHASE_ENDGAME},
        {"r2qk3/pp6/8/8/8/8/PP6/R2QK2R w - - 0 1", PHASE_MIDDLEGAME}, /* TECH 2100; Black's 1600 does not count */
        {"r2qk3/pp6/8/8/8/8/PP6/R2QK2R b - - 0 1", PHASE_ENDGAME},    /* TECH (Black) 1600 < 1950 */
        {"r2qk3/8/8/8/8/8/8/R2QK2R w - - 0 1", PHASE_MATING},         /* no pawns, lead 500 */
        {"r2qk2r/8/8/8/8/8/8/R2QK2R w - - 0 1", PHASE_ENDGAME},       /* 1900 each */
        {"r2qk1nr/8/8/8/8/8/8/RN1QK2R w - - 0 1", PHASE_MIDDLEGAME},  /* 2230 each */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        if (!setup(&pos, cases[i].fen, NULL)) continue;
        if (phase_of(&pos, false) != cases[i].phase)
            FAIL("%s: phase %s, expected %s", cases[i].fen, phase_name(phase_of(&pos, false)),
                 phase_name(cases[i].phase));
    }
    CHECK(strcmp(phase_name(PHASE_OPENING), "opening") == 0);
    CHECK(strcmp(phase_name(PHASE_MIDDLEGAME), "middle game") == 0);
    CHECK(strcmp(phase_name(PHASE_PAWN_ENDGAME), "pawn endgame") == 0);
    CHECK(strcmp(phase_name(PHASE_MATING), "mating") == 0);
    CHECK(strcmp(phase_name(PHASE_ENDGAME), "general endgame") == 0);
}

/* Square sq seen in the colour-flipped board. */
static Square mirror_square(Square sq) { return square_make(square_file(sq), 7 - square_rank(sq)); }

/* The pre-sort of a position and of its colour-flipped mirror give the same score sequence,
 * and every move's mirrored twin its score. */
static void check_colour_symmetry(bool expanded)
{
    static const char *const fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2P2N2/PP1P1PPP/RNBQK2R w KQkq - 1 5",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "3q1rk1/ppp2ppp/3p4/4p3/4P3/3P4/PPP2PPP/3Q1RK1 w - - 0 1",
        "8/8/4k3/8/2P5/8/4K3/8 b - - 0 1",
        "8/2p5/1k6/8/3PP3/8/5K2/8 w - - 0 1",
        "2r5/8/4k3/8/1P6/8/5K2/7R w - - 0 1",
        "7k/8/5K2/8/8/8/8/R7 w - - 0 1",
        "8/1P4k1/8/8/8/8/6K1/5r2 w - - 0 1",
    };
    static Position mirror;
    static Presort mirrored;
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        bool initial = i < 2; /* the first two as games from the initial array */
        if (!setup(&pos, fens[i], NULL)) continue;
        position_mirror(&mirror, &pos);
        presort_checked_with(&pos, initial, expanded, &presort);
        presort_checked_with(&mirror, initial, expanded, &mirrored);
        CHECK(presort.phase == mirrored.phase);
        if (!CHECK(presort.count == mirrored.count)) continue;
        for (int j = 0; j < presort.count; j++) {
            const PresortEntry *e = &presort.entries[j];
            /* Same score sequence; ties come out in board order, which the mirror turns round. */
            if (e->score != mirrored.entries[j].score)
                FAIL("%s: rank %d scores %d vs %d", fens[i], j, e->score, mirrored.entries[j].score);
            int found = -1;
            for (int k = 0; k < mirrored.count; k++) {
                Move m = mirrored.entries[k].move;
                if (move_from(m) == mirror_square(move_from(e->move)) && move_to(m) == mirror_square(move_to(e->move))
                    && move_promotion(m) == move_promotion(e->move))
                    found = k;
            }
            if (found < 0 || mirrored.entries[found].score != e->score) {
                char text[MOVE_TEXT_MAX];
                move_to_uci(e->move, false, text);
                FAIL("%s: %s has no mirrored twin with score %d", fens[i], text, e->score);
            }
        }
    }
}

TEST_CASE(positional_colour_symmetry) { check_colour_symmetry(false); }

TEST_CASE(positional_expanded_colour_symmetry) { check_colour_symmetry(true); }

TEST_CASE(positional_repetition_demoted)
{
    /* docs/SPEC.md §6 as read from Game 1 (docs/FIDELITY.md): a move goes last only if it lets a
     * position occur for the third time. After 1.Nf3 Nf6 2.Ng1 Ng8, 3.Nf3 repeats the position
     * after 1.Nf3 once: it keeps its place (TECH's 36...R-KB1). */
    static const char *const once[] = {"g1f3", "g8f6", "f3g1", "f6g8", NULL};
    if (!setup(&pos, NULL, once)) return;
    presort_checked(&pos, true, &presort);
    CHECK(presort.phase == PHASE_OPENING);
    check_entry(&presort, 2, "g1f3", 22);
    for (int i = 0; i < presort.count; i++) CHECK(!presort.entries[i].repeats);
    /* One move more: 3.Nf3 Nf6 4.Ng1 would let 4...Ng8 make the start position's third
     * occurrence, so after 3.Nf3 Nf6 White's 4.Ng1 goes last (TECH's 37...Q-K3 for R-KB4). */
    static const char *const reply[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", NULL};
    if (!setup(&pos, NULL, reply)) return;
    presort_checked(&pos, true, &presort);
    int last = presort.count - 1;
    check_entry(&presort, last, "f3g1", -18);
    CHECK(presort.entries[last].repeats);
    for (int i = 0; i < last; i++) CHECK(!presort.entries[i].repeats);
    /* The position after the move itself the third time: after 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6
     * 4.Ng1, Black's 4...Ng8 goes last. */
    static const char *const itself[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", NULL};
    if (!setup(&pos, NULL, itself)) return;
    presort_checked(&pos, true, &presort);
    last = presort.count - 1;
    check_entry(&presort, last, "f6g8", -18);
    CHECK(presort.entries[last].repeats);
    /* Two such moves keep score order behind the rest: after two rounds of the king's knights
     * and two of the queen's, both 9.Nf3 (22... now a middle-game score) and 9.Nc3 would make a
     * third occurrence. */
    static const char *const dance[] = {"g1f3", "g8f6", "f3g1", "f6g8", "b1c3", "b8c6", "c3b1", "c6b8", "g1f3",
                                        "g8f6", "f3g1", "f6g8", "b1c3", "b8c6", "c3b1", "c6b8", NULL};
    if (!setup(&pos, NULL, dance)) return;
    presort_checked(&pos, true, &presort);
    CHECK(presort.phase == PHASE_MIDDLEGAME);
    CHECK(presort.entries[presort.count - 2].repeats && presort.entries[presort.count - 1].repeats);
    CHECK(!presort.entries[presort.count - 3].repeats);
    int nf3 = rank_of(&presort, "g1f3"), nc3 = rank_of(&presort, "b1c3");
    CHECK(nf3 >= presort.count - 2 && nc3 >= presort.count - 2);
}

/* The same position gets the same pre-sort, move for move, whether it comes with its moves or
 * as a FEN: the order does not follow the piece lists, which captures reshuffle (before board
 * order, h2h3 and g2g3, both 32, came out in opposite orders here). */
/* Both lists hold the same moves with the same scores in the same order. */
static void check_same_order(const Presort *a, const Presort *b)
{
    if (!CHECK(a->count == b->count)) return;
    for (int i = 0; i < a->count; i++)
        if (!move_same(a->entries[i].move, b->entries[i].move) || a->entries[i].score != b->entries[i].score) {
            char ta[MOVE_TEXT_MAX], tb[MOVE_TEXT_MAX];
            move_to_uci(a->entries[i].move, false, ta);
            move_to_uci(b->entries[i].move, false, tb);
            FAIL("rank %d: %s %d vs %s %d", i, ta, a->entries[i].score, tb, b->entries[i].score);
        }
}

TEST_CASE(positional_order_independent_of_history)
{
    static Position other;
    static Presort other_presort;
    static const char *const moves[] = {"e2e4", "c7c5", "g1f3", "d7d6", "d2d4", "c5d4", "f1b5",
                                        "b8c6", "f3d4", "c8d7", "e1g1", "e7e5", "b5c6", "b7c6",
                                        "d4f5", "d7f5", "e4f5", "g8f6", "b1c3", "d8b6", NULL};
    if (!setup(&pos, NULL, moves)) return;
    if (!setup(&other, "r3kb1r/p4ppp/1qpp1n2/4pP2/8/2N5/PPP2PPP/R1BQ1RK1 w kq - 3 11", NULL)) return;
    presort_checked(&pos, true, &presort);
    presort_checked(&other, true, &other_presort);
    CHECK(presort.phase == PHASE_MIDDLEGAME && other_presort.phase == PHASE_MIDDLEGAME);
    CHECK(rank_of(&presort, "g2g3") < rank_of(&presort, "h2h3"));
    check_same_order(&presort, &other_presort);
    /* Without the pre-sort (the Positional Presort option off): captures by victim, then board
     * order, the same for both histories. White's one capture, Qd1xd6, comes first, then the
     * moves from the lowest square, a1 (21). */
    presort_none(&pos, &presort);
    presort_none(&other, &other_presort);
    check_same_order(&presort, &other_presort);
    check_entry(&presort, 0, "d1d6", 100);
    check_entry(&presort, 1, "a1b1", 0);
    CHECK(rank_of(&presort, "a2a3") < rank_of(&presort, "a2a4"));
    CHECK(rank_of(&presort, "a2a4") < rank_of(&presort, "b2b3"));
    /* 1.e4 d5: the only capture, exd5, first; then board order, the b1 knight (22) before the
     * a2 pawn (31). */
    static const char *const scandinavian[] = {"e2e4", "d7d5", NULL};
    if (!setup(&pos, NULL, scandinavian)) return;
    presort_none(&pos, &presort);
    check_entry(&presort, 0, "e4d5", 100);
    check_entry(&presort, 1, "b1a3", 0);
    CHECK(rank_of(&presort, "b1c3") < rank_of(&presort, "a2a3"));
}

TEST_CASE(positional_material_revalue)
{
    Score value[COLOR_NB][PIECE_TYPE_NB];
    /* Start position, middle game: base values for both. */
    position_set_start(&pos);
    material_revalue(&pos, PHASE_MIDDLEGAME, READING_REPORT, value);
    for (Color c = BLACK; c <= WHITE; c++)
        for (PieceType t = PAWN; t <= KING; t++) CHECK(value[c][t] == piece_value[t]);
    /* R + 5P (1000) v R + 2P (700): lead 300, ratio 1000 x 700 / 1000 = 700 per mille, so
     * TECH's rook = 500 x 700 / 1000 = 350; general endgame: pawns 120 (TECH has 5). */
    if (!setup(&pos, "4k2r/p6p/8/8/8/8/PPP2PP1/4K2R w - - 0 1", NULL)) return;
    Phase phase = phase_of(&pos, false);
    CHECK(phase == PHASE_ENDGAME);
    material_revalue(&pos, phase, READING_REPORT, value);
    CHECK(value[WHITE][ROOK] == 350 && value[WHITE][KNIGHT] == 231 && value[WHITE][QUEEN] == 630);
    CHECK(value[BLACK][ROOK] == 500);
    CHECK(value[WHITE][PAWN] == 120 && value[BLACK][PAWN] == 120);
    CHECK(value[WHITE][KING] == 15000 && value[BLACK][KING] == 15000);
    /* The same with Black as TECH, behind: no trade-down; Black has 2 pawns: "they are worth
     * 190 each", White's stay at 120 (190 for both under the other reading). */
    if (!setup(&pos, "4k2r/p6p/8/8/8/8/PPP2PP1/4K2R b - - 0 1", NULL)) return;
    material_revalue(&pos, phase_of(&pos, false), READING_REPORT, value);
    CHECK(value[BLACK][ROOK] == 500 && value[WHITE][ROOK] == 500);
    CHECK(value[BLACK][PAWN] == 190 && value[WHITE][PAWN] == 120);
    material_revalue(&pos, phase_of(&pos, false), READING_PAWNS_190_BOTH_SIDES, value);
    CHECK(value[BLACK][PAWN] == 190 && value[WHITE][PAWN] == 190);
    /* Q + R v bare king: ratio 0, floor 0.6: Q 540, R 300; mating phase keeps pawns at 100. */
    if (!setup(&pos, "4k3/8/8/8/8/8/8/R2QK3 w - - 0 1", NULL)) return;
    phase = phase_of(&pos, false);
    CHECK(phase == PHASE_MATING);
    material_revalue(&pos, phase, READING_REPORT, value);
    CHECK(value[WHITE][QUEEN] == 540 && value[WHITE][ROOK] == 300 && value[WHITE][PAWN] == 100);
    CHECK(value[BLACK][QUEEN] == 900);
    /* R + B (830) v R + 3P (800): lead 30, no trade-down. */
    if (!setup(&pos, "4k2r/ppp5/8/8/8/8/8/2B1K2R w - - 0 1", NULL)) return;
    material_revalue(&pos, phase_of(&pos, false), READING_REPORT, value);
    CHECK(value[WHITE][ROOK] == 500 && value[WHITE][BISHOP] == 330);
    CHECK(value[WHITE][PAWN] == 190 && value[BLACK][PAWN] == 120); /* White has 0 pawns (<= 2) */
}

TEST_CASE(positional_cli_presort_errors)
{
    /* Bad FEN and bad moves exit with status 2 (the message goes to stderr). */
    char *bad_fen[] = {"tech", "presort", "not/a/fen", NULL};
    char *bad_move[] = {"tech", "presort", "startpos", "moves", "e2e5", NULL};
    char *bad_later[] = {"tech", "presort", "8/8/4k3/8/2P5/8/4K3/8", "w", "-", "-", "0", "1", "moves", "c4c5", "e6e5",
                         "c5c7", NULL};
    CHECK(cli_presort(3, bad_fen) == 2);
    CHECK(cli_presort(5, bad_move) == 2);
    CHECK(cli_presort(12, bad_later) == 2);
}
