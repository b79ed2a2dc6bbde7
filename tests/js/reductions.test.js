// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// The reductions (sum, prod, max, min, mean): the golden cases of tests/golden/reductions.py
// (numpy, and exact sums and products rounded once) bit for bit; the same bits for every layout
// of the same values (a transposed copy, a strided view, a view walking backwards), which the
// thread passes also check at 2 threads with every op shared; float32 sums against the exactly
// rounded sum of the inputs, computed with BigInt; and every error of the contract.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as tw from '../../web/index.js';
import { DTYPES, bitsOf, isNaNAt } from './dtypes.js';
import { generator } from './seeded.js';

before(() => tw.init());

const golden = JSON.parse(readFileSync(new URL('../golden/reductions.json', import.meta.url), 'utf8'));

function decode(b64, dtype) {
  const bytes = Buffer.from(b64, 'base64');
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new DTYPES[dtype].Storage(copy.buffer);
}

test('golden cases from numpy and exact arithmetic: every dtype, op, axis form and keepdims, softmax and logSoftmax, bit for bit', () => {
  assert.ok(golden.cases.length >= 500);
  assert.ok(golden.cases.some((c) => c.op === 'softmax') && golden.cases.some((c) => c.op === 'logSoftmax'));
  const problems = [];
  for (const c of golden.cases) {
    const options = { ...(c.keepdims === undefined ? {} : { keepdims: c.keepdims }), ...(c.axis === undefined ? {} : { axis: c.axis }) };
    const got = tw[c.op]({ data: decode(c.data, c.dtype), shape: c.shape, dtype: c.dtype }, options);
    const want = decode(c.expected, c.outDtype);
    const id = `${c.op} ${c.dtype} [${c.shape}] axis ${JSON.stringify(c.axis)} keepdims ${c.keepdims}`;
    assert.equal(got.dtype, c.outDtype, id);
    assert.deepEqual(got.shape, c.outShape, id);
    const view = bitsOf(c.outDtype, got.data);
    assert.equal(view.length, want.length, id);
    for (let i = 0; i < view.length; ++i) {
      // (logSoftmax subtracts log(s) from values near it: the error is log(s)'s, at most a unit of a number near 1.)
      const near = c.faithful === true && Math.abs(view[i] - want[i]) <= 2 ** -50 * Math.max(1, Math.abs(want[i]));
      if (!(Object.is(view[i], want[i]) || near || (isNaNAt(c.outDtype, view, i) && isNaNAt(c.outDtype, want, i)))) {
        problems.push(`${id}[${i}]: got ${view[i]}, want ${want[i]}`);
      }
    }
  }
  assert.deepEqual(problems.slice(0, 10), []);
});

// float32 values over 2^-20 .. 2^20 with random signs: float64 holds every partial sum exactly,
// so the library's result is the exactly rounded sum, in any order.
function wideFloats(rand, n) {
  const x = new Float32Array(n);
  for (let i = 0; i < n; ++i) x[i] = (rand() < 0.5 ? -1 : 1) * 2 ** (rand() * 40 - 20) * (1 + rand());
  return x;
}

/** The exact sum of float32 values, rounded once to float32 (BigInt: each value times 2^149 is an integer). */
function exactSumF32(values) {
  let s = 0n;
  const f64 = new Float64Array(1), bits = new BigUint64Array(f64.buffer);
  for (const v of values) {
    f64[0] = v;
    const b = bits[0];
    const e = Number((b >> 52n) & 0x7FFn), m = (b & ((1n << 52n) - 1n)) | (1n << 52n);
    const scaled = m << BigInt(e - 1075 + 149); // v * 2^149, an integer for every float32
    s += v < 0 ? -scaled : scaled;
  }
  const neg = s < 0n;
  let a = neg ? -s : s;
  const length = a.toString(2).length;
  let scale = 0;
  if (length > 24) {
    const shift = BigInt(length - 24);
    let q = a >> shift;
    const rest = a - (q << shift), half = 1n << (shift - 1n);
    if (rest > half || (rest === half && (q & 1n) === 1n)) q += 1n;
    a = q;
    scale = length - 24;
  }
  const r = Number(a) * 2 ** (scale - 149);
  return Math.fround(neg ? -r : r);
}

test('float32 sums are the exactly rounded sum of their inputs, with cancellation, across blocks of the fixed order', () => {
  const rand = generator(43001).next;
  for (const n of [1, 7, 8, 9, 255, 256, 257, 1000, 4096, 5003]) {
    const x = wideFloats(rand, n);
    const got = tw.sum(x).data[0];
    assert.ok(Object.is(got, exactSumF32(x)), `n = ${n}: ${got} != ${exactSumF32(x)}`);
  }
});

test('the same bits for every layout: rows, a transposed copy, a column-major view, a view walking backwards', () => {
  const rand = generator(43002).next;
  for (const [r, c] of [[3, 1000], [257, 9], [64, 65], [1, 513]]) {
    const x = new Float32Array(r * c);
    for (let i = 0; i < x.length; ++i) x[i] = (rand() - 0.5) * 2 ** Math.floor(rand() * 60 - 30);
    const t = new Float32Array(r * c); // t = x transposed, [c, r]
    for (let i = 0; i < r; ++i) for (let j = 0; j < c; ++j) t[j * r + i] = x[i * c + j];
    for (const op of ['sum', 'prod', 'mean', 'max', 'min']) {
      const rows = tw[op]({ data: x, shape: [r, c] }, { axis: 1 });
      const cols = tw[op]({ data: t, shape: [c, r] }, { axis: 0 });
      const view = tw[op]({ data: t, shape: [r, c], strides: [1, r] }, { axis: 1 }); // x, as a view of t
      const backwards = tw[op]({ data: x, shape: [r, c], strides: [c, -1], offset: c - 1 }, { axis: 1 }); // each row reversed
      const id = `${op} [${r},${c}]`;
      assert.deepEqual([...cols.data], [...rows.data], `${id} transposed`);
      assert.deepEqual([...view.data], [...rows.data], `${id} view`);
      if (op === 'max' || op === 'min') assert.deepEqual([...backwards.data], [...rows.data], `${id} reversed`);
      // Every element alone, in the same order: the same bits as a reduction over one row.
      const one = tw[op]({ data: x.subarray(0, c), shape: [c] });
      assert.ok(Object.is(one.data[0], rows.data[0]), `${id} one row`);
      // A reduction over every axis equals one over the flattened values.
      assert.ok(Object.is(tw[op]({ data: x, shape: [r, c] }).data[0], tw[op](x).data[0]), `${id} all axes`);
    }
  }
});

test('result dtypes as numpy: integer sums and products in 64 bits, wrapping; means of integers in float64; the dtype option', () => {
  const s = tw.sum(new Int8Array([100, 100, 100]));
  assert.equal(s.dtype, 'int64');
  assert.equal(s.data[0], 300n);
  assert.equal(tw.sum(new Uint8Array([200, 200])).dtype, 'uint64');
  assert.equal(tw.prod(new BigInt64Array([2n ** 62n, 4n])).data[0], 0n); // wraps
  assert.equal(tw.mean(new Int32Array([1, 2])).data[0], 1.5);
  assert.equal(tw.max(new Int16Array([-3, 9, 2])).dtype, 'int16');
  // Each element cast to float32 first (numpy's): 16777220 three times, not 3 * 16777219 rounded once.
  const f = tw.sum(new Int32Array([16777219, 16777219, 16777219]), { dtype: 'float32' });
  assert.equal(f.dtype, 'float32');
  assert.equal(f.data[0], 50331660);
  assert.equal(tw.sum(new Int32Array([70000, 70000]), { dtype: 'int16' }).data[0], (140000 << 16) >> 16);
  const out = new Float64Array(2);
  assert.equal(tw.sum({ data: new Float32Array([1, 2, 3, 4]), shape: [2, 2] }, { axis: 0, out }).data, out);
  assert.deepEqual([...out], [4, 6]);
});

test('empty reductions: sum 0, prod 1, mean NaN; max and min a RangeError when there is something to produce', () => {
  const empty = { data: new Float32Array(0), shape: [0, 3] };
  assert.deepEqual([...tw.sum(empty, { axis: 0 }).data], [0, 0, 0]);
  assert.ok(Object.is(tw.sum(new Float32Array(0)).data[0], 0));
  assert.deepEqual([...tw.prod(empty, { axis: 0 }).data], [1, 1, 1]);
  assert.ok(Number.isNaN(tw.mean(empty, { axis: 0 }).data[0]));
  assert.throws(() => tw.max(empty, { axis: 0 }), { name: 'RangeError', message: /max: the reduced axes are empty/ });
  assert.throws(() => tw.min(new Float64Array(0)), RangeError);
  assert.deepEqual(tw.max(empty, { axis: 1 }).shape, [0]);
});

test('signed zeros and NaN: -0 stays -0 where every term is -0; max/min order -0 below +0; NaN propagates', () => {
  assert.ok(Object.is(tw.sum(new Float32Array([-0, -0])).data[0], -0));
  assert.ok(Object.is(tw.sum(new Float32Array([-0, 0])).data[0], 0));
  assert.ok(Object.is(tw.max(new Float64Array([-0, 0, -0])).data[0], 0));
  assert.ok(Object.is(tw.min(new Float64Array([0, -0, 0])).data[0], -0));
  assert.ok(Number.isNaN(tw.max(new Float32Array([1, NaN, 3])).data[0]));
  assert.ok(Number.isNaN(tw.sum(new Float32Array([Infinity, -Infinity])).data[0]));
});

test('bad arguments: axes, keepdims, dtype and out are refused in the caller\'s terms, and the next call is right', () => {
  const x = { data: new Float32Array(6), shape: [2, 3] };
  assert.throws(() => tw.sum(x, { axis: 2 }), { name: 'RangeError', message: /axis 2 is out of range for an operand of rank 2/ });
  assert.throws(() => tw.sum(x, { axis: -3 }), RangeError);
  assert.throws(() => tw.sum(x, { axis: [0, -2] }), { name: 'RangeError', message: /axis 0 twice/ });
  assert.throws(() => tw.sum(x, { axis: 0.5 }), TypeError);
  assert.throws(() => tw.sum(x, { axis: '0' }), TypeError);
  assert.throws(() => tw.sum(x, { keepdims: 1 }), RangeError);
  assert.throws(() => tw.max(x, { dtype: 'float64' }), { name: 'TypeError', message: /unknown option "dtype"/ });
  assert.throws(() => tw.sum(x, { dtype: 'int32' }), TypeError); // a float to an integer is no cast
  assert.throws(() => tw.mean(new Int8Array(2), { dtype: 'int32' }), { name: 'TypeError', message: /mean computes in a float dtype/ });
  assert.throws(() => tw.sum(x, { axis: 0, out: new Float32Array(2) }), { name: 'RangeError', message: /out holds 2 elements/ });
  assert.throws(() => tw.sum(x, { out: new Int32Array(1) }), TypeError);
  assert.throws(() => tw.sum(x, { axes: 0 }), { name: 'TypeError', message: /unknown option "axes"/ });
  assert.deepEqual([...tw.sum({ data: new Float32Array([1, 2, 3, 4, 5, 6]), shape: [2, 3] }, { axis: -1 }).data], [6, 15]);
});

test('options are read once, from own properties: a polluted prototype chooses nothing', () => {
  const outside = new Float32Array(1);
  Object.prototype.out = outside; // eslint-disable-line no-extend-native
  Object.prototype.axis = 0; // eslint-disable-line no-extend-native
  try {
    let reads = 0;
    const options = {
      get keepdims() {
        reads += 1;
        delete options.out;
        return true;
      },
      out: new Float32Array(2),
    };
    const r = tw.sum({ data: new Float32Array([1, 2, 3, 4]), shape: [2, 2] }, options);
    assert.equal(reads, 1);
    assert.deepEqual(r.shape, [1, 1]); // every axis (the prototype's axis not read), kept as 1s
    assert.equal(r.data[0], 10);
    assert.equal(outside[0], 0);
  } finally {
    delete Object.prototype.out;
    delete Object.prototype.axis;
  }
});

test('wasm tensors and out: a reduction reads a resident tensor in place and writes a resident out', () => {
  const x = tw.tensor(new Float64Array([1, 2, 3, 4, 5, 6]), [3, 2]);
  const out = tw.empty([1, 2], 'float64');
  try {
    assert.equal(tw.mean(x, { axis: 0, keepdims: true, out }), out);
    assert.deepEqual([...out.data], [3, 4]);
  } finally {
    x.dispose();
    out.dispose();
  }
});

test('softmax and logSoftmax are the ops one by one, for every float dtype, axis and layout', () => {
  const rand = generator(43003).next;
  const FLOATS = ['float32', 'float64', 'float16', 'bfloat16'];
  for (const dtype of FLOATS) {
    for (const shape of [[7], [3, 5], [2, 300], [4, 3, 2], [1, 1, 9]]) {
      const n = shape.reduce((a, b) => a * b, 1);
      const x = tw.tensor(new Float64Array(n).map(() => (rand() - 0.5) * 40), shape, 'float64');
      const xd = tw.add(x, 0, { dtype }); // x in the dtype (a cast)
      const X = { data: xd.data, shape, dtype };
      for (let axis = -shape.length; axis < shape.length; ++axis) {
        const m = tw.max(X, { axis, keepdims: true });
        const t = tw.subtract(X, m);
        const e = tw.exp(t);
        const s = tw.sum(e, { axis, keepdims: true });
        const soft = tw.divide(e, s), logSoft = tw.subtract(t, tw.log(s));
        const id = `${dtype} [${shape}] axis ${axis}`;
        assert.deepEqual([...bitsOf(dtype, tw.softmax(X, { axis }).data)], [...bitsOf(dtype, soft.data)], `${id} softmax`);
        assert.deepEqual([...bitsOf(dtype, tw.logSoftmax(X, { axis }).data)], [...bitsOf(dtype, logSoft.data)], `${id} logSoftmax`);
      }
      x.dispose();
    }
  }
});

test('softmax: a strided view, an out of another dtype, the default axis, and its errors', () => {
  const x = new Float32Array([1, 2, 3, 4, 5, 6]);
  const rows = tw.softmax({ data: x, shape: [2, 3] });
  const viaView = tw.softmax({ data: new Float32Array([1, 4, 2, 5, 3, 6]), shape: [2, 3], strides: [1, 2] }, { axis: 1 });
  assert.deepEqual([...viaView.data], [...rows.data]);
  const out = new Float64Array(6);
  tw.softmax({ data: x, shape: [2, 3] }, { out });
  assert.deepEqual([...out], [...rows.data]);
  assert.throws(() => tw.softmax(new Int32Array(3)), { name: 'TypeError', message: /softmax computes in a float dtype/ });
  assert.deepEqual([...tw.softmax(new Int32Array([1, 2]), { dtype: 'float64' }).data], [...tw.softmax(new Float64Array([1, 2])).data]);
  assert.throws(() => tw.softmax(x, { axis: 1 }), RangeError);
  assert.throws(() => tw.logSoftmax(x, { keepdims: true }), { name: 'TypeError', message: /unknown option/ });
  assert.ok(tw.softmax(new Float32Array([-Infinity, -Infinity])).data.every(Number.isNaN));
});
