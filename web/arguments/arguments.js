// Arguments read once into plain internal values (docs/contract.md, "Arguments are read once"): every value the caller gives is read
// exactly once, objects through their own properties only, typed arrays through the built-in
// getters (intrinsics.js). Caller code may run while this reads (getters, Proxy traps) and may
// call the library, dispose tensors or resize buffers; settle() then checks, after the last
// read, that what was read still holds. Nothing here touches wasm memory.
import { DEFAULTS, DTYPES, dtypeInfo, encodeValue, kindRecord } from '../dtypes/dtypes.js';
import { describe, formatShape, withArticle } from '../format.js';
import {
  TYPED_ARRAY_CLASSES, Uint8ArrayClass as UNCLAMPED, arrayBufferByteLength, boxedKind, hasOwn, isArray, isDetached, isResizable, isShared, typedArrayBuffer, typedArrayByteOffset,
  typedArrayKind, typedArrayLength,
} from '../intrinsics.js';
import { MAX_BYTES, SMALL_BYTES, bufferOf, heapInstance, isPlainArray, rememberPlainArray } from '../memory/memory.js';
import { elementCount, readShape } from './shapes.js';
import { insideLiveTensor, readTensor, tensorPointer } from '../memory/tensor.js';
import { isForeignTensor, isWasmTensor } from '../tensor-brand.js';
import { classHas, imageShape, readForeign, viewLayout } from '../interop/views.js';
import { ownKeys } from '../records.js';

// ---- typed arrays ------------------------------------------------------------------------------

// A result is never a Uint8ClampedArray: operand A's clamped array gives a Uint8Array.
const CLAMPED = TYPED_ARRAY_CLASSES.get('Uint8ClampedArray');

/**
 * What a typed array really is: its built-in class, buffer, byte offset and length, read through
 * the built-in getters. `view` is the caller's array (returned as the result when it is `out`);
 * `fixed` is what copies go through (the built-in set() reads internal slots): the array itself,
 * or, over a buffer that can change length, a view fixed at the length read (settle() makes it),
 * so that growth by another thread or by code that runs later never reaches past what was checked.
 * heapAddress and heapInst: where it lies in wasm memory, for a view of it (settle() sets them).
 * `k` is the record of its kind (dtypes.js: its class and element size); `what` and `part` name
 * it in messages.
 */
function snapshotTypedArray(x, k, what, part) {
  const length = typedArrayLength(x);
  // An array known to be plain (isPlainArray) keeps its buffer unread: reading the buffer of a
  // small array that V8 holds on its own heap makes it move to a buffer of its own (~1 µs).
  const buffer = isPlainArray(x) ? null : typedArrayBuffer(x);
  if (length === 0 && isDetached(buffer ?? typedArrayBuffer(x))) {
    throw new TypeError(`${what}${part}: its ArrayBuffer is detached (it was transferred)`);
  }
  return {
    Class: k.Class, size: k.bytes, view: x, fixed: x, buffer, byteOffset: typedArrayByteOffset(x), length, heapAddress: -1,
    heapInst: null, fromCaller: true, defaulted: false,
  };
}

/**
 * A typed array the library made (encoded plain-array values, a scalar, a view of another build's
 * memory: `buffer` and `byteOffset` given): nothing to check again; a plain one's buffer is read
 * only where needed (bufferOf).
 * `defaulted`: its dtype was not given but taken by default (numbers float32, bigints int64).
 */
function ownSource(view, info, defaulted = false, buffer = null, byteOffset = 0) {
  return {
    Class: info.Storage, size: info.bytes, view, fixed: view, buffer, byteOffset, length: typedArrayLength(view),
    heapAddress: -1, heapInst: null, fromCaller: false, defaulted,
  };
}

/** A host operand of dtype `info` and `shape` (n elements) over a typed array the library made (ownSource). */
export function ownOperand(view, info, shape, n, buffer = null, byteOffset = 0) {
  return hostOperand(info, shape, n, ownSource(view, info, false, buffer, byteOffset), null);
}

// A host operand read as a contiguous run of its source from element 0 (viewLayout makes it a view's).
const hostOperand = (info, shape, n, source, carrier) => ({
  kind: 'host', dtype: info.name, shape, n, source, carrier, strides: null, first: 0, span: n, base: 0,
});

// ---- operands ------------------------------------------------------------------------------------

/**
 * An operand as a plain record:
 *   { kind: 'scalar', value }
 *   { kind: 'resident', dtype, shape, n, tensor, ptr }
 *   { kind: 'host', dtype, shape, n, source, carrier, strides, first, span, base }
 * carrier: the result class A gives, or null; the core reads `span` elements of source from
 * `first`, element 0 at `base` among them, with `strides` (null: contiguous; views.js).
 */
export function readOperand(x, what) {
  if (typeof x === 'number' || typeof x === 'bigint') return { kind: 'scalar', value: x };
  if (isWasmTensor(x)) return residentOperand(x, what);
  // A bare typed array: its elements as a vector, of its class's dtype.
  if (typedArrayKind(x) !== undefined) return readHost(x, undefined, undefined, what, null);
  // (new Number(3) and the like are said so by describe())
  const notOperand = () => new TypeError(`${what} must be { data, shape?, dtype? }, a typed array, a number, a bigint or a wasm tensor; got ${describe(x)}`);
  if (x === null || typeof x !== 'object' || isArray(x, what)) throw notOperand();
  // (Chromium's ImageData has its own data, its width and height its class's: readForeign's.)
  if (hasOwn(x, 'data') && !(classHas(x, 'width') && classHas(x, 'height'))) return readRecordOperand(x, what);
  if (boxedKind(x) !== null) throw notOperand();
  const foreign = readForeign(x, what, readHost);
  if (foreign !== null) return foreign;
  if (isForeignTensor(x)) throw otherCopysTensor(x, what);
  if (classHas(x, 'data')) { // an accessor of a class this library does not know: not read
    throw new TypeError(`${what}: data is not an own property of this object, and its class is none of the tensors ` +
      'this library reads (ort.Tensor, a TensorFlow.js tensor, a stdlib ndarray, ImageData): pass { data, shape } read by you');
  }
  return readHost(undefined, undefined, undefined, what, null);
}

// The keys a record with its own `data` may have, a bit each: { data, shape, dtype } with a
// view's strides (or scijs's stride), offset and order (stdlib's; the strides say the layout);
// onnxruntime's names { data, dims, type }; an
// ImageData's { data, width, height, colorSpace }. Any other key is a TypeError naming it: a key
// the library would not read is a mistake (a misspelt shape, a width that meant a shape).
const RECORD_KEYS = {
  __proto__: null, data: 1, shape: 2, dtype: 4, strides: 8, stride: 16, offset: 32, dims: 64, type: 128, width: 256, height: 512, colorSpace: 1024,
  order: 2048,
};
const PLAIN_KEYS = 63 | 2048, ORT_KEYS = 1 | 64 | 128, IMAGE_KEYS = 1 | 256 | 512 | 1024;

// A record with its own data, its own enumerable keys listed first (each checked), then read
// once each in a fixed order; one listed but gone by the time it is read (a getter deleted it)
// is a TypeError saying so.
function readRecordOperand(x, what) {
  const keys = ownKeys(x, what, '');
  let bits = 1; // data: own (checked before), enumerable or not
  for (let i = 0; i < keys.length; ++i) {
    const bit = keys[i] in RECORD_KEYS ? RECORD_KEYS[keys[i]] : 0;
    const all = bits | bit;
    if (bit === 0 || ((all & PLAIN_KEYS) !== all && (all & ORT_KEYS) !== all && (all & IMAGE_KEYS) !== all)) {
      throw new TypeError(`${what} has ${describe(keys[i])}, a key an operand does not have (docs/contract.md, "Operands")`);
    }
    bits = all;
  }
  const read = (key, bit) => {
    if ((bits & bit) === 0) return undefined;
    if (!hasOwn(x, key)) throw new TypeError(`${what}: ${key} was deleted while the operand was being read`);
    return x[key];
  };
  const data = read('data', 1);
  if (bits & 256) return readHost(data, imageShape(read('width', 256), read('height', 512), what), undefined, what, null);
  const shape = bits & 64 ? read('dims', 64) : read('shape', 2);
  const dtype = bits & 128 ? read('type', 128) : read('dtype', 4);
  // A view (scijs ndarray: stride and offset; or strides, as stdlib and numpy name them).
  const stride = read('stride', 16), strides = read('strides', 8), offset = read('offset', 32), order = read('order', 2048);
  if (order !== undefined && order !== 'row-major' && (order !== 'column-major' || (strides ?? stride) === undefined)) {
    throw new RangeError(`${what}: order must be 'row-major', or 'column-major' with the strides, got ${describe(order)}`);
  }
  if (stride === undefined && strides === undefined && offset === undefined) return readHost(data, shape, dtype, what, null);
  if (stride !== undefined && strides !== undefined) throw new TypeError(`${what} has both stride and strides; give one`);
  return readHost(data, shape, dtype, what, { strides: stride ?? strides, offset });
}

// Another copy of the library's wasm tensor lives in that copy's wasm memory, which this one
// does not know: its values can be copied in as a typed array (its data).
function otherCopysTensor(x, what) {
  return new TypeError(`${what} is ${describe(x)}, whose wasm memory this copy cannot use: use one copy (a program that ` +
    'both imports and requires the package, or bundles it twice, has two), or pass { data: t.data, shape: t.shape }');
}

/** A wasm tensor as an operand record; a disposed one is a TypeError. */
export function residentOperand(t, what) {
  const r = readTensor(t);
  if (r.ptr === 0) throw new TypeError(`${what}: this wasm tensor was disposed; it cannot be used`);
  return r;
}

/**
 * data (a typed array or a plain array), shape and dtype as given: a host operand. `layout`:
 * null, or a view's { strides, offset } as the caller gave them (views.js reads them).
 */
export function readHost(data, shape, dtype, what, layout) {
  let info = dtype === undefined ? null : dtypeInfo(dtype, what);
  const kind = typedArrayKind(data);
  let source;
  let defaulted = false;
  if (kind !== undefined) {
    const k = kindRecord(kind);
    source = snapshotTypedArray(data, k, what, ': data');
    // A typed array carries the dtype it implies; a dtype given must be one it can carry.
    if (info === null) info = k.info;
    else if (!info.carriers.includes(source.Class)) {
      throw new TypeError(`${what}: ${withArticle(kind)} cannot carry dtype ${info.name} ` +
        `(it takes ${info.carriers.map((C) => C.name).join(' or ')})`);
    }
  } else if (isArray(data, what, ': data')) {
    const values = readValues(data, what);
    defaulted = info === null;
    info ??= holdsBigints(values, what) ? DEFAULTS.bigints : DEFAULTS.numbers;
    source = ownSource(encodeValues(info, values, what), info, defaulted);
  } else if (data === undefined) {
    throw new TypeError(`${what}: data is missing (give a typed array or an array)`);
  } else {
    throw new TypeError(`${what}: data must be a typed array or an array, got ${describe(data)}`);
  }
  if (layout !== null && shape === undefined) throw new TypeError(`${what}: a view (strides or offset) needs its shape`);
  const dims = shape === undefined ? [source.length] : readShape(shape, what);
  const n = elementCount(dims);
  const carrier = source.fromCaller ? (source.Class === CLAMPED ? UNCLAMPED : source.Class) : null;
  const r = hostOperand(info, dims, n, source, carrier);
  if (layout !== null) return viewLayout(r, layout.strides, layout.offset, what);
  if (n !== source.length) {
    throw new RangeError(`${what}: data has ${source.length} elements${defaulted ? ` (a plain array without dtype: read as ${info.name})` : ''} ` +
      `but shape ${formatShape(dims)} needs ${n > MAX_BYTES ? 'more than wasm memory holds' : n}`);
  }
  return r;
}

/**
 * A plain array's elements, each read once (own elements only). A hole is a TypeError at the
 * first one, before anything else is read; a length above MAX_PLAIN_ELEMENTS is a RangeError
 * before any element is read. (Copying a sparse array of 2^31 - 1 elements whole, holes and all,
 * ran the process out of memory; a Proxy that claims every element would be read for hours.)
 * Typed arrays have no such limit.
 */
function readValues(data, what) {
  const n = data.length;
  if (!Number.isInteger(n) || n < 0) throw new TypeError(`${what}: data has no valid length`);
  if (n > MAX_PLAIN_ELEMENTS) {
    throw new RangeError(`${what}: data is an array of ${n} elements, more than an array of values can hold here ` +
      `(${MAX_PLAIN_ELEMENTS}); give a typed array`);
  }
  const values = [];
  for (let i = 0; i < n; ++i) {
    if (!hasOwn(data, i)) throw new TypeError(`${what}: data has a hole at index ${i} (an array of values must have every element)`);
    values[i] = data[i];
  }
  return values;
}

// 2^27 - 1 values: a float32 tensor of 512 MiB in wasm memory, 1 GiB of doubles as it is read.
const MAX_PLAIN_ELEMENTS = 2 ** 27 - 1;

// A plain array holds numbers or bigints, never both and nothing else (TypeError), checked before
// encoding so that a mixed array is reported as such, not as an out-of-range value.
function holdsBigints(values, what) {
  let numbers = false;
  let bigints = false;
  for (let i = 0; i < values.length; ++i) {
    const v = values[i];
    if (typeof v === 'number') numbers = true;
    else if (typeof v === 'bigint') bigints = true;
    else throw new TypeError(`${what}: data[${i}] is ${describe(v)}, not a number or bigint`);
  }
  if (numbers && bigints) throw new TypeError(`${what}: data mixes numbers and bigints; give one kind or a dtype`);
  return bigints;
}

function encodeValues(info, values, what) {
  const out = new info.Storage(values.length);
  const where = `${what}: data`;
  for (let i = 0; i < values.length; ++i) out[i] = encodeValue(info, values[i], where, i);
  return out;
}

/** The dtype both operands have (a scalar takes the other's); TypeError when they differ. */
export function commonDtype(a, b, fn) {
  let dtypeA = a.kind === 'scalar' ? null : a.dtype;
  let dtypeB = b.kind === 'scalar' ? null : b.dtype;
  if (dtypeA === null && dtypeB === null) {
    dtypeA = scalarDefault(a.value);
    dtypeB = scalarDefault(b.value);
  }
  dtypeA ??= dtypeB;
  dtypeB ??= dtypeA;
  if (dtypeA !== dtypeB) {
    const why = (x, name) => (x.kind === 'host' && x.source.defaulted ? `; ${name}'s data is a plain array without dtype, read as ${x.dtype}` : '');
    throw new TypeError(`${fn}: operands have different dtypes: A is ${dtypeA} and B is ${dtypeB} (both must be the same` +
      `${why(a, 'A')}${why(b, 'B')}; or give the dtype to compute in, e.g. { dtype: '${commonKind(DTYPES[dtypeA], DTYPES[dtypeB]).name}' }, ` +
      'and both are cast to it)');
  }
  return dtypeA;
}

/** Whether a value of dtype `from` casts to `to`: numpy's same_kind (src/cast.h): not a float to an integer. */
export const castsTo = (from, to) => from.integer || !to.integer;

// A dtype both cast to, for a message's example: the float of the two, else the wider one.
function commonKind(x, y) {
  if (x.integer !== y.integer) return x.integer ? y : x;
  return y.bytes > x.bytes ? y : x;
}

/** An operand of a call computed in dtype `info` (its `dtype` option): one that does not cast to it is a TypeError. */
export function checkCast(x, info, fn, name) {
  if (x.kind === 'scalar') return; // a number or bigint is a value of the dtype (encodeValue says if not)
  if (!castsTo(DTYPES[x.dtype], info)) {
    throw new TypeError(`${fn}: ${name} is ${x.dtype}, which does not cast to ${info.name}: a float to an integer is not a cast ` +
      "the dtype option makes (numpy's same_kind); compute in a float dtype, or round the values yourself");
  }
}

/** A scalar operand as a rank-0 host operand of the dtype; other operands as they are. */
export function asTensor(op, dtype, fn, name) {
  if (op.kind !== 'scalar') return op;
  const info = DTYPES[dtype];
  const storage = new info.Storage(1);
  storage[0] = encodeValue(info, op.value, `${fn}: scalar ${name}`);
  return ownOperand(storage, info, [], 1);
}

function scalarDefault(v) {
  return (typeof v === 'bigint' ? DEFAULTS.bigints : DEFAULTS.numbers).name;
}

/**
 * The dtype record every one of `inputs` (operand records of a program: an expression's, a
 * variadic operator's) has; scalars take it, and with none but scalars it is the first one's
 * default (a number float32, a bigint int64; no input at all: float32). clash(inputs, first, i),
 * where input i's dtype is not input `first`'s (the first that is no scalar), throws the caller's error.
 */
export function inputsDtype(inputs, clash) {
  let first = -1;
  for (let i = 0; i < inputs.length; ++i) {
    const x = inputs[i];
    if (x.kind === 'scalar') continue;
    if (first < 0) first = i;
    else if (x.dtype !== inputs[first].dtype) clash(inputs, first, i);
  }
  return DTYPES[first >= 0 ? inputs[first].dtype : inputs.length > 0 ? scalarDefault(inputs[0].value) : DEFAULTS.numbers.name];
}

// ---- out -----------------------------------------------------------------------------------------

/** The `out` option: null, a resident record (as an operand's) or { kind: 'host', source }. */
export function readOut(x, fn) {
  if (x === undefined) return null;
  if (isWasmTensor(x)) {
    const r = readTensor(x);
    if (r.ptr === 0) throw new TypeError(`${fn}: out is a wasm tensor that was disposed; it cannot be used`);
    return r;
  }
  const kind = typedArrayKind(x);
  if (kind === undefined) {
    throw new TypeError(`${fn}: out must be a typed array or a wasm tensor, got ${describe(x)}`);
  }
  const k = kindRecord(kind);
  return { kind: 'host', source: snapshotTypedArray(x, k, fn, ': out'), info: k.info };
}

/**
 * The dtype `out` holds, checked against the result's (`info`; out's length is checked once the
 * shape is known): the result's where out can carry it, else, where `cast` (the ops and
 * expressions), out's own dtype (a typed array's by its class, a wasm tensor's) when the result
 * casts to it (numpy's same_kind): it is then converted as it is stored, rounded once.
 */
export function checkOutDtype(out, info, fn, cast = false) {
  if (out === null) return info;
  const resident = out.kind === 'resident';
  if (resident ? out.dtype === info.name : info.carriers.includes(out.source.Class)) return info;
  const held = resident ? DTYPES[out.dtype] : out.info;
  if (cast && castsTo(info, held)) return held;
  const took = `${info.carriers.map((C) => withArticle(C.name)).join(' or ')} (or ${withArticle(info.name)} wasm tensor)`;
  if (!cast) {
    if (resident) throw new TypeError(`${fn}: out is ${withArticle(out.dtype)} wasm tensor but the result is ${info.name}`);
    throw new TypeError(`${fn}: out must be ${took} for ${withArticle(info.name)} result; got ${withArticle(out.source.Class.name)}`);
  }
  const what = resident ? `${withArticle(out.dtype)} wasm tensor` : `${withArticle(out.source.Class.name)} (${held.name})`;
  throw new TypeError(`${fn}: out is ${what}, and ${withArticle(info.name)} result does not cast to ${held.name} (numpy's ` +
    `same_kind); give ${took}${held.name === 'uint16' ? ', or a float16 or bfloat16 wasm tensor' : ''}`);
}

// ---- after the last read -------------------------------------------------------------------------

/**
 * After the last read of caller data, checks that what was read still holds: tensors are alive,
 * buffers neither detached nor resized. Views of wasm memory (a tensor's `data`) are resolved
 * to their address, which must lie inside a live tensor. From here on no caller code runs.
 * `fn` and `name` name the record in messages ('multiply', 'operand A').
 */
export function settle(r, fn, name) {
  if (r === null) return;
  if (r.kind === 'resident') {
    if (tensorPointer(r.tensor) !== r.ptr) {
      throw new TypeError(`${fn}: ${name}: its wasm tensor was disposed while the arguments were being read`);
    }
  } else if (r.source.fromCaller) {
    settleSource(r.source, fn, name);
  }
}

function settleSource(s, fn, name) {
  const length = typedArrayLength(s.view);
  if (length !== s.length || typedArrayByteOffset(s.view) !== s.byteOffset) {
    if (isDetached(bufferOf(s))) {
      throw new TypeError(`${fn}: ${name}: its ArrayBuffer was detached while the arguments were being read`);
    }
    throw new RangeError(`${fn}: ${name}: its buffer was resized while the arguments were being read ` +
      `(${s.length} elements when read, ${length} now)`);
  }
  if (s.buffer === null) return; // a plain array: neither resizable nor a view of wasm memory
  const shared = isShared(s.buffer);
  const resizable = isResizable(s.buffer, shared);
  if (resizable) s.fixed = new s.Class(s.buffer, s.byteOffset, s.length);
  const inst = heapInstance(s.buffer, shared);
  if (inst === null && !shared && !resizable && s.length > 0 && arrayBufferByteLength(s.buffer) <= SMALL_BYTES) rememberPlainArray(s.view);
  if (inst !== null) {
    const bytes = s.length * s.size;
    if (!insideLiveTensor(inst, s.byteOffset, bytes)) {
      throw new TypeError(`${fn}: ${name} is a view of wasm memory outside every live tensor (was its tensor disposed?)`);
    }
    s.heapAddress = s.byteOffset;
    s.heapInst = inst;
  }
}
