// wasm heap allocation for one call. Views into the heap are always taken from the module
// after the last allocation (memory growth detaches older ones).
import { MAX_BYTES } from './shapes.js';

/** @param what a function giving the thing's name, for the error (built only on failure) */
export function allocate(m, bytes, what) {
  const ptr = bytes <= MAX_BYTES ? m._malloc(Math.max(bytes, 1)) : 0;
  if (ptr === 0) {
    throw new RangeError(`${what()} needs ${bytes} bytes, more than wasm memory can provide`);
  }
  return ptr;
}

// Small ops reuse one staging block instead of a malloc/free pair per call. It is bounded, so
// memory stays flat; larger calls allocate and free their own.
const STAGING_LIMIT = 1 << 21;
let staging = { m: null, ptr: 0, size: 0 };

/** A block of at least `bytes` for one call; give it back with releaseBlock. */
export function acquireBlock(m, bytes, what) {
  if (bytes > STAGING_LIMIT) return allocate(m, bytes, what);
  if (staging.m !== m || staging.size < bytes) {
    if (staging.m === m && staging.ptr !== 0) m._free(staging.ptr);
    staging = { m, ptr: 0, size: 0 }; // if the allocation below throws, nothing points at freed memory
    const size = Math.max(bytes, 4096);
    staging = { m, ptr: allocate(m, size, what), size };
  }
  return staging.ptr;
}

export function releaseBlock(m, ptr) {
  if (ptr !== staging.ptr || m !== staging.m) m._free(ptr);
}

/** Bytes of a typed array, as a Uint8Array over the same memory. */
export function bytesOf(view) {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

// Arithmetic, not bitwise: sizes may pass 2^31, where bitwise ops would wrap.
export const align16 = (n) => Math.ceil(n / 16) * 16;

// Views of wasm memory by typed-array class. Memory growth detaches the old buffer, which
// leaves a view over it with length 0: then it is made again.
const views = new Map();

function heapView(m, Class) {
  let view = views.get(Class);
  if (view === undefined || view.length === 0) {
    view = new Class(m.HEAPU8.buffer);
    views.set(Class, view);
  }
  return view;
}

// The platform's own typed-array classes: between two of the same class, set() and slice() copy
// bytes (the spec requires bit-exact copies then), with no view made per call. Subclasses take
// the byte path, so that a result keeps the caller's class.
const BUILTIN = new Set([Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array, BigInt64Array, BigUint64Array]);
if (typeof globalThis.Float16Array === 'function') BUILTIN.add(globalThis.Float16Array);

/** Copies a typed array's bytes into wasm memory at byte address ptr (aligned to its elements). */
export function copyIn(m, data, ptr) {
  const Class = data.constructor;
  if (BUILTIN.has(Class)) heapView(m, Class).set(data, ptr / data.BYTES_PER_ELEMENT);
  else m.HEAPU8.set(bytesOf(data), ptr);
}

// In Node, Buffer.allocUnsafe skips the zero fill that a new typed array must do, and takes freed
// heap memory where a large new ArrayBuffer would take fresh pages (4M float32 results: ~0.3 ms
// less each here). Only for arrays whose every byte is written before anyone sees them, and only
// when the buffer is the array's own (a pool slice would share its ArrayBuffer).
const allocUnsafe = typeof globalThis.Buffer?.allocUnsafe === 'function' ? globalThis.Buffer.allocUnsafe : null;
const UNFILLED_MIN_BYTES = 1 << 16;

/** A new Carrier of n elements, for the caller to overwrite entirely. */
export function resultArray(Carrier, n) {
  const bytes = n * Carrier.BYTES_PER_ELEMENT;
  if (allocUnsafe !== null && bytes >= UNFILLED_MIN_BYTES && BUILTIN.has(Carrier)) {
    const b = allocUnsafe(bytes);
    if (b.byteOffset === 0 && b.buffer.byteLength === bytes) return new Carrier(b.buffer, 0, n);
  }
  return new Carrier(n);
}

/** A new Carrier holding the n elements at byte address ptr of wasm memory. */
export function copyOut(m, Carrier, ptr, n) {
  if (BUILTIN.has(Carrier)) {
    const start = ptr / Carrier.BYTES_PER_ELEMENT;
    const heap = heapView(m, Carrier);
    if (n * Carrier.BYTES_PER_ELEMENT < UNFILLED_MIN_BYTES) return heap.slice(start, start + n);
    const data = resultArray(Carrier, n);
    data.set(heap.subarray(start, start + n));
    return data;
  }
  return copyOutInto(m, new Carrier(n), ptr);
}

/** Fills a typed array (whole) with the bytes at byte address ptr of wasm memory; returns it. */
export function copyOutInto(m, view, ptr) {
  bytesOf(view).set(new Uint8Array(m.HEAPU8.buffer, ptr, view.byteLength));
  return view;
}
