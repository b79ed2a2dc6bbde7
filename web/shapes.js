// Shape validation on the JS side: what the core's uint32 scratch words can carry.
import { describe } from './dtypes.js';

export const MAX_RANK = 32; // kMaxRank in src/broadcast.h
export const MAX_DIM = 2 ** 32 - 1;
/** wasm32 with a 2 GiB memory: no tensor this large can be allocated. */
export const MAX_BYTES = 2 ** 31 - 1;

export function checkShape(shape, what) {
  if (!Array.isArray(shape)) {
    throw new TypeError(`${what}: shape must be an array of dims, got ${describe(shape)}`);
  }
  if (shape.length > MAX_RANK) {
    throw new RangeError(`${what}: shape has ${shape.length} dims; at most ${MAX_RANK} are supported`);
  }
  for (let i = 0; i < shape.length; ++i) {
    const d = shape[i];
    if (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > MAX_DIM) {
      throw new RangeError(`${what}: shape ${formatShape(shape)} has an invalid dim ${describe(d)} at axis ${i} ` +
        `(dims are integers from 0 to ${MAX_DIM})`);
    }
  }
  return shape.slice();
}

/** Element count, or Infinity when it exceeds what wasm memory could ever hold. */
export function elementCount(shape) {
  let n = 1;
  for (const d of shape) n *= d;
  if (shape.includes(0)) return 0;
  return n > MAX_BYTES ? Infinity : n;
}

export function formatShape(shape) {
  return `[${shape.map((d) => describe(d)).join(',')}]`;
}
