#!/usr/bin/env python3
"""fake_engine.py - a tiny random-move UCI/CECP engine that misbehaves on request.

Why: a match runner that never reports a forfeit proves nothing unless it is shown to
catch each kind of failure. This engine plays random legal moves (chosen with the referee
in scripts/chessrules.py) and, at its Nth move, commits the fault named on its command line:

  fake_engine.py [--fault KIND] [--at N] [--seed S]
  KIND: slow (move after the flag), stall (never move, ignore stop/?), illegal (an illegal
  move), crash (exit without a move), claim (CECP: a false draw claim instead of a move),
  reject (CECP: answer the opponent's move with `Illegal move`), resign, late-claim (CECP, as
  Dreamer 0.3.0: no `ping`, and the result claimed 20 ms after each of its moves that ends the game).
The first command picks the protocol: `uci` or `xboard`.
"""
import argparse
import os
import random
import sys
import time

import chessrules as cr  # scripts/: on PYTHONPATH, which the test runner sets (tests/runner.py)


class Fake:
    def __init__(self, fault, at, seed):
        self.fault, self.at = fault, at
        self.rng = random.Random(seed)
        self.game = cr.Game()
        self.moves_made = 0
        self.my_color = None        # CECP: the side it plays; None in force mode

    def out(self, text):
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    def choose(self):
        """The reply to give now, or None for 'say nothing' (stall)."""
        self.moves_made += 1
        if self.moves_made == self.at:
            if self.fault == "slow":
                time.sleep(1.5)   # past a 1+0.01 clock, inside the 1 s grace the test gives
            elif self.fault == "stall":
                return None
            elif self.fault == "crash":
                os._exit(3)
            elif self.fault == "illegal":
                return "a1a1"
        return self.rng.choice(self.game.position.legal_moves()).uci()

    def run(self):
        first = sys.stdin.readline().split()
        if first == ["uci"]:
            self.uci()
        else:
            self.cecp()

    # --- UCI ---

    def uci(self):
        self.out("id name Fake")
        self.out("option name Ponder type check default false")
        self.out("uciok")
        pondering = False
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            if words[0] == "isready":
                self.out("readyok")
            elif words[0] == "position":
                self.set_position(words)
            elif words[0] == "go":
                if "ponder" in words:
                    pondering = True
                    continue
                self.uci_move()
            elif words[0] == "ponderhit" and pondering:
                pondering = False
                self.uci_move()
            elif words[0] == "stop" and pondering:
                pondering = False
                self.out(f"bestmove {self.game.position.legal_moves()[0].uci()}")
            elif words[0] == "quit":
                return

    def set_position(self, words):
        """Replay only the moves that are new since the last `position` (keeps it fast)."""
        fen = " ".join(words[2:8]) if words[1] == "fen" else cr.START_FEN
        moves = words[words.index("moves") + 1:] if "moves" in words else []
        if self.game.start.fen() != cr.Position.from_fen(fen).fen() or self.game.uci_moves() != moves[:len(self.game.moves)]:
            self.game = cr.Game(fen)
        for m in moves[len(self.game.moves):]:
            self.game.play(m)

    def uci_move(self):
        move = self.choose()
        if move is None:
            return
        after = self.game.position.push(self.game.position.parse_uci(move)) if move != "a1a1" else None
        ponder = f" ponder {after.legal_moves()[0].uci()}" if after and after.legal_moves() else ""
        self.out(f"bestmove {move}{ponder}")

    # --- CECP ---

    def cecp(self):
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            cmd = words[0]
            if cmd == "protover":
                ping = "" if self.fault == "late-claim" else "ping=1 "
                self.out(f'feature {ping}setboard=1 usermove=1 myname="Fake" done=1')
            elif cmd == "new":
                self.game, self.my_color = cr.Game(), cr.BLACK
            elif cmd == "force":
                self.my_color = None
            elif cmd == "setboard":
                self.game = cr.Game(" ".join(words[1:]))
            elif cmd == "ping":
                self.out(f"pong {words[1]}")
            elif cmd == "go":
                self.my_color = self.game.position.turn
                self.cecp_move()
            elif cmd == "usermove":
                if self.fault == "reject" and self.moves_made + 1 == self.at:
                    self.out(f"Illegal move: {words[1]}")
                    continue
                self.game.play(words[1])
                if self.my_color == self.game.position.turn:
                    self.cecp_move()
            elif cmd == "quit":
                return

    def cecp_move(self):
        if self.game.outcome():
            return
        if self.fault in ("claim", "resign") and self.moves_made + 1 == self.at:
            self.moves_made += 1
            self.out("1/2-1/2 {Draw by repetition}" if self.fault == "claim" else "resign")
            return
        move = self.choose()
        if move is None:
            return
        if move != "a1a1":
            self.game.play(move)
        self.out(f"move {move}")
        outcome = self.game.outcome()
        if self.fault == "late-claim" and outcome:
            time.sleep(0.02)
            self.out(f"{outcome.result} {{{outcome.reason}}}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--fault", default="")
    parser.add_argument("--at", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    Fake(args.fault, args.at, args.seed).run()


if __name__ == "__main__":
    main()
