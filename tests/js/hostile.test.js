// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Hostile and unusual input through every entry point: each bad input throws the class
// docs/contract.md ("Errors") names, with a message, and the next good call is right; unusual
// but valid input works.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as api from '../../web/index.js';
import { entryPoints, takes, unaryEntryPoints } from './dtypes.js';

const { init, multiply, divide, broadcastShapes, onnx, openvino, tensor, empty } = api;

before(() => init());

const f32 = (v, shape = [v.length]) => ({ data: new Float32Array(v), shape });

function good() {
  assert.deepEqual(Array.from(divide(f32([6, 8]), f32([2, 4])).data), [3, 2]);
}

function detached(T, n) {
  const buf = new ArrayBuffer(T.BYTES_PER_ELEMENT * n);
  const view = new T(buf);
  structuredClone(buf, { transfer: [buf] });
  return view;
}

// Every entry point of every op (tests/js/dtypes.js), each with the class of its operands here:
// Float32Array, or Int32Array for an op that takes no float32 (an integer-only op), and the other
// of the two, which its calls refuse as a dtype mismatch. A unary entry point is called on one.
const ENTRY_POINTS = Object.fromEntries([...Object.entries(entryPoints(api)), ...Object.entries(unaryEntryPoints(api))].map(([name, e]) => {
  const T = takes(e.op, 'float32') ? Float32Array : Int32Array;
  return [name, { call: e.op.arity === 1 ? (a) => e.call(a) : e.call, unary: e.op.arity === 1, T, Other: T === Float32Array ? Int32Array : Float32Array }];
}));

const BAD_OPERANDS = [
  [TypeError, 'detached buffer with an empty shape', (T) => ({ data: detached(T, 4), shape: [0] })],
  [TypeError, 'detached buffer', (T) => ({ data: detached(T, 4), shape: [4] })],
  [RangeError, 'negative dim', (T) => ({ data: new T(1), shape: [-1] })],
  [RangeError, 'huge dim', (T) => ({ data: new T(1), shape: [2 ** 40] })],
  [RangeError, 'huge shape', (T) => ({ data: new T(1), shape: [2 ** 20, 2 ** 20] })],
  [RangeError, 'rank 33', (T) => ({ data: new T(1), shape: new Array(33).fill(1) })],
  [RangeError, 'length mismatch', (T) => ({ data: new T(5), shape: [2, 3] })],
  [TypeError, 'string data', (T) => ({ data: '123', shape: [3] })],
  [TypeError, 'DataView data', (T) => ({ data: new DataView(new ArrayBuffer(4)), shape: [1] })],
  [TypeError, 'object data', (T) => ({ data: { length: 1 }, shape: [1] })],
  [TypeError, 'mixed numbers and bigints', (T) => ({ data: [1, 2n], shape: [2] })],
  [TypeError, 'unknown dtype', (T) => ({ data: [1], shape: [1], dtype: 'complex64' })],
  [TypeError, 'dtype not matching the carrier', (T) => ({ data: new Int8Array(1), shape: [1], dtype: 'uint8' })],
  [TypeError, 'shape not an array', (T) => ({ data: new T(1), shape: '1' })],
  [TypeError, 'a bare array operand', (T) => [1, 2, 3]],
  [TypeError, 'null operand', (T) => null],
  [TypeError, 'a disposed tensor', (T) => { const t = tensor(new T(2), [2]); t.dispose(); return t; }],
];

for (const [name, { call, unary, T, Other }] of Object.entries(ENTRY_POINTS)) {
  const arr = (v) => ({ data: new T(v), shape: [v.length] });
  test(`${name}: every bad operand throws its class with a message; the module keeps working`, () => {
    for (const [Class, what, make] of BAD_OPERANDS) {
      for (const side of unary ? ['A'] : ['A', 'B']) {
        const bad = make(T);
        const goodOne = arr([1]);
        assert.throws(() => (side === 'A' ? call(bad, goodOne) : call(goodOne, bad)),
          (e) => e instanceof Class && e.message.length > 10 && !/Construct|undefined/.test(e.message), `${what} as ${side}`);
      }
      good();
    }
    if (unary) {
      // A dtype the op does not take: a TypeError naming the dtypes it takes.
      if (T === Int32Array) assert.throws(() => call(f32([1])), (e) => e instanceof TypeError && /int32/.test(e.message));
    } else {
      assert.throws(() => call(arr([1]), { data: new Other(1), shape: [1] }), TypeError); // dtype mismatch
      assert.throws(() => call(arr([1, 2, 3]), arr([1, 2])), RangeError); // shapes
      if (T === Int32Array) assert.throws(() => call(f32([1]), f32([2])), (e) => e instanceof TypeError && /int32/.test(e.message));
    }
    assert.deepEqual(Array.from(call(arr([6]), arr([3])).data).length, 1);
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

