// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// The bulk conversions (float32ToFloat16, float16ToFloat32, float32ToBfloat16, bfloat16ToFloat32)
// against the per-element functions, which tests/golden checks against numpy: every float16 and
// bfloat16 boundary, ties at every rounding position and exponent, NaN payloads and random bit
// patterns, in lengths that stream in chunks and end in a tail; every input and output form
// (typed arrays, wasm tensors, `out`), empty arrays, and every error.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as tw from '../../web/index.js';

const { init, tensor, empty, float16ToNumber, bfloat16ToNumber, numberToFloat16, numberToBfloat16 } = tw;

before(() => init());

const Float16 = globalThis.Float16Array;

// The conversions, each with its per-element reference and its input and result classes (bits in
// a Uint16Array where the platform has no Float16Array).
const CONVERSIONS = {
  float32ToFloat16: { from: 'float32', to: 'float16', one: numberToFloat16, In: Float32Array, Out: Float16 ?? Uint16Array },
  float32ToBfloat16: { from: 'float32', to: 'bfloat16', one: numberToBfloat16, In: Float32Array, Out: Uint16Array },
  float16ToFloat32: { from: 'float16', to: 'float32', one: float16ToNumber, In: Uint16Array, Out: Float32Array },
  bfloat16ToFloat32: { from: 'bfloat16', to: 'float32', one: bfloat16ToNumber, In: Uint16Array, Out: Float32Array },
};

// Float32 bit patterns around every place rounding to float16 or bfloat16 can go wrong.
function float32Cases() {
  const bits = [];
  for (let h = 0; h <= 0xffff; ++h) {
    // Every bfloat16, and the float32s just below, at and just above its midpoint to the next.
    const b = h << 16;
    bits.push(b, b + 0x7fff, b + 0x8000, b + 0x8001);
    // Every float16 value as float32 and one either side, and around its midpoint to the next.
    const f = new Uint32Array(new Float32Array([float16ToNumber(h)]).buffer)[0];
    bits.push(f, f - 1, f + 1, f + 0xfff, f + 0x1000, f + 0x1001);
  }
  // Every sign and exponent (Inf and NaN payloads among them) with the tie at every rounding
  // position k, one below and one above, under an even and an odd kept part.
  for (let top = 0; top < 512; ++top) {
    for (let k = 0; k < 23; ++k) {
      const tie = 2 ** k;
      for (const kept of [0, 2 * tie, 0x7fffff - (2 * tie - 1)]) {
        for (const m of [tie, tie - 1, tie + 1]) bits.push(top * 2 ** 23 + ((kept + m) & 0x7fffff));
      }
    }
  }
  let seed = 0x1234567;
  for (let i = 0; i < 100003; ++i) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    bits.push((seed ^ (seed << 7)) >>> 0);
  }
  return new Float32Array(Uint32Array.from(bits, (b) => b >>> 0).buffer);
}

// Every narrow float's bits, three times over (past a chunk), and a tail.
const narrowCases = () => Uint16Array.from({ length: 3 * 65536 + 5 }, (_, i) => (i * 40503 + (i >> 16)) & 0xffff);

const casesFor = (c) => (c.from === 'float32' ? float32Cases() : narrowCases());

// A float16's NaN widened keeps its sign and payload (numpy's astype(np.float32)); a bfloat16's is its bits shifted up.
const widenedNan = (from, h) => (from === 'bfloat16' ? h * 0x10000
  : ((h & 0x8000) * 0x10000 + 0x7f800000 + (h & 0x3ff) * 0x2000));

/** Element i of a result, as bits (narrow floats) or a number. */
const bitsOf = (data) => (data instanceof Float32Array ? data : new Uint16Array(data.buffer, data.byteOffset, data.length));

/** Asserts y (a result's data) is x converted element by element by the per-element function. */
function assertConverted(name, x, y) {
  const c = CONVERSIONS[name];
  assert.equal(y.length, x.length, `${name}: length`);
  const got = bitsOf(y);
  const wordsOf = new Uint32Array(got.buffer, got.byteOffset, got instanceof Float32Array ? got.length : 0);
  for (let i = 0; i < x.length; ++i) {
    const want = c.one(x[i]);
    if (c.to !== 'float32') {
      if (got[i] !== want) assert.fail(`${name}: element ${i} (float32 bits ${new Uint32Array(x.buffer, x.byteOffset, x.length)[i].toString(16)}) is ${got[i].toString(16)}, want ${want.toString(16)}`);
    } else if (Number.isNaN(want)) {
      if (wordsOf[i] !== widenedNan(c.from, x[i])) assert.fail(`${name}: NaN ${x[i].toString(16)} widened to ${wordsOf[i].toString(16)}`);
    } else if (!Object.is(got[i], want)) {
      assert.fail(`${name}: element ${i} (bits ${x[i].toString(16)}) is ${got[i]}, want ${want}`);
    }
  }
}

for (const [name, c] of Object.entries(CONVERSIONS)) {
  const convert = tw[name];

  test(`${name}: every boundary, tie, NaN and random pattern equals the per-element function, chunks and tail included`, () => {
    const x = casesFor(c);
    const y = convert(x);
    assert.equal(y.constructor, c.Out);
    assertConverted(name, x, y);
    // Every length around the SIMD groups and their tail, from an unaligned start.
    for (let n = 0; n <= 40; ++n) assertConverted(name, x.subarray(7, 7 + n), convert(x.subarray(7, 7 + n)));
  });

  test(`${name}: a wasm tensor gives a wasm tensor of its shape; out may be a typed array or a wasm tensor`, () => {
    const x = casesFor(c).subarray(0, 3 * 1003);
    const want = convert(x);
    const t = tensor(x, [3, 1003], c.from);
    try {
      const y = convert(t);
      try {
        assert.equal(y.dtype, c.to);
        assert.deepEqual(y.shape, t.shape);
        assert.deepEqual(bitsOf(y.data), bitsOf(want));
      } finally {
        y.dispose();
      }
      // out: a typed array of the result's class (returned, filled), or a wasm tensor of any shape of that size.
      const into = new c.Out(x.length);
      assert.equal(convert(t, { out: into }), into);
      assert.deepEqual(bitsOf(into), bitsOf(want));
      const resident = empty([x.length], c.to);
      assert.equal(convert(x, { out: resident }), resident);
      assert.deepEqual(bitsOf(resident.data), bitsOf(want));
      resident.dispose();
      const other = empty([1, x.length], c.to);
      assert.equal(convert(t, { out: other }), other);
      assert.deepEqual(bitsOf(other.data), bitsOf(want));
      other.dispose();
      // A Uint16Array also carries float16 results, where Float16Array is the default.
      if (c.to === 'float16') {
        const bits = new Uint16Array(x.length);
        convert(x, { out: bits });
        assert.deepEqual(bits, bitsOf(want));
      }
      // A subarray out at an offset.
      const host = new c.Out(x.length + 3);
      assert.equal(convert(x, { out: host.subarray(2, 2 + x.length) }).length, x.length);
      assert.deepEqual(bitsOf(host.subarray(2, 2 + x.length)), bitsOf(want));
    } finally {
      t.dispose();
    }
  });

  test(`${name}: empty input gives an empty result of its kind`, () => {
    const y = convert(new c.In(0));
    assert.equal(y.constructor, c.Out);
    assert.equal(y.length, 0);
    const t = tensor(new c.In(0), [2, 0], c.from);
    const r = convert(t);
    assert.deepEqual([r.dtype, r.shape, r.length], [c.to, [2, 0], 0]);
    const out = new c.Out(0);
    assert.equal(convert(t, { out }), out);
    r.dispose();
    t.dispose();
  });
}

// Node 20 has no Float16Array: there the result is a Uint16Array of the bits (the Float16Array
// branch runs in Chromium, tests/browser/chromium.test.js, and here on a Node that has one).
test('float32ToFloat16 gives the platform\'s float16 class: a Float16Array where there is one (read back as its bits), else a Uint16Array', () => {
  const back = tw.float32ToFloat16(new Float32Array([1.5, 0.1]));
  assert.equal(Object.getPrototypeOf(back), (Float16 ?? Uint16Array).prototype);
  assert.deepEqual(Array.from(new Uint16Array(back.buffer, back.byteOffset, back.length)), [0x3e00, 0x2e66]);
  if (Float16 === undefined) return;
  const h = new Float16([1.5, -0, 65504, 2 ** -24]);
  assert.deepEqual(Array.from(tw.float16ToFloat32(h)), [1.5, -0, 65504, 2 ** -24]);
});

test('wrong arguments: a TypeError or RangeError naming the function, the argument, what it takes and what it got', () => {
  const f32 = new Float32Array(4);
  const bits = new Uint16Array(4);
  const t16 = tensor(bits, [4], 'float16');
  const disposed = tensor(f32);
  disposed.dispose();
  const carries16 = Float16 ? 'a Float16Array or a Uint16Array' : 'a Uint16Array';
  const cases = [
    [() => tw.float32ToFloat16(bits), TypeError, /^float32ToFloat16: x must be a Float32Array or a float32 wasm tensor, got a Uint16Array$/],
    [() => tw.float32ToFloat16([1, 2]), TypeError, /^float32ToFloat16: x must be .* got an array$/],
    [() => tw.float32ToFloat16(new Float64Array(2)), TypeError, /got a Float64Array$/],
    [() => tw.float32ToFloat16(undefined), TypeError, /got nothing \(undefined\)$/],
    [() => tw.float32ToFloat16(null), TypeError, /got null$/],
    [() => tw.float32ToFloat16(3), TypeError, /got 3$/],
    [() => tw.float32ToFloat16(new DataView(f32.buffer)), TypeError, /got a DataView$/],
    [() => tw.float32ToFloat16({ data: f32 }), TypeError, /got an object$/],
    [() => tw.float32ToFloat16(t16), TypeError, /^float32ToFloat16: x must be a Float32Array or a float32 wasm tensor, got a float16 wasm tensor$/],
    [() => tw.float32ToFloat16(disposed), TypeError, /^float32ToFloat16: x: this wasm tensor was disposed/],
    [() => tw.float16ToFloat32(f32), TypeError, new RegExp(`^float16ToFloat32: x must be ${carries16} or a float16 wasm tensor, got a Float32Array$`)],
    [() => tw.float16ToFloat32(new Int16Array(4)), TypeError, /got an Int16Array$/],
    [() => tw.bfloat16ToFloat32(t16), TypeError, /^bfloat16ToFloat32: x must be a Uint16Array or a bfloat16 wasm tensor, got a float16 wasm tensor$/],
    [() => tw.float32ToFloat16(f32, { out: new Float32Array(4) }), TypeError, /^float32ToFloat16: out must be .*Uint16Array \(or a float16 wasm tensor\) for a float16 result; got a Float32Array$/],
    [() => tw.float32ToFloat16(f32, { out: new Uint16Array(5) }), RangeError, /^float32ToFloat16: out holds 5 elements but x has 4$/],
    [() => tw.float32ToFloat16(f32, { out: new Uint16Array(3) }), RangeError, /out holds 3 elements but x has 4$/],
    [() => tw.float16ToFloat32(bits, { out: empty([5], 'float32') }), RangeError, /^float16ToFloat32: out holds 5 elements but x has 4$/],
    [() => tw.float16ToFloat32(bits, { out: t16 }), TypeError, /^float16ToFloat32: out is a float16 wasm tensor but the result is float32$/],
    [() => tw.float32ToBfloat16(f32, { out: disposed }), TypeError, /^float32ToBfloat16: out is a wasm tensor that was disposed/],
    [() => tw.float32ToBfloat16(f32, { out: [0, 0, 0, 0] }), TypeError, /^float32ToBfloat16: out must be a typed array or a wasm tensor, got an array$/],
    [() => tw.float32ToFloat16(f32, { outt: bits }), TypeError, /^float32ToFloat16: unknown option "outt" \(it takes out\)$/],
    [() => tw.float32ToFloat16(f32, 'out'), TypeError, /^float32ToFloat16: options must be an object, got "out"$/],
    [() => tw.float32ToFloat16(f32, [bits]), TypeError, /^float32ToFloat16: options must be an object, got an array$/],
  ];
  for (const [call, Class, pattern] of cases) {
    assert.throws(call, (e) => e instanceof Class && pattern.test(e.message), String(pattern));
    assert.deepEqual(Array.from(tw.float32ToFloat16(new Float32Array([1, 2]))), [0x3c00, 0x4000]);
  }
  t16.dispose();
});

test('options: only own keys are read; an inherited out is not', () => {
  const inherited = Object.create({ out: new Uint16Array(2) });
  const y = tw.float32ToFloat16(new Float32Array([1, 2]), inherited);
  assert.notEqual(y, Object.getPrototypeOf(inherited).out);
  assert.deepEqual(Array.from(Object.getPrototypeOf(inherited).out), [0, 0]);
  assert.deepEqual(Array.from(tw.float32ToFloat16(new Float32Array([1]), { out: undefined })), [0x3c00]);
  assert.deepEqual(Array.from(tw.float32ToFloat16(new Float32Array([1]), null)), [0x3c00]);
});
