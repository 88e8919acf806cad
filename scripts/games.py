"""games.py - one game between two engines, judged by an independent referee; openings; PGN.

Why it exists: scripts/match.py must not trust the engines it tests. This module plays one
game between two engine adapters (uci_adapter.py, cecp_adapter.py), keeping both clocks, and
judges every move, claim and game end with chessrules.py: illegal moves, false claims, flag
falls (a draw when the winner cannot mate) and crashes become forfeits; cutechess-cli's draw
and resign adjudication is optional. It also reads the start positions a match is played from (PGN,
FEN/EPD, the book-free set) or makes random ones, and writes a finished game as PGN.
"""
import datetime
import os
import random
import re
from dataclasses import dataclass, field

import chessrules as cr
from engine_process import EngineLost, process_cpu_seconds
from engines import (FORFEIT_DISCONNECT, FORFEIT_FALSE_CLAIM, FORFEIT_ILLEGAL, FORFEIT_ILLEGAL_CLAIM,
                     FORFEIT_STALL, FORFEIT_TIME, TimeControl)

# ---------------------------------------------------------------------------------------
# One game
# ---------------------------------------------------------------------------------------

@dataclass
class GameRecord:
    """A finished game, for the PGN and the summary."""
    round: int
    white: str
    black: str
    start_fen: str
    game: cr.Game
    tc: TimeControl
    outcome: cr.Outcome = None
    forfeit: str = None          # one of the FORFEIT_* kinds
    loser: str = None            # who forfeited
    detail: str = ""             # the failing move or line, for the report
    comments: list = field(default_factory=list)
    moves_made: dict = field(default_factory=lambda: {cr.WHITE: 0, cr.BLACK: 0})
    clocks: dict = None          # each side's own time control when they differ (time odds)


def side_name(color):
    return "White" if color == cr.WHITE else "Black"


def forfeit_outcome(game, color, kind, detail):
    """The result when `color` forfeits: a loss, except that a flag fall against a side
    that cannot mate is a draw (FIDE 6.9; cutechess does the same)."""
    winner = cr.other(color)
    if kind == FORFEIT_TIME and not game.position.can_mate(winner):
        return cr.Outcome("1/2-1/2", f"Draw: {side_name(color)}'s flag fell, "
                                     f"{side_name(winner)} cannot mate", "time forfeit")
    result = "1-0" if winner == cr.WHITE else "0-1"
    reason = {
        FORFEIT_TIME: f"{side_name(color)} loses on time",
        FORFEIT_ILLEGAL: f"{side_name(color)} makes an illegal move: {detail}",
        FORFEIT_FALSE_CLAIM: f"{side_name(color)} makes a false claim: {detail}",
        FORFEIT_ILLEGAL_CLAIM: f"{side_name(color)} claims a legal move is illegal: {detail}",
        FORFEIT_DISCONNECT: f"{side_name(color)} disconnects",
        FORFEIT_STALL: f"{side_name(color)}'s connection stalls",
    }[kind]
    termination = {FORFEIT_TIME: "time forfeit", FORFEIT_DISCONNECT: "abandoned",
                   FORFEIT_STALL: "abandoned"}.get(kind, "rules infraction")
    return cr.Outcome(result, reason, termination)


def judge_event(game, color, event):
    """An unasked resign or claim from the side `color`: returns (outcome, forfeit kind).
    A claim is true only if the referee finds the same result on the board; claiming the
    opponent's win is a resignation (cutechess treats it so)."""
    if event.kind == "resign":
        result = "0-1" if color == cr.WHITE else "1-0"
        return cr.Outcome(result, f"{side_name(color)} resigns", "normal"), None
    if event.kind == "claim":
        by_rule = game.outcome()
        if by_rule and by_rule.result == event.text:
            return by_rule, None
        if event.text == ("0-1" if color == cr.WHITE else "1-0"):
            return cr.Outcome(event.text, f"{side_name(color)} resigns", "normal"), None
        return None, FORFEIT_FALSE_CLAIM
    if event.kind == "illegal-claim":
        return None, FORFEIT_ILLEGAL_CLAIM
    return None, event.kind  # disconnect / stall


@dataclass
class Adjudication:
    """cutechess-cli's adjudication: a draw once both engines' scores stayed within
    `draw_score` cp for `draw_count` moves each from move `draw_from` on; a loss for an engine
    whose score stayed at or below -`resign_score` for `resign_count` moves while its opponent
    agreed. 0 counts switch a rule off."""
    draw_from: int = 0
    draw_count: int = 0
    draw_score: int = 0
    resign_count: int = 0
    resign_score: int = 0


def score_cp(text):
    """Centipawns from a PGN comment score ("+0.25/5", "-M3/7"), the mover's view; None if none."""
    found = re.match(r"([+-])(M?)([\d.]+)/", text or "")
    if not found:
        return None
    value = 100000 if found.group(2) else round(float(found.group(3)) * 100)
    return value if found.group(1) == "+" else -value


def adjudicate(game, scores, rules):
    """The adjudicated Outcome once the rules apply, else None; scores[color] = the engine's
    scores of its moves so far (None where it gave none)."""
    turn = game.position.turn
    if rules.resign_count:
        for color in (cr.WHITE, cr.BLACK):
            own, other = scores[color][-rules.resign_count:], scores[cr.other(color)][-rules.resign_count:]
            if (len(own) == rules.resign_count and len(other) == rules.resign_count
                    and all(v is not None and v <= -rules.resign_score for v in own)
                    and all(v is not None and v >= rules.resign_score for v in other)):
                winner = "White" if color == cr.BLACK else "Black"
                return cr.Outcome("1-0" if color == cr.BLACK else "0-1", f"{winner} wins by adjudication",
                                  "adjudication")
    if rules.draw_count and game.position.fullmove >= rules.draw_from and turn == cr.WHITE:
        last = [scores[c][-rules.draw_count:] for c in (cr.WHITE, cr.BLACK)]
        if all(len(l) == rules.draw_count and all(v is not None and abs(v) <= rules.draw_score for v in l)
               for l in last):
            return cr.Outcome("1/2-1/2", "Draw by adjudication", "adjudication")
    return None


def player_clock(player, tc):
    """A player's time control: its engine's own tc= if it has one, else the match's."""
    config = getattr(player, "config", None)
    return getattr(config, "tc", None) or tc


def play_game(record, players, tc, margin, rules=None):
    """Play one game between two adapters (players[WHITE], players[BLACK]); fills record."""
    rules = rules or Adjudication()
    scores = {cr.WHITE: [], cr.BLACK: []}
    game = record.game
    # Each side's clock: its own tc= (time odds), else the match's.
    tcs = {color: player_clock(player, tc) for color, player in players.items()}
    if tcs[cr.WHITE] != tcs[cr.BLACK]:
        record.clocks = dict(tcs)
    clocks = {color: tcs[color].base + tcs[color].inc for color in tcs}   # cutechess: base + inc
    for color, player in players.items():
        try:
            player.new_game(game, color, tcs[color], players[cr.other(color)].name)
        except EngineLost as lost:
            return forfeit(record, color, player, lost.kind, f"at the start of the game: {lost.detail}")
        player.drain()
    while True:
        # The board first: a game over by rule ends before any claim is looked at.
        outcome = game.outcome()
        if outcome:
            break
        for color, player in players.items():
            event = player.take_event()
            if event:
                outcome, kind = judge_event(game, color, event)
                if kind:
                    return forfeit(record, color, player, kind, event.text or event.comment)
                break
        if outcome:
            break
        color = game.position.turn
        mover, waiter = players[color], players[cr.other(color)]
        if tcs[color].per_move:
            clocks[color] = tcs[color].base  # a time a move: nothing carries over
        clock = clocks[color]
        waiter_pid = waiter.proc.proc.pid if waiter.proc is not None else None
        cpu_before = process_cpu_seconds(waiter_pid) if waiter_pid else None
        try:
            started, reply = mover.think(game, clock, clocks[cr.other(color)], margin)
        except EngineLost as lost:
            return forfeit(record, color, mover, lost.kind, lost.detail)
        elapsed = reply.when - started
        cpu_after = process_cpu_seconds(waiter_pid) if cpu_before is not None else None
        if cpu_after is not None:
            waiter.stats.add(opponent_think=elapsed, cpu_while_waiting=max(0.0, cpu_after - cpu_before))
        if reply.kind != "move":
            outcome, kind = judge_event(game, color, reply)
            if kind:
                return forfeit(record, color, mover, kind, reply.text or reply.comment)
            break
        if reply.flagged or elapsed > clock + margin:
            mover.stats.record_move(elapsed, clock, clock - elapsed)
            return forfeit(record, color, mover, FORFEIT_TIME,
                           f"move {reply.text} after {elapsed:.3f} s with {clock:.3f} s left")
        try:
            move = game.play(reply.text)
        except cr.IllegalMoveError:
            return forfeit(record, color, mover, FORFEIT_ILLEGAL,
                           f"{reply.text} in {game.position.fen()}")
        clocks[color] = clock - elapsed + tcs[color].inc
        record.moves_made[color] += 1
        mover.stats.record_move(elapsed, clock, clock - elapsed)
        record.comments.append(f"{mover.last_score + ' ' if mover.last_score else ''}{elapsed:.3f}s")
        scores[color].append(score_cp(mover.last_score))
        mover.last_score = ""
        waiter.opponent_moved(game, move)
        mover.after_own_move(game, clocks[color], clocks[cr.other(color)], reply)
        mover.drain()
        waiter.drain()
        outcome = None if game.outcome() else adjudicate(game, scores, rules)
        if outcome:
            break
    record.outcome = outcome
    return record


def forfeit(record, color, player, kind, detail):
    record.outcome = forfeit_outcome(record.game, color, kind, detail)
    record.forfeit, record.loser, record.detail = kind, player.name, detail
    if kind in (FORFEIT_DISCONNECT, FORFEIT_STALL):
        player.stats.add(crashes=int(kind == FORFEIT_DISCONNECT), stalls=int(kind == FORFEIT_STALL))
        player.stats.note("errors", f"game {record.round}: {kind}: {detail}")
        player.kill()
    return record


def finish_game(record, players):
    """Tell both engines the game is over and wait until they are idle; a claim that came
    after the end is checked against the real result."""
    for color, player in players.items():
        own = player_clock(player, record.tc)
        available = own.base * record.moves_made[color] if own.per_move else own.base + own.inc * record.moves_made[color]
        player.stats.add(time_available=available)
        if player.proc is None:
            continue
        try:
            player.end_game(record.outcome)
            stray = player.take_event()
            if stray and stray.kind == "claim" and stray.text != record.outcome.result:
                player.stats.note("warnings", f"game {record.round}: claimed {stray.text} {{{stray.comment}}} "
                                              f"but the game ended {record.outcome.result} {{{record.outcome.reason}}}")
            elif stray and stray.kind in (FORFEIT_DISCONNECT, FORFEIT_STALL):
                raise EngineLost(stray.kind, stray.comment)
        except EngineLost as lost:
            player.stats.add(crashes=int(lost.kind == FORFEIT_DISCONNECT), stalls=int(lost.kind == FORFEIT_STALL))
            player.stats.note("errors", f"after game {record.round}: {lost}")
            player.kill()


# ---------------------------------------------------------------------------------------
# PGN
# ---------------------------------------------------------------------------------------

def pgn_text(record, tc, event):
    g = record.game
    tags = [("Event", event), ("Site", os.uname().nodename), ("Date", datetime.date.today().strftime("%Y.%m.%d")),
            ("Round", str(record.round)), ("White", record.white), ("Black", record.black),
            ("Result", record.outcome.result)]
    if g.chess960:
        tags.append(("Variant", "fischerandom"))
    if record.start_fen != cr.START_FEN or g.chess960:
        tags += [("SetUp", "1"), ("FEN", record.start_fen)]
    if record.clocks:  # time odds: each side's control (PGN's WhiteClock/BlackClock are times left)
        tags += [("PlyCount", str(len(g.moves))), ("WhiteTimeControl", str(record.clocks[cr.WHITE])),
                 ("BlackTimeControl", str(record.clocks[cr.BLACK]))]
    else:
        tags += [("PlyCount", str(len(g.moves))), ("TimeControl", tc.pgn())]
    tags.append(("Termination", record.outcome.termination))
    head = "\n".join(f'[{k} "{v}"]' for k, v in tags)
    comments = list(record.comments) + [""] * (len(g.moves) - len(record.comments))
    if g.moves:
        comments[-1] = (comments[-1] + ", " if comments[-1] else "") + record.outcome.reason
        body = g.movetext(comments, record.outcome.result)
    else:
        body = "{" + record.outcome.reason + "} " + record.outcome.result
    return f"{head}\n\n{body}\n\n"


# ---------------------------------------------------------------------------------------
# Openings
# ---------------------------------------------------------------------------------------

# The tournament set of book-free-openings/: named lines, each played with both colours.
DEFAULT_OPENINGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "book-free-openings",
                                "openings.epd")


@dataclass
class Opening:
    """A start: a position and the moves that lead from it to where the engines take over.
    A named line is the initial position plus its moves, so that both engines get the game
    with its history and move numbers (`position startpos moves ...`, CECP `new` and the
    moves in force mode), as cutechess plays a PGN opening. A Chess960 start (chess960) is
    played as Chess960: its castling, UCI_Chess960, CECP `variant fischerandom`."""
    fen: str
    moves: tuple = ()
    chess960: bool = False

    @classmethod
    def from_game(cls, game):
        """The opening that plays `game`'s moves from its start position."""
        return cls(game.start.fen(), tuple(m.uci() for m in game.moves), game.chess960)

    def game(self):
        game = cr.Game(self.fen, self.chess960)
        for move in self.moves:
            game.play(move)
        return game


def epd_opening(line, path, chess960=False):
    """The Opening of one FEN/EPD line (see read_openings)."""
    fields = line.split(";")[0].split()
    if len(fields) >= 6 and fields[4].isdigit() and fields[5].isdigit():
        return Opening(cr.Position.from_fen(" ".join(fields[:6]), chess960).fen(), chess960=chess960)
    ops = dict(re.findall(r'(\w+)\s+("[^"]*"|[^;]*);', line[len(" ".join(fields[:4])):]))
    ops = {k: v.strip().strip('"') for k, v in ops.items()}
    position = cr.Position.from_fen(" ".join(fields[:4]) + f" {ops.get('hmvc', '0')} {ops.get('fmvn', '1')}",
                                    chess960)
    if "c1" not in ops:
        return Opening(position.fen(), chess960=chess960)
    game, problem = cr.game_from_pgn({}, ops["c1"])
    if problem:
        raise ValueError(f"{path}: c1 {problem}: {line}")
    if game.position.fen() != position.fen():
        raise ValueError(f"{path}: the moves in c1 do not lead to the position: {line}")
    return Opening.from_game(game)


def read_openings(path, chess960=False):
    """Openings from a file: PGN (each game's moves from its start), or one FEN/EPD per line
    (# comments). An EPD line with a `c1` opcode holding the line's moves from the initial
    position (as book-free-openings/openings.epd has) becomes that line; otherwise the position
    itself, with the EPD's hmvc/fmvn counters when it gives them. chess960: the positions are
    Chess960 starts (X-FEN or Shredder-FEN; a PGN says so with its Variant tag)."""
    openings = []
    if path.endswith(".pgn"):
        for pgn in cr.read_pgn(path):
            game, problem = pgn.replay()
            if problem:
                raise ValueError(f"{path}: {problem}")
            openings.append(Opening.from_game(game))
    else:
        with open(path) as f:
            lines = [line.strip() for line in f]
        openings = [epd_opening(line, path, chess960) for line in lines if line and not line.startswith("#")]
    if not openings:
        raise ValueError(f"no positions in {path}")
    return openings


def chess960_openings(count, seed):
    """`count` distinct Chess960 start positions, by number (0-959) drawn at random (seeded, so a
    run can be repeated), the standard array among them only by chance."""
    rng = random.Random(seed)
    numbers = rng.sample(range(960), min(count, 960))
    return [Opening(cr.chess960_fen(n), chess960=True) for n in numbers]


def random_openings(plies, count, seed):
    """`count` distinct start positions, each `plies` random legal moves from the start
    position (seeded, so a run can be repeated). TECH plays without a book and is nearly
    deterministic; this gives self-play variety without a book file."""
    rng = random.Random(seed)
    openings, seen = [], set()
    for _ in range(count * 50):
        if len(openings) == count:
            break
        game = cr.Game()
        for _ in range(plies):
            game.push(rng.choice(game.position.legal_moves()))
            if game.outcome():
                break
        fen = game.position.fen()
        if game.outcome() is None and fen not in seen:
            seen.add(fen)
            openings.append(Opening.from_game(game))
    return openings

