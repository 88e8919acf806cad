# TECH - Gillogly's Technology Chess Program (1971) as a UCI/CECP engine.
# `make` builds ./tech; `make help` lists the targets.

CC      ?= cc
EXE     ?= tech
PREFIX  ?= /usr/local
DESTDIR ?=
PYTHON  ?= python3

# Warnings are errors in CI and in the developer targets (debug, asan, tsan, fuzz, werror), or
# with WERROR=1; a plain `make` only warns, so that a newer compiler's new warning does not
# break a user's or a packager's build.
WERROR     ?=
WARN_FLAGS := -Wall -Wextra -Wmissing-declarations -Wshadow $(if $(filter-out 0,$(WERROR)),-Werror)

# The system the build is for: posix (Linux and other Unix systems), windows (`make windows`) or
# web (WebAssembly, `make web`: its flags are in the web block further down).
# It picks the one platform file (platform/platform_$(PLATFORM).c, docs/ARCHITECTURE.md) and
# the flags that go with it. Windows: Windows 7 and later, C99 printf formats from MinGW's own
# stdio, one static binary (no DLL beside it), an 8 MB main stack as Linux's, winmm for the
# millisecond timer.
PLATFORM ?= posix
ifeq ($(PLATFORM),windows)
PLATFORM_FLAGS   := -D_WIN32_WINNT=0x0601 -D__USE_MINGW_ANSI_STDIO=1
PLATFORM_LDFLAGS := -static -Wl,--stack,8388608
PLATFORM_LDLIBS  := -lwinmm
EXEEXT           := .exe
else ifeq ($(PLATFORM),web)
PLATFORM_FLAGS   := -D_POSIX_C_SOURCE=200809L
PLATFORM_LDFLAGS  = $(WEB_LDFLAGS)
PLATFORM_LDLIBS  :=
EXEEXT           :=
else ifeq ($(PLATFORM),websingle)
# The web build for a page that is not cross-origin isolated: TECH's threads as fibers of one
# (platform/web_single_threads.h, put before every file), no shared memory.
PLATFORM_FLAGS   := -D_POSIX_C_SOURCE=200809L -DTECH_WEB_SINGLE_THREAD -include platform/web_single_threads.h
PLATFORM_LDFLAGS  = $(WEB_SINGLE_LDFLAGS)
PLATFORM_LDLIBS  :=
PLATFORM_THREADS :=
EXEEXT           :=
else
PLATFORM_FLAGS   := -D_POSIX_C_SOURCE=200809L
PLATFORM_LDFLAGS :=
PLATFORM_LDLIBS  :=
EXEEXT           :=
endif

PLATFORM_THREADS ?= -pthread
STD_FLAGS  := -std=c11 $(PLATFORM_FLAGS) $(WARN_FLAGS) $(PLATFORM_THREADS)
OPT_FLAGS  ?= -O3 -DNDEBUG
CFLAGS     ?=
LDFLAGS    ?=
LDLIBS     := $(PLATFORM_THREADS) -lm $(PLATFORM_LDLIBS)

ENGINE_SRC   := $(sort $(wildcard engine/*.c))
PROTOCOL_SRC := $(sort $(wildcard protocol/*.c protocol/*/*.c))
MAIN_SRC     := protocol/main.c
PLATFORM_SRC := $(if $(filter websingle,$(PLATFORM)),platform/platform_web.c platform/web_single_threads.c,platform/platform_$(PLATFORM).c)
LIB_SRC      := $(PLATFORM_SRC) $(ENGINE_SRC) $(filter-out $(MAIN_SRC),$(PROTOCOL_SRC))
UNIT_SRC     := $(sort $(wildcard tests/unit/*.c))

# The version baked into the binary (`tech --version`, `id name`, `myname`): a clone with a
# tag vX.Y says `git describe` (X.Y, or X.Y-N-gHASH after it); an untagged clone the VERSION
# file and the commit (1.0+g04267d2, `.dirty` with uncommitted changes); a tarball the VERSION
# file alone. `make TECH_VERSION=...` overrides all three.
VERSION_FILE := $(strip $(shell cat VERSION 2>/dev/null))
IN_GIT       := $(shell [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$(CURDIR)" ] && echo yes)
ifeq ($(IN_GIT),yes)
GIT_TAGGED   := $(patsubst v%,%,$(shell git describe --tags --match 'v[0-9]*' --dirty=.dirty 2>/dev/null))
GIT_COMMIT   := $(shell git rev-parse --short HEAD 2>/dev/null)$(shell git diff --quiet HEAD -- 2>/dev/null || echo .dirty)
endif
TECH_VERSION ?= $(or $(GIT_TAGGED),$(if $(GIT_COMMIT),$(or $(VERSION_FILE),0)+g$(GIT_COMMIT)),$(VERSION_FILE),unknown)

# One build directory per flavour so release, debug and sanitizer objects never mix.
BUILD ?= build/release

LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
MAIN_OBJ := $(MAIN_SRC:%.c=$(BUILD)/%.o)
UNIT_OBJ := $(UNIT_SRC:%.c=$(BUILD)/%.o)
DEPS     := $(LIB_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(UNIT_OBJ:.o=.d)

# The project's folders are searched for "quoted" includes only, so that a header of ours (io.h)
# never hides a system header of the same name (<io.h> on Windows). Each layer sees its own folder
# and the layers below it, never one above (docs/ARCHITECTURE.md, Layers), so that an upward
# include fails the build: platform/ is below everything; the engine sees the platform; the
# driver the engine; the front ends and the shell tools each the driver, and neither the other;
# protocol/main.c, the unit tests and the fuzz targets see all. `make check-layers` proves it.
INCLUDE_platform := -iquote platform
INCLUDE_engine   := $(INCLUDE_platform) -iquote engine
INCLUDE_driver   := $(INCLUDE_engine) -iquote protocol/driver
INCLUDE_frontend := $(INCLUDE_driver) -iquote protocol/frontend
INCLUDE_tools    := $(INCLUDE_driver) -iquote protocol/tools
INCLUDE_all      := $(INCLUDE_frontend) -iquote protocol/tools
INCLUDES          = $(INCLUDE_all)
$(BUILD)/platform/%.o:          INCLUDES = $(INCLUDE_platform)
$(BUILD)/engine/%.o:            INCLUDES = $(INCLUDE_engine)
$(BUILD)/protocol/driver/%.o:   INCLUDES = $(INCLUDE_driver)
$(BUILD)/protocol/frontend/%.o: INCLUDES = $(INCLUDE_frontend)
$(BUILD)/protocol/tools/%.o:    INCLUDES = $(INCLUDE_tools)
ALL_CFLAGS = $(STD_FLAGS) $(OPT_FLAGS) $(CFLAGS) $(INCLUDES) -MMD -MP

.PHONY: all test test-unit checked-builds check-layers check-circles format check-format test-long bench version werror debug asan tsan fuzz fuzz-build pgo windows test-windows web bench-web check-web test-web dist deb lint install uninstall clean help FORCE

all: $(EXE)

$(EXE): $(LIB_OBJ) $(MAIN_OBJ)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $(PLATFORM_LDFLAGS) -o $@ $^ $(LDLIBS)

UNIT_TESTS := $(BUILD)/unit-tests$(EXEEXT)

$(UNIT_TESTS): $(LIB_OBJ) $(UNIT_OBJ)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $(PLATFORM_LDFLAGS) -o $@ $^ $(LDLIBS)

# The case table: every line starting `TEST_CASE(name)` in tests/unit/*.c.
$(BUILD)/tests/unit/cases.inc: $(UNIT_SRC)
	@mkdir -p $(dir $@)
	grep -h '^TEST_CASE(' $(UNIT_SRC) | sed 's/).*/)/' > $@.tmp && mv $@.tmp $@

$(BUILD)/tests/unit/cases.o: $(BUILD)/tests/unit/cases.inc
$(BUILD)/tests/unit/cases.o: ALL_CFLAGS += -I$(BUILD)/tests/unit

# The version as a header, rewritten only when it changes, so that only version.o is rebuilt.
VERSION_HEADER := $(BUILD)/generated/tech_version.h
$(VERSION_HEADER): FORCE
	@mkdir -p $(dir $@)
	@echo '#define TECH_VERSION "$(TECH_VERSION)"' > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(BUILD)/protocol/driver/version.o: $(VERSION_HEADER)
$(BUILD)/protocol/driver/version.o: ALL_CFLAGS += -I$(BUILD)/generated
# The one-thread web build's main() is web_single_threads.c's, which ends the program with TECH's
# own main's status (emscripten does not exit on a main that returns after a turn of the browser's).
ifeq ($(PLATFORM),websingle)
$(BUILD)/protocol/main.o: ALL_CFLAGS += -Dmain=tech_program_main
endif

# The report's games as C string lines, built into the binary so that `tech treestats` finds them
# from any folder (protocol/tools/paper_games.c): backslashes, quotes and question marks (no
# trigraph can form) escaped, each line a "...\n" literal.
PAPER_GAMES_INC := $(BUILD)/generated/paper_games.inc
$(PAPER_GAMES_INC): tests/data/paper-games.pgn
	@mkdir -p $(dir $@)
	sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@.tmp && mv $@.tmp $@

$(BUILD)/protocol/tools/paper_games.o: $(PAPER_GAMES_INC)
$(BUILD)/protocol/tools/paper_games.o: ALL_CFLAGS += -I$(BUILD)/generated

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

-include $(DEPS)

## test: the layering and circle checks, unit tests (perft suite, FEN, SAN, search), the protocol sessions
## against ./$(EXE), then the tools' and the release files' suites (tests/run.py; several tests at
## a time: TEST_JOBS)
# The Python suites make test runs, and the protocol tests it leaves out (files of
# `module.test_name  reason` lines): the sanitizer and Windows builds run the protocol suite
# without the clock-bound tests, which the release build runs (tests/protocol/clock_bound.skip).
TEST_SUITES   ?= protocol tools release
PROTOCOL_SKIP ?=
TEST_JOBS     ?=
test: test-unit
	@for suite in $(TEST_SUITES); do \
	    skip=; [ $$suite = protocol ] && skip="$(PROTOCOL_SKIP:%=--skip %)"; \
	    echo "$(PYTHON) tests/run.py $$suite $(if $(TEST_JOBS),--jobs $(TEST_JOBS) )$$skip ./$(EXE)"; \
	    $(PYTHON) tests/run.py $$suite $(if $(TEST_JOBS),--jobs $(TEST_JOBS)) $$skip ./$(EXE) || exit 1; \
	done

## test-unit: the layering and circle checks and the unit tests alone (a minute's check of a build)
test-unit: $(EXE) $(UNIT_TESTS) check-layers check-circles
	$(UNIT_TESTS)

## test-long: the slower suites (the match runner and its referee; matches against TECH and Fairy-Max)
test-long: test
	$(PYTHON) tests/run.py long ./$(EXE)

## check-layers: an upward include fails the build: a probe file of each layer, compiled with that
## layer's include path, builds with a header of its own layer and fails with one of a layer above
check-layers:
	@CC='$(CC)' STD_FLAGS='$(STD_FLAGS)' INCLUDE_platform='$(INCLUDE_platform)' INCLUDE_engine='$(INCLUDE_engine)' \
	    INCLUDE_driver='$(INCLUDE_driver)' INCLUDE_frontend='$(INCLUDE_frontend)' INCLUDE_tools='$(INCLUDE_tools)' \
	    sh tests/check_layers.sh $(BUILD)/layer-probes

## check-circles: files call down only: no circle of files that include or call each other
## (scripts/file_circles.py, from the #include lines and the objects' symbols) in engine/ or in the
## protocol's driver and front ends, but the search's and CECP's (whose files share one job)
CIRCLE_ALLOWED := engine/root_lines engine/root_verdict engine/search engine/search_control engine/search_internal engine/shared_search \
                  engine/shown_score engine/threadpool engine/tree engine/variety \
                  protocol/frontend/cecp protocol/frontend/cecp_internal protocol/frontend/cecp_play
check-circles: $(LIB_OBJ)
	$(PYTHON) scripts/file_circles.py --build $(BUILD) $(addprefix --allow ,$(CIRCLE_ALLOWED)) engine protocol/driver protocol/frontend

## format: format every C file as .clang-format says (clang-format 14: CLANG_FORMAT; another
## version may format some lines differently); check-format: fail, naming the lines, where one
## is not so formatted (CI)
CLANG_FORMAT ?= clang-format-14
FORMAT_SRC   := $(sort $(wildcard platform/*.[ch] engine/*.[ch] protocol/*.[ch] protocol/*/*.[ch] \
                                  tests/unit/*.[ch] tests/fuzz/*.[ch]))
format:
	$(CLANG_FORMAT) -i $(FORMAT_SRC)

check-format:
	@$(CLANG_FORMAT) --dry-run --Werror $(FORMAT_SRC) && echo "format: every C file as .clang-format has it"

## version: the version this tree builds as (TECH_VERSION)
version:
	@echo '$(TECH_VERSION)'

## bench: the node-count signature of this build and its speed
bench: $(EXE)
	./$(EXE) bench

## werror: the release build with warnings as errors, as CI builds it (the same as WERROR=1)
werror:
	$(MAKE) WERROR=1 all

# The debug and tsan builds carry test hooks that widen race windows for the protocol tests
# (TECH_TEST_CLEAR_DELAY_MS, protocol/driver/searcher.c); the release and asan builds do not.
TEST_HOOKS := -DTECH_TEST_HOOKS

## debug: -O0 -g with invariant checks after every make/unmake, tests run on it
debug:
	$(MAKE) BUILD=build/debug EXE=tech-debug WERROR=1 OPT_FLAGS="-O0 -g -DTECH_DEBUG $(TEST_HOOKS)" test

# The sanitizer builds run the unit tests and the protocol suite but for its clock-bound tests
# (SANITIZER_SKIP; `make asan SANITIZER_SKIP=` runs them all): threads, memory, the races and a
# session of every protocol, without the minutes of waiting on clocks the release build has done.
SANITIZER_SKIP ?= tests/protocol/clock_bound.skip
SANITIZER_TEST  = TEST_SUITES=protocol PROTOCOL_SKIP="$(SANITIZER_SKIP)" test

ASAN_MAKE = $(MAKE) BUILD=build/asan EXE=tech-asan WERROR=1 OPT_FLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" LDFLAGS="-fsanitize=address,undefined"
TSAN_MAKE = $(MAKE) CC=$(TSAN_CC) BUILD=build/tsan EXE=tech-tsan WERROR=1 OPT_FLAGS="-O1 -g -fsanitize=thread $(TEST_HOOKS)" LDFLAGS="-fsanitize=thread"

## asan: address + undefined-behaviour sanitizers, tests run on it
asan:
	$(ASAN_MAKE) $(SANITIZER_TEST)

## tsan: thread sanitizer (clang), tests run on it
# clang's: gcc 12's ThreadSanitizer at -O1 does not see a race through an inlined memset (issue
# 35). Suppressions, if ever needed, go in tests/tsan.supp with the reason for each.
TSAN_CC ?= clang
tsan:
	$(TSAN_MAKE) $(SANITIZER_TEST)

## checked-builds: build (without testing) every other flavour CI tests: the sanitizer builds, the
## fuzz targets, tech.exe with its unit tests and the WebAssembly build (emscripten); `make -j2 checked-builds` shares the cores
## among them, so that the test steps after it only test
checked-builds:
	$(ASAN_MAKE) tech-asan build/asan/unit-tests
	$(TSAN_MAKE) tech-tsan build/tsan/unit-tests
	$(FUZZ_MAKE) fuzz-build
	$(WINDOWS_MAKE) tech.exe build/windows/unit-tests.exe
	$(WEB_MAKE) $(WEB_DIR)/tech.js

## fuzz: libFuzzer targets (clang) for the FEN, move and EPD readers and whole UCI and CECP
## sessions, each run for SECONDS seconds from the seeds in tests/fuzz/corpus (tests/fuzz/run.sh)
FUZZ_CC      ?= clang
FUZZ_TARGETS := fen moves epd uci cecp
FUZZ_SUPPORT := tests/fuzz/fuzz_support.c tests/fuzz/fuzz_grammar.c tests/fuzz/fuzz_session.c
# A fuzzed session's searches end within this many nodes (protocol/frontend/session.c).
FUZZ_NODE_CAP ?= 2000
FUZZ_FLAGS   := -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -DTECH_FUZZ_NODE_CAP=$(FUZZ_NODE_CAP)
SECONDS      ?= 60

$(BUILD)/fuzz-%: $(LIB_OBJ) $(FUZZ_SUPPORT:%.c=$(BUILD)/%.o) $(BUILD)/tests/fuzz/fuzz_%.o
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer,address,undefined $(LDFLAGS) -o $@ $^ $(LDLIBS)

fuzz-build: $(FUZZ_TARGETS:%=$(BUILD)/fuzz-%)

FUZZ_MAKE     = $(MAKE) BUILD=build/fuzz CC=$(FUZZ_CC) WERROR=1 OPT_FLAGS="$(FUZZ_FLAGS)"
fuzz:
	$(FUZZ_MAKE) fuzz-build
	tests/fuzz/run.sh $(SECONDS) $(FUZZ_TARGETS)

## pgo: ./$(EXE) with profile-guided optimisation (gcc): an instrumented build runs `tech bench`
## in both profiles and a perft, then every file is compiled again with the counts it gathered.
## Its objects and counts live in build/pgo; a plain `make` neither needs nor uses them (but
## leaves a newer ./$(EXE) alone: `rm $(EXE)` first to go back).
PGO_BUILD := build/pgo
PGO_TRAINER := $(PGO_BUILD)/tech-instrumented
# Code the training does not run (the protocols, the tools) stays optimised for speed, not size.
PGO_USE_FLAGS := -fprofile-use -fprofile-partial-training
pgo:
	@$(CC) --version | head -1 | grep -qv clang || { echo "make pgo: gcc's -fprofile-use is needed (CC=gcc)"; exit 2; }
	rm -rf $(PGO_BUILD)
	$(MAKE) BUILD=$(PGO_BUILD) EXE=$(PGO_TRAINER) OPT_FLAGS="$(OPT_FLAGS) -fprofile-generate" \
	    LDFLAGS="$(LDFLAGS) -fprofile-generate" $(PGO_TRAINER)
	./$(PGO_TRAINER) bench > $(PGO_BUILD)/bench.txt
	./$(PGO_TRAINER) bench --style modern >> $(PGO_BUILD)/bench.txt
	./$(PGO_TRAINER) perft 5 >> $(PGO_BUILD)/bench.txt
	./$(PGO_TRAINER) perft 4 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" >> $(PGO_BUILD)/bench.txt
	find $(PGO_BUILD) -name '*.o' -delete
	$(MAKE) BUILD=$(PGO_BUILD) OPT_FLAGS="$(OPT_FLAGS) $(PGO_USE_FLAGS)" all
	./$(EXE) bench | tail -1

## windows: tech.exe for 64-bit Windows, one static binary, built with the MinGW-w64 cross
## compiler in build/windows (Debian: gcc-mingw-w64-x86-64-posix)
WINDOWS_CC ?= x86_64-w64-mingw32-gcc-posix
WINDOWS_MAKE = $(MAKE) BUILD=build/windows PLATFORM=windows CC=$(WINDOWS_CC) EXE=tech.exe
windows:
	$(WINDOWS_MAKE) all

## test-windows: tech.exe under Wine (Debian: wine64): the unit tests, the protocol suite but for
## the few tests tests/protocol/wine.skip names and the clock-bound ones, then WINDOWS_GAMES games with pondering against
## the Linux build through the match runner, both protocols (tests/long/windows_matches.py)
WINE          ?= /usr/lib/wine/wine64
WINDOWS_GAMES ?= 8
WINDOWS_TC    ?= 2+0.02
# Wine's own starts, exits and server round trips cost more than Windows' do: the suite's latency
# limits are scaled by this for it (TECH_TEST_SLOW, tests/protocol/harness.py).
WINE_SLOW     ?= 2
# A Wine prefix of the tests' own (made on first use), so that they never touch ~/.wine.
WINE_PREFIX   ?= $(CURDIR)/build/wine
# Each step runs while one tech.exe keeps Wine's server up (tests/wine_session.py).
WINE_SESSION   = WINEPREFIX=$(WINE_PREFIX) WINEDEBUG=-all $(PYTHON) tests/wine_session.py $(WINE) tech.exe --
test-windows: $(EXE) windows
	$(WINDOWS_MAKE) build/windows/unit-tests.exe
	$(WINE_SESSION) $(WINE) build/windows/unit-tests.exe
	$(WINE_SESSION) env TECH_TEST_SLOW=$(WINE_SLOW) $(PYTHON) tests/run.py protocol --wrapper $(WINE) \
	    --skip tests/protocol/wine.skip --skip tests/protocol/clock_bound.skip tech.exe
	$(WINE_SESSION) $(PYTHON) tests/run.py tests/long/windows_matches.py --games $(WINDOWS_GAMES) --tc $(WINDOWS_TC) \
	    ./$(EXE) '$(WINE) tech.exe'

## dist: the release archives in build/dist, each with its SHA-256 sum file (NAME.sha256) beside it:
## the Windows zip tech-VERSION-windows-x86_64.zip (tech.exe, the licence, the documents of
## packaging/docs.list at their paths and the manual page as text: every link of its README resolves
## inside it) and the source archive tech-VERSION.tar.gz (its VERSION file says VERSION), written
## by packaging/release.py; the tools are checked before anything is built
dist:
	@$(PYTHON) packaging/release.py need $(WINDOWS_CC)=gcc-mingw-w64-x86-64-posix groff=groff-base
	$(MAKE) windows
	$(PYTHON) packaging/release.py windows --version '$(TECH_VERSION)' --exe tech.exe
	$(PYTHON) packaging/release.py source --version '$(TECH_VERSION)'

## deb: the Debian package build/deb/tech_VERSION_ARCH.deb (Debian's debhelper and dpkg-buildpackage,
## the recipe in packaging/debian), built from the source archive in a staging folder under build/,
## then checked by lintian (no error allowed): /usr/games/tech, its manual page, XBoard's engine-list
## entry and logo, the opening set and the documents
deb:
	$(PYTHON) packaging/release.py deb --version '$(TECH_VERSION)'

# --- TECH in the browser (docs/WEB.md) ------------------------------------------------------------
## web: TECH compiled to WebAssembly (Debian's emscripten, platform/platform_web.c) and the page a
## person plays on, one static folder build/web to serve as it is; the page's libraries are copied
## from web/node_modules (`npm ci` in web/, from its package-lock.json)
WEB_CC   ?= emcc
WEB_DIR  := build/web
WEB_NODE ?= node
# Debian's emscripten runs its JavaScript tools with node; they find their modules there.
WEB_ENV  := NODE_PATH=/usr/share/nodejs
# The engine: main() on a thread of its own (the worker's own thread stays free to pass the
# messages), memory that grows with the Hash option up to 2 GB, the exit code given back under
# node, and the launcher web/engine-io.js put first: messages or stdin in, lines out (under node
# also the machine's files, through emscripten's NODEFS).
WEB_LDFLAGS = -sPROXY_TO_PTHREAD -sALLOW_MEMORY_GROWTH -sMAXIMUM_MEMORY=2GB -Wno-pthreads-mem-growth \
              -sEXIT_RUNTIME -sENVIRONMENT=web,worker,node -lnodefs.js \
              -sEXPORTED_FUNCTIONS=_main,_malloc,_free,_platform_web_input --pre-js web/engine-io.js
WEB_MAKE  = $(WEB_ENV) $(MAKE) BUILD=build/web-objects PLATFORM=web CC=$(WEB_CC)
# tech-single.js: the same engine for a page without cross-origin isolation, its threads fibers of
# one, switched by Asyncify (the call stack kept between turns: the search's needs some room).
WEB_SINGLE_LDFLAGS = -sASYNCIFY -sASYNCIFY_STACK_SIZE=1048576 -sALLOW_MEMORY_GROWTH -sMAXIMUM_MEMORY=2GB \
              -sEXIT_RUNTIME -sENVIRONMENT=web,worker,node -lnodefs.js \
              -sEXPORTED_FUNCTIONS=_main,_malloc,_free,_platform_web_input --pre-js web/engine-io.js
WEB_SINGLE_MAKE = $(WEB_ENV) $(MAKE) BUILD=build/websingle-objects PLATFORM=websingle CC=$(WEB_CC)
# The page's own files; what it takes from npm (web/node_modules): the board (chessground: its
# script and its styles, pieces included), the rules (chessops, and the one module it imports)
# and the service worker that isolates the page where the server does not; each with its licence.
WEB_PAGE := $(wildcard web/page/*)
WEB_NPM  := web/node_modules
# Built in the sub-make, which compiles the engine with emcc (not reached from the other targets).
$(WEB_DIR)/tech.js $(WEB_DIR)/tech-single.js: $(LIB_OBJ) $(MAIN_OBJ) web/engine-io.js
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) $(PLATFORM_LDFLAGS) -o $@ $(LIB_OBJ) $(MAIN_OBJ) $(LDLIBS)

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund

web: web/node_modules/.package-lock.json
	$(WEB_MAKE) $(WEB_DIR)/tech.js
	$(WEB_SINGLE_MAKE) $(WEB_DIR)/tech-single.js
	rm -rf $(WEB_DIR)/vendor
	mkdir -p $(WEB_DIR)/vendor/chessground/dist $(WEB_DIR)/vendor/chessground/assets $(WEB_DIR)/vendor/chessops $(WEB_DIR)/vendor/result
	cp $(WEB_NPM)/@lichess-org/chessground/dist/chessground.min.js $(WEB_DIR)/vendor/chessground/dist/
	cp $(WEB_NPM)/@lichess-org/chessground/assets/*.css $(WEB_DIR)/vendor/chessground/assets/
	cp $(WEB_NPM)/@lichess-org/chessground/LICENSE $(WEB_DIR)/vendor/chessground/
	cp $(WEB_NPM)/chessops/dist/esm/*.js $(WEB_NPM)/chessops/LICENSE.txt $(WEB_DIR)/vendor/chessops/
	cp $(WEB_NPM)/@badrap/result/dist/mjs/index.mjs $(WEB_NPM)/@badrap/result/LICENSE $(WEB_DIR)/vendor/result/
	cp $(WEB_NPM)/coi-serviceworker/coi-serviceworker.min.js $(WEB_PAGE) $(WEB_DIR)/
	$(PYTHON) web/strength_table.py docs/STRENGTH.md > $(WEB_DIR)/strength.json
	@echo "web: $(WEB_DIR), $$(du -sh --apparent-size $(WEB_DIR) | cut -f1); to play: python3 -m http.server -d $(WEB_DIR), then open http://localhost:8000"

## bench-web: the bench of the WebAssembly build under node, printed as `tech bench` prints it
bench-web: web
	$(WEB_NODE) $(WEB_DIR)/tech.js bench
	$(WEB_NODE) $(WEB_DIR)/tech.js bench --style modern

WEB_SLOW ?= 2
## check-web: CI's check of the web build (a few minutes): the folder, the bench signatures under
## node (the shell tools' tests that pin them; the one-thread build's too, with stop and quit in a
## search), a game played by clicking on the page in Chromium, isolated and not (one thread),
## a promotion chosen on it in a game from a FEN (?fen=), pondering (go ponder, ponderhit, stop)
check-web: web
	TECH_TEST_SLOW=$(WEB_SLOW) $(PYTHON) tests/run.py protocol --wrapper $(WEB_NODE) $(WEB_DIR)/tech.js \
	    test_cli.test_bench_signature_is_pinned test_cli.test_modern_bench_signature_is_pinned
	TECH_TEST_SLOW=$(WEB_SLOW) $(PYTHON) tests/run.py protocol --wrapper $(WEB_NODE) $(WEB_DIR)/tech-single.js \
	    test_cli.test_bench_signature_is_pinned test_uci.test_isready_and_stop_during_infinite test_uci.test_quit_mid_search
	$(WEB_NODE) tests/web/play_in_chromium.mjs $(WEB_DIR)
	$(WEB_NODE) tests/web/play_in_chromium.mjs $(WEB_DIR) --not-isolated
	$(WEB_NODE) tests/web/promote_in_chromium.mjs $(WEB_DIR)
	$(WEB_NODE) tests/web/ponder_in_chromium.mjs $(WEB_DIR)

## test-web: the protocol suite against the WebAssembly build under node (but the tests
## tests/protocol/web.skip names, and the clock-bound ones), and against the one-thread build
## (less tests/protocol/web_single.skip's), then a game played by clicking on
## the page in headless Chromium (tests/web/play_in_chromium.mjs; Debian: chromium), a promotion
## chosen in a game from a FEN (tests/web/promote_in_chromium.mjs) and pondering
## (tests/web/ponder_in_chromium.mjs)
test-web: web
	TECH_TEST_SLOW=$(WEB_SLOW) $(PYTHON) tests/run.py protocol --wrapper $(WEB_NODE) \
	    --skip tests/protocol/web.skip --skip tests/protocol/clock_bound.skip $(WEB_DIR)/tech.js
	TECH_TEST_SLOW=$(WEB_SLOW) $(PYTHON) tests/run.py protocol --wrapper $(WEB_NODE) --skip tests/protocol/web.skip \
	    --skip tests/protocol/web_single.skip --skip tests/protocol/clock_bound.skip $(WEB_DIR)/tech-single.js
	$(WEB_NODE) tests/web/play_in_chromium.mjs $(WEB_DIR)
	$(WEB_NODE) tests/web/play_in_chromium.mjs $(WEB_DIR) --not-isolated
	$(WEB_NODE) tests/web/promote_in_chromium.mjs $(WEB_DIR)
	$(WEB_NODE) tests/web/ponder_in_chromium.mjs $(WEB_DIR)

## lint: pyflakes (Debian's pyflakes3) over every Python file: no finding allowed (CI)
LINT_DIRS := scripts tests book-free-openings packaging web
lint:
	@command -v pyflakes3 >/dev/null || { echo "make lint needs pyflakes3: sudo apt-get install pyflakes3" >&2; exit 1; }
	pyflakes3 $(LINT_DIRS) && echo "lint: pyflakes finds nothing in $(LINT_DIRS)"

## install: copy the binary to $(DESTDIR)$(PREFIX)/bin and the manual page docs/tech.6 to .../share/man/man6
install: $(EXE)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man6
	install -m 755 $(EXE) $(DESTDIR)$(PREFIX)/bin/$(EXE)
	install -m 644 docs/tech.6 $(DESTDIR)$(PREFIX)/share/man/man6/tech.6

## uninstall: remove what install copied
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/$(EXE) $(DESTDIR)$(PREFIX)/share/man/man6/tech.6

clean:
	rm -rf build tech tech.exe tech-debug tech-asan tech-tsan

help:
	@echo "TECH build targets:"
	@echo "  make            build ./$(EXE) (release, -O3; warnings are not errors)"
	@echo "  make werror     the same with -Werror, as CI builds it (or WERROR=1 with any target)"
	@echo "  make test       run the test suite (layering check, unit tests, protocol sessions, tools, release files)"
	@echo "  make test-unit  the layering check and the unit tests alone"
	@echo "  make check-layers  prove that an upward include fails the build"
	@echo "  make check-circles fail on a circle of engine files (but the search's) that include or call each other"
	@echo "  make format     format every C file as .clang-format says (clang-format 14)"
	@echo "  make check-format  fail where a C file is not so formatted (CI)"
	@echo "  make test-long  slower suites (matches: TECH v TECH, TECH v Fairy-Max)"
	@echo "  make bench      print the bench node signature and speed"
	@echo "  make version    print the version this tree builds as"
	@echo "  make debug      debug build (tech-debug) with invariant checks, run tests"
	@echo "  make asan       address/UB sanitizer build (tech-asan): unit tests, protocol suite but the clock-bound tests"
	@echo "  make tsan       thread sanitizer build (tech-tsan, clang: TSAN_CC), tested as asan"
	@echo "  make fuzz       libFuzzer targets (clang), each for SECONDS=N seconds (default 60)"
	@echo "  make pgo        ./$(EXE) built with profile-guided optimisation (gcc; trained on bench and perft)"
	@echo "  make windows    tech.exe for 64-bit Windows (MinGW-w64 cross compiler, static; build/windows)"
	@echo "  make test-windows  tech.exe under Wine: unit tests, protocol suite, games against ./$(EXE)"
	@echo "  make web        TECH in WebAssembly and the page to play it on, one folder: build/web (emscripten, npm)"
	@echo "  make bench-web  the bench under node (the native signatures)"
	@echo "  make test-web   the protocol suite under node, then a game on the page in headless Chromium"
	@echo "  make dist       the Windows zip and the source archive in build/dist, with SHA-256 sums"
	@echo "  make deb        the Debian package build/deb/tech_VERSION_ARCH.deb, checked by lintian"
	@echo "  make lint       pyflakes over the Python (pyflakes3; CI)"
	@echo "  make install    install the binary and the manual page under \$$(DESTDIR)\$$(PREFIX) (PREFIX=$(PREFIX))"
	@echo "  make uninstall  remove them again"
	@echo "  make clean      remove build products"
	@echo "Variables: CC, CFLAGS, LDFLAGS, EXE (binary name), PREFIX, DESTDIR, WERROR=1, TECH_VERSION (version: $(TECH_VERSION)),"
	@echo "           WINDOWS_CC, WINE, WINDOWS_GAMES, WINDOWS_TC, CLANG_FORMAT"
