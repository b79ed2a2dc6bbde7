// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Strided views and other libraries' tensors as operands: numpy's answers for transposed, sliced,
// reversed and broadcast_to views (tests/golden/views.json, made by tests/golden/generate.py),
// given as plain { data, shape, strides, offset } records, as scijs ndarrays and as stdlib
// ndarrays; random views of every dtype (also large ones, streamed and shared between threads)
// against the same op on their contiguous copies; ort.Tensor and TensorFlow.js tensors in, and
// results back into ort.Tensor; layouts that are refused.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as api from '../../web/index.js';
import { DTYPES, bitsOf, OPS } from './dtypes.js';
import { assertSameBits } from './same-bits.js';
import { memoryInUse } from './internals.js';

const require = createRequire(import.meta.url);
const ndarray = require('ndarray');
const StdlibNdarray = require('@stdlib/ndarray-base-ctor');
const ort = require('onnxruntime-web');

const { cases } = JSON.parse(readFileSync(new URL('../golden/views.json', import.meta.url), 'utf8'));
before(() => api.init());

function decode(b64, dtype) {
  const bytes = Buffer.from(b64, 'base64');
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new DTYPES[dtype].Storage(copy.buffer);
}


// The dtypes stdlib's ndarray names as tensorwise does (it has no float16, bfloat16 or 64-bit ints).
const STDLIB_DTYPES = ['float32', 'float64', 'int8', 'int16', 'int32', 'uint8', 'uint16', 'uint32'];

// Each way a case's operand can be given: a plain record, a scijs ndarray, a stdlib ndarray.
const FORMS = {
  record: (o, data, dtype) => ({ data, shape: o.shape, dtype, ...(o.strides ? { strides: o.strides, offset: o.offset } : {}) }),
  scijs: (o, data) => (o.strides ? ndarray(data, o.shape, o.strides, o.offset) : ndarray(data, o.shape)),
  stdlib: (o, data, dtype) => new StdlibNdarray(dtype, data, o.shape, o.strides ?? rowMajor(o.shape), o.offset ?? 0, 'row-major'),
};

const rowMajor = (shape) => shape.map((_, i) => shape.slice(i + 1).reduce((x, y) => x * y, 1));

for (const c of cases) {
  for (const [form, make] of Object.entries(FORMS)) {
    const narrow = c.dtype === 'float16' || c.dtype === 'bfloat16';
    if (form === 'stdlib' && !STDLIB_DTYPES.includes(c.dtype)) continue; // stdlib cannot hold these
    if (form === 'scijs' && narrow) continue; // a scijs ndarray has no dtype field: Uint16Array reads as uint16
    test(`numpy golden view: ${c.id} as ${form}`, () => {
      const a = make(c.a, decode(c.a.data, c.dtype), c.dtype);
      const b = make(c.b, decode(c.b.data, c.dtype), c.dtype);
      const got = OPS[c.op].run(api)(a, b);
      assert.deepEqual(got.shape, c.y.shape);
      assert.equal(got.dtype, c.dtype);
      assertSameBits(c.dtype, got.data, decode(c.y.b64, c.dtype));
    });
  }
}

test('views.json covers transposes, slices with steps, reversals and broadcast_to', () => {
  const strides = cases.flatMap((c) => [c.a.strides, c.b.strides]).filter(Boolean).flat();
  assert.ok(strides.some((s) => s < 0), 'a negative stride');
  assert.ok(strides.some((s) => s === 0), 'a zero stride');
  assert.ok(cases.some((c) => c.a.offset > 0 || c.b.offset > 0), 'an offset');
  assert.ok(cases.length >= 10);
});

// ---- random views against their contiguous copies --------------------------------------------

function random(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return Math.floor((s / 2 ** 32) * n);
  };
}

// A random view of `shape` over a larger parent (dims in a random order, steps 1-3, some reversed,
// some stride 0): { data, shape, strides, offset } and its elements read out contiguously.
function randomView(dtype, shape, rnd) {
  const rank = shape.length;
  const order = [...shape.keys()].sort(() => rnd(2) - 0.5);
  const strides = new Array(rank).fill(0);
  let extent = 1 + rnd(3);
  let offset = extent - 1;
  for (const d of order) {
    if (shape[d] > 1 && rnd(8) === 0) continue;
    const step = 1 + rnd(3);
    let stride = extent * step;
    const reach = stride * Math.max(shape[d] - 1, 0);
    if (rnd(4) === 0) {
      offset += reach;
      stride = -stride;
    }
    strides[d] = stride;
    extent += reach + extent * (step - 1);
  }
  const { Storage } = DTYPES[dtype];
  const data = new Storage(extent + offset + 2);
  const big = Storage === BigInt64Array || Storage === BigUint64Array;
  // (Under tests/js/trap-builtins.js every built-in getter is a Proxy: nothing here reads one per element.)
  const { signed, kind } = DTYPES[dtype];
  const lowest = signed === false ? 0 : 125, scale = kind === 'float' ? 8 : 1;
  for (let i = 0, length = data.length; i < length; ++i) {
    const v = (i * 7919 + 13) % 251 - lowest || 3;
    data[i] = big ? BigInt(v) : kind === 'half' ? 0x3c00 + (i % 512) : v / scale;
  }
  const n = shape.reduce((x, y) => x * y, 1);
  const copy = new Storage(n);
  const index = new Array(rank).fill(0);
  for (let i = 0; i < n; ++i) {
    let at = offset;
    for (let d = 0; d < rank; ++d) at += index[d] * strides[d];
    copy[i] = data[at];
    for (let d = rank - 1; d >= 0 && ++index[d] === shape[d]; --d) index[d] = 0;
  }
  return { view: { data, shape, dtype, strides, offset }, copy: { data: copy, shape, dtype } };
}

test('random views of every dtype equal the same op on their contiguous copies', () => {
  const rnd = random(20261125);
  for (let iter = 0; iter < 300; ++iter) {
    const dtype = Object.keys(DTYPES)[iter % 12];
    const op = Object.values(OPS)[iter % 4].run(api);
    const rank = rnd(5);
    const out = Array.from({ length: rank }, () => (rnd(8) === 0 ? rnd(2) : 1 + rnd(rnd(4) === 0 ? 40 : 6)));
    const da = out.map((d) => (rnd(3) === 1 ? 1 : d));
    const db = out.map((d) => (rnd(3) === 2 ? 1 : d));
    const A = randomView(dtype, da, rnd), B = randomView(dtype, db, rnd);
    const viewA = rnd(4) !== 0, viewB = !viewA || rnd(2) === 0;
    const got = op(viewA ? A.view : A.copy, viewB ? B.view : B.copy);
    const want = op(A.copy, B.copy);
    assert.deepEqual(got.shape, want.shape);
    assertSameBits(dtype, got.data, want.data);
  }
});

test('large views (streamed in chunks, shared between threads) equal their contiguous copies', () => {
  const rnd = random(7);
  for (const [dtype, shapeA, shapeB] of [['float32', [700, 300], [300]], ['int32', [3, 400, 300], [400, 1]], ['float64', [512, 260], [512, 260]]]) {
    const A = randomView(dtype, shapeA, rnd), B = randomView(dtype, shapeB, rnd);
    for (const op of [api.multiply, api.divide]) {
      const want = op(A.copy, B.copy);
      assertSameBits(dtype, op(A.view, B.copy).data, want.data);
      assertSameBits(dtype, op(A.view, B.view).data, want.data);
      assertSameBits(dtype, op(A.copy, B.view).data, want.data);
    }
  }
});

test('a view writes into out, and a contiguous slice (offset, row-major strides) reads from its offset', () => {
  const data = Float32Array.from({ length: 12 }, (_, i) => i);
  const out = new Float32Array(6);
  const r = api.multiply({ data, shape: [3, 2], strides: [1, 3], offset: 0 }, 10, { out });
  assert.equal(r.data, out);
  assert.deepEqual([...out], [0, 30, 10, 40, 20, 50]);
  assert.deepEqual([...api.add({ data, shape: [2, 3], strides: [3, 1], offset: 5 }, 0).data], [5, 6, 7, 8, 9, 10]);
  assert.deepEqual([...api.add({ data, shape: [2, 3], offset: 6 }, 0).data], [6, 7, 8, 9, 10, 11]);
});

test('a plain array as a view\'s data (values, as scijs allows) is read through the view like a typed array', () => {
  for (const [layout, want] of [[{ shape: [2], offset: 1 }, [20, 30]], [{ shape: [2], strides: [2], offset: 1 }, [20, 40]],
    [{ shape: [2, 2], strides: [1, 2] }, [10, 30, 20, 40]], [{ shape: [2], strides: [-3], offset: 3 }, [40, 10]]]) {
    assert.deepEqual([...api.multiply({ data: [1, 2, 3, 4], ...layout }, 10).data], want, JSON.stringify(layout));
    assert.deepEqual([...api.multiply({ data: [1n, 2n, 3n, 4n], ...layout }, 10n).data], want.map(BigInt), JSON.stringify(layout));
  }
});

test('onZeroDivision: a strided divisor is checked on its own elements, not on what lies between them', () => {
  const b = { data: new Int32Array([2, 0, 4, 0, 8]), shape: [3], strides: [2] };
  assert.deepEqual([...api.divide(16, b, { onZeroDivision: 'error' }).data], [8, 4, 2]);
  const zero = { data: new Int32Array([2, 0, 4, 0, 8]), shape: [2], strides: [-3], offset: 4 }; // 8, 0
  assert.throws(() => api.divide(16, zero, { onZeroDivision: 'error' }), /integer division by zero/);
});

// ---- other libraries' tensors ------------------------------------------------------------------

test('an ort.Tensor goes in as it is and the result makes an ort.Tensor in one call', () => {
  const embedding = new ort.Tensor('float32', Float32Array.from({ length: 384 }, (_, i) => Math.sin(i)), [1, 384]);
  const norm = Math.hypot(...embedding.data);
  const r = api.divide(embedding, norm);
  const t = new ort.Tensor(r.dtype, r.data, r.shape);
  assert.deepEqual(t.dims, [1, 384]);
  assert.equal(t.type, 'float32');
  const want = Float32Array.from(embedding.data, (x) => x / Math.fround(norm));
  assert.deepEqual(t.data, want);
  const i64 = new ort.Tensor('int64', new BigInt64Array([7n, -7n]), [2]);
  assert.deepEqual([...api.divide(i64, 2n).data], [3n, -4n]);
  const f16 = new ort.Tensor('float16', new Uint16Array([0x3c00, 0x4000]), [2]); // 1, 2
  const h = api.multiply(f16, f16);
  assert.equal(h.dtype, 'float16');
  assert.deepEqual([...bitsOf('float16', h.data)], [0x3c00, 0x4400]);
  assert.equal(new ort.Tensor(h.dtype, bitsOf('float16', h.data), h.shape).type, 'float16');
  assert.throws(() => api.multiply(new ort.Tensor('bool', new Uint8Array(2), [2]), 1), (e) => e instanceof TypeError && /bool/.test(e.message));
});

test("a plain object with onnxruntime's names (data, dims, type) is read as one", () => {
  const r = api.multiply({ data: new Float32Array([1, 2, 3, 4, 5, 6]), dims: [2, 3], type: 'float32' }, { data: new Float32Array([1, 10, 100]), shape: [3] });
  assert.deepEqual(r.shape, [2, 3]);
  assert.deepEqual([...r.data], [1, 20, 300, 4, 50, 600]);
  assert.throws(() => api.multiply({ data: new Uint8Array(2), dims: [2], type: 'bool' }, 1), (e) => e instanceof TypeError && /bool/.test(e.message));
});

test('a TensorFlow.js tensor is read once through dataSync(), before anything is staged', async () => {
  const tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-cpu');
  await tf.setBackend('cpu');
  const x = tf.tensor([1, 2, 3, 4, 5, 6], [2, 3]);
  const r = api.multiply(x, { data: new Float32Array([1, 10, 100]), shape: [3] });
  assert.deepEqual(r.shape, [2, 3]);
  assert.deepEqual([...r.data], [1, 20, 300, 4, 50, 600]);
  assert.deepEqual(tf.tensor(r.data, r.shape, r.dtype).arraySync(), [[1, 20, 300], [4, 50, 600]]);
  const i = tf.tensor([7, -7], [2], 'int32');
  assert.deepEqual([...api.divide(i, 2).data], [3, -4]);
  x.dispose();
  assert.throws(() => api.multiply(x, 1), (e) => e instanceof TypeError && /disposed/.test(e.message));
});

test('layouts that are not known are refused; a view outside its data is a RangeError', () => {
  class Custom { get data() { return new Float32Array(2); } }
  assert.throws(() => api.multiply(new Custom(), 1), (e) => e instanceof TypeError && /not an own property/.test(e.message));
  const data = new Float32Array(4);
  assert.throws(() => api.multiply({ data, shape: [2], stride: [1], strides: [1] }, 1), /both stride and strides/);
  assert.throws(() => api.multiply({ data, strides: [1] }, 1), /needs its shape/);
  assert.throws(() => api.multiply({ data, shape: [2, 2], strides: [1] }, 1), (e) => e instanceof RangeError && /strides has 1 entries/.test(e.message));
  assert.throws(() => api.multiply({ data, shape: [2], strides: [1.5] }, 1), (e) => e instanceof TypeError && /strides\[0\]/.test(e.message));
  assert.throws(() => api.multiply({ data, shape: [2], strides: [4] }, 1), (e) => e instanceof RangeError && /reaches element 4/.test(e.message));
  assert.throws(() => api.multiply({ data, shape: [2], strides: [-1] }, 1), (e) => e instanceof RangeError && /reaches element -1/.test(e.message));
  assert.throws(() => api.multiply({ data, shape: [2], offset: -1 }, 1), (e) => e instanceof RangeError && /offset/.test(e.message));
  assert.throws(() => api.multiply({ data, shape: [4], offset: 1 }, 1), (e) => e instanceof RangeError && /reaches element 4/.test(e.message));
});

test('a view read once: getters on strides and offset run once each, and nothing leaks on errors', () => {
  const before = memoryInUse();
  let reads = 0;
  const strides = [1, 2];
  const view = {
    data: Float32Array.of(1, 2, 3, 4),
    shape: [2, 2],
    get strides() { reads += 1; return strides; },
    get offset() { reads += 1; return 0; },
  };
  assert.deepEqual([...api.multiply(view, 1).data], [1, 3, 2, 4]);
  assert.equal(reads, 2);
  for (let i = 0; i < 20; ++i) assert.throws(() => api.multiply({ data: view.data, shape: [2, 2], strides: [1, 3] }, 1));
  assert.equal(memoryInUse(), before);
});
