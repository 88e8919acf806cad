"""engine_shared.py - what every script that drives an engine shares, whether it plays games under
a clock (the match runner's adapters: protocol_adapter.py, uci_adapter.py, cecp_adapter.py) or
asks for searches (engine_client.py, and the measuring scripts through it).

Why it exists: the two kinds of driver must judge an engine alike, so they wait for its answers
equally long, and they write the same protocol text for the same request. The time-outs and that
text live here, once; neither driver imports the other.
"""
import re

import chessrules as cr

# Time-outs in seconds: cutechess's values (chessengine.cpp, xboardengine.cpp).
START_TIMEOUT = 35.0      # uciok, or feature done=1 after done=0
FEATURE_TIMEOUT = 8.0     # CECP features without done=0
PING_TIMEOUT = 15.0       # isready -> readyok, ping -> pong
STOP_TIMEOUT = 15.0       # the move after stop / ?, once a search's deadline has passed
QUIT_TIMEOUT = 5.0        # to exit after quit, before a kill

# One `name=value` of a CECP feature line (a value in quotes may hold blanks).
FEATURE_RE = re.compile(r'(\w+)=("[^"]*"|\S+)')


def position_command(start_fen, moves):
    """`position startpos|fen START [moves ...]` for a game's start and its moves so far."""
    start = "startpos" if start_fen == cr.START_FEN else f"fen {start_fen}"
    return f"position {start} moves {' '.join(moves)}" if moves else f"position {start}"


def cecp_setup_lines(position, setboard):
    """The CECP lines (in force mode) that set up `position`: `setboard`, or for engines without
    it (Fairy-Max has setboard=0) the legacy `edit` mode, where black to move needs a move first."""
    if setboard:
        # Chess960: Shredder-FEN's file letters, as XBoard sends them in fischerandom.
        return [f"setboard {position.fen(shredder=position.chess960)}"]
    lines = ["a2a3"] if position.turn == cr.BLACK else []
    lines += ["edit", "#"]
    for white in (True, False):
        if not white:
            lines.append("c")
        lines += [piece.upper() + cr.square_name(sq) for sq, piece in enumerate(position.board)
                  if piece and piece.isupper() == white]
    return lines + ["."]
