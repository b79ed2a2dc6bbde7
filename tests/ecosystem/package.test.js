// The tarball itself: what it holds, what its exports map gives each kind of tool, and what a
// user's default import costs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { project, run, tarball } from './helpers.js';

test('the tarball holds the published files, LICENSE and notices, and nothing of the sources or tests', async () => {
  const { stdout } = await run('tar', ['-tzf', await tarball()]);
  const files = stdout.trim().split('\n').map((f) => f.replace(/^package\//, '')).sort();
  assert.deepEqual(files, [
    'LICENSE', 'README.md', 'THIRD_PARTY_NOTICES.md',
    'dist/index.cjs', 'dist/index.cjs.map', 'dist/index.d.cts', 'dist/index.d.ts', 'dist/index.mjs', 'dist/index.mjs.map',
    'dist/inline.cjs', 'dist/inline.cjs.map', 'dist/inline.mjs', 'dist/inline.mjs.map',
    'dist/tensorwise-mt.wasm', 'dist/tensorwise.wasm', 'dist/webpack-node.mjs', 'dist/webpack-node.mjs.map',
    'dist/workerd.mjs', 'dist/workerd.mjs.map',
    'package.json',
  ]);
});

test('each condition set resolves to the build that works there (Node\'s resolver with the tools\' conditions)', async () => {
  const dir = await project('node');
  const pkg = join(dir, 'node_modules', 'tensorwise');
  // node --conditions adds to Node's own (node, import or require, default), so only the
  // conditions that come before those in the map are tried here.
  const resolve = async (conditions, specifier = 'tensorwise', kind = 'import') => {
    const flags = conditions.flatMap((c) => ['--conditions', c]);
    const code = kind === 'import' ? `console.log(import.meta.resolve(${JSON.stringify(specifier)}))` : `console.log(require.resolve(${JSON.stringify(specifier)}))`;
    const { stdout } = await run('node', [...flags, kind === 'import' ? '--input-type=module' : '--input-type=commonjs', '-e', code], { cwd: dir });
    return stdout.trim().replace(/^file:\/\//, '').replace(`${pkg}/`, '');
  };
  assert.equal(await resolve([]), 'dist/index.mjs'); // Node ESM
  assert.equal(await resolve([], 'tensorwise', 'require'), 'dist/index.cjs'); // Node CommonJS, Jest
  // Node's own `node` condition is always on here: webpack's pages (dist/index.mjs, the .wasm
  // emitted) are checked by the webpack test itself, its Node-target bundles here.
  assert.equal(await resolve(['webpack', 'production', 'module']), 'dist/inline.mjs'); // webpack --target=node
  assert.equal(await resolve(['workerd', 'worker', 'browser', 'module']), 'dist/workerd.mjs'); // wrangler (Cloudflare Workers)
  assert.equal(await resolve(['module', 'browser', 'production']), 'dist/inline.mjs'); // Vite, Rollup, esbuild
  assert.equal(await resolve(['browser'], 'tensorwise', 'require'), 'dist/inline.cjs'); // Jest with jsdom
  assert.equal(await resolve(['deno']), 'dist/inline.mjs');
  assert.equal(await resolve(['bun']), 'dist/inline.mjs');
  assert.equal(await resolve(['development']), 'dist/inline.mjs'); // bun build --target node
  assert.equal(await resolve([], 'tensorwise/inline'), 'dist/inline.mjs');
  assert.equal(await resolve(['module'], 'tensorwise/file'), 'dist/index.mjs');
  assert.equal(await resolve([], 'tensorwise/file', 'require'), 'dist/index.cjs');
  // webpack --target=node, Next.js's server: the .wasm webpack emits, found in its output folder.
  assert.equal(await resolve(['webpack', 'production', 'module'], 'tensorwise/file'), 'dist/webpack-node.mjs');
  assert.equal(await resolve(['webpack'], 'tensorwise/file', 'require'), 'dist/webpack-node.mjs');
  assert.equal(await resolve([], 'tensorwise/tensorwise.wasm'), 'dist/tensorwise.wasm');
  assert.equal(await resolve([], 'tensorwise/dist/tensorwise.wasm'), 'dist/tensorwise.wasm');
});

test('the default import loads one JS file and the .wasm: at most 53 KB gzipped; threads load their .wasm too', async () => {
  const dir = await project('node');
  const pkg = join(dir, 'node_modules', 'tensorwise', 'dist');
  const gz = (f) => gzipSync(readFileSync(join(pkg, f)), { level: 9 }).length;
  // Where threads are not used (a page that is not cross-origin isolated): KB as in the README.
  // 50 KB until expressions and casts (the issue that asked for them allowed 4 KB more than the
  // 50,985 bytes before them; removing Embind paid for most of it).
  const total = gz('index.mjs') + gz('tensorwise.wasm');
  assert.ok(total <= 53 * 1024, `${total} bytes gzipped`);
  // The threaded build is no larger than the default one but for its atomics.
  assert.ok(gz('tensorwise-mt.wasm') <= gz('tensorwise.wasm') + 512, `${gz('tensorwise-mt.wasm')} bytes gzipped`);
  // One file: no static import of another module.
  const statement = readFileSync(join(pkg, 'index.mjs'), 'utf8').match(/(^|[;}])\s*import\s*[{*\w"'][^;]{0,80}/);
  assert.equal(statement, null, `an import statement: ${statement?.[0]}`);
});
