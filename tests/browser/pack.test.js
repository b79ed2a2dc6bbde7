// `npm pack`, installed into an empty folder, used from Node and from a browser page there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXPECTED, PAGE_SCRIPT, installIntoEmptyFolder, launchChromium, packTarball, runPage, serve } from './helpers.js';

let app;
before(() => {
  app = installIntoEmptyFolder();
});

test('the tarball holds the runtime, the types and nothing of the sources or tests', () => {
  const files = execFileSync('tar', ['-tzf', packTarball()], { encoding: 'utf8' }).trim().split('\n');
  for (const f of ['package/dist/tensorwise.wasm', 'package/dist/tensorwise.js', 'package/web/index.js',
    'package/web/index.d.ts', 'package/package.json', 'package/README.md']) {
    assert.ok(files.includes(f), `${f} missing from the tarball`);
  }
  assert.deepEqual(files.filter((f) => /^package\/(src|tests|bindings|demo|scripts|bench|build)\//.test(f)), []);
});

test('Node: import from "tensorwise" in the new folder', () => {
  const out = execFileSync('node', ['--input-type=module', '-e', `
    import { init, multiply, divide } from 'tensorwise';
    ${PAGE_SCRIPT.replaceAll('window.', 'globalThis.')}
    if (globalThis.failed) throw new Error(globalThis.failed);
    console.log(JSON.stringify(globalThis.result));`], { cwd: app, encoding: 'utf8' });
  const result = JSON.parse(out);
  assert.deepEqual(result.shape, EXPECTED.shape);
  assert.deepEqual(result.data, EXPECTED.data);
  assert.deepEqual(result.half, EXPECTED.half);
});

test('Node: the installed types are the package\'s types entry', () => {
  const pkg = JSON.parse(readFileSync(join(app, 'node_modules/tensorwise/package.json'), 'utf8'));
  assert.equal(pkg.exports['.'].types, './web/index.d.ts');
  assert.ok(readFileSync(join(app, 'node_modules/tensorwise/web/index.d.ts'), 'utf8').includes('export function multiply'));
});

let browser;
let server;
after(async () => {
  await browser?.close();
  server?.close();
});

test('browser: a page in the new folder loads the installed package', async () => {
  const page = readFileSync(new URL('./pages/smoke.html', import.meta.url), 'utf8')
    .replace('__PAGE_SCRIPT__', PAGE_SCRIPT).replace("'/web/index.js'", "'./node_modules/tensorwise/web/index.js'");
  writeFileSync(join(app, 'index.html'), page);
  server = await serve(app);
  browser = await launchChromium();
  const { result, problems } = await runPage(browser, `http://127.0.0.1:${server.address().port}/index.html`);
  assert.deepEqual(problems, []);
  assert.deepEqual(result.data, EXPECTED.data);
});
