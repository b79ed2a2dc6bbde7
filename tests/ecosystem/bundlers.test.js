// Bundlers, each in a fresh project with the tarball installed and no configuration file: the
// bundle is built with the tool's own command line (or API, for the dev server) and run where
// it was built for, in Chromium for pages and in Node for Node bundles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EXPECTED, inChromium, launchChromium, printed, project, run, runPage, serve } from './helpers.js';

const bin = (dir, name) => join(dir, 'node_modules', '.bin', name);

test('esbuild: --bundle --format=esm for a page, --platform=node (CommonJS) and --platform=node --format=esm', async () => {
  const dir = await project('esbuild', { browserEntry: true });
  await run(bin(dir, 'esbuild'), ['src/main.js', '--bundle', '--format=esm', '--outfile=out/browser.js'], { cwd: dir });
  await run(bin(dir, 'esbuild'), ['src/main.js', '--bundle', '--platform=node', '--outfile=out/node.cjs'], { cwd: dir });
  await run(bin(dir, 'esbuild'), ['src/main.js', '--bundle', '--platform=node', '--format=esm', '--outfile=out/node.mjs'], { cwd: dir });
  assert.deepEqual(await inChromium(dir), EXPECTED);
  await inlineWhenIsolated(dir);
  // Run from another folder: the bundles must not need the project's node_modules.
  assert.deepEqual(printed((await run('node', [join(dir, 'out', 'node.cjs')], { cwd: '/' })).stdout), EXPECTED);
  assert.deepEqual(printed((await run('node', [join(dir, 'out', 'node.mjs')], { cwd: '/' })).stdout), EXPECTED);
});

test('Rollup with @rollup/plugin-node-resolve (command line, ES output for a page)', async () => {
  const dir = await project('rollup', { browserEntry: true });
  await run(bin(dir, 'rollup'), ['src/main.js', '-o', 'out/main.js', '-f', 'es', '-p', '@rollup/plugin-node-resolve'], { cwd: dir });
  assert.deepEqual(await inChromium(dir), EXPECTED);
  await inlineWhenIsolated(dir);
});

test('webpack 5 with no configuration file (src/index.js -> dist/main.js), the .wasm emitted as an asset; a Node-target bundle with a site\'s public path, with tensorwise and tensorwise/file', async () => {
  const dir = await project('webpack', { browserEntry: true });
  await run('mv', ['src/main.js', 'src/index.js'], { cwd: dir });
  const { stdout } = await run(bin(dir, 'webpack'), ['--mode=production'], { cwd: dir });
  assert.doesNotMatch(stdout, /WARNING|ERROR/, stdout);
  assert.ok(readdirSync(join(dir, 'dist')).some((f) => f.endsWith('.wasm')), 'webpack emitted no .wasm');
  assert.deepEqual(await inChromium(dir), EXPECTED);
  await threadsWhenIsolated(dir);
  // A server bundle (Node target) whose public path is a site's, as Next.js's is: an emitted
  // asset's URL would be /_next/<hash>.wasm, no file in Node. Run from another folder.
  await run(bin(dir, 'webpack'), ['--mode=production', '--target=node', '--output-path=out-node', '--output-filename=main.cjs',
    '--output-public-path=/_next/'], { cwd: dir });
  assert.deepEqual(printed((await run('node', [join(dir, 'out-node', 'main.cjs')], { cwd: '/' })).stdout), EXPECTED);
  // The same with tensorwise/file: the .wasm files are emitted beside main.cjs, and found there.
  const index = readFileSync(join(dir, 'src', 'index.js'), 'utf8');
  writeFileSync(join(dir, 'src', 'file.js'), index.replace("from 'tensorwise'", "from 'tensorwise/file'"));
  await run(bin(dir, 'webpack'), ['--mode=production', '--target=node', '--entry=./src/file.js', '--output-path=out-file',
    '--output-filename=main.cjs', '--output-public-path=/_next/'], { cwd: dir });
  assert.ok(readdirSync(join(dir, 'out-file')).some((f) => f.endsWith('.wasm')), 'webpack emitted no .wasm');
  assert.deepEqual(printed((await run('node', [join(dir, 'out-file', 'main.cjs')], { cwd: '/' })).stdout), EXPECTED);
});

test('Rsbuild (Rspack): rsbuild build for a page (no configuration file), and for Node (output.target: node) run from another folder', async () => {
  // Rsbuild makes its own index.html (the fixture's public/favicon.ico, empty, spares Chromium a
  // 404 for the icon it asks for).
  const dir = await project('rsbuild', { browserEntry: true });
  await run('mv', ['src/main.js', 'src/index.js'], { cwd: dir });
  await run(bin(dir, 'rsbuild'), ['build'], { cwd: dir });
  assert.ok(readdirSync(join(dir, 'dist', 'static', 'wasm')).some((f) => f.endsWith('.wasm')), 'Rsbuild emitted no .wasm');
  assert.deepEqual(await inChromium(join(dir, 'dist')), EXPECTED);
  await threadsWhenIsolated(join(dir, 'dist'));
  // The one line any Node build with Rsbuild needs. Its asset URLs are site paths
  // (file:///static/wasm/... in Node): the node condition gives it the inline build.
  writeFileSync(join(dir, 'rsbuild.config.mjs'), "export default { output: { target: 'node', distPath: { root: 'dist-node' } } };\n");
  await run(bin(dir, 'rsbuild'), ['build'], { cwd: dir });
  assert.deepEqual(printed((await run('node', [join(dir, 'dist-node', 'index.js')], { cwd: '/' })).stdout), EXPECTED);
});

test("Vite: vite build, served, in Chromium (no warnings); with 'tensorwise/file' the .wasm is an asset", async () => {
  const dir = await project('vite', { browserEntry: true });
  const { stdout, stderr } = await run(bin(dir, 'vite'), ['build'], { cwd: dir });
  assert.doesNotMatch(`${stdout}${stderr}`, /warn|error/i, `${stdout}${stderr}`);
  assert.deepEqual(await inChromium(join(dir, 'dist')), EXPECTED);
  await inlineWhenIsolated(join(dir, 'dist'));

  const main = join(dir, 'src', 'main.js');
  writeFileSync(main, readFileSync(main, 'utf8').replace("from 'tensorwise'", "from 'tensorwise/file'"));
  const file = await run(bin(dir, 'vite'), ['build'], { cwd: dir });
  assert.doesNotMatch(`${file.stdout}${file.stderr}`, /warn|error/i, `${file.stdout}${file.stderr}`);
  assert.ok(readdirSync(join(dir, 'dist', 'assets')).some((f) => f.endsWith('.wasm')), 'Vite emitted no .wasm');
  assert.deepEqual(await inChromium(join(dir, 'dist')), EXPECTED);
});

test('Vite SSR: vite build --ssr with the package external (run in the project) and bundled (ssr.noExternal, run from another folder)', async () => {
  const dir = await project('vite-ssr', { fixture: 'vite', browserEntry: true });
  await run(bin(dir, 'vite'), ['build', '--ssr', 'src/main.js', '--outDir', 'out-external'], { cwd: dir });
  assert.match(readFileSync(join(dir, 'out-external', 'main.js'), 'utf8'), /from ["']tensorwise["']/, 'the package was bundled');
  assert.deepEqual(printed((await run('node', [join('out-external', 'main.js')], { cwd: dir })).stdout), EXPECTED);
  writeFileSync(join(dir, 'vite.config.js'), 'export default { ssr: { noExternal: true } };\n');
  await run(bin(dir, 'vite'), ['build', '--ssr', 'src/main.js', '--outDir', 'out-bundled'], { cwd: dir });
  assert.doesNotMatch(readFileSync(join(dir, 'out-bundled', 'main.js'), 'utf8'), /from ["']tensorwise["']/, 'the package was not bundled');
  assert.deepEqual(printed((await run('node', [join(dir, 'out-bundled', 'main.js')], { cwd: '/' })).stdout), EXPECTED);
});

test('Vite: the dev server (dependency pre-bundling included), in Chromium', async () => {
  const dir = await project('vite-dev', { fixture: 'vite', browserEntry: true });
  const { createServer } = await import(pathToFileURL(join(dir, 'node_modules', 'vite', 'dist', 'node', 'index.js')).href);
  const server = await createServer({ root: dir, logLevel: 'error', server: { host: '127.0.0.1', port: 0 } });
  await server.listen();
  try {
    assert.deepEqual(await inChromium(dir, '/index.html', { server: server.httpServer }), EXPECTED);
  } finally {
    await server.close();
  }
});

test('Parcel: parcel build index.html, served, in Chromium', async () => {
  const dir = await project('parcel', { browserEntry: true });
  await run(bin(dir, 'parcel'), ['build', 'index.html', '--dist-dir', 'out', '--no-cache'], { cwd: dir, env: { ...process.env, PARCEL_WORKERS: '1' } });
  assert.deepEqual(await inChromium(join(dir, 'out')), EXPECTED);
  await inlineWhenIsolated(join(dir, 'out'));
});

test('bun build: --target browser (in Chromium) and --target node (run by Node)', async () => {
  const dir = await project('bun', { browserEntry: true });
  await run(bin(dir, 'bun'), ['build', 'src/main.js', '--target', 'browser', '--outdir', 'out/browser'], { cwd: dir });
  await run(bin(dir, 'bun'), ['build', 'src/main.js', '--target', 'node', '--outdir', 'out/node'], { cwd: dir });
  assert.deepEqual(await inChromium(dir), EXPECTED);
  await inlineWhenIsolated(dir);
  assert.deepEqual(printed((await run('node', [join(dir, 'out', 'node', 'main.js')], { cwd: '/' })).stdout), EXPECTED);
});

test("Vite: a module worker with top-level await (vite.config.js: worker.format 'es'), built, in Chromium", async () => {
  const dir = await project('vite-worker');
  await run(bin(dir, 'vite'), ['build'], { cwd: dir });
  assert.deepEqual(await inChromium(join(dir, 'dist')), EXPECTED);
  // Without the setting, the build stops and says why.
  await run('rm', ['vite.config.js'], { cwd: dir });
  await assert.rejects(run(bin(dir, 'vite'), ['build'], { cwd: dir }), /does not support top-level await/);
});

/**
 * The page at dir/index.html served with the headers that make it cross-origin isolated:
 * { result, threads, warnings } (threads: what threads() said after init).
 */
async function inIsolatedChromium(dir) {
  const server = await serve(dir, 0, { isolated: true });
  const browser = await launchChromium();
  try {
    const { result, threads, problems, warnings } = await runPage(browser, `http://127.0.0.1:${server.address().port}/index.html`);
    if (problems.length) throw new Error(problems.join('\n'));
    return { result, threads, warnings };
  } finally {
    await browser.close();
    server.close();
  }
}

// A build that emits the threaded .wasm runs on threads when its page is served isolated: as many
// as 'auto' gives (the cores there are, at most 16), with nothing on the console.
async function threadsWhenIsolated(dir) {
  const isolated = await inIsolatedChromium(dir);
  assert.deepEqual(isolated.result, EXPECTED);
  assert.equal(isolated.threads, Math.min(16, availableParallelism()));
  assert.deepEqual(isolated.warnings, []);
}

// A build that picks the inline build (no threads) says so once when its page is served isolated.
async function inlineWhenIsolated(dir) {
  const isolated = await inIsolatedChromium(dir);
  assert.deepEqual(isolated.result, EXPECTED);
  assert.equal(isolated.threads, 1);
  assert.deepEqual(isolated.warnings, ["tensorwise: this page is cross-origin isolated, but the inline build has no threads (import 'tensorwise/file' for them); running on 1 thread"]);
}
