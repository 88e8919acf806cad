/* main.c - TECH's entry point: a shell tool when given arguments, else the protocol daemon. */
#include "cli.h"
#include "platform.h"
#include "daemon.h"

int main(int argc, char **argv)
{
    platform_init();
    if (argc > 1) return cli_run(argc, argv);
    return daemon_run();
}
