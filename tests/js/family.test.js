// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// The arithmetic family beyond the four (maximum, minimum, mod, fmod, squaredDifference) at the
// entry points the suites that expand from the op table do not reach alike: ONNX Max and Min
// (variadic, versions 6, 8, 12, 13; 6 takes one shape) and Mod (10, 13; fmod 0 or 1), each
// version's type list written here apart from web/api/onnx-operators.js; OpenVINO IR strings;
// each op inside an expression, bit for bit the single op; integer x % 0 and onZeroDivision.
// Element values against numpy: tests/golden (every op and dtype).
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import * as tw from '../../web/index.js';
import { DTYPES, OPS, bitsOf, exprOf, takes } from './dtypes.js';

before(async () => {
  await tw.init();
});

const { onnx, openvino } = tw;
const f32 = (v, shape = [v.length]) => ({ data: new Float32Array(v), shape });
const i32 = (v, shape = [v.length]) => ({ data: new Int32Array(v), shape });

// A call after an error must still be right: the module stays usable.
function healthy() {
  assert.deepEqual(Array.from(tw.maximum(f32([1, -2, 3]), f32([4, -5, -6])).data), [4, -2, 3]);
}

// The type constraint T of each version, as the ONNX operator specs list it.
const FLOATS = ['float16', 'float32', 'float64'];
const INTEGERS = ['int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64'];
const VERSIONS = {
  Max: { 6: FLOATS, 8: FLOATS, 12: [...FLOATS, ...INTEGERS], 13: [...FLOATS, ...INTEGERS, 'bfloat16'] },
  Min: { 6: FLOATS, 8: FLOATS, 12: [...FLOATS, ...INTEGERS], 13: [...FLOATS, ...INTEGERS, 'bfloat16'] },
  Mod: { 10: [...FLOATS, ...INTEGERS], 13: [...FLOATS, ...INTEGERS, 'bfloat16'] },
};

test('onnx Max, Min and Mod: each version takes the types its spec lists, at every opset from 1 to 21', () => {
  for (const [name, versions] of Object.entries(VERSIONS)) {
    const first = Math.min(...Object.keys(versions).map(Number));
    for (let opset = 1; opset <= 21; ++opset) {
      for (const dtype of Object.keys(DTYPES)) {
        const one = { data: [1], shape: [1], dtype };
        // Mod's default fmod 0 takes integers only: floats are given fmod 1.
        const attributes = name === 'Mod' && DTYPES[dtype].kind !== 'int' ? { fmod: 1 } : {};
        const call = () => (name === 'Mod' ? onnx.Mod(one, one, attributes, opset) : onnx[name]([one, one], attributes, opset));
        const what = `${name} at opset ${opset}, ${dtype}`;
        if (opset < first) {
          assert.throws(call, (e) => e instanceof RangeError && e.message.includes(`opset ${opset} has no ${name}`), what);
          continue;
        }
        const version = Math.max(...Object.keys(versions).map(Number).filter((v) => v <= opset));
        if (versions[version].includes(dtype)) assert.equal(call().dtype, dtype, what);
        else assert.throws(call, (e) => e instanceof TypeError && e.message.includes(`does not take ${dtype}`), what);
      }
    }
  }
  healthy();
});

test('onnx Max and Min: any number of inputs broadcast together; version 6 takes one shape', () => {
  const a = f32([1, -5, 2, 8, NaN, -0], [2, 3]);
  const b = f32([3, 0, -0]);
  const c = f32([4, -4], [2, 1]);
  const max = onnx.Max([a, b, c]);
  assert.deepEqual(max.shape, [2, 3]);
  const want = (x, y, z) => Math.max(Math.max(x, y), z);
  assert.deepEqual(Array.from(max.data), [want(1, 3, 4), want(-5, 0, 4), want(2, -0, 4), want(8, 3, -4), NaN, want(-0, -0, -4)]);
  assert.ok(Object.is(onnx.Min([f32([0]), f32([-0])]).data[0], -0));
  assert.ok(Object.is(onnx.Max([f32([-0]), f32([0])]).data[0], 0));
  // One input: a copy of it. Scalars take the tensors' dtype.
  assert.deepEqual(Array.from(onnx.Max([i32([3, -1])], {}, 13).data), [3, -1]);
  assert.deepEqual(Array.from(onnx.Min([i32([3, -1]), 0, 2], {}, 13).data), [0, -1]);
  // Version 6: one shape for all; version 8: numpy broadcasting.
  assert.throws(() => onnx.Max([a, b], {}, 6), (e) => e instanceof RangeError && e.name === 'BroadcastError' && /Max-6/.test(e.message));
  assert.deepEqual(onnx.Max([a, a], {}, 6).shape, [2, 3]);
  assert.deepEqual(onnx.Max([a, b], {}, 8).shape, [2, 3]);
  assert.throws(() => onnx.Max([a, f32([1, 2])], {}, 13), (e) => e.name === 'BroadcastError' && /input 0 \[2,3\], input 1 \[2\]/.test(e.message));
  // Inputs: an array of 1 to 16 operands of one dtype; Max and Min take no attribute.
  assert.throws(() => onnx.Max([]), RangeError);
  assert.throws(() => onnx.Max(new Array(17).fill(a)), RangeError);
  assert.throws(() => onnx.Max(a), TypeError);
  assert.throws(() => onnx.Max([a, i32([1, 2, 3])]), (e) => e instanceof TypeError && /different dtypes/.test(e.message));
  assert.throws(() => onnx.Max([a, b], { broadcast: 1 }), (e) => e instanceof TypeError && /broadcast/.test(e.message));
  assert.throws(() => onnx.Max([a, [1, 'x']]), TypeError);
  // Holes are undefined, never looked up on Array.prototype.
  assert.throws(() => onnx.Max([a, , b]), (e) => e instanceof TypeError && /input 1/.test(e.message)); // eslint-disable-line no-sparse-arrays
  healthy();
});

test('onnx Mod: fmod 0 is mod (integers only), fmod 1 is fmod; other fmod values are refused', () => {
  const a = i32([-7, 7, -7, 7, 5, -2147483648]);
  const b = i32([3, -3, -3, 3, 0, -1]);
  assert.deepEqual(Array.from(onnx.Mod(a, b).data), [2, -2, -1, 1, 0, 0]);
  assert.deepEqual(Array.from(onnx.Mod(a, b, { fmod: 1 }).data), [-1, 1, -1, 1, 0, 0]);
  assert.deepEqual(Array.from(onnx.Mod(a, b, { fmod: 0 }, 10).data), Array.from(tw.mod(a, b).data));
  assert.deepEqual(Array.from(onnx.Mod(f32([-7.5, 7.5]), 2, { fmod: 1 }).data), [-1.5, 1.5]);
  assert.throws(() => onnx.Mod(f32([1]), 2), (e) => e instanceof TypeError && /fmod 0.*integers only/.test(e.message));
  for (const bad of [2, -1, '1', null, 0.5, true, false]) assert.throws(() => onnx.Mod(a, b, { fmod: bad }), RangeError, String(bad));
  assert.throws(() => onnx.Mod(a, b, { broadcast: 1 }), TypeError);
  healthy();
});

test('openvino: Maximum, Minimum, FloorMod, Mod, SquaredDifference with the IR\'s strings', () => {
  const a = i32([-7, 7, 2, 9], [2, 2]);
  const b = i32([3, -3]);
  const run = (type, attributes) => Array.from(openvino[type](a, b, attributes).data);
  for (const [type, fn] of [['Maximum', 'maximum'], ['Minimum', 'minimum'], ['FloorMod', 'mod'], ['Mod', 'fmod'], ['SquaredDifference', 'squaredDifference']]) {
    const want = Array.from(tw[fn](a, b).data);
    assert.deepEqual(run(type, { auto_broadcast: 'NUMPY' }), want, type);
    assert.deepEqual(run(type, { auto_broadcast: ' numpy ' }), want, type);
    assert.deepEqual(Array.from(openvino[type](a, i32([3, -3], [2, 1]), { auto_broadcast: 'pdpd', axis: '0' }).data),
      Array.from(tw[fn](a, i32([3, -3], [2, 1])).data), `${type} pdpd`);
    assert.throws(() => openvino[type](a, b, { auto_broadcast: 'none' }), RangeError, `${type} none`);
    // Only Divide takes m_pythondiv.
    assert.throws(() => openvino[type](a, b, { m_pythondiv: 'true' }), TypeError, type);
    assert.deepEqual(openvino.readAttributes(type, { auto_broadcast: 'pdpd', axis: '1' }),
      { op: fn, autoBroadcast: 'pdpd', axis: 1, pythondiv: true }, type);
  }
  healthy();
});

test('maximum, minimum, mod, fmod and squaredDifference inside an expression equal the single ops, bit for bit', () => {
  const floats = [0, -0, 1, -1, 2.5, -7.25, 1e-40, -3e38, Infinity, -Infinity, NaN, 5, -5, 0.1];
  for (const dtype of ['float32', 'float64', 'float16', 'bfloat16', 'int8', 'int32', 'uint16', 'int64', 'uint64']) {
    const info = DTYPES[dtype];
    const n = floats.length;
    const value = (i, j) => {
      if (info.kind === 'int') {
        const v = ((i * 7 + j * 3) % 23) - (info.signed ? 11 : 0);
        return info.bits === 64 ? BigInt(v) : v;
      }
      return floats[(i + j * 5) % n];
    };
    const operand = (j) => {
      const data = Array.from({ length: n * n }, (_, k) => value(k % n, Math.floor(k / n) + j));
      if (info.kind === 'half') return { data: data.map((v) => tw.dtypes().find((d) => d.name === dtype).fromNumber(v)), shape: [n, n], dtype };
      return { data, shape: [n, n], dtype };
    };
    const a = operand(0), b = operand(1);
    for (const o of Object.values(OPS).filter((x) => x.sign === null && takes(x, dtype))) {
      const single = bitsOf(dtype, (o.arity === 1 ? tw[o.fn](a) : tw[o.fn](a, b)).data);
      const viaExpr = bitsOf(dtype, tw.expr(exprOf(o))({ a, ...(o.arity === 1 ? {} : { b }) }).data);
      assert.deepEqual(Array.from(viaExpr), Array.from(single), `${o.fn} ${dtype}`);
      // As a node among others: maximum(a, b) - (a - a) is maximum(a, b) where a is finite.
      const chained = bitsOf(dtype, tw.expr(`${exprOf(o)} + 0`)({ a, ...(o.arity === 1 ? {} : { b }) }).data);
      const added = bitsOf(dtype, tw.add(o.arity === 1 ? tw[o.fn](a) : tw[o.fn](a, b), 0).data);
      assert.deepEqual(Array.from(chained), Array.from(added), `${o.fn}(a, b) + 0 ${dtype}`);
    }
  }
  // Clamp and ReLU as users write them; mod's alias remainder is a function too.
  assert.deepEqual(Array.from(tw.expr('minimum(maximum(x, 0), 6)')({ x: f32([-1, 3, 9]) }).data), [0, 3, 6]);
  assert.deepEqual(Array.from(tw.expr('remainder(x, 3)')({ x: i32([-7, 7]) }).data), [2, 1]);
  healthy();
});

test('mod and fmod: integer x % 0 is 0, or a RangeError with onZeroDivision: \'error\' that writes nothing; floats give NaN', () => {
  for (const fn of ['mod', 'fmod']) {
    assert.deepEqual(Array.from(tw[fn](i32([5, -5, 7]), i32([0, 0, 2])).data), [0, 0, 1]);
    const out = new Int32Array([9, 9, 9]);
    assert.throws(() => tw[fn](i32([5, -5, 7]), i32([0, 1, 2]), { onZeroDivision: 'error', out }),
      (e) => e instanceof RangeError && /division by zero/.test(e.message), fn);
    assert.deepEqual(Array.from(out), [9, 9, 9], `${fn} wrote nothing`);
    assert.throws(() => tw[fn](i32([1]), i32([1]), { pythondiv: false }), (e) => e instanceof TypeError && /pythondiv/.test(e.message));
    assert.ok(Number.isNaN(tw[fn](f32([5]), 0).data[0]));
    // Inside an expression, a computed zero divisor is checked as divide's is.
    assert.throws(() => tw.expr(`${fn}(a, b - b)`, { onZeroDivision: 'error' })({ a: i32([1]), b: i32([3]) }), RangeError);
  }
  healthy();
});

test('ops() lists the family with its names, and which options each takes', () => {
  const byName = Object.fromEntries(tw.ops().map((o) => [o.name, o]));
  assert.deepEqual(
    ['maximum', 'minimum', 'mod', 'fmod', 'squaredDifference'].map((n) => [n, byName[n].alias, byName[n].onnx, byName[n].openvino, byName[n].sign, byName[n].divides, byName[n].pythondiv]),
    [
      ['maximum', 'maximum', 'Max', 'Maximum', null, false, false],
      ['minimum', 'minimum', 'Min', 'Minimum', null, false, false],
      ['mod', 'remainder', 'Mod', 'FloorMod', null, true, false],
      ['fmod', 'fmod', 'Mod', 'Mod', null, true, false],
      ['squaredDifference', 'squaredDifference', null, 'SquaredDifference', null, false, false],
    ],
  );
  assert.equal(tw.remainder, tw.mod);
});
