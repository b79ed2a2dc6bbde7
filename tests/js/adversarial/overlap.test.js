// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// `out` may overlap an operand in any way: the result is as if both operands had been read
// completely before anything was written (numpy's rule), on every path: one chunk, the streamed
// path of large arrays (issue class 16), SharedArrayBuffers that alias without being the same
// object, and views of wasm memory over resident tensors.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { hostile, tw } from './harness.js';
import { OPS as TEST_OPS, takes } from '../dtypes.js';
import { correctlyRoundedQuick } from '../exact-math.js';

before(() => tw.init());

const SIZES = [5, 67, 200003]; // one chunk; past the SIMD unroll; streamed (800 KB of float32)

// The suite runs with every built-in a trap (tests/js/trap-builtins.js), each reached through a
// Proxy: what runs per element here uses none (a length read once, a loop for Array.from, a
// float32 rounding through a Float32Array's element) and takes seconds, not a minute.
const rounding = new Float32Array(1);
const fround = (x) => ((rounding[0] = x), rounding[0]);
const mapOf = (view, f) => {
  const n = view.length, values = new Array(n);
  for (let i = 0; i < n; ++i) values[i] = f(view[i], i);
  return values;
};

// Object.is, written out.
const same = (a, b) => (a === b ? a !== 0 || 1 / a === 1 / b : a !== a && b !== b);

function fill(view, seed) {
  for (let i = 0, n = view.length; i < n; ++i) view[i] = ((i * 7919 + seed) % 1009) / 8 - 60;
}

function check(got, want, what) {
  const n = want.length;
  assert.equal(got.length, n, what);
  for (let i = 0; i < n; ++i) {
    if (!same(got[i], want[i])) assert.fail(`${what}: element ${i} is ${got[i]}, numpy gives ${want[i]}`);
  }
}

const memo = (f) => {
  const known = new Map();
  return (x) => {
    if (x === 0) return f(x); // (a Map takes -0 for +0)
    let y = known.get(x);
    if (y === undefined) known.set(x, (y = f(x)));
    return y;
  };
};

// Every op's API function (tests/js/dtypes.js), on the class of its operands here (Float32Array,
// or Int32Array for an op that takes no float32: an integer-only op), with its answer in that
// dtype (a unary op's call reads a only).
const OPS = Object.fromEntries(Object.values(TEST_OPS).map((o) => {
  const T = takes(o, 'float32') ? Float32Array : Int32Array;
  const call = o.arity === 1 ? (a, b, options) => tw[o.fn](a, options) : (a, b, options) => tw[o.fn](a, b, options);
  // (fill() makes at most 1,009 values: a function's answers are kept by value. An integer
  // answer wraps to int32 as ToInt32 does, exactly for every integer a double holds.)
  const want = o.exact ? memo((x) => correctlyRoundedQuick(o.exact, x, 'float32')) : T === Float32Array ? (x, y) => fround(o.real(x, y, fround)) : (x, y) => o.real(x, y - (y % 1)) | 0;
  return [o.fn, { call, want, T }];
}));

for (const [name, { call, want: op, T }] of Object.entries(OPS)) {
  test(`${name}: out shifted by ±1 element over A or B, in one buffer, at every size`, () => {
    hostile(() => {
      for (const n of SIZES) {
        for (const shift of [1, -1, 3]) {
          for (const over of ['A', 'B']) {
            const buf = new T(n + 3);
            fill(buf, n + shift);
            const base = shift > 0 ? 0 : 1;
            const x = buf.subarray(base, base + n);
            const out = buf.subarray(base + shift, base + shift + n);
            const other = new T(n);
            fill(other, 3);
            other[0] = 2;
            const [a, b] = over === 'A' ? [x, other] : [other, x];
            const want = mapOf(a, (v, i) => op(v, b[i]));
            const r = call({ data: a }, { data: b }, { out });
            assert.equal(r.data, out);
            check(out, want, `${name} n=${n} shift=${shift} over ${over}`);
          }
        }
      }
    });
  });

  test(`${name}: out exactly over A (in place), also with B broadcast, at every size`, () => {
    hostile(() => {
      for (const n of SIZES) {
        const a = new T(n);
        fill(a, 1);
        const want = mapOf(a, (v) => op(v, 4));
        call({ data: a }, 4, { out: a });
        check(a, want, `${name} in place n=${n}`);
        const m = new T(2 * n);
        fill(m, 2);
        const row = new T([3, -0.5]);
        const wantRows = mapOf(m, (v, i) => op(v, row[i % 2]));
        call({ data: m, shape: [n, 2] }, { data: row, shape: [2] }, { out: m });
        check(m, wantRows, `${name} in place with broadcasting n=${n}`);
      }
    });
  });

  test(`${name}: two SharedArrayBuffer objects over one memory, out shifted over A`, () => {
    hostile(() => {
      for (const n of SIZES) {
        const sab = new SharedArrayBuffer(4 * (n + 1));
        const alias = structuredClone(sab); // another object, the same memory
        const a = new T(sab, 0, n);
        fill(a, 9);
        const out = new T(alias, 4, n);
        const want = mapOf(a, (v) => op(v, -3));
        call({ data: a }, -3, { out });
        check(out, want, `${name} aliased SharedArrayBuffers n=${n}`);
      }
    });
  });

  test(`${name}: views of one resident tensor as operand and out, shifted; a tensor as operand and out`, () => {
    hostile(() => {
      for (const n of SIZES) {
        const src = new T(n + 1);
        fill(src, 4);
        const t = tw.tensor(src);
        const scalar = T === Float32Array ? 1.5 : 5;
        const want = mapOf(src.subarray(0, n), (v) => op(v, scalar));
        call({ data: t.data.subarray(0, n) }, scalar, { out: t.data.subarray(1, n + 1) });
        check(t.data.subarray(1, n + 1), want, `${name} wasm views n=${n}`);
        // A resident operand and a view of it as out.
        const u = tw.tensor(src.subarray(0, n));
        const v = tw.tensor(src.subarray(0, n + 1));
        const wantU = mapOf(src.subarray(0, n), (x) => op(x, 2));
        call(u, 2, { out: v.data.subarray(1, n + 1) });
        check(v.data.subarray(1, n + 1), wantU, `${name} resident operand, view as out n=${n}`);
        call(u, 2, { out: u });
        check(u.data, wantU, `${name} resident in place n=${n}`);
        for (const x of [t, u, v]) x.dispose();
      }
    });
  });
}

// An out of another dtype (the result converted as it is stored) over the operand's own bytes:
// its elements are wider or narrower than the operand's, so element i of the result lies over
// other elements of the operand than i; the result is still as if the operand had been read first.
test('out of another dtype over the operand\'s bytes, wider and narrower, on every path', () => {
  hostile(() => {
    for (const n of SIZES) {
      // float32 operand, float64 out over the same bytes and beyond (out wider: it runs ahead of A).
      const wide = new ArrayBuffer(8 * n + 8);
      const a32 = new Float32Array(wide, 4, n);
      fill(a32, n);
      const want64 = mapOf(a32, (v) => fround(v * 3));
      const out64 = new Float64Array(wide, 0, n);
      assert.equal(tw.multiply({ data: a32 }, 3, { out: out64 }).data, out64);
      check(out64, want64, `float32 into float64 over it, n=${n}`);
      // float64 operand, float32 out over its first half (out narrower: it lags behind A), and
      // the same through an expression (the chain's float32 program reads A cast on load).
      const a64 = new Float64Array(n);
      fill(a64, 2 * n);
      const want32 = mapOf(a64, (v) => fround(v * 3 - 1));
      const out32 = new Float32Array(a64.buffer, 0, n);
      tw.expr('a * 3 - 1', { dtype: 'float64' })({ a: { data: a64 } }, { out: out32 });
      check(out32, want32, `float64 into float32 over it, n=${n}`);
    }
  });
});

test('out of another dtype: a wasm tensor, or a view of one, detached or disposed by a getter, is refused with nothing written', () => {
  hostile(() => {
    const t = tw.empty([4], 'float64');
    const a = { data: new Float32Array([1, 2, 3, 4]) };
    assert.throws(() => tw.add({ get data() { t.dispose(); return a.data; } }, 1, { out: t }), TypeError);
    const buffer = new ArrayBuffer(32);
    const out = new Float64Array(buffer);
    assert.throws(() => tw.add({ get data() { structuredClone(buffer, { transfer: [buffer] }); return a.data; } }, 1, { out }),
      (e) => e instanceof TypeError && /detached/.test(e.message));
    const h = tw.empty([4], 'float16');
    assert.deepEqual(Array.from(tw.float16ToFloat32(tw.add(a, 1, { out: h }).data)), [2, 3, 4, 5]);
    h.dispose();
  });
});
