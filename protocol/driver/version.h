/* version.h - the program's name and the version it was built as: `tech --version`, UCI
 * `id name`, CECP `myname`, the console's banner and `tech bench`'s header. */
#ifndef TECH_VERSION_H
#define TECH_VERSION_H

#define ENGINE_NAME "TECH"
#define ENGINE_AUTHOR "James Gillogly (1971), revived by the TECH project"

/* The version baked in by the Makefile: `git describe` of a tagged clone, the VERSION file and
 * the commit in an untagged one, the VERSION file alone in a tarball. */
const char *tech_version(void);

#endif
