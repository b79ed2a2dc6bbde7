// Tensors of other libraries and strided views, read as operands (docs/contract.md, "Operands"):
// what each known layout holds, read once each, and where a view's elements lie in its data.
// A layout not listed here is a TypeError, never a guess.
//
// Known layouts, tried in this order by readOperand when the object has no own `data`:
//   TensorFlow.js tensor   own dataId, shape, dtype: its values through dataSync() (a copy)
//   onnxruntime ort.Tensor own dims and type, `data` an accessor of its class
//   ImageData              accessors width and height of its class, data its own or its
//                          class's: [height, width, 4]
//   stdlib ndarray         accessors data, shape, strides, offset and order of its class
// Objects with own `data` (plain records, scijs ndarrays) may add own `stride` or `strides` and
// `offset`: arguments.js reads those itself.
import { describe, formatShape } from '../format.js';
import { apply, getPrototypeOf, hasOwn, isArray } from '../intrinsics.js';
import { ownValue } from '../records.js';
import { MAX_BYTES } from '../memory/memory.js';

const ObjectPrototype = Object.prototype;

/**
 * Whether x's class (a prototype below Object.prototype) defines key: what a polluted
 * Object.prototype adds never makes an object look like a known tensor.
 */
export function classHas(x, key) {
  return classOwner(x, key) !== null;
}

// The prototype below Object.prototype that defines key, or null.
function classOwner(x, key) {
  for (let p = getPrototypeOf(x); p !== null && p !== ObjectPrototype; p = getPrototypeOf(p)) if (hasOwn(p, key)) return p;
  return null;
}

/**
 * x[key] where x's class defines key (an accessor or a method of a known tensor's class), as it
 * is when read: undefined where no class below Object.prototype defines it now (what a polluted
 * Object.prototype offers is never read).
 */
function classValue(x, key) {
  return hasOwn(x, key) || classOwner(x, key) !== null ? x[key] : undefined;
}

/**
 * A foreign tensor read as an operand: its fields (data, shape, dtype, and a view's strides and
 * offset) each read once through the library's own accessors and given to host(data, shape,
 * dtype, what, layout) (arguments.js's readHost; layout null, or a view's { strides, offset }),
 * whose answer it returns; null when the object is no known layout. Caller code runs here (those
 * accessors): before anything is staged. Each field is read as it is then: one a getter deleted
 * meanwhile is absent (records.js).
 */
export function readForeign(x, what, host) {
  if (hasOwn(x, 'dataId') && hasOwn(x, 'shape') && hasOwn(x, 'dtype')) {
    if (ownValue(x, 'isDisposedInternal') === true) {
      throw new TypeError(`${what}: this TensorFlow.js tensor was disposed`);
    }
    const shape = ownValue(x, 'shape');
    const dtype = ownValue(x, 'dtype');
    const dataSync = classValue(x, 'dataSync');
    for (const [key, value] of [['shape', shape], ['dtype', dtype]]) {
      if (value === undefined) throw new TypeError(`${what}: this TensorFlow.js tensor's ${key} was deleted while it was being read`);
    }
    if (typeof dataSync !== 'function') throw new TypeError(`${what}: a TensorFlow.js tensor without dataSync()`);
    return host(apply(dataSync, x, []), shape, dtype, what, null);
  }
  if (hasOwn(x, 'dims') && hasOwn(x, 'type') && classHas(x, 'data')) {
    const shape = ownValue(x, 'dims');
    const dtype = ownValue(x, 'type');
    return host(classValue(x, 'data'), shape, dtype, what, null);
  }
  // A browser's ImageData: its RGBA bytes as [height, width, 4] (its data Chromium's own).
  if ((hasOwn(x, 'data') || classHas(x, 'data')) && classHas(x, 'width') && classHas(x, 'height')) {
    const data = classValue(x, 'data');
    return host(data, imageShape(classValue(x, 'width'), classValue(x, 'height'), what), undefined, what, null);
  }
  if (classHas(x, 'data') && classHas(x, 'shape') && classHas(x, 'strides') && classHas(x, 'offset') && classHas(x, 'order')) {
    const data = classValue(x, 'data');
    const shape = classValue(x, 'shape');
    const strides = classValue(x, 'strides');
    const offset = classValue(x, 'offset');
    return host(data, shape, undefined, what, strides === undefined && offset === undefined ? null : { strides, offset });
  }
  return null;
}

/**
 * Where the n elements of a host operand (arguments.js's record: its shape, n and source, read
 * as a contiguous run from 0) lie in its data, a view's: its strides, first, span and base set,
 * the record returned. The core is given the `span` elements from `first` and element 0 at
 * `base` within them; strides are null when the view is contiguous row-major (a plain run from
 * `first`), else one per dim in elements (0 for dims of 1). rawStrides and rawOffset are the
 * caller's values (undefined: row-major, 0), read once each here.
 */
export function viewLayout(r, rawStrides, rawOffset, what) {
  const dims = r.shape, n = r.n, length = r.source.length;
  const rank = dims.length;
  const offset = rawOffset === undefined ? 0 : rawOffset;
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) {
    throw new RangeError(`${what}: offset must be an integer from 0, got ${describe(offset)}`);
  }
  const strides = rawStrides === undefined ? null : readStrides(rawStrides, rank, what);
  if (n === 0) return r;
  let lo = offset, hi = offset, contiguous = true;
  const own = new Array(rank);
  for (let d = rank - 1, row = 1; d >= 0; --d) {
    const s = strides === null ? row : dims[d] === 1 ? 0 : strides[d];
    own[d] = s;
    if (dims[d] > 1 && s !== row) contiguous = false;
    if (s < 0) lo += s * (dims[d] - 1);
    else hi += s * (dims[d] - 1);
    row *= dims[d];
  }
  if (lo < 0 || hi >= length) {
    throw new RangeError(`${what}: the view (shape ${formatShape(dims)}, strides ${formatShape(own)}, offset ${offset}) ` +
      `reaches element ${lo < 0 ? lo : hi}, outside data's ${length} elements`);
  }
  if (contiguous) {
    r.first = offset;
    return r;
  }
  // Strides then fit in int32 (the core's words): each one times its dim's extent is inside data.
  if (hi - lo + 1 > MAX_BYTES) throw new RangeError(`${what}: the view spans more elements than wasm memory holds`);
  r.strides = own;
  r.first = lo;
  r.span = hi - lo + 1;
  r.base = offset - lo;
  return r;
}

// A view's strides: an array of one integer per dim, own elements each read once.
function readStrides(strides, rank, what) {
  if (!isArray(strides, what, ': strides')) {
    throw new TypeError(`${what}: strides must be an array of integers (one per dim), got ${describe(strides)}`);
  }
  const count = strides.length;
  if (count !== rank) throw new RangeError(`${what}: strides has ${count} entries but the shape has ${rank} dims`);
  const out = new Array(rank);
  for (let i = 0; i < rank; ++i) {
    const s = ownValue(strides, i);
    if (typeof s !== 'number' || !Number.isSafeInteger(s)) {
      throw new TypeError(`${what}: strides[${i}] must be an integer, got ${describe(s)}`);
    }
    out[i] = s;
  }
  return out;
}

/** An ImageData's shape, [height, width, 4] (its data RGBA bytes); width and height positive integers. */
export function imageShape(width, height, what) {
  for (const [name, v] of [['width', width], ['height', height]]) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new RangeError(`${what}: an image's ${name} must be a positive integer, got ${describe(v)}`);
  }
  return [height, width, 4];
}
