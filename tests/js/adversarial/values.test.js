// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Odd values: bigints converted to floats are rounded once from their exact value, broadcastShapes
// answers for shapes of any size, and every message is in the caller's terms.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINE_INTERNAL, hostile, throwsClear, tw } from './harness.js';

before(() => tw.init());

// Reference: round a bigint to `bits` significant bits, nearest even, by exact integer arithmetic
// (written apart from web/dtypes/dtypes.js: the oracle for it).
function roundTo(v, bits) {
  const sign = v < 0n ? -1n : 1n;
  let m = v * sign;
  let length = 0;
  for (let x = m; x > 0n; x >>= 1n) length += 1;
  if (length <= bits) return v;
  const drop = BigInt(length - bits);
  const unit = 1n << drop;
  let q = m / unit;
  const r = m % unit;
  if (2n * r > unit || (2n * r === unit && q % 2n === 1n)) q += 1n;
  m = q * unit;
  return m * sign;
}

const f32Bits = (x) => new Uint32Array(new Float32Array([x]).buffer)[0];

test('a bigint becomes float32, bfloat16, float16 and float64 rounded once from its exact value', () => {
  hostile(() => {
    const cases = [2n ** 60n + 2n ** 36n + 1n, -(2n ** 60n + 2n ** 36n + 1n), 2n ** 24n + 1n, 2n ** 53n + 1n,
      2n ** 64n - 1n, 2n ** 127n * 3n, 2n ** 200n, 16777217n, 65519n, 65520n, 2n ** 30n + 2n ** 22n + 1n, 0n, -1n];
    for (const v of cases) {
      const f32 = tw.multiply({ data: [v], dtype: 'float32' }, 1).data[0];
      const want32 = roundTo(v, 24);
      assert.equal(f32, Math.abs(Number(want32)) >= 2 ** 128 ? Math.sign(Number(want32)) * Infinity : Number(want32), `float32 ${v}`);
      const f64 = tw.multiply({ data: [v], dtype: 'float64' }, 1).data[0];
      assert.equal(f64, Number(roundTo(v, 53)), `float64 ${v}`);
      const bf = tw.multiply({ data: [v], dtype: 'bfloat16' }, 1).data[0];
      const wantBf = Number(roundTo(v, 8));
      assert.equal(tw.bfloat16ToNumber(bf), Math.abs(wantBf) >= 2 ** 128 ? Math.sign(wantBf) * Infinity : wantBf, `bfloat16 ${v}`);
      const h = tw.multiply({ data: [v], dtype: 'float16' }, 1).data[0];
      const wantH = Number(roundTo(v, 11));
      assert.equal(tw.float16ToNumber(h), Math.abs(wantH) >= 65536 ? Math.sign(wantH) * Infinity : wantH, `float16 ${v}`);
    }
    // The case: through a double it would round twice, to 2^60.
    assert.equal(f32Bits(tw.multiply({ data: [2n ** 60n + 2n ** 36n + 1n], dtype: 'float32' }, 1).data[0]),
      f32Bits(2 ** 60 + 2 ** 37));
    // A bigint scalar operand of a float tensor too.
    assert.equal(tw.multiply({ data: new Float32Array([1]) }, 2n ** 60n + 2n ** 36n + 1n).data[0], 2 ** 60 + 2 ** 37);
  });
});

test('broadcastShapes allocates nothing: the size of wasm memory never limits it', () => {
  hostile(() => {
    const big = [65536, 65536];
    assert.deepEqual(tw.broadcastShapes(big, [1]), big);
    assert.deepEqual(tw.broadcastShapes(big, big), big);
    assert.deepEqual(tw.broadcastShapes([2 ** 32 - 1, 1], [1, 2 ** 32 - 1]), [2 ** 32 - 1, 2 ** 32 - 1]);
    assert.deepEqual(tw.broadcastShapes(new Array(32).fill(2 ** 32 - 1), [1]), new Array(32).fill(2 ** 32 - 1));
    throwsClear(() => tw.multiply({ data: new Uint8Array(65536), shape: [65536, 1] }, { data: new Uint8Array(65536), shape: [1, 65536] }),
      RangeError, /too large for wasm memory/);
    // ONNX legacy: B of total size 1 means all ones, not dims whose product wraps to 1.
    throwsClear(() => tw.onnx.Mul({ data: new Float32Array(30), shape: [2, 3, 5] },
      { data: new Float32Array(0), shape: [3, 2863311531, 0] }, { broadcast: 1 }, 6), RangeError, /does not fit|broadcast/);
  });
});

test('messages are in the caller\'s terms, never the engine\'s', () => {
  hostile(() => {
    const a = { data: new Float32Array([1, 2]) };
    const cases = [
      () => tw.multiply(new Number(1), a), // eslint-disable-line no-new-wrappers
      () => tw.multiply(a, { data: new Number(1) }), // eslint-disable-line no-new-wrappers
      () => tw.multiply({ data: new Float32Array(2), shape: [new Number(2)] }, 1), // eslint-disable-line no-new-wrappers
      () => tw.multiply(a, 1, { axis: new Number(1), autoBroadcast: 'pdpd' }), // eslint-disable-line no-new-wrappers
      () => tw.multiply(a, 1, { out: {} }),
      () => tw.multiply(a, 1, { out: new DataView(new ArrayBuffer(8)) }),
      () => tw.multiply({ data: new ArrayBuffer(8) }, 1),
      () => tw.multiply({ data: Symbol('x') }, 1),
      () => tw.multiply(a, 1, Symbol('x')),
      () => tw.onnx.Mul(a, a, {}, new Number(7)), // eslint-disable-line no-new-wrappers
      () => tw.onnx.Mul(a, a, { consumed_inputs: [] }, 7),
      () => tw.openvino.Multiply(a, a, { auto_broadcast: {} }),
      () => tw.WasmTensor.prototype.dispose.call(a),
      () => Object.getOwnPropertyDescriptor(tw.WasmTensor.prototype, 'shape').get.call(null),
      () => tw.tensor(undefined),
      () => tw.empty('3', 'float32'),
      () => tw.broadcastShapes([1], [2], { autoBroadcast: 'numpy', axis: 1 }),
      () => tw.divide(a, 1, { onZeroDivision: new String('error') }), // eslint-disable-line no-new-wrappers
    ];
    for (const call of cases) {
      assert.throws(call, (e) => {
        assert.ok(e instanceof TypeError || e instanceof RangeError, `${call}: ${e}`);
        assert.ok(e.message.length > 15, `${call}: ${e.message}`);
        assert.doesNotMatch(e.message, ENGINE_INTERNAL, `${call}`);
        return true;
      }, `${call}`);
    }
  });
});

test('a BroadcastError says what failed in fields, for every mode', () => {
  hostile(() => {
    const cases = [
      [() => tw.broadcastShapes([8, 4, 6, 1], [7, 1, 5]), 'numpy', 1],
      [() => tw.multiply({ data: new Float32Array(6), shape: [2, 3] }, { data: new Float32Array(3) }, { autoBroadcast: 'none' }), 'none', -1],
      [() => tw.broadcastShapes([2, 3], [2, 4], { autoBroadcast: 'none' }), 'none', 1],
      [() => tw.broadcastShapes([2, 3, 4, 5], [3, 5], { autoBroadcast: 'pdpd', axis: 1 }), 'pdpd', 2],
      [() => tw.broadcastShapes([2, 3], [3, 4], { autoBroadcast: 'pdpd', axis: 1 }), 'pdpd', -1],
      [() => tw.onnx.Mul({ data: new Float32Array(6), shape: [2, 3] }, { data: new Float32Array(2), shape: [1, 2] }, { broadcast: 1 }, 6),
        'legacy', 0],
    ];
    for (const [call, mode, axis] of cases) {
      assert.throws(call, (e) => {
        assert.ok(e instanceof tw.BroadcastError && e instanceof RangeError, String(e));
        assert.equal(e.name, 'BroadcastError');
        assert.equal(e.mode, mode, e.message);
        assert.equal(e.axis, axis, e.message);
        assert.ok(Array.isArray(e.shapeA) && Array.isArray(e.shapeB));
        return true;
      });
    }
  });
});
