// Small ops on JS arrays, computed in JS. Below a few dozen elements, copying the operands into
// wasm memory and the result out of it costs more than the arithmetic (docs/performance.md,
// "Small ops computed in JS"); a JS loop over the caller's arrays does neither.
//
// No rule of the arithmetic is written here or by hand: the loops (small-loops.js) are written
// by scripts/small-loops.mjs from what the core says of each op and dtype, for the dtypes where
// JS arithmetic gives the core's bits (floats of binary32 and binary64, integers of at most 32
// bits); that script says why they agree. Every other op runs in the core.
// The suites run on these loops too: testing.smallOps 'always' (tests/js/threads-mode.js,
// TW_SMALL_OPS) sends every op they can take here, whatever its size.
import { OPS, onAbi } from './abi.js';
import { DTYPES } from './dtypes.js';
import { hasOwn } from './intrinsics.js';
import { testing } from './loader.js';
import { resultArray } from './memory.js';
import { SMALL_LOOPS, SMALL_STORES } from './small-loops.js';

/**
 * Outputs of at most this many elements are computed here. The wasm path's fixed cost (staging,
 * the core's call, the copy out) is about the time a JS loop takes for this many.
 */
export const SMALL_OPS_MAX = 64;

// LOOPS[op code][dtype code] and STORES[dtype code]: a function of small-loops.js or null;
// HELD[dtype code]: two one-element arrays of its storage class (A's and B's), see held().
let LOOPS = [];
let STORES = [];
let HELD = [];
// Own entries only: a name the file lacks is never looked up on Object.prototype.
const own = (table, name) => (hasOwn(table, name) ? table[name] : null);
onAbi(() => {
  const loops = [], stores = [];
  for (const op of Object.values(OPS)) {
    loops[op.code] = [];
    const forOp = own(SMALL_LOOPS, op.name);
    for (const info of Object.values(DTYPES)) loops[op.code][info.code] = forOp === null ? null : own(forOp, info.name);
  }
  const held = [];
  for (const info of Object.values(DTYPES)) {
    stores[info.code] = own(SMALL_STORES, info.name);
    held[info.code] = stores[info.code] === null ? null : [new info.Storage(1), new info.Storage(1)];
  }
  LOOPS = loops;
  STORES = stores;
  HELD = held;
});

// What the op reads of an operand: all n elements (1), one broadcast over them (0), or neither
// (-1: a broadcast of several dims).
const stepOf = (x, n) => (x.n === n ? 1 : x.n === 1 ? 0 : -1);

// A one-element operand broadcast over the output (step 0), which the loop reads at every
// element, read once into an array of its own (side 0 for A, 1 for B): another thread may be
// writing a shared buffer, and each result must see one value, as the core's copy of it does.
function held(x, side, info) {
  const h = HELD[info.code][side];
  h[0] = x.source.fixed[x.first];
  return h;
}

// Results for `out` (which may overlap an operand at another offset) are all computed here
// before the first is stored: a double holds each exactly, and the store into out rounds or
// wraps it as the store into a new array would.
let scratch = new Float64Array(SMALL_OPS_MAX);

/**
 * The op computed here, or null when it is not one for this path: the output too large (unless
 * testing.smallOps is 'always'), no loop for its op and dtype, an operand neither laid out like
 * the output nor one element, a strided view, a view of wasm memory, an integer x/0 to refuse
 * (onZeroDivision 'error'), or an array whose stores do not wrap (a Uint8ClampedArray out).
 * a and b are host operands (JS arrays); the caller has planned the op (`shape`, n elements) and
 * checked out's length.
 */
export function runSmall(call, a, b, shape, n) {
  const mode = testing.smallOps;
  if (mode === 'never' || (n > SMALL_OPS_MAX && mode !== 'always') || call.zeroIsError || call.core < 0) return null;
  const { info, out } = call;
  const loop = LOOPS[call.core][info.code];
  if (loop === null || a.strides !== null || b.strides !== null || a.dtype !== info.name || b.dtype !== info.name) return null;
  const as = stepOf(a, n), bs = stepOf(b, n);
  if (as < 0 || bs < 0) return null;
  if (a.source.heapAddress >= 0 || b.source.heapAddress >= 0) return null;
  let data = null, o = null;
  if (out === null) {
    const Carrier = a.carrier ?? info.Storage;
    if (Carrier !== info.Storage) return null;
    data = resultArray(Carrier, n);
  } else {
    o = out.source;
    if (out.kind !== 'host' || o.heapAddress >= 0 || o.Class !== info.Storage) return null;
    if (scratch.length < n) scratch = new Float64Array(n);
  }
  // Steps are 0 or 1: an operand read in place starts at its first element, a held one at 0.
  loop(as ? a.source.fixed : held(a, 0, info), as * a.first, as, bs ? b.source.fixed : held(b, 1, info), bs * b.first, bs, data ?? scratch, n);
  if (data !== null) return { data, shape, dtype: info.name };
  STORES[info.code](scratch, o.fixed, n);
  return { data: o.view, shape, dtype: info.name };
}
