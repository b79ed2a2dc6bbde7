// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Wasm-resident tensors keep their internals private: own properties do not change what an op
// reads or writes, nothing outside the package makes one, disposal is idempotent, and tensor()
// and empty() leak nothing whatever throws (issue classes 8, 13, 15).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { OPS, f32, hostile, memoryInUse, throwsClear, tw } from './harness.js';

before(() => tw.init());

for (const [name, op] of Object.entries(OPS)) {
  test(`${name}: own length, dtype, shape, data and a forged pointer on a tensor change nothing`, () => {
    hostile(() => {
      const t = tw.tensor(op.arr([1, 2, 3, 4]), [2, 2]);
      for (const [key, value] of [['length', 1 << 24], ['dtype', 'float64'], ['shape', [1 << 12, 1 << 12]],
        ['data', new Float64Array(4)], ['ptr', 8], ['disposed', true]]) {
        Object.defineProperty(t, key, { value, configurable: true });
      }
      const r = op.call(t, { data: op.arr([2, 2, 2, 2]), shape: [2, 2] });
      assert.deepEqual(r.shape, [2, 2]);
      assert.equal(r.dtype, op.dtype);
      assert.deepEqual(Array.from(r.data), [1, 2, 3, 4].map((x) => op.want(x, 2)));
      if (op.out) {
        const y = tw.empty([2, 2], op.dtype);
        Object.defineProperty(y, 'length', { value: 1 << 24 });
        assert.equal(op.call(t, 2, { out: y }), y);
        assert.deepEqual(Array.from(y.data), [1, 2, 3, 4].map((x) => op.want(x, 2)));
        const short = tw.empty([3], op.dtype);
        Object.defineProperty(short, 'length', { value: 4 });
        throwsClear(() => op.call(t, 2, { out: short }), RangeError, /out holds 3 elements but the result of shape \[2,2\] has 4/, name);
        short.dispose();
        y.dispose();
      }
      delete t.disposed;
      t.dispose();
    });
  });
}

test('nothing outside the package makes a WasmTensor (class 13)', () => {
  hostile(() => {
    throwsClear(() => new tw.WasmTensor(8, 'float32', [4], 4), TypeError, /made by tensor\(\) or empty\(\)/);
    class Forged extends tw.WasmTensor {}
    throwsClear(() => new Forged(8, 'float32', [4], 4), TypeError, /made by tensor\(\) or empty\(\)/);
    const fake = Object.create(tw.WasmTensor.prototype);
    throwsClear(() => tw.multiply(fake, 2), TypeError, /data is not an own property of this object/);
    throwsClear(() => fake.dispose(), TypeError, /not a wasm tensor/);
    throwsClear(() => fake.data, TypeError, /not a wasm tensor/);
    const getter = Object.getOwnPropertyDescriptor(tw.WasmTensor.prototype, 'length').get;
    throwsClear(() => getter.call({}), TypeError, /not a wasm tensor/);
    const t = tw.tensor(f32([1]));
    throwsClear(() => tw.multiply(new Proxy(t, {}), 2), TypeError, /data is not an own property of this object/); // a Proxy of a tensor is not one
    t.dispose();
  });
});

test('dispose() twice is harmless; a disposed tensor is a TypeError as operand, out and data', () => {
  hostile(() => {
    const t = tw.tensor(f32([1, 2]));
    t.dispose();
    t.dispose();
    t[Symbol.dispose]();
    assert.equal(t.disposed, true);
    throwsClear(() => t.data, TypeError, /disposed/);
    throwsClear(() => tw.multiply(t, 1), TypeError, /disposed/);
    throwsClear(() => tw.multiply({ data: f32([1, 2]) }, 1, { out: t }), TypeError, /out.*disposed/);
    throwsClear(() => tw.tensor(t, [2]), TypeError, /data must be a typed array or an array, got a wasm tensor/);
  });
});

test('tensor() and empty() leak nothing when they throw, wherever the error comes from (class 15)', () => {
  hostile(() => {
    const before = memoryInUse();
    const boom = new Error('caller');
    const badShape = [4];
    Object.defineProperty(badShape, 0, { get() { throw boom; } });
    for (let i = 0; i < 50; ++i) {
      assert.throws(() => tw.tensor(f32([1, 2, 3, 4]), badShape), (e) => e === boom);
      throwsClear(() => tw.tensor(f32([1, 2, 3]), [2, 2]), RangeError, /data has 3 elements but shape \[2,2\] needs 4/);
      throwsClear(() => tw.tensor([1, 2n]), TypeError, /mixes numbers and bigints/);
      throwsClear(() => tw.tensor([1, 300], [2], 'int8'), RangeError, /300 is not an integer in int8's range/);
      throwsClear(() => tw.empty([1 << 30, 1 << 30], 'uint8'), RangeError, /too large for wasm memory/);
      throwsClear(() => tw.empty([2 ** 31 - 1], 'uint8'), RangeError, /more than wasm memory can provide/);
      throwsClear(() => tw.empty([2], 'complex64'), TypeError, /unknown dtype "complex64"/);
      throwsClear(() => tw.empty([2]), TypeError, /dtype is required/);
    }
    assert.equal(memoryInUse(), before);
  });
});

test('cloning a resident tensor through its data works, also when the copy grows wasm memory', () => {
  hostile(() => {
    const n = 3 << 20; // 12 MiB of float32
    const t = tw.tensor(Float32Array.from({ length: n }, (_, i) => i));
    const before = memoryInUse();
    for (let i = 0; i < 4; ++i) {
      const c = tw.tensor(t.data, t.shape);
      assert.equal(c.length, n);
      const d = c.data;
      for (let j = 0; j < n; j += 65537) assert.equal(d[j], j);
      c.dispose();
    }
    const grow = tw.empty([t.data.buffer.byteLength], 'uint8'); // memory must grow for the next clone
    const c = tw.tensor(t.data.subarray(5, 10), [5]);
    assert.deepEqual(Array.from(c.data), [5, 6, 7, 8, 9]);
    c.dispose();
    grow.dispose();
    assert.equal(memoryInUse(), before);
    t.dispose();
  });
});
