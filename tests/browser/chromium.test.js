// The package in Chromium from a plain <script type="module"> page, no bundler.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, cpSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPECTED, PAGE_SCRIPT, launchChromium, repoRoot, runPage, serve } from './helpers.js';
import { DTYPE_NAMES } from '../js/dtypes.js';

let browser;
let server;
let root;

before(async () => {
  // Serve a copy of web/ and dist/ (the glue, the record of the builds web/module/wasm-check.js reads, the
  // .wasm) next to the page, as a static site would.
  root = mkdtempSync(join(tmpdir(), 'tensorwise-page-'));
  cpSync(join(repoRoot, 'web'), join(root, 'web'), { recursive: true });
  mkdirSync(join(root, 'dist'));
  for (const f of ['wasm-interface.js', 'tensorwise.wasm']) cpSync(join(repoRoot, 'dist', f), join(root, 'dist', f));
  const page = readFileSync(new URL('./pages/smoke.html', import.meta.url), 'utf8').replace('__PAGE_SCRIPT__', PAGE_SCRIPT);
  writeFileSync(join(root, 'index.html'), page);
  for (const f of ['csp.html', 'csp.js']) cpSync(new URL(`./pages/${f}`, import.meta.url), join(root, f));
  // A sample of the numpy golden cases, run in the page by the same checker as in Node.
  mkdirSync(join(root, 'golden'));
  for (const f of ['check.js', 'cases.json']) cpSync(join(repoRoot, 'tests', 'golden', f), join(root, 'golden', f));
  mkdirSync(join(root, 'js'));
  cpSync(join(repoRoot, 'tests', 'js', 'dtypes.js'), join(root, 'js', 'dtypes.js')); // the tests' dtype table, for check.js
  cpSync(join(repoRoot, 'tests', 'js', 'exact-math.js'), join(root, 'js', 'exact-math.js')); // which dtypes.js imports
  writeFileSync(join(root, 'golden.html'), `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module">
  import * as api from '/web/index.js';
  import { runCase } from '/golden/check.js';
  try {
    await api.init();
    const { cases } = await (await fetch('/golden/cases.json')).json();
    const sample = cases.filter((c, i) => i % 4 === 0);
    window.result = { ran: sample.length, dtypes: [...new Set(sample.map((c) => c.dtype))].length,
                      problems: sample.flatMap((c) => runCase(api, c)) };
    window.done = true;
  } catch (e) { window.failed = String(e && e.stack || e); }
</script>`);
  server = await serve(root);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.close();
});

test('a plain module page multiplies and divides through the wasm module', async () => {
  const { result, problems } = await runPage(browser, `http://127.0.0.1:${server.address().port}/index.html`);
  assert.deepEqual(problems, []);
  assert.deepEqual(result.shape, EXPECTED.shape);
  assert.deepEqual(result.data, EXPECTED.data);
  assert.deepEqual(result.half, EXPECTED.half);
  // Chromium has Float16Array: float16 results from a Uint16Array operand keep its class.
  assert.equal(result.halfClass, 'Uint16Array');
});

test('a page with a strict Content-Security-Policy (no eval) loads and runs the module', async () => {
  const { result, problems } = await runPage(browser, `http://127.0.0.1:${server.address().port}/csp.html`);
  assert.deepEqual(problems, []);
  assert.deepEqual(result, { data: [3, 4, 5, 6, 8, 10], q: -4 });
});

test('a sample of the numpy golden cases gives the same bits in Chromium', async () => {
  const { result, problems } = await runPage(browser, `http://127.0.0.1:${server.address().port}/golden.html`);
  assert.deepEqual(problems, []);
  assert.ok(result.ran > 250, `ran ${result.ran}`);
  assert.equal(result.dtypes, DTYPE_NAMES.length, 'every dtype the tests know');
  assert.deepEqual(result.problems, []);
});

// Runs fn in the page served as index.html once its module has loaded, and gives what fn returns.
async function inPage(fn) {
  const page = await browser.newPage();
  try {
    await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
    await page.waitForFunction(() => window.done === true);
    return await page.evaluate(fn);
  } finally {
    await page.close();
  }
}

test('float16 through Chromium\'s Float16Array: values in, values out', async () => {
  const out = await inPage(async () => {
    const { multiply, divide } = await import('/web/index.js');
    if (typeof Float16Array !== 'function') return 'no Float16Array';
    const r = multiply({ data: new Float16Array([1.5, 65504, 2 ** -24]), shape: [3] }, 2);
    const q = divide(1, { data: new Float16Array([3]), shape: [1] });
    return { cls: r.data.constructor.name, values: Array.from(r.data), q: q.data[0], qcls: q.data.constructor.name };
  });
  assert.deepEqual(out, { cls: 'Float16Array', values: [3, Infinity, 2 ** -23], q: 0.333251953125, qcls: 'Float16Array' });
});

test('the browser\'s ImageData is an operand: its RGBA bytes as uint8 [height, width, 4]', async () => {
  const out = await inPage(async () => {
    const { multiply, expr } = await import('/web/index.js');
    const image = new ImageData(3, 2); // width 3, height 2
    for (let i = 0; i < image.data.length; ++i) image.data[i] = i;
    const r = multiply(image, { data: new Uint8Array([1, 2, 1, 1]), shape: [4] });
    const scaled = expr('x / 255', { dtype: 'float32' })({ x: image });
    let bad;
    try { multiply({ data: image.data, width: 3, height: 2, shape: [2, 3, 4] }, 1); } catch (e) { bad = `${e.name}: ${e.message}`; }
    return { shape: r.shape, dtype: r.dtype, data: Array.from(r.data), scaled: [scaled.shape, scaled.data[23]], bad };
  });
  assert.deepEqual(out.shape, [2, 3, 4]);
  assert.equal(out.dtype, 'uint8');
  assert.deepEqual(out.data, Array.from({ length: 24 }, (_, i) => (i % 4 === 1 ? 2 * i : i)));
  assert.deepEqual(out.scaled, [[2, 3, 4], Math.fround(23 / 255)]);
  assert.match(out.bad, /^TypeError: .*"shape", a key an operand does not have/);
});

test('bulk float16 conversions with Chromium\'s Float16Array: a Float16Array out, its bits in', async () => {
  const out = await inPage(async () => {
    const { float32ToFloat16, float16ToFloat32 } = await import('/web/index.js');
    if (typeof Float16Array !== 'function') return 'no Float16Array';
    const h = float32ToFloat16(new Float32Array([1.5, 0.1, 70000, -(2 ** -24)]));
    const into = new Float16Array(4);
    float32ToFloat16(new Float32Array([1, 2, 3, 4]), { out: into });
    // A signalling NaN's bits in a Float16Array, read as bits: widened with its payload.
    const nan = new Float16Array(1);
    new Uint16Array(nan.buffer)[0] = 0x7c01;
    const wide = float16ToFloat32(nan);
    return {
      cls: h.constructor.name, bits: Array.from(new Uint16Array(h.buffer)), into: Array.from(into),
      back: Array.from(float16ToFloat32(h)), nan: new Uint32Array(wide.buffer)[0],
    };
  });
  assert.deepEqual(out, {
    cls: 'Float16Array', bits: [0x3e00, 0x2e66, 0x7c00, 0x8001], into: [1, 2, 3, 4],
    back: [1.5, 0.0999755859375, Infinity, -(2 ** -24)], nan: 0x7f802000,
  });
});
