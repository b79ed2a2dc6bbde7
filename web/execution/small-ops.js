// Small programs on JS arrays, computed in JS: an op or an expression (program.js) whose output
// has at most a few dozen elements. Below that, copying the inputs into wasm memory and the
// result out of it costs more than the arithmetic (docs/performance.md, "Small ops computed in
// JS"); JS loops over the caller's arrays do neither.
//
// No rule of the arithmetic is written here or by hand: the loops (small-loops.js) are written
// by scripts/small-loops.mjs from what the core says of each op and dtype, for the dtypes where
// JS arithmetic gives the core's bits (floats of binary32 and binary64, integers of at most 32
// bits); that script says why they agree. A node's result is stored in an array of the dtype,
// which rounds or wraps it as the core does, before the next node reads it. Every other program
// runs in the core.
// The suites run on these loops too: testing.smallOps 'always' (tests/js/threads-mode.js,
// TW_SMALL_OPS) sends every program they can take here, whatever its size.
import { LIMITS, OPS, onAbi } from '../module/abi.js';
import { DTYPES, resultClass } from '../dtypes/dtypes.js';
import { TYPED_ARRAY_CLASSES, hasOwn, ownArray } from '../intrinsics.js';
import { testing } from '../module/loader.js';
import { resultArray } from '../memory/memory.js';
import { SMALL_LOOPS, SMALL_STORES } from './small-loops.js';

/**
 * Outputs of at most this many elements are computed here. Up to it the loops took less time
 * than the core's path (staging, the core's call, the copy out); at twice as many they tied, and
 * at 64 the core was faster (docs/performance.md, "Expressions and casts").
 */
export const SMALL_OPS_MAX = 16;

const Float64ArrayClass = TYPED_ARRAY_CLASSES.get('Float64Array');
const Int32ArrayClass = TYPED_ARRAY_CLASSES.get('Int32Array');

// LOOPS[op code][dtype code] and STORES[dtype code]: a function of small-loops.js or null.
let LOOPS = [];
let STORES = [];
// Own entries only: a name the file lacks is never looked up on Object.prototype.
const own = (table, name) => (hasOwn(table, name) ? table[name] : null);
onAbi(() => {
  const loops = [], stores = [];
  for (const op of Object.values(OPS)) {
    loops[op.code] = [];
    const forOp = own(SMALL_LOOPS, op.name);
    for (const info of Object.values(DTYPES)) loops[op.code][info.code] = forOp === null ? null : own(forOp, info.name);
  }
  for (const info of Object.values(DTYPES)) stores[info.code] = own(SMALL_STORES, info.name);
  LOOPS = loops;
  STORES = stores;
  SCRATCH = ownArray(Object.keys(DTYPES).length, () => null);
});

// Per dtype (by code), arrays of its storage class that programs compute in: a value per input
// that is one element (read once: another thread may be writing a shared buffer, and each result
// must see one value, as the core's copy of it does) and per literal, and a run per node. (Made
// while a call stages: arrays of own elements, intrinsics.js's ownArray.)
let SCRATCH = [];
function scratchOf(info, n) {
  let s = SCRATCH[info.code];
  if (s === null || s.length < n) { // longer runs only where testing.smallOps is 'always'
    // (Loops and classes taken at load: this runs while a call stages.)
    const length = n > SMALL_OPS_MAX ? n : SMALL_OPS_MAX;
    const arrays = (count, size) => ownArray(count, () => new info.Storage(size));
    s = {
      held: arrays(LIMITS.maxInputs, 1), literals: arrays(LIMITS.maxLiterals, 1), nodes: arrays(LIMITS.maxNodes, length),
      wide: new Float64ArrayClass(length), length,
    };
    SCRATCH[info.code] = s;
  }
  return s;
}

// Each value's array, where it starts and its step (0: one element for all), for the program in
// progress.
let arrays = [];
let starts = new Int32Array(0);
let steps = new Int32Array(0);
let valuesRoom = 0; // their length (a typed array's length getter can be replaced by a caller)

/**
 * The program computed here, or null when it is not one for this path: the output too large
 * (unless testing.smallOps is 'always'), an op without a loop for the dtype, an input neither
 * laid out like the output nor one element, of another dtype, strided, or a view of wasm
 * memory, an integer x/0 to refuse (onZeroDivision 'error'), or an array whose stores do not
 * wrap (a Uint8ClampedArray out). The caller has planned the program (`plan`: plans.js; `shape`,
 * n elements) and checked out's length.
 */
export function runSmall(call, plan, inputs, shape, n) {
  const mode = testing.smallOps;
  if (mode === 'never' || (n > SMALL_OPS_MAX && mode !== 'always') || call.zeroIsError) return null;
  const { info, out } = call;
  const program = call.operator.program;
  const { nodes } = program;
  const store = STORES[info.code];
  if (store === null || nodes.length === 0) return null;
  const loops = LOOPS;
  for (let j = 0; j < nodes.length; ++j) if (loops[nodes[j][0]][info.code] === null) return null;
  const count = inputs.length;
  for (let i = 0; i < count; ++i) {
    const x = inputs[i];
    if (x.kind !== 'host' || x.dtype !== info.name || x.strides !== null || x.source.heapAddress >= 0 || (x.n !== n && x.n !== 1)) return null;
  }
  let data = null;
  if (out === null) {
    if (resultClass(inputs[0], info) !== info.Storage) return null;
    data = resultArray(info.Storage, n);
  } else if (out.kind !== 'host' || out.source.heapAddress >= 0 || out.source.Class !== info.Storage) {
    return null;
  }
  const s = scratchOf(info, n);
  const last = nodes.length - 1;
  if (last === 0 && plan.literals.count === 0) {
    // One op over inputs (every single op): its operands straight to the loop.
    const node = nodes[0];
    const x = inputs[node[1]], y = inputs[node[2]];
    const xs = x.n === n && n !== 1 ? 1 : 0, ys = y.n === n && n !== 1 ? 1 : 0;
    const result = data ?? (info.bytes === 8 ? s.nodes[0] : s.wide);
    LOOPS[node[0]][info.code](xs ? x.source.fixed : held(s, node[1], x), xs * x.first, xs, ys ? y.source.fixed : held(s, node[2], y), ys * y.first, ys, result, n);
    return finish(data, out, store, result, shape, info, n);
  }
  const values = LIMITS.nodeBase + nodes.length;
  if (valuesRoom < values) {
    arrays = ownArray(values, () => null);
    starts = new Int32ArrayClass(values);
    steps = new Int32ArrayClass(values);
    valuesRoom = values;
  }
  for (let i = 0; i < count; ++i) {
    const x = inputs[i];
    if (x.n === n && n !== 1) {
      arrays[i] = x.source.fixed;
      starts[i] = x.first;
      steps[i] = 1;
    } else {
      arrays[i] = held(s, i, x);
      starts[i] = 0;
      steps[i] = 0;
    }
  }
  // The literals as elements of the dtype (program.js).
  const literals = plan.literals.values;
  for (let j = 0; j < literals.length; ++j) {
    const cell = s.literals[j];
    cell[0] = literals[j];
    const v = LIMITS.literalBase + j;
    arrays[v] = cell;
    starts[v] = 0;
    steps[v] = 0;
  }
  // Every node into an array of the dtype; the last one into the new result, or into a scratch
  // run of doubles from which `out` is stored (out may overlap an input at another offset: all
  // results are computed before the first is stored, and a double holds each exactly).
  for (let j = 0; j <= last; ++j) {
    const node = nodes[j];
    const a = node[1], b = node[2];
    const y = j < last ? s.nodes[j] : data ?? (info.bytes === 8 ? s.nodes[j] : s.wide);
    LOOPS[node[0]][info.code](arrays[a], starts[a], steps[a], arrays[b], starts[b], steps[b], y, n);
    const v = LIMITS.nodeBase + j;
    arrays[v] = y;
    starts[v] = 0;
    steps[v] = 1;
  }
  return finish(data, out, store, arrays[LIMITS.nodeBase + last], shape, info, n);
}

// Input i of one element, read once into a cell of its own: another thread may be writing a
// shared buffer, and each result must see one value, as the core's copy of it does.
function held(s, i, x) {
  const cell = s.held[i];
  cell[0] = x.source.fixed[x.first];
  return cell;
}

// The call's result: the new array the last node wrote, or `out` stored from its run.
function finish(data, out, store, result, shape, info, n) {
  if (data !== null) return { data, shape, dtype: info.name };
  store(result, out.source.fixed, n);
  return { data: out.source.view, shape, dtype: info.name };
}
