// The package in Chromium from a plain <script type="module"> page, no bundler.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, mkdtempSync, cpSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPECTED, PAGE_SCRIPT, launchChromium, repoRoot, runPage, serve } from './helpers.js';

let browser;
let server;
let root;

before(async () => {
  // Serve a copy of web/ and dist/ next to the page, as a static site would.
  root = mkdtempSync(join(tmpdir(), 'tensorwise-page-'));
  cpSync(join(repoRoot, 'web'), join(root, 'web'), { recursive: true });
  mkdirSync(join(root, 'dist'));
  for (const f of ['tensorwise.js', 'tensorwise.wasm']) cpSync(join(repoRoot, 'dist', f), join(root, 'dist', f));
  const page = readFileSync(new URL('./pages/smoke.html', import.meta.url), 'utf8').replace('__PAGE_SCRIPT__', PAGE_SCRIPT);
  writeFileSync(join(root, 'index.html'), page);
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
