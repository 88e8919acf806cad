#!/bin/sh
# book_window.sh TECH OUT: XBoard on a virtual display plays TECH (CECP, ExplainMoves on) as Black
# from a position of the Italian Game; after TECH's move a person's click on Engine > Book asks
# for `bk`, and XBoard's Information window shows TECH's answer with why it played its move.
# Leaves OUT/debug.log (XBoard's), OUT/windows.txt (the visible windows' names) and OUT/book.png
# (the screen). The clicks are at XBoard 4.9's menus at -size medium (as packaging/xboard_check.sh).
set -eu
if [ "${1:-}" = "--inside" ]; then
    tech=$2 out=$3
    cd "$out"
    echo "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R b KQkq - 0 5" > start.fen
    /usr/games/xboard -settingsFile "$out/xboardrc" -saveSettingsOnExit false -size medium -engineOutputUp false \
        -moveHistoryUp false -evalGraphUp false -x 0 -y 0 -fcp "$tech" -fd "$(dirname "$tech")" \
        -firstOptions "ExplainMoves=1" -lpf "$out/start.fen" -initialMode MachineBlack -tc 5 -inc 0 \
        -popupExitMessage false -debugMode true -nameOfDebugFile "$out/debug.log" >"$out/xboard.log" 2>&1 &
    xb=$!
    trap 'kill $xb 2>/dev/null || true' EXIT
    main=$(timeout 20 xdotool search --sync --onlyvisible --name 'TECH' | head -n 1)
    [ -n "$main" ] || { echo "book_window: XBoard's window did not open" >&2; exit 1; }
    # TECH's move first (its line in the debug log), then the click; tried up to 5 times on a busy machine.
    timeout 20 sh -c "until grep -q '<first : move ' '$out/debug.log' 2>/dev/null; do sleep 0.2; done"
    for pause in 1 2 3 4 5; do
        xdotool windowraise "$main"
        xdotool mousemove --window "$main" 273 14 click 1    # Engine
        sleep "$pause"
        xdotool mousemove --window "$main" 285 209 click 1   # Book
        if timeout 5 xdotool search --sync --onlyvisible --name '^Information$' >/dev/null 2>&1; then break; fi
        xdotool key Escape
    done
    sleep 1
    xdotool search --onlyvisible --name '.' getwindowname %@ > "$out/windows.txt" 2>&1 || true
    import -window root "$out/book.png"
    exit 0
fi
tech=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir -p "$2"
out=$(cd "$2" && pwd)
exec xvfb-run -a -s "-screen 0 1024x768x24" sh "$0" --inside "$tech" "$out"
