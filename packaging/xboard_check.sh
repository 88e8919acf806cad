#!/bin/sh
# xboard_check.sh [SHOT.png]: with TECH's Debian package installed (make deb, then dpkg -i), XBoard
# lists TECH with no other step. On a virtual display (Xvfb) XBoard starts as a user's would, with
# settings saved just before the package was installed, the one step its automatic install reads
# (.eng files newer than the settings), and none of the account's own (they might list TECH
# already; a mount namespace hides them); Engine > Load New 1st Engine must show TECH in the engine
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
    # The user's own settings (~/.xboardrc, which /etc/xboard/xboard.conf loads) may open XBoard's
    # side windows over the menu bar: they stay closed, the size is fixed, nothing is saved.
    xboard -settingsFile "$work/xboardrc" -saveSettingsOnExit false -size medium -engineOutputUp false \
        -moveHistoryUp false -evalGraphUp false -x 0 -y 0 >"$work/xboard.log" 2>&1 &
    xb=$!
    trap 'kill $xb 2>/dev/null || true' EXIT
    wait_for() { timeout "$2" xdotool search --sync --onlyvisible --name "$1" 2>/dev/null | head -n 1; }
    main=$(wait_for '^xboard' 20)
    [ -n "$main" ] || { echo "xboard_check: XBoard's window did not open" >&2; exit 1; }
    # On a busy machine a menu may open after the click meant for its item: tried up to 5 times,
    # each waiting longer, Escape closing what opened.
    dialog=
    for pause in 1 2 3 4 5; do
        sleep "$pause"
        xdotool windowraise "$main"
        xdotool mousemove --window "$main" 273 14 click 1    # Engine
        sleep "$pause"
        xdotool mousemove --window "$main" 346 68 click 1    # Load New 1st Engine...
        dialog=$(wait_for '^Load first engine$' 5)
        [ -n "$dialog" ] && break
        xdotool key Escape
    done
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
# XBoard also reads the settings of the account it runs as (~/.xboardrc, found through the password
# database, not $HOME), which may list TECH already: in a mount namespace of its own that home is an
# empty folder, so that the engine list is the system's and what the automatic install adds.
home=$(getent passwd "$(id -u)" | cut -d: -f6)
run="xvfb-run -a -s '-screen 0 1024x768x24' sh '$0' --inside '$work' '$shot'"
userns=; [ "$(id -u)" = 0 ] || userns=-r
if unshare -m $userns true 2>/dev/null && [ -d "$home" ]; then
    unshare -m $userns sh -c "mount -t tmpfs tmpfs '$home' && $run"
else
    echo "xboard_check: no mount namespace here: XBoard reads $home/.xboardrc too" >&2
    sh -c "$run"
fi
