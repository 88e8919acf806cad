/* main.c - TECH's entry point: a shell tool when given arguments, else the protocol daemon. */
#include <stdio.h>

#include "cli.h"

int main(int argc, char **argv)
{
    if (argc > 1) return cli_run(argc, argv);
    fprintf(stderr, "daemon not built yet\n");
    return 1;
}
