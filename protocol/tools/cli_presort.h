/* cli_presort.h - `tech presort [startpos | FEN] [moves m1 m2 ...]`: TECH's positional order. */
#ifndef TECH_CLI_PRESORT_H
#define TECH_CLI_PRESORT_H

/* Print the phase and every legal root move in pre-sort order with its score and terms.
 * Returns the exit status (2 for a bad FEN or move). */
int cli_presort(int argc, char **argv);

#endif
