// play.js - the page a person plays TECH on: the board (chessground), the rules (chessops: legal
// moves, SAN, the end of a game, Chess960), TECH in a Web Worker over UCI (uci-engine.js), the
// strength chooser, the clock, TECH's thinking and its reasons, pondering (TECH thinks on the
// person's time), take-back, a new game (or one from the address's ?fen=), the promotion chooser
// and the PGN.
import {Chessground} from 'chessground';
import {Chess, castlingSide, normalizeMove} from 'chessops/chess.js';
import {chessgroundDests} from 'chessops/compat.js';
import {makeFen, parseFen} from 'chessops/fen.js';
import {makeSan} from 'chessops/san.js';
import {kingCastlesTo, makeSquare, makeUci, opposite, parseSquare, parseUci} from 'chessops/util.js';
import {UciEngine} from './uci-engine.js';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const $ = (id) => document.getElementById(id);

// --- the game ------------------------------------------------------------------------------

const game = {
  startFen: START_FEN, // as makeFen writes it: the position TECH is sent and the PGN's FEN tag
  chess960: false,
  person: 'white',
  moves: [],       // chessops moves (castling as king takes rook), from the start
  sans: [],
  result: null,    // '1-0', '0-1', '1/2-1/2' once the game is over
  reason: '',
  tech: 'TECH',    // the name TECH plays under in the PGN (its strength)
};

const positionAt = (count) => {
  const pos = Chess.fromSetup(parseFen(game.startFen).unwrap()).unwrap();
  game.moves.slice(0, count).forEach((move) => pos.play(move));
  return pos;
};
const currentPosition = () => positionAt(game.moves.length);

// The moves by full move, numbered from the start position's own number, as the move list and the
// PGN show them: {number, white, black}, white null when Black moved first, black null at the end.
const movesByNumber = () => {
  const start = positionAt(0);
  const sans = start.turn === 'black' && game.sans.length ? [null, ...game.sans] : game.sans;
  const rows = [];
  for (let i = 0; i < sans.length; i += 2) {
    rows.push({number: start.fullmoves + i / 2, white: sans[i], black: sans[i + 1] ?? null});
  }
  return rows;
};

// The move as TECH reads it: king takes rook in Chess960, the king's two steps otherwise.
const uciOf = (pos, move) => {
  const side = castlingSide(pos, move);
  if (side && !game.chess960) return makeSquare(move.from) + makeSquare(kingCastlesTo(pos.turn, side));
  return makeUci(move);
};

// Threefold repetition and the fifty-move rule, which chessops leaves to the caller.
const repetitionOrFifty = () => {
  const seen = new Map();
  const pos = positionAt(0);
  const key = (p) => makeFen(p.toSetup()).split(' ').slice(0, 4).join(' ');
  seen.set(key(pos), 1);
  let thrice = false;
  for (const move of game.moves) {
    pos.play(move);
    const count = (seen.get(key(pos)) || 0) + 1;
    seen.set(key(pos), count);
    thrice = count >= 3;
  }
  if (thrice) return 'threefold repetition';
  if (pos.halfmoves >= 100) return 'the fifty-move rule';
  return null;
};

const checkGameOver = () => {
  const pos = currentPosition();
  const outcome = pos.outcome();
  if (outcome) {
    game.result = outcome.winner === 'white' ? '1-0' : outcome.winner === 'black' ? '0-1' : '1/2-1/2';
    game.reason = outcome.winner ? 'checkmate' : pos.isStalemate() ? 'stalemate' : 'insufficient material';
  } else {
    const draw = repetitionOrFifty();
    if (draw) [game.result, game.reason] = ['1/2-1/2', draw];
  }
  return game.result !== null;
};

// --- the clock -----------------------------------------------------------------------------

const clock = {
  ms: {white: 0, black: 0},
  incrementMs: 0,
  running: null, // the side whose time runs, or null
  since: 0,
  timer: null,
};

const format = (ms) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

const timeLeft = (side) => clock.ms[side] - (clock.running === side ? performance.now() - clock.since : 0);

const showClocks = () => {
  const top = opposite(game.person);
  for (const [id, side] of [['clock-top', top], ['clock-bottom', game.person]]) {
    const element = $(id);
    element.textContent = format(timeLeft(side));
    element.classList.toggle('running', clock.running === side);
    element.classList.toggle('flagged', timeLeft(side) <= 0 && game.result !== null);
  }
};

const stopClock = () => {
  if (clock.running) clock.ms[clock.running] = timeLeft(clock.running);
  clock.running = null;
};

// The side that just moved gets its increment; the other's time starts.
const pressClock = (moved) => {
  if (clock.running === moved) {
    stopClock();
    clock.ms[moved] += clock.incrementMs;
  }
  if (game.result) return;
  clock.running = opposite(moved);
  clock.since = performance.now();
};

const tick = () => {
  if (clock.running && timeLeft(clock.running) <= 0 && !game.result) {
    const loser = clock.running;
    stopClock();
    clock.ms[loser] = 0;
    game.result = loser === 'white' ? '0-1' : '1-0';
    game.reason = `${loser === 'white' ? 'White' : 'Black'} lost on time`;
    giveUpSearch();
    refresh();
  }
  showClocks();
};

// --- TECH ----------------------------------------------------------------------------------

// TECH runs at most one search at a time, and every `go` is answered by exactly one bestmove:
//   idle --go--> searching --bestmove (played)--> idle, or pondering when TECH named a ponder move
//   pondering --the person plays that move: ponderhit--> searching (its bestmove is TECH's move)
//   pondering --another move: stop, then go--> searching
//   searching or pondering --given up (take-back, new game, strength, end of the game, pondering
//   turned off): stop--> idle, the search's bestmove, still to come, counted in staleBestmoves and
//   never played.
const engine = {
  uci: null,
  searching: false,    // a search for TECH's move runs (a `go`, or a ponder search hit)
  pondering: null,     // while a `go ponder` runs: the person's move it expects, {uci, san}
  staleBestmoves: 0,   // bestmoves still to come from searches given up
  elo: null,           // the strength chosen
  eloSent: null,       // the strength TECH was last told
  ponderSent: null,    // the Ponder option TECH was last told
  reasons: null,        // why TECH chose the move it is about to play
};

const ponderingWanted = () => $('ponder').checked;

// Stop the search running, if any; its bestmove will be ignored.
const giveUpSearch = () => {
  if (!engine.searching && !engine.pondering) return;
  engine.staleBestmoves++;
  engine.searching = false;
  engine.pondering = null;
  engine.uci.send('stop');
  showPondering('');
};

// The options the page changes, told to TECH when no search runs: before each `go`.
const sendOptions = () => {
  if (engine.ponderSent !== ponderingWanted()) {
    engine.ponderSent = ponderingWanted();
    engine.uci.send(`setoption name Ponder value ${engine.ponderSent}`);
  }
  if (engine.elo === engine.eloSent) return;
  engine.uci.send('setoption name UCI_LimitStrength value true');
  engine.uci.send(`setoption name UCI_Elo value ${engine.elo}`);
  engine.eloSent = engine.elo;
};

// `position` with the game's moves and then `extra` (UCI texts), and `go` with the clocks as they
// stand; `mode` is '' or ' ponder'.
const sendSearch = (extra, mode) => {
  sendOptions();
  const pos = positionAt(0);
  const uciMoves = game.moves.map((move) => {
    const text = uciOf(pos, move);
    pos.play(move);
    return text;
  }).concat(extra);
  engine.uci.send(`position fen ${game.startFen}${uciMoves.length ? ' moves ' + uciMoves.join(' ') : ''}`);
  const wtime = Math.max(1, Math.round(timeLeft('white')));
  const btime = Math.max(1, Math.round(timeLeft('black')));
  engine.uci.send(`go${mode} wtime ${wtime} btime ${btime} winc ${clock.incrementMs} binc ${clock.incrementMs}`);
};

const techMoves = () => {
  if (game.result) return;
  sendSearch([], '');
  engine.searching = true;
  showStatus('TECH is thinking…');
};

// TECH's turn after the person's move: the ponder search, if it expected that move, goes on as
// TECH's search (ponderhit); else it is stopped and TECH searches the position played.
const techAnswers = (personMove) => {
  if (engine.pondering && engine.pondering.uci === personMove) {
    showPondering(`ponder hit: you played ${engine.pondering.san}`);
    engine.pondering = null;
    engine.searching = true;
    engine.uci.send('ponderhit');
    showStatus('TECH is thinking…');
    return;
  }
  giveUpSearch();
  techMoves();
};

// After TECH's move, its `ponder` move (UCI text) is searched on the person's time, if pondering
// is on, the move legal and the game not over after it.
const startPondering = (ponderText) => {
  if (!ponderText || !ponderingWanted() || game.result || engine.searching || engine.pondering) return;
  const pos = currentPosition();
  const parsed = parseUci(ponderText);
  const move = parsed && normalizeMove(pos, parsed);
  if (!move || !pos.isLegal(move)) return;
  const expected = {uci: uciOf(pos, move), san: makeSan(pos, move)};
  pos.play(move);
  if (pos.isEnd()) return;
  sendSearch([expected.uci], ' ponder');
  engine.pondering = expected;
  showPondering(`pondering on ${expected.san}: TECH thinks on your time, expecting that move`);
};

const showPondering = (text) => {
  $('think-ponder').textContent = text;
};

// The position TECH's search runs from: after the expected move while it ponders.
const searchedPosition = () => {
  const pos = currentPosition();
  if (engine.pondering) pos.play(normalizeMove(pos, parseUci(engine.pondering.uci)));
  return pos;
};

// Depth, score and line of TECH's latest `info`, the line in SAN from the position searched.
const showThinking = (line) => {
  const depth = line.match(/\bdepth (\d+)/);
  const pv = line.match(/\bpv (.+)$/);
  if (!depth || !pv || engine.staleBestmoves > 0) return; // a given-up search's lines: not shown
  const cp = line.match(/\bscore cp (-?\d+)/);
  const mate = line.match(/\bscore mate (-?\d+)/);
  const nodes = line.match(/\bnodes (\d+)/);
  const pos = searchedPosition();
  const sign = pos.turn === 'white' ? 1 : -1; // shown from White's side, as a board shows it
  $('think-depth').textContent = depth[1];
  $('think-score').textContent = cp ? (sign * cp[1] / 100).toFixed(2).replace(/^(?=\d)/, '+')
                                    : mate ? `mate in ${Math.abs(mate[1])} for ${sign * mate[1] > 0 ? 'White' : 'Black'}` : '–';
  $('think-nodes').textContent = nodes ? Number(nodes[1]).toLocaleString('en') : '–';
  const sans = [];
  for (const text of pv[1].trim().split(/\s+/)) {
    const parsed = parseUci(text);
    if (!parsed) break;
    const move = normalizeMove(pos, parsed);
    if (!pos.isLegal(move)) break;
    sans.push(makeSan(pos, move));
    pos.play(move);
  }
  $('think-line').textContent = sans.join(' ');
};

// TECH's `info string` lines: the profile it plays ("TECH 1.0, profile TECH-1971"), its count of
// ponder hits ("ponder hit: ponder hits 3 of 4 (75%)", "ponder miss: ...") or, with ExplainMoves
// on, why it chose its move, said just before the move itself (a given-up search's: ignored).
const onInfoString = (text) => {
  if (/^(TECH |ponder (hit|miss):)/.test(text) || engine.staleBestmoves > 0) return;
  engine.reasons = text;
};

const onBestmove = (line) => {
  if (engine.staleBestmoves > 0) {
    engine.staleBestmoves--;
    engine.reasons = null;
    return;
  }
  engine.searching = false;
  showPondering('');
  $('reasons').textContent = engine.reasons || '–';
  engine.reasons = null;
  const [, text, ponderWord, ponderText] = line.split(/\s+/);
  const pos = currentPosition();
  const parsed = parseUci(text);
  const move = parsed && normalizeMove(pos, parsed);
  if (!move || !pos.isLegal(move)) {
    showStatus(`TECH answered ${text}, not a legal move here`, true);
    console.error(`TECH's bestmove ${text} is not legal in ${makeFen(pos.toSetup())}`);
    return;
  }
  play(move);
  if (ponderWord === 'ponder') startPondering(ponderText);
};

// --- the board -----------------------------------------------------------------------------

let board = null;

const play = (move) => {
  const pos = currentPosition();
  const mover = pos.turn;
  game.sans.push(makeSan(pos, move));
  game.moves.push(move);
  checkGameOver();
  pressClock(mover);
  refresh();
  if (game.result) giveUpSearch(); // a ponder search on the person's last move
  else if (mover === game.person) techAnswers(uciOf(pos, move));
};

// A pawn's move to the last rank waits for the piece the person chooses.
const isPromotion = (pos, from, to) => {
  const piece = pos.board.get(from);
  return piece?.role === 'pawn' && (to >> 3) === (piece.color === 'white' ? 7 : 0);
};

const onPersonMove = (orig, dest) => {
  const pos = currentPosition();
  const from = parseSquare(orig);
  const to = parseSquare(dest);
  const promotion = isPromotion(pos, from, to);
  const move = promotion ? {from, to, promotion: 'queen'} : normalizeMove(pos, {from, to});
  if (!pos.isLegal(move) || game.result || engine.searching) {
    refresh();
    return;
  }
  if (promotion) openPromotionChooser(from, to);
  else play(move);
};

// --- the promotion chooser -----------------------------------------------------------------

// Over the board, on the promotion square's file from the last rank down, as on lichess: a button a
// piece, queen first. A click on one plays the move; Escape or a click anywhere else takes the
// pawn back (refresh), the person still to move.
const PROMOTION_ROLES = ['queen', 'knight', 'rook', 'bishop'];
let promotionPending = null; // {from, to} while the chooser is open

const promotionButton = (role, color) => {
  const button = document.createElement('button');
  button.type = 'button';
  button.dataset.role = role;
  button.title = role[0].toUpperCase() + role.slice(1);
  button.setAttribute('aria-label', button.title);
  const piece = document.createElement('piece'); // drawn by chessground's piece set (its CSS)
  piece.className = `${role} ${color}`;
  button.append(piece);
  button.addEventListener('click', () => choosePromotion(role));
  return button;
};

const openPromotionChooser = (from, to) => {
  promotionPending = {from, to};
  const file = to & 7;
  const choices = $('promotion-choices');
  choices.style.left = `${(game.person === 'white' ? file : 7 - file) * 12.5}%`;
  choices.replaceChildren(...PROMOTION_ROLES.map((role) => promotionButton(role, game.person)));
  $('promotion').hidden = false;
  choices.firstChild.focus();
  document.addEventListener('keydown', onPromotionKey);
  document.addEventListener('pointerdown', onPointerDownWhilePromoting, true);
  showStatus(`Promote the pawn on ${makeSquare(to)} to a queen, knight, rook or bishop (Escape takes it back).`);
};

const closePromotionChooser = () => {
  if (!promotionPending) return;
  promotionPending = null;
  $('promotion').hidden = true;
  $('promotion-choices').replaceChildren();
  document.removeEventListener('keydown', onPromotionKey);
  document.removeEventListener('pointerdown', onPointerDownWhilePromoting, true);
};

const choosePromotion = (role) => {
  const {from, to} = promotionPending;
  closePromotionChooser();
  const pos = currentPosition();
  const move = {from, to, promotion: role};
  if (!game.result && pos.isLegal(move)) play(move);
  else refresh();
};

const onPromotionKey = (event) => {
  if (event.key !== 'Escape') return;
  event.preventDefault();
  refresh();
};

const onPointerDownWhilePromoting = (event) => {
  if (!$('promotion-choices').contains(event.target)) refresh();
};

// --- the page ------------------------------------------------------------------------------

// The board and the page as the game stands (a promotion being chosen is given up).
const refresh = () => {
  closePromotionChooser();
  const pos = currentPosition();
  const last = game.moves[game.moves.length - 1];
  const personToMove = !game.result && pos.turn === game.person && !engine.searching;
  board.set({
    fen: makeFen(pos.toSetup()),
    orientation: game.person,
    turnColor: pos.turn,
    check: pos.isCheck(),
    lastMove: last ? [makeSquare(last.from), makeSquare(last.to)] : undefined,
    movable: {color: personToMove ? game.person : undefined,
              dests: personToMove ? chessgroundDests(pos, {chess960: game.chess960}) : new Map()},
  });
  const list = $('moves');
  list.replaceChildren();
  const rows = movesByNumber();
  list.start = rows.length ? rows[0].number : 1;
  for (const {white, black} of rows) {
    const item = document.createElement('li');
    item.textContent = [white ?? '…', black].filter(Boolean).join(' ');
    list.append(item);
  }
  list.scrollTop = list.scrollHeight;
  $('result').textContent = game.result ? `${game.result} (${game.reason})` : '';
  $('take-back').disabled = !game.moves.length;
  if (game.result) showStatus(`Game over: ${game.result}, ${game.reason}.`);
  else if (personToMove) showStatus(`Your move (${game.person}).`);
  showClocks();
};

const showStatus = (text, warning = false) => {
  $('status').textContent = text;
  $('status').classList.toggle('warning', warning);
};

// --- new game, take-back, strength, PGN ----------------------------------------------------

// A Chess960 start: bishops on squares of both colours, the queen and knights anywhere, the
// king between the rooks; Black mirrors White.
const chess960Fen = () => {
  const rank = new Array(8).fill(null);
  const pick = (squares) => squares[Math.floor(Math.random() * squares.length)];
  const free = () => rank.map((piece, i) => (piece ? -1 : i)).filter((i) => i >= 0);
  rank[pick([0, 2, 4, 6])] = 'b';
  rank[pick([1, 3, 5, 7])] = 'b';
  rank[pick(free())] = 'q';
  rank[pick(free())] = 'n';
  rank[pick(free())] = 'n';
  const [a, k, h] = free();
  [rank[a], rank[k], rank[h]] = ['r', 'k', 'r'];
  const black = rank.join('');
  return `${black}/pppppppp/8/8/8/8/PPPPPPPP/${black.toUpperCase()} w KQkq - 0 1`;
};

// A new game for the person playing `person`: from `start` ({fen, chess960}, the address's
// position), else from the usual start or, with Chess960 ticked, one drawn at random.
const newGame = (person, start = null) => {
  giveUpSearch();
  game.person = person;
  game.chess960 = start ? start.chess960 : $('chess960').checked;
  game.startFen = start ? start.fen : game.chess960 ? chess960Fen() : START_FEN;
  game.moves = [];
  game.sans = [];
  game.result = null;
  game.reason = '';
  const [base, increment] = $('control').value.split('+').map(Number);
  clock.ms = {white: base * 1000, black: base * 1000};
  clock.incrementMs = increment * 1000;
  clock.running = null;
  engine.uci.send(`setoption name UCI_Chess960 value ${game.chess960}`);
  engine.uci.send('ucinewgame');
  clearThinking();
  game.tech = `TECH (UCI_Elo ${engine.elo})`;
  checkGameOver(); // a position given may be over already
  refresh();
  if (game.result) return;
  clock.running = positionAt(0).turn;
  clock.since = performance.now();
  if (clock.running !== person) techMoves();
};

// --- a game from the address: index.html?fen=<FEN>[&as=white|black] ----------------------------

const FEN_PROBLEMS = {
  ERR_FEN: 'not a FEN', ERR_BOARD: 'its board cannot be read', ERR_TURN: 'the side to move is not w or b',
  ERR_CASTLING: 'its castling rights are not KQkq-style or file letters', ERR_EP_SQUARE: 'its en passant square is no square',
  ERR_HALFMOVES: 'its halfmove clock is not a number', ERR_FULLMOVES: 'its move number is not a number',
  ERR_EMPTY: 'the board is empty', ERR_KINGS: 'each side needs one king',
  ERR_OPPOSITE_CHECK: 'the side not to move is in check', ERR_PAWNS_ON_BACKRANK: 'a pawn stands on the first or last rank',
};

// Castling that only Chess960's rules know: a king with a right off the e-file, or its rook off
// the a- and h-files.
const needsChess960 = (pos) => {
  for (const rook of pos.castles.castlingRights) {
    const king = pos.board.kingOf(rook < 8 ? 'white' : 'black');
    if ((king & 7) !== 4 || ((rook & 7) !== 0 && (rook & 7) !== 7)) return true;
  }
  return false;
};

// The address's request: null without ?fen=; else {person, start: {fen, chess960}} for a legal
// position, or {person, problem} for one the rules refuse. The person plays the side to move
// unless `as` says which.
const gameFromAddress = () => {
  const params = new URLSearchParams(location.search);
  const text = params.get('fen');
  if (text === null) return null;
  const as = ['white', 'black'].includes(params.get('as')) ? params.get('as') : null;
  const parsed = parseFen(text.trim()).chain((setup) => Chess.fromSetup(setup));
  if (parsed.isErr) {
    const problem = FEN_PROBLEMS[parsed.error.message] || parsed.error.message;
    return {person: as || 'white', problem: `The address's FEN "${text}" is not a legal position (${problem}): ` +
                                            'a game from the usual start instead.'};
  }
  const pos = parsed.value;
  return {person: as || pos.turn, start: {fen: makeFen(pos.toSetup()), chess960: needsChess960(pos)}};
};

const startFirstGame = () => {
  const request = gameFromAddress();
  newGame(request ? request.person : 'white', request?.start);
  if (request?.problem) showStatus(request.problem, true);
};

const clearThinking = () => {
  for (const id of ['think-depth', 'think-score', 'think-nodes', 'think-line', 'reasons']) $(id).textContent = '–';
  showPondering('');
};

// Back to the person's last turn: TECH's reply and the person's move (or TECH's search stopped).
const takeBack = () => {
  giveUpSearch();
  stopClock();
  clearThinking();
  game.result = null;
  game.reason = '';
  do {
    game.moves.pop();
    game.sans.pop();
  } while (game.moves.length && currentPosition().turn !== game.person);
  if (currentPosition().turn !== game.person) {
    clock.running = currentPosition().turn;
    clock.since = performance.now();
    refresh();
    techMoves();
    return;
  }
  clock.running = game.person;
  clock.since = performance.now();
  refresh();
};

const pgnText = () => {
  const date = new Date();
  const pad = (n) => String(n).padStart(2, '0');
  const names = game.person === 'white' ? ['You', game.tech] : [game.tech, 'You'];
  const [base, increment] = $('control').value.split('+');
  const tags = [['Event', 'Game against TECH'], ['Site', location.host || 'local'],
                ['Date', `${date.getFullYear()}.${pad(date.getMonth() + 1)}.${pad(date.getDate())}`],
                ['Round', '-'], ['White', names[0]], ['Black', names[1]], ['Result', game.result || '*'],
                ['TimeControl', `${base}+${increment}`]];
  if (game.chess960) tags.push(['Variant', 'Chess960']);
  if (game.chess960 || game.startFen !== START_FEN) tags.push(['SetUp', '1'], ['FEN', game.startFen]);
  const moves = movesByNumber().map(({number, white, black}) => (white ? `${number}. ${white}${black ? ' ' + black : ''}`
                                                                       : `${number}... ${black}`)).join(' ');
  const header = tags.map(([name, value]) => `[${name} "${value}"]`).join('\n');
  return `${header}\n\n${moves}${moves ? ' ' : ''}${game.result || '*'}\n`;
};

const downloadPgn = () => {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([pgnText()], {type: 'application/x-chess-pgn'}));
  link.download = 'tech-game.pgn';
  link.click();
  URL.revokeObjectURL(link.href);
};

// The chooser: the scale's measured points within the range TECH declares, each with its
// profile and the year of computing its work stands for, and TECH's default: the 1971 program.
const fillStrengths = async (option) => {
  const scale = await (await fetch('strength.json')).json();
  const defaultElo = Number(option.default);
  const select = $('strength');
  const rows = scale.filter((row) => row.elo >= option.min && row.elo <= option.max && row.elo !== defaultElo);
  rows.push({elo: defaultElo, first: true});
  rows.sort((a, b) => a.elo - b.elo);
  for (const row of rows) {
    const entry = document.createElement('option');
    entry.value = row.elo;
    entry.textContent = row.first ? `${row.elo}: the 1971 program (its tournament time a move)`
                                  : `${row.elo}: ${row.profile}, computers of ${row.year}`;
    select.append(entry);
  }
  select.value = String(defaultElo);
  engine.elo = defaultElo;
  select.addEventListener('change', () => {
    engine.elo = Number(select.value);
    game.tech = `TECH (UCI_Elo ${engine.elo})`;
    if (engine.pondering) giveUpSearch(); // it searches at the strength it was started with
    if (!engine.searching) sendOptions();
  });
};

// --- start ---------------------------------------------------------------------------------

const start = async () => {
  board = Chessground($('board'), {
    movable: {free: false, showDests: true, events: {after: onPersonMove}},
    premovable: {enabled: false},
    highlight: {lastMove: true, check: true},
  });
  // TECH's threads share memory, which a browser allows only a cross-origin isolated page; on
  // another, TECH runs them as turns of one thread (tech-single.js), and does not ponder.
  const isolated = self.crossOriginIsolated;
  if (!isolated) {
    $('ponder').checked = false;
    $('ponder').disabled = true;
    $('ponder-hint').textContent = 'Not on this page: it is not cross-origin isolated, so TECH runs ' +
        'on one thread and thinks on its own time only (served over https or from localhost, the ' +
        'page isolates itself).';
  }
  engine.uci = new UciEngine(isolated ? 'tech.js' : 'tech-single.js');
  self.techUciLog = engine.uci.log; // the lines exchanged with TECH, for the page's tests
  engine.uci.onLine((line) => {
    if (line.startsWith('info string ')) onInfoString(line.slice(12));
    else if (line.startsWith('info ')) showThinking(line);
    else if (line.startsWith('bestmove')) onBestmove(line);
    else if (line.startsWith('id name ')) $('engine-name').textContent = line.slice(8);
  });
  const options = await engine.uci.handshake();
  await fillStrengths(options['UCI_Elo']);
  if (options['ExplainMoves']) engine.uci.send('setoption name ExplainMoves value true');
  await engine.uci.waitFor('readyok', 'isready');
  $('new-white').addEventListener('click', () => newGame('white'));
  $('new-black').addEventListener('click', () => newGame('black'));
  $('take-back').addEventListener('click', takeBack);
  $('ponder').addEventListener('change', () => {
    if (!ponderingWanted() && engine.pondering) giveUpSearch();
    if (!engine.searching && !engine.pondering) sendOptions();
  });
  $('download-pgn').addEventListener('click', downloadPgn);
  clock.timer = setInterval(tick, 200);
  startFirstGame();
};

start();
