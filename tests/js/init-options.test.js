// init({ wasmBinary }) and init({ locateFile }) for apps that host the .wasm elsewhere; each in a
// fresh process, since the module loads once per process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
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
