"""test_engine_client.py - scripts/engine_client.py, the one client the measuring scripts share,
against TECH: the handshakes, options, syncs, a search with a deadline that ends in `stop` (UCI)
or `?` (CECP), reading past lines older than a given time, and a dead engine reported as lost
instead of waited for."""
import os
import time

from testlib import SLOW, START_FEN, check, engine_command

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
import chessrules as cr
from engine_client import CecpClient, EngineClient, EngineLost, UciClient
from engine_shared import position_command

# Black to move after 1.e4 e5 2.Nf3: CECP must set it up with a move first when there is no setboard.
AFTER_NF3 = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"


def binary():
    return engine_command()


def test_uci_handshake_options_and_a_fixed_depth_search():
    with UciClient(binary(), {"Style": "TECH-modern"}) as engine:
        check(engine.id_name.startswith("TECH"), f"id name {engine.id_name!r}")
        check(engine.combo_values("Style") == ["TECH-1971", "TECH-modern"], f"{engine.combo_values('Style')}")
        check(0 <= engine.sync() < 5 * SLOW, "isready round trip")
        engine.new_game()
        engine.send(position_command(START_FEN, ["e2e4", "e7e5"]))
        search = engine.go("depth 3")
        game = cr.Game()
        for move in ("e2e4", "e7e5"):
            game.play(move)
        legal = {m.uci() for m in game.position.legal_moves()}
        check(search.bestmove in legal, f"bestmove {search.bestmove!r}")
        check(search.started <= search.ended, "times out of order")
        check(any(line.startswith("info depth 3") for line in search.lines), f"no depth 3 line: {search.lines[-3:]}")
        check(search.score.split()[0] in ("cp", "mate"), f"score {search.score!r}")
        first_moves = {m.uci() for m in cr.Position.from_fen(START_FEN).legal_moves()}
        check(engine.best_move("position startpos", 2) in first_moves, "best_move from the start")


def test_uci_deadline_sends_stop():
    """`go infinite` with a deadline: the client stops the search and still gets the move."""
    with UciClient(binary()) as engine:
        engine.send("position startpos")
        search = engine.go("infinite", timeout=0.3)
        check(search.bestmove, "no bestmove after stop")
        check(0.3 <= search.ended - search.started < 0.3 + 5 * SLOW, f"{search.ended - search.started:.3f} s")


def test_cecp_handshake_position_and_move_now():
    """Features answered (san refused), a position set up in force mode, `go` with a deadline
    that sends `?`: the move comes and is legal in that position."""
    with CecpClient(binary(), {"Style": "TECH-1971"}) as engine:
        check(engine.features.get("ping") == "1" and engine.features.get("myname", "").startswith("TECH"),
              f"features {engine.features}")
        check(engine.sync() is not None, "no pong")
        position = cr.Position.from_fen(AFTER_NF3)
        for setboard in (True, False):
            engine.features["setboard"] = "1" if setboard else "0"   # both ways of setting it up
            engine.new_game()
            engine.set_position(position)
            engine.send("level 0 60 0")
            engine.send("post")
            search = engine.go(timeout=0.2)
            check(search.bestmove in {m.uci() for m in position.legal_moves()},
                  f"setboard={setboard}: move {search.bestmove!r} in {AFTER_NF3}")
            engine.send("force")


def test_read_until_passes_over_older_lines():
    """An answer that came before the time `after` is not the one waited for (quit_latency.py
    sends isready in a state's set-up, then times its own)."""
    with EngineClient(binary()) as engine:
        engine.send("uci")
        engine.send("isready")
        time.sleep(0.2 * SLOW)   # its readyok has come, and waits unread
        sent = engine.send("isready")
        found = engine.read_until("readyok", 5 * SLOW, after=sent)
        check(found.when >= sent, f"took the readyok of an earlier isready ({sent - found.when:.3f} s before)")
        try:
            engine.read_until("no such line", 0.1)
        except EngineLost as lost:
            check(lost.kind == "stall", lost.kind)
        else:
            raise AssertionError("read_until did not time out")


def test_dead_engine_is_lost_not_waited_for():
    engine = EngineClient(binary())
    engine.send("quit")
    check(engine.wait_exit(5 * SLOW) == 0, "no exit after quit")
    t0 = time.monotonic()
    try:
        engine.read_until("readyok")    # no timeout: only the end of output can end it
    except EngineLost as lost:
        check(lost.kind == "disconnect", lost.kind)
    else:
        raise AssertionError("read_until returned from a dead engine")
    check(time.monotonic() - t0 < 5 * SLOW, "the end of output was not noticed")
    engine.close()
