/* responsive.h - ask the scheduler to run the calling thread promptly when it wakes: the
 * threads that answer the GUI (the stdin reader, the adapter loop) while every core searches. */
#ifndef TECH_RESPONSIVE_H
#define TECH_RESPONSIVE_H

/* Give the calling thread a short scheduling slice (Linux 6.12+, EEVDF: a thread with a shorter
 * slice gets an earlier deadline, so on waking it preempts a search thread at once instead of
 * waiting up to a whole slice of it). Its priority (nice) is kept. Elsewhere, or where the
 * kernel refuses, it does nothing: the engine works the same, only answers a little later. */
void responsive_thread(void);

#endif
