/* platform.h - the few things TECH asks of the operating system that POSIX and Windows do
 * differently. platform_posix.c and platform_windows.c each define all of them; the Makefile
 * builds one (PLATFORM=posix or windows), so no other file knows which system it runs on. */
#ifndef TECH_PLATFORM_H
#define TECH_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Set up the standard streams once, first thing in main(): on Windows they carry bytes
 * unchanged (no CRLF translation either way, so the output is byte for byte the Linux
 * build's), sleeps are timed to the millisecond, and a console's stderr understands the escape
 * sequences of a progress line. Nothing to do on POSIX. */
void platform_init(void);

/* --- time ---------------------------------------------------------------------------------- */

/* Microseconds from an arbitrary fixed point on a clock that never goes back. */
int64_t platform_monotonic_us(void);
/* CPU time the calling thread has used, in microseconds. */
int64_t platform_thread_cpu_us(void);
/* Sleep about `us` microseconds (the CPU idles); at least the system's shortest sleep. */
void platform_sleep_us(int64_t us);
/* A number that differs from run to run and process to process (the time of day to the finest
 * tick mixed with the process id), to seed a random source. */
uint64_t platform_entropy(void);
/* Today's date on the local calendar: year, month 1-12, day 1-31 (a saved game's date); false
 * if the system cannot tell. */
bool platform_local_date(int *year, int *month, int *day);
/* Whether PATH names a folder (so that writing a file there is refused with the same words on
 * every system: Windows says "Permission denied" where POSIX says "Is a directory"). */
bool platform_is_directory(const char *path);

/* --- the transposition table's memory ------------------------------------------------------ */

/* `bytes` of zeroed memory, page-aligned, that costs nothing until written: pages the system
 * maps as a search first touches them. On Linux aligned to 2 MB and asked for huge pages, which
 * the system gives where it can. NULL if the system refuses it. */
void *platform_table_alloc(size_t bytes);
/* Give back memory from platform_table_alloc. */
void platform_table_free(void *memory, size_t bytes);
/* Zero such memory without touching its pages where the system allows it: Linux gives the pages
 * back and reads them as zeros again; Windows takes a fresh zeroed block and frees the old one.
 * Where neither works (no room for a second block, another POSIX system) it writes zeros.
 * Returns where the memory now is: the same address, or the fresh block. For a large table: a
 * small one is cheaper to zero by writing (tt_clear). */
void *platform_table_zero(void *memory, size_t bytes);

/* --- the process and its standard streams -------------------------------------------------- */

/* A GUI that goes away must not kill TECH by a signal while it writes (POSIX: SIGPIPE);
 * output errors are ignored instead. Called by the daemon, not by the shell tools. */
void platform_ignore_broken_pipe(void);
/* XBoard interrupts an engine with SIGINT unless told not to: TECH announces sigint=0 and, in
 * CECP, ignores SIGINT either way (on Windows: Ctrl-C and Ctrl-Break); it reads its input on a
 * thread of its own and needs no interrupt. */
void platform_ignore_interrupts(void);
/* SIGTERM is how a GUI ends an engine unless the GUI accepted `sigterm=0`; only then does TECH
 * ignore it (Windows sends none: nothing to do). */
void platform_ignore_terminate(void);
/* Is stdin a terminal or console a person types at (not a pipe, a file or the null device)? */
bool platform_stdin_is_terminal(void);
/* Is stderr a terminal that redraws a line with "\r\033[K"? (A Windows console is asked to,
 * by turning on its virtual-terminal processing.) */
bool platform_stderr_redraws(void);
/* Write all `n` bytes to stdout at once, retrying short writes; errors (the GUI is gone) are
 * ignored. Bypasses stdio's buffer: a caller that also printf()s flushes stdout first. */
void platform_write_stdout(const char *bytes, size_t n);

/* Give the calling thread a short scheduling slice, so that on waking it preempts a search
 * thread at once instead of waiting up to a whole slice of it (Linux 6.12+, EEVDF; its nice
 * value is kept). For the threads that answer the GUI. Elsewhere, or where the kernel refuses,
 * it does nothing: the engine works the same and answers a little later. */
void platform_thread_responsive(void);

/* --- stdin, read by one thread and stoppable by another ------------------------------------ */

typedef struct PlatformInput PlatformInput;

typedef enum {
    INPUT_DATA,   /* bytes were read */
    INPUT_END,    /* the end of input (or an error reading it) */
    INPUT_STOPPED /* platform_input_stop was called: read no more */
} InputStatus;

/* The standard input, ready to be read by one thread. NULL if out of memory. */
PlatformInput *platform_input_open(void);
/* Wait for input and read up to `size` bytes of it into `buffer` (*got = how many). Blocks
 * until there are bytes, the input ends, or another thread calls platform_input_stop. */
InputStatus platform_input_read(PlatformInput *input, char *buffer, size_t size, size_t *got);
/* From another thread: make the reader's platform_input_read return INPUT_STOPPED, now if it
 * waits and on every later call. Returns true if the reader is out of (or will not enter) a
 * read, so that its thread can be joined; false if the system could not interrupt the read
 * (Wine cannot cancel a read of a pipe): the reader is then left blocked until the process
 * exits, and its PlatformInput must not be closed. */
bool platform_input_stop(PlatformInput *input);
/* Free the input once its reader has returned. */
void platform_input_close(PlatformInput *input);

#endif
