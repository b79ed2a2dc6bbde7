// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Polluted prototypes, through every door: while a call runs, Array.prototype has an accessor at
// every index the library's own arrays could reach and Object.prototype one for every key the
// library's source names. The library's own arrays and records must never consult them: a getter
// that runs (a hole read, a read past an array's end, a key a record lacks) is a failure, and so
// is a setter that runs while a call stages in wasm memory (caller code in that window); results
// must be those of the unpolluted call, bit for bit, errors the same class and message.
// (Outside staging a write to a fresh index of an array reaches the setter, as it does in any
// JavaScript; the test's setter then stores the value as the language would.)
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostile, tw } from './harness.js';
import { testing } from '../../../web/lifecycle.js';
import { DTYPES as DTYPE_TABLE, OPS as TEST_OPS, entryPoints, exprOf } from '../dtypes.js';

const require = createRequire(import.meta.url);
const ndarray = require('ndarray');
const StdlibNdarray = require('@stdlib/ndarray-base-ctor');
const ort = require('onnxruntime-web');

let tf = null;
before(async () => {
  await tw.init();
  tf = await import('@tensorflow/tfjs-core');
  await import('@tensorflow/tfjs-backend-cpu');
  await tf.setBackend('cpu');
});

// Every key the library's source names (`.key`, `key:`, `'key'`), but those Object.prototype
// has itself (what every object inherits by design).
function libraryKeys() {
  const keys = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.js')) {
        const text = readFileSync(path, 'utf8');
        for (const m of text.matchAll(/\.([A-Za-z_$][\w$]*)|([A-Za-z_$][\w$]*)\s*:|'([A-Za-z_$][\w$]*)'/g)) keys.add(m[1] ?? m[2] ?? m[3]);
      }
    }
  };
  walk(new URL('../../../web', import.meta.url).pathname);
  for (const key of Reflect.ownKeys(Object.prototype)) keys.delete(key);
  return [...keys];
}
const KEYS = libraryKeys();
const INDICES = 256; // past every array the library keeps: values of a program (nodeBase + nodes), ranks, codes

const POISON = Object.freeze({ poison: true });
const hits = new Set();
const where = new Map();
const note = (what) => {
  hits.add(what);
  if (process.env.TW_WHERE && !where.has(what)) where.set(what, new Error().stack.split('\n').slice(2, 7).join('\n'));
};
process.on('exit', () => { for (const [k, v] of where) console.error(k, '\n', v); });
const { defineProperty } = Object;

function install() {
  for (let i = 0; i < INDICES; ++i) {
    defineProperty(Array.prototype, i, {
      __proto__: null,
      configurable: true,
      get() { note(`read Array.prototype[${i}]`); return POISON; },
      set(v) {
        if (testing.staging()) note(`write through Array.prototype[${i}] while staging`);
        defineProperty(this, i, { __proto__: null, value: v, writable: true, enumerable: true, configurable: true });
      },
    });
  }
  for (const key of KEYS) {
    defineProperty(Object.prototype, key, {
      __proto__: null,
      configurable: true,
      get() { note(`read Object.prototype.${key}`); return POISON; },
      set(v) { defineProperty(this, key, { __proto__: null, value: v, writable: true, enumerable: true, configurable: true }); },
    });
  }
}

function uninstall() {
  for (let i = 0; i < INDICES; ++i) delete Array.prototype[i];
  for (const key of KEYS) delete Object.prototype[key];
}

// What a call gave, comparable across runs: a result's shape, dtype and bytes, a wasm tensor's
// too, or the error's class and message.
function outcome(f) {
  try {
    return describeValue(f());
  } catch (e) {
    return { error: e?.constructor?.name, message: e?.message };
  }
}
function describeValue(v) {
  if (v === null || typeof v !== 'object') return { value: typeof v === 'number' && Object.is(v, -0) ? '-0' : String(v) };
  if (ArrayBuffer.isView(v)) return { kind: Object.prototype.toString.call(v), bytes: new Uint8Array(v.buffer, v.byteOffset, v.byteLength).slice() };
  if (Array.isArray(v)) return { array: v.map(describeValue) };
  const out = {};
  for (const key of Object.keys(v)) out[key] = describeValue(v[key]);
  if (v instanceof tw.WasmTensor) out.tensor = describeValue({ data: v.data, shape: v.shape, dtype: v.dtype });
  return out;
}

function polluted(f) {
  hits.clear();
  install();
  let r;
  try {
    r = outcome(f);
  } finally {
    uninstall();
  }
  return { r, hits: [...hits] };
}

/**
 * Each door is a function that makes its own arguments (afresh each run) and calls the library;
 * one whose arguments other libraries make (their constructors read what they like) makes them
 * first and returns the call, { prepared: true }. Polluted first (what the library makes on its
 * first use of a plan, a dtype or a literal is made under the pollution), then clean, then
 * polluted again (what it has kept).
 */
function checkDoor(name, door) {
  hostile(() => {
    const run = (pollute) => {
      const call = door.prepared ? door() : door;
      return pollute ? polluted(call) : { r: outcome(call), hits: [] };
    };
    const cold = run(true);
    const want = run(false).r;
    const warm = run(true);
    for (const got of [cold, warm]) {
      assert.deepEqual(got.hits, [], `${name}: the library consulted a polluted prototype`);
      assert.deepEqual(got.r, want, `${name}: the result differs under polluted prototypes`);
    }
  });
}
const prepared = (make) => Object.assign(make, { prepared: true });

const f32 = (values) => new Float32Array(values);
const bigArray = (n, k) => Float32Array.from({ length: n }, (_, i) => (i % 17) * k);
const BIG = [bigArray(300000, 1), bigArray(300000, 2)]; // made once: the ops only read them

const DOORS = {};
// Every entry point of every op on the same operand forms, one door for all of them.
const FORMS = {
  '[4] with [1]': (e) => e.call({ data: f32([1, 2, 3, 4]) }, { data: f32([2]) }),
  '[2,1] with [3], plain arrays': (e) => e.call({ data: [1, 2], shape: [2, 1] }, { data: [3, 4, 5] }),
  'scalars': (e) => e.call(3, { data: new Int32Array([7, -7, 0]) }),
  '[300000] streamed': (e) => e.call({ data: BIG[0] }, { data: BIG[1], shape: [300000] }),
  'shapes that do not broadcast': (e) => e.call({ data: f32([1, 2]) }, { data: f32([1, 2, 3]) }),
};
const ENTRIES = Object.entries(entryPoints(tw)); // (the tests' table, read before any pollution)
for (const [form, make] of Object.entries(FORMS)) {
  DOORS[`every entry point: ${form}`] = () => ENTRIES.map(([name, e]) => [name, outcome(() => make(e))]);
}
DOORS['every op: out, dtype, pdpd; a wasm tensor in and out'] = () => Object.values(TEST_OPS).map((o) => {
  const op = tw[o.fn];
  const out = new Float64Array(6);
  op({ data: new Int16Array([1, 2, 3, 4, 5, 6]), shape: [2, 3] }, { data: new Int8Array([3, 1]), shape: [2] },
    { out, dtype: 'float64', autoBroadcast: 'pdpd', axis: 0 });
  const t = tw.tensor(f32([1, 2, 3, 4, 5, 6]), [3, 2]);
  const y = tw.empty([3, 2], 'float32');
  try {
    op(t, { data: f32([1, 2]) }, { out: y });
    return [out, y.data.slice()];
  } finally {
    t.dispose();
    y.dispose();
  }
});
DOORS['every op on every dtype, small and from an expression'] = () => Object.entries(DTYPE_TABLE).map(([dtype, d]) => {
  const values = (k) => Array.from({ length: 5 }, (_, i) => (d.kind === 'int' && d.bits === 64 ? BigInt(i * k + 1) : i * k + 1));
  return Object.values(TEST_OPS).flatMap((o) => (o.arity === 1 ? [
    outcome(() => tw[o.fn]({ data: values(1), dtype })),
    outcome(() => tw.expr(`${exprOf(o)} - 2 * a`)({ a: { data: values(2), dtype } })),
  ] : [
    outcome(() => tw[o.fn]({ data: values(1), dtype }, { data: values(3).slice(0, 1), dtype })),
    outcome(() => tw.expr(`${exprOf(o)} - 2 * a`)({ a: { data: values(2), dtype }, b: { data: values(1), dtype } })),
  ]));
});
Object.assign(DOORS, {
  'divide: truncating int32, onZeroDivision error': () => [
    tw.divide({ data: new Int32Array([-7, 7]) }, 2, { pythondiv: false }),
    outcome(() => tw.divide({ data: new Int32Array([-7, 7]) }, { data: new Int32Array([2, 0]) }, { onZeroDivision: 'error' })),
  ],
  'float32ToFloat16: a wasm tensor gives a new wasm tensor of its shape': () => {
    const t = tw.tensor(f32([1, 2, 3, 4, 5, 6]), [2, 3]);
    const h = tw.float32ToFloat16(t);
    const result = [h.shape, h.dtype, h.data.slice()];
    h.dispose();
    t.dispose();
    return result;
  },
  'reductions and softmax: axes, keepdims, dtype, out, a wasm tensor': () => {
    const x = { data: f32([1, -2, 3, 4, 0.5, -6]), shape: [2, 3] };
    const out = new Float64Array(2);
    const t = tw.tensor(f32([1, 2, 3, 4]), [2, 2]);
    const r = [
      tw.sum(x, { axis: [0, -1] }), tw.mean(x, { axis: 1, keepdims: true }), tw.max(x, { axis: 0 }), tw.min(x),
      tw.prod(x, { axis: -1, out }), out, tw.sum({ data: new Int8Array([100, 100]) }, { dtype: 'int16' }),
      tw.softmax(x), tw.logSoftmax(x, { axis: 0 }), tw.sum(t, { axis: 1 }),
      outcome(() => tw.sum(x, { axis: [0, 0] })), outcome(() => tw.max({ data: f32([]), shape: [0] })),
    ];
    t.dispose();
    return r;
  },
  'divide: int64 and uint64': () => [tw.divide({ data: new BigInt64Array([-7n, 9n]) }, 2n), tw.mod({ data: new BigUint64Array([7n]) }, 3n)],
  'add: float16 and bfloat16': () => [
    tw.add({ data: new Uint16Array([0x3c00, 0x4000]), dtype: 'float16' }, { data: [0.5], dtype: 'float16' }),
    tw.multiply({ data: new Uint16Array([0x3f80]), dtype: 'bfloat16' }, 3),
  ],
  'expr: literals, negation, casts, out': () => {
    const f = tw.expr('-(x / 255 - m) * 2.5 + maximum(y, 0)', { dtype: 'float32' });
    const out = new Float32Array(6);
    f({ x: { data: new Uint8Array([0, 51, 255, 3, 4, 5]), shape: [2, 3] }, m: { data: [0.5, 0.25, 0], shape: [3] }, y: -1 }, { out });
    return [out, f.inputs, f.source, f.dtype];
  },
  'expr: a view of RGBA bytes': () => tw.expr('(x / 255 - mean) / std', { dtype: 'float32' })({
    x: { data: new Uint8ClampedArray(16).map((_, i) => i * 9), shape: [1, 3, 2, 2], strides: [0, 1, 8, 4] },
    mean: { data: [0.5, 0.5, 0.5], shape: [3, 1, 1] }, std: { data: [0.25, 0.25, 0.25], shape: [3, 1, 1] },
  }),
  'expr: errors': () => [
    outcome(() => tw.expr('x + * y')), outcome(() => tw.expr('x + y')({ x: 1 })), outcome(() => tw.expr('x + y')({ x: 1, y: 2, z: 3 })),
    outcome(() => tw.expr('a * b + c')({ a: { data: f32([1, 2]) }, b: { data: f32([1, 2, 3]) }, c: 1 })),
    outcome(() => tw.expr('a / b', { dtype: 'int8' })({ a: { data: f32([1]) }, b: 1 })),
  ],
  'views: strided, scijs, stdlib': prepared(() => {
    const scijs = ndarray(f32([1, 2, 3, 4, 5, 6]), [3, 2], [1, 3]);
    const stdlib = new StdlibNdarray('float32', f32([1, 2, 3, 4, 5, 6]), [2, 3], [3, 1], 0, 'row-major');
    return () => [tw.add({ data: f32([1, 2, 3, 4, 5, 6]), shape: [2, 3], strides: [1, 2], offset: 0 }, 1), tw.multiply(scijs, 2), tw.subtract(stdlib, 1)];
  }),
  'foreign tensors: ort and TensorFlow.js': prepared(() => {
    const t = tf.tensor([1, 2, 3, 4], [2, 2]);
    const o = new ort.Tensor('float32', f32([1, 2, 3, 4]), [2, 2]);
    return () => [tw.multiply(o, 3), tw.add(t, 1)];
  }),
  'onnx: legacy broadcast, variadic Max, Mod': () => [
    tw.onnx.Mul({ data: f32(Array.from({ length: 24 }, (_, i) => i)), shape: [2, 3, 4] }, { data: f32([1, 2, 3]), shape: [3] }, { broadcast: 1, axis: 1 }, 6),
    tw.onnx.Max([{ data: f32([1, 5]) }, { data: f32([3]) }, { data: f32([0, 9]) }]),
    tw.onnx.Mod({ data: new Int32Array([-7, 7]) }, { data: new Int32Array([3]) }, { fmod: 0 }),
    tw.onnx.Div({ data: new Int32Array([-7]) }, { data: new Int32Array([2]) }),
    outcome(() => tw.onnx.Mul({ data: new Int8Array([1]) }, { data: new Int8Array([1]) }, {}, 13)),
  ],
  'openvino: pdpd, pythondiv, readAttributes': () => [
    tw.openvino.Multiply({ data: f32([1, 2, 3, 4, 5, 6]), shape: [2, 3] }, { data: f32([1, 2]), shape: [2] }, { auto_broadcast: 'pdpd', axis: '0' }),
    tw.openvino.Divide({ data: new Int32Array([-7]) }, { data: new Int32Array([2]) }, { m_pythondiv: 'false' }),
    tw.openvino.readAttributes('Divide', { auto_broadcast: 'numpy', m_pythondiv: '1' }),
  ],
  'conversions': () => {
    const out = new Uint16Array(3);
    tw.float32ToFloat16(f32([1, 65520, -0]), { out });
    return [out, tw.float16ToFloat32(new Uint16Array([0x3c00, 0x7e00])), tw.float32ToBfloat16(f32([1.5])), tw.bfloat16ToFloat32(new Uint16Array([0x3fc0])),
      tw.numberToFloat16(0.1), tw.float16ToNumber(0x3555), tw.numberToBfloat16(-2.5), tw.bfloat16ToNumber(0x4020)];
  },
  'broadcastShapes: plain, explain, dynamic, refused': () => [
    tw.broadcastShapes([8, 1, 6, 1], [7, 1, 5]),
    tw.broadcastShapes([2, 1], [3], { explain: true }),
    tw.broadcastShapes([2, 3, 4, 5], [3, 4], { autoBroadcast: 'pdpd', axis: 1, explain: true }),
    tw.broadcastShapes([-1, 3], [2, 1], { dynamic: true, explain: true }),
    tw.broadcastShapes([2, 2], [3], { explain: true }),
    outcome(() => tw.broadcastShapes([2, 2], [3])),
  ],
  'tensors: tensor, empty, data, dispose': () => {
    const t = tw.tensor([1n, -2n], [2], 'int64');
    const e = tw.empty([2, 0, 3], 'uint8');
    const r = [t.data.slice(), t.shape, t.dtype, e.shape, e.data.length];
    t.dispose();
    e.dispose();
    return [r, outcome(() => t.data)];
  },
  'the tables: dtypes, ops, memoryUsage, threads': () => [tw.dtypes(), tw.ops(), typeof tw.memoryUsage().size, tw.threads(), tw.threadLimit().threads],
  'errors: messages built under pollution': () => [
    outcome(() => tw.multiply({ data: f32([1]) }, { data: new Int8Array([1]) })),
    outcome(() => tw.multiply({ data: f32([1]), shape: [2] }, 1)),
    outcome(() => tw.multiply(1, 2, { outt: 1 })),
    outcome(() => tw.add({ data: f32([1, 2]) }, 1, { out: new Float32Array(3) })),
    outcome(() => tw.empty([1.5], 'float32')),
  ],
});

for (const [name, door] of Object.entries(DOORS)) {
  test(`polluted prototypes: ${name}`, () => checkDoor(name, door));
}

test('the pollution is seen: a read of a hole or a missing key reaches it', () => {
  const got = polluted(() => [[1, , 3][1], {}.shape]); // eslint-disable-line no-sparse-arrays
  assert.deepEqual(got.hits.sort(), ['read Array.prototype[1]', 'read Object.prototype.shape']);
  assert.ok(KEYS.includes('out') && KEYS.includes('strides') && KEYS.length > 300, `${KEYS.length} keys`);
});
