// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// A getter that deletes a later key of the object being read, with a polluted prototype offering
// a value for that key: every object the library reads (operands, views, other libraries'
// records, options, attributes, an expression's inputs and options, shapes, lists of inputs).
// The deleted key is absent when the library comes to it (or was read before the getter ran):
// the call gives what it gives with the key present or with it absent (or a TypeError saying the
// key was deleted), never what the prototype offers; an `out` the prototype offers is never
// written.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { hostile, tw } from './harness.js';

before(() => tw.init());

// What a call gave, comparable: shape, dtype and values as strings, or the error's class and message.
function outcome(f) {
  try {
    const r = f();
    if (Array.isArray(r)) return { value: JSON.stringify(r) };
    if (r !== null && typeof r === 'object' && 'data' in r) {
      return { shape: JSON.stringify(r.shape), dtype: r.dtype, values: Array.from(r.data, (x) => String(x)).join(',') };
    }
    return { value: JSON.stringify(r) };
  } catch (e) {
    return { error: e?.constructor?.name, message: e?.message };
  }
}

const i32 = (values) => new Int32Array(values);
const f32 = (values) => new Float32Array(values);

/**
 * Each object the library reads: `make()` its keys and values (fresh each time), `call(obj)` the
 * call that reads it, `poison` a value per key that the prototype offers (valid, and such that
 * using it changes the outcome), `proto` where those live (Object.prototype, or Array.prototype
 * for arrays, whose keys are indexes).
 */
const CASES = {
  'divide options': {
    make: () => ({ autoBroadcast: 'pdpd', axis: 1, out: new Int32Array(6), dtype: 'int32', pythondiv: false, onZeroDivision: 'zero' }),
    call: (o) => tw.divide({ data: i32([-7, 7, -9, 9, 4, -4]), shape: [2, 3] }, { data: i32([2, 0, -2]), shape: [3] }, o),
    poison: { autoBroadcast: 'none', axis: 0, out: new Int32Array(6), dtype: 'float64', pythondiv: true, onZeroDivision: 'error' },
  },
  'an operand record': {
    make: () => ({ data: i32([1, 2, 3, 4, 5, 6]), shape: [2, 3], dtype: 'int32' }),
    call: (o) => tw.subtract(o, { data: i32([10, 20, 30]) }),
    poison: { data: i32([100, 200, 300, 400, 500, 600]), shape: [3, 2], dtype: 'uint32' },
  },
  'a view record': {
    make: () => ({ data: f32([1, 2, 3, 4, 5, 6]), shape: [3, 2], strides: [1, 3], offset: 0 }),
    call: (o) => tw.add(o, 0.5),
    poison: { data: f32([9, 9, 9, 9, 9, 9]), shape: [2, 3], strides: [3, 1], offset: 1 },
  },
  'a scijs-like view': {
    make: () => ({ data: f32([1, 2, 3, 4, 5, 6]), shape: [3, 2], stride: [1, 3], offset: 0 }),
    call: (o) => tw.multiply(o, 2),
    poison: { data: f32([9, 9, 9, 9, 9, 9]), shape: [2, 3], stride: [3, 1], offset: 1 },
  },
  'an ort-like record': {
    make: () => ({ data: f32([1, 2, 3, 4]), dims: [2, 2], type: 'float32' }),
    call: (o) => tw.multiply(o, 3),
    poison: { data: f32([7, 7, 7, 7]), dims: [4], type: 'float64' },
  },
  'a TensorFlow.js-like tensor': {
    make: () => Object.assign(Object.create({ dataSync() { return f32([1, 2, 3, 4]); } }),
      { dataId: {}, shape: [2, 2], dtype: 'float32', isDisposedInternal: false }),
    call: (o) => tw.add(o, 1),
    poison: { dataId: {}, shape: [1, 4], dtype: 'int32', isDisposedInternal: true },
  },
  'expression inputs': {
    make: () => ({ x: { data: f32([1, 2]) }, y: { data: f32([10, 20]) }, z: 3 }),
    call: (o) => tw.expr('x * y + z')(o),
    poison: { x: { data: f32([5, 5]) }, y: { data: f32([7, 7]) }, z: 100 },
  },
  'expression options': {
    make: () => ({ dtype: 'int32', autoBroadcast: 'numpy', pythondiv: false, onZeroDivision: 'zero' }),
    call: (o) => tw.expr('a / b')(void 0) ?? null,
    poison: { dtype: 'float64', autoBroadcast: 'none', pythondiv: true, onZeroDivision: 'error' },
  },
  'ONNX attributes (opset 6)': {
    make: () => ({ broadcast: 1, axis: 1 }),
    call: (o) => tw.onnx.Sub({ data: f32([1, 2, 3, 4, 5, 6]), shape: [2, 3] }, { data: f32([1, 2, 3]), shape: [3] }, o, 6),
    poison: { broadcast: 0, axis: 0 },
  },
  'OpenVINO attributes': {
    make: () => ({ auto_broadcast: 'pdpd', axis: '1', m_pythondiv: 'false' }),
    call: (o) => tw.openvino.Divide({ data: i32([-7, 7, -9, 9, 4, -4]), shape: [2, 3] }, { data: i32([2, 2, -2]), shape: [3] }, o),
    poison: { auto_broadcast: 'none', axis: '0', m_pythondiv: 'true' },
  },
  'broadcastShapes options': {
    make: () => ({ autoBroadcast: 'pdpd', axis: 1, explain: false, dynamic: true }),
    call: (o) => tw.broadcastShapes([2, 3, -1], [3, 4], o),
    poison: { autoBroadcast: 'none', axis: 0, explain: true, dynamic: false },
  },
  'a shape': {
    make: () => [2, 3, 1],
    call: (o) => tw.multiply({ data: f32([1, 2, 3, 4, 5, 6]), shape: o }, { data: f32([1, 2, 3]), shape: [3, 1] }),
    poison: { 0: 3, 1: 2, 2: 1 },
  },
  'a list of ONNX Max inputs': {
    make: () => [{ data: f32([1, 5]) }, { data: f32([3]) }, { data: f32([0, 9]) }],
    call: (o) => tw.onnx.Max(o),
    poison: { 0: { data: f32([100, 100]) }, 1: { data: f32([50]) }, 2: { data: f32([70, 70]) } },
  },
  'sum options': {
    make: () => ({ axis: 1, keepdims: true, dtype: 'float64', out: new Float64Array(2) }),
    call: (o) => tw.sum({ data: f32([1, 2, 3, 4, 5, 6]), shape: [2, 3] }, o),
    poison: { axis: 0, keepdims: false, dtype: 'float32', out: new Float64Array(2) },
  },
  'softmax options': {
    make: () => ({ axis: 0, dtype: 'float64', out: new Float64Array(6) }),
    call: (o) => tw.softmax({ data: f32([1, 2, 3, 4, 5, 6]), shape: [2, 3] }, o),
    poison: { axis: 1, dtype: 'float32', out: new Float64Array(6) },
  },
  'a list of axes': {
    make: () => [0, 2],
    call: (o) => tw.max({ data: f32([1, 9, 3, 4, 5, 6, 7, 8, 2, 0, 11, 12]), shape: [2, 3, 2] }, { axis: o }),
    poison: { 0: 1, 1: 1 },
  },
  'strides': {
    make: () => [1, 3],
    call: (o) => tw.add({ data: f32([1, 2, 3, 4, 5, 6]), shape: [3, 2], strides: o }, 0),
    poison: { 0: 2, 1: 1 },
  },
};
// The expression options case calls expr() with them (its compiled function then runs).
CASES['expression options'].call = (o) => tw.expr('a / b', o)({ a: { data: i32([-7, 7]) }, b: { data: i32([2, 0]) } });

for (const [name, c] of Object.entries(CASES)) {
  test(`${name}: a getter that deletes a later key never lets the prototype's value in`, () => {
    const keys = Object.keys(c.make());
    const isArray = Array.isArray(c.make());
    const proto = isArray ? Array.prototype : Object.prototype;
    hostile(() => {
      for (const target of keys) {
        const present = outcome(() => c.call(c.make()));
        const absent = outcome(() => {
          const o = c.make();
          delete o[target];
          return c.call(o);
        });
        for (const deleter of keys) {
          if (deleter === target) continue;
          const o = c.make();
          const value = o[deleter];
          let ran = 0;
          Object.defineProperty(o, deleter, {
            get() { ran += 1; delete o[target]; return value; }, enumerable: true, configurable: true,
          });
          const poison = c.poison[target];
          Object.defineProperty(proto, target, { value: poison, writable: true, enumerable: false, configurable: true });
          let got;
          try {
            got = outcome(() => c.call(o));
          } finally {
            delete proto[target];
          }
          const label = `${name}: ${deleter}'s getter deletes ${target}`;
          assert.ok(ran <= 1, `${label}: read ${ran} times`);
          // Present (read before the getter ran), absent, or a TypeError that says what changed.
          const saysSo = got.error === 'TypeError' && got.message.includes(`${target} was deleted while`);
          assert.ok(saysSo || [present, absent].some((w) => JSON.stringify(w) === JSON.stringify(got)),
            `${label}: ${JSON.stringify(got)} is neither ${JSON.stringify(present)} nor ${JSON.stringify(absent)}`);
          if (target === 'out') assert.ok(poison.every((x) => x === 0), `${label}: the prototype's out was written`);
        }
      }
    });
  });
}

test('the deletion is seen: without own-property reads the prototype would have answered', () => {
  // The check above can fail: reading `o[key]` after listing the keys gives the prototype's value.
  const o = { get a() { delete this.b; return 1; }, b: 2 };
  Object.prototype.b = 'poison'; // eslint-disable-line no-extend-native
  try {
    const keys = Object.keys(o);
    const naive = keys.map((k) => o[k]);
    assert.deepEqual(naive, [1, 'poison']);
  } finally {
    delete Object.prototype.b;
  }
});
