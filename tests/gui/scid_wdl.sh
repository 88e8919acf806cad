#!/bin/sh
# scid_wdl.sh TECH OUT: Scid (4.7, Debian's scid) on a virtual display analyses a position two pawns
# up with TECH as its UCI engine; Scid sets UCI_ShowWDL itself, and its engine window shows the
# chances beside each line ("w83.4% d8.2% l8.4%"). Scid's configuration lives in OUT (HOME=OUT):
# the engine list names a wrapper that keeps what Scid sent (OUT/to-tech.log) and what TECH
# answered (OUT/from-tech.log); a start-up hook in the options file sets the position and starts
# the engine, as the engine menu would. Leaves OUT/scid.png (the screen).
set -eu
if [ "${1:-}" = "--inside" ]; then
    out=$2
    HOME=$out /usr/games/scid >"$out/scid.log" 2>&1 &
    scid=$!
    trap 'kill $scid 2>/dev/null || true' EXIT
    # The engine's lines with a wdl, some seconds of them, then the screen.
    timeout 120 sh -c "until grep -q ' wdl ' '$out/from-tech.log' 2>/dev/null; do sleep 0.5; done" || true
    sleep 4
    import -window root "$out/scid.png"
    exit 0
fi
tech=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir -p "$2"
out=$(cd "$2" && pwd)
config="$out/.scid4.7/config"
mkdir -p "$config"
cat >"$out/tech-logged.sh" <<WRAP
#!/bin/sh
tee -a "$out/to-tech.log" | "$tech" | tee -a "$out/from-tech.log"
WRAP
chmod +x "$out/tech-logged.sh"
cat >"$config/engines.dat" <<ENGINES
engine {
  Name TECH
  Cmd  $out/tech-logged.sh
  Args {}
  Dir  $out
  Elo  0
  Time 1
  URL  {}
  UCI 1
  UCIoptions {}
}
ENGINES
# The hook waits for Scid's main board (a loaded machine builds it late), then sets the position and
# a second later starts the engine.
cat >"$config/options.dat" <<'OPTIONS'
set startup(tip) 0
proc techWhenReady {} {
    if {![info exists ::board::_data(.main.board)]} { after 500 techWhenReady; return }
    sc_game startBoard "rnbqkb1r/ppp2ppp/5n2/3P4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4"
    ::notify::GameChanged
    after 1000 { ::enginewin::start "" TECH }
}
after 1000 techWhenReady
OPTIONS
exec xvfb-run -a -s "-screen 0 1100x600x24" sh "$0" --inside "$out"
