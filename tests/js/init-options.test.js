// init({ wasmBinary }) and init({ locateFile }) for apps that host the .wasm elsewhere; each in a
// fresh process, since the module loads once per process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const index = new URL('../../web/index.js', import.meta.url).href;
const wasmPath = fileURLToPath(new URL('../../dist/tensorwise.wasm', import.meta.url));

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

test('init({ locateFile }) loads the .wasm from where the app says', () => {
  const elsewhere = mkdtempSync(join(tmpdir(), 'tensorwise-wasm-'));
  copyFileSync(wasmPath, join(elsewhere, 'renamed.wasm'));
  const url = pathToFileURL(join(elsewhere, 'renamed.wasm')).href;
  const out = run(`import { init, multiply } from ${JSON.stringify(index)};
    const asked = [];
    await init({ locateFile: (name, dir) => { asked.push(name, dir.endsWith('/dist/')); return ${JSON.stringify(url)}; } });
    console.log(JSON.stringify(asked), multiply(6, 7).data[0]);`);
  assert.equal(out, '["tensorwise.wasm",true] 42');
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
