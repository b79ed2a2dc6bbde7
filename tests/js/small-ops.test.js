// The JS loops of small ops (web/execution/small-ops.js) against the core, element for element: the same
// operands through each path (testing.smallOps 'always', then 'never'), every op and dtype, both
// pythondiv settings, a new result and `out`. The operands are every pair of values for the
// 8-bit integers, and every pair of a set of edge values (the extremes, 0, ±1, powers of two
// and their neighbours, subnormals, infinities, NaN, random bits) for the others. NaN payloads
// are unspecified: a NaN matches a NaN (same-bits.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as tw from '../../web/index.js';
import { testing } from '../../web/module/loader.js';
import { SOURCES, runFresh } from './fresh-process.js';
import { DTYPES, DTYPE_NAMES, OPS } from './dtypes.js';
import { assertSameBits } from './same-bits.js';

await tw.init();

function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
}

// The edge values of a dtype, as a typed array of its storage class.
function edges(name) {
  const d = DTYPES[name];
  const next = random(name.length * 7919);
  if (d.kind === 'int') {
    if (d.bits === 8) return null; // every pair
    const big = d.bits === 64;
    const values = new Set();
    const lo = d.signed ? -(2 ** (d.bits - 1)) : 0, hi = d.signed ? 2 ** (d.bits - 1) - 1 : 2 ** d.bits - 1;
    for (const v of [lo, lo + 1, -2, -1, 0, 1, 2, 3, 7, hi - 1, hi]) if (v >= lo && v <= hi) values.add(v);
    for (let e = 1; e < d.bits; ++e) for (const v of [2 ** e - 1, 2 ** e, -(2 ** e)]) if (v >= lo && v <= hi) values.add(v);
    const array = new d.Storage(values.size + 16);
    let i = 0;
    for (const v of values) array[i++] = big ? BigInt(v) : v;
    for (; i < array.length; ++i) array[i] = big ? BigInt.asIntN(64, (BigInt(next()) << 32n) | BigInt(next())) : next();
    return array;
  }
  // Floats (and the narrow floats' bits): specials, then random bit patterns.
  const bits = d.Storage === Float64Array ? new Float64Array([0, -0, 1, -1, 0.5, 3, 1 / 3, 2 ** -1074, -(2 ** -1022), 2 ** 1023,
    Number.MAX_VALUE, -Number.MAX_VALUE, Infinity, -Infinity, NaN, 1e-300, 1e300, 2 ** 53 + 1])
    : d.Storage === Float32Array ? new Float32Array([0, -0, 1, -1, 0.5, 3, 1 / 3, 2 ** -149, -(2 ** -126), 2 ** 127, 3.4028234663852886e38,
      -3.4028234663852886e38, Infinity, -Infinity, NaN, 1e-30, 1e30, 16777217])
      : new Uint16Array([0, 0x8000, 0x3c00, 0xbc00, 0x0001, 0x8001, 0x7bff, 0x7c00, 0xfc00, 0x7e00, 0x3f80, 0x7f80, 0x0080, 0x7f7f]);
  const array = new d.Storage(bits.length + 24);
  array.set(bits);
  const raw = new Uint32Array(array.buffer, array.byteOffset, (array.length * d.Storage.BYTES_PER_ELEMENT) >> 2);
  for (let i = (bits.length * d.Storage.BYTES_PER_ELEMENT) >> 2; i < raw.length; ++i) raw[i] = next();
  return array;
}

// Every pair (x, y) of the values as two operands of n * n elements.
function pairs(name) {
  const d = DTYPES[name];
  let values = edges(name);
  if (values === null) { // 8 bits: all 256 values
    values = new d.Storage(256);
    for (let v = 0; v < 256; ++v) values[v] = v;
  }
  const n = values.length;
  const a = new d.Storage(n * n), b = new d.Storage(n * n);
  for (let i = 0; i < n; ++i) for (let j = 0; j < n; ++j) { a[i * n + j] = values[i]; b[i * n + j] = values[j]; }
  return { a, b };
}

function withSmallOps(mode, fn) {
  const before = testing.smallOps;
  testing.smallOps = mode;
  try {
    return fn();
  } finally {
    testing.smallOps = before;
  }
}

for (const dtype of DTYPE_NAMES) {
  test(`${dtype}: the JS loops give the core's bits for every op`, () => {
    const { a, b } = pairs(dtype);
    const shape = [a.length];
    for (const o of Object.values(OPS)) {
      for (const pythondiv of o.divides ? [true, false] : [true]) {
        const options = o.divides ? { pythondiv } : {};
        const run = () => o.run(tw)({ data: a, shape, dtype }, { data: b, shape, dtype }, options).data;
        const into = () => {
          const out = new DTYPES[dtype].Storage(a.length);
          o.run(tw)({ data: a, shape, dtype }, { data: b, shape, dtype }, { ...options, out });
          return out;
        };
        const what = `${dtype} ${o.fn} pythondiv ${pythondiv}`;
        const want = withSmallOps('never', run);
        assertSameBits(dtype, withSmallOps('always', run), want, what);
        assertSameBits(dtype, withSmallOps('always', into), want, `${what}, out`);
        // A broadcast scalar, on either side: the loops step 0 through it.
        const scalar = { data: a.subarray(3, 4), shape: [], dtype };
        const left = () => o.run(tw)(scalar, { data: b, shape, dtype }, options).data;
        const right = () => o.run(tw)({ data: b, shape, dtype }, scalar, options).data;
        assertSameBits(dtype, withSmallOps('always', left), withSmallOps('never', left), `${what}, scalar A`);
        assertSameBits(dtype, withSmallOps('always', right), withSmallOps('never', right), `${what}, scalar B`);
      }
    }
  });
}

test('a polluted Object.prototype before init() gives the JS loops nothing', () => {
  // Names of dtypes and ops the generated table has no loop for, and of one it has: inherited
  // functions under those names must never be taken for loops.
  const result = runFresh(`
    const calls = [];
    for (const name of ['int64', 'uint64', 'float16', 'bfloat16', 'float32', 'mul', 'div_floor']) {
      Object.defineProperty(Object.prototype, name, { value: function () { calls.push(name); }, configurable: true, writable: true });
    }
    const tw = await import(${SOURCES.index});
    await tw.init({ threads: 1 });
    const r = [
      tw.multiply({ data: new BigInt64Array([3n, -4n]) }, 5n).data.join(),
      tw.multiply({ data: new Uint16Array([0x3c00, 0x4000]), dtype: 'float16' }, { data: new Uint16Array([0x4000, 0x4000]), dtype: 'float16' }).data.join(),
      tw.multiply({ data: new Float32Array([1.5, 2]) }, 2).data.join(),
    ];
    console.log(JSON.stringify({ calls, r }));
  `);
  assert.deepEqual(result.calls, []);
  assert.deepEqual(result.r, ['15,-20', String([0x4000, 0x4400]), '3,4']);
});

test('a one-element operand broadcast over the output is read once, while another thread writes it', () => {
  // A worker flips the one element of a shared buffer between 1 and 2 without pause; each result
  // of ones times it must be all 1s or all 2s, never a mix (the core path copies the operand
  // once; so must the loops, which read it at every element).
  const result = runFresh(`
    import { Worker } from 'node:worker_threads';
    const tw = await import(${SOURCES.index});
    await tw.init({ threads: 1 });
    const one = new Float32Array(new SharedArrayBuffer(4));
    const stop = new Int32Array(new SharedArrayBuffer(4));
    one[0] = 1;
    const w = new Worker(\`
      const { workerData: { one, stop } } = require('node:worker_threads');
      while (Atomics.load(stop, 0) === 0) one[0] = one[0] === 1 ? 2 : 1;
    \`, { eval: true, workerData: { one, stop }, execArgv: [] });
    await new Promise((resolve) => w.once('online', resolve));
    const ones = new Float32Array(64).fill(1);
    let mixed = 0, calls = 0;
    for (const end = Date.now() + 500; Date.now() < end;) {
      for (let k = 0; k < 100; ++k, ++calls) {
        const r = tw.multiply({ data: ones }, { data: one, shape: [1] }).data;
        if (!r.every((x) => x === r[0])) mixed += 1;
      }
    }
    Atomics.store(stop, 0, 1);
    await w.terminate();
    console.log(JSON.stringify({ mixed, calls }));
  `);
  assert.ok(result.calls > 1000, `${result.calls} calls`);
  assert.equal(result.mixed, 0, `${result.mixed} of ${result.calls} results mixed two values`);
});
