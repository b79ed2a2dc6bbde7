// init({ wasmBinary }) and init({ locateFile }) for apps that host the .wasm elsewhere; each in a
// fresh process, since the module loads once per process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const index = new URL('../../web/index.js', import.meta.url).href;
const wasmPath = fileURLToPath(new URL('../../dist/tensorwise.wasm', import.meta.url));
const threadedWasmPath = fileURLToPath(new URL('../../dist/tensorwise-mt.wasm', import.meta.url));

function run(script) {
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim();
}

test('init({ wasmBinary }) uses the given bytes', () => {
  const out = run(`import { readFileSync } from 'node:fs';
    import { init, multiply } from ${JSON.stringify(index)};
    await init({ wasmBinary: readFileSync(${JSON.stringify(wasmPath)}) });
    console.log(multiply(6, 7).data[0]);`);
  assert.equal(out, '42');
});

test('init({ wasmBinary }) takes a compiled WebAssembly.Module, as Workers import a .wasm', () => {
  const out = run(`import { readFileSync } from 'node:fs';
    import { init, multiply, threads } from ${JSON.stringify(index)};
    const module = new WebAssembly.Module(readFileSync(${JSON.stringify(wasmPath)}));
    await init({ wasmBinary: module });
    console.log(multiply(6, 7).data[0], threads());`);
  assert.equal(out, '42 1');
});

test('a fetch that throws (a bundler\'s bare asset path in Node) gets the advice a failed one gets', () => {
  const out = run(`import { init } from ${JSON.stringify(index)};
    try { await init({ locateFile: () => '/_next/static/media/tensorwise.9f6fc163.wasm' }); } catch (e) { console.log(e.message); }`);
  assert.match(out, /^tensorwise: could not load \/_next\/static\/media\/tensorwise\.9f6fc163\.wasm: .+\. If a bundler moved the code without the \.wasm, import from 'tensorwise\/inline'/);
});

test('init({ locateFile }) loads each build\'s .wasm from where the app says', () => {
  const elsewhere = mkdtempSync(join(tmpdir(), 'tensorwise-wasm-'));
  copyFileSync(wasmPath, join(elsewhere, 'renamed.wasm'));
  copyFileSync(threadedWasmPath, join(elsewhere, 'renamed-mt.wasm'));
  const urls = {
    'tensorwise.wasm': pathToFileURL(join(elsewhere, 'renamed.wasm')).href,
    'tensorwise-mt.wasm': pathToFileURL(join(elsewhere, 'renamed-mt.wasm')).href,
  };
  for (const threads of [1, 2]) {
    const out = run(`import { init, multiply, threads } from ${JSON.stringify(index)};
      const asked = [];
      const urls = ${JSON.stringify(urls)};
      await init({ threads: ${threads}, locateFile: (name, dir) => { asked.push(name, dir.endsWith('/dist/')); return urls[name]; } });
      console.log(JSON.stringify(asked), threads(), multiply(6, 7).data[0]);`);
    // Only the builds that run are asked for: with threads both (ops on JS arrays run in the
    // single-threaded one), the threaded one first; without, the single-threaded one alone.
    // (On a one-core machine 2 threads are more than the platform allows: 1 thread, the default build.)
    const threaded = threads > 1 && availableParallelism() >= threads;
    const want = threaded ? `["tensorwise-mt.wasm",true,"tensorwise.wasm",true] ${threads} 42` : '["tensorwise.wasm",true] 1 42';
    assert.equal(out, want);
  }
});

test('a failed load rejects with the reason and may be retried', () => {
  const out = run(`import { init, multiply } from ${JSON.stringify(index)};
    let first;
    try { await init({ locateFile: () => 'file:///nonexistent/tensorwise.wasm' }); } catch (e) { first = e.code ?? e.name; }
    try { await init({ wasmBinary: 'not bytes' }); } catch (e) { first += ' ' + e.name; }
    await init();
    console.log(first, multiply(2, 3).data[0]);`);
  assert.equal(out, 'ENOENT TypeError 6');
});

test('init() with a bad option returns a rejected promise (it does not throw), before and after the module loaded', () => {
  const out = run(`import { init } from ${JSON.stringify(index)};
    const seen = [];
    const attempt = (options) => {
      let p;
      try { p = init(options); } catch (e) { seen.push('threw ' + e.name); return; }
      return p.then(() => seen.push('resolved'), (e) => seen.push('rejected ' + e.name));
    };
    await attempt({ threads: 0 });
    await attempt({ locateFile: 5 });
    await attempt({});
    await attempt({ threads: 'many' });
    await attempt({ nonsense: true });
    console.log(JSON.stringify(seen));`);
  assert.deepEqual(JSON.parse(out), ['rejected RangeError', 'rejected TypeError', 'resolved', 'rejected RangeError', 'rejected TypeError']);
});

test('init() again: threads are applied; a wasmBinary or locateFile naming another module rejects, the same one resolves', () => {
  const out = run(`import { init, threads, multiply } from ${JSON.stringify(index)};
    import { readFileSync } from 'node:fs';
    const dist = ${JSON.stringify(new URL('../../dist/', import.meta.url).href)};
    const file = new URL('tensorwise.wasm', dist).href;
    const locate = (name) => new URL(name, dist).href;
    await init({ locateFile: locate, threads: 2 });
    const seen = [threads()];
    const attempt = (options) => init(options).then(() => seen.push('resolved'), (e) => seen.push(e.name + ': ' + e.message));
    await attempt({ locateFile: locate });
    await attempt({ locateFile: (name) => dist + name }); // another function, the same URL
    await attempt({ locateFile: () => 'file:///elsewhere/tensorwise.wasm' });
    await attempt({ wasmBinary: readFileSync(new URL(file)) });
    await attempt({ threads: 1 });
    seen.push(threads(), multiply(2, 3).data[0]);
    console.log(JSON.stringify(seen));`);
  const seen = JSON.parse(out);
  assert.deepEqual(seen.slice(0, 3), [2, 'resolved', 'resolved']);
  assert.match(seen[3], /^TypeError: init: the module is already loaded \(from file:.*dist\/tensorwise.wasm\) and is loaded once; this call's locateFile gives file:\/\/\/elsewhere\/tensorwise.wasm/);
  assert.match(seen[4], /^TypeError: .*this call gives another wasmBinary \(call init\(\) again without it: threads are applied\)/);
  assert.deepEqual(seen.slice(5), ['resolved', 1, 6]);
});

// ---- a module that is not this build's ----------------------------------------------------------

// (module (import "env" "abort" (func)) (import "env" "memory" (memory 1)) (func (export "f"))):
// valid WebAssembly, another program's.
const FOREIGN = [0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0, 2, 0x1b, 2, 3, 0x65, 0x6e, 0x76, 5, 0x61, 0x62, 0x6f, 0x72, 0x74,
  0, 0, 3, 0x65, 0x6e, 0x76, 6, 0x6d, 0x65, 0x6d, 0x6f, 0x72, 0x79, 2, 0, 1, 3, 2, 1, 0, 7, 5, 1, 1, 0x66, 0, 1, 0x0a, 4, 1, 2, 0, 0x0b];
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

/** The module's bytes with `text` in place of its custom section "tensorwise" (its stamp), or with none (text null). */
function restamped(bytes, text) {
  const parts = [bytes.subarray(0, 8)];
  for (let at = 8; at < bytes.length;) {
    const start = at++;
    let size = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++];
      size += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
    }
    const body = bytes.subarray(at, at + size);
    at += size;
    const stamp = bytes[start] === 0 && body[0] === 10 && Buffer.from(body.subarray(1, 11)).toString() === 'tensorwise';
    if (!stamp) parts.push(bytes.subarray(start, at));
  }
  if (text !== null) {
    const content = Buffer.concat([Buffer.from([10]), Buffer.from('tensorwise'), Buffer.from(text)]);
    assert.ok(content.length < 128);
    parts.push(Buffer.from([0, content.length]), content);
  }
  return Buffer.concat(parts);
}

// init() with each of `attempts` (options, as source text) in turn, then init(): each attempt's error, and 42.
function attempts(...options) {
  return JSON.parse(run(`import { readFileSync } from 'node:fs';
    import { init, multiply } from ${JSON.stringify(index)};
    const wasm = readFileSync(${JSON.stringify(wasmPath)});
    const mt = readFileSync(${JSON.stringify(threadedWasmPath)});
    const seen = [];
    for (const options of [${options.join(', ')}]) {
      await init(options).then(() => seen.push('resolved'), (e) => seen.push(e.name + ': ' + e.message));
    }
    await init();
    seen.push(multiply(6, 7).data[0]);
    console.log(JSON.stringify(seen));`));
}

test('init({ wasmBinary }) refuses a valid module of another program, saying what it imports and exports; init() then loads', () => {
  const foreign = JSON.stringify(FOREIGN);
  const seen = attempts(`{ wasmBinary: new Uint8Array(${foreign}) }`, `{ wasmBinary: new WebAssembly.Module(new Uint8Array(${foreign})) }`,
    '{ wasmBinary: new WebAssembly.Module(new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0])) }');
  for (const message of seen.slice(0, 2)) {
    assert.equal(message, "TypeError: init: wasmBinary is not tensorwise's module: it imports env.abort (function), env.memory (memory) " +
      "and exports f (function), where the build's own, tensorwise.wasm, imports a.a (memory), a.b (function) and exports " +
      message.split('and exports ').at(-1));
    assert.match(message, /, tensorwise\.wasm, .* exports (\w+ \((function|table)\), )+\w+ \((function|table)\)$/);
  }
  assert.match(seen[2], /^TypeError: init: wasmBinary is not tensorwise's module: it imports nothing and exports nothing, where/);
  assert.equal(seen[3], 42);
});

// A file of these bytes, as a JS string literal of its path.
function saved(bytes) {
  const path = join(mkdtempSync(join(tmpdir(), 'tensorwise-wasm-')), 'module.wasm');
  writeFileSync(path, bytes);
  return JSON.stringify(path);
}

test('init() refuses the threaded build, or another version, as the single-threaded one, naming each', () => {
  const other = saved(restamped(readFileSync(wasmPath), 'tensorwise 0.0.1-other, single-threaded build (tensorwise.wasm)'));
  const dir = mkdtempSync(join(tmpdir(), 'tensorwise-wasm-'));
  copyFileSync(wasmPath, join(dir, 'tensorwise.wasm'));
  copyFileSync(threadedWasmPath, join(dir, 'tensorwise-mt.wasm'));
  const url = (name) => JSON.stringify(pathToFileURL(join(dir, name)).href);
  const swapped = `(name) => name === 'tensorwise.wasm' ? ${url('tensorwise-mt.wasm')} : ${url('tensorwise.wasm')}`;
  const seen = attempts('{ wasmBinary: mt }', `{ wasmBinary: readFileSync(${other}) }`, `{ threads: 1, locateFile: ${swapped} }`);
  const needs = `this copy of tensorwise needs tensorwise ${version}, single-threaded build (tensorwise.wasm)`;
  assert.deepEqual(seen, [
    `TypeError: init: wasmBinary is tensorwise ${version}, threaded build (tensorwise-mt.wasm), and ${needs} (the .wasm of its version and build)`,
    `TypeError: init: wasmBinary is tensorwise 0.0.1-other, single-threaded build (tensorwise.wasm), and ${needs} (the .wasm of its version and build)`,
    `TypeError: init: the file locateFile gave for tensorwise.wasm is tensorwise ${version}, threaded build (tensorwise-mt.wasm), and ${needs} ` +
      '(the .wasm of its version and build)',
    42,
  ]);
  // A module of this build without a stamp (built before them) is still taken.
  assert.deepEqual(attempts(`{ wasmBinary: readFileSync(${saved(restamped(readFileSync(wasmPath), null))}) }`), ['resolved', 42]);
});

test('init({ wasmBinary }) takes every ArrayBufferView (a DataView, a typed array of any class) and buffer, read through the built-in getters', () => {
  // The module's bytes padded to a multiple of 8 (a custom section), at byte 8 of a larger buffer.
  let bytes = readFileSync(wasmPath);
  const pad = (8 - ((bytes.length + 2 + 4) % 8)) % 8;
  bytes = Buffer.concat([bytes, Buffer.from([0, 4 + pad, 3, 0x70, 0x61, 0x64, ...new Array(pad).fill(0)])]);
  assert.equal(bytes.length % 8, 0);
  const file = saved(bytes);
  const views = ['DataView', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array',
    'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', ...(typeof Float16Array === 'function' ? ['Float16Array'] : [])];
  const make = (kind) => (kind === 'DataView' ? 'new DataView(buffer, 8, bytes.length)'
    : kind.endsWith('Buffer') ? `(() => { const b = new ${kind}(bytes.length); new Uint8Array(b).set(bytes); return b; })()`
      : `new ${kind}(buffer, 8, bytes.length / ${kind}.BYTES_PER_ELEMENT)`);
  for (const kind of [...views, 'ArrayBuffer', 'SharedArrayBuffer']) {
    const out = run(`import { readFileSync } from 'node:fs';
      import { init, multiply } from ${JSON.stringify(index)};
      const bytes = new Uint8Array(readFileSync(${file}));
      const buffer = new ArrayBuffer(bytes.length + 16);
      new Uint8Array(buffer, 8).set(bytes);
      const view = ${make(kind)};
      // What it says of itself is not read: its getters' answers, own or inherited, lie.
      for (const key of ['buffer', 'byteOffset', 'byteLength', 'length']) Object.defineProperty(view, key, { get() { throw new Error(key + ' was read'); } });
      Object.setPrototypeOf(view, Object.prototype);
      await init({ wasmBinary: view });
      console.log(multiply(6, 7).data[0]);`);
    assert.equal(out, '42', kind);
  }
  const detached = run(`import { init } from ${JSON.stringify(index)};
    const view = new DataView(new ArrayBuffer(8));
    structuredClone(view.buffer, { transfer: [view.buffer] });
    await init({ wasmBinary: view }).catch((e) => console.log(e.name + ': ' + e.message));`);
  assert.equal(detached, "TypeError: init: wasmBinary's ArrayBuffer is detached (it was transferred)");
});
