// The tarball itself: what it holds, what its exports map gives each kind of tool, and what a
// user's default import costs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { project, run, tarball } from './helpers.js';

test('the tarball holds the published files, LICENSE and notices, and nothing of the sources or tests', async () => {
  const { stdout } = await run('tar', ['-tzf', await tarball()]);
  const files = stdout.trim().split('\n').map((f) => f.replace(/^package\//, '')).sort();
  assert.deepEqual(files, [
    'CONTRIBUTING.md', 'LICENSE', 'README.md', 'THIRD_PARTY_NOTICES.md',
    'dist/index.cjs', 'dist/index.cjs.map', 'dist/index.d.cts', 'dist/index.d.ts', 'dist/index.mjs', 'dist/index.mjs.map',
    'dist/inline.cjs', 'dist/inline.cjs.map', 'dist/inline.mjs', 'dist/inline.mjs.map', 'dist/pool.mjs', 'dist/pool.mjs.map',
    'dist/tensorwise-mt.wasm', 'dist/tensorwise.wasm', 'dist/webpack-node.mjs', 'dist/webpack-node.mjs.map',
    'dist/workerd.mjs', 'dist/workerd.mjs.map',
    'docs/contract.md', 'docs/float16-conversions.md', 'docs/hosts.md', 'docs/performance.md', 'docs/threads.md',
    'package.json',
  ]);
});

// A heading's anchor as GitHub and npm's registry page make it: lower case, spaces to '-', what
// is neither a word character nor '-' dropped.
const slug = (heading) => heading.trim().toLowerCase().replace(/[^\w\- ]/g, '').replace(/ /g, '-');
const anchorsOf = (text) => new Set(text.split('\n').filter((l) => /^#{1,6} /.test(l)).map((l) => slug(l.replace(/^#+ /, ''))));

test('every link of the README, the shipped docs and the types leads to a file in the installed package (and its heading)', async () => {
  const dir = await project('node');
  const pkg = join(dir, 'node_modules', 'tensorwise');
  const docs = readdirSync(join(pkg, 'docs')).map((f) => join('docs', f));
  const broken = [];
  let links = 0;
  for (const file of ['README.md', 'CONTRIBUTING.md', ...docs]) {
    const text = readFileSync(join(pkg, file), 'utf8').replace(/```[\s\S]*?```/g, ''); // code is not links
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      links += 1;
      if (/^[a-z]+:/i.test(target)) { // the project has no home of its own: no link may leave the package
        broken.push(`${file}: ${target} leaves the package`);
        continue;
      }
      const [path, anchor] = target.split('#');
      const at = path === '' ? join(pkg, file) : join(pkg, dirname(file), path);
      if (!existsSync(at) || relative(pkg, at).startsWith('..')) broken.push(`${file}: ${target} is not in the package`);
      else if (anchor !== undefined && !anchorsOf(readFileSync(at, 'utf8')).has(anchor)) broken.push(`${file}: ${target} has no such heading`);
    }
  }
  // The types name the docs by their path in the package.
  for (const file of ['dist/index.d.ts', 'dist/index.d.cts']) {
    for (const [path] of readFileSync(join(pkg, file), 'utf8').matchAll(/docs\/[\w.-]+\.md/g)) {
      links += 1;
      if (!existsSync(join(pkg, path))) broken.push(`${file}: ${path} is not in the package`);
    }
  }
  assert.deepEqual(broken, []);
  assert.ok(links > 20, `${links} links followed`);
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

test('the default import loads one JS file and the .wasm: at most 53 KB gzipped; threads load their .wasm and the pool too', async () => {
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
  // One file: no static import of another module; the pool (dist/pool.mjs) is imported when
  // threads start, and only then.
  const text = readFileSync(join(pkg, 'index.mjs'), 'utf8');
  const statement = text.match(/(^|[;}])\s*import\s*[{*\w"'][^;]{0,80}/);
  assert.equal(statement, null, `an import statement: ${statement?.[0]}`);
  assert.deepEqual([...text.matchAll(/import\(\s*["'`]([^"'`]+)/g)].map((m) => m[1]).filter((m) => !m.startsWith('node:')), ['./pool.mjs']);
});
