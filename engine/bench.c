/* bench.c - the bench list: openings, middle games and endgames from every phase of §5.1. */
#include "bench.h"

#include <stdio.h>
#include <string.h>

#include "fen.h"
#include "makemove.h"
#include "notation.h"

const BenchPosition bench_positions[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", true, "opening: start position"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4 e7e5 g1f3", true, "opening: 1.e4 e5 2.Nf3"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4 e7e5 g1f3 b8c6 f1c4 g8f6", true,
     "opening: Two Knights"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6", true,
     "opening: Queen's Gambit"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4", true,
     "opening: Sicilian"},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "", false, "middle game: Kiwipete"},
    {"r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "", false,
     "middle game: Scholar's mate threat"},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", "", false,
     "middle game: symmetric Italian"},
    {"r1bq1rk1/pp2ppbp/2np1np1/8/3NP3/2N1BP2/PPPQ2PP/R3KB1R w KQ - 3 9", "", false, "middle game: Yugoslav attack"},
    {"2rq1rk1/pp1bppbp/2np1np1/8/3NP3/1BN1BP2/PPPQ2PP/2KR3R b - - 8 12", "", false, "middle game: opposite castling"},
    {"r2q1rk1/ppp2ppp/2n1bn2/2b1p3/4P3/2NP1N2/PPP1BPPP/R1BQ1RK1 w - - 4 8", "", false, "middle game: quiet"},
    {"2r3k1/pp3ppp/2n1b3/3pP3/3P4/P1N2N2/1P3PPP/R4RK1 b - - 0 18", "", false, "middle game: IQP"},
    {"r1b2rk1/2q1b1pp/p2ppn2/1p6/3QP3/1BN1B3/PPP3PP/R4RK1 w - - 0 1", "", false, "middle game: WAC-like attack"},
    {"2kr3r/pppq1ppp/2n1bn2/2b1p3/4P3/2NP1N2/PPP1BPPP/R1BQ1RK1 w - - 6 10", "", false, "middle game: heavy pieces"},
    {"rnbq1rk1/pp2bppp/4pn2/2pp4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 7", "", false, "middle game: closed centre"},
    {"6k1/5ppp/8/8/8/8/5PPP/6K1 w - - 0 1", "", false, "pawn endgame: 3 v 3"},
    {"8/5k2/8/4P3/4K3/8/8/8 w - - 0 1", "", false, "pawn endgame: king and pawn"},
    {"8/pp3k2/2p5/2P1p3/1P2K3/8/5PPP/8 w - - 0 1", "", false, "pawn endgame: majority"},
    {"8/8/1p1k4/p1p5/P1P1K3/1P6/8/8 w - - 0 1", "", false, "pawn endgame: blocked"},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "", false, "general endgame: rook and pawns"},
    {"8/8/4k3/3p4/3P4/2N5/5K2/3b4 w - - 0 1", "", false, "general endgame: knight v bishop"},
    {"6k1/5p2/6p1/8/7p/8/6PP/3R2K1 w - - 0 1", "", false, "general endgame: rook v pawns"},
    {"8/5pk1/6p1/1r5p/7P/6P1/5PK1/R7 w - - 0 1", "", false, "general endgame: rook ending"},
    {"4r1k1/5pp1/7p/8/8/1Q5P/5PP1/6K1 w - - 0 1", "", false, "general endgame: queen v rook"},
    {"8/3k4/8/8/8/8/3K4/3Q4 w - - 0 1", "", false, "mating: king and queen"},
    {"8/8/4k3/8/8/8/8/R3K3 w - - 0 1", "", false, "mating: king and rook"},
    {"8/8/8/3k4/8/8/8/2B1KB2 w - - 0 1", "", false, "mating: two bishops"},
    {"6k1/8/6K1/8/8/8/8/5R2 w - - 0 1", "", false, "mating: king and rook, mate in 2"},
    {"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "", false, "middle game: mate in one"},
    {"1k6/ppp5/8/8/8/8/5PPP/3R2K1 w - - 0 1", "", false, "general endgame: back rank"},
};

const int bench_position_count = (int)(sizeof bench_positions / sizeof bench_positions[0]);

bool bench_setup(int index, Position *pos)
{
    char error[FEN_ERROR_MAX];
    if (index < 0 || index >= bench_position_count) return false;
    const BenchPosition *entry = &bench_positions[index];
    if (!fen_read(pos, entry->fen, error, sizeof error)) return false;
    char moves[256];
    snprintf(moves, sizeof moves, "%s", entry->moves);
    char *save = NULL;
    for (char *token = strtok_r(moves, " ", &save); token; token = strtok_r(NULL, " ", &save)) {
        Move m = move_from_uci(pos, token, false, error, sizeof error);
        if (m == MOVE_NONE) return false;
        make_move(pos, m);
    }
    return true;
}
