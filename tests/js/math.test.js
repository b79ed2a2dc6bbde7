// The math functions' bits, checked against exact arithmetic rather than another floating-point
// library: sqrt of every float16 and every bfloat16 (65,536 values each) through the public API,
// each result held against the exact square root by integers (BigInt): a finite result r is
// correctly rounded when the midpoints between r and its neighbours bracket sqrt(x), that is
// when lo^2 < x < hi^2, all of them dyadic rationals compared exactly. (No square root of a
// p-bit float lies on a midpoint of p-bit floats, so the inequalities are strict.) float32's
// sqrt is IEEE's instruction; its samples, with abs and negative on every dtype, are the golden
// cases' (tests/golden/generate.py, numpy). exp and log below, against exact-math.js.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as tw from '../../web/index.js';
import { correctlyRoundedQuick, faithfulPair } from './exact-math.js';
import { generator } from './seeded.js';

before(() => tw.init());

// A narrow float's format: mantissa bits, exponent bits.
const FORMATS = { float16: [10, 5], bfloat16: [7, 8] };

/** The value of a finite narrow float's bits as [m, e] with value m * 2^e (m a BigInt, sign dropped). */
function exact(bits, [mb, eb]) {
  const bias = 2 ** (eb - 1) - 1;
  const field = (bits >> mb) & (2 ** eb - 1);
  const frac = bits & (2 ** mb - 1);
  return field === 0 ? [BigInt(frac), 1 - bias - mb] : [BigInt(frac + 2 ** mb), field - bias - mb];
}

/** a * 2^ea < b * 2^eb, exactly. */
function below([a, ea], [b, eb]) {
  const e = Math.min(ea, eb);
  return a << BigInt(ea - e) < b << BigInt(eb - e);
}

const square = ([m, e]) => [m * m, 2 * e];
// The midpoint of two finite values: (a + b) / 2.
function midpoint([a, ea], [b, eb]) {
  const e = Math.min(ea, eb);
  return [(a << BigInt(ea - e)) + (b << BigInt(eb - e)), e - 1];
}

for (const [dtype, format] of Object.entries(FORMATS)) {
  test(`sqrt of every ${dtype}: correctly rounded, by exact arithmetic`, () => {
    const [mb, eb] = format;
    const inf = (2 ** eb - 1) << mb;
    const sign = 1 << (mb + eb);
    const x = Uint16Array.from({ length: 65536 }, (_, i) => i);
    const y = tw.sqrt({ data: x, shape: [65536], dtype }).data;
    const nan = (bits) => (bits & ~sign) > inf;
    let checked = 0;
    for (let i = 0; i < 65536; ++i) {
      const r = y[i];
      const what = `${dtype} sqrt(0x${i.toString(16)}) = 0x${r.toString(16)}`;
      if (nan(i) || ((i & sign) !== 0 && (i & ~sign) !== 0)) { // NaN, or negative: NaN
        assert.ok(nan(r), what);
      } else if ((i & ~sign) === 0 || i === inf) { // ±0 and +Inf are their own roots
        assert.equal(r, i, what);
      } else {
        assert.ok(r > 0 && r < inf, what);
        const v = exact(i, format);
        const lo = midpoint(exact(r - 1, format), exact(r, format));
        const hi = midpoint(exact(r, format), exact(r + 1, format)); // r + 1 is finite: a root is below the largest value
        assert.ok(below(square(lo), v) && below(v, square(hi)), what);
        checked++;
      }
    }
    // Every positive finite value but zero was held against its exact root.
    assert.equal(checked, inf - 1);
  });
}

test('abs and negative of the extreme values, as numpy: integers wrap, a float\'s sign bit', () => {
  assert.deepEqual(Array.from(tw.abs(new Int8Array([-128, -1, 127])).data), [-128, 1, 127]);
  assert.deepEqual(Array.from(tw.negative(new Int32Array([-(2 ** 31), 1])).data), [-(2 ** 31), -1]);
  assert.deepEqual(Array.from(tw.negative(new BigUint64Array([1n, 0n])).data), [2n ** 64n - 1n, 0n]);
  assert.deepEqual(Array.from(tw.abs(new BigInt64Array([-(2n ** 63n), -5n])).data), [-(2n ** 63n), 5n]);
  assert.ok(Object.is(tw.abs(new Float64Array([-0])).data[0], 0));
  assert.ok(Object.is(tw.negative(new Float32Array([0])).data[0], -0));
  assert.ok(Object.is(tw.sqrt(new Float32Array([-0])).data[0], -0));
  assert.deepEqual(Array.from(tw.sqrt(new Float64Array([Infinity, 2])).data), [Infinity, Math.SQRT2]);
  // -x in an expression is negative: the same bits.
  const x = new Float32Array([0, -0, 1.5, -Infinity]);
  assert.deepEqual(Array.from(tw.expr('-x')({ x }).data), Array.from(tw.negative(x).data));
});

// ---- exp and log, against tests/js/exact-math.js (BigInt, 256 bits): correctly rounded for
// float32, float16 and bfloat16; float64 one of the two doubles around the exact value. Every
// float16 and bfloat16; float32 samples here (npm run exhaustive checks all 2^32); float64 samples.
const FUNCTIONS = ['exp', 'log'];
const halfValue = (bits, [mb, eb]) => {
  const [m, e] = exact(bits & ((1 << (mb + eb)) - 1), [mb, eb]);
  const v = Number(m) * 2 ** e;
  const field = (bits >> mb) & (2 ** eb - 1);
  const value = field === 2 ** eb - 1 ? ((bits & (2 ** mb - 1)) ? NaN : Infinity) : v;
  return bits >> (mb + eb) ? -value : value;
};

for (const fn of FUNCTIONS) {
  for (const [dtype, format] of Object.entries(FORMATS)) {
    test(`${fn} of every ${dtype}: correctly rounded`, () => {
      const x = Uint16Array.from({ length: 65536 }, (_, i) => i);
      const y = tw[fn]({ data: x, shape: [65536], dtype }).data;
      const values = Float64Array.from(x, (b) => halfValue(b, format));
      const got = Float64Array.from(y, (b) => halfValue(b, format));
      for (let i = 0; i < 65536; ++i) {
        const want = correctlyRoundedQuick(fn, values[i], dtype);
        if (!(Object.is(got[i], want) || (Number.isNaN(want) && Number.isNaN(got[i])))) {
          assert.fail(`${dtype} ${fn}(0x${i.toString(16)} = ${values[i]}) = ${got[i]}, want ${want}`);
        }
      }
    });
  }
}

// float32 inputs: random bits, random values where the results are finite and not trivially 1
// or 0, the edges (overflow, the subnormal results, the smallest inputs) and the specials.
function float32Inputs(fn, g) {
  const bits = new Uint32Array(60000);
  for (let i = 0; i < bits.length; ++i) bits[i] = g.int(0, 2 ** 32 - 1);
  const xs = [...new Float32Array(bits.buffer)];
  for (let i = 0; i < 60000; ++i) xs.push(fn === 'exp' ? (g.next() - 0.5) * 200 : 2 ** ((g.next() - 0.5) * 260) * (1 + g.next()));
  for (let i = 0; i < 2000; ++i) xs.push(1 + (g.next() - 0.5) * 2 ** -g.int(1, 24)); // near 1: log's smallest results
  xs.push(0, -0, Infinity, -Infinity, NaN, 1, -1, 88.72283, 88.72284, 89, -87.33655, -103.27893, -103.97208, -104, 2 ** -149, 3.4028235e38, 1e-45);
  return Float32Array.from(xs);
}

for (const fn of FUNCTIONS) {
  test(`${fn} of float32: correctly rounded on random bits, values and edges`, () => {
    const x = float32Inputs(fn, generator(fn === 'exp' ? 42 : 43));
    const y = tw[fn](x).data;
    for (let i = 0; i < x.length; ++i) {
      const want = correctlyRoundedQuick(fn, x[i], 'float32');
      if (!(Object.is(y[i], want) || (Number.isNaN(want) && Number.isNaN(y[i])))) assert.fail(`float32 ${fn}(${x[i]}) = ${y[i]}, want ${want}`);
    }
  });

  test(`${fn} of float64: faithful (one of the two doubles around the exact value)`, () => {
    const g = generator(fn === 'exp' ? 44 : 45);
    const xs = [];
    for (let i = 0; i < 6000; ++i) xs.push(fn === 'exp' ? (g.next() - 0.5) * 1500 : 2 ** ((g.next() - 0.5) * 2100) * (1 + g.next()));
    for (let i = 0; i < 2000; ++i) xs.push(fn === 'exp' ? (g.next() - 0.5) * 2 ** -g.int(0, 40) : 1 + (g.next() - 0.5) * 2 ** -g.int(1, 50));
    xs.push(0, -0, 1, 709.782712893384, 709.7827128933841, -708.3964185322641, -745.1332191019411, -745.1332191019412, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308);
    const x = Float64Array.from(xs);
    const y = tw[fn](x).data;
    for (let i = 0; i < x.length; ++i) {
      const [lo, hi] = faithfulPair(fn, x[i]);
      if (!(Object.is(y[i], lo) || Object.is(y[i], hi) || (Number.isNaN(lo) && Number.isNaN(y[i])))) {
        assert.fail(`float64 ${fn}(${x[i]}) = ${y[i]}, want ${lo} or ${hi}`);
      }
    }
  });
}

// Every float32 input of exp and log within 2^-46 of a rounding boundary (where a double result
// is too close to call) or that the C library's reference could not decide, with its correct
// result decided by Python's decimal (tests/golden/math-hard.json, from npm run exhaustive exp
// log --write: tests/exhaustive/math.cc and decide.py), log's five exceptions among them.
const HARD = JSON.parse(readFileSync(new URL('../golden/math-hard.json', import.meta.url), 'utf8'));
for (const fn of FUNCTIONS) {
  test(`${fn} of float32: the inputs nearest a rounding boundary (${HARD[fn].length})`, () => {
    assert.ok(HARD[fn].length > 100);
    const x = new Float32Array(new Uint32Array(HARD[fn].map(([bits]) => bits)).buffer);
    const y = new Uint32Array(tw[fn](x).data.buffer);
    HARD[fn].forEach(([bits, want], i) => assert.equal(y[i], want, `${fn}(0x${bits.toString(16)})`));
  });
}

test('exp and log: the special values of C\'s Annex F in every float dtype', () => {
  for (const [dtype, T] of [['float32', Float32Array], ['float64', Float64Array]]) {
    assert.deepEqual(Array.from(tw.exp(T.from([-Infinity, Infinity, 0, -0, 1e4, -1e4])).data), [0, Infinity, 1, 1, Infinity, 0], dtype);
    const l = Array.from(tw.log(T.from([0, -0, Infinity, 1, -1, -Infinity])).data);
    assert.deepEqual(l.slice(0, 4), [-Infinity, -Infinity, Infinity, 0], dtype);
    assert.ok(Number.isNaN(l[4]) && Number.isNaN(l[5]), dtype);
    assert.ok(Number.isNaN(tw.exp(T.from([NaN])).data[0]) && Number.isNaN(tw.log(T.from([NaN])).data[0]), dtype);
  }
  // float16: -Inf 0xfc00, +Inf 0x7c00, 1 0x3c00, -1 0xbc00, -0 0x8000.
  const h = (bits) => ({ data: Uint16Array.from(bits), shape: [bits.length], dtype: 'float16' });
  assert.deepEqual(Array.from(tw.exp(h([0xfc00, 0x7c00, 0, 0x8000])).data, Number), [0, 0x7c00, 0x3c00, 0x3c00]);
  assert.deepEqual(Array.from(tw.log(h([0, 0x8000, 0x7c00, 0x3c00, 0xbc00])).data, Number), [0xfc00, 0xfc00, 0x7c00, 0, 0x7e00]);
});

test('exp and log in expressions: the same bits as the ops one by one', () => {
  const g = generator(46);
  for (const [dtype, T] of [['float32', Float32Array], ['float64', Float64Array]]) {
    const x = T.from({ length: 1000 }, () => (g.next() - 0.5) * 60);
    const m = T.from([3.25]);
    const s = T.from({ length: 1000 }, () => g.next() * 100);
    const oneByOne = tw.exp(tw.subtract(x, m)).data;
    assert.deepEqual(Array.from(tw.expr('exp(x - m)')({ x, m }).data), Array.from(oneByOne), dtype);
    // A chain: log of a sum, then a product (each node rounded to the dtype).
    const chained = tw.multiply(tw.log(tw.add(s, 1)), 2).data;
    assert.deepEqual(Array.from(tw.expr('log(s + 1) * 2')({ s }).data), Array.from(chained), dtype);
    assert.deepEqual(Array.from(tw.expr('exp(log(s))')({ s }).data), Array.from(tw.exp(tw.log(s)).data), dtype);
  }
  // An integer input cast on load, as the ops take { dtype }.
  const q = new Int8Array([-128, -1, 0, 1, 127]);
  assert.deepEqual(Array.from(tw.expr('exp(q)', { dtype: 'float32' })({ q }).data), Array.from(tw.exp(q, { dtype: 'float32' }).data));
});
