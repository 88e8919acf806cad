#!/bin/sh
# check_layers.sh - prove the layering that the Makefile's include paths enforce (docs/ARCHITECTURE.md,
# Layers): a probe file compiled with a layer's flags must build when it includes a header of its own
# layer or a lower one, and must fail, for want of the header, when it includes one of a layer above.
#
# usage (from the Makefile, `make check-layers`): CC=... STD_FLAGS=... INCLUDE_platform=...
#        INCLUDE_engine=... INCLUDE_driver=... INCLUDE_frontend=... INCLUDE_tools=...
#        sh tests/check_layers.sh PROBE-DIR
set -eu
out=${1:?usage: check_layers.sh PROBE-DIR}
mkdir -p "$out"
failures=0

# probe LAYER HEADER builds|fails
probe() {
    layer=$1 header=$2 expected=$3
    eval "flags=\$INCLUDE_$layer"
    file="$out/$layer-includes-${header%.h}.c"
    printf '#include "%s"\nint layer_probe(void);\nint layer_probe(void) { return 0; }\n' "$header" > "$file"
    # shellcheck disable=SC2086  # the flags are words
    if $CC $STD_FLAGS $flags -fsyntax-only "$file" 2> "$file.log"; then
        got=builds
    elif grep -qiE 'no such file|not found' "$file.log"; then
        got=fails
    else
        got="fails for another reason ($(head -n 1 "$file.log"))"
    fi
    if [ "$got" = "$expected" ]; then
        echo "ok   $layer + $header $got"
    else
        echo "FAIL $layer + $header: expected it $expected, it $got"
        failures=$((failures + 1))
    fi
}

# Each layer: one header of its own (and the layers below) builds; one of each layer above fails.
# (Not search.h: a quoted include falls back to the system folders, which have a search.h.)
probe platform platform.h builds
probe platform board.h fails
probe engine search.h builds
probe engine platform.h builds
probe engine searcher.h fails
probe engine session.h fails
probe engine cli.h fails
probe driver searcher.h builds
probe driver board.h builds
probe driver session.h fails
probe driver cli.h fails
probe frontend session.h builds
probe frontend searcher.h builds
probe frontend cli.h fails
probe tools cli.h builds
probe tools bench_report.h builds
probe tools session.h fails

if [ "$failures" -gt 0 ]; then
    echo "layers: $failures probe(s) wrong: an include path lets a layer see one above it (Makefile, INCLUDE_*)"
    exit 1
fi
echo "layers: every upward include fails the build"
