// wasm heap allocation for one call. Views into the heap are always taken from the module
// after the last allocation (memory growth detaches older ones).
import { MAX_BYTES } from './shapes.js';

export function allocate(m, bytes, what) {
  const ptr = bytes <= MAX_BYTES ? m._malloc(Math.max(bytes, 1)) : 0;
  if (ptr === 0) {
    throw new RangeError(`${what} needs ${bytes} bytes, more than wasm memory can provide`);
  }
  return ptr;
}

/** Bytes of a typed array, as a Uint8Array over the same memory. */
export function bytesOf(view) {
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

// Arithmetic, not bitwise: sizes may pass 2^31, where bitwise ops would wrap.
export const align16 = (n) => Math.ceil(n / 16) * 16;
