// ponder_in_chromium.mjs - pondering on the page in headless Chromium (Debian's chromium, driven
// by playwright-core): a game at 3 min + 2 s as White, played by clicking, with "TECH thinks on
// your time" on (the default). The lines the page exchanges with TECH (window.techUciLog, the
// page's log of them) must show, after each TECH move `bestmove X ponder Y`, `position ... X Y`
// and `go ponder`; when the person plays Y (read from the log), `ponderhit` and TECH's move from
// that search's bestmove; when the person plays another move, `stop`, the stopped search's
// bestmove ignored, then `position` and a plain `go`, whose bestmove is the move TECH plays. Every
// TECH move is legal, and every `go` gets one bestmove. Then pondering is turned off in the
// middle of a ponder search: `stop`, no move played, `setoption name Ponder value false`, and no
// `go ponder` in the moves after. Fails on any error in the browser's console.
//
// usage: node tests/web/ponder_in_chromium.mjs build/web
// (CHROMIUM=/usr/bin/chromium; the modules come from web/node_modules: `npm ci` in web/)
import {join, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {MODULES, checker, waitForMoves, withPage} from './chromium.mjs';

const esm = (file) => import(pathToFileURL(join(MODULES, 'chessops', 'dist', 'esm', file)).href);
const {Chess, normalizeMove} = await esm('chess.js');
const {parseFen} = await esm('fen.js');
const {makeSan, parseSan} = await esm('san.js');
const {makeSquare, parseUci} = await esm('util.js');

const folder = resolve(process.argv[2] || 'build/web');
const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const MAX_TURNS = 10;      // the person's moves with pondering on, at most
const HITS_WANTED = 2;     // ponder searches the person's move hits
const MISSES_WANTED = 1;   // and that it misses
const MOVES_AFTER_OFF = 2; // the person's moves with pondering off
const ANSWER_TIMEOUT_MS = 90000;

const {check, consoleClean, finish} = checker();

await withPage(folder, async (page, url, consoleErrors) => {
  const yourMove = () => page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Your move'),
                                              null, {timeout: ANSWER_TIMEOUT_MS});
  await page.goto(url);
  await yourMove();
  check(await page.isChecked('#ponder'), 'the pondering checkbox is on by default');
  await page.selectOption('#control', '180+2');
  await page.click('#new-white');
  await yourMove();

  const uciLog = () => page.evaluate(() => self.techUciLog.slice());
  const sans = async () => (await page.$$eval('#moves li', (items) => items.map((item) => item.textContent)))
    .join(' ').split(' ').filter(Boolean);
  const replay = (moves) => {
    const pos = Chess.fromSetup(parseFen(START_FEN).unwrap()).unwrap();
    for (const san of moves) {
      const move = parseSan(pos, san);
      if (!move) return {pos, illegal: san};
      pos.play(move);
    }
    return {pos};
  };
  // The SAN of a UCI move text in `pos`, or null when it is not legal there.
  const sanOf = (pos, text) => {
    const parsed = parseUci(text || '');
    const move = parsed && normalizeMove(pos, parsed);
    return move && pos.isLegal(move) ? makeSan(pos, move) : null;
  };
  // Click a square's centre (White at the bottom).
  const clickSquare = async (square) => {
    const box = await page.locator('cg-board').boundingBox();
    await page.mouse.click(box.x + (square % 8 + 0.5) * box.width / 8, box.y + (7.5 - (square >> 3)) * box.height / 8);
  };
  let seed = 11;
  // Any move of the person's but `avoid` (a UCI text), by a fixed sequence.
  const anyMoveBut = (pos, avoid) => {
    const moves = [];
    for (const [from, dests] of pos.allDests()) {
      for (const to of dests) {
        const move = {from, to};
        const promotion = pos.board.pawn.has(from) && (to >> 3 === 7 || to >> 3 === 0);
        if (makeSquare(from) + makeSquare(to) !== avoid && !pos.board.king.has(from) && !promotion) moves.push(move);
      }
    }
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return moves[seed % moves.length];
  };
  // The person's move by clicking (no king move, no promotion); then TECH's answer (or the end of the game). Returns
  // {before, after, ended}: the move lists before and after, and whether the game ended.
  const playAndWait = async (move) => {
    const before = await sans();
    await clickSquare(move.from);
    await clickSquare(move.to);
    await waitForMoves(page, before.length + 2, ANSWER_TIMEOUT_MS);
    await yourMove().catch(() => {});
    const after = await sans();
    return {before, after, ended: Boolean(await page.textContent('#result'))};
  };
  // The words of a line of the log, without its '> ' or '< '.
  const words = (line) => line.slice(2).split(/\s+/);
  // TECH's last move legal, and the one the bestmove at `line` of the log names.
  const checkTechMove = (turn, {before, after}, bestmoveLine, how) => {
    const {illegal} = replay(after);
    const techSan = after[before.length + 1];
    check(!illegal && techSan, `move ${turn}: TECH answered ${techSan}, a legal move`);
    const {pos} = replay(after.slice(0, before.length + 1));
    const said = bestmoveLine ? words(bestmoveLine)[1] : null;
    check(after.length === before.length + 2 && sanOf(pos, said) === techSan,
          `move ${turn}: TECH played ${techSan}, the bestmove of ${how} (${bestmoveLine})`);
  };
  // The ponder search started after TECH's last move: {expected (UCI text), from (log index)}.
  const ponderStarted = (log) => {
    const last = log.findLastIndex((line) => line.startsWith('> '));
    if (!log[last]?.startsWith('> go ponder ')) return null;
    const bestmove = log.findLast((line) => line.startsWith('< bestmove '));
    const [, played, word, expected] = words(bestmove);
    const position = log[last - 1] || '';
    check(word === 'ponder' && position.startsWith('> position ') && position.endsWith(` ${played} ${expected}`),
          `after ${bestmove.slice(2)}: ${position.slice(2)} and ${log[last].slice(2)}`);
    return {expected, from: last + 1};
  };

  // The first move: no ponder search yet.
  const first = await playAndWait({from: 12, to: 28}); // e2-e4
  check(replay(first.after).illegal === undefined && first.after.length === 2, `move 1: e4, TECH answered ${first.after[1]}`);
  let hits = 0;
  let misses = 0;
  let ended = false;
  for (let turn = 2; turn <= MAX_TURNS && (hits < HITS_WANTED || misses < MISSES_WANTED) && !ended; turn++) {
    const log = await uciLog();
    const ponder = ponderStarted(log);
    const {pos} = replay(await sans());
    const expected = ponder && sanOf(pos, ponder.expected);
    const hit = ponder && expected && !ponder.expected[4] && (hits <= misses || misses >= MISSES_WANTED);
    if (hit) {
      await page.waitForFunction(() => document.getElementById('think-ponder').textContent.startsWith('pondering on'));
      check((await page.textContent('#think-ponder')).startsWith(`pondering on ${expected}`),
            `move ${turn}: the thinking shown is marked "${await page.textContent('#think-ponder')}"`);
    }
    const move = hit ? parseUci(ponder.expected) : anyMoveBut(pos, ponder?.expected);
    const played = await playAndWait(move);
    ended = played.ended;
    if (ended) break;
    const since = (await uciLog()).slice(ponder ? ponder.from : log.length);
    const sent = since.filter((line) => line.startsWith('> '));
    const bestmoves = since.filter((line) => line.startsWith('< bestmove '));
    if (!ponder) {
      checkTechMove(turn, played, bestmoves[0], 'a plain go (no ponder move)');
    } else if (hit) {
      hits++;
      const untilAnswer = since.slice(0, since.indexOf(bestmoves[0])).filter((line) => line.startsWith('> '));
      check(untilAnswer.join() === '> ponderhit',
            `move ${turn}: the person played ${expected}, the move TECH pondered on: ponderhit sent, no stop, no new go`);
      checkTechMove(turn, played, bestmoves[0], 'the ponder search hit');
    } else {
      misses++;
      const go = sent.findIndex((line) => line.startsWith('> go '));
      check(sent[0] === '> stop' && go > 0 && !sent[go].startsWith('> go ponder') &&
            sent[go - 1].startsWith('> position ') && bestmoves.length === 2,
            `move ${turn}: the person played ${played.after[played.before.length]}, not ${expected}: stop, ` +
            `then ${sent[go - 1]?.slice(2, 40)}... and ${sent[go]?.slice(2)}`);
      check(true, `move ${turn}: the stopped ponder search's ${bestmoves[0]} ignored`);
      checkTechMove(turn, played, bestmoves[1], 'the new go');
    }
  }
  check(hits >= HITS_WANTED && misses >= MISSES_WANTED, `${hits} ponder hits and ${misses} misses played`);

  // Pondering turned off in the middle of a ponder search.
  if (!ended) {
    const log = await uciLog();
    const ponder = ponderStarted(log);
    check(Boolean(ponder), 'a ponder search runs when pondering is turned off');
    const before = await sans();
    await page.uncheck('#ponder');
    await page.waitForFunction((from) => self.techUciLog.slice(from).some((line) => line.startsWith('< bestmove ')),
                               log.length, {timeout: 30000});
    await page.waitForTimeout(1000);
    const since = (await uciLog()).slice(log.length);
    check(since[0] === '> stop' && since.some((line) => line === '> setoption name Ponder value false'),
          `pondering turned off: ${since.map((line) => line.slice(2)).join(', ')}`);
    check((await sans()).length === before.length && (await page.textContent('#status')).startsWith('Your move') &&
          (await page.textContent('#think-ponder')) === '',
          'the stopped ponder search\'s move not played, still the person\'s move');
    const offFrom = log.length;
    for (let turn = 1; turn <= MOVES_AFTER_OFF; turn++) {
      const {pos} = replay(await sans());
      const played = await playAndWait(anyMoveBut(pos, null));
      if (played.ended) break;
      const bestmoves = (await uciLog()).slice(offFrom).filter((line) => line.startsWith('< bestmove '));
      checkTechMove(`${turn} with pondering off`, played, bestmoves[bestmoves.length - 1], 'a plain go');
    }
    const after = (await uciLog()).slice(offFrom);
    check(!after.some((line) => line.startsWith('> go ponder')), 'pondering off: no go ponder sent after');
  }

  const all = await uciLog();
  const gos = all.filter((line) => line.startsWith('> go ')).length;
  const answers = all.filter((line) => line.startsWith('< bestmove ')).length;
  check(gos === answers, `every go answered by one bestmove (${gos} go, ${answers} bestmove)`);
  consoleClean(consoleErrors);
});
finish('pondering in Chromium');
