// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Each value the caller gives is read exactly once, through its own properties only, and what
// was checked is what is used (issue classes 6, 7, 17, inherited properties, Proxies).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { OPS, assertValues, f32, hostile, throwsClear, tw } from './harness.js';

before(() => tw.init());

/** An array whose element i is a getter: `first` on the first read, `later` after; counts reads. */
function shifty(values, i, first, later) {
  const arr = [...values];
  const counter = { reads: 0 };
  Object.defineProperty(arr, i, {
    get() { counter.reads += 1; return counter.reads === 1 ? first : later; },
    enumerable: true,
  });
  return [arr, counter];
}

for (const [name, op] of Object.entries(OPS)) {
  test(`${name}: a dim read as 3 when first read and 1.5 after is read once, as 3`, () => {
    hostile(() => {
      const [shape, counter] = shifty([2, 0], 1, 3, 1.5);
      const a = op.arr([1, 2, 3, 4, 5, 6]);
      const b = op.arr([10, 20, 30, 40, 50, 60]);
      const r = op.call({ data: a, shape }, { data: b, shape: [2, 3] });
      assert.equal(counter.reads, 1);
      assert.deepEqual(r.shape, [2, 3]);
      assertValues(r, op, a, b);
      const [bad] = shifty([2, 0], 1, 1.5, 3);
      throwsClear(() => op.call({ data: a, shape: bad }, { data: b }), RangeError, /invalid dim 1\.5 at axis 1/, name);
    });
  });

  test(`${name}: an operand's data, shape and dtype are each read once; getters on the prototype are not read`, () => {
    hostile(() => {
      const reads = { data: 0, shape: 0, dtype: 0 };
      const a = op.arr([1, 2, 3, 4]);
      const operand = {
        get data() { reads.data += 1; return reads.data === 1 ? a : op.arr([9]); },
        get shape() { reads.shape += 1; return reads.shape === 1 ? [4] : [1]; },
        get dtype() { reads.dtype += 1; return reads.dtype === 1 ? op.dtype : 'int8'; },
      };
      assertValues(op.call(operand, { data: op.arr([2, 2, 2, 2]) }), op, a, [2, 2, 2, 2]);
      assert.deepEqual(reads, { data: 1, shape: 1, dtype: 1 });
      class Inherits { get data() { return a; } } // not an own property: an operand without data
      throwsClear(() => op.call(new Inherits(), 1), TypeError, /data is not an own property of this object, and its class is none of the tensors this library reads/, name);
    });
  });

  test(`${name}: what a polluted Object.prototype or Array.prototype adds is ignored`, () => {
    hostile(() => {
      const polluted = { shape: [99], dtype: 'int8', out: new op.T(4), autoBroadcast: 'none', axis: 5,
        broadcast: 1, auto_broadcast: 'pdpd', m_pythondiv: 'maybe', onZeroDivision: 'error', pythondiv: 'yes' };
      try {
        Object.assign(Object.prototype, polluted);
        Array.prototype[1] = 7;
        const a = op.arr([1, 2, 3, 4]);
        const r = op.call({ data: a }, { data: op.arr([2, 4, 8, 16]) }, {});
        assertValues(r, op, a, [2, 4, 8, 16]);
        assert.ok(polluted.out.every((x) => x === 0)); // no result went to the inherited out
        // A hole is not filled from Array.prototype: [1, <hole>] is not a shape of numbers.
        throwsClear(() => op.call({ data: a, shape: [4, , ] }, 1), RangeError, /invalid dim nothing \(undefined\) at axis 1/, name); // eslint-disable-line no-sparse-arrays
        throwsClear(() => op.call({ data: [1, , 3] }, 1), TypeError, /data has a hole at index 1/, name); // eslint-disable-line no-sparse-arrays
      } finally {
        for (const key of Object.keys(polluted)) delete Object.prototype[key];
        delete Array.prototype[1];
      }
    });
  });

  test(`${name}: Proxies as operand, data, shape: each trap value used once; a revoked Proxy is a TypeError`, () => {
    hostile(() => {
      const gets = [];
      const trace = (target, label) => new Proxy(target, {
        get(t, key, receiver) {
          gets.push(`${label}.${String(key)}`);
          return Reflect.get(t, key, receiver);
        },
      });
      const a = op.arr([1, 2, 3, 4]);
      // (A plain array is float32 without a dtype: an integer-only op's operand says its dtype.)
      const typed = op.dtype === 'float32' ? {} : { dtype: op.dtype };
      const r = op.call(trace({ data: trace([1, 2, 3, 4], 'data'), shape: trace([2, 2], 'shape'), ...typed }, 'operand'), { data: a, shape: [2, 2] });
      assertValues(r, op, [1, 2, 3, 4], a);
      for (const key of ['operand.data', 'operand.shape', 'data.0', 'data.3', 'data.length', 'shape.0', 'shape.1', 'shape.length']) {
        assert.equal(gets.filter((g) => g === key).length, 1, `${key} read ${gets.filter((g) => g === key).length} times`);
      }
      // A typed array inside a Proxy is not a typed array (the Proxy has no internal slots).
      throwsClear(() => op.call({ data: new Proxy(a, {}) }, 1), TypeError, /data must be a typed array or an array, got an object/, name);
      const { proxy, revoke } = Proxy.revocable({ data: a }, {});
      revoke();
      throwsClear(() => op.call(proxy, 1), TypeError, /revoked Proxy/, name);
      const shape = Proxy.revocable([4], {});
      shape.revoke();
      throwsClear(() => op.call({ data: a, shape: shape.proxy }, 1), TypeError, /revoked Proxy/, name);
    });
  });

  test(`${name}: objects with valueOf or toPrimitive are not numbers (no coercion, so no caller code)`, () => {
    hostile(() => {
      let coerced = 0;
      const sneaky = { valueOf() { coerced += 1; return 2; }, [Symbol.toPrimitive]() { coerced += 1; return 2; } };
      const a = op.arr([1, 2]);
      throwsClear(() => op.call({ data: a, shape: [sneaky] }, 1), RangeError, /invalid dim an object at axis 0/, name);
      throwsClear(() => op.call({ data: a, shape: [new Number(2)] }, 1), RangeError, /Number object/, name); // eslint-disable-line no-new-wrappers
      throwsClear(() => op.call({ data: [1, sneaky] }, 1), TypeError, /data\[1\] is an object, not a number or bigint/, name);
      throwsClear(() => op.call({ data: a, dtype: new String(op.dtype) }, 1), TypeError, /unknown dtype a String object/, name); // eslint-disable-line no-new-wrappers
      throwsClear(() => op.call(new Number(3), { data: a }), TypeError, /got a Number object/, name); // eslint-disable-line no-new-wrappers
      assert.equal(coerced, 0);
    });
  });
}

test('onnx and openvino attributes are each read once (issue class 17)', () => {
  hostile(() => {
    const A = { data: new Float32Array(120).fill(2), shape: [2, 3, 4, 5] };
    const B = { data: new Float32Array(12).fill(3), shape: [3, 4] };
    let reads = 0;
    const attrs = { broadcast: 1, get axis() { reads += 1; return reads === 1 ? 1 : 7; } };
    const r = tw.onnx.Mul(A, B, attrs, 6);
    assert.equal(reads, 1);
    assert.deepEqual(r.shape, [2, 3, 4, 5]);
    assert.ok(r.data.every((x) => x === 6));
    let irReads = 0;
    const ir = { auto_broadcast: 'pdpd', get axis() { irReads += 1; return irReads === 1 ? '1' : '9'; } };
    assert.deepEqual(tw.openvino.Multiply(A, B, ir).shape, [2, 3, 4, 5]);
    assert.equal(irReads, 1);
    let pyReads = 0;
    const div = { get m_pythondiv() { pyReads += 1; return pyReads === 1 ? 'false' : 'true'; } };
    assert.deepEqual(Array.from(tw.openvino.Divide({ data: new Int32Array([-7]) }, { data: new Int32Array([2]) }, div).data), [-3]);
    assert.equal(pyReads, 1);
  });
});

test('options are read once, own enumerable keys only; an unknown one is a TypeError', () => {
  hostile(() => {
    let reads = 0;
    const options = { get pythondiv() { reads += 1; return reads === 1 ? false : true; } };
    assert.deepEqual(Array.from(tw.divide({ data: new Int32Array([-7]) }, 2, options).data), [-3]);
    assert.equal(reads, 1);
    throwsClear(() => tw.multiply(1, 2, { outt: new Float32Array(1) }), TypeError, /unknown option "outt" \(it takes autoBroadcast, axis, out, dtype\)/);
    throwsClear(() => tw.multiply(1, 2, () => {}), TypeError, /options must be an object, got a function/);
    throwsClear(() => tw.onnx.Mul(1, 2, { axis: 0 }, 14), TypeError, /unknown attribute "axis" \(it takes none\)/);
    class Options { constructor() { this.autoBroadcast = 'none'; } get out() { throw new Error('inherited: not read'); } }
    assert.deepEqual(tw.multiply({ data: f32([1, 2]) }, { data: f32([3, 4]) }, new Options()).shape, [2]);
    // Own enumerable keys, as { ...options } copies them: a non-enumerable one is not an option.
    const hidden = Object.defineProperty({}, 'out', { get() { throw new Error('non-enumerable: not read'); }, enumerable: false });
    assert.deepEqual(Array.from(tw.multiply({ data: f32([1, 2]) }, 3, hidden).data), [3, 6]);
    for (const notOptions of [[], [1], new Float32Array(0), new Float32Array(2)]) {
      throwsClear(() => tw.multiply(1, 2, notOptions), TypeError, /options must be an object, got /);
    }
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    throwsClear(() => tw.multiply(1, 2, proxy), TypeError, /options is a revoked Proxy/);
  });
});

test('empty() with an object dim or a dim that changes between reads (issue class 7)', () => {
  hostile(() => {
    throwsClear(() => tw.empty([{ valueOf: () => 1 << 20 }], 'float32'), RangeError, /invalid dim an object/);
    const [shape, counter] = shifty([1, 0], 1, 4, 1 << 28);
    const t = tw.empty(shape, 'float64');
    assert.equal(counter.reads, 1);
    assert.equal(t.length, 4);
    assert.ok(t.data.every((x) => x === 0));
    t.dispose();
    const [data] = shifty([1, 2, 3], 2, 3, 1e9);
    const u = tw.tensor(data, [3], 'int32');
    assert.deepEqual(Array.from(u.data), [1, 2, 3]);
    u.dispose();
  });
});

test('plain arrays: a huge or lying length is refused before anything is read', () => {
  hostile(() => {
    let reads = 0;
    const liar = new Proxy([], { get(t, key) { if (key === 'length') return 2 ** 32 - 1; reads += 1; return 1; } });
    throwsClear(() => tw.multiply({ data: liar }, 1), RangeError, /data is an array of 4294967295 elements, more than an array of values can hold here/);
    assert.equal(reads, 0);
    const negative = new Proxy([], { get(t, key) { return key === 'length' ? -1 : undefined; } });
    throwsClear(() => tw.multiply({ data: negative }, 1), TypeError, /no valid length/);
    const rankLiar = new Proxy([], { get(t, key) { return key === 'length' ? 1e9 : 1; } });
    throwsClear(() => tw.broadcastShapes(rankLiar, [1]), RangeError, /at most 32/);
  });
});

test('a reduction\'s axis list and options are each read once: what was checked is what is used', () => {
  hostile(() => {
    const x = { data: f32([1, 2, 3, 4, 5, 6]), shape: [2, 3] };
    // An axis read as 1 first and 0 after: summed over axis 1 (rows), as read.
    const [axes, counter] = shifty([0], 0, 1, 0);
    assert.deepEqual(Array.from(tw.sum(x, { axis: axes }).data), [6, 15]);
    assert.equal(counter.reads, 1);
    // An axis that is valid when first read and out of range after is used as first read.
    const [far] = shifty([0], 0, -1, 7);
    assert.deepEqual(Array.from(tw.max(x, { axis: far }).data), [3, 6]);
    let reads = 0;
    const options = { get keepdims() { reads += 1; return reads === 1; }, axis: 0 };
    assert.deepEqual(tw.mean(x, options).shape, [1, 3]);
    assert.equal(reads, 1);
    reads = 0;
    const softmaxOptions = { get axis() { reads += 1; return reads === 1 ? 0 : 5; } };
    assert.deepEqual(tw.softmax(x, softmaxOptions).shape, [2, 3]);
    assert.equal(reads, 1);
    throwsClear(() => tw.sum(x, { axes: 0 }), TypeError, /unknown option "axes"/);
    throwsClear(() => tw.max(x, { dtype: 'float64' }), TypeError, /unknown option "dtype"/);
  });
});
