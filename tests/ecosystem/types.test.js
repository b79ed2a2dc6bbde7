// TypeScript against the installed tarball: tests/types/use.ts (the everyday lines, and mistakes
// that must not compile) under --strict with node16 and nodenext resolution in an ESM and a
// CommonJS package, and with bundler resolution; tests/types/float16.ts where the lib declares
// Float16Array. Uses the repository's TypeScript (a devDependency).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { project, repoRoot, run } from './helpers.js';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const usage = (name) => readFileSync(join(repoRoot, 'tests', 'types', name), 'utf8');

let base = null;
async function packageDir(kind) {
  base ??= await project('typescript');
  const dir = join(base, kind);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(base, 'node_modules'), join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `types-${kind}`, private: true, type: kind }));
  return dir;
}

/** tsc --noEmit --strict on the files; resolves with tsc's output ('' when it compiles). */
async function typeCheck(dir, files, { module, moduleResolution, lib = 'es2022,esnext.disposable', skipLibCheck = false }) {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  // "types": [] keeps tsc from loading @types packages of the folders above (the repository's).
  const compilerOptions = { noEmit: true, strict: true, target: 'es2022', lib: lib.split(','), types: [], module, moduleResolution, skipLibCheck };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: Object.keys(files) }));
  try {
    await run(process.execPath, [tsc, '-p', '.'], { cwd: dir });
    return '';
  } catch (e) {
    return e.message;
  }
}

test('types: --strict with node16, nodenext and bundler resolution in an ESM package', async () => {
  const dir = await packageDir('module');
  for (const [module, moduleResolution] of [['node16', 'node16'], ['nodenext', 'nodenext'], ['esnext', 'bundler'], ['preserve', 'bundler']]) {
    assert.equal(await typeCheck(dir, { 'use.ts': usage('use.ts') }, { module, moduleResolution }), '', `${module}/${moduleResolution}`);
  }
});

test('types: a CommonJS package with module node16 gets the require types (no TS1479)', async () => {
  const dir = await packageDir('commonjs');
  assert.equal(await typeCheck(dir, { 'use.ts': usage('use.ts') }, { module: 'node16', moduleResolution: 'node16' }), '');
  assert.equal(await typeCheck(dir, { 'use.ts': usage('use.ts') }, { module: 'nodenext', moduleResolution: 'nodenext' }), '');
});

test('types: float16 is Float16Array | Uint16Array where the lib declares Float16Array', async () => {
  const dir = await packageDir('module');
  assert.equal(await typeCheck(dir, { 'float16.ts': usage('float16.ts') }, { module: 'nodenext', moduleResolution: 'nodenext', lib: 'esnext' }), '');
});

test('types: tensorwise, tensorwise/file and tensorwise/inline resolve under node10, node16, nodenext and bundler', async () => {
  const dir = await packageDir('commonjs');
  for (const [module, moduleResolution] of [['commonjs', 'node10'], ['node16', 'node16'], ['nodenext', 'nodenext']]) {
    assert.equal(await typeCheck(dir, { 'subpaths.ts': usage('subpaths.ts') }, { module, moduleResolution }), '', `${module}/${moduleResolution}`);
  }
  const esm = await packageDir('module');
  assert.equal(await typeCheck(esm, { 'subpaths.ts': usage('subpaths.ts') }, { module: 'esnext', moduleResolution: 'bundler' }), '');
});

test('types: wasmBinary takes a WebAssembly.Module where the lib declares one', async () => {
  const dir = await packageDir('module');
  assert.equal(await typeCheck(dir, { 'wasm-module.ts': usage('wasm-module.ts') }, { module: 'nodenext', moduleResolution: 'nodenext', lib: 'es2022,dom' }), '');
});

test('types: a lib without Symbol.dispose still compiles (dispose() instead of using)', async () => {
  const dir = await packageDir('module');
  const text = usage('use.ts');
  const withoutUsing = text.replace(/using u = (.*);\n(\s*)return u\.data\.length;/, 'const u = $1;\n$2u.dispose();\n$2u[Symbol.dispose]();\n$2return u.data.length;');
  assert.notEqual(withoutUsing, text, 'the `using` lines of use.ts were not found');
  assert.equal(await typeCheck(dir, { 'use.ts': withoutUsing }, { module: 'nodenext', moduleResolution: 'nodenext', lib: 'es2022,dom' }), '');
});

test('types: a mistake fails to compile (the check is not vacuous)', async () => {
  const dir = await packageDir('module');
  const broken = usage('use.ts').replace('const f: Float32Array = r.data;', 'const f: Int8Array = r.data;');
  assert.match(await typeCheck(dir, { 'use.ts': broken }, { module: 'nodenext', moduleResolution: 'nodenext' }), /error TS2\d+/);
});

test("types: an ort.Tensor and a stdlib ndarray check as operands and a result makes one; bool tensors, mixed dtypes and a wrong out do not compile", async () => {
  const dir = await packageDir('module');
  // onnxruntime-web's own declarations, from the repository (a devDependency); its .d.ts files
  // are its own to check (skipLibCheck), tensorwise's and the usage are checked.
  mkdirSync(join(dir, 'node_modules', '@stdlib'), { recursive: true });
  for (const name of ['onnxruntime-web', 'onnxruntime-common', '@stdlib/ndarray-base-ctor', '@stdlib/types']) {
    symlinkSync(join(repoRoot, 'node_modules', name), join(dir, 'node_modules', name));
  }
  const options = { module: 'nodenext', moduleResolution: 'nodenext', lib: 'es2022,esnext.disposable,dom', skipLibCheck: true };
  assert.equal(await typeCheck(dir, { 'interop.ts': usage('interop.ts') }, options), '');
  const broken = usage('interop.ts').replace('  // @ts-expect-error a bool tensor is not computed\n', '');
  assert.match(await typeCheck(dir, { 'interop.ts': broken }, options), /error TS2769/);
});
