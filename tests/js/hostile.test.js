// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Hostile and unusual input through every entry point: each bad input throws the class
// docs/contract.md ("Errors") names, with a message, and the next good call is right; unusual
// but valid input works.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as api from '../../web/index.js';
import { entryPoints } from './dtypes.js';

const { init, multiply, divide, broadcastShapes, onnx, openvino, tensor, empty } = api;

before(() => init());

const f32 = (v, shape = [v.length]) => ({ data: new Float32Array(v), shape });

function good() {
  assert.deepEqual(Array.from(divide(f32([6, 8]), f32([2, 4])).data), [3, 2]);
}

function detachedFloat32(n) {
  const buf = new ArrayBuffer(4 * n);
  const view = new Float32Array(buf);
  structuredClone(buf, { transfer: [buf] });
  return view;
}

// Every entry point of every op (tests/js/dtypes.js).
const ENTRY_POINTS = Object.fromEntries(Object.entries(entryPoints(api)).map(([name, e]) => [name, e.call]));

const BAD_OPERANDS = [
  [TypeError, 'detached buffer with an empty shape', () => ({ data: detachedFloat32(4), shape: [0] })],
  [TypeError, 'detached buffer', () => ({ data: detachedFloat32(4), shape: [4] })],
  [RangeError, 'negative dim', () => ({ data: new Float32Array(1), shape: [-1] })],
  [RangeError, 'huge dim', () => ({ data: new Float32Array(1), shape: [2 ** 40] })],
  [RangeError, 'huge shape', () => ({ data: new Float32Array(1), shape: [2 ** 20, 2 ** 20] })],
  [RangeError, 'rank 33', () => ({ data: new Float32Array(1), shape: new Array(33).fill(1) })],
  [RangeError, 'length mismatch', () => ({ data: new Float32Array(5), shape: [2, 3] })],
  [TypeError, 'string data', () => ({ data: '123', shape: [3] })],
  [TypeError, 'DataView data', () => ({ data: new DataView(new ArrayBuffer(4)), shape: [1] })],
  [TypeError, 'object data', () => ({ data: { length: 1 }, shape: [1] })],
  [TypeError, 'mixed numbers and bigints', () => ({ data: [1, 2n], shape: [2] })],
  [TypeError, 'unknown dtype', () => ({ data: [1], shape: [1], dtype: 'complex64' })],
  [TypeError, 'dtype not matching the carrier', () => ({ data: new Int8Array(1), shape: [1], dtype: 'uint8' })],
  [TypeError, 'shape not an array', () => ({ data: new Float32Array(1), shape: '1' })],
  [TypeError, 'a bare array operand', () => [1, 2, 3]],
  [TypeError, 'null operand', () => null],
  [TypeError, 'a disposed tensor', () => { const t = tensor(new Float32Array(2), [2]); t.dispose(); return t; }],
];

for (const [name, call] of Object.entries(ENTRY_POINTS)) {
  test(`${name}: every bad operand throws its class with a message; the module keeps working`, () => {
    for (const [Class, what, make] of BAD_OPERANDS) {
      for (const side of ['A', 'B']) {
        const bad = make();
        const goodOne = f32([1]);
        assert.throws(() => (side === 'A' ? call(bad, goodOne) : call(goodOne, bad)),
          (e) => e instanceof Class && e.message.length > 10 && !/Construct|undefined/.test(e.message), `${what} as ${side}`);
      }
      good();
    }
    assert.throws(() => call(f32([1]), { data: new Int32Array(1), shape: [1] }), TypeError); // dtype mismatch
    assert.throws(() => call(f32([1, 2, 3]), f32([1, 2])), RangeError); // shapes
    good();
  });
}

test('broadcastShapes: bad shapes and options', () => {
  for (const [Class, args] of [[RangeError, [[-1], [1]]], [RangeError, [[1.5], [1]]], [RangeError, [new Array(33).fill(1), [1]]],
    [TypeError, ['3', [1]]], [RangeError, [[3], [2]]], [TypeError, [[1], [1], { mode: 'numpy' }]],
    [RangeError, [[1], [1], { autoBroadcast: 'x' }]], [TypeError, [[2], [2], { axis: 0 }]], [RangeError, [[2], [2], { autoBroadcast: 'pdpd', axis: 0.5 }]]]) {
    assert.throws(() => broadcastShapes(...args), Class, JSON.stringify(args));
    assert.deepEqual(broadcastShapes([2, 1], [3]), [2, 3]);
  }
});

test('out: wrong class, wrong length, disposed, resident of a dtype the result does not cast to', () => {
  const a = f32([1, 2, 3]);
  const cases = [
    [TypeError, new Int32Array(3)], [RangeError, new Float32Array(4)], [TypeError, [0, 0, 0]],
    [TypeError, (() => { const t = empty([3], 'float32'); t.dispose(); return t; })()],
  ];
  for (const [Class, out] of cases) {
    assert.throws(() => multiply(a, 2, { out }), Class);
    good();
  }
  const wrongType = empty([3], 'int32');
  assert.throws(() => multiply(a, 2, { out: wrongType }), TypeError);
  const wrongLength = empty([4], 'float32');
  assert.throws(() => multiply(a, 2, { out: wrongLength }), RangeError);
  wrongType.dispose();
  wrongLength.dispose();
});

test('unusual but valid: SharedArrayBuffer, odd byte offsets, subarrays', () => {
  const shared = new Float32Array(new SharedArrayBuffer(16));
  shared.set([1, 2, 3, 4]);
  assert.deepEqual(Array.from(multiply({ data: shared, shape: [4] }, 2).data), [2, 4, 6, 8]);
  const buf = new ArrayBuffer(64);
  const odd = new Float32Array(buf, 4, 5); // byte offset 4 inside a larger buffer
  odd.set([1, 2, 3, 4, 5]);
  const odd16 = new Int16Array(buf, 34, 5); // offset 34: not 4-aligned
  odd16.set([10, -10, 7, -7, 1]);
  assert.deepEqual(Array.from(multiply({ data: odd, shape: [5] }, { data: odd, shape: [5] }).data), [1, 4, 9, 16, 25]);
  assert.deepEqual(Array.from(divide({ data: odd16, shape: [5] }, 3).data), [3, -4, 2, -3, 0]);
  const sub = new Uint8Array([9, 1, 2, 3, 9]).subarray(1, 4);
  assert.deepEqual(Array.from(multiply({ data: sub }, { data: sub }).data), [1, 4, 9]);
  good();
});

