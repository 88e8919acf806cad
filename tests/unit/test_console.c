/* test_console.c - the console keeps a script's commands in order behind a perft, also when
 * the perft ends between a line's arrival and its handling (the end event is then still
 * queued behind the line). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cases.h"
#include "daemon.h"
#include "test.h"

static void sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&t, NULL);
}

TEST_CASE(console_runs_kept_lines_before_a_later_one)
{
    Session *s = daemon_create();
    CHECK(s != NULL);
    if (!s) return;
    FILE *out = tmpfile();
    CHECK(out != NULL);
    if (!out) {
        daemon_destroy(s);
        return;
    }
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    dup2(fileno(out), STDOUT_FILENO);

    daemon_feed_line(s, "perft 4");
    daemon_step(s); /* the perft starts on its own thread */
    daemon_feed_line(s, "moves e4 e7e5");
    daemon_step(s); /* kept: the perft runs */
    daemon_feed_line(s, "divide 1");
    sleep_ms(1000); /* the perft ends; its end event queues after the line */
    daemon_feed_end(s);
    while (daemon_step(s) != STEP_END) continue;
    daemon_destroy(s);

    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    rewind(out);
    char line[256];
    int counts[2] = {0, 0}, found = 0;
    while (fgets(line, sizeof line, out))
        if (strncmp(line, "Nodes searched: ", 16) == 0 && found < 2) counts[found++] = atoi(line + 16);
    fclose(out);
    CHECK(found == 2);
    CHECK(counts[0] == 197281); /* perft 4 of the start position */
    CHECK(counts[1] == 29);     /* divide 1 after 1.e4 e5, not from the start */
}
