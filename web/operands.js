// Operands as the engine needs them: a dtype, a shape and either host bytes (copied into wasm
// for the call) or a wasm-resident tensor (read in place).
import { describe, dtypeInfo, dtypeOfTypedArray, encodeValue, isTypedArray } from './dtypes.js';
import { checkShape, elementCount, formatShape } from './shapes.js';
import { isWasmTensor, liveTensor } from './tensor.js';

/**
 * First pass: what the operand is, with its own dtype when it has one (scalars take the
 * other operand's, so they wait for resolveOperands).
 */
export function readOperand(x, what) {
  if (typeof x === 'number' || typeof x === 'bigint') return { kind: 'scalar', value: x, dtype: null };
  if (isWasmTensor(x)) {
    const t = liveTensor(x, what);
    return { kind: 'resident', ptr: t.ptr, dtype: t.dtype, shape: t.shape };
  }
  if (x === null || typeof x !== 'object' || Array.isArray(x) || isTypedArray(x)) {
    throw new TypeError(`${what} must be { data, shape, dtype? }, a number, a bigint or a wasm tensor; got ${describe(x)}`);
  }
  return hostTensor(x.data, x.shape, x.dtype, what);
}

/** A typed array or plain array with its shape and dtype, checked and converted to storage. */
export function hostTensor(data, shape, dtype, what) {
  if (dtype !== undefined) dtypeInfo(dtype); // unknown dtype: TypeError
  let storage;
  let carrier = null;
  if (isTypedArray(data)) {
    // A view of a detached buffer reports length 0, so only then is the check worth its cost.
    if (data.length === 0 && isDetached(data)) throw new TypeError(`${what}: data's ArrayBuffer is detached (it was transferred)`);
    const own = dtypeOfTypedArray(data);
    const name = dtype ?? own;
    if (name === null) throw new TypeError(`${what}: ${describe(data)} is not a carrier of any dtype`);
    const info = dtypeInfo(name);
    if (!info.carriers.some((C) => data instanceof C)) {
      throw new TypeError(`${what}: a ${describe(data)} cannot carry dtype ${name} ` +
        `(it takes ${info.carriers.map((C) => C.name).join(' or ')})`);
    }
    dtype = name;
    storage = data;
    carrier = data instanceof Uint8ClampedArray ? Uint8Array : data.constructor;
  } else if (Array.isArray(data)) {
    const bigints = plainArrayHoldsBigints(data, what);
    dtype ??= bigints ? 'int64' : 'float32';
    storage = encodeArray(dtypeInfo(dtype), data, what);
  } else {
    throw new TypeError(`${what}: data must be a typed array or an array, got ${describe(data)}`);
  }
  const dims = shape === undefined ? [storage.length] : checkShape(shape, what);
  const n = elementCount(dims);
  if (n !== storage.length) {
    throw new RangeError(`${what}: data has ${storage.length} elements but shape ${formatShape(dims)} needs ` +
      `${n === Infinity ? 'more than wasm memory holds' : n}`);
  }
  return { kind: 'host', dtype, shape: dims, storage, carrier };
}

// Node 20 has no ArrayBuffer.prototype.detached; a detached buffer has byteLength 0 and cannot
// be viewed, which is cheap to check only in that case.
function isDetached(view) {
  if (view.buffer.byteLength !== 0) return false;
  try {
    new Uint8Array(view.buffer);
    return false;
  } catch {
    return true;
  }
}

// A plain array holds numbers or bigints, never both and nothing else (TypeError), checked once
// before encoding so that a mixed array is reported as such, not as an out-of-range value.
function plainArrayHoldsBigints(data, what) {
  let numbers = false;
  let bigints = false;
  for (const v of data) {
    if (typeof v === 'number') numbers = true;
    else if (typeof v === 'bigint') bigints = true;
    else throw new TypeError(`${what}: ${describe(v)} in data is not a number or bigint`);
  }
  if (numbers && bigints) throw new TypeError(`${what}: data mixes numbers and bigints; give one kind or a dtype`);
  return bigints;
}

function encodeArray(info, data, what) {
  const out = new info.Storage(data.length);
  for (let i = 0; i < data.length; ++i) out[i] = encodeValue(info, data[i], `${what}: data[${i}]`);
  return out;
}

/** Settles both dtypes (scalars take the other's) and turns scalars into rank-0 tensors. */
export function resolveOperands(a, b) {
  if (a.dtype === null && b.dtype === null) {
    a.dtype = scalarDefault(a.value);
    b.dtype = scalarDefault(b.value);
  }
  a.dtype ??= b.dtype;
  b.dtype ??= a.dtype;
  if (a.dtype !== b.dtype) {
    throw new TypeError(`operands have different dtypes: A is ${a.dtype} and B is ${b.dtype} (both must be the same)`);
  }
  return [scalarTensor(a, 'A'), scalarTensor(b, 'B')];
}

function scalarDefault(v) {
  return typeof v === 'bigint' ? 'int64' : 'float32';
}

function scalarTensor(op, what) {
  if (op.kind !== 'scalar') return op;
  const info = dtypeInfo(op.dtype);
  const storage = new info.Storage(1);
  storage[0] = encodeValue(info, op.value, `scalar operand ${what}`);
  return { kind: 'host', dtype: op.dtype, shape: [], storage, carrier: null };
}
