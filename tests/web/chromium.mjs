// chromium.mjs - what the browser tests share: a static server of the folder on 127.0.0.1 that
// sends the cross-origin isolation headers (TECH's threads need a SharedArrayBuffer), or with
// {isolated: false} does not and is reached by plain http under a name of its own (tech.test,
// mapped to 127.0.0.1), as a page on another machine is: not a secure context, so no service
// worker can isolate it; and headless Chromium (Debian's chromium, or CHROMIUM) driven by
// playwright-core from web/node_modules, in a new empty profile (CHROMIUM_FLAGS: more of its
// command line, words split at spaces).
import {createRequire} from 'node:module';
import {createServer} from 'node:http';
import {mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, extname, join, normalize, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const MODULES = join(ROOT, 'web', 'node_modules');
const {chromium} = createRequire(join(MODULES, 'playwright-core', 'package.json'))('playwright-core');

const TYPES = {'.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
               '.json': 'application/json', '.wasm': 'application/wasm', '.png': 'image/png', '.svg': 'image/svg+xml'};

// The name the page is reached by when it is served without isolation.
const PLAIN_HOST = 'tech.test';

// Serve `folder`, with the isolation headers or without; resolves to {url, close}.
export const serve = async (folder, isolated = true) => {
  const server = createServer((request, response) => {
    const path = normalize(join(folder, decodeURIComponent(new URL(request.url, 'http://x').pathname)));
    const file = path.endsWith('/') ? join(path, 'index.html') : path;
    let found = false;
    try {
      found = file.startsWith(folder) && statSync(file).isFile();
    } catch {
      found = false;
    }
    if (!found) {
      response.writeHead(404).end();
      return;
    }
    const isolation = isolated ? {'Cross-Origin-Opener-Policy': 'same-origin',
                                  'Cross-Origin-Embedder-Policy': 'require-corp'} : {};
    response.writeHead(200, {'Content-Type': TYPES[extname(file)] || 'application/octet-stream', ...isolation});
    response.end(readFileSync(file));
  });
  await new Promise((ready) => server.listen(0, '127.0.0.1', ready));
  const host = isolated ? '127.0.0.1' : PLAIN_HOST;
  return {url: `http://${host}:${server.address().port}/`, close: () => server.close()};
};

// Run `work(page, url)` on `folder` served, in a fresh headless Chromium; every error the page's
// console shows is collected into the array `work` gets as its third argument.
export const withPage = async (folder, work, {isolated = true} = {}) => {
  const site = await serve(resolve(folder), isolated);
  const profile = mkdtempSync(join(tmpdir(), 'tech-chromium-'));
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync',
           `--host-resolver-rules=MAP ${PLAIN_HOST} 127.0.0.1`,
           ...(process.env.CHROMIUM_FLAGS || '').split(' ').filter(Boolean)],
    viewport: {width: 1150, height: 760},
    acceptDownloads: true,
  });
  try {
    const page = browser.pages()[0] || await browser.newPage();
    const consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(String(error)));
    return await work(page, site.url, consoleErrors);
  } finally {
    await browser.close();
    site.close();
    rmSync(profile, {recursive: true, force: true});
  }
};

// The checks of one test: `check(ok, message)` prints each and keeps its failures,
// `consoleClean(errors)` checks that the browser's console showed no error, and `finish(what)`
// prints the verdict on `what` and exits 0, or 1 after a failure.
export const checker = () => {
  const failures = [];
  const check = (ok, message) => {
    if (!ok) failures.push(message);
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${message}`);
  };
  const consoleClean = (errors) =>
    check(errors.length === 0, `no error in the browser's console${errors.length ? ': ' + errors.join(' | ') : ''}`);
  const finish = (what) => {
    console.log(`${failures.length ? 'FAILED' : 'passed'}: ${what}`);
    process.exit(failures.length ? 1 : 0);
  };
  return {check, consoleClean, finish};
};

// The PGN the page's Download PGN button makes, read from the blob it hands the browser.
export const downloadedPgn = (page) => page.evaluate(() => new Promise((done) => {
  const original = URL.createObjectURL;
  URL.createObjectURL = (blob) => {
    URL.createObjectURL = original;
    blob.text().then(done);
    return original(blob);
  };
  document.getElementById('download-pgn').click();
}));

// Wait until the move list holds `count` moves (the person's and TECH's answer) or the game is over.
export const waitForMoves = (page, count, timeout) => page.waitForFunction((wanted) => {
  const text = Array.from(document.querySelectorAll('#moves li'), (li) => li.textContent).join(' ');
  return text.split(' ').filter(Boolean).length >= wanted || document.getElementById('result').textContent;
}, count, {timeout});
