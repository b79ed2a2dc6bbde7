// Plans, XNNPACK's operator model: an operator (one op, or an expression: a program of
// program.js) is made once and owns its plans; a plan is the operator made ready for one set of
// inputs (their dtypes, shapes and layouts) under one broadcast mode in one build. Its core part
// (src/plan.h: the compressed dims, blocks, homes and kernels) lives in a slot of that build's
// wasm memory; JS keeps what it was made from and what the core said of it (the output's shape,
// the workspace per thread, where threads may split it). A call whose inputs are those of one of
// the operator's plans uses it as it is: no core call, nothing made.
//
// The slots are few and fixed (instance.js): a plan whose slot another plan has taken since is
// made again, in the least recently used one. Nothing here runs caller code: a call reads and
// settles its arguments before it asks for a plan.
import { LIMITS, REDUCTION_CODE, STATUS, requires } from '../module/abi.js';
import { DTYPES } from '../dtypes/dtypes.js';
import { heapNow } from '../memory/memory.js';
import { floor, max, min, ownArray } from '../intrinsics.js';
import { PLAN_SLOTS } from '../module/instance.js';
import { later } from '../lifecycle.js';

requires('status', ['ok']);

/** An axis as the scratch area's int32 word holds it (an integer beyond int32 clamped to its range). */
export const clampInt32 = (x) => max(-(2 ** 31), min(2 ** 31 - 1, x));

/**
 * An operator: `program` (program.js: { inputs, nodes: [[op code, a, b]...], result,
 * literalsOf(info) }) and up to `kept` plans, the most recently used first (`count` of them, in
 * an array of `kept` own elements: plans are made while a call stages, where writing a fresh
 * index could reach a setter on Array.prototype).
 */
export function makeOperator(program, kept) {
  return { program, kept, count: 0, plans: ownArray(kept, () => null) };
}

let clock = 0; // each use of a slot is stamped: the least recently used has the lowest stamp

/**
 * The plan of `operator` for these inputs (operand records of arguments.js, in the build `inst`),
 * computation dtype `info`, the dtype `store` its result is stored in, and broadcast mode, with the program's `literals` in that dtype
 * (program.js, literalsOf): one it has, or one made now. The plan's record: { status, shape,
 * conflict, row, align, heavy, rows, workspaceBytes, slot, address (of its slot), literals } and
 * what it was made from.
 */
export function planFor(operator, inst, info, store, inputs, mode, literals) {
  const plans = operator.plans;
  const axis = mode.hasAxis ? clampInt32(mode.axis) : -1; // an int32 in the word's bits
  let p = null;
  for (let i = 0; i < operator.count; ++i) {
    if (matches(plans[i], inst, info, store, inputs, mode, axis)) {
      p = plans[i];
      if (i > 0) { // to the front: the plan a loop of calls repeats is found first
        plans[i] = plans[0];
        plans[0] = p;
      }
      break;
    }
  }
  if (p === null) {
    const layouts = ownArray(inputs.length, (i) => layoutOf(inputs[i]));
    p = {
      inst, dtype: info.code, store: store.code, mode: mode.code, hasAxis: mode.hasAxis, axis, inputs: layouts, literals,
      slot: -1, address: 0, status: 0, shape: null, conflict: -1, row: 1, align: 1, heavy: false, rows: false, workspaceBytes: 0,
    };
    // To the front; the least recently used one goes when there are `kept` already. (Loops,
    // not the arrays' methods: nothing a caller can replace runs while a call stages.)
    const last = operator.count === operator.kept ? operator.count - 1 : operator.count;
    if (last < operator.count) release(plans[last]);
    else operator.count += 1;
    for (let i = last; i > 0; --i) plans[i] = plans[i - 1];
    plans[0] = p;
    make(operator.program, p);
    return p;
  }
  if (p.status === STATUS.ok && inst.slots.owner[p.slot] !== p) make(operator.program, p);
  else if (p.slot >= 0) inst.slots.stamp[p.slot] = ++clock;
  return p;
}


function release(p) {
  if (p.slot >= 0 && p.inst.slots.owner[p.slot] === p) p.inst.slots.owner[p.slot] = null;
  p.slot = -1;
}

// An input's layout as a plan compares it: dtype (its name), dims and a view's strides (null: contiguous).
function layoutOf(x) {
  return { dtype: x.dtype, shape: ownCopy(x.shape), strides: x.kind === 'host' && x.strides !== null ? ownCopy(x.strides) : null };
}

/**
 * A copy of an array of dims (ownArray: no index written through a prototype, and no species
 * looked up as Array.prototype.slice would), which may be made while a call stages.
 */
export const ownCopy = (dims) => ownArray(dims.length, (i) => dims[i]);

function matches(p, inst, info, store, inputs, mode, axis) {
  if (p.inst !== inst || p.dtype !== info.code || p.store !== store.code || p.mode !== mode.code || p.hasAxis !== mode.hasAxis || p.axis !== axis) return false;
  const own = p.inputs;
  if (own.length !== inputs.length) return false;
  for (let i = 0; i < own.length; ++i) {
    const x = inputs[i], y = own[i];
    if (x.dtype !== y.dtype || !sameDims(x.shape, y.shape)) return false;
    const strides = x.kind === 'host' ? x.strides : null;
    if (strides !== y.strides && (strides === null || y.strides === null || !sameDims(strides, y.strides))) return false;
  }
  return true;
}

export function sameDims(x, y) {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; ++i) if (x[i] !== y[i]) return false;
  return true;
}

// The least recently used slot, for p.
function claimSlot(p) {
  const s = p.inst.slots;
  let best = 0;
  for (let i = 1; i < PLAN_SLOTS; ++i) if (s.stamp[i] < s.stamp[best]) best = i;
  const previous = s.owner[best];
  if (previous !== null) previous.slot = -1;
  s.owner[best] = p;
  s.stamp[best] = ++clock;
  p.slot = best;
  p.address = s.ptr + best * LIMITS.planBytes;
}

// The plan made in the core, in a slot of its own: the program and the inputs' layouts written
// into the scratch area, tw_reshape, and what it says read back.
function make(program, p) {
  const { inst } = p;
  claimSlot(p);
  const { W } = inst;
  const { u32 } = heapNow(inst);
  u32[W.dtype] = p.dtype;
  u32[W.storeDtype] = p.store;
  u32[W.inputs] = p.inputs.length;
  u32[W.nodes] = program.nodes.length;
  u32[W.result] = program.result;
  // A reduction's code and keepdims, and its axes (reductions.js); none for an element-wise program.
  u32[W.reduction] = program.reduce === null ? REDUCTION_CODE.none : program.reduce.word;
  u32[W.reduceAxes] = program.reduce === null ? 0 : program.reduce.axes;
  u32[W.literals] = p.literals.count;
  for (let j = 0; j < program.nodes.length; ++j) {
    const node = program.nodes[j];
    u32[W.nodeWords + j] = node[0] | (node[1] << 8) | (node[2] << 16);
  }
  const words = p.literals.words;
  for (let j = 0; j < 2 * p.literals.count; ++j) u32[W.literalWords + j] = words[j];
  for (let i = 0; i < p.inputs.length; ++i) {
    const { dtype, shape, strides } = p.inputs[i];
    u32[W.inputDtypes + i] = DTYPES[dtype].code;
    writeShape(u32, W, i, shape, strides);
  }
  writeMode(u32, W, p.mode, p.hasAxis, p.axis);
  p.status = inst.core.reshape(p.address);
  // What the core says is checked before anything loops over it or sizes a block by it: a
  // number that is not one it makes (memory not what it should be) is an error, never a bound.
  const outRank = coreWord(u32[W.outRank], LIMITS.maxRank);
  p.shape = ownArray(outRank, (i) => coreWord(u32[W.outDims + i], LIMITS.maxDim));
  p.conflict = u32[W.conflict] | 0;
  p.row = coreWord(u32[W.row], 2 ** 32 - 1);
  p.align = coreWord(u32[W.align], 2 ** 32 - 1);
  p.heavy = u32[W.heavy] === 1;
  p.rows = u32[W.rows] === 1;
  p.workspaceBytes = coreWord(u32[W.workspaceBytes], 2 ** 31 - 1);
  if (p.status === STATUS.ok && (p.row === 0 || p.align === 0)) throw later(() => unexpected('a row or an alignment of 0'));
  if (p.status !== STATUS.ok) release(p); // nothing to run: the slot is free again
}

/**
 * Input i's shape in the scratch area (its view's strides, or null: contiguous), where tw_reshape
 * and tw_broadcast read it.
 */
export function writeShape(u32, W, i, shape, strides) {
  const at = i * LIMITS.maxRank;
  u32[W.ranks + i] = shape.length;
  u32[W.strided + i] = strides === null ? 0 : 1;
  for (let d = 0; d < shape.length; ++d) u32[W.dims + at + d] = shape[d];
  // A view's strides: int32 words (views.js keeps them in range).
  if (strides !== null) for (let d = 0; d < strides.length; ++d) u32[W.strides + at + d] = strides[d];
}

/** The broadcast mode in the scratch area: its code, and the axis (an int32, clampInt32) if it has one. */
export function writeMode(u32, W, code, hasAxis, axis) {
  u32[W.mode] = code;
  u32[W.hasAxis] = hasAxis ? 1 : 0;
  u32[W.axis] = axis;
}

/**
 * A word the core wrote (a plan's field, a broadcast's dim), if it is an integer in [0, most]:
 * what bounds a loop or sizes a block is checked first; else an error.
 */
export function coreWord(value, most) {
  if (typeof value !== 'number' || !(value >= 0 && value <= most) || value !== floor(value)) throw later(() => unexpected(`the value ${value}`));
  return value;
}

function unexpected(what) {
  return new Error(`tensorwise: the core wrote ${what}, which it never writes; wasm memory is not as it should be`);
}
