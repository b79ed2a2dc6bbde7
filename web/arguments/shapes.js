// Shapes as the caller gives them, read once into a fresh array of checked dims.
import { LIMITS } from '../module/abi.js';
import { describe } from '../format.js';
import { isArray } from '../intrinsics.js';
import { ownValue } from '../records.js';

/**
 * Each dim read once (own elements only: a hole is not filled from Array.prototype), then the
 * copy checked: what is checked is what is used. With `dynamic`, a dim may also be -1 (unknown,
 * for broadcastShapes: checkStatic refuses it afterwards where the caller did not ask for it).
 */
export function readShape(shape, what, dynamic = false) {
  if (!isArray(shape, what, ': shape')) {
    throw new TypeError(`${what}: shape must be an array of dims, got ${describe(shape)}`);
  }
  const rank = shape.length;
  if (!Number.isInteger(rank) || rank < 0) throw new TypeError(`${what}: shape has no valid length`);
  if (rank > LIMITS.maxRank) {
    throw new RangeError(`${what}: shape has ${rank} dims; at most ${LIMITS.maxRank} are supported`);
  }
  const dims = new Array(rank);
  for (let i = 0; i < rank; ++i) {
    const d = ownValue(shape, i);
    if (typeof d !== 'number' || !Number.isInteger(d) || d < (dynamic ? -1 : 0) || d > LIMITS.maxDim) invalidDim(dims, i, rank, d, what, dynamic);
    dims[i] = d;
  }
  return dims;
}

/** Refuses a -1 that readShape(..., true) let through, with the message readShape gives. */
export function checkStatic(dims, what) {
  const i = dims.indexOf(-1);
  if (i >= 0) invalidDim(dims, i, dims.length, -1, what, true);
}

// `dynamic`: where the caller could have asked for unknown dims (broadcastShapes), say how.
function invalidDim(dims, i, rank, d, what, dynamic) {
  const shown = dims.slice(0, i).concat(['?']).join(',');
  throw new RangeError(`${what}: shape [${shown}${i + 1 < rank ? ',…' : ''}] has an invalid dim ${describe(d)} ` +
    `at axis ${i} (dims are integers from 0 to ${LIMITS.maxDim}${dynamic ? '; -1, an unknown dim, with dynamic: true' : ''})`);
}

/** Element count of checked dims (exact below 2^53; beyond it no tensor can exist anyway). */
export function elementCount(dims) {
  let n = 1;
  for (let i = 0; i < dims.length; ++i) {
    if (dims[i] === 0) return 0; // before a product of huge dims reaches Infinity (0 * Infinity is NaN)
    n *= dims[i];
  }
  return n;
}
