// promote_in_chromium.mjs - the page started from a position (index.html?fen=...) in headless
// Chromium (Debian's chromium, driven by playwright-core), and the promotion chooser: the person,
// White, moves the pawn a7 to a8 by clicking; the chooser offers queen, knight, rook and bishop,
// queen first and focused; Escape, then a click elsewhere, take the pawn back; Tab reaches the
// knight; a click on the knight plays a8=N, the board shows a white knight on a8 and TECH answers
// with a legal move; the PGN carries [SetUp "1"] and [FEN ...]. Then a FEN the rules refuse (a
// warning in the status line, the usual start instead) and &as=black (TECH, White, moves first
// from the FEN). Fails on any error in the browser's console.
//
// usage: node tests/web/promote_in_chromium.mjs build/web
// (CHROMIUM=/usr/bin/chromium; the modules come from web/node_modules: `npm ci` in web/)
import {join, resolve} from 'node:path';
import {pathToFileURL} from 'node:url';
import {MODULES, checker, downloadedPgn, withPage} from './chromium.mjs';

const esm = (file) => import(pathToFileURL(join(MODULES, 'chessops', 'dist', 'esm', file)).href);
const {Chess} = await esm('chess.js');
const {parseFen} = await esm('fen.js');
const {makeSan, parseSan} = await esm('san.js');
const {parseSquare} = await esm('util.js');

const folder = resolve(process.argv[2] || 'build/web');
// White promotes on a8; a knight there leaves knight and pawn against the bare king: the game goes on.
const FEN = '8/P5k1/8/8/8/8/5PK1/8 w - - 0 1';
const BAD_FEN = '8/8/8/8/8/8/8/8 w - - 0 1';
const ANSWER_TIMEOUT_MS = 90000;

const {check, consoleClean, finish} = checker();

await withPage(folder, async (page, url, consoleErrors) => {
  const yourMove = () => page.waitForFunction(() => document.getElementById('status').textContent.startsWith('Your move'),
                                              null, {timeout: 60000});
  const sans = async () => (await page.$$eval('#moves li', (items) => items.map((item) => item.textContent)))
    .join(' ').split(' ').filter((san) => san && san !== '…');
  // The classes of the piece chessground shows on `key` ('' for none), the board settled.
  const pieceOn = (key) => page.evaluate((square) => {
    const pieces = Array.from(document.querySelectorAll('#board cg-board piece'))
      .filter((piece) => piece.cgKey === square && !piece.classList.contains('ghost') && !piece.classList.contains('fading'));
    return pieces.map((piece) => piece.className.replace(/\banim\b/, '').trim()).join(',');
  }, key);
  const waitForPiece = async (key, classes) => {
    try {
      await page.waitForFunction(([square, wanted]) => Array.from(document.querySelectorAll('#board cg-board piece'))
        .some((piece) => piece.cgKey === square && wanted.every((name) => piece.classList.contains(name)) &&
                         !piece.classList.contains('ghost') && !piece.classList.contains('fading')),
      [key, classes.split(' ')], {timeout: 5000});
      return true;
    } catch {
      return false;
    }
  };
  const chooserOpen = () => page.evaluate(() => !document.getElementById('promotion').hidden);
  // Click a square's centre (White at the bottom).
  const clickSquare = async (key) => {
    const square = parseSquare(key);
    const box = await page.locator('cg-board').boundingBox();
    await page.mouse.click(box.x + (square % 8 + 0.5) * box.width / 8, box.y + (7.5 - (square >> 3)) * box.height / 8);
  };
  const pawnToA8 = async () => {
    await clickSquare('a7');
    await clickSquare('a8');
    await page.waitForFunction(() => !document.getElementById('promotion').hidden, null, {timeout: 5000}).catch(() => {});
  };

  await page.goto(`${url}?fen=${encodeURIComponent(FEN)}`);
  await yourMove();
  check(await waitForPiece('a7', 'white pawn') && (await pieceOn('a8')) === '' && (await sans()).length === 0,
        `?fen= ${FEN}: the page starts from it, White's pawn on a7`);

  await pawnToA8();
  const choices = await page.$$eval('#promotion-choices button', (buttons) => buttons.map((button) => button.dataset.role));
  const focused = await page.evaluate(() => document.activeElement?.dataset?.role);
  check(await chooserOpen() && choices.join(',') === 'queen,knight,rook,bishop' && focused === 'queen',
        `a7-a8 opens the chooser: ${choices.join(', ')}, ${focused} focused`);

  await page.keyboard.press('Escape');
  check(!(await chooserOpen()) && await waitForPiece('a7', 'white pawn') && (await pieceOn('a8')) === '' &&
        (await sans()).length === 0 && (await page.textContent('#status')).startsWith('Your move'),
        'Escape closes it: the pawn back on a7, no move played, still your move');

  await pawnToA8();
  await page.click('h1');
  check(!(await chooserOpen()) && await waitForPiece('a7', 'white pawn') && (await sans()).length === 0,
        'a click elsewhere closes it: the pawn back on a7, no move played');

  await pawnToA8();
  await page.keyboard.press('Tab');
  const tabbed = await page.evaluate(() => document.activeElement?.dataset?.role);
  check(await chooserOpen() && tabbed === 'knight', `the keyboard: Tab goes from the queen to the ${tabbed}`);

  const start = Chess.fromSetup(parseFen(FEN).unwrap()).unwrap();
  const expected = makeSan(start, {from: parseSquare('a7'), to: parseSquare('a8'), promotion: 'knight'});
  await page.click('#promotion-choices button[data-role="knight"]');
  await page.waitForFunction(() => document.querySelectorAll('#moves li')[0]?.textContent.split(' ').length >= 2 ||
                                   document.getElementById('result').textContent, null, {timeout: ANSWER_TIMEOUT_MS});
  const played = await sans();
  check(played[0] === expected && !(await chooserOpen()), `the knight chosen: the move list shows ${played[0]} (${expected} expected)`);
  check(await waitForPiece('a8', 'white knight') && (await pieceOn('a7')) === '',
        `the board shows a white knight on a8 (${await pieceOn('a8')})`);
  const pos = start.clone();
  let legal = played.length === 2;
  for (const san of played) {
    const move = parseSan(pos, san);
    if (!move) legal = false;
    else pos.play(move);
  }
  check(legal, `TECH answered ${played[1]}, a legal move`);
  await yourMove();
  check(!(await page.textContent('#result')), 'the game goes on, your move');

  const pgn = await downloadedPgn(page);
  check(pgn.includes('[SetUp "1"]') && pgn.includes(`[FEN "${FEN}"]`) && pgn.includes(`1. ${expected} ${played[1]}`) &&
        !pgn.includes('[Variant'), 'the PGN carries [SetUp "1"], [FEN ...] and 1. ' + `${expected} ${played[1]}`);

  await page.goto(`${url}?fen=${encodeURIComponent(BAD_FEN)}`);
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('FEN'), null, {timeout: 60000});
  const warning = await page.textContent('#status');
  check(await page.evaluate(() => document.getElementById('status').classList.contains('warning')) &&
        warning.includes('not a legal position') && await waitForPiece('e1', 'white king') && await waitForPiece('e8', 'black king'),
        `a FEN the rules refuse: "${warning}", the usual start on the board`);

  await page.goto(`${url}?fen=${encodeURIComponent(FEN)}&as=black`);
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1, null, {timeout: ANSWER_TIMEOUT_MS});
  const first = (await sans())[0];
  check(Boolean(first && parseSan(Chess.fromSetup(parseFen(FEN).unwrap()).unwrap(), first)) &&
        (await page.textContent('#status')).startsWith('Your move (black)'),
        `&as=black: TECH, White, moved first from the FEN: ${first}`);

  consoleClean(consoleErrors);
});
finish('the promotion and ?fen= in Chromium');
