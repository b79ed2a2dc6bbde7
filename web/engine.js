// One binary op through the core, in one path: plan the broadcast, stage the operands in wasm
// memory, run the plan over the output in chunks, deliver each chunk. A small op is one chunk;
// a large one on JS arrays streams through chunks that stay in cache (copy in, compute, copy
// out: RAM sees A, B and the result once each). Every block of the call is freed in one finally.
//
// The caller has read and settled its arguments (arguments.js) before calling compute(): from
// here to the return no caller code runs (withStaging refuses any call that would start).
import { withStaging } from './loader.js';
import { ARG, MODE_CODE, OP_CODE, SCRATCH, STATUS, requires } from './abi.js';
import { broadcastError } from './errors.js';
import { formatShape, withArticle } from './format.js';
import { MAX_BYTES, acquireBlock, align16, copyIn, copyOut, releaseBlock, resultArray } from './memory.js';
import { defaultCarrier } from './dtypes.js';
import { isShared } from './intrinsics.js';
import { elementCount } from './shapes.js';

requires('status', ['ok', 'too_large']);
requires('arg', ['op', 'dtype', 'mode', 'has_axis', 'axis', 'a', 'b', 'y', 'begin', 'end', 'count']);

const clampInt32 = (x) => Math.max(-(2 ** 31), Math.min(2 ** 31 - 1, x));

// The scratch area's word index, asked once: it is a static in the module and never moves.
let scratchWords = -1;

/**
 * Broadcasts shapeA and shapeB under `mode` in the core and keeps the plan of (op, dtype) there
 * for run calls (op: a core op's name, src/ops.h; broadcastShapes runs none, any will do). Returns { status, shape, conflict }: shape is
 * the output's whenever the shapes broadcast, also when the output is too large to compute
 * (status too_large).
 */
export function plan(m, shapeA, shapeB, mode, op = 'mul', dtypeCode = 0) {
  if (scratchWords < 0) scratchWords = m._tw_scratch() >>> 2;
  const s = scratchWords;
  const u32 = m.HEAPU32;
  u32[s] = shapeA.length;
  u32[s + 1] = shapeB.length;
  for (let i = 0; i < shapeA.length; ++i) u32[s + SCRATCH.dimsA + i] = shapeA[i];
  for (let i = 0; i < shapeB.length; ++i) u32[s + SCRATCH.dimsB + i] = shapeB[i];
  const args = s + SCRATCH.args;
  u32[args + ARG.op] = OP_CODE[op];
  u32[args + ARG.dtype] = dtypeCode;
  u32[args + ARG.mode] = MODE_CODE[mode.core];
  u32[args + ARG.has_axis] = mode.hasAxis ? 1 : 0;
  m.HEAP32[args + ARG.axis] = mode.hasAxis ? clampInt32(mode.axis) : -1;
  const status = m._tw_plan();
  const rank = u32[s + SCRATCH.out];
  const shape = new Array(rank);
  for (let i = 0; i < rank; ++i) shape[i] = u32[s + SCRATCH.outDims + i];
  return { status, shape, conflict: m.HEAP32[s + SCRATCH.out + 1] };
}

/** The output shape under mode, for broadcastShapes: its size never matters. */
export function broadcastShape(shapeA, shapeB, mode) {
  return withStaging(shapeOnly, { shapeA, shapeB, mode });
}

function shapeOnly(m, { shapeA, shapeB, mode }) {
  const p = plan(m, shapeA, shapeB, mode);
  if (p.status !== STATUS.ok && p.status !== STATUS.too_large) {
    throw broadcastError(p.status, shapeA, shapeB, mode, p.conflict);
  }
  return p.shape;
}

// Chunks of this many bytes per operand: three (two inputs, one output) stay in L2.
const CHUNK_BYTES = 128 * 1024;
const STREAM_MIN_BYTES = 4 * CHUNK_BYTES;

/**
 * @param call { fn, core, divides, info, a, b, mode, out, zeroIsError }: the entry point's name
 *   (for messages), the core op's name, whether it divides, the dtype's record, the operands
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
  const chunkable = n * es >= STREAM_MIN_BYTES && !zeroIsError && !outInHeap;
  const chunk = chunkable ? CHUNK_BYTES / es : n;
  const A = placeOperand(a, n, chunk, out);
  const B = placeOperand(b, n, chunk, out);
  const yBytes = out?.kind === 'resident' ? 0 : align16(chunk * es);
  const total = A.bytes + B.bytes + yBytes;
  const block = total > 0 ? acquireBlock(m, total, () => `${withArticle(info.name)} result of shape ${formatShape(shape)}`) : 0;
  try {
    A.ptr = A.bytes > 0 ? block : A.ptr;
    B.ptr = B.bytes > 0 ? block + A.bytes : B.ptr;
    const yPtr = out?.kind === 'resident' ? out.ptr : block + A.bytes + B.bytes;
    if (A.whole) copyIn(m, a.source, A.ptr, 0, a.n);
    if (B.whole) copyIn(m, b.source, B.ptr, 0, b.n);
    if (zeroIsError && divides && info.integer && n > 0 && anyZero(m, info, B.ptr, b.n)) {
      throw new RangeError(`integer division by zero in ${withArticle(info.name)} divide (onZeroDivision: 'error'); ` +
        'no output was written');
    }
    const Carrier = out?.kind === 'host' ? out.source.Class : a.carrier ?? defaultCarrier(info);
    const data = out === null ? newResult(fn, Carrier, n, shape) : out.kind === 'host' && !outInHeap ? out.source.view : null;
    const args = scratchWords + SCRATCH.args;
    for (let begin = 0; begin < n; begin += chunk) {
      const len = Math.min(chunk, n - begin);
      if (A.window) copyIn(m, a.source, A.ptr, begin, len);
      if (B.window) copyIn(m, b.source, B.ptr, begin, len);
      // A window holds elements [begin, begin + len): the core is given where element 0 would be
      // (wrapping, see src/binary.h) so that one plan serves every chunk.
      const u32 = m.HEAPU32;
      u32[args + ARG.a] = A.window ? A.ptr - begin * es : A.ptr;
      u32[args + ARG.b] = B.window ? B.ptr - begin * es : B.ptr;
      u32[args + ARG.y] = yBytes > 0 ? yPtr - begin * es : yPtr;
      u32[args + ARG.begin] = begin;
      u32[args + ARG.end] = begin + len;
      const status = m._tw_run();
      if (status !== STATUS.ok) throw new Error(`tensorwise: unexpected core status ${status} running a plan`);
      if (data !== null) copyOut(m, Carrier, yPtr, len, data, begin);
    }
    if (outInHeap) m.HEAPU8.copyWithin(out.source.heapAddress, yPtr, yPtr + n * es);
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

/**
 * How an operand is staged: { ptr, bytes, whole, window }. Streaming (chunk < n) copies an
 * operand laid out like the output per chunk, unless `out` overlaps it in a way that a chunk's
 * result would overwrite input that a later chunk still needs.
 */
function placeOperand(x, n, chunk, out) {
  if (x.kind === 'resident') return { ptr: x.ptr, bytes: 0, whole: false, window: false };
  const es = x.source.Class.BYTES_PER_ELEMENT;
  const windowed = chunk < n && x.n === n && x.source.heapAddress < 0 && chunkSafe(x.source, out);
  return { ptr: 0, bytes: align16((windowed ? chunk : x.n) * es), whole: !windowed, window: windowed };
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

function anyZero(m, info, ptr, count) {
  const args = scratchWords + SCRATCH.args;
  const u32 = m.HEAPU32;
  u32[args + ARG.dtype] = info.code;
  u32[args + ARG.b] = ptr;
  u32[args + ARG.count] = count;
  const found = m._tw_any_zero();
  if (found !== 0 && found !== 1) throw new Error(`tensorwise: unexpected core status ${found} checking divisors`);
  return found === 1;
}
