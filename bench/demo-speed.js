// node bench/demo-speed.js: the demo's speed panel as a visitor runs it, in Debian's Chromium,
// on the demo served cross-origin isolated (as npm start serves it). TW_RUNS (default 10) fresh
// page loads; each clicks "Run" once and reads the panel's table. Printed per run: the threaded
// figure, the 1-thread figure, their ratio (1 thread / threaded: at least 1 means threads did
// not make the op slower) and the plain JS loop.
import { launchChromium, repoRoot, serve } from '../tests/browser/helpers.js';

const runs = Number(process.env.TW_RUNS ?? 10);
const server = await serve(repoRoot, 0, { isolated: true });
const url = `http://127.0.0.1:${server.address().port}/demo/`;
const browser = await launchChromium();
const ratios = [];
try {
  for (let r = 0; r < runs; ++r) {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => document.getElementById('speed-run') && !document.getElementById('speed-run').disabled);
    await page.click('#speed-run');
    await page.waitForFunction(() => !document.getElementById('speed').hidden, null, { timeout: 120000 });
    const rows = await page.$$eval('#speed tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((td) => td.textContent)));
    // A time cell reads "3.10 ms (2.9–3.6)": its median first.
    const ms = (label) => parseFloat(rows.find((row) => row[0].includes(label))?.[1]);
    const many = rows.find((row) => /\d+ threads/.test(row[0]));
    const one = ms('1 thread');
    const threaded = many === undefined ? NaN : parseFloat(many[1]);
    ratios.push(one / threaded);
    console.log(`run ${r + 1}: ${many?.[0] ?? 'no threaded row'} ${threaded} ms, 1 thread ${one} ms, ` +
      `ratio ${(one / threaded).toFixed(2)}, plain JS loop ${ms('plain JS')} ms`);
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
const sorted = [...ratios].sort((a, b) => a - b);
console.log(`1 thread / threaded over ${runs} runs: min ${sorted[0].toFixed(2)}, median ${sorted[sorted.length >> 1].toFixed(2)}, max ${sorted.at(-1).toFixed(2)}`);
