// Through a bundler: a Vite production build of an app that imports 'tensorwise' from the
// installed tarball, served and opened in Chromium. The .wasm must be found with no config.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EXPECTED, PAGE_SCRIPT, installIntoEmptyFolder, launchChromium, runPage, serve } from './helpers.js';

let browser;
let server;
after(async () => {
  await browser?.close();
  server?.close();
});

test('a Vite build finds the wasm module with no configuration', async () => {
  const app = installIntoEmptyFolder({
    'index.html': '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">' +
      '<script type="module" src="/main.js"></script>',
    'main.js': `import { init, multiply, divide } from 'tensorwise';\n${PAGE_SCRIPT}\n`,
  });
  const { build } = await import('vite');
  await build({
    root: app,
    logLevel: 'warn',
    configFile: false,
    build: { outDir: join(app, 'dist'), target: 'es2022' },
  });
  const assets = readdirSync(join(app, 'dist', 'assets'));
  assert.ok(assets.some((f) => f.endsWith('.wasm')), `no .wasm emitted: ${assets.join(', ')}`);
  server = await serve(join(app, 'dist'));
  browser = await launchChromium();
  const { result, problems } = await runPage(browser, `http://127.0.0.1:${server.address().port}/index.html`);
  assert.deepEqual(problems, []);
  assert.deepEqual(result.shape, EXPECTED.shape);
  assert.deepEqual(result.data, EXPECTED.data);
});
