// play_in_chromium.mjs - the web page in a real browser: headless Chromium (Debian's chromium),
// driven by playwright-core, loads build/web from a static server of this script's own (with the
// cross-origin isolation headers), and a game is played by clicking squares: after each move TECH
// must answer with a legal move and show its thinking and its reasons; the strength is changed in
// the middle, a move taken back, the PGN downloaded; then a Chess960 game as Black, TECH moving
// first. Fails on any error in the browser's console. Saves a screenshot.
// With --not-isolated the folder is served without the isolation headers and no service worker
// runs: the page must then start TECH on one thread (tech-single.js), pondering off and said so,
// and the same game must go as well.
//
// usage: node tests/web/play_in_chromium.mjs build/web [--not-isolated] [SCREENSHOT.png]
// (CHROMIUM=/usr/bin/chromium; the modules come from web/node_modules: `npm ci` in web/)
import {readFileSync} from 'node:fs';
import {join, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {MODULES, checker, downloadedPgn, waitForMoves, withPage} from './chromium.mjs';

const esm = (file) => import(pathToFileURL(join(MODULES, 'chessops', 'dist', 'esm', file)).href);
const {Chess} = await esm('chess.js');
const {parseFen} = await esm('fen.js');
const {makeSan, parseSan} = await esm('san.js');
const {makeSquare} = await esm('util.js');

const words = process.argv.slice(2);
const isolated = !words.includes('--not-isolated');
const [folderWord, screenshot] = words.filter((word) => word !== '--not-isolated');
const folder = resolve(folderWord || 'build/web');
const PERSON_MOVES = 8;       // the person's moves played in all
const STRENGTH_CHANGE_AT = 4; // the strength is changed before this move of the person's
const NEW_ELO = '1600';       // a point of the scale (strength.json)
const ANSWER_TIMEOUT_MS = 90000;

const {check, consoleClean, finish} = checker();

await withPage(folder, async (page, url, consoleErrors) => {
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Your move'),
                             null, {timeout: 60000});
  if (isolated) {
    check(await page.evaluate(() => self.crossOriginIsolated), 'the page is cross-origin isolated');
  } else {
    check(!await page.evaluate(() => self.crossOriginIsolated), 'the page is not cross-origin isolated');
    check(await page.isDisabled('#ponder') && !await page.isChecked('#ponder') &&
          (await page.textContent('#ponder-hint')).includes('one thread'),
          'pondering off and said so: ' + await page.textContent('#ponder-hint'));
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
    check(scripts.some((name) => name.endsWith('/tech-single.js')), 'TECH runs from tech-single.js');
  }
  check(await page.inputValue('#strength') === '1333' &&
        (await page.textContent('#strength option:checked')).includes('the 1971 program'),
        'the strength chooser starts at the 1971 program (1333)');

  // The game so far, from the page's move list, replayed by the rules.
  const sans = async () => (await page.$$eval('#moves li', (items) => items.map((item) => item.textContent)))
    .join(' ').split(' ').filter(Boolean);
  const replay = (moves) => {
    const pos = Chess.fromSetup(parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1').unwrap()).unwrap();
    for (const san of moves) {
      const move = parseSan(pos, san);
      if (!move) return {pos, illegal: san};
      pos.play(move);
    }
    return {pos};
  };
  // Click a square's centre (White at the bottom).
  const clickSquare = async (square) => {
    const box = await page.locator('cg-board').boundingBox();
    const file = square % 8;
    const rank = square >> 3;
    await page.mouse.click(box.x + (file + 0.5) * box.width / 8, box.y + (7.5 - rank) * box.height / 8);
  };
  // The person's move: a capture where there is one, else a move chosen by a fixed sequence.
  let seed = 7;
  const choose = (pos) => {
    const moves = [];
    for (const [from, dests] of pos.allDests()) for (const to of dests) moves.push({from, to});
    const captures = moves.filter((move) => pos.board.get(move.to) && !pos.board.king.has(move.from));
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const pool = captures.length ? captures : moves;
    return pool[seed % pool.length];
  };

  for (let turn = 1; turn <= PERSON_MOVES; turn++) {
    if (turn === STRENGTH_CHANGE_AT) {
      await page.selectOption('#strength', NEW_ELO);
      check(await page.inputValue('#strength') === NEW_ELO, `strength changed to ${NEW_ELO} in the middle of the game`);
    }
    const before = await sans();
    const {pos} = replay(before);
    if (pos.isEnd()) break;
    const move = choose(pos);
    const san = makeSan(pos, move);
    await clickSquare(move.from);
    await clickSquare(move.to);
    await waitForMoves(page, before.length + 2, ANSWER_TIMEOUT_MS);
    const after = await sans();
    check(after[before.length] === san, `move ${turn}: the click played ${san} (${makeSquare(move.from)}-${makeSquare(move.to)})`);
    if (after.length < before.length + 2) break; // the game ended with the person's move
    const {illegal} = replay(after);
    check(!illegal, `move ${turn}: TECH answered ${after[before.length + 1]}, a legal move`);
    const depth = await page.textContent('#think-depth');
    const line = await page.textContent('#think-line');
    check(/^\d+$/.test(depth) && line.trim() !== '–' && line.trim() !== '',
          `move ${turn}: TECH's thinking shown (depth ${depth}, line ${line.trim()})`);
    const reasons = await page.textContent('#reasons');
    check(reasons.includes(after[before.length + 1]), `move ${turn}: TECH's reasons shown: ${reasons}`);
  }

  if (screenshot) {
    await page.waitForTimeout(1000); // the board's animation of TECH's last move ends
    await page.screenshot({path: screenshot, fullPage: true});
    console.log(`screenshot: ${screenshot}`);
  }
  const played = (await sans()).length;
  await page.click('#take-back');
  await page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Your move'));
  const afterTakeBack = (await sans()).length;
  check(afterTakeBack === played - 2 || afterTakeBack === played - 1, `take-back: ${played} half-moves, then ${afterTakeBack}`);

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-pgn')]);
  const pgn = readFileSync(await download.path(), 'utf8');
  check(pgn.includes('[White "You"]') && pgn.includes('1. '), 'the PGN downloads with its moves');

  // A Chess960 game as Black: TECH, White, moves first, legally from the position drawn.
  await page.check('#chess960');
  await page.click('#new-black');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1, null,
                             {timeout: ANSWER_TIMEOUT_MS});
  const pgn960 = await downloadedPgn(page);
  const fen960 = (pgn960.match(/\[FEN "([^"]+)"\]/) || [])[1];
  const first = (await sans())[0];
  let legal960 = false;
  if (fen960) {
    const pos = Chess.fromSetup(parseFen(fen960).unwrap()).unwrap();
    legal960 = Boolean(first && parseSan(pos, first));
  }
  check(Boolean(fen960) && pgn960.includes('[Variant "Chess960"]') && pgn960.includes('[Black "You"]') && legal960,
        `Chess960 as Black: TECH opened ${first} from ${fen960}`);

  if (!isolated) {
    const log = await page.evaluate(() => self.techUciLog);
    check(!log.some((line) => line.startsWith('> go ponder')), 'no go ponder sent to the one-thread TECH');
  }
  consoleClean(consoleErrors);
}, {isolated});
finish(`the game in Chromium${isolated ? '' : ', the page not cross-origin isolated'}`);
