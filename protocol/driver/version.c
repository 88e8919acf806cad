/* version.c - the version string the Makefile generated (tech_version.h in the build folder). */
#include "version.h"

#include "tech_version.h"

const char *tech_version(void) { return TECH_VERSION; }
