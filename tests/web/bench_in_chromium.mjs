// bench_in_chromium.mjs - `tech bench [ARGS]` in headless Chromium: the page's folder served
// (tests/web/chromium.mjs), TECH started in a Web Worker with the bench as its command line
// (tech.js?arg=bench, web/engine-io.js), its lines printed as they come. Fails unless it ends with
// its `Bench:` line.
//
// usage: node tests/web/bench_in_chromium.mjs build/web [ARG...]   (e.g. --style modern)
import {withPage} from './chromium.mjs';

const [folder = 'build/web', ...args] = process.argv.slice(2);
const query = ['bench', ...args].map((word) => 'arg=' + encodeURIComponent(word)).join('&');

const last = await withPage(folder, async (page, url) => {
  await page.goto(url + 'strength.json'); // any page of the site, for its origin and headers
  page.on('console', (message) => console.log(message.text()));
  const line = await page.evaluate((script) => new Promise((done) => {
    const worker = new Worker(script);
    worker.onmessage = (event) => {
      console.log(event.data);
      if (String(event.data).startsWith('Bench:')) done(event.data);
    };
    worker.onerror = (error) => done(`error: ${error.message}`);
  }), `tech.js?${query}`);
  return line;
});
process.exit(last.startsWith('Bench:') ? 0 : 1);
