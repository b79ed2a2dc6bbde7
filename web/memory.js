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
