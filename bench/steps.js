// npm run bench, the steps: bench/steps-cases.js in a fresh Node process right after `await
// init()` (threads 1 unless TW_THREADS says otherwise), then in a Chromium page (Debian's
// chromium, the published dist/index.mjs, `init({ threads: 1 })`; the page is served
// cross-origin isolated only so that its clock is fine enough to time a call: a page that is
// not has performance.now() in steps of 100 µs). µs per call, medians; tw / other below 1 means tensorwise is faster. `other` is the
// one-pass JS loop for the whole step (into a new array or into the same one, as tensorwise's
// side), and for the resident case two resident calls.
import { fileURLToPath } from 'node:url';
import * as tw from '../web/index.js';
import { launchChromium, repoRoot, serve } from '../tests/browser/helpers.js';
import { steps } from './steps-cases.js';

const fmt = (us) => (us < 10 ? us.toFixed(3) : us < 1000 ? us.toFixed(1) : us.toFixed(0));
function print(title, results) {
  console.log(title);
  console.log(`${'case'.padEnd(68)} ${'tw µs'.padStart(9)} ${'other µs'.padStart(9)} ${'tw/other'.padStart(9)}`);
  for (const r of results) console.log(`${r.name.padEnd(68)} ${fmt(r.tw).padStart(9)} ${fmt(r.other).padStart(9)} ${r.ratio.toFixed(2).padStart(9)}`);
}

await tw.init({ threads: Number(process.env.TW_THREADS ?? 1) });
const hr = () => Number(process.hrtime.bigint()) / 1e3;
print('Node.js: one expression per step against the one-pass JS loop (µs per call, medians)', steps(tw, hr));

if (process.env.TW_BENCH_NO_CHROMIUM !== '1') {
  const server = await serve(repoRoot, 0, { isolated: true });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/tests/browser/pages/smoke.html`);
    const results = await page.evaluate(async () => {
      const lib = await import('/dist/index.mjs');
      const { steps: run } = await import('/bench/steps-cases.js');
      await lib.init({ threads: 1 });
      return run(lib, () => performance.now() * 1000, { batchUs: 5000 });
    });
    print('\nChromium: the same in a page (one thread)', results);
  } finally {
    await browser.close();
    server.close();
  }
}
process.exit(0);
