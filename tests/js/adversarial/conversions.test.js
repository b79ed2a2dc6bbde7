// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Hostile input through the bulk conversions, each under hostile() (sentinel tensors intact, no
// wasm memory kept, the next calls right): Proxies, typed arrays whose own properties, prototype
// or subclass getters lie, option getters and traps that call the library, dispose tensors,
// detach or resize buffers, and `out` overlapping `x` in one buffer or in wasm memory.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { hostile, throwsClear, tw } from './harness.js';

before(() => tw.init());

const SIZES = [5, 67, 300007]; // one SIMD group and a tail; several groups; streamed in chunks

// Values whose float16 and bfloat16 roundings differ from truncation, with an exact one at i = 0.
const values = (n) => Float32Array.from({ length: n }, (_, i) => (i === 0 ? 1 : ((i * 7919) % 100003) / 37 - 1000));

/** Float16 bits of x, element by element (the per-element function). */
const halves = (x) => Uint16Array.from(x, (v) => tw.numberToFloat16(v));

function sameBits(got, want, what) {
  assert.equal(got.length, want.length, what);
  for (let i = 0; i < want.length; ++i) if (got[i] !== want[i]) assert.fail(`${what}: element ${i} is ${got[i]}, want ${want[i]}`);
}

// A Uint16Array view of a float16 result (a Float16Array where the platform has one).
const bits = (data) => new Uint16Array(data.buffer, data.byteOffset, data.length);

test('every wrong argument throws, keeps no wasm memory, and the next conversion is right', () => {
  hostile(() => {
    const x = values(300007); // streamed: its chunks' block is taken before anything could fail
    const t = tw.tensor(x);
    const wrongOuts = [new Uint16Array(3), new Float32Array(x.length), tw.empty([x.length], 'bfloat16'), tw.empty([3], 'float16')];
    for (const input of [x, t]) {
      for (const out of wrongOuts) throwsClear(() => tw.float32ToFloat16(input, { out }), out.length === 3 ? RangeError : TypeError, /^float32ToFloat16: out/);
      throwsClear(() => tw.float16ToFloat32(input), TypeError, /^float16ToFloat32: x must be/);
      throwsClear(() => tw.float32ToFloat16(input, { out: new Uint16Array(x.length), other: 1 }), TypeError, /unknown option "other"/);
      const y = tw.float32ToFloat16(input);
      sameBits(bits(input === t ? y.data : y), halves(x), 'after the errors');
      if (input === t) y.dispose();
    }
    for (const out of wrongOuts) if (out instanceof tw.WasmTensor) out.dispose();
    t.dispose();
  });
});

test('a Proxy of a typed array or of a wasm tensor is not one', () => {
  hostile(() => {
    const t = tw.tensor(new Float32Array([1, 2]));
    throwsClear(() => tw.float32ToFloat16(new Proxy(new Float32Array(2), {})), TypeError, /x must be a Float32Array or a float32 wasm tensor, got an object$/);
    throwsClear(() => tw.float32ToFloat16(new Proxy(t, {})), TypeError, /got an object$/);
    throwsClear(() => tw.float32ToFloat16(new Float32Array(2), { out: new Proxy(new Uint16Array(2), {}) }), TypeError, /out must be a typed array or a wasm tensor/);
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    throwsClear(() => tw.float32ToFloat16(new Float32Array(2), proxy), TypeError, /revoked Proxy/);
    t.dispose();
  });
});

test('a typed array is read by its slots: own length, prototype and subclass getters are ignored', () => {
  hostile(() => {
    const x = values(67);
    const liar = Float32Array.from(x);
    for (const [key, value] of [['length', 3], ['byteOffset', 64], ['buffer', new ArrayBuffer(8)], ['constructor', Uint16Array]]) {
      Object.defineProperty(liar, key, { value });
    }
    sameBits(bits(tw.float32ToFloat16(liar)), halves(x), 'own properties');
    const reshaped = Float32Array.from(x);
    Object.setPrototypeOf(reshaped, Uint16Array.prototype); // still a Float32Array inside
    sameBits(bits(tw.float32ToFloat16(reshaped)), halves(x), 'prototype');
    throwsClear(() => tw.float16ToFloat32(reshaped), TypeError, /got a Float32Array$/);
    let called = 0;
    class Lying extends Float32Array {
      get length() { called += 1; return 1; }
      get buffer() { called += 1; return new ArrayBuffer(4); }
      subarray() { called += 1; return new Float32Array(1); }
      static get [Symbol.species]() { called += 1; return Float32Array; }
    }
    for (const n of SIZES) {
      const y = tw.float32ToFloat16(Lying.from(values(n)));
      assert.equal(y.length, n);
      sameBits(bits(y), halves(values(n)), `subclass, ${n}`);
    }
    const plain = new Uint16Array(67);
    const out = new (class extends Uint16Array { get length() { called += 1; return 0; } })(plain.buffer);
    assert.equal(tw.float32ToFloat16(x, { out }), out);
    sameBits(plain, halves(x), 'subclass out');
    assert.equal(called, 0, 'a getter of the subclass ran');
  });
});

test('option getters and Proxy traps that call the library: read once, the result right', () => {
  hostile(() => {
    const x = values(300007);
    const want = halves(x);
    const out = new Uint16Array(x.length);
    let reads = 0;
    const options = {
      get out() {
        reads += 1;
        // Conversions and ops of every kind, a memory growth, while the outer call reads its arguments.
        sameBits(bits(tw.float32ToFloat16(values(300007))), want, 'inner conversion');
        const t = tw.tensor(values(100));
        tw.float32ToBfloat16(t).dispose();
        t.dispose();
        assert.equal(tw.multiply({ data: new Float32Array([3]) }, 2).data[0], 6);
        tw.empty([48 << 20], 'uint8').dispose();
        return out;
      },
    };
    assert.equal(tw.float32ToFloat16(x, options), out);
    assert.equal(reads, 1);
    sameBits(out, want, 'outer');
    const trapped = new Proxy({ out }, {
      ownKeys(target) {
        tw.float16ToFloat32(new Uint16Array(1000));
        return Reflect.ownKeys(target);
      },
    });
    out.fill(0);
    assert.equal(tw.float32ToFloat16(x, trapped), out);
    sameBits(out, want, 'through a Proxy');
  });
});

test('x disposed, detached or resized while the options are read: an error saying so', () => {
  hostile(() => {
    const t = tw.tensor(values(64));
    throwsClear(() => tw.float32ToFloat16(t, { get out() { t.dispose(); return undefined; } }), TypeError,
      /^float32ToFloat16: x: its wasm tensor was disposed while the arguments were being read$/);
    const x = values(64);
    throwsClear(() => tw.float32ToFloat16(x, { get out() { structuredClone(x.buffer, { transfer: [x.buffer] }); return undefined; } }),
      TypeError, /^float32ToFloat16: x: its ArrayBuffer was detached while the arguments were being read$/);
    const resizable = new ArrayBuffer(256, { maxByteLength: 1024 });
    const tracking = new Float32Array(resizable);
    throwsClear(() => tw.float32ToFloat16(tracking, { get out() { resizable.resize(128); return undefined; } }),
      RangeError, /^float32ToFloat16: x: its buffer was resized while the arguments were being read \(64 elements when read, 32 now\)$/);
    const out = tw.empty([64], 'float16');
    throwsClear(() => tw.float32ToFloat16(values(64), { get out() { out.dispose(); return out; } }), TypeError,
      /^float32ToFloat16: out is a wasm tensor that was disposed/);
  });
});

// As if x had been read in full before anything was written (numpy's rule), whatever the overlap.
test('out overlapping x in one buffer, either way round, at every size', () => {
  hostile(() => {
    for (const n of SIZES) {
      const x = values(n);
      const want16 = halves(x);
      for (const shift of [0, 1, 2, n - 1, -1]) {
        // float32 -> float16: the float16 result over the float32 input, ahead, behind or inside.
        const buffer = new ArrayBuffer(4 * n + 8);
        const at = 4;
        const input = new Float32Array(buffer, at, n);
        input.set(x);
        const start = at + 2 * shift;
        if (start < 0 || start + 2 * n > buffer.byteLength) continue;
        const out = new Uint16Array(buffer, start, n);
        assert.equal(tw.float32ToFloat16(input, { out }), out);
        sameBits(out, want16, `narrowing, n ${n}, shift ${shift}`);
        // float16 -> float32: the float32 result over the float16 input.
        const wide = new ArrayBuffer(4 * n + 8);
        const h = new Uint16Array(wide, 2 * (shift & 3), n);
        h.set(want16);
        const widened = new Float32Array(wide, 4, n);
        tw.float16ToFloat32(h, { out: widened });
        for (let i = 0; i < n; ++i) {
          if (!Object.is(widened[i], tw.float16ToNumber(want16[i]))) assert.fail(`widening, n ${n}, shift ${shift}: element ${i}`);
        }
      }
    }
  });
});

test('x and out as views of one wasm tensor, overlapping: the same answer', () => {
  hostile(() => {
    for (const n of SIZES) {
      const block = tw.empty([3 * n], 'float32'); // room for a float32 x and a float16 or float32 out
      const heap = block.data;
      const want16 = halves(values(n));
      // Widening in place: float16 x at the block's start, float32 out over it from byte 4.
      const h = new Uint16Array(heap.buffer, heap.byteOffset, n);
      h.set(want16);
      const out = new Float32Array(heap.buffer, heap.byteOffset + 4, n);
      assert.equal(tw.float16ToFloat32(h, { out }), out);
      for (let i = 0; i < n; i += 1 + (i >> 4)) {
        if (!Object.is(out[i], tw.float16ToNumber(want16[i]))) assert.fail(`heap widening, n ${n}: element ${i}`);
      }
      // Narrowing: a float32 x, its float16 result starting 2 bytes into it.
      const x = new Float32Array(block.data.buffer, block.data.byteOffset, n);
      x.set(values(n));
      const narrow = new Uint16Array(x.buffer, x.byteOffset + 2, n);
      tw.float32ToFloat16(x, { out: narrow });
      sameBits(narrow, want16, `heap narrowing, n ${n}`);
      block.dispose();
    }
  });
});
