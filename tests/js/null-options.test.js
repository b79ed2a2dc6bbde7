// One rule for every option and attribute of every entry point (docs/contract.md, "The API"):
// `undefined` alone means absent (the same result as leaving the key out); any other value
// outside the option's set, `null` included, throws the class the contract gives that option's
// bad values (a RangeError; a TypeError where the value must be an object of some kind: `out`, a
// dtype, `wasmBinary`, `locateFile`, a shape) with a message naming the option and the value.
// Each entry point's list of names is checked against what the entry point itself says it takes
// (its "unknown option" message), so that an option added later without a line here fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as api from '../../web/index.js';
import { OPS } from './dtypes.js';

const { init, onnx, openvino } = api;

// The module is loaded by the first test, through init's own options (see below).
const ready = () => init();

const i32 = (v, shape = [v.length]) => ({ data: new Int32Array(v), shape });
const A = i32([-7, 7, 3, -3], [2, 2]);
const B = i32([2, -2]);
// ONNX's opsets 1 and 6 take floats only.
const F = { data: new Float32Array([-7, 7, 3, -3]), shape: [2, 2] };

// Options whose bad values the contract makes TypeErrors; every other one is a RangeError.
const TYPE_ERRORS = new Set(['out', 'dtype', 'wasmBinary', 'locateFile', 'shape']);
const classOf = (name) => (TYPE_ERRORS.has(name) ? TypeError : RangeError);

// What a call gives, as plain data, so that two calls can be compared.
function plain(r) {
  if (typeof r === 'function') return { source: r.source, inputs: r.inputs, dtype: r.dtype, result: plain(r({ a: A, b: B })) };
  if (r !== null && typeof r === 'object' && 'data' in r && 'shape' in r) return { data: Array.from(r.data), shape: r.shape, dtype: r.dtype };
  if (ArrayBuffer.isView(r)) return { data: Array.from(r), kind: Object.prototype.toString.call(r) };
  return r;
}

// The operand of a unary op: A, or F for an op of floats (sqrt takes no int32).
const operandOf = (o) => (o.dtypes.includes('int32') ? A : F);

/**
 * Every entry point that takes options or attributes: `names` the keys it takes, `call(options)`
 * calls it with an options (attributes) object, and `takes()` asks it which keys it takes.
 */
function entries() {
  const list = [];
  for (const o of Object.values(OPS)) {
    const fn = api[o.fn];
    if (o.arity === 1) { // nothing to broadcast: out and dtype; ONNX's and OpenVINO's forms take no attribute
      const X = operandOf(o);
      list.push({ entry: o.fn, names: ['out', 'dtype'], call: (options) => fn(X, options) });
      if (o.onnx !== null) list.push({ entry: `onnx.${o.onnx}`, names: [], call: (attributes) => onnx[o.onnx](X, attributes) });
      list.push({ entry: `openvino.${o.openvino}`, names: [], call: (attributes) => openvino[o.openvino](X, attributes) });
      list.push({ entry: `openvino.readAttributes('${o.openvino}')`, names: [], call: (attributes) => openvino.readAttributes(o.openvino, attributes) });
      continue;
    }
    list.push({
      entry: o.fn, names: ['autoBroadcast', 'axis', 'out', 'dtype', ...(o.divides ? ['pythondiv'] : []), ...(o.divides || o.remainder ? ['onZeroDivision'] : [])],
      call: (options) => fn(A, B, options),
    });
    // ONNX's operators with the legacy attributes (Add, Sub, Mul, Div), Mod's fmod, none (Max, Min).
    if (o.onnx !== null && ['Add', 'Sub', 'Mul', 'Div'].includes(o.onnx)) {
      for (const opset of [1, 6]) {
        list.push({
          entry: `onnx.${o.onnx} opset ${opset}`, names: ['broadcast', 'axis', ...(opset === 1 ? ['consumed_inputs'] : [])],
          call: (attributes) => onnx[o.onnx](F, F, attributes, opset),
        });
      }
      list.push({ entry: `onnx.${o.onnx} opset 14`, names: [], call: (attributes) => onnx[o.onnx](A, B, attributes, 14) });
    } else if (o.variadic) {
      list.push({ entry: `onnx.${o.onnx} opset 13`, names: [], call: (attributes) => onnx[o.onnx]([A, B], attributes, 13) });
    } else if (o.onnx !== null && o.onnxAttributes.fmod === 1) {
      list.push({ entry: `onnx.${o.onnx} opset 13`, names: ['fmod'], call: (attributes) => onnx[o.onnx](A, B, attributes, 13) });
    } else if (o.onnx !== null && o.onnxAttributes.fmod === undefined) {
      list.push({ entry: `onnx.${o.onnx}`, names: [], call: (attributes) => onnx[o.onnx](A, B, attributes) });
    }
    const ir = ['auto_broadcast', 'axis', ...(o.divides ? ['m_pythondiv', 'pythondiv'] : [])];
    list.push({ entry: `openvino.${o.openvino}`, names: ir, call: (attributes) => openvino[o.openvino](A, B, attributes) });
    list.push({
      entry: `openvino.readAttributes('${o.openvino}')`, names: ir, call: (attributes) => openvino.readAttributes(o.openvino, attributes),
    });
  }
  list.push({
    entry: 'broadcastShapes', names: ['autoBroadcast', 'axis', 'out', 'dtype', 'pythondiv', 'onZeroDivision', 'explain', 'dynamic'],
    call: (options) => api.broadcastShapes([2, 2], [2], options),
  });
  list.push({
    entry: 'expr', names: ['dtype', 'autoBroadcast', 'pythondiv', 'onZeroDivision'], call: (options) => api.expr('a / b - a', options),
  });
  const compiled = () => api.expr('a / b - a');
  list.push({ entry: 'an expression\'s call', names: ['out'], call: (options) => compiled()({ a: A, b: B }, options) });
  for (const [fn, x] of [['float32ToFloat16', new Float32Array([1, 2])], ['float16ToFloat32', new Uint16Array([0x3c00])],
    ['float32ToBfloat16', new Float32Array([1, 2])], ['bfloat16ToFloat32', new Uint16Array([0x3f80])]]) {
    list.push({ entry: fn, names: ['out'], call: (options) => api[fn](x, options) });
  }
  return list;
}

// The keys an entry point says it takes, from its message for a key it does not take.
function saysItTakes(call) {
  let message = '';
  try {
    call({ 'no such option': 1 });
  } catch (e) {
    message = e.message;
  }
  const m = /\(it takes (.*)\)$/.exec(message);
  assert.ok(m, `no list of what it takes in: ${message}`);
  return m[1] === 'none' ? [] : m[1].split(', ');
}

function checkNull(entry, name, call) {
  assert.throws(() => call(null), (e) => {
    assert.ok(e instanceof classOf(name), `${entry} { ${name}: null }: ${e.name}: ${e.message}`);
    assert.match(e.message, new RegExp(`\\b${name}\\b.*\\bnull\\b`), `${entry} { ${name}: null }`);
    return true;
  }, `${entry} { ${name}: null } is no default`);
}

test('init: every option, null rejects naming it (before and after the module loads), undefined is the default', async () => {
  const names = ['wasmBinary', 'locateFile', 'threads'];
  const unknown = await init({ 'no such option': 1 }).then(() => null, (error) => error);
  assert.deepEqual(saysItTakes(() => { throw unknown; }), names);
  for (const loaded of [false, true]) {
    for (const name of names) {
      const e = await init({ [name]: null }).then(() => null, (error) => error);
      assert.ok(e instanceof classOf(name), `init { ${name}: null } (${loaded ? 'after' : 'before'} the load): ${e}`);
      assert.match(e.message, new RegExp(`\\b${name}\\b.*\\bnull\\b`));
    }
    // Each option undefined (all of them at once the first time: it loads the module the default way).
    await init(Object.fromEntries(names.map((name) => [name, undefined])));
    for (const name of names) await init({ [name]: undefined });
  }
  assert.equal(api.multiply(6, 7).data[0], 42);
});

for (const { entry, names, call } of entries()) {
  test(`${entry}: null for any of its options is no default; undefined is`, async () => {
    await ready();
    assert.deepEqual([...saysItTakes(call)].sort(), [...names].sort(), `${entry}: the options the table lists`);
    const omitted = plain(call({}));
    // The options object itself may be undefined or null (no options).
    assert.deepEqual(plain(call(undefined)), omitted, `${entry}(undefined)`);
    assert.deepEqual(plain(call(null)), omitted, `${entry}(null)`);
    for (const name of names) {
      checkNull(entry, name, (value) => call({ [name]: value }));
      assert.deepEqual(plain(call({ [name]: undefined })), omitted, `${entry} { ${name}: undefined } is the default`);
    }
  });
}

test('positional arguments: onnx opset, tensor()\'s shape and dtype: null is no default, undefined is', async () => {
  await ready();
  for (const o of Object.values(OPS)) {
    if (o.onnx === null) continue;
    const entry = `onnx.${o.onnx}`;
    const call = o.variadic ? (...rest) => onnx[o.onnx]([A, B], ...rest) : o.arity === 1 ? (...rest) => onnx[o.onnx](operandOf(o), ...rest) : (...rest) => onnx[o.onnx](A, B, ...rest);
    checkNull(entry, 'opset', (opset) => call({}, opset));
    assert.deepEqual(plain(call({}, undefined)), plain(call({})), `${entry} opset undefined`);
  }
  const make = (shape, dtype) => {
    const t = api.tensor([1, 2, 3], shape, dtype);
    try {
      return { shape: t.shape, dtype: t.dtype, data: Array.from(t.data) };
    } finally {
      t.dispose();
    }
  };
  checkNull('tensor()', 'shape', (shape) => make(shape, 'int32'));
  checkNull('tensor()', 'dtype', (dtype) => make([3], dtype));
  assert.deepEqual(make(undefined, 'int32'), make([3], 'int32'));
  assert.deepEqual(make([3], undefined), make([3]));
});
