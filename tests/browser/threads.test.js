// Threads in Chromium (docs/contract.md, "Threads"): a page served with COOP/COEP is cross-origin
// isolated and shares large ops with workers; the same page without them runs on one thread,
// as it did before threads existed, and says so once when asked for more. Same bits either way.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, repoRoot, runPage, serve } from './helpers.js';

let browser;
let isolated;
let plain;

before(async () => {
  const root = mkdtempSync(join(tmpdir(), 'tensorwise-threads-'));
  cpSync(join(repoRoot, 'web'), join(root, 'web'), { recursive: true });
  mkdirSync(join(root, 'dist'));
  for (const f of ['wasm-interface.js', 'tensorwise.wasm', 'tensorwise-mt.wasm']) cpSync(join(repoRoot, 'dist', f), join(root, 'dist', f));
  mkdirSync(join(root, 'golden'));
  for (const f of ['check.js', 'cases.json']) cpSync(join(repoRoot, 'tests', 'golden', f), join(root, 'golden', f));
  mkdirSync(join(root, 'js'));
  cpSync(join(repoRoot, 'tests', 'js', 'dtypes.js'), join(root, 'js', 'dtypes.js'));
  cpSync(join(repoRoot, 'tests', 'js', 'exact-math.js'), join(root, 'js', 'exact-math.js')); // which dtypes.js imports
  cpSync(new URL('./pages/threads.html', import.meta.url), join(root, 'threads.html'));
  isolated = await serve(root, 0, { isolated: true });
  plain = await serve(root);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  isolated?.close();
  plain?.close();
});

const url = (server, query = '') => `http://127.0.0.1:${server.address().port}/threads.html${query}`;

function assertRight(result) {
  assert.equal(result.sameBits, true, 'the same bits on 1 thread');
  assert.equal(result.threadsAfterSetThreads1, 1);
  assert.ok(result.golden.ran > 250, `ran ${result.golden.ran}`);
  assert.deepEqual(result.golden.problems, []);
}

// On a machine of one core the page is made to see two: what is tested is how threads behave.
const TWO_CORES = 'Object.defineProperty(Navigator.prototype, "hardwareConcurrency", { get: () => 2 });';

test('a page served with COOP/COEP is cross-origin isolated and shares large ops with its workers', async () => {
  const { result, problems } = await runPage(browser, url(isolated),
    availableParallelism() < 2 ? { initScript: TWO_CORES } : {});
  assert.deepEqual(problems, []);
  assert.equal(result.isolated, true);
  const want = Math.min(16, result.cores);
  assert.ok(want >= 2, `the page sees ${result.cores} cores`);
  assert.equal(result.threads, want, "'auto': the cores there are, at most 16");
  assert.equal(result.workers, want - 1, 'init() resolved with the workers running');
  assert.ok(result.workerTiles > 0, 'the workers took tiles of the large ops');
  assertRight(result);
});

test('the same page without COOP/COEP runs on one thread, and warns once when asked for 2', async () => {
  const auto = await runPage(browser, url(plain));
  assert.deepEqual(auto.problems, []);
  assert.equal(auto.result.isolated, false);
  assert.equal(auto.result.threads, 1);
  assert.equal(auto.result.workerTiles, 0);
  assertRight(auto.result);
  assert.deepEqual(auto.warnings, []);
  const asked = await runPage(browser, url(plain, '?threads=2'));
  assert.deepEqual(asked.problems, []);
  assert.equal(asked.result.threads, 1);
  assert.equal(asked.warnings.length, 1, 'one warning, though setThreads asked again');
  assert.match(asked.warnings[0], /2 threads were asked for, but this page is not cross-origin isolated .*Cross-Origin-Opener-Policy.*running on 1 thread/);
  assertRight(asked.result);
});
