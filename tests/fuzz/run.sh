#!/usr/bin/env bash
# run.sh SECONDS [TARGET ...] - run each libFuzzer target of build/fuzz for SECONDS seconds from
# its seeds (tests/fuzz/corpus/TARGET) and its dictionary; new inputs go to build/fuzz/corpus.
# Prints one line per target (executions, corpus size) and fails on any crash, leak, timeout
# or broken oracle, whose input is kept in build/fuzz/artifacts. `make fuzz` builds and runs it.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fen moves epd uci cecp)
mkdir -p build/fuzz/artifacts
status=0
total=0
for target in "${targets[@]}"; do
    work=build/fuzz/corpus/$target
    mkdir -p "$work"
    # Sessions are kept short (a few dozen lines); a whole 4 GB Hash may be set (it is lazily
    # mapped, so only a malloc limit above it is needed); one input taking 20 s is a hang.
    extra=()
    case $target in
        uci|cecp) extra=(-max_len=2048 -rss_limit_mb=3072 -malloc_limit_mb=4500) ;;
    esac
    log=build/fuzz/$target.log
    if ! "build/fuzz/fuzz-$target" -max_total_time="$seconds" -timeout=20 -print_final_stats=1 \
        -dict="tests/fuzz/$target.dict" -artifact_prefix="build/fuzz/artifacts/$target-" "${extra[@]}" \
        "$work" "tests/fuzz/corpus/$target" >"$log" 2>&1; then
        status=1
        echo "fuzz $target: FAILED (see $log and build/fuzz/artifacts)"
        grep -m5 -E "ERROR|oracle failed|Sanitizer|timeout|out-of-memory" "$log" || tail -5 "$log"
        continue
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    echo "fuzz $target: ${runs:-0} executions in ${seconds} s, $(ls "$work" | wc -l) corpus inputs, no crash"
    total=$((total + ${runs:-0}))
done
echo "fuzz: $total executions in all"
exit $status
