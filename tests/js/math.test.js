// The math functions' bits, checked against exact arithmetic rather than another floating-point
// library: sqrt of every float16 and every bfloat16 (65,536 values each) through the public API,
// each result held against the exact square root by integers (BigInt): a finite result r is
// correctly rounded when the midpoints between r and its neighbours bracket sqrt(x), that is
// when lo^2 < x < hi^2, all of them dyadic rationals compared exactly. (No square root of a
// p-bit float lies on a midpoint of p-bit floats, so the inequalities are strict.) float32's
// sqrt is IEEE's instruction; its samples, with abs and negative on every dtype, are the golden
// cases' (tests/golden/generate.py, numpy).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as tw from '../../web/index.js';

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
