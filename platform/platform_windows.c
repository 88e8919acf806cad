/* platform_windows.c - platform.h on 64-bit Windows (Windows 7 and later), built with the
 * MinGW-w64 cross compiler (`make windows`) and tested under Wine. */
#include "platform.h"

#include <fcntl.h>
#include <io.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>
#include <mmsystem.h>

void platform_init(void)
{
    /* The C library's streams translate LF to CRLF and stop at a Ctrl-Z in text mode: make them
     * carry bytes, as on POSIX (the protocol lines themselves go through WriteFile and ReadFile,
     * which never translate). A GUI reads LF-ended lines as well as CRLF-ended ones. */
    _setmode(_fileno(stdin), _O_BINARY);
    _setmode(_fileno(stdout), _O_BINARY);
    _setmode(_fileno(stderr), _O_BINARY);
    /* Sleep and the waits below it tick every 15.6 ms by default; Speed's pacing sleeps for a
     * millisecond or two at a time. From Windows 10 2004 on this holds for this process alone. */
    timeBeginPeriod(1);
}

/* --- time ---------------------------------------------------------------------------------- */

int64_t platform_monotonic_us(void)
{
    LARGE_INTEGER frequency, count;
    QueryPerformanceFrequency(&frequency);
    QueryPerformanceCounter(&count);
    /* In two parts: count * 1000000 would overflow after a few weeks of uptime at 10 MHz. */
    int64_t f = frequency.QuadPart, c = count.QuadPart;
    return c / f * 1000000 + c % f * 1000000 / f;
}

static int64_t filetime_100ns(FILETIME t) { return (int64_t)((uint64_t)t.dwHighDateTime << 32 | t.dwLowDateTime); }

int64_t platform_thread_cpu_us(void)
{
    /* Counted in the scheduler's ticks (about 15.6 ms on Windows): fine for the statistics it
     * feeds (treestats, bench's CPU seconds), which sum many of them. */
    FILETIME created, exited, kernel, user;
    if (!GetThreadTimes(GetCurrentThread(), &created, &exited, &kernel, &user)) return 0;
    return (filetime_100ns(kernel) + filetime_100ns(user)) / 10;
}

void platform_sleep_us(int64_t us)
{
    int64_t ms = (us + 500) / 1000;
    Sleep(ms < 1 ? 1 : ms > 0x7FFFFFFF ? 0x7FFFFFFF : (DWORD)ms);
}

uint64_t platform_entropy(void)
{
    FILETIME now;
    GetSystemTimeAsFileTime(&now);
    LARGE_INTEGER count;
    QueryPerformanceCounter(&count);
    return (uint64_t)filetime_100ns(now) ^ (uint64_t)count.QuadPart ^ (uint64_t)GetCurrentProcessId() << 32;
}

bool platform_local_date(int *year, int *month, int *day)
{
    SYSTEMTIME local;
    GetLocalTime(&local);
    *year = local.wYear;
    *month = local.wMonth;
    *day = local.wDay;
    return true;
}

bool platform_is_directory(const char *path)
{
    DWORD attributes = GetFileAttributesA(path);
    return attributes != INVALID_FILE_ATTRIBUTES && (attributes & FILE_ATTRIBUTE_DIRECTORY);
}

/* --- the transposition table's memory ------------------------------------------------------ */

void *platform_table_alloc(size_t bytes)
{
    /* Committed (counted against RAM and the page file, so that 4 GB either fits or fails here,
     * not later), but each page is zeroed by the system only when first touched. */
    return VirtualAlloc(NULL, bytes, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
}

void platform_table_free(void *memory, size_t bytes)
{
    (void)bytes;
    if (memory) VirtualFree(memory, 0, MEM_RELEASE);
}

void *platform_table_zero(void *memory, size_t bytes)
{
    /* Windows has no call that gives pages back and guarantees zeros at the same address, and
     * decommitting then committing again could fail half way; a fresh block is safe. */
    void *fresh = platform_table_alloc(bytes);
    if (!fresh) {
        memset(memory, 0, bytes);
        return memory;
    }
    platform_table_free(memory, bytes);
    return fresh;
}

/* --- the process and its standard streams -------------------------------------------------- */

/* Windows has no SIGPIPE: a write to a pipe the GUI closed fails, and the failure is ignored. */
void platform_ignore_broken_pipe(void) {}

void platform_ignore_interrupts(void)
{
    /* Windows sends no SIGTERM; Ctrl-C and Ctrl-Break reach a program started in a console. */
    SetConsoleCtrlHandler(NULL, TRUE);
    signal(SIGINT, SIG_IGN);
    signal(SIGBREAK, SIG_IGN);
}

void platform_ignore_terminate(void) {}

bool platform_stdin_is_terminal(void)
{
    DWORD mode;
    return GetConsoleMode(GetStdHandle(STD_INPUT_HANDLE), &mode) != 0;
}

bool platform_stderr_redraws(void)
{
    HANDLE err = GetStdHandle(STD_ERROR_HANDLE);
    DWORD mode;
    if (!GetConsoleMode(err, &mode)) return false;
    if (mode & ENABLE_VIRTUAL_TERMINAL_PROCESSING) return true;
    return SetConsoleMode(err, mode | ENABLE_VIRTUAL_TERMINAL_PROCESSING) != 0;
}

/* [C] The most one ReadFile or WriteFile moves: older consoles refuse calls above about 64 KB. */
enum { TRANSFER_MAX = 32768 };

void platform_write_stdout(const char *bytes, size_t n)
{
    HANDLE out = GetStdHandle(STD_OUTPUT_HANDLE);
    while (n) {
        DWORD done = 0;
        if (!WriteFile(out, bytes, n > TRANSFER_MAX ? TRANSFER_MAX : (DWORD)n, &done, NULL) || done == 0) return;
        bytes += done;
        n -= done;
    }
}

/* Windows already boosts a thread woken by the end of a read or by an event it waited on. */
void platform_thread_responsive(void) {}

/* --- stdin ----------------------------------------------------------------------------------- */

/* A GUI's anonymous pipe cannot be waited on or read with a timeout, so the reader blocks in
 * ReadFile and platform_input_stop cancels that read (CancelSynchronousIo). */
struct PlatformInput {
    HANDLE handle; /* stdin */
    SRWLOCK lock;  /* guards the three below */
    HANDLE reader; /* the reading thread, for CancelSynchronousIo */
    bool reading;  /* the reader is in (or on its way into) ReadFile */
    bool stopped;  /* platform_input_stop was called */
};

/* [C] How long platform_input_stop tries to cancel a read that has not begun yet (the reader on
 * its way into ReadFile) before it leaves the reader blocked, and how long it waits for a
 * cancelled read to return. Windows cancels at the first or second try; Wine (8.0) never does,
 * so under Wine every quit pays the first wait. */
enum { CANCEL_TRY_US = 10000, CANCELLED_WAIT_US = 1000000 };

PlatformInput *platform_input_open(void)
{
    PlatformInput *input = calloc(1, sizeof *input);
    if (!input) return NULL;
    input->handle = GetStdHandle(STD_INPUT_HANDLE);
    InitializeSRWLock(&input->lock);
    return input;
}

/* Enter a read unless stopped (true: go on and read). */
static bool read_begin(PlatformInput *input)
{
    AcquireSRWLockExclusive(&input->lock);
    bool go = !input->stopped;
    if (go && !input->reader)
        DuplicateHandle(GetCurrentProcess(), GetCurrentThread(), GetCurrentProcess(), &input->reader, 0, FALSE,
                        DUPLICATE_SAME_ACCESS);
    input->reading = go;
    ReleaseSRWLockExclusive(&input->lock);
    return go;
}

/* Leave a read; true if stopped meanwhile. */
static bool read_end(PlatformInput *input)
{
    AcquireSRWLockExclusive(&input->lock);
    input->reading = false;
    bool stopped = input->stopped;
    ReleaseSRWLockExclusive(&input->lock);
    return stopped;
}

InputStatus platform_input_read(PlatformInput *input, char *buffer, size_t size, size_t *got)
{
    *got = 0;
    for (;;) {
        if (!read_begin(input)) return INPUT_STOPPED;
        DWORD n = 0;
        BOOL ok = ReadFile(input->handle, buffer, size > TRANSFER_MAX ? TRANSFER_MAX : (DWORD)size, &n, NULL);
        DWORD error = ok ? 0 : GetLastError();
        if (read_end(input)) return INPUT_STOPPED;
        if (ok && n > 0) {
            *got = n;
            return INPUT_DATA;
        }
        /* The end: a broken pipe, or zero bytes read (a file's end, a console's Ctrl-Z, and
         * a pipe's under Wine), as the C library's read() takes it. */
        if (!ok && error == ERROR_OPERATION_ABORTED) continue;
        return INPUT_END;
    }
}

static bool reader_in_read(PlatformInput *input)
{
    AcquireSRWLockExclusive(&input->lock);
    bool reading = input->reading;
    ReleaseSRWLockExclusive(&input->lock);
    return reading;
}

bool platform_input_stop(PlatformInput *input)
{
    AcquireSRWLockExclusive(&input->lock);
    input->stopped = true;
    HANDLE reader = input->reader;
    ReleaseSRWLockExclusive(&input->lock);
    /* From here on read_begin refuses: once the reader is out of ReadFile it stays out. */
    int64_t start = platform_monotonic_us();
    bool cancelled = false;
    while (reader_in_read(input)) {
        int64_t waited = platform_monotonic_us() - start;
        if (waited >= (cancelled ? CANCELLED_WAIT_US : CANCEL_TRY_US)) return false;
        /* Fails (ERROR_NOT_FOUND) while the reader has not entered ReadFile yet: try again. */
        if (!cancelled) cancelled = CancelSynchronousIo(reader) != 0;
        Sleep(1);
    }
    return true;
}

void platform_input_close(PlatformInput *input)
{
    if (!input) return;
    if (input->reader) CloseHandle(input->reader);
    free(input);
}
