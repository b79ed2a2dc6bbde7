// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Every example of the specifications in ../shared/seeds/, as a named test, through the
// spec-level entry points. Expected values come from plain JS arithmetic on the same inputs
// (Math.fround for float32, exact integer math for integers); the numpy golden vectors in
// golden.test.js cover the arithmetic in depth.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { init, onnx, openvino } from '../../web/index.js';

before(() => init());

// A small deterministic generator, so the "random" spec examples are reproducible.
function rng(seed) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}
const count = (shape) => shape.reduce((x, y) => x * y, 1);
function randn(shape, seed) {
  const r = rng(seed);
  return { data: Float32Array.from({ length: count(shape) }, () => r() * 4 - 2), shape };
}
function randint(Type, shape, lo, hi, seed) {
  const r = rng(seed);
  return { data: Type.from({ length: count(shape) }, () => lo + Math.floor(r() * (hi - lo))), shape };
}

// Expected result by index arithmetic under numpy broadcasting.
function expected(a, b, f) {
  const rank = Math.max(a.shape.length, b.shape.length);
  const pad = (s) => [...new Array(rank - s.length).fill(1), ...s];
  const sa = pad(a.shape), sb = pad(b.shape);
  const out = sa.map((d, i) => (d === 1 ? sb[i] : d));
  const y = [];
  const idx = new Array(rank).fill(0);
  for (let n = 0; n < count(out); ++n) {
    let rem = n;
    for (let d = rank - 1; d >= 0; --d) { idx[d] = rem % out[d]; rem = Math.floor(rem / out[d]); }
    let ia = 0, ib = 0;
    for (let d = 0; d < rank; ++d) {
      ia = ia * sa[d] + (sa[d] === 1 ? 0 : idx[d]);
      ib = ib * sb[d] + (sb[d] === 1 ? 0 : idx[d]);
    }
    y.push(f(a.data[ia], b.data[ib]));
  }
  return { shape: out, data: y };
}

function check(result, want) {
  assert.deepEqual(result.shape, want.shape);
  assert.deepEqual(Array.from(result.data), want.data);
}

const fmul = (x, y) => Math.fround(x * y);
const fdiv = (x, y) => Math.fround(x / y);
const floorDiv = (x, y) => (y === 0 ? 0 : Math.floor(x / y) + 0); // + 0: integers have no -0
const truncDiv = (x, y) => (y === 0 ? 0 : Math.trunc(x / y) + 0);

test('OpenVINO Multiply-1 example 1: 256x56 by 256x56', () => {
  const a = randn([256, 56], 1), b = randn([256, 56], 2);
  check(openvino.Multiply(a, b, { auto_broadcast: 'numpy' }), expected(a, b, fmul));
});

test('OpenVINO Multiply-1 example 2: 8x1x6x1 by 7x1x5 gives 8x7x6x5', () => {
  const a = randn([8, 1, 6, 1], 3), b = randn([7, 1, 5], 4);
  const r = openvino.Multiply(a, b);
  assert.deepEqual(r.shape, [8, 7, 6, 5]);
  check(r, expected(a, b, fmul));
});

test('OpenVINO Divide-1 example 1: auto_broadcast none, m_pythondiv true (floor)', () => {
  const a = randint(Int32Array, [256, 56], -1000, 1000, 5), b = randint(Int32Array, [256, 56], -9, 10, 6);
  check(openvino.Divide(a, b, { auto_broadcast: 'none', m_pythondiv: 'true' }), expected(a, b, floorDiv));
  const fa = randn([256, 56], 7), fb = randn([256, 56], 8);
  check(openvino.Divide(fa, fb, { auto_broadcast: 'none', m_pythondiv: 'true' }), expected(fa, fb, fdiv));
});

test('OpenVINO Divide-1 example 2: numpy broadcast 8x1x6x1 by 7x1x5, m_pythondiv false (trunc)', () => {
  const a = randint(Int32Array, [8, 1, 6, 1], -1000, 1000, 9), b = randint(Int32Array, [7, 1, 5], -9, 10, 10);
  const r = openvino.Divide(a, b, { auto_broadcast: 'numpy', m_pythondiv: 'false' });
  assert.deepEqual(r.shape, [8, 7, 6, 5]);
  check(r, expected(a, b, truncDiv));
});

test('ONNX Mul test_mul_example: [1,2,3] * [4,5,6] = [4,10,18]', () => {
  const r = onnx.Mul({ data: new Float32Array([1, 2, 3]), shape: [3] }, { data: new Float32Array([4, 5, 6]), shape: [3] });
  assert.deepEqual(Array.from(r.data), [4, 10, 18]);
});

test('ONNX Mul test_mul: 3x4x5 by 3x4x5', () => {
  const a = randn([3, 4, 5], 11), b = randn([3, 4, 5], 12);
  check(onnx.Mul(a, b), expected(a, b, fmul));
});

test('ONNX Mul test_mul_uint8: 3x4x5 uint8', () => {
  const a = randint(Uint8Array, [3, 4, 5], 0, 4, 13), b = randint(Uint8Array, [3, 4, 5], 0, 24, 14);
  check(onnx.Mul(a, b), expected(a, b, (x, y) => (x * y) & 0xff));
});

test('ONNX Mul test_mul_bcast: 3x4x5 by 5', () => {
  const a = randn([3, 4, 5], 15), b = randn([5], 16);
  check(onnx.Mul(a, b), expected(a, b, fmul));
});

test('ONNX Div test_div_example, test_div, test_div_uint8, test_div_bcast', () => {
  const r = onnx.Div({ data: new Float32Array([3, 4]), shape: [2] }, { data: new Float32Array([1, 2]), shape: [2] });
  assert.deepEqual(Array.from(r.data), [3, 2]);
  const a = randn([3, 4, 5], 17), b = randn([3, 4, 5], 18);
  check(onnx.Div(a, b), expected(a, b, fdiv));
  const ua = randint(Uint8Array, [3, 4, 5], 0, 24, 19), ub = randint(Uint8Array, [3, 4, 5], 1, 4, 20);
  check(onnx.Div(ua, ub), expected(ua, ub, truncDiv));
  const c = randn([5], 21);
  check(onnx.Div(a, c), expected(a, c, fdiv));
});

const LEGACY = [
  ['B is a scalar tensor', [], {}],
  ['B is a 1-element tensor (1,1)', [1, 1], {}],
  ['B (5,) suffix match', [5], {}],
  ['B (4,5) suffix match', [4, 5], {}],
  ['B (3,4) with axis=1', [3, 4], { axis: 1 }],
  ['B (2) with axis=0', [2], { axis: 0 }],
];
for (const opset of [1, 6]) {
  for (const [name, shapeB, attrs] of LEGACY) {
    test(`ONNX Mul-${opset}/Div-${opset} legacy broadcast, A (2,3,4,5): ${name}`, () => {
      const a = randn([2, 3, 4, 5], 22), b = randn(shapeB, 23);
      // Place B's dims at the axis (suffix by default) with 1s elsewhere: numpy can then broadcast.
      const axis = attrs.axis ?? 4 - shapeB.length;
      const aligned = count(shapeB) === 1 ? [1, 1, 1, 1]
        : [1, 1, 1, 1].map((one, i) => (i >= axis && i < axis + shapeB.length ? shapeB[i - axis] : one));
      const want = (f) => expected(a, { data: b.data, shape: aligned }, f);
      check(onnx.Mul(a, b, { broadcast: 1, ...attrs }, opset), want(fmul));
      check(onnx.Div(a, b, { broadcast: 1, ...attrs }, opset), want(fdiv));
    });
  }
}
