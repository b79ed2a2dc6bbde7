// What every hostile-input test checks besides the answer docs/contract.md gives: sentinel tensors
// made before the attack hold their values after it, the wasm memory in use (bytes malloc has
// handed out) did not grow, and the next ordinary calls are right.
import assert from 'node:assert/strict';
import * as tw from '../../../web/index.js';
import { memoryInUse, poolReady } from '../internals.js';
import { entryPoints, takes, unaryEntryPoints } from '../dtypes.js';
import { correctlyRoundedQuick } from '../exact-math.js';

export { tw, memoryInUse };

const SENTINEL_SIZES = [1, 7, 64, 1000, 40000];
const sentinelValue = (k, i) => k * 100000 + i;

function makeSentinels() {
  return SENTINEL_SIZES.map((n, k) => tw.tensor(Float32Array.from({ length: n }, (_, i) => sentinelValue(k, i))));
}

function checkSentinels(list) {
  list.forEach((t, k) => {
    const data = t.data;
    for (let i = 0, n = data.length; i < n; ++i) {
      if (data[i] !== sentinelValue(k, i)) assert.fail(`sentinel ${k} element ${i}: ${data[i]}, was ${sentinelValue(k, i)}`);
    }
  });
}

/** Ordinary calls of every kind, right after an attack. */
export function nextCallsAreRight() {
  assert.deepEqual(Array.from(tw.divide({ data: new Int32Array([-7, 9, 100]) }, { data: new Int32Array([2, -4, 0]) }).data),
    [-4, -3, 0]);
  assert.deepEqual(Array.from(tw.multiply({ data: [1, 2, 3], shape: [3, 1] }, { data: new Float32Array([10, 20]) }).data),
    [10, 20, 20, 40, 30, 60]);
  const t = tw.tensor(new Float64Array([1.5, -2]));
  const y = tw.empty([2], 'float64');
  assert.equal(tw.multiply(t, 4, { out: y }), y);
  assert.deepEqual(Array.from(y.data), [6, -8]);
  t.dispose();
  y.dispose();
  assert.deepEqual(tw.broadcastShapes([8, 1, 6, 1], [7, 1, 5]), [8, 7, 6, 5]);
  const n = 200000; // large enough to stream in chunks
  const big = tw.multiply({ data: new Float32Array(n).fill(3) }, { data: new Float32Array(n).fill(0.5) }).data;
  assert.ok(big.length === n && big.every((x) => x === 1.5));
}

/**
 * Runs `attack` (which makes its own assertions about the answer) between sentinel tensors, then
 * checks the sentinels, that wasm memory in use is as before, and the next calls.
 */
let warmedUp = false;

export function hostile(attack) {
  if (!warmedUp) {
    // emmalloc adds a few bytes of bookkeeping the first time the heap grows into a new region:
    // grow it once before measuring, so that only what calls keep counts.
    tw.empty([96 << 20], 'uint8').dispose();
    // The workers' stacks are taken from wasm memory once, when they start (in init()).
    void poolReady();
    nextCallsAreRight();
    warmedUp = true;
  }
  const before = memoryInUse();
  const sentinels = makeSentinels();
  try {
    attack();
    checkSentinels(sentinels);
  } finally {
    for (const t of sentinels) t.dispose();
  }
  assert.equal(memoryInUse(), before, 'wasm memory in use grew');
  nextCallsAreRight();
}

/** Messages that name an engine's internals instead of the caller's terms (docs/contract.md, "Errors"). */
export const ENGINE_INTERNAL = /private member|out of bounds|\(it takes \)|got undefined|Cannot perform|is not a function|Invalid typed array|Cannot read prop|is not iterable|Cannot convert/;

/** Asserts that fn throws an instance of Class whose message matches `pattern` and is in the caller's terms. */
export function throwsClear(fn, Class, pattern, what = '') {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Class, `${what}: ${e?.constructor?.name}: ${e?.message} is not a ${Class.name}`);
    assert.match(e.message, pattern, what);
    assert.doesNotMatch(e.message, ENGINE_INTERNAL, what);
    return true;
  }, what);
}

const f32 = (values) => new Float32Array(values);

/**
 * Every entry point of every op (tests/js/dtypes.js), called the same way on operands of its
 * class `T`: Float32Array, or Int32Array for an op that takes no float32 (an integer-only op: the
 * suites reach it through every door on integers); `arr(values)` makes one. `want(x, y)` is what it
 * gives for two elements of T (float32 rounding, or an integer's), `wantInteger` for small
 * integers whose quotients floor and truncation round alike, `out` whether it takes `out`, `dtype`
 * T's dtype, `takes(dtype)` whether the entry point takes it. A unary
 * entry point is called as call(a, b, options) too: it reads a only (b is the test's, unread).
 */
// (The suites run with every built-in a Proxy, tests/js/trap-builtins.js: the rounding to float32
// here, reached per element, is a Float32Array's element, not Math.fround.)
const rounding = new Float32Array(1);
const fround = (x) => ((rounding[0] = x), rounding[0]);
const float32Want = (o) => (o.exact ? (x) => correctlyRoundedQuick(o.exact, x, 'float32') : (x, y) => fround(o.real(x, y, fround)));
// (An integer result has no -0: a remainder's -2 % 2 is 0.)
const integerWant = (o) => (x, y) => (o.divides ? Math.trunc(o.real(x, y)) : o.real(x, y)) + 0;
export const OPS = Object.fromEntries([...Object.entries(entryPoints(tw)), ...Object.entries(unaryEntryPoints(tw))].map(([name, e]) => {
  const T = takes(e.op, 'float32') ? Float32Array : Int32Array;
  const call = e.op.arity === 1 ? (a, b, options) => e.call(a, options) : e.call;
  // The dtypes this entry point takes (ONNX's operator may take fewer than the op: Neg no unsigned).
  const dtypes = name.startsWith('onnx.') && e.op.onnxDtypes !== undefined ? e.op.onnxDtypes : e.op.dtypes;
  return [name, {
    call, T, dtype: T === Float32Array ? 'float32' : 'int32', arr: (values) => new T(values), out: e.options, unary: e.op.arity === 1,
    takes: (dtype) => dtypes.includes(dtype),
    want: T === Float32Array ? float32Want(e.op) : integerWant(e.op), wantInteger: integerWant(e.op),
  }];
}));

/** Asserts a result's float32 values are op(a[i], b[i]). */
export function assertValues(result, op, a, b) {
  const want = Array.from(a, (x, i) => op.want(x, b[i]));
  assert.deepEqual(Array.from(result.data), want);
}

export { f32 };
