// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Strided views and other libraries' tensors given by hostile callers: strides that change as
// they are read, buffers resized or tensors disposed by the readers' code, views that reach
// outside their data, classes that pose as known tensors. The call computes from what it read
// or throws in the caller's terms, writes nothing, leaks nothing (hostile()).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { OPS, assertValues, f32, hostile, throwsClear, tw } from './harness.js';

before(() => tw.init());

for (const [name, op] of Object.entries(OPS)) {
  test(`${name}: a view's strides are read once each, into a copy that later changes do not reach`, () => {
    hostile(() => {
      const reads = [];
      const strides = new Proxy([1, 2], {
        get(target, key) {
          reads.push(key);
          const v = target[key];
          if (key === '0') target[0] = 99; // what a second read would see
          return v;
        },
      });
      const r = op.call({ data: op.arr([1, 2, 3, 4]), shape: [2, 2], strides }, { data: op.arr([1, 1, 1, 1]), shape: [2, 2] });
      assert.deepEqual(r.shape, [2, 2]);
      assertValues(r, op, [1, 3, 2, 4], [1, 1, 1, 1]); // the transposed view, read with strides [1, 2]
      assert.equal(reads.filter((k) => k === '0').length, 1);
      assert.equal(reads.filter((k) => k === 'length').length, 1);
    });
  });

  test(`${name}: a view whose buffer shrinks while its strides are read: RangeError, nothing read past it`, () => {
    hostile(() => {
      const buffer = new ArrayBuffer(64, { maxByteLength: 64 });
      const data = new op.T(buffer);
      const strides = new Proxy([4, 1], { get(target, key) { if (key === '1') buffer.resize(8); return target[key]; } });
      throwsClear(() => op.call({ data, shape: [4, 4], strides }, 1), RangeError, /resized while the arguments were being read/, name);
    });
  });

  test(`${name}: a view that reaches past its data, or before it, is a RangeError that names the element`, () => {
    hostile(() => {
      const data = op.arr([1, 2, 3, 4, 5, 6]);
      throwsClear(() => op.call({ data, shape: [2, 3], strides: [3, 1], offset: 1 }, 1), RangeError, /reaches element 6, outside data's 6 elements/, name);
      throwsClear(() => op.call({ data, shape: [3], strides: [-2], offset: 3 }, 1), RangeError, /reaches element -1/, name);
      throwsClear(() => op.call({ data, shape: [2], strides: [2 ** 53] }, 1), TypeError, /strides\[0\] must be an integer/, name);
      throwsClear(() => op.call({ data, shape: [2], strides: [1], offset: 2 ** 60 }, 1), RangeError, /offset must be an integer from 0/, name);
    });
  });

  test(`${name}: an object posing as a known tensor through a polluted Object.prototype is not read`, () => {
    hostile(() => {
      const keys = ['data', 'shape', 'strides', 'offset', 'order', 'dims', 'type'];
      try {
        Object.assign(Object.prototype, { data: op.arr([9, 9]), shape: [2], strides: [1], offset: 0, order: 'row-major', dims: [2], type: op.dtype });
        throwsClear(() => op.call({ size: 2 }, 1), TypeError, /data is missing/, name);
      } finally {
        for (const k of keys) delete Object.prototype[k];
      }
    });
  });

  test(`${name}: a TensorFlow.js-like tensor whose dataSync() calls the library and disposes a tensor: the call stands`, () => {
    hostile(() => {
      const other = tw.tensor(op.arr([5, 6]));
      const tfLike = {
        dataId: {}, shape: [2], dtype: op.dtype,
        dataSync() {
          assert.deepEqual(Array.from(tw.multiply(other, 2).data), [10, 12]);
          other.dispose();
          return op.arr([3, 4]);
        },
      };
      const r = op.call(tfLike, { data: op.arr([1, 2]) });
      assert.deepEqual(r.shape, [2]);
      assertValues(r, op, [3, 4], [1, 2]);
      throwsClear(() => op.call(other, 1), TypeError, /disposed/, name);
    });
  });
}
