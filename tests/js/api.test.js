// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// The public API of docs/contract.md through the real wasm module: results, operand forms, options,
// wasm-resident tensors, the spec entry points and every error, each followed by a good call.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as tw from '../../web/index.js';
import { DTYPES } from '../../web/dtypes/dtypes.js';
import { OPS as TEST_OPS } from './dtypes.js';

const { init, multiply, divide, broadcastShapes, tensor, empty, onnx, openvino } = tw;

const f32 = (values, shape = [values.length]) => ({ data: new Float32Array(values), shape });
const i32 = (values, shape = [values.length]) => ({ data: new Int32Array(values), shape });

// A call after an error must still be right: the module stays usable.
function healthy() {
  assert.deepEqual(Array.from(multiply(f32([1, 2, 3]), f32([4, 5, 6])).data), [4, 10, 18]);
}

before(async () => {
  await init();
  await init(); // idempotent
});

test('multiply: the OpenVINO broadcast example, values checked against index arithmetic', () => {
  const a = Float32Array.from({ length: 48 }, (_, i) => i + 1);
  const b = Float32Array.from({ length: 35 }, (_, i) => (i % 7) - 3);
  const c = multiply({ data: a, shape: [8, 1, 6, 1] }, { data: b, shape: [7, 1, 5] });
  assert.deepEqual(c.shape, [8, 7, 6, 5]);
  assert.equal(c.dtype, 'float32');
  assert.ok(c.data instanceof Float32Array);
  for (let i = 0; i < 8; ++i)
    for (let j = 0; j < 7; ++j)
      for (let k = 0; k < 6; ++k)
        for (let l = 0; l < 5; ++l)
          assert.equal(c.data[((i * 7 + j) * 6 + k) * 5 + l], Math.fround(a[i * 6 + k] * b[j * 5 + l]));
});

test('scalars take the other operand\'s dtype; results take operand A\'s carrier', () => {
  const r = multiply({ data: new Uint8ClampedArray([200, 3]), shape: [2] }, 2);
  assert.ok(r.data instanceof Uint8Array);
  assert.deepEqual(Array.from(r.data), [144, 6]); // wraps modulo 256
  const big = multiply({ data: new BigInt64Array([3n, -4n]), shape: [2] }, 5n);
  assert.deepEqual(Array.from(big.data), [15n, -20n]);
  assert.deepEqual(Array.from(divide(10, { data: new Int16Array([3, -3]), shape: [2] }).data), [3, -4]);
  const s = multiply(3, 4);
  assert.deepEqual(s.shape, []);
  assert.equal(s.dtype, 'float32');
  assert.deepEqual(Array.from(s.data), [12]);
  assert.equal(multiply(3n, 4n).dtype, 'int64');
  // Results are of the built-in class of A's array, whatever its subclass (docs/contract.md, "dtypes": no caller
  // constructor runs), exactly sized, on every path (one call, or chunks for large ones).
  class Scaled extends Float32Array {}
  for (const n of [3, 300000]) {
    const sub = multiply({ data: Scaled.from({ length: n }, (_, i) => i) }, 2);
    assert.equal(sub.data.constructor, Float32Array);
    assert.equal(sub.data[n - 1], 2 * (n - 1));
    const buf = multiply({ data: Buffer.from(new Uint8Array(n).fill(3)) }, 5);
    assert.equal(buf.data.constructor, Uint8Array);
    assert.equal(buf.data[n - 1], 15);
    const plain = multiply({ data: new Float32Array(n).fill(1.5) }, { data: new Float32Array(n).fill(2) });
    assert.equal(plain.data.constructor, Float32Array);
    assert.equal(plain.data.byteOffset, 0);
    assert.equal(plain.data.buffer.byteLength, 4 * n);
    assert.ok(plain.data.every((x) => x === 3));
  }
});

test('plain arrays hold values, also for float16 and bfloat16', () => {
  const h = multiply({ data: [1, 2, 65504], shape: [3], dtype: 'float16' }, 2);
  assert.equal(h.dtype, 'float16');
  assert.deepEqual(Array.from(h.data), [0x4000, 0x4400, 0x7c00]); // bits: 2, 4, Inf
  const bf = multiply({ data: [1.5], dtype: 'bfloat16' }, { data: [2], dtype: 'bfloat16' });
  assert.deepEqual(Array.from(bf.data), [0x4040]);
  assert.equal(multiply({ data: [1, 2] }, 2).dtype, 'float32');
  assert.equal(multiply({ data: [1n, 2n] }, 2n).dtype, 'int64');
  // Rounded once from the double: 1 + 2^-11 + 2^-30 is just above a float16 tie, so it rounds up.
  const once = multiply({ data: [1 + 2 ** -11 + 2 ** -30], dtype: 'float16' }, 1);
  assert.equal(once.data[0], 0x3c01);
});

test('broadcastShapes and every mode', () => {
  assert.deepEqual(broadcastShapes([8, 1, 6, 1], [7, 1, 5]), [8, 7, 6, 5]);
  assert.deepEqual(broadcastShapes([], []), []);
  assert.deepEqual(broadcastShapes([1, 0], [3, 1]), [3, 0]);
  assert.deepEqual(broadcastShapes([2, 3, 4, 5], [3, 4], { autoBroadcast: 'pdpd', axis: 1 }), [2, 3, 4, 5]);
  assert.deepEqual(broadcastShapes([2, 3], [2, 3], { autoBroadcast: 'none' }), [2, 3]);
  // Identical shapes still answer to the axis.
  assert.throws(() => broadcastShapes([2, 3], [2, 3], { autoBroadcast: 'pdpd', axis: 1 }), /does not fit/);
  assert.throws(() => multiply(f32([1, 2, 3, 4, 5, 6], [2, 3]), f32([1, 2, 3, 4, 5, 6], [2, 3]),
    { autoBroadcast: 'pdpd', axis: 1 }), /does not fit/);
  const r = multiply({ data: new Float32Array(120).fill(1), shape: [2, 3, 4, 5] }, f32([1, 2, 3], [3, 1]),
    { autoBroadcast: 'pdpd', axis: 1 });
  assert.deepEqual(r.shape, [2, 3, 4, 5]);
  assert.equal(r.data[20], 2); // second index of axis 1 takes B's second value
  const z = multiply({ data: new Float32Array(0), shape: [0, 3] }, f32([1, 2, 3]));
  assert.deepEqual(z.shape, [0, 3]);
  assert.equal(z.data.length, 0);
});

test('broadcastShapes with dynamic: true: -1 is an unknown dim, the result unknown only where it must be', () => {
  const dyn = (a, b, options = {}) => broadcastShapes(a, b, { dynamic: true, ...options });
  assert.deepEqual(dyn([-1, 3], [4, 1, 3]), [4, -1, 3]);
  assert.deepEqual(dyn([-1, 3], [5, 3]), [5, 3]);
  assert.deepEqual(dyn([-1], [-1]), [-1]);
  // pdpd: B's 3 must equal A's dim there (it is not 1), so A's unknown dim is 3.
  assert.deepEqual(dyn([2, -1, 4, 5], [3, 4], { autoBroadcast: 'pdpd', axis: 1 }), [2, 3, 4, 5]);
  assert.deepEqual(dyn([2, -1, 4, 5], [1, 4], { autoBroadcast: 'pdpd', axis: 1 }), [2, -1, 4, 5]);
  assert.deepEqual(dyn([2, 3, 4, -1], [4, 1], { autoBroadcast: 'pdpd' }), [2, 3, 4, -1]); // B's trailing 1 trimmed, not an unknown dim
  assert.deepEqual(dyn([2, 3, 4, 5], [-1, 5], { autoBroadcast: 'legacy' }), [2, 3, 4, 5]);
  assert.deepEqual(dyn([-1, 3], [2, 3], { autoBroadcast: 'none' }), [2, 3]);
  // Known dims that conflict are the error they always are, in the caller's shapes.
  assert.throws(() => dyn([-1, 3], [2, 4]), (e) => e instanceof tw.BroadcastError && /\[-1,3\] and \[2,4\]/.test(e.message) && e.axis === 1);
  const explained = dyn([-1, 3], [4, 1, 3], { explain: true });
  assert.deepEqual([explained.shape, explained.a.dims, explained.b.dims, explained.a.stretched], [[4, -1, 3], [1, -1, 3], [4, 1, 3], [0]]);
  // Without dynamic: true, -1 is the invalid dim it is in the ops, and it says how to ask.
  assert.throws(() => broadcastShapes([-1], [2]), /invalid dim -1 at axis 0 .*with dynamic: true/);
  assert.throws(() => multiply({ data: [1], shape: [-1] }, 1), (e) => e instanceof RangeError && !/dynamic/.test(e.message));
  assert.throws(() => broadcastShapes([1], [1], { dynamic: 1 }), /dynamic must be true or false/);
  assert.deepEqual(dyn(new Array(7).fill(-1), [2]), [-1, -1, -1, -1, -1, -1, 2]);
  assert.throws(() => dyn(new Array(8).fill(-1), [2]), /8 unknown dims are more than dynamic: true takes \(at most 7\)/);

  // Against the static rules: every way of filling in the unknown dims that broadcasts agrees
  // with the result on its known dims, and each unknown output dim takes two values among them.
  const rng = ((seed) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)(7);
  const pick = (xs) => xs[Math.floor(rng() * xs.length)];
  for (let trial = 0; trial < 300; ++trial) {
    const options = pick([{}, { autoBroadcast: 'none' }, { autoBroadcast: 'pdpd' }, { autoBroadcast: 'legacy' }]);
    const shape = () => Array.from({ length: Math.floor(rng() * 4) }, () => pick([1, 1, 2, 3, -1]));
    const a = shape(), b = options.autoBroadcast === 'pdpd' || options.autoBroadcast === 'legacy' ? shape().slice(0, a.length) : shape();
    let result;
    try {
      result = dyn(a, b, options);
    } catch {
      continue; // known dims conflict, or B does not fit: the static rules refuse every filling too
    }
    const fills = [];
    const values = [1, 2, 3];
    const unknowns = [...a, ...b].filter((d) => d === -1).length;
    for (let k = 0; k < values.length ** unknowns; ++k) {
      let code = k;
      const fill = (s) => s.map((d) => { if (d !== -1) return d; const v = values[code % values.length]; code = Math.floor(code / values.length); return v; });
      const fa = fill(a), fb = fill(b);
      try { fills.push(broadcastShapes(fa, fb, options)); } catch { /* this filling does not broadcast */ }
    }
    assert.ok(fills.length > 0, `${JSON.stringify([a, b, options])}: no filling broadcasts, yet ${JSON.stringify(result)}`);
    for (const concrete of fills) {
      assert.equal(concrete.length, result.length);
      result.forEach((d, i) => { if (d !== -1) assert.equal(concrete[i], d, `${JSON.stringify([a, b, options])} axis ${i}`); });
    }
    result.forEach((d, i) => {
      if (d === -1) assert.ok(new Set(fills.map((c) => c[i])).size > 1, `${JSON.stringify([a, b, options])}: axis ${i} is known`);
    });
  }
});

test("a strided view is read with its strides, never as contiguous; an unknown class's data accessor is named as such", () => {
  // A transposed 2 x 2 view as a scijs ndarray writes it, and a stdlib-style record: a contiguous
  // read of their data would give [1, 2, 3, 4] (tests/js/views.test.js has numpy's cases).
  assert.deepEqual([...multiply({ data: f32([1, 2, 3, 4]).data, shape: [2, 2], stride: [1, 2], offset: 0 }, 1).data], [1, 3, 2, 4]);
  assert.deepEqual([...divide(12, { data: new Float32Array([1, 2, 3, 4]), shape: [2], strides: [-2], offset: 3, order: 'row-major' }).data], [3, 6]);
  class Like { get data() { return new Float32Array([1, 2]); } get size() { return 2; } }
  assert.throws(() => multiply(new Like(), 2), (e) => e instanceof TypeError && /its class is none of the tensors this library reads/.test(e.message));
  healthy();
});

test('out: into a given array, and the wrong one (overlaps: adversarial/overlap.test.js)', () => {
  const a = f32([1, 2, 3]);
  const out = new Float32Array(3);
  const r = multiply(a, 2, { out });
  assert.equal(r.data, out);
  assert.deepEqual(Array.from(out), [2, 4, 6]);
  assert.throws(() => multiply(a, 2, { out: new Float32Array(2) }), RangeError);
  // out of another dtype: the result converted as it is stored (casts.test.js), where numpy's
  // same_kind allows; a float into an integer array does not.
  const wide = new Float64Array(3);
  assert.equal(multiply(a, 2, { out: wide }).dtype, 'float64');
  assert.deepEqual(Array.from(wide), [2, 4, 6]);
  assert.throws(() => multiply(a, 2, { out: new Int32Array(3) }), (e) => e instanceof TypeError && /does not cast to int32/.test(e.message));
  assert.throws(() => multiply(a, 2, { out: new Uint16Array(3) }), (e) => e instanceof TypeError && /float16 or bfloat16 wasm tensor/.test(e.message));
  healthy();
});

test('wasm-resident tensors: out, views across memory growth, dispose', () => {
  const t = tensor(new Float32Array([1, 2, 3, 4]), [2, 2]);
  const y = empty([2, 2], 'float32');
  assert.equal(multiply(t, t, { out: y }), y);
  assert.deepEqual(Array.from(y.data), [1, 4, 9, 16]);
  const big = empty([64 * 1024 * 1024], 'uint8'); // grows wasm memory
  assert.deepEqual(Array.from(y.data), [1, 4, 9, 16]); // a fresh view after growth
  big.dispose();
  t.dispose();
  t.dispose(); // harmless
  assert.throws(() => t.data, TypeError);
  assert.throws(() => multiply(t, 1), TypeError);
  assert.throws(() => multiply(y, 1, { out: t }), TypeError);
  const i64 = tensor([1n, -2n], [2], 'int64');
  assert.deepEqual(Array.from(multiply(i64, 3n).data), [3n, -6n]);
  i64[Symbol.dispose]();
  assert.ok(i64.disposed);
  y.dispose();
  healthy();
});

test('every public op is in the tests\' op table (tests/js/dtypes.js), which the golden, property, hostile-input and thread suites expand from', () => {
  assert.deepEqual(tw.ops().map((o) => o.name).sort(), Object.values(TEST_OPS).map((o) => o.fn).sort());
  for (const o of tw.ops()) {
    const t = Object.values(TEST_OPS).find((x) => x.fn === o.name);
    assert.deepEqual([o.onnx, o.openvino, o.divides, o.pythondiv, o.commutes, o.sign === null], [t.onnx, t.openvino, t.divides || t.remainder, t.divides, t.commutes, t.sign === null], o.name);
  }
});

// The type constraint T of Add, Sub, Mul and Div at each version, as the ONNX operator specs
// list it (written here apart from web/api/onnx-operators.js): every dtype at every opset from 1 to
// 21 is taken exactly when the version that opset uses lists it, by all four operators.
const ONNX_T = {
  1: ['float16', 'float32', 'float64'],
  6: ['float16', 'float32', 'float64', 'int32', 'int64', 'uint32', 'uint64'],
  7: ['float16', 'float32', 'float64', 'int32', 'int64', 'uint32', 'uint64'],
  13: ['float16', 'float32', 'float64', 'int32', 'int64', 'uint32', 'uint64', 'bfloat16'],
  14: ['float16', 'float32', 'float64', 'int32', 'int64', 'uint32', 'uint64', 'bfloat16', 'int8', 'int16', 'uint8', 'uint16'],
};
test('onnx: each version takes the types its spec lists, at every opset, for Add, Sub, Mul and Div', () => {
  for (let opset = 1; opset <= 21; ++opset) {
    const version = Math.max(...Object.keys(ONNX_T).map(Number).filter((v) => v <= opset));
    for (const dtype of Object.keys(DTYPES)) {
      const one = { data: [1], shape: [1], dtype };
      for (const name of ['Add', 'Sub', 'Mul', 'Div']) {
        const what = `${name} at opset ${opset} (${name}-${version}), ${dtype}`;
        if (ONNX_T[version].includes(dtype)) assert.equal(onnx[name](one, one, {}, opset).dtype, dtype, what);
        else assert.throws(() => onnx[name](one, one, {}, opset), (e) => e instanceof TypeError && e.message.includes(`does not take ${dtype}`), what);
      }
    }
  }
  const table = Object.fromEntries(tw.dtypes().map((d) => [d.name, d.onnxSince]));
  for (const dtype of Object.keys(DTYPES)) {
    const first = Object.keys(ONNX_T).map(Number).find((v) => ONNX_T[v].includes(dtype)) ?? 0;
    assert.equal(table[dtype], first, `dtypes(): ${dtype}'s onnxSince`);
  }
});

test('onnx: opsets, legacy broadcast, type constraints, integer Div truncates', () => {
  const A = { data: new Float32Array(120).fill(2), shape: [2, 3, 4, 5] };
  for (const [shape, attrs] of [[[], {}], [[1, 1], {}], [[5], {}], [[4, 5], {}], [[3, 4], { axis: 1 }], [[2], { axis: 0 }]]) {
    const n = shape.reduce((x, y) => x * y, 1);
    const r = onnx.Mul(A, { data: new Float32Array(n).fill(3), shape }, { broadcast: 1, ...attrs }, 6);
    assert.deepEqual(r.shape, [2, 3, 4, 5]);
    assert.equal(r.data[119], 6);
  }
  assert.throws(() => onnx.Mul(A, f32([1, 2, 3, 4, 5], [1, 5]), { broadcast: 1 }, 6), RangeError); // no 1-stretching
  assert.throws(() => onnx.Mul(A, f32([1, 2, 3, 4, 5]), {}, 6), RangeError); // broadcast 0: identical shapes
  // An INT attribute of 0 or 1 is the number 0 or 1, one rule for broadcast as for Mod's fmod.
  for (const bad of [true, false, '1', null, 2, -1, 0.5]) {
    assert.throws(() => onnx.Mul(A, A, { broadcast: bad }, 6), (e) => e instanceof RangeError && /attribute broadcast must be 0 or 1/.test(e.message), String(bad));
  }
  assert.deepEqual(Array.from(onnx.Div(i32([-7]), i32([2])).data), [-3]);
  assert.throws(() => onnx.Mul(i32([1]), i32([1]), {}, 1), TypeError);
  assert.throws(() => onnx.Mul({ data: new Int8Array(1) }, { data: new Int8Array(1) }, {}, 13), TypeError);
  assert.equal(onnx.Mul({ data: new Int8Array([3]) }, { data: new Int8Array([5]) }, {}, 14).data[0], 15);
  assert.equal(onnx.Mul(f32([2]), f32([3]), {}, 10).data[0], 6); // opset 10 uses Mul-7
  assert.throws(() => onnx.Mul(f32([2]), f32([3]), { broadcast: 1 }, 7), TypeError);
  assert.throws(() => onnx.Mul(f32([2]), f32([3]), {}, 0), RangeError);
  assert.throws(() => onnx.Mul(f32([2]), f32([3]), {}, 1.5), RangeError);
  assert.equal(onnx.Mul(f32([2]), f32([3]), { consumed_inputs: [0, 0] }, 1).data[0], 6);
  healthy();
});

test('openvino: IR attribute names and string values', () => {
  const a = i32([-7, 7]);
  const b = i32([2, 2]);
  assert.deepEqual(Array.from(openvino.Divide(a, b).data), [-4, 3]);
  assert.deepEqual(Array.from(openvino.Divide(a, b, { m_pythondiv: 'false' }).data), [-3, 3]);
  assert.deepEqual(Array.from(openvino.Divide(a, b, { auto_broadcast: 'none', pythondiv: '1' }).data), [-4, 3]);
  assert.deepEqual(openvino.Multiply(f32(new Array(6).fill(1), [2, 3]), f32([1, 2, 3]), { auto_broadcast: 'numpy' }).shape, [2, 3]);
  assert.deepEqual(openvino.Multiply({ data: new Float32Array(120), shape: [2, 3, 4, 5] }, f32(new Array(12).fill(1), [3, 4]),
    { auto_broadcast: 'pdpd', axis: '1' }).shape, [2, 3, 4, 5]);
  assert.throws(() => openvino.Multiply(a, b, { auto_broadcast: 'explicit' }), RangeError);
  assert.throws(() => openvino.Multiply(a, b, { m_pythondiv: true }), TypeError);
  healthy();
});

test('each bad input gets the named error class and a message', () => {
  const cases = [
    [TypeError, /unknown dtype/, () => multiply({ data: [1], dtype: 'float8' }, 1)],
    [TypeError, /different dtypes: A is float32 and B is int32 \(both must be the same; or give the dtype to compute in, e.g. \{ dtype: 'float32' \}, and both are cast to it\)$/, () => multiply(f32([1]), i32([1]))],
    [TypeError, /A's data is a plain array without dtype, read as float32; or give the dtype/, () => multiply({ data: [1, 2] }, i32([1, 2]))],
    [RangeError, /data has 3 elements \(a plain array without dtype: read as float32\) but shape \[2\] needs 2/, () => multiply({ data: [1, 2, 3], shape: [2] }, 1)],
    [TypeError, /typed array or an array/, () => multiply({ data: 'abc', shape: [3] }, 1)],
    [TypeError, /cannot carry dtype/, () => multiply({ data: new Int32Array(1), dtype: 'float32' }, 1)],
    [TypeError, /unknown option "pythondiv"/, () => multiply(1, 2, { pythondiv: true })],
    [TypeError, /mixes numbers and bigints/, () => multiply({ data: [1, 2n] }, 1)],
    [RangeError, /pythondiv must be/, () => divide(1, 2, { pythondiv: 'yes' })],
    [RangeError, /autoBroadcast must be/, () => multiply(1, 2, { autoBroadcast: 'bidirectional' })],
    [RangeError, /onZeroDivision/, () => divide(1, 2, { onZeroDivision: 'nan' })],
    [RangeError, /invalid dim -1/, () => multiply({ data: [], shape: [-1] }, 1)],
    [RangeError, /invalid dim 1.5/, () => multiply({ data: [], shape: [1.5] }, 1)],
    [RangeError, /invalid dim NaN/, () => multiply({ data: [], shape: [NaN] }, 1)],
    [RangeError, /at most 32/, () => multiply({ data: [1], shape: new Array(33).fill(1) }, 1)],
    [RangeError, /data has 3 elements but shape \[2,2\] needs 4/, () => multiply(f32([1, 2, 3], [2, 2]), 1)],
    [RangeError, /\[3\] and \[2\].*'numpy'.*axis 0/, () => multiply(f32([1, 2, 3]), f32([1, 2]))],
    [RangeError, /\[2,3\] and \[3\] differ.*'none'/, () => multiply(f32([1, 2, 3, 4, 5, 6], [2, 3]), f32([1, 2, 3]), { autoBroadcast: 'none' })],
    [RangeError, /axis -2 is out of range/, () => multiply(f32([1, 2, 3]), f32([1]), { autoBroadcast: 'pdpd', axis: -2 })],
    [RangeError, /does not fit/, () => multiply(f32([1, 2, 3]), f32([1, 2, 3]), { autoBroadcast: 'pdpd', axis: 1 })],
    [RangeError, /not an integer in int8's range/, () => multiply({ data: new Int8Array(1) }, 300)],
    [RangeError, /not an integer/, () => multiply({ data: new Int32Array(1) }, 0.5)],
    [RangeError, /too large for wasm memory/, () => empty([2 ** 30, 4], 'float32')],
    [RangeError, /too large for wasm memory/, () => multiply(
      { data: new Uint8Array(1 << 16), shape: [1 << 16, 1] }, { data: new Uint8Array(1 << 16), shape: [1, 1 << 16] })],
    [RangeError, /more than wasm memory can provide/, () => multiply(
      { data: new Float32Array(1 << 14), shape: [1 << 14, 1] }, { data: new Float32Array(1 << 15), shape: [1, 1 << 15] })],
  ];
  for (const [Class, pattern, call] of cases) {
    assert.throws(call, (e) => e instanceof Class && pattern.test(e.message), `${pattern}`);
    healthy();
  }
});

test('empty results, also as the first call of a fresh process (nothing staged yet), on 1 thread and with threads', () => {
  const index = new URL('../../web/index.js', import.meta.url).href;
  for (const options of ['{ threads: 1 }', '']) {
    const script = `import * as tw from ${JSON.stringify(index)};
      await tw.init(${options});
      const e = { data: new Float32Array(0), shape: [0] };
      const r = [tw.multiply(e, e), tw.add(e, 2), tw.divide({ data: new Int32Array(0), shape: [0, 3] }, { data: new Int32Array(3), shape: [3] })];
      const x = tw.empty([0], 'float32');
      r.push(tw.subtract(x, x, { out: x }));
      console.log(JSON.stringify(r.map((t) => [t.shape, t.dtype, t.data.length])));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim();
    assert.equal(out, JSON.stringify([[[0], 'float32', 0], [[0], 'float32', 0], [[0, 3], 'int32', 0], [[0], 'float32', 0]]), options);
  }
});

test('large host arrays (the chunked path): equal to plain JS arithmetic, ragged last chunk', () => {
  const n = 200003; // past the streaming threshold, not a multiple of the chunk
  const a = Float32Array.from({ length: n }, (_, i) => ((i * 7919) % 1000) / 7 - 50);
  const b = Float32Array.from({ length: n }, (_, i) => ((i * 104729) % 997) / 3 + 0.5);
  const check = (got, f) => {
    assert.equal(got.length, n);
    for (let i = 0; i < n; ++i) if (!Object.is(got[i], f(i))) assert.fail(`element ${i}: ${got[i]} != ${f(i)}`);
  };
  check(multiply({ data: a }, { data: b }).data, (i) => Math.fround(a[i] * b[i]));
  check(divide({ data: a }, 3).data, (i) => Math.fround(a[i] / 3));
  check(divide(3, { data: b }).data, (i) => Math.fround(3 / b[i]));
  const out = new Float32Array(n);
  assert.equal(multiply({ data: a }, { data: a }, { out }).data, out);
  check(out, (i) => Math.fround(a[i] * a[i]));
  const x = Int32Array.from({ length: n }, (_, i) => (i % 2001) - 1000);
  const y = Int32Array.from({ length: n }, (_, i) => (i % 17) - 8);
  check(divide({ data: x }, { data: y }).data, (i) => (y[i] === 0 ? 0 : Math.floor(x[i] / y[i]) + 0));
  check(divide({ data: x }, { data: y }, { pythondiv: false }).data, (i) => (y[i] === 0 ? 0 : Math.trunc(x[i] / y[i]) + 0));
  const big = BigInt64Array.from({ length: n }, (_, i) => BigInt(i) * 3000000007n - 10n ** 14n);
  const r = multiply({ data: big }, -7n).data;
  assert.ok(r instanceof BigInt64Array);
  for (let i = 0; i < n; ++i) if (r[i] !== BigInt.asIntN(64, big[i] * -7n)) assert.fail(`int64 element ${i}`);
  // onZeroDivision 'error' still checks all of B before writing anything.
  const zeroAtEnd = new Int32Array(n).fill(1);
  zeroAtEnd[n - 1] = 0;
  const untouched = new Int32Array(n).fill(5);
  assert.throws(() => divide({ data: x }, { data: zeroAtEnd }, { onZeroDivision: 'error', out: untouched }), RangeError);
  assert.ok(untouched.every((v) => v === 5));
});

test('memoryUsage(): a wasm tensor counts while it lives; size covers inUse and stays under the maximum', () => {
  const before = tw.memoryUsage();
  const t = tw.tensor(new Float32Array(1 << 16), [1 << 16]);
  const during = tw.memoryUsage();
  assert.ok(during.inUse - before.inUse >= 4 << 16, `${during.inUse} - ${before.inUse}`);
  assert.ok(during.size >= during.inUse && during.size <= during.maximum * 2);
  t.dispose();
  assert.equal(tw.memoryUsage().inUse, before.inUse);
  assert.ok(Number.isInteger(before.maximum) && before.maximum >= 2 ** 30);
});

test('short rows repeated along the next dim (an HWC image and a per-channel [3]; either operand the image) equal the op on the row expanded in JS, large ones streamed and shared too', () => {
  for (const [dtype, Class] of [['float32', Float32Array], ['int32', Int32Array], ['uint8', Uint8Array], ['float64', Float64Array]]) {
    for (const [h, w, c] of [[224, 224, 3], [5, 7, 3], [300, 1, 16], [64, 64, 4]]) {
      const image = Class.from({ length: h * w * c }, (_, i) => (i * 37) % 101 + 1);
      const row = Class.from({ length: c }, (_, i) => i + 2);
      const expanded = Class.from({ length: h * w * c }, (_, i) => row[i % c]);
      for (const op of [tw.subtract, tw.divide]) {
        const img = { data: image, shape: [h, w, c] };
        const want = op(img, { data: expanded, shape: [h, w, c] }).data;
        assert.deepEqual(op(img, { data: row, shape: [c] }).data, want, `${dtype} [${h},${w},${c}] ${op.name}`);
        const wantB = op({ data: expanded, shape: [h, w, c] }, img).data;
        assert.deepEqual(op({ data: row, shape: [c] }, img).data, wantB, `${dtype} [${c}] with [${h},${w},${c}] ${op.name}`);
      }
    }
  }
});

test('a large plain-array operand (its values streamed through wasm memory in chunks) gives its answer', () => {
  const n = 300000;
  const values = Array.from({ length: n }, (_, i) => i % 7);
  const r = tw.multiply({ data: values }, { data: new Float32Array(n).fill(0.5) });
  let wrong = 0;
  for (let i = 0; i < n; ++i) if (r.data[i] !== (i % 7) / 2) wrong += 1;
  assert.equal(wrong, 0);
  const q = tw.divide({ data: new Int32Array(n).fill(7) }, { data: values.map((v) => v + 1), dtype: 'int32' });
  assert.equal(q.data[n - 1], Math.floor(7 / ((n - 1) % 7 + 1)));
  assert.equal(q.data[123456], Math.floor(7 / (123456 % 7 + 1)));
});
