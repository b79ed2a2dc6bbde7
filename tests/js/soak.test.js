// Memory stays flat: many small ops (with errors thrown in between), then many large ones,
// while wasm memory and RSS are recorded; views of resident tensors survive memory growth; a
// result too large for wasm memory is a RangeError and the module keeps working.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { init, multiply, divide, tensor, empty } from '../../web/index.js';
import { builds } from '../../web/lifecycle.js';

before(() => init());

// Both builds' memories (the threaded one holds the large wasm tensors when threads run).
const wasmBytes = () => [builds.plain, builds.shared].reduce((sum, inst) => sum + (inst?.memory.buffer.byteLength ?? 0), 0);
const mb = (x) => `${(x / 2 ** 20).toFixed(1)} MiB`;

test('100,000 small ops and errors keep wasm memory and RSS flat', () => {
  const a = { data: new Float32Array([1, 2, 3, 4, 5, 6]), shape: [2, 3] };
  const b = { data: new Int16Array([7, -7, 3]), shape: [3] };
  const run = (i) => {
    multiply(a, { data: new Float32Array([i, 1, 2]), shape: [3] });
    divide(b, { data: new Int16Array([2, 0, -1]), shape: [3] });
    const t = tensor([1n, 2n, 3n], [3], 'int64');
    multiply(t, 3n, { out: t });
    t.dispose();
    if (i % 10 === 0) assert.throws(() => multiply(a, { data: new Float32Array(2), shape: [2] }), RangeError);
    if (i % 10 === 5) assert.throws(() => divide(b, { data: new Int16Array(3), shape: [3] }, { onZeroDivision: 'error' }), RangeError);
  };
  for (let i = 0; i < 2000; ++i) run(i); // warm-up: staging blocks and JIT settle
  const wasmBefore = wasmBytes();
  const rssBefore = process.memoryUsage().rss;
  for (let i = 0; i < 100000; ++i) run(i);
  const wasmAfter = wasmBytes();
  const rssAfter = process.memoryUsage().rss;
  console.log(`soak small: wasm memory ${mb(wasmBefore)} -> ${mb(wasmAfter)}, RSS ${mb(rssBefore)} -> ${mb(rssAfter)}`);
  assert.equal(wasmAfter, wasmBefore);
  assert.ok(rssAfter - rssBefore < 200 * 2 ** 20, `RSS grew by ${mb(rssAfter - rssBefore)}`);
});

test('1,000 ops on 4M-element tensors keep wasm memory flat', () => {
  const n = 4 * 1024 * 1024;
  const a = new Float32Array(n).fill(1.5), b = new Float32Array(n).fill(2);
  const ta = tensor(a, [n]), tb = tensor(b, [n]), ty = empty([n], 'float32');
  const out = new Float32Array(n);
  const run = (i) => {
    if (i % 4 === 0) multiply({ data: a, shape: [n] }, { data: b, shape: [n] }, { out });
    else if (i % 4 === 1) divide(ta, tb, { out: ty });
    else if (i % 4 === 2) multiply({ data: a, shape: [4096, 1024] }, { data: b.subarray(0, 1024), shape: [1024] });
    else multiply(ta, { data: new Float32Array([3]), shape: [1] }, { out: ty });
  };
  for (let i = 0; i < 8; ++i) run(i);
  const wasmBefore = wasmBytes();
  const rssBefore = process.memoryUsage().rss;
  const started = Date.now();
  for (let i = 0; i < 1000; ++i) run(i);
  const wasmAfter = wasmBytes();
  const rssAfter = process.memoryUsage().rss;
  console.log(`soak large: 1000 ops on 4M float32 in ${Date.now() - started} ms, wasm memory ${mb(wasmBefore)} -> ` +
    `${mb(wasmAfter)}, RSS ${mb(rssBefore)} -> ${mb(rssAfter)}`);
  assert.equal(out[n - 1], 3);
  assert.equal(ty.data[n - 1], 4.5);
  ta.dispose(); tb.dispose(); ty.dispose();
  assert.equal(wasmAfter, wasmBefore);
  assert.ok(rssAfter - rssBefore < 300 * 2 ** 20, `RSS grew by ${mb(rssAfter - rssBefore)}`);
});

test('resident views stay right across memory growth; too large is a RangeError', () => {
  const t = tensor(new Int32Array([5, 6, 7]), [3]);
  const before = wasmBytes();
  const big = empty([48 * 1024 * 1024], 'float32'); // 192 MiB: memory must grow
  assert.ok(wasmBytes() > before);
  assert.deepEqual(Array.from(t.data), [5, 6, 7]);
  big.dispose();
  assert.throws(() => multiply({ data: new Float32Array(20000), shape: [20000, 1] }, { data: new Float32Array(30000), shape: [1, 30000] }),
    (e) => e instanceof RangeError && /wasm memory/.test(e.message));
  assert.throws(() => empty([2 ** 29], 'float64'), RangeError);
  assert.deepEqual(Array.from(multiply(t, 2).data), [10, 12, 14]);
  t.dispose();
});
