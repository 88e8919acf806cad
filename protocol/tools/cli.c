/* cli.c - `tech perft|divide|...`: tools run from the shell, printing to stdout. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "cli_bench.h"
#include "cli_epd.h"
#include "cli_presort.h"
#include "cli_treestats.h"
#include "fen.h"
#include "notation.h"
#include "perft_report.h"
#include "version.h"

/* Join argv[first..argc-1] with spaces: the FEN may come as one argument or as six. */
static void join_args(int argc, char **argv, int first, char *buf, size_t size)
{
    buf[0] = '\0';
    size_t used = 0;
    for (int i = first; i < argc; i++) {
        int n = snprintf(buf + used, size - used, "%s%s", i > first ? " " : "", argv[i]);
        if (n < 0 || (size_t)n >= size - used) break;
        used += (size_t)n;
    }
}

/* Read "DEPTH [FEN...]" from the command line into a depth and a position. */
static bool parse_depth_and_position(int argc, char **argv, int *depth, Position *pos)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s %s DEPTH [FEN]\n", argv[0], argv[1]);
        return false;
    }
    char *end;
    long d = strtol(argv[2], &end, 10);
    if (*end || end == argv[2] || d < 1 || d > PERFT_DEPTH_MAX) {
        fprintf(stderr, "error: depth '%s' must be a whole number from 1 to %d\n", argv[2], PERFT_DEPTH_MAX);
        return false;
    }
    *depth = (int)d;
    char fen[1024], error[FEN_ERROR_MAX];
    if (argc > 3) join_args(argc, argv, 3, fen, sizeof fen);
    else snprintf(fen, sizeof fen, "%s", START_FEN);
    if (!fen_read(pos, fen, error, sizeof error)) {
        fprintf(stderr, "error: bad FEN (%s): %s\n", error, fen);
        return false;
    }
    return true;
}

static void print_line(const char *line) { printf("%s\n", line); }

static int run_perft(int argc, char **argv, bool divide)
{
    static Position pos;
    int depth;
    if (!parse_depth_and_position(argc, argv, &depth, &pos)) return 2;
    perft_report(&pos, depth, divide, notation_chess960(&pos), print_line, NULL);
    return 0;
}

static int cmd_perft(int argc, char **argv) { return run_perft(argc, argv, false); }
static int cmd_divide(int argc, char **argv) { return run_perft(argc, argv, true); }

static const char *const usage_lines[] = {
    "To play a game at the terminal: run `tech`, then type `play black` (TECH takes Black) and your",
    "moves (e4, Nf3); `help` there lists the commands. A chess GUI runs `tech` as a UCI or CECP engine.",
    "",
    "usage: tech                              the engine: UCI, CECP or the console on stdin/stdout",
    "       tech perft DEPTH [FEN]            count move paths (`Nodes searched: N`)",
    "       tech divide DEPTH [FEN]           the same, per root move",
    "       tech bench [DEPTH] [--style modern]",
    "                                         the fixed benchmark: node signature and speed",
    "       tech epd FILE [--time S | --depth D | --nodes N | --pdp10 S] [--first K] [--style modern]",
    "                [--depths FILE] [--classify MAXDEPTH | --berliner NODES]",
    "                                         solve a bm/am test suite such as Win at Chess",
    "       tech presort [--expanded] [--reading NAME] [startpos | FEN] [moves M ...]",
    "                                         TECH's positional pre-sort of the root moves (E10's",
    "                                         with --expanded)",
    "       tech treestats [PGN | EPD] [--from D] [--to D] [--every N] [--svg DIR] [--positions]",
    "                                         the 1971 tree statistics, depth by depth (default:",
    "                                         the report's games, every fifth move, depths 2-5)",
    "       tech help                         this text",
    "       tech --version                    the name and version of this build",
    NULL,
};

static int cmd_version(int argc, char **argv)
{
    (void)argc, (void)argv;
    printf("%s %s\n", ENGINE_NAME, tech_version());
    return 0;
}

static int cmd_help(int argc, char **argv)
{
    (void)argc, (void)argv;
    printf("%s %s - Gillogly's Technology Chess Program (1971) as a UCI and CECP engine\n", ENGINE_NAME,
           tech_version());
    for (int i = 0; usage_lines[i]; i++) printf("%s\n", usage_lines[i]);
    return 0;
}

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
} CliCommand;

static const CliCommand commands[] = {
    {"perft", cmd_perft},     {"divide", cmd_divide},       {"bench", cli_bench},       {"epd", cli_epd},
    {"presort", cli_presort}, {"treestats", cli_treestats}, {"help", cmd_help},         {"--help", cmd_help},
    {"-h", cmd_help},         {"version", cmd_version},     {"--version", cmd_version}, {"-v", cmd_version},
};

int cli_run(int argc, char **argv)
{
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, argv[1]) == 0) return commands[i].run(argc, argv);
    fprintf(stderr, "error: unknown command '%s'; `%s help` lists the commands\n", argv[1], argv[0]);
    return 2;
}
