#!/usr/bin/env bash
# run.sh SECONDS [TARGET ...] - run each libFuzzer target of build/fuzz for SECONDS seconds from
# its seeds (tests/fuzz/corpus/TARGET) and its dictionary; new inputs go to build/fuzz/corpus.
# Prints one line per target (executions, corpus size) and fails on any crash, leak, timeout
# or broken oracle, whose input is kept in build/fuzz/artifacts. `make fuzz` builds and runs it;
# FUZZ_JOBS=N runs N targets at a time.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fen moves epd uci cecp)
mkdir -p build/fuzz/artifacts
# FUZZ_JOBS targets run at a time (default 1), each on a core of its own.
jobs=${FUZZ_JOBS:-1}

# fuzz_one TARGET: run it; print its line; exit 1 on a finding.
fuzz_one() {
    local target=$1 work=build/fuzz/corpus/$1 log=build/fuzz/$1.log runs
    mkdir -p "$work"
    # Sessions are kept short (a few dozen lines); a whole 4 GB Hash may be set (it is lazily
    # mapped, so only a malloc limit above it is needed); one input taking 20 s is a hang.
    local extra=()
    case $target in
        uci|cecp) extra=(-max_len=2048 -rss_limit_mb=3072 -malloc_limit_mb=4500) ;;
    esac
    if ! "build/fuzz/fuzz-$target" -max_total_time="$seconds" -timeout=20 -print_final_stats=1 \
        -dict="tests/fuzz/$target.dict" -artifact_prefix="build/fuzz/artifacts/$target-" "${extra[@]}" \
        "$work" "tests/fuzz/corpus/$target" >"$log" 2>&1; then
        echo "fuzz $target: FAILED (see $log and build/fuzz/artifacts)"
        grep -m5 -E "ERROR|oracle failed|Sanitizer|timeout|out-of-memory" "$log" || tail -5 "$log"
        return 1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    echo "fuzz $target: ${runs:-0} executions in ${seconds} s, $(ls "$work" | wc -l) corpus inputs, no crash"
}

status=0
running=0
for target in "${targets[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n || status=1
        running=$((running - 1))
    fi
    fuzz_one "$target" &
    running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
    wait -n || status=1
    running=$((running - 1))
done
total=0
for target in "${targets[@]}"; do
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "build/fuzz/$target.log" 2>/dev/null | tail -1)
    total=$((total + ${runs:-0}))
done
echo "fuzz: $total executions in all"
exit $status
