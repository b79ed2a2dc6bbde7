// Wasm heap allocation for one call, and copies between JS typed arrays and wasm memory. Views
// of the heap are taken after the call's last allocation (growth detaches older ones) and only
// ever through the built-in classes and set(): no caller code runs in a copy.
import { typedArrayBuffer, typedArraySet, uncurry } from './intrinsics.js';

/** wasm32 with a 2 GiB memory: no tensor this large can be allocated. */
export const MAX_BYTES = 2 ** 31 - 1;

/**
 * @param what a function giving the thing's name, for the error (built only on failure); null:
 *   0 on failure, no error
 */
export function allocate(m, bytes, what) {
  const ptr = bytes <= MAX_BYTES ? m._malloc(Math.max(bytes, 1)) : 0;
  if (ptr === 0 && what !== null) {
    throw new RangeError(`${what()} needs ${bytes} bytes, more than wasm memory can provide`);
  }
  return ptr;
}

// Small ops reuse one staging block instead of a malloc/free pair per call. It is bounded, so
// memory stays flat; larger calls allocate and free their own.
const STAGING_LIMIT = 1 << 21;
let staging = { m: null, ptr: 0, size: 0 };

/** A block of at least `bytes` for one call (`what`: as for allocate); give it back with releaseBlock. */
export function acquireBlock(m, bytes, what) {
  if (bytes > STAGING_LIMIT) return allocate(m, bytes, what);
  if (staging.m !== m || staging.size < bytes) {
    if (staging.m === m && staging.ptr !== 0) m._free(staging.ptr);
    staging = { m, ptr: 0, size: 0 }; // if the allocation below throws, nothing points at freed memory
    const size = Math.max(bytes, 4096);
    const ptr = allocate(m, size, what);
    if (ptr !== 0) staging = { m, ptr, size };
    return ptr;
  }
  return staging.ptr;
}

export function releaseBlock(m, ptr) {
  if (ptr !== staging.ptr || m !== staging.m) m._free(ptr);
}

/** Frees the kept staging block (the leak tests measure wasm memory in use without it). */
export function freeStagingBlock(m) {
  if (staging.m === m && staging.ptr !== 0) m._free(staging.ptr);
  staging = { m: null, ptr: 0, size: 0 };
}

// Every buffer wasm memory has had that a view may still be over. A non-shared memory's old
// buffers are detached when it grows; a shared memory's (the threaded build) stay valid views of
// the same bytes, so a view taken before growth is still a view of wasm memory. The only views a
// caller can hold are made by WasmTensor's data (tensor.js), through heapBuffer: every buffer a
// caller's array can be over is remembered there.
const heapBuffers = new WeakSet();
const rememberBuffer = uncurry(WeakSet.prototype.add);
const isRemembered = uncurry(WeakSet.prototype.has);

let lastBuffer = null;

/** wasm memory's buffer now, remembered as one of its buffers. */
export function heapBuffer(m) {
  const buffer = m.HEAPU8.buffer;
  if (buffer !== lastBuffer) {
    rememberBuffer(heapBuffers, buffer);
    lastBuffer = buffer;
  }
  return buffer;
}

/** Whether a buffer is (or was) wasm memory's. */
export function isHeapBuffer(buffer) {
  return isRemembered(heapBuffers, buffer);
}

// Arithmetic, not bitwise: sizes may pass 2^31, where bitwise ops would wrap.
export const align16 = (n) => Math.ceil(n / 16) * 16;

// Whole-heap views by class, made again when the heap's buffer changes (growth).
let viewsOf = null;
const views = new Map();

function heapView(heap, Class) {
  if (viewsOf !== heap) {
    views.clear();
    viewsOf = heap;
  }
  let view = views.get(Class);
  if (view === undefined) {
    view = new Class(heap);
    views.set(Class, view);
  }
  return view;
}

/**
 * Copies elements [first, first + count) of an operand's source (arguments.js) to byte address
 * ptr of wasm memory (aligned to the elements), given as its HEAPU8 (taken after the call's last
 * allocation). Between arrays of one built-in class set() copies bits.
 */
export function copyIn(u8, source, ptr, first, count) {
  const heap = u8.buffer;
  const size = source.Class.BYTES_PER_ELEMENT;
  if (source.heapAddress >= 0) { // a view of wasm memory: copied within it, at its address now
    const from = source.heapAddress + first * size;
    u8.copyWithin(ptr, from, from + count * size);
  } else if (first === 0 && count === source.length) {
    typedArraySet(heapView(heap, source.Class), source.view, ptr / size);
  } else {
    const buffer = source.buffer ?? typedArrayBuffer(source.view);
    const part = new source.Class(buffer, source.byteOffset + first * size, count);
    typedArraySet(heapView(heap, source.Class), part, ptr / size);
  }
}

// The view copyOut reads through, kept while the same range is asked for again: small ops use
// the same staging block call after call, and making the view was a good part of their cost.
let outView = null;
let outViewHeap = null;
let outViewClass = null;
let outViewPtr = -1;
let outViewCount = -1;

/**
 * Copies count elements at byte address ptr of wasm memory (its HEAPU8 given) into `into` (a
 * typed array of Class) from element `at`.
 */
export function copyOut(u8, Class, ptr, count, into, at) {
  const heap = u8.buffer;
  if (outViewHeap !== heap || outViewClass !== Class || outViewPtr !== ptr || outViewCount !== count) {
    outView = new Class(heap, ptr, count);
    outViewHeap = heap;
    outViewClass = Class;
    outViewPtr = ptr;
    outViewCount = count;
  }
  typedArraySet(into, outView, at);
}

// In Node, Buffer.allocUnsafe skips the zero fill that a new typed array must do, and takes freed
// heap memory where a large new ArrayBuffer would take fresh pages (README, "Performance"). Only
// for arrays whose every byte is written before anyone sees them, and only when the buffer is
// the array's own (a pool slice would share its ArrayBuffer).
const allocUnsafe = typeof globalThis.Buffer?.allocUnsafe === 'function' ? globalThis.Buffer.allocUnsafe : null;
const UNFILLED_MIN_BYTES = 1 << 16;

/** A new Carrier (a built-in class) of n elements, for the caller to overwrite entirely. */
export function resultArray(Carrier, n) {
  const bytes = n * Carrier.BYTES_PER_ELEMENT;
  if (allocUnsafe !== null && bytes >= UNFILLED_MIN_BYTES) {
    const b = allocUnsafe(bytes);
    if (b.byteOffset === 0 && typedArrayBuffer(b).byteLength === bytes) return new Carrier(typedArrayBuffer(b), 0, n);
  }
  return new Carrier(n);
}
