#!/bin/sh
# xboard_check.sh [SHOT.png]: with TECH's Debian package installed (make deb, then dpkg -i), XBoard
# lists TECH with no other step. On a virtual display (Xvfb) XBoard starts as a user's would, with
# settings saved just before the package was installed, the one step its automatic install reads
# (.eng files newer than the settings); Engine > Load New 1st Engine must show TECH in the engine
# list (a screenshot of the dialog goes to SHOT.png, default build/xboard-engine-list.png), and
# TECH chosen there must start: XBoard's title then names it. Exits 0 when it does, 1 when not,
# 2 when a tool is missing (naming the Debian packages to install).
#
# The clicks are at the places of XBoard 4.9's menus at -size medium on a 1024x768 screen (Debian
# 12); each step waits for the window it opens, by its title, so a click that misses fails the
# check instead of passing it.
set -eu

if [ "${1:-}" = "--inside" ]; then
    work=$2 shot=$3
    PATH=/usr/games:$PATH   # where Debian puts XBoard and the engines, on every user's PATH
    export PATH
    cd "$work"
    xboard -settingsFile "$work/xboardrc" -saveSettingsOnExit false -size medium >"$work/xboard.log" 2>&1 &
    xb=$!
    trap 'kill $xb 2>/dev/null || true' EXIT
    wait_for() { timeout 20 xdotool search --sync --onlyvisible --name "$1" | head -n 1; }
    main=$(wait_for '^xboard')
    [ -n "$main" ] || { echo "xboard_check: XBoard's window did not open" >&2; exit 1; }
    sleep 1
    xdotool mousemove --window "$main" 273 14 click 1        # Engine
    sleep 1
    xdotool mousemove --window "$main" 346 68 click 1        # Load New 1st Engine...
    dialog=$(wait_for '^Load first engine$')
    [ -n "$dialog" ] || { echo "xboard_check: the Load first engine dialog did not open" >&2; exit 1; }
    sleep 1
    import -window root "$shot"
    xdotool mousemove --window "$dialog" 60 60 click 1       # the engine list
    sleep 0.5
    xdotool type --delay 100 tech                            # its search picks the entry named tech
    sleep 0.5
    xdotool key Return
    sleep 0.5
    xdotool mousemove --window "$dialog" 515 342 click 1     # OK
    title=$(timeout 20 sh -c 'until xdotool getwindowname "$1" | grep -q "TECH"; do sleep 0.5; done; \
        xdotool getwindowname "$1"' sh "$main") || title=$(xdotool getwindowname "$main")
    case $title in
    *TECH*) echo "xboard_check: XBoard lists TECH and runs it: \"$title\" (screenshot: $shot)" ;;
    *) echo "xboard_check: TECH not loaded from XBoard's engine list; title \"$title\" (screenshot: $shot)" >&2
       exit 1 ;;
    esac
    exit 0
fi

shot=${1:-build/xboard-engine-list.png}
missing=
command -v xvfb-run >/dev/null || missing="$missing xvfb"
command -v xboard >/dev/null || [ -x /usr/games/xboard ] || missing="$missing xboard"
command -v xdotool >/dev/null || missing="$missing xdotool"
command -v import >/dev/null || missing="$missing imagemagick"
if [ -n "$missing" ]; then
    echo "xboard_check: missing tools; on Debian or Ubuntu: sudo apt-get install$missing" >&2
    exit 2
fi
eng=/usr/share/games/plugins/xboard/tech.eng
if ! dpkg-query -W -f '${Status}' tech 2>/dev/null | grep -q 'ok installed' || [ ! -f "$eng" ]; then
    echo "xboard_check: TECH's package is not installed (make deb; sudo dpkg -i build/deb/tech_*.deb)" >&2
    exit 1
fi
mkdir -p "$(dirname "$shot")"
shot=$(cd "$(dirname "$shot")" && pwd)/$(basename "$shot")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A user's settings, saved a second before the package was installed (its postinst dates tech.eng).
touch -d "@$(($(stat -c %Y "$eng") - 1))" "$work/xboardrc"
xvfb-run -a -s "-screen 0 1024x768x24" sh "$0" --inside "$work" "$shot"
