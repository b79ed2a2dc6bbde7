// Runtimes and test runners, each in a fresh project with the tarball installed and no
// configuration: Node (ESM, worker_threads, CommonJS as on Node < 20.19), Jest's defaults,
// Vitest, Bun and Deno (both from npm), a module worker and a page importing the package from
// another origin through an import map, as from a CDN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { EXPECTED, freePort, inChromium, printed, project, repoRoot, run, startServer, tarball, writeFile } from './helpers.js';

const bin = (dir, name) => join(dir, 'node_modules', '.bin', name);

test('Node ESM: import from "tensorwise", also inside worker_threads', async () => {
  const dir = await project('node');
  assert.deepEqual(printed((await run('node', ['main.js'], { cwd: dir })).stdout), EXPECTED);
  assert.deepEqual(printed((await run('node', ['threads.js'], { cwd: dir })).stdout), EXPECTED);
});

test("Node, ESM and CommonJS: init()'s 'auto' runs on the cores there are (the threaded build), same bits, no warning, exits", async () => {
  for (const [fixture, script, args] of [['node', 'pool.js', []], ['cjs', 'pool.cjs', ['--no-experimental-require-module']]]) {
    const dir = await project(fixture);
    const { stdout, stderr } = await run('node', [...args, script], { cwd: dir, timeout: 60000 });
    const seen = JSON.parse(stdout.trim());
    assert.deepEqual(seen, { threads: seen.expected, expected: seen.expected, same: true, warnings: [] }, script);
    assert.equal(stderr, '', script);
  }
});

test('the README quick start, pasted into quickstart.mjs in a new project, prints what the README says', async () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf('## Quick start');
  const section = readme.slice(start, readme.indexOf('\n## ', start));
  const code = section.match(/```js\n([\s\S]*?)```/)[1];
  const expected = section.match(/It prints:\n\n```text\n([\s\S]*?)```/)[1];
  const dir = await project('quickstart', { fixture: 'cjs' }); // a package.json with no "type"
  writeFile(dir, 'quickstart.mjs', code);
  const { stdout } = await run('node', ['quickstart.mjs'], { cwd: dir });
  assert.equal(stdout, expected);
});

test('Node CommonJS: require("tensorwise") with --no-experimental-require-module (as Node < 20.19)', async () => {
  const dir = await project('cjs');
  const { stdout } = await run('node', ['--no-experimental-require-module', 'check.cjs'], { cwd: dir });
  assert.deepEqual(printed(stdout), EXPECTED);
});

test("Jest with its default (CommonJS) set-up: npx jest, no configuration file", async () => {
  const dir = await project('jest');
  const { stdout, stderr } = await run(bin(dir, 'jest'), ['--ci'], { cwd: dir });
  assert.match(`${stdout}${stderr}`, /Tests:\s+1 passed, 1 total/);
});

test('Vitest with no configuration file: vitest run', async () => {
  const dir = await project('vitest');
  const { stdout, stderr } = await run(bin(dir, 'vitest'), ['run'], { cwd: dir, env: { ...process.env, CI: 'true', NO_COLOR: '1' } });
  assert.match(`${stdout}${stderr}`.replace(/\x1b\[[0-9;]*m/g, ''), /Tests\s+1 passed \(1\)/);
});

test('Bun (npm i bun): bun main.js', async () => {
  const dir = await project('bun');
  assert.deepEqual(printed((await run(bin(dir, 'bun'), ['main.js'], { cwd: dir })).stdout), EXPECTED);
});

test('Deno (npm i deno): deno run main.js, with no permission flags', async () => {
  const dir = await project('deno');
  const { stdout } = await run(bin(dir, 'deno'), ['run', '--no-prompt', 'main.js'], { cwd: dir, env: { ...process.env, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' } });
  assert.deepEqual(printed(stdout), EXPECTED);
});

// Bundled as wrangler bundles a Worker (esbuild with its conditions; an imported .wasm stays an
// import and is uploaded as a compiled module beside it) and run in workerd from npm, which, as
// Cloudflare does, refuses to compile WebAssembly from bytes.
test('Cloudflare Workers (workerd): import from "tensorwise" unchanged, the .wasm a compiled module', async () => {
  const dir = await project('workerd');
  await run(bin(dir, 'esbuild'), ['worker.js', '--bundle', '--format=esm', '--platform=neutral', '--conditions=workerd,worker,browser',
    '--main-fields=browser,module,main', '--external:*.wasm', '--outfile=out/worker.js', '--log-level=error'], { cwd: dir });
  copyFileSync(join(dir, 'node_modules', 'tensorwise', 'dist', 'tensorwise.wasm'), join(dir, 'out', 'tensorwise.wasm'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const workerd = await startServer(bin(dir, 'workerd'), ['serve', 'config.capnp', `--socket-addr=http=127.0.0.1:${port}`], url, { cwd: dir });
  try {
    const response = await fetch(url);
    const text = await response.text();
    assert.equal(response.status, 200, `${text}\n${workerd.log()}`);
    assert.deepEqual(JSON.parse(text), EXPECTED);
  } finally {
    await workerd.stop();
  }
});

test('a module worker in Chromium importing the installed files (no bundler)', async () => {
  const dir = await project('worker');
  assert.deepEqual(await inChromium(dir), EXPECTED);
});

// A CDN serves the package's files at /npm/<name>@<version>/ from its own origin, with CORS.
function cdn(root) {
  const types = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm', '.map': 'application/json' };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^\/npm\/tensorwise@0\.1\.0\//, '/');
    try {
      const body = readFileSync(join(root, path));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream', 'access-control-allow-origin': '*' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'access-control-allow-origin': '*' });
      res.end();
    }
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

test('a page importing the package from another origin through an import map, as from a CDN', async () => {
  const dir = await project('cdn');
  const files = join(dir, 'cdn-files');
  mkdirSync(files, { recursive: true });
  await run('tar', ['-xzf', await tarball(), '-C', files, '--strip-components=1']);
  const server = await cdn(files);
  try {
    const page = readFileSync(join(dir, 'index.html'), 'utf8').replaceAll('__CDN__', `http://127.0.0.1:${server.address().port}`);
    writeFile(dir, 'index.html', page);
    assert.deepEqual(await inChromium(dir), EXPECTED);
  } finally {
    server.close();
  }
});

test('Content-Security-Policy: runs under script-src \'self\' \'wasm-unsafe-eval\'; without it, init() says what to add', async () => {
  const dir = await project('csp');
  assert.deepEqual(await inChromium(dir, '/allowed.html'), EXPECTED);
  const { launchChromium, runPage, serve } = await import('../browser/helpers.js');
  const server = await serve(dir);
  const browser = await launchChromium();
  try {
    const { result, problems } = await runPage(browser, `http://127.0.0.1:${server.address().port}/blocked.html`);
    assert.equal(result.name, 'Error');
    assert.match(result.message, /^tensorwise: this page's Content-Security-Policy does not allow WebAssembly to compile\. Add 'wasm-unsafe-eval' to its script-src directive/);
    assert.doesNotMatch(result.message, /ASSERTIONS/);
    // The only console error is the browser's own report of the blocked compilation.
    assert.ok(problems.every((p) => /Content Security Policy|wasm-unsafe-eval/.test(p)), problems.join('\n'));
  } finally {
    await browser.close();
    server.close();
  }
});
