// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// A typed array is taken for what it really is: its built-in kind, length and offset, whatever
// its prototype, constructor, subclass getters or own properties claim (issue classes 9-12, 14),
// and a buffer detached or resized while the arguments are read is an error, not stale data.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { OPS, assertValues, f32, hostile, throwsClear, tw } from './harness.js';

before(() => tw.init());

for (const [name, op] of Object.entries(OPS)) {
  test(`${name}: own BYTES_PER_ELEMENT, length, byteLength, byteOffset, buffer and constructor are ignored`, () => {
    hostile(() => {
      const a = op.arr([1, 2, 3, 4]);
      const b = op.arr([2, 4, 8, 16]);
      const liar = op.arr([1, 2, 3, 4]);
      for (const [key, value] of [['BYTES_PER_ELEMENT', 1], ['length', 1e6], ['byteLength', 3], ['byteOffset', 64],
        ['buffer', new ArrayBuffer(1 << 16)], ['constructor', Uint8Array]]) {
        Object.defineProperty(liar, key, { value, configurable: true });
      }
      const r = op.call({ data: liar }, { data: b });
      assert.equal(r.dtype, op.dtype);
      assert.equal(r.data.constructor, op.T);
      assertValues(r, op, a, b);
    });
  });

  test(`${name}: a subclass whose getters lie (length, buffer, byteOffset, subarray, set) is read by its slots`, () => {
    hostile(() => {
      let called = 0;
      class Lying extends op.T {
        get length() { called += 1; return 1; }
        get byteLength() { called += 1; return 4; }
        get byteOffset() { called += 1; return 1 << 20; }
        get buffer() { called += 1; return new ArrayBuffer(8); }
        subarray() { called += 1; return new op.T(1); }
        set() { called += 1; }
        slice() { called += 1; return new op.T(1); }
      }
      for (const n of [5, 300000]) { // one chunk, and the streamed path
        const a = Lying.from({ length: n }, (_, i) => i % 97);
        const b = op.T.from({ length: n }, (_, i) => 1 + (i % 5));
        const before = called;
        const r = op.call({ data: a }, { data: b });
        assert.equal(called, before, 'a getter or method of the subclass ran');
        assert.equal(r.data.length, n);
        for (let i = 0; i < n; i += 997) assert.equal(r.data[i], op.want(i % 97, 1 + (i % 5)));
      }
    });
  });

  test(`${name}: an Int8Array with Float64Array.prototype is an int8 tensor of its real length`, () => {
    hostile(() => {
      const x = new Int8Array([1, -2, 3, -4]);
      Object.setPrototypeOf(x, Float64Array.prototype);
      const y = new Int8Array([2, 2, 2, 2]);
      if (!op.takes('int8')) { // an op of floats: int8 refused by the domain, whatever the prototype says
        throwsClear(() => op.call({ data: x }, { data: y }), TypeError, /take int8/, name);
        return;
      }
      const r = op.call({ data: x }, { data: y });
      assert.equal(r.dtype, 'int8');
      assert.equal(r.data.constructor, Int8Array);
      assert.deepEqual(Array.from(r.data), [1, -2, 3, -4].map((v) => op.wantInteger(v, 2)));
    });
  });

  test(`${name}: a resizable buffer shrunk or grown by a getter after its view was read: RangeError`, () => {
    hostile(() => {
      for (const tracking of [true, false]) {
        const rab = new ArrayBuffer(16, { maxByteLength: 64 });
        const a = tracking ? new op.T(rab) : new op.T(rab, 0, 4);
        a.set([1, 2, 3, 4]);
        // (A unary op reads no B: its getters cannot run during the call.)
        const shrink = { get data() { rab.resize(8); return op.arr([1, 1, 1, 1]); } };
        if (!op.unary) throwsClear(() => op.call({ data: a }, shrink), RangeError, /resized while the arguments were being read/, name);
        rab.resize(16);
        if (tracking && !op.unary) {
          const grow = { get data() { rab.resize(32); return op.arr([1, 1, 1, 1]); } };
          throwsClear(() => op.call({ data: a }, grow), RangeError, /resized/, name);
          rab.resize(16);
        }
        a.set([1, 2, 3, 4]); // shrinking lost elements 2 and 3
        assertValues(op.call({ data: a }, { data: op.arr([2, 2, 2, 2]) }), op, [1, 2, 3, 4], [2, 2, 2, 2]);
      }
    });
  });

  // (A unary op reads no B, whose getter detaches A here.)
  if (!op.unary) test(`${name}: a buffer detached (transferred) by a getter: TypeError`, () => {
    hostile(() => {
      const a = op.arr([1, 2, 3, 4]);
      const b = { get data() { structuredClone(a.buffer, { transfer: [a.buffer] }); return op.arr([1, 1, 1, 1]); } };
      throwsClear(() => op.call({ data: a }, b), TypeError, /(operand A|the operand|input (A|0|1|a)|input:).*detached/, name);
    });
  });

  // Small arrays (64 bytes or less) known to be plain skip the buffer checks (web/memory/memory.js): a
  // result or an operand seen before is still checked for being detached, and small views that
  // are not plain (wasm memory, a resizable buffer) are never taken for plain.
  test(`${name}: small results and operands seen before: detached later or while read, a TypeError`, () => {
    hostile(() => {
      const a = op.arr([1, 2, 3, 4]);
      const r = op.call({ data: a }, { data: op.arr([2, 2, 2, 2]) });
      assertValues(op.call(r, { data: a }), op, r.data.slice(), a); // a small result as an operand, right
      structuredClone(r.data.buffer, { transfer: [r.data.buffer] });
      throwsClear(() => op.call(r, { data: a }), TypeError, /(operand A|the operand|input (A|0|1|a)|input:).*detached/, name);
      const again = op.call({ data: a }, { data: a });
      const detach = { get data() { structuredClone(again.data.buffer, { transfer: [again.data.buffer] }); return op.arr([1, 1, 1, 1]); } };
      // (A unary op reads no B: B's getters do not run; its operand's buffer is detached directly.)
      if (!op.unary) throwsClear(() => op.call(again, detach), TypeError, /detached while the arguments were being read/, name);
      op.call({ data: a }, 1); // a was seen plain: its buffer now detached by a getter
      const detachA = { get data() { structuredClone(a.buffer, { transfer: [a.buffer] }); return op.arr([1, 1, 1, 1]); } };
      if (op.unary) structuredClone(a.buffer, { transfer: [a.buffer] });
      else throwsClear(() => op.call({ data: a }, detachA), TypeError, /detached while the arguments were being read/, name);
      throwsClear(() => op.call({ data: a }, 1), TypeError, /detached/, name);
    });
  });

  test(`${name}: a small view of wasm memory or of a resizable buffer is checked on every call`, () => {
    hostile(() => {
      const t = tw.tensor(op.arr([1, 2, 3, 4]));
      const view = t.data;
      for (let i = 0; i < 3; ++i) assertValues(op.call({ data: view }, { data: op.arr([2, 2, 2, 2]) }), op, [1, 2, 3, 4], [2, 2, 2, 2]);
      t.dispose();
      throwsClear(() => op.call({ data: view }, { data: op.arr([2, 2, 2, 2]) }), TypeError, /outside every live tensor/, name);
      const rab = new ArrayBuffer(16, { maxByteLength: 32 });
      const small = new op.T(rab, 0, 4);
      small.set([1, 2, 3, 4]);
      for (let i = 0; i < 3; ++i) assertValues(op.call({ data: small }, { data: op.arr([2, 2, 2, 2]) }), op, [1, 2, 3, 4], [2, 2, 2, 2]);
      const shrink = { get data() { rab.resize(8); return op.arr([1, 1, 1, 1]); } };
      if (!op.unary) throwsClear(() => op.call({ data: small }, shrink), RangeError, /resized while the arguments were being read/, name);
    });
  });

  test(`${name}: views of wasm memory (a tensor's data) as data: read right, across growth; stale views refused`, () => {
    hostile(() => {
      const t = tw.tensor(op.arr([1, 2, 3, 4, 5, 6]));
      const view = t.data.subarray(1, 5); // [2, 3, 4, 5]
      const b = op.arr([10, 10, 10, 10]);
      assertValues(op.call({ data: view }, { data: b }), op, [2, 3, 4, 5], b);
      // Memory grows between the read and the copy (the call's own allocation): still right.
      const n = 3 << 20;
      const fill = op.T === Float32Array ? 1.25 : 3;
      const big = tw.tensor(new op.T(n).fill(fill));
      const r = op.call({ data: big.data }, { data: new op.T(n).fill(2) });
      const want = op.want(fill, 2);
      assert.ok(r.data.every((x) => x === want));
      big.dispose();
      // A view of a disposed tensor's block reads the allocator's memory: refused.
      const stale = t.data;
      t.dispose();
      throwsClear(() => op.call({ data: stale }, { data: op.arr([1, 1, 1, 1, 1, 1]) }), TypeError, /outside every live tensor/, name);
    });
  });
}

test('a view of wasm memory taken before it grew is detached, or (shared memory) still the tensor: never a read of old memory', () => {
  hostile(() => {
    const t = tw.tensor(f32([1, 2, 3, 4]));
    const old = t.data;
    // Small tensors (128 KiB: below what an op may be shared at) live where t does: made until
    // that memory has grown.
    const grown = [];
    while (t.data.buffer === old.buffer) grown.push(tw.empty([1 << 17], 'uint8'));
    if (old.buffer instanceof SharedArrayBuffer) {
      // The threaded build's memory is shared: its old buffers stay views of the same bytes, so
      // the old view is still the live tensor's data, as an operand and as out.
      assert.equal(old.length, 4);
      for (const [name, op] of Object.entries(OPS)) {
        if (op.T !== Float32Array) { // an op that takes no float32 refuses the view by its domain
          throwsClear(() => op.call({ data: old, shape: [4] }, { data: f32([1, 2, 1, 2]) }), TypeError, /does not take float32/, name);
          continue;
        }
        assertValues(op.call({ data: old, shape: [4] }, { data: f32([1, 2, 1, 2]) }), op, [1, 2, 3, 4], [1, 2, 1, 2]);
      }
      assert.equal(tw.multiply(t, 2, { out: old }).data, old);
      assert.deepEqual(Array.from(t.data), [2, 4, 6, 8]);
      t.dispose();
      throwsClear(() => tw.multiply({ data: old }, 2), TypeError, /outside every live tensor/);
    } else {
      assert.equal(old.length, 0);
      for (const [name, op] of Object.entries(OPS)) {
        throwsClear(() => op.call({ data: old, shape: [4] }, { data: f32([1, 1, 1, 1]) }), TypeError, /detached/, name);
      }
      throwsClear(() => tw.multiply(t, 2, { out: old }), TypeError, /detached/);
      assert.deepEqual(Array.from(tw.multiply(t, 2).data), [2, 4, 6, 8]);
      t.dispose();
    }
    for (const g of grown) g.dispose();
  });
});

test('tensor() takes the real length of a subclass that under- or over-reports it (class 12)', () => {
  hostile(() => {
    for (const claimed of [1, 1 << 24]) {
      class Claims extends Float32Array { get length() { return claimed; } get byteLength() { return claimed * 4; } }
      const n = 65536;
      const t = tw.tensor(Claims.from({ length: n }, (_, i) => i));
      assert.equal(t.length, n);
      const d = t.data;
      for (let i = 0; i < n; i += 4099) assert.equal(d[i], i);
      t.dispose();
    }
  });
});

test('SharedArrayBuffer operands and out, and odd byte offsets', () => {
  hostile(() => {
    const shared = new Float32Array(new SharedArrayBuffer(16));
    shared.set([1, 2, 3, 4]);
    assert.deepEqual(Array.from(tw.multiply({ data: shared }, 2).data), [2, 4, 6, 8]);
    const out = new Float32Array(new SharedArrayBuffer(16));
    tw.multiply({ data: shared }, 3, { out });
    assert.deepEqual(Array.from(out), [3, 6, 9, 12]);
    const odd = new Int16Array(new ArrayBuffer(64), 34, 5);
    odd.set([10, -10, 7, -7, 1]);
    assert.deepEqual(Array.from(tw.divide({ data: odd }, 3).data), [3, -4, 2, -3, 0]);
  });
});

test('out of the wrong kind: a Float32Array with Int32Array.prototype is still a Float32Array', () => {
  hostile(() => {
    const out = new Float32Array(2);
    Object.setPrototypeOf(out, Int32Array.prototype);
    tw.multiply({ data: f32([1.5, 2.5]) }, 2, { out });
    assert.deepEqual(Array.from(new Float32Array(out.buffer)), [3, 5]);
    const liar = new Int32Array(2);
    Object.defineProperty(liar, 'constructor', { value: Float32Array });
    throwsClear(() => tw.multiply({ data: f32([1, 2]) }, 2, { out: liar }), TypeError, /out is an Int32Array \(int32\), and a float32 result does not cast to int32/);
  });
});
