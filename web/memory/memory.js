// Wasm heap allocation for one call, copies between JS typed arrays and wasm memory, and which
// buffers are wasm memory. Views of a heap are taken after the call's last allocation (growth
// detaches older ones of a non-shared memory) and only ever through the built-in classes and
// set(): no caller code runs in a copy. Every function takes the instance (instance.js) whose
// memory it works on.
import { later } from '../lifecycle.js';
import {
  MapClass, Uint32ArrayClass, Uint8ArrayClass, arrayBufferByteLength, floor, isShared, mapGet, mapSet, max, memoryBuffer,
  memoryGrow, min, sharedByteLength, typedArrayBuffer, typedArrayByteOffset, typedArraySet, uncurry,
} from '../intrinsics.js';

/** wasm32 with a 2 GiB memory: no tensor this large can be allocated. */
export const MAX_BYTES = 2 ** 31 - 1;

/**
 * @param what a function giving the thing's name, for the error (built only on failure); null:
 *   0 on failure, no error
 */
export function allocate(inst, bytes, what) {
  const ptr = bytes <= MAX_BYTES ? inst.core.malloc(max(bytes, 1)) : 0;
  if (ptr === 0 && what !== null) throw later(() => noRoom(what(), bytes));
  return ptr;
}

/** The RangeError for `what` (its name), which needs `bytes` that wasm memory cannot provide. */
export const noRoom = (what, bytes) => new RangeError(`${what} needs ${bytes} bytes, more than wasm memory can provide`);

// Small ops reuse one staging block per instance instead of a malloc/free pair per call. It is
// bounded, so memory stays flat; larger calls allocate and free their own.
const STAGING_LIMIT = 1 << 21;

/** A block of at least `bytes` for one call, or 0 where wasm memory has no room; give it back with releaseBlock. */
export function acquireBlock(inst, bytes) {
  if (bytes > STAGING_LIMIT) return allocate(inst, bytes, null);
  const staging = inst.staging;
  if (staging.size < bytes) {
    if (staging.ptr !== 0) inst.core.free(staging.ptr);
    staging.ptr = 0; // if the allocation below throws, nothing points at freed memory
    staging.size = 0;
    const size = max(bytes, 4096);
    const ptr = allocate(inst, size, null);
    if (ptr !== 0) {
      staging.ptr = ptr;
      staging.size = size;
    }
    return ptr;
  }
  return staging.ptr;
}

export function releaseBlock(inst, ptr) {
  if (ptr !== inst.staging.ptr) inst.core.free(ptr);
}

/** Frees the kept staging block (the leak tests measure wasm memory in use without it). */
export function freeStagingBlock(inst) {
  if (inst.staging.ptr !== 0) inst.core.free(inst.staging.ptr);
  inst.staging.ptr = 0;
  inst.staging.size = 0;
}

// ---- which buffers are wasm memory -----------------------------------------------------------

// Every buffer a wasm memory has had that a view may still be over, with its instance. A
// non-shared memory's old buffers are detached when it grows; a shared memory's stay valid views
// of the same bytes (shorter), and every SharedArrayBuffer object over it (one that came back
// through postMessage, a structuredClone) is the same memory too: those are recognised by a probe
// and remembered here.
const heapBuffers = new WeakMap();
const rememberBuffer = uncurry(WeakMap.prototype.set);
const rememberedInstance = uncurry(WeakMap.prototype.get);

/** The instance's memory's buffer now, remembered as one of its buffers. */
export function heapBuffer(inst) {
  const { buffer } = heapNow(inst);
  if (buffer !== inst.views.remembered) {
    rememberBuffer(heapBuffers, buffer, inst);
    inst.views.remembered = buffer;
  }
  return buffer;
}

// Small arrays known to be plain: over an ArrayBuffer of at most 64 bytes that is neither
// resizable nor wasm memory. None of that can change for an array (wasm memory is made by wasm,
// never from a caller's buffer), so such an array is settled by its length alone and its buffer
// is left unread: V8 keeps typed arrays of up to 64 bytes on its own heap and makes their buffer
// only when it is first asked for, which moves the bytes (~1 µs, more than a small call). Kept
// here: the last four such arrays a caller gave and the last two small results (so that a chain
// of small ops reads none), each list apart so that results do not push out operands used call
// after call. A weak set of them cost more than it saved (its entries slow the collector);
// holding them keeps at most six arrays of 64 bytes alive.
export const SMALL_BYTES = 64;
const givenPlain = [null, null, null, null];
let nextGiven = 0;
let madePlain0 = null;
let madePlain1 = null;
export const isPlainArray = (x) => x === madePlain0 || x === madePlain1 || x === givenPlain[0] || x === givenPlain[1] ||
  x === givenPlain[2] || x === givenPlain[3];
/** A caller's small array, found plain by settle() (arguments.js). */
export function rememberPlainArray(x) {
  givenPlain[nextGiven] = x;
  nextGiven = (nextGiven + 1) & 3;
}
function rememberSmallResult(x) {
  madePlain1 = madePlain0;
  madePlain0 = x;
}

/** A source's buffer (arguments.js), read where a copy or an overlap check needs it. */
export function bufferOf(source) {
  if (source.buffer === null) source.buffer = typedArrayBuffer(source.view);
  return source.buffer;
}

// The instance whose memory is shared, for the probe (set by the loader).
let sharedInstance = null;
export function setSharedInstance(inst) {
  sharedInstance = inst;
}

const otherBuffers = new WeakSet();
const rememberOther = uncurry(WeakSet.prototype.add);
const isOther = uncurry(WeakSet.prototype.has);
const random = Math.random;
let probes = 0;

/**
 * The instance whose memory a buffer is (or was), or null: a buffer the library handed out, or a
 * SharedArrayBuffer that shows the two words just written to the shared memory's probe (two
 * fresh random values: no other buffer can show them). `shared`: isShared(buffer), when the
 * caller has it.
 */
export function heapInstance(buffer, shared = isShared(buffer)) {
  const inst = rememberedInstance(heapBuffers, buffer);
  if (inst !== undefined) return inst;
  if (sharedInstance === null || !shared || isOther(otherBuffers, buffer)) return null;
  const word = sharedInstance.W.probe;
  if (sharedByteLength(buffer) < (word + 2) * 4) return null;
  const { u32 } = heapNow(sharedInstance);
  const x = floor(random() * 2 ** 32) >>> 0;
  const y = (floor(random() * 2 ** 32) ^ ++probes) >>> 0;
  u32[word] = x;
  u32[word + 1] = y;
  const seen = new Uint32ArrayClass(buffer, word * 4, 2);
  if (seen[0] !== x || seen[1] !== y) {
    rememberOther(otherBuffers, buffer); // a SharedArrayBuffer never becomes wasm memory later
    return null;
  }
  rememberBuffer(heapBuffers, buffer, sharedInstance);
  return sharedInstance;
}

// Arithmetic, not bitwise: sizes may pass 2^31, where bitwise ops would wrap.
export const align16 = (n) => align(n, 16);

/**
 * The instance's memory now as { buffer, u8, u32 }: its buffer, read through the built-in getter
 * (never a property a caller can replace), and views of it made with the built-in classes. The
 * glue's own views (HEAPU8...) are not used: they are not updated when growHeap() below grows the
 * memory. Memory grows only there (the core's allocator, on this thread), so the views are made
 * again only after it has.
 */
export function heapNow(inst) {
  const h = inst.heap;
  if (h.growths !== growths) {
    const buffer = memoryBuffer(inst.memory);
    h.buffer = buffer;
    h.u8 = new Uint8ArrayClass(buffer);
    h.u32 = new Uint32ArrayClass(buffer);
    h.growths = growths;
  }
  return h;
}

let growths = 0; // memories grown since the package loaded (heapNow remakes views after one)

/**
 * The heap's growth, which the core's allocator asks for (the module's one imported function):
 * `memory` grown to hold at least `requested` bytes (at most maxBytes); true if it did. As
 * Emscripten's own: 20 % more than the old size where that fits (fewer growths for a heap that
 * keeps growing), at most 96 MiB beyond the request, a whole number of 64 KiB pages, then less
 * over-growth if the memory refuses. Only built-ins captured at load run here: it is called from
 * inside a call, while wasm memory is in use (the glue's version read the memory's buffer and
 * grow, Math.min and the typed-array globals as they were at the time).
 */
export function growHeap(memory, requested, maxBytes) {
  const old = byteLengthOf(memoryBuffer(memory));
  requested >>>= 0;
  if (requested > maxBytes) return false;
  for (let cutDown = 1; cutDown <= 4; cutDown *= 2) {
    const overGrown = min(old * (1 + 0.2 / cutDown), requested + 100663296);
    const size = min(maxBytes, align(max(requested, overGrown), 65536));
    try {
      memoryGrow(memory, floor((size - old + 65535) / 65536));
      ++growths;
      return true;
    } catch { /* refused: try with less */ }
  }
  return false;
}

// n rounded up to a multiple of `to` (arithmetic, as align16).
const align = (n, to) => -floor(-n / to) * to;
const byteLengthOf = (buffer) => (isShared(buffer) ? sharedByteLength(buffer) : arrayBufferByteLength(buffer));

// A whole-heap view of a class, made again when the heap's views change (growth: the glue makes
// new ones for the new buffer), given as its u8 view (heapNow). The last one asked for is kept at hand:
// calls in a row mostly stage one class.
function heapView(inst, u8, Class) {
  const v = inst.views;
  if (v.u8 === u8 && v.lastClass === Class) return v.lastView;
  if (v.u8 !== u8) {
    v.byClass = new MapClass();
    v.u8 = u8;
  }
  let view = mapGet(v.byClass, Class);
  if (view === undefined) {
    view = new Class(typedArrayBuffer(u8));
    mapSet(v.byClass, Class, view);
  }
  v.lastClass = Class;
  v.lastView = view;
  return view;
}

/**
 * Copies elements [first, first + count) of an operand's source (arguments.js) to byte address
 * ptr of the instance's memory (aligned to the elements), given as its u8 view (heapNow) (taken after the
 * call's last allocation). Between arrays of one built-in class set() copies bits; it reads the
 * source through a view fixed at the length that was checked (source.fixed), never one that
 * tracks a buffer's length. A source in this memory is moved within it by wasm (memory.copy).
 */
export function copyIn(inst, u8, source, ptr, first, count) {
  const size = source.size;
  if (source.heapAddress >= 0) {
    inst.core.move(ptr, source.heapAddress + first * size, count * size);
  } else if (first === 0 && count === source.length) {
    typedArraySet(heapView(inst, u8, source.Class), source.fixed, ptr / size);
  } else {
    const part = new source.Class(bufferOf(source), source.byteOffset + first * size, count);
    typedArraySet(heapView(inst, u8, source.Class), part, ptr / size);
  }
}

/**
 * Copies count elements at byte address ptr of the instance's memory (its u8 view given) into
 * `into` (a typed array of Class, fixed length) from element `at`. The view it reads through is
 * kept while the same range is asked for again: small ops use the same staging block call after
 * call, and making the view was a good part of their cost.
 */
export function copyOut(inst, u8, Class, ptr, count, into, at) {
  typedArraySet(into, outView(inst, u8, Class, ptr, count), at);
}

function outView(inst, u8, Class, ptr, count) {
  const v = inst.views;
  if (v.outU8 !== u8 || v.outClass !== Class || v.outPtr !== ptr || v.outCount !== count) {
    v.out = new Class(typedArrayBuffer(u8), ptr, count);
    v.outU8 = u8;
    v.outClass = Class;
    v.outPtr = ptr;
    v.outCount = count;
  }
  return v.out;
}

/**
 * A new Carrier (a built-in class) holding a copy of the count elements at byte address ptr of
 * the instance's memory (its u8 view given), for a result of at most SMALL_BYTES: one built-in
 * call allocates and copies (the typed-array constructor given a typed array reads its slots: no
 * species, no caller code). Larger results took longer this way than allocated, then set().
 */
export function smallResult(inst, u8, Carrier, ptr, count) {
  const array = new Carrier(outView(inst, u8, Carrier, ptr, count));
  if (count > 0) rememberSmallResult(array);
  return array;
}

// In Node, Buffer.allocUnsafeSlow skips the zero fill that a new typed array must do, and takes
// freed heap memory where a large new ArrayBuffer would take fresh pages (docs/performance.md,
// "Where the time goes"). Only for arrays whose every byte is written before anyone sees them.
// Not allocUnsafe: it reads Buffer.poolSize, a property anyone can redefine with a getter, which
// would then run inside a call; allocUnsafeSlow, taken here when the package loads, reads nothing
// of the kind and never hands out a slice of a shared pool.
const allocUnsafe = typeof globalThis.Buffer?.allocUnsafeSlow === 'function' ? globalThis.Buffer.allocUnsafeSlow : null;
const UNFILLED_MIN_BYTES = 1 << 16;

/** A new Carrier (a built-in class) of n elements, for the caller to overwrite entirely. */
export function resultArray(Carrier, n) {
  const bytes = n * Carrier.BYTES_PER_ELEMENT;
  if (allocUnsafe !== null && bytes >= UNFILLED_MIN_BYTES) {
    const b = allocUnsafe(bytes);
    const buffer = typedArrayBuffer(b);
    if (typedArrayByteOffset(b) === 0 && arrayBufferByteLength(buffer) === bytes) return new Carrier(buffer, 0, n);
  }
  const array = new Carrier(n);
  if (bytes <= SMALL_BYTES && n > 0) rememberSmallResult(array);
  return array;
}
