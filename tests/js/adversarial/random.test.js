// Run again in every thread pass of npm test (scripts/test.sh finds the files that have this line).
// Seeded random hostile arguments for every entry point (TW_SEED=n reproduces a run): odd
// primitives, boxed values, sparse and lying arrays, Proxies (revoked too), typed arrays of every
// kind with lying subclasses, detached, resizable, shared, views of wasm memory live and stale,
// tensors live and disposed, and getters that call the library, dispose tensors, grow memory,
// detach or resize buffers, or throw. Whatever comes in, a call returns a well-formed result or
// throws a TypeError, a RangeError (BroadcastError included) or the caller's own error, in the
// caller's terms; sentinel tensors hold their values; wasm memory in use does not grow.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { ENGINE_INTERNAL, hostile, tw } from './harness.js';

before(() => tw.init());

const SEED = Number(process.env.TW_SEED ?? 20261123);
const ITERATIONS = Number(process.env.TW_ITER ?? 2500);

function mulberry32(a) {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CALLERS_OWN = new Error('thrown by the caller');
const KINDS = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array, BigInt64Array, BigUint64Array];
const DTYPES = ['float32', 'float64', 'float16', 'bfloat16', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16',
  'uint32', 'uint64'];

function world(random) {
  const pick = (list) => list[Math.floor(random() * list.length)];
  const int = (n) => Math.floor(random() * n);
  const tensors = []; // made here, live or disposed; all disposed at the end
  const buffers = []; // host arrays that mischief may detach or resize
  const resizable = [];

  // Caller code run by getters: anything that goes wrong in it is the caller's own error.
  function mischief() {
    try {
      mischiefUnchecked();
    } catch {
      throw CALLERS_OWN;
    }
  }

  function mischiefUnchecked() {
    switch (int(7)) {
      case 0: tw.multiply({ data: new Float32Array(int(3) ? 8 : 200000).fill(2) }, 3); break;
      case 1: tw.broadcastShapes([1 << 20, 1], [1, 1 << 12]); break;
      case 2: if (tensors.length) pick(tensors).dispose(); break;
      case 3: { const g = tw.empty([int(2) ? 1 << 20 : 40 << 20], 'uint8'); g.dispose(); break; }
      case 4: {
        const victim = buffers.length ? pick(buffers) : null;
        if (victim && !(victim.buffer instanceof SharedArrayBuffer) && victim.buffer.byteLength) {
          structuredClone(victim.buffer, { transfer: [victim.buffer] });
        }
        break;
      }
      case 5: if (resizable.length) { const r = pick(resizable); r.resize(int(r.maxByteLength / 8 + 1) * 8); } break;
      default: throw CALLERS_OWN;
    }
  }

  const withGetter = (obj, key, value) => {
    Object.defineProperty(obj, key, { get() { if (random() < 0.5) mischief(); return value; }, enumerable: true, configurable: true });
    return obj;
  };

  function typedArray() {
    const Kind = pick(KINDS);
    const n = int(10) === 0 ? 200000 : int(70);
    const roll = int(9);
    let x;
    if (roll === 0) {
      const rab = new ArrayBuffer(n * Kind.BYTES_PER_ELEMENT, { maxByteLength: 2 * n * Kind.BYTES_PER_ELEMENT + 8 });
      resizable.push(rab);
      x = int(2) ? new Kind(rab) : new Kind(rab, 0, n);
    } else if (roll === 1) {
      x = new Kind(new SharedArrayBuffer(n * Kind.BYTES_PER_ELEMENT));
    } else if (roll === 2) {
      class Lying extends Kind {
        get length() { mischief(); return 1; }
        get buffer() { return new ArrayBuffer(1); }
        subarray() { throw CALLERS_OWN; }
      }
      x = new Lying(n);
    } else if (roll === 3 && tensors.length) {
      try { x = pick(tensors).data; } catch { x = new Kind(n); } // a view of wasm memory (the tensor may be disposed)
    } else {
      x = new Kind(n);
    }
    if (roll === 4) Object.defineProperty(x, 'BYTES_PER_ELEMENT', { value: 1 });
    if (roll === 5) Object.setPrototypeOf(x, pick(KINDS).prototype);
    try {
      for (let i = 0; i < Math.min(x.length, 70); ++i) x[i] = typeof x[0] === 'bigint' ? BigInt(int(9) - 4) : int(9) - 4;
    } catch { /* detached or lying */ }
    buffers.push(x);
    return x;
  }

  function shape(n) {
    const roll = int(8);
    if (roll === 0) return pick([undefined, null, '3', 3, new Int32Array([n]), {}]);
    if (roll === 1) return [n, 1, 1];
    if (roll === 2) { const s = [n]; Object.defineProperty(s, 0, { get() { mischief(); return n; }, enumerable: true }); return s; }
    if (roll === 3) return new Proxy([n], {});
    if (roll === 4) { const r = Proxy.revocable([n], {}); r.revoke(); return r.proxy; }
    if (roll === 5) return [pick([-1, 1.5, NaN, 2 ** 32, new Number(n), '1', undefined])]; // eslint-disable-line no-new-wrappers
    if (roll === 6) return [1, n];
    return [n];
  }

  function plainArray() {
    const roll = int(6);
    if (roll === 0) return [1, 2n];
    if (roll === 1) return [1, , 3]; // eslint-disable-line no-sparse-arrays
    if (roll === 2) return new Proxy([], { get: (t, k) => (k === 'length' ? 2 ** 32 - 1 : 1) });
    if (roll === 3) return withGetter([1, 2], 1, 5);
    if (roll === 4) return [1n, -3n, 7n];
    return [int(9) - 4, 0.5, -2];
  }

  function operand() {
    const roll = int(16);
    if (roll < 3) return pick([0, -1, 1.5, NaN, -0, 2 ** 60, 3n, -(2n ** 70n), 'x', true, null, undefined, Symbol('s')]);
    if (roll === 3) return pick([new Number(2), new String('a'), Object(1n), [], () => 1]); // eslint-disable-line no-new-wrappers
    if (roll === 4 && tensors.length) return pick(tensors);
    if (roll === 5) return typedArray(); // a bare typed array is not an operand
    if (roll === 6) return Object.create(tw.WasmTensor.prototype);
    if (roll === 7) { const r = Proxy.revocable({}, {}); r.revoke(); return r.proxy; }
    const data = int(5) === 0 ? plainArray() : typedArray();
    let n = 0;
    try { n = data.length; } catch { /* revoked or lying */ }
    const o = { data, shape: shape(typeof n === 'number' ? n : 1) };
    if (int(3) === 0) o.dtype = int(4) ? pick(DTYPES) : pick(['complex64', new String('float32'), 7]); // eslint-disable-line no-new-wrappers
    if (int(4) === 0) withGetter(o, 'data', data);
    if (int(8) === 0) return new Proxy(o, {});
    return o;
  }

  function options(divide) {
    const roll = int(10);
    if (roll < 4) return undefined;
    if (roll === 4) return pick([null, 3, 'numpy', [], () => ({})]);
    const o = {};
    if (int(2)) o.autoBroadcast = pick(['numpy', 'none', 'pdpd', 'explicit', 1]);
    if (int(4) === 0) o.axis = pick([0, 1, -1, -2, 1.5, '1', 2 ** 40]);
    if (int(3) === 0) o.out = int(2) && tensors.length ? pick(tensors) : typedArray();
    if (divide && int(2)) o.pythondiv = pick([true, false, 'yes']);
    if (divide && int(3) === 0) o.onZeroDivision = pick(['zero', 'error', 'nan']);
    if (int(6) === 0) o.unknown = 1;
    if (int(4) === 0) withGetter(o, 'autoBroadcast', o.autoBroadcast);
    return o;
  }

  const calls = [
    () => tw.multiply(operand(), operand(), options(false)),
    () => tw.divide(operand(), operand(), options(true)),
    () => tw.broadcastShapes(shape(int(4)), shape(int(4)), options(true)),
    () => tw.onnx.Mul(operand(), operand(), pick([undefined, { broadcast: 1 }, { broadcast: 1, axis: int(3) - 1 }, { axis: 0 }]),
      pick([1, 6, 7, 13, 14, 0, 1.5, '7'])),
    () => tw.onnx.Div(operand(), operand(), undefined, pick([6, 7, 13, 14])),
    () => tw.openvino.Multiply(operand(), operand(), pick([undefined, { auto_broadcast: 'pdpd', axis: '1' }, { auto_broadcast: 'NUMPY' }])),
    () => tw.openvino.Divide(operand(), operand(), pick([undefined, { m_pythondiv: 'false' }, { m_pythondiv: 'maybe' }])),
    () => { const t = tw.tensor(int(2) ? typedArray() : plainArray(), shape(int(70)), int(3) ? undefined : pick(DTYPES)); tensors.push(t); return t; },
    () => { const t = tw.empty(shape(int(70)), pick([...DTYPES, 'x', undefined])); tensors.push(t); return t; },
  ];

  return { calls, tensors, pick, int };
}

function checkOutcome(result, error, where) {
  if (error !== undefined) {
    if (error === CALLERS_OWN) return;
    assert.ok(error instanceof TypeError || error instanceof RangeError, `${where}: ${error?.constructor?.name}: ${error?.message}`);
    assert.doesNotMatch(error.message, ENGINE_INTERNAL, where);
    assert.ok(error.message.length > 10, where);
    return;
  }
  if (result instanceof tw.WasmTensor || Array.isArray(result)) return;
  const { data, shape, dtype } = result;
  assert.ok(KINDS.includes(data.constructor), `${where}: result class ${data.constructor.name}`);
  assert.equal(data.length, shape.reduce((x, y) => x * y, 1), `${where}: result length`);
  assert.ok(DTYPES.includes(dtype), where);
}

test(`random hostile arguments to every entry point (seed ${SEED})`, () => {
  hostile(() => {
    const random = mulberry32(SEED);
    const { calls, tensors, int } = world(random);
    for (let k = 0; k < 6; ++k) tensors.push(tw.tensor(new Float32Array(1 + int(64)).fill(k)));
    for (let i = 0; i < ITERATIONS; ++i) {
      const which = int(calls.length);
      let result;
      let error;
      try {
        result = calls[which]();
      } catch (e) {
        error = e;
      }
      checkOutcome(result, error, `iteration ${i}, call ${which}`);
      if (tensors.length > 40) tensors.splice(0, 20).forEach((t) => t.dispose());
    }
    for (const t of tensors) t.dispose();
  });
});
