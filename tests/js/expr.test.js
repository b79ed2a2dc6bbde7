// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// expr(): the grammar, the inputs, the options, broadcasting across all inputs, casts on load,
// and a seeded property test of random expressions (depth up to 4, every dtype as the
// computation dtype, inputs of every dtype that casts to it, random broadcasts, strided views,
// literals, unary minus, both integer roundings) against the chain of single ops on the inputs
// cast by an oracle written apart (reference-casts.js), bit for bit. TW_SEED and TW_CASES set the
// property test's seed and size. scripts/test.sh runs this file at 1 and 2 threads, with programs
// in the core and in JS.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as api from '../../web/index.js';
import { DTYPES, DTYPE_NAMES, bitsOf, isNaNAt } from './dtypes.js';
import { castArray, castElement } from './reference-casts.js';
import { assertSameBits } from './same-bits.js';
import { generator } from './seeded.js';

const { expr, tensor, empty, BroadcastError } = api;
before(() => api.init());

const f32 = (...v) => ({ data: Float32Array.from(v) });
const isFloat = (d) => DTYPES[d].kind !== 'int';
const isBig = (d) => DTYPES[d].Storage === BigInt64Array || DTYPES[d].Storage === BigUint64Array;

test('the contract\'s example: an RGBA frame to a normalised NCHW float32 tensor, in one call, then into the same array', () => {
  const H = 5, W = 7;
  const rgba = Uint8ClampedArray.from({ length: H * W * 4 }, (_, i) => (i * 37 + 11) % 256);
  const mean = { data: new Float32Array([0.485, 0.456, 0.406]), shape: [3, 1, 1] };
  const std = { data: new Float32Array([0.229, 0.224, 0.225]), shape: [3, 1, 1] };
  const normalize = expr('(x / 255 - mean) / std', { dtype: 'float32' });
  assert.equal(normalize.source, '(x / 255 - mean) / std');
  assert.deepEqual(normalize.inputs, ['x', 'mean', 'std']);
  assert.equal(normalize.dtype, 'float32');
  const x = { data: rgba, shape: [1, 3, H, W], strides: [0, 1, 4 * W, 4] };
  const t = normalize({ x, mean, std });
  assert.deepEqual(t.shape, [1, 3, H, W]);
  assert.equal(t.dtype, 'float32');
  assert.equal(t.data.constructor, Float32Array);
  // The same as the single ops one by one on the bytes cast to float32.
  const chw = { data: castArray(rgba, 'uint8', 'float32'), shape: [1, 3, H, W], strides: [0, 1, 4 * W, 4] };
  const want = api.divide(api.subtract(api.divide(chw, 255), mean), std);
  assertSameBits('float32', t.data, want.data);
  const out = new Float32Array(3 * H * W);
  assert.equal(normalize({ x, mean, std }, { out }).data, out);
  assertSameBits('float32', out, want.data);
});

test('dequantisation: int8 codes and zero points, float32 scales', () => {
  const q = { data: Int8Array.from({ length: 40 }, (_, i) => i * 13 - 128), shape: [10, 4] };
  const zp = { data: new Int8Array([1, -128, 127, 0]), shape: [4] };
  const scale = { data: new Float32Array([0.5, 0.25, 0.125, 3]), shape: [4] };
  const got = expr('(q - zp) * scale', { dtype: 'float32' })({ q, zp, scale });
  for (let i = 0; i < 40; ++i) {
    assert.equal(got.data[i], Math.fround((q.data[i] - zp.data[i % 4]) * scale.data[i % 4]), `element ${i}`);
  }
  // In int8 the difference wraps (numpy's int8 arithmetic): the dtype option is what avoids it.
  assert.equal(expr('q - zp')({ q, zp }).data[1], ((q.data[1] - zp.data[1] + 128) & 255) - 128);
});

test('the grammar: JavaScript precedence and associativity, unary minus as numpy\'s negative, the ops as functions', () => {
  const one = (source, inputs = {}, options) => Array.from(expr(source, options)(inputs).data);
  assert.deepEqual(one('2 + 3 * 4'), [14]);
  assert.deepEqual(one('(2 + 3) * 4'), [20]);
  assert.deepEqual(one('20 / 4 / 5'), [1]);
  assert.deepEqual(one('10 - 4 - 3'), [3]);
  assert.deepEqual(one('-2 * -3'), [6]);
  assert.deepEqual(one('--x', { x: f32(5) }), [5]);
  assert.deepEqual(one('.5 + 5. + 1e1 + 2.5E-1'), [15.75]);
  assert.deepEqual(one(' \n\tx\t* 2 ', { x: f32(3) }), [6]);
  assert.deepEqual(one('multiply(x, add(x, 1)) - subtract(divide(x, 2), mul(1, sub(x, div(x, 1))))', { x: f32(4) }), [18]);
  // Unary minus: floats flip the sign (-(+0) is -0), integers wrap.
  assert.ok(Object.is(one('-x', { x: f32(0) })[0], -0));
  assert.ok(Object.is(one('-x', { x: f32(-0) })[0], 0));
  assert.deepEqual(one('-x', { x: { data: new Uint8Array([0, 1, 255]) } }), [0, 255, 1]);
  assert.deepEqual(one('-x', { x: { data: new Int8Array([-128, 5]) } }), [-128, -5]);
  // An integer literal is exact, also past 2^53 in int64.
  assert.deepEqual(one('x + 9007199254740993', { x: { data: new BigInt64Array([0n]) } }), [9007199254740993n]);
  // Integer division rounds as pythondiv says; x / 0 is 0 or an error.
  const ints = { a: { data: new Int32Array([-7, 7]) }, b: { data: new Int32Array([2, 0]) } };
  assert.deepEqual(one('a / b', ints), [-4, 0]);
  assert.deepEqual(one('a / b', ints, { pythondiv: false }), [-3, 0]);
  assert.deepEqual(one('divide(a, b)', ints, { pythondiv: false }), [-3, 0]);
});

test('a malformed source is a SyntaxError naming the column; nothing else in it is accepted', () => {
  const cases = [
    ['', 1], ['x +', 4], ['(x', 3], ['x)', 2], ['x y', 3], ['3x', 2], ['x $ 2', 3], ['x ** 2', 4], ['x % 2', 3],
    ['f(x, y)', 1], ['add(x)', 6], ['add(x, y, z)', 9], ['add x', 5], ['1e', 2], ['x.y', 2], ['x = 1', 3], ['Math.max(x, y)', 5],
    ['x;', 2], ['"x"', 1], ['x /* y */', 4], ['add', 4],
  ];
  for (const [source, column] of cases) {
    assert.throws(() => expr(source), (e) => e instanceof SyntaxError && new RegExp(`at column ${column} of`).test(e.message) && e.message.includes(JSON.stringify(source)),
      `${JSON.stringify(source)} at column ${column}`);
  }
  for (const source of [undefined, 3, ['x'], { toString: () => 'x' }]) {
    assert.throws(() => expr(source), TypeError, String(source));
  }
});

test('the inputs: every name once, nothing else; every operand form; missing, extra and wrong values name the input', () => {
  const f = expr('a * b + c');
  const a = f32(1, 2), b = 3, c = { data: [0.5], shape: [] };
  assert.deepEqual(Array.from(f({ a, b, c }).data), [3.5, 6.5]);
  assert.throws(() => f({ a, b }), /inputs has no c/);
  assert.throws(() => f({ a, b, c, d: 1 }), /inputs has "d", which the expression does not read \(it reads a, b, c\)/);
  assert.throws(() => f({ a, b, c: 'x' }), (e) => e instanceof TypeError && /input c must be/.test(e.message));
  assert.throws(() => f(null), TypeError);
  assert.throws(() => f([a, b, c]), TypeError);
  // A name on the prototype is not an input.
  assert.throws(() => f(Object.assign(Object.create({ c }), { a, b })), /inputs has no c/);
  // A wasm tensor, a strided view, a plain array with a dtype, a bigint scalar.
  const t = tensor(new Float32Array([1, 2, 3, 4]), [2, 2]);
  const view = { data: new Float32Array([1, 9, 2, 9, 3, 9, 4, 9]), shape: [2, 2], strides: [2, 4] }; // transposed
  assert.deepEqual(Array.from(expr('t - v')({ t, v: view }).data), [0, -1, 1, 0]);
  assert.deepEqual(Array.from(expr('p * 2')({ p: { data: [1, 2], dtype: 'int16' } }).data), [2, 4]);
  assert.deepEqual(Array.from(expr('p + q')({ p: { data: new BigInt64Array([5n]) }, q: 2n }).data), [7n]);
  // out a wasm tensor: returned; an input's own array: in place.
  const o = empty([2, 2], 'float32');
  assert.equal(expr('t * t')({ t }, { out: o }), o);
  assert.deepEqual(Array.from(o.data), [1, 4, 9, 16]);
  const own = new Float32Array([1, 2, 3]);
  expr('x * x + x')({ x: { data: own } }, { out: own });
  assert.deepEqual(Array.from(own), [2, 6, 12]);
  assert.throws(() => expr('x')({ x: f32(1, 2) }, { out: new Float32Array(3) }), RangeError);
  assert.deepEqual(Array.from(expr('x')({ x: f32(1, 2) }, { out: new Float64Array(2) }).data), [1, 2]); // cast as stored
  assert.throws(() => expr('x')({ x: f32(1, 2) }, { out: new Int8Array(2) }), TypeError);
  assert.throws(() => expr('x')({ x: f32(1, 2) }, { into: new Float32Array(2) }), /unknown option "into"/);
  t.dispose();
  o.dispose();
});

test('options: dtype, numpy or none broadcasting; pdpd and legacy are for two operands; unknown ones refused', () => {
  assert.throws(() => expr('x', { autoBroadcast: 'pdpd' }), (e) => e instanceof TypeError && /two operands/.test(e.message));
  assert.throws(() => expr('x', { autoBroadcast: 'legacy' }), TypeError);
  assert.throws(() => expr('x', { autoBroadcast: 'all' }), RangeError);
  assert.throws(() => expr('x', { axis: 1 }), /unknown option "axis"/);
  assert.throws(() => expr('x', { out: new Float32Array(1) }), /unknown option "out"/);
  assert.throws(() => expr('x', { dtype: 'complex64' }), /unknown dtype/);
  assert.throws(() => expr('x', { pythondiv: 1 }), RangeError);
  assert.throws(() => expr('x', { onZeroDivision: 'nan' }), RangeError);
  const none = expr('a + b', { autoBroadcast: 'none' });
  assert.deepEqual(Array.from(none({ a: f32(1, 2), b: f32(3, 4) }).data), [4, 6]);
  assert.throws(() => none({ a: f32(1, 2), b: f32(3) }), BroadcastError);
  // Literals are not inputs: no shape of theirs to differ.
  assert.deepEqual(Array.from(expr('a * 2', { autoBroadcast: 'none' })({ a: f32(1, 2) }).data), [2, 4]);
});

test('broadcasting across all inputs at once; shapes that do not broadcast name every input', () => {
  const f = expr('a + b * c');
  const got = f({ a: { data: new Float32Array(8), shape: [8, 1, 1, 1] }, b: { data: new Float32Array(7), shape: [7, 1, 1] }, c: { data: new Float32Array(30), shape: [6, 5] } });
  assert.deepEqual(got.shape, [8, 7, 6, 5]);
  try {
    f({ a: f32(1, 2, 3), b: { data: new Float32Array(4), shape: [4, 1] }, c: f32(1, 2) });
    assert.fail('no error');
  } catch (e) {
    assert.ok(e instanceof BroadcastError && e instanceof RangeError);
    assert.match(e.message, /a \[3\], b \[4,1\], c \[2\]/);
    assert.equal(e.axis, 1);
    assert.deepEqual(e.shapes, { a: [3], b: [4, 1], c: [2] });
    assert.deepEqual([e.shapeA, e.shapeB], [[3], [2]]);
  }
});

test('a literal the dtype cannot hold is a RangeError; a float to an integer a TypeError; nothing written', () => {
  const out = new Int32Array([7, 7]);
  assert.throws(() => expr('x + 0.5', { dtype: 'int32' })({ x: { data: new Int32Array(2) } }, { out }), RangeError);
  assert.throws(() => expr('x + 300')({ x: { data: new Uint8Array(2) } }), RangeError);
  assert.throws(() => expr('x * 1')({ x: f32(1), y: 1 }), TypeError);
  assert.throws(() => expr('x + y', { dtype: 'int32' })({ x: { data: new Int32Array(2) }, y: f32(1, 2) }, { out }), /input y is float32, which does not cast to int32/);
  assert.deepEqual(Array.from(out), [7, 7]);
});

test('onZeroDivision: a zero divisor, given, literal, cast to zero or computed, is an error before anything is written', () => {
  const out = new Uint8Array([9, 9, 9]);
  const x = { data: new Uint8Array([6, 7, 8]) };
  const error = (f) => assert.throws(f, (e) => e instanceof RangeError && /integer division by zero/.test(e.message));
  error(() => expr('x / y', { onZeroDivision: 'error' })({ x, y: { data: new Uint8Array([1, 0, 2]) } }, { out }));
  error(() => expr('x / 0', { onZeroDivision: 'error' })({ x }, { out }));
  error(() => expr('x / y', { dtype: 'uint8', onZeroDivision: 'error' })({ x, y: { data: new Int16Array([1, 256, 2]) } }, { out }));
  error(() => expr('x / (y - 2)', { onZeroDivision: 'error' })({ x, y: { data: new Uint8Array([1, 2, 3]) } }, { out }));
  assert.deepEqual(Array.from(out), [9, 9, 9]);
  // Floats never fail; an empty result never does.
  assert.equal(expr('x / 0', { onZeroDivision: 'error' })({ x: f32(1) }).data[0], Infinity);
  assert.equal(expr('x / 0', { onZeroDivision: 'error' })({ x: { data: new Int8Array(0) } }).data.length, 0);
  assert.deepEqual(Array.from(expr('x / (y - 2)')({ x, y: { data: new Uint8Array([1, 2, 3]) } }).data), [0, 0, 8]);
});

test('a compiled call reused with other data and shapes gives each its own result', () => {
  const f = expr('a * b - a');
  for (let n = 0; n < 80; n += 7) {
    const a = Float64Array.from({ length: n }, (_, i) => i + 0.5), b = Float64Array.from({ length: n }, (_, i) => 2 - i);
    const got = f({ a: { data: a }, b: { data: b } });
    assert.deepEqual(Array.from(got.data), Array.from(a, (v, i) => v * b[i] - v));
  }
});

test('the test oracle: reference-casts.js agrees with numpy on the golden casts', () => {
  const { cases } = JSON.parse(readFileSync(new URL('../golden/casts.json', import.meta.url), 'utf8'));
  const decode = (b64, dtype) => {
    const bytes = new Uint8Array(Buffer.from(b64, 'base64'));
    return new DTYPES[dtype].Storage(bytes.buffer, 0, bytes.length / DTYPES[dtype].Storage.BYTES_PER_ELEMENT);
  };
  for (const c of cases) {
    const x = decode(c.x.b64, c.from), want = decode(c.y.b64, c.to);
    const got = castArray(x, c.from, c.to);
    for (let i = 0; i < x.length; ++i) {
      const same = Object.is(got[i], want[i]) || (isNaNAt(c.to, got, i) && isNaNAt(c.to, want, i));
      assert.ok(same, `${c.from} ${x[i]} -> ${c.to}: ${got[i]}, numpy ${want[i]}`);
    }
  }
});

// ---- the property test -----------------------------------------------------------------------

const SEED = Number(process.env.TW_SEED ?? 0x3e17) >>> 0;
const CASES = Number(process.env.TW_CASES ?? 1500);


// Stored values of a dtype: its special values and random ones.
function randomStored(g, dtype) {
  const d = DTYPES[dtype];
  if (d.kind === 'half') {
    const m = d.p - 1, sign = 1 << (m + d.expBits), inf = (2 * d.emax + 1) << m, one = d.emax << m;
    return g.next() < 0.3 ? g.pick([0, sign, one, sign | one, inf, sign | inf, inf | (1 << (m - 1)), 1, inf - 1]) : g.int(0, 0xFFFF);
  }
  if (d.kind === 'float') {
    const v = g.next() < 0.25 ? g.pick([0, -0, 1, -1, Infinity, -Infinity, NaN, 5e-324, 3.4e38, 0.1]) : (g.next() - 0.5) * 10 ** g.int(-4, 4);
    return dtype === 'float32' ? Math.fround(v) : v;
  }
  const r = g.next();
  let v = r < 0.3 ? BigInt(g.int(-20, 20)) : r < 0.4 ? g.pick([0n, 1n, -1n, 2n ** 63n, 2n ** 31n, 2n ** 15n, 2n ** 7n])
    : BigInt(g.int(0, 2 ** 30)) * BigInt(g.int(0, 2 ** 30)) * BigInt(g.int(-64, 64));
  v = d.signed ? BigInt.asIntN(d.bits, v) : BigInt.asUintN(d.bits, v);
  return isBig(dtype) ? v : Number(v);
}

// An input: stored values of its dtype in a shape, sometimes a strided view of a larger array.
function randomInput(g, dtype, shape) {
  const n = shape.reduce((p, d) => p * d, 1);
  const Storage = DTYPES[dtype].Storage;
  if (g.next() < 0.3 && shape.length > 0 && n > 0) { // a view: each dim stepping by 1..3, reversed now and then
    const steps = shape.map(() => g.int(1, 3));
    const strides = new Array(shape.length);
    let extent = 1, offset = 0;
    for (let d = shape.length - 1; d >= 0; --d) {
      strides[d] = extent * steps[d];
      extent *= shape[d] * steps[d];
      if (g.next() < 0.2) {
        offset += strides[d] * (shape[d] - 1);
        strides[d] = -strides[d];
      }
    }
    const data = new Storage(extent);
    for (let i = 0; i < extent; ++i) data[i] = randomStored(g, dtype);
    const copy = new Storage(n);
    const index = new Array(shape.length).fill(0);
    for (let i = 0; i < n; ++i) {
      let at = offset;
      for (let d = 0; d < shape.length; ++d) at += index[d] * strides[d];
      copy[i] = data[at];
      for (let d = shape.length - 1; d >= 0 && ++index[d] === shape[d]; --d) index[d] = 0;
    }
    return { operand: { data, shape, strides, offset, dtype }, stored: copy };
  }
  const data = new Storage(n);
  for (let i = 0; i < n; ++i) data[i] = randomStored(g, dtype);
  return { operand: { data, shape, dtype }, stored: data };
}

// A random tree over `names` and literals: { source, evaluate(values) } with values the inputs as
// operands of the computation dtype c; evaluate runs the single ops one by one.
function randomTree(g, depth, names, c, pythondiv) {
  if (depth === 0 || g.next() < 0.25) {
    if (g.next() < 0.2) { // a literal the dtype holds
      const v = isFloat(c) ? g.pick([2, 0.5, 3, 255, 1e-3]) : g.pick([0, 1, 2, 3, 7]);
      const literal = isBig(c) ? BigInt(v) : v;
      return { source: String(v), evaluate: () => literal };
    }
    const name = g.pick(names);
    return { source: name, evaluate: (values) => values[name] };
  }
  if (g.next() < 0.12) {
    const x = randomTree(g, depth - 1, names, c, pythondiv);
    // numpy's negative: floats times -1, integers 0 - x (wrapping).
    const neg = (v) => (isFloat(c) ? api.multiply(v, -1, { dtype: c }) : api.subtract(isBig(c) ? 0n : 0, v, { dtype: c }));
    return { source: `-(${x.source})`, evaluate: (values) => neg(x.evaluate(values)) };
  }
  const a = randomTree(g, depth - 1, names, c, pythondiv), b = randomTree(g, depth - 1, names, c, pythondiv);
  const [sign, fn] = g.pick([['+', 'add'], ['-', 'subtract'], ['*', 'multiply'], ['/', 'divide']]);
  const source = g.next() < 0.2 ? `${fn}(${a.source}, ${b.source})` : `(${a.source} ${sign} ${b.source})`;
  return {
    source,
    evaluate: (values) => {
      const x = a.evaluate(values), y = b.evaluate(values);
      return api[fn](x, y, fn === 'divide' ? { pythondiv, dtype: c } : { dtype: c });
    },
  };
}

test(`random expressions equal the single ops one by one on the inputs cast apart (${CASES} cases, seed ${SEED})`, () => {
  const g = generator(SEED);
  for (let k = 0; k < CASES; ++k) {
    const c = g.pick(DTYPE_NAMES);
    const count = g.int(1, 4);
    const names = ['x', 'y', 'z', 'w'].slice(0, count);
    // Shapes that broadcast: dims of an output shape, each input taking some as 1 and dropping leading ones.
    const rank = g.int(0, 4);
    const large = g.next() < 0.3;
    const out = Array.from({ length: rank }, () => (g.next() < 0.05 ? 0 : large && g.next() < 0.3 ? g.int(20, 300) : g.int(1, 5)));
    if (out.reduce((p, d) => p * d, 1) > 40000) continue;
    const inputs = {}, cast = {};
    for (const name of names) {
      const shape = out.map((d) => (g.next() < 0.3 ? 1 : d)).slice(g.int(0, rank));
      const from = isFloat(c) ? g.pick(DTYPE_NAMES) : g.pick(DTYPE_NAMES.filter((d) => !isFloat(d)));
      const { operand, stored } = randomInput(g, from, shape);
      inputs[name] = operand;
      cast[name] = { data: castArray(stored, from, c), shape, dtype: c };
    }
    const pythondiv = g.next() < 0.7;
    const tree = randomTree(g, g.int(1, 4), names, c, pythondiv);
    const f = expr(tree.source, { dtype: c, pythondiv });
    if (f.inputs.length !== names.length) continue; // a name the tree did not use
    const got = f(inputs);
    let want = tree.evaluate(cast);
    if (typeof want !== 'object') want = api.multiply(want, 1, { dtype: c }); // a literal alone
    const label = `case ${k}: ${c} ${tree.source} ${JSON.stringify(Object.fromEntries(names.map((n) => [n, [inputs[n].dtype, inputs[n].shape]])))}`;
    assert.deepEqual(got.shape, want.shape, label);
    assert.equal(got.dtype, c, label);
    const view = bitsOf(c, got.data), wantBits = bitsOf(c, want.data);
    for (let i = 0; i < view.length; ++i) {
      if (Object.is(view[i], wantBits[i]) || (isNaNAt(c, view, i) && isNaNAt(c, wantBits, i))) continue;
      assert.fail(`${label}: element ${i} is ${view[i]}, the single ops give ${wantBits[i]}`);
    }
  }
});

test('an oracle check of castElement itself on a few hand-worked cases', () => {
  assert.equal(castElement((1n << 60n) + (1n << 36n) + 1n, 'int64', 'float32'), 2 ** 60 + 2 ** 37);
  assert.equal(castElement(1 + 2 ** -11 + 2 ** -30, 'float64', 'float16'), 0x3C01);
  assert.equal(castElement(300, 'int16', 'uint8'), 44);
  assert.equal(castElement(0x3C00, 'float16', 'bfloat16'), 0x3F80);
});
