// One binary op through the core, in one path: plan the broadcast, stage the operands in wasm
// memory, run the plan over the output in chunks, deliver each chunk. A small op is one chunk;
// a large one on JS arrays streams through chunks that stay in cache (copy in, compute, copy
// out: RAM sees A, B and the result once each). Every block of the call is freed in one finally.
//
// The caller has read and settled its arguments (arguments.js) before calling compute(): from
// here to the return no caller code runs (withStaging refuses any call that would start).
import { withStaging } from './loader.js';
import { ARG, MODE_CODE, OP_CODE, SCRATCH, STATUS, onAbi, requires } from './abi.js';
import { broadcastError } from './errors.js';
import { formatShape, withArticle } from './format.js';
import { MAX_BYTES, acquireBlock, align16, copyIn, copyOut, releaseBlock, resultArray } from './memory.js';
import { defaultCarrier } from './dtypes.js';
import { isShared } from './intrinsics.js';
import { elementCount } from './shapes.js';
import { sharing } from './threads.js';

requires('status', ['ok', 'too_large']);
requires('arg', ['op', 'dtype', 'mode', 'has_axis', 'axis', 'a', 'b', 'y', 'count']);

const clampInt32 = (x) => Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, x));

// Word indexes in HEAP32/HEAPU32 of the scratch area's fields (bindings/binding.cc), from the
// module's ABI at init: the static scratch area never moves.
const W = {
  rankA: 0, rankB: 0, dimsA: 0, dimsB: 0, outRank: 0, conflict: 0, row: 0, outDims: 0,
  op: 0, dtype: 0, mode: 0, hasAxis: 0, axis: 0, a: 0, b: 0, y: 0, count: 0,
};
let anyOp = 0; // broadcastShapes plans no op: any will do

// The core's calls (bindings/binding.cc), as the module's wasm exports. The glue's Module._tw_x is
// a wrapper that puts the export in its place on its first call, and the module object is a
// dictionary, slow to look things up in on every call: the exports are taken once, at init,
// after a first call that does nothing (rank-0 shapes planned, an empty range run, no divisor).
const CORE = { plan: null, runRange: null, anyZero: null };

onAbi((m) => {
  const s = m._tw_scratch() >>> 2;
  const args = s + SCRATCH.args;
  Object.assign(W, {
    rankA: s, rankB: s + 1, dimsA: s + SCRATCH.dimsA, dimsB: s + SCRATCH.dimsB, outRank: s + SCRATCH.out,
    conflict: s + SCRATCH.out + 1, row: s + SCRATCH.row, outDims: s + SCRATCH.outDims, op: args + ARG.op,
    dtype: args + ARG.dtype, mode: args + ARG.mode, hasAxis: args + ARG.has_axis, axis: args + ARG.axis, a: args + ARG.a,
    b: args + ARG.b, y: args + ARG.y, count: args + ARG.count,
  });
  anyOp = Object.values(OP_CODE)[0];
  const u32 = m.HEAPU32;
  u32.fill(0, W.rankA, W.count + 1);
  u32[W.op] = anyOp;
  u32[W.mode] = Object.values(MODE_CODE)[0];
  m._tw_plan();
  m._tw_run_range(0, 0);
  m._tw_any_zero();
  Object.assign(CORE, { plan: m._tw_plan, runRange: m._tw_run_range, anyZero: m._tw_any_zero });
});

/**
 * Broadcasts shapeA and shapeB under `mode` (its `code` from the module) in the core and keeps
 * the plan of (op, dtype), given by their codes, there for run calls. Returns { status, shape,
 * conflict }: shape is the output's whenever the shapes broadcast, also when the output is too
 * large to compute (status too_large).
 */
export function plan(m, shapeA, shapeB, mode, opCode, dtypeCode) {
  const u32 = m.HEAPU32;
  u32[W.rankA] = shapeA.length;
  u32[W.rankB] = shapeB.length;
  for (let i = 0; i < shapeA.length; ++i) u32[W.dimsA + i] = shapeA[i];
  for (let i = 0; i < shapeB.length; ++i) u32[W.dimsB + i] = shapeB[i];
  u32[W.op] = opCode;
  u32[W.dtype] = dtypeCode;
  u32[W.mode] = mode.code;
  u32[W.hasAxis] = mode.hasAxis ? 1 : 0;
  u32[W.axis] = mode.hasAxis ? clampInt32(mode.axis) : -1; // an int32 in the word's bits
  const status = CORE.plan();
  const rank = u32[W.outRank];
  const shape = new Array(rank);
  for (let i = 0; i < rank; ++i) shape[i] = u32[W.outDims + i];
  return { status, shape, conflict: u32[W.conflict] | 0, row: u32[W.row] };
}

/** The output shape under mode, for broadcastShapes: its size never matters. */
export function broadcastShape(shapeA, shapeB, mode) {
  return withStaging(shapeOnly, { shapeA, shapeB, mode });
}

function shapeOnly(m, { shapeA, shapeB, mode }) {
  const p = plan(m, shapeA, shapeB, mode, anyOp, 0);
  if (p.status !== STATUS.ok && p.status !== STATUS.too_large) {
    throw broadcastError(p.status, shapeA, shapeB, mode, p.conflict);
  }
  return p.shape;
}

// Chunks of this many bytes per operand, three (two inputs, one output) in cache; larger ones
// took less time here than 128 KiB ones (README, "Performance"), most with the threaded build,
// whose shared memory V8 copies into and out of word by word.
const CHUNK_BYTES = 512 * 1024;
const STREAM_MIN_BYTES = 512 * 1024;

/**
 * @param call { fn, core, divides, info, a, b, mode, out, zeroIsError }: the entry point's name
 *   (for messages), the core op's code, whether it divides, the dtype's record, the operands
 *   as tensors and `out` (arguments.js), the broadcast mode, and whether an integer x/0 throws
 */
export function compute(call) {
  return withStaging(run, call);
}

function run(m, { fn, core, divides, info, a, b, mode, out, zeroIsError }) {
  const p = plan(m, a.shape, b.shape, mode, core, info.code);
  if (p.status === STATUS.too_large) {
    throw new RangeError(`the result of shape ${formatShape(p.shape)} is too large for wasm memory`);
  }
  if (p.status !== STATUS.ok) throw broadcastError(p.status, a.shape, b.shape, mode, p.conflict);
  const shape = p.shape;
  const n = elementCount(shape);
  const es = info.bytes;
  if (out !== null) {
    const length = out.kind === 'resident' ? out.n : out.source.length;
    if (length !== n) {
      throw new RangeError(`${fn}: out holds ${length} elements but the result of shape ${formatShape(shape)} has ${n}`);
    }
  }
  if (n * es > MAX_BYTES) {
    throw new RangeError(`${withArticle(info.name)} result of shape ${formatShape(shape)} needs ${n * es} bytes, ` +
      'more than wasm memory can provide');
  }

  // Where each tensor lives during the call: resident tensors in place; a host operand whole in
  // the block, staged before the first chunk, or (when streaming) a window of `chunk` elements
  // copied per chunk (only an operand laid out like the output); the output in a window
  // delivered per chunk (the whole output when there is one chunk), or in place when resident.
  // A view of wasm memory as `out` (it may overlap a resident operand) takes one chunk and is
  // copied into place at the end.
  const outInHeap = out?.kind === 'host' && out.source.heapAddress >= 0;
  // Streaming needs something to stream: a JS array in or out.
  const hostData = out?.kind !== 'resident' || a.kind === 'host' || b.kind === 'host';
  const chunkable = n * es >= STREAM_MIN_BYTES && !zeroIsError && !outInHeap && hostData;
  // A large op may be shared with the pool's threads; JS arrays are then staged whole, not
  // streamed (the pool decides whether the work pays for that: web/pool.js). If wasm memory
  // cannot hold them whole, they are streamed on this thread alone.
  const pool = sharing.pool;
  let shared = pool !== null && n > 0 && pool.shouldShare(divides, info.name, n, a.n + b.n, hostData);
  let chunk, A, B, yBytes, block;
  for (;;) {
    chunk = chunkable && !shared ? CHUNK_BYTES / es : n;
    A = placeOperand(PLACE_A, a, n, chunk, out);
    B = placeOperand(PLACE_B, b, n, chunk, out);
    yBytes = out?.kind === 'resident' ? 0 : align16(chunk * es);
    const total = A.bytes + B.bytes + yBytes;
    const what = shared && chunkable ? null : () => `${withArticle(info.name)} result of shape ${formatShape(shape)}`;
    block = total > 0 ? acquireBlock(m, total, what) : 0;
    if (block !== 0 || total === 0) break;
    shared = false;
  }
  try {
    A.ptr = A.bytes > 0 ? block : A.ptr;
    B.ptr = B.bytes > 0 ? block + A.bytes : B.ptr;
    const yPtr = out?.kind === 'resident' ? out.ptr : block + A.bytes + B.bytes;
    const u8 = m.HEAPU8; // after the call's last allocation: growth would replace it
    if (A.whole) copyIn(u8, a.source, A.ptr, 0, a.n);
    if (B.whole) copyIn(u8, b.source, B.ptr, 0, b.n);
    const u32 = m.HEAPU32;
    if (zeroIsError && divides && info.integer && n > 0 && anyZero(u32, info, B.ptr, b.n)) {
      throw new RangeError(`integer division by zero in ${withArticle(info.name)} divide (onZeroDivision: 'error'); ` +
        'no output was written');
    }
    const Carrier = out?.kind === 'host' ? out.source.Class : a.carrier ?? defaultCarrier(info);
    const data = out === null ? newResult(fn, Carrier, n, shape) : out.kind === 'host' && !outInHeap ? out.source.view : null;
    for (let begin = 0; begin < n; begin += chunk) {
      const len = Math.min(chunk, n - begin);
      if (A.window) copyIn(u8, a.source, A.ptr, begin, len);
      if (B.window) copyIn(u8, b.source, B.ptr, begin, len);
      // A window holds elements [begin, begin + len): the core is given where element 0 would be
      // (wrapping, see src/binary.h) so that one plan serves every chunk.
      u32[W.a] = A.window ? A.ptr - begin * es : A.ptr;
      u32[W.b] = B.window ? B.ptr - begin * es : B.ptr;
      u32[W.y] = yBytes > 0 ? yPtr - begin * es : yPtr;
      const status = shared ? pool.runShared(n, p.row, es) : CORE.runRange(begin, begin + len);
      if (status !== STATUS.ok) throw new Error(`tensorwise: unexpected core status ${status} running a plan`);
      if (data !== null) copyOut(u8, Carrier, yPtr, len, data, begin);
    }
    if (pool !== null && !shared) pool.inlineEnded();
    if (outInHeap) u8.copyWithin(out.source.heapAddress, yPtr, yPtr + n * es);
    if (out?.kind === 'resident') return out.tensor;
    return { data: out === null ? data : out.source.view, shape, dtype: info.name };
  } finally {
    if (block !== 0) releaseBlock(m, block);
  }
}

function newResult(fn, Carrier, n, shape) {
  try {
    return resultArray(Carrier, n);
  } catch {
    throw new RangeError(`${fn}: the result of shape ${formatShape(shape)} (${n * Carrier.BYTES_PER_ELEMENT} bytes) ` +
      'could not be allocated in JavaScript memory; pass `out` or use wasm tensors');
  }
}

// Where operands A and B are staged during the call in progress: { ptr, bytes, whole, window }.
// One pair for all calls: no call can start while another stages (withStaging).
const PLACE_A = { ptr: 0, bytes: 0, whole: false, window: false };
const PLACE_B = { ptr: 0, bytes: 0, whole: false, window: false };

/**
 * How an operand is staged, written into `place`. Streaming (chunk < n) copies an operand laid
 * out like the output per chunk, unless `out` overlaps it in a way that a chunk's result would
 * overwrite input that a later chunk still needs.
 */
function placeOperand(place, x, n, chunk, out) {
  if (x.kind === 'resident') {
    place.ptr = x.ptr;
    place.bytes = 0;
    place.whole = place.window = false;
    return place;
  }
  const es = x.source.Class.BYTES_PER_ELEMENT;
  const windowed = chunk < n && x.n === n && x.source.heapAddress < 0 && chunkSafe(x.source, out);
  place.ptr = 0;
  place.bytes = align16((windowed ? chunk : x.n) * es);
  place.whole = !windowed;
  place.window = windowed;
  return place;
}

// Chunk k of the output may be written before chunk k + 1 of an input is read: safe when the
// two occupy the same bytes (element i of the output needs element i of the input only) or
// none in common. Two different SharedArrayBuffer objects may be one memory: not known safe.
function chunkSafe(source, out) {
  if (out === null || out.kind !== 'host' || !source.fromCaller) return true;
  const o = out.source;
  if (o.buffer !== source.buffer) return !(isShared(o.buffer) && isShared(source.buffer));
  const size = source.Class.BYTES_PER_ELEMENT;
  const start = source.byteOffset, end = start + source.length * size;
  const oStart = o.byteOffset, oEnd = oStart + o.length * o.Class.BYTES_PER_ELEMENT;
  return (start === oStart && end === oEnd) || end <= oStart || oEnd <= start;
}

function anyZero(u32, info, ptr, count) {
  u32[W.dtype] = info.code;
  u32[W.b] = ptr;
  u32[W.count] = count;
  const found = CORE.anyZero();
  if (found !== 0 && found !== 1) throw new Error(`tensorwise: unexpected core status ${found} checking divisors`);
  return found === 1;
}
