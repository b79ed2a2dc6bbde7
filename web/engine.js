// One binary op through the core: pick the build whose memory the op runs in, plan the broadcast
// (or reuse the core's last plan), stage the operands, run the plan over the output (in chunks on
// this thread, or in tiles shared with the pool), deliver the result. A large op on JS arrays
// streams through chunks that stay in cache (copy in, compute, copy out: RAM sees A, B and the
// result once each). The two most common calls take direct paths that skip those choices: a
// small op on JS arrays (runStaged) and wasm tensors into a wasm tensor on one thread
// (runResident). Every block of the call is freed in one finally.
//
// The caller has read and settled its arguments (arguments.js) before calling compute(): from
// here to the return no caller code runs (withStaging refuses any call that would start, and
// every global used here was captured when the package loaded).
import { builds, testing, withStaging } from './loader.js';
import { DTYPE_FACTS, LIMITS, OP_CODE, STATUS, onAbi, requires } from './abi.js';
import { broadcastError } from './errors.js';
import { formatShape, withArticle } from './format.js';
import { ceil, isShared, max, min } from './intrinsics.js';
import { MAX_BYTES, acquireBlock, bufferOf, align16, copyIn, copyOut, heapBuffer, heapNow, releaseBlock, resultArray, SMALL_BYTES, smallResult } from './memory.js';
import { DTYPES, defaultCarrier } from './dtypes.js';
import { elementCount } from './shapes.js';
import { tilesFor } from './share-policy.js';
import { runSmall } from './small-ops.js';
import { sharing } from './threads.js';

requires('status', ['ok', 'too_large', 'division_by_zero', 'incompatible', 'shapes_differ']);

const clampInt32 = (x) => max(-(2 ** 31), min(2 ** 31 - 1, x));

/**
 * Broadcasts shapeA and shapeB under `mode` (its `code` from the module) in the instance's core
 * and keeps the plan of (op, dtype), given by their codes, there for run calls. Returns
 * { status, shape, conflict, row, heavy, ... }, the record of the plan (not to be changed):
 * shape is the output's whenever the shapes broadcast, also when the output is too large to
 * compute (status too_large). With `inCore` false, a plan made earlier will do even if the core
 * has made another since (an op computed in JS needs the shape, not the core's plan).
 */
function corePlan(inst, shapeA, shapeB, mode, opCode, dtypeCode, stridesA, stridesB, inCore) {
  const axis = mode.hasAxis ? clampInt32(mode.axis) : -1; // an int32 in the word's bits
  // Only this function plans in the core, so the plan there is the last one made here
  // (inst.lastPlan). The last few are kept: an app repeating ops on tensors of a few shapes (a
  // chain of two ops alternates) plans each once.
  const kept = inst.plans;
  let at = -1;
  for (let i = 0; i < kept.length; ++i) {
    if (samePlan(kept[i], shapeA, shapeB, mode, axis, opCode, dtypeCode, stridesA, stridesB)) {
      at = i;
      break;
    }
  }
  if (at > 0) { // to the front: the plan a loop of calls repeats is found first
    const p = kept[at];
    kept[at] = kept[0];
    kept[0] = p;
    at = 0;
  }
  if (at === 0 && (!inCore || kept[0] === inst.lastPlan)) return kept[0];
  const made = planInCore(inst, shapeA, shapeB, mode, axis, opCode, dtypeCode, stridesA, stridesB);
  if (at >= 0) kept[at] = made;
  else {
    if (kept.length === PLANS_KEPT) kept.pop();
    kept.unshift(made);
  }
  return made;
}

const PLANS_KEPT = 4;

const samePlan = (p, shapeA, shapeB, mode, axis, opCode, dtypeCode, stridesA, stridesB) => p.op === opCode && p.dtype === dtypeCode &&
  p.mode === mode.code && p.hasAxis === mode.hasAxis && p.axis === axis && sameDims(p.shapeA, shapeA) && sameDims(p.shapeB, shapeB) &&
  sameStrides(p.stridesA, stridesA) && sameStrides(p.stridesB, stridesB);

/** plan() with the output's shape in a fresh array, the caller's to keep or change. */
export function plan(inst, shapeA, shapeB, mode, opCode, dtypeCode, stridesA = null, stridesB = null) {
  const last = corePlan(inst, shapeA, shapeB, mode, opCode, dtypeCode, stridesA, stridesB, true);
  return { status: last.status, shape: last.shape.slice(), conflict: last.conflict, row: last.row, heavy: last.heavy };
}

// The shape of an op's result, a fresh array: a host operand's own dims when they are the
// output's (readOperand made them for this call alone), else a copy of the plan's.
function resultShape(a, b, planned) {
  if (a.kind === 'host' && a.source.fromCaller && sameDims(a.shape, planned)) return a.shape;
  if (b.kind === 'host' && b.source.fromCaller && sameDims(b.shape, planned)) return b.shape;
  return planned.slice();
}

function sameDims(x, y) {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; ++i) if (x[i] !== y[i]) return false;
  return true;
}

const sameStrides = (x, y) => x === y || (x !== null && y !== null && sameDims(x, y));

function planInCore(inst, shapeA, shapeB, mode, axis, opCode, dtypeCode, stridesA, stridesB) {
  inst.lastPlan = null; // until the core has planned: a throw in between leaves no stale plan named
  const { W } = inst;
  const { u32 } = heapNow(inst);
  u32[W.rankA] = shapeA.length;
  u32[W.rankB] = shapeB.length;
  for (let i = 0; i < shapeA.length; ++i) u32[W.dimsA + i] = shapeA[i];
  for (let i = 0; i < shapeB.length; ++i) u32[W.dimsB + i] = shapeB[i];
  // A view's strides (int32 words, views.js keeps them in range): the core plans with them.
  u32[W.stridedA] = stridesA === null ? 0 : 1;
  u32[W.stridedB] = stridesB === null ? 0 : 1;
  if (stridesA !== null) for (let i = 0; i < stridesA.length; ++i) u32[W.stridesA + i] = stridesA[i];
  if (stridesB !== null) for (let i = 0; i < stridesB.length; ++i) u32[W.stridesB + i] = stridesB[i];
  u32[W.op] = opCode;
  u32[W.dtype] = dtypeCode;
  u32[W.mode] = mode.code;
  u32[W.hasAxis] = mode.hasAxis ? 1 : 0;
  u32[W.axis] = axis;
  const status = inst.core.plan();
  const rank = u32[W.outRank];
  const shape = new Array(rank);
  for (let i = 0; i < rank; ++i) shape[i] = u32[W.outDims + i];
  inst.lastPlan = {
    op: opCode, dtype: dtypeCode, mode: mode.code, hasAxis: mode.hasAxis, axis, shapeA: shapeA.slice(), shapeB: shapeB.slice(),
    stridesA: stridesA === null ? null : stridesA.slice(), stridesB: stridesB === null ? null : stridesB.slice(), status, shape, conflict: u32[W.conflict] | 0, row: u32[W.row], heavy: u32[W.heavy] === 1,
  };
  return inst.lastPlan;
}

/**
 * The output shape under mode, for broadcastShapes (its size never matters); with `explain`, how
 * the shapes align too (docs/contract.md, "Broadcasting"), also when they do not broadcast.
 */
export function broadcastShape(shapeA, shapeB, mode, explain) {
  return withStaging(explain ? explainShapes : shapeOnly, builds.plain, { shapeA, shapeB, mode });
}

/**
 * broadcastShape for shapes with unknown dims (-1, as OpenVINO's IR and ONNX's symbolic dims
 * write them; docs/contract.md, "Broadcasting"): the shape every filling-in of the unknown dims
 * that the rules accept agrees on, -1 where fillings differ. The core's rules decide it all:
 * the shapes are aligned with each unknown dim a placeholder no rule takes for 1 (pdpd trims
 * trailing 1s), then every filling that can make a difference is planned.
 */
export function broadcastDynamicShape(shapeA, shapeB, mode, explain) {
  return withStaging(dynamicShapes, builds.plain, { shapeA, shapeB, mode, explain });
}

// Fillings planned grow as 3 to the power of the unknown dims: at most 2,187.
const MAX_UNKNOWN_DIMS = 7;

function dynamicShapes(inst, { shapeA, shapeB, mode, explain }) {
  const X = LIMITS.maxDim; // a dim no shape has
  const placed = (dims) => dims.map((d) => (d < 0 ? X : d));
  const first = plan(inst, placed(shapeA), placed(shapeB), mode, anyOp, anyDtype);
  const { W } = inst;
  const u32 = inst.m.HEAPU32;
  const starts = [u32[W.startA] | 0, u32[W.startB] | 0];
  // Shapes that do not even align (a bad axis, a B that does not fit, ranks that differ in
  // none) are refused as they are; else each unknown dim is tried as 1, as the known dim it meets
  // (if any) and as X: the rules tell dims apart by nothing else. The output is what the
  // accepted fillings agree on.
  const aligned = alignedBy(first);
  let refused = aligned ? null : first;
  const slots = [];
  [shapeA, shapeB].forEach((own, o) => own.forEach((d, j) => {
    const met = (o ? shapeA : shapeB)[starts[o] + j - starts[1 - o]] ?? -1;
    if (d < 0) slots.push([o, j, [...new Set([1, met < 0 ? 1 : met, X])]]);
  }));
  if (slots.length > MAX_UNKNOWN_DIMS) {
    throw new RangeError(`broadcastShapes: ${slots.length} unknown dims are more than dynamic: true takes (at most ${MAX_UNKNOWN_DIMS})`);
  }
  let shape = null;
  const total = aligned ? slots.reduce((n, slot) => n * slot[2].length, 1) : 0;
  for (let c = 0; c < total; ++c) {
    const dims = [shapeA.slice(), shapeB.slice()];
    let code = c;
    for (const [o, j, values] of slots) {
      dims[o][j] = values[code % values.length];
      code = Math.floor(code / values.length);
    }
    const p = plan(inst, dims[0], dims[1], mode, anyOp, anyDtype);
    if (p.status !== STATUS.ok && p.status !== STATUS.too_large) refused ??= p;
    else if (shape === null) shape = p.shape;
    else p.shape.forEach((d, i) => { if (d !== shape[i]) shape[i] = -1; });
  }
  const error = shape === null ? broadcastError(refused.status, shapeA, shapeB, mode, refused.conflict) : null;
  if (!explain) {
    if (error) throw error;
    return shape;
  }
  // How the shapes as given align (the fillings' alignments may differ), unknown dims as -1.
  plan(inst, placed(shapeA), placed(shapeB), mode, anyOp, anyDtype);
  const rank = u32[W.alignedRank];
  const side = (at, o) => ({ start: starts[o], dims: aligned ? Array.from({ length: rank }, (_, i) => (u32[at + i] === X ? -1 : u32[at + i])) : null });
  const a = side(W.alignedA, 0), b = side(W.alignedB, 1);
  // Stretched: a known 1 under a known dim that is not 1.
  const stretched = (own, other) => (own.dims ?? []).flatMap((d, i) => (d === 1 && other.dims[i] > 1 ? [i] : []));
  a.stretched = stretched(a, b);
  b.stretched = stretched(b, a);
  return { shape, error, rank, a, b, conflicts: [] };
}

// broadcastShapes plans no op: any op and dtype will do.
let anyOp = 0;
let anyDtype = 0;
onAbi(() => {
  anyOp = Object.values(OP_CODE)[0];
  anyDtype = DTYPE_FACTS[0].code;
});

function shapeOnly(inst, { shapeA, shapeB, mode }) {
  const p = plan(inst, shapeA, shapeB, mode, anyOp, anyDtype);
  if (p.status !== STATUS.ok && p.status !== STATUS.too_large) {
    throw broadcastError(p.status, shapeA, shapeB, mode, p.conflict);
  }
  return p.shape;
}

// Whether a plan's shapes were aligned (the core wrote how, bindings/binding.cc): also when they
// conflict, not where they could not be aligned at all (a bad axis, a B that does not fit, ranks
// that differ in 'none').
const alignedBy = (p) => p.status === STATUS.ok || p.status === STATUS.too_large || p.status === STATUS.incompatible ||
  (p.status === STATUS.shapes_differ && p.conflict >= 0);

// How the shapes align; where they could not be aligned at all the dims are null.
function explainShapes(inst, { shapeA, shapeB, mode }) {
  const p = plan(inst, shapeA, shapeB, mode, anyOp, anyDtype);
  const broadcasts = p.status === STATUS.ok || p.status === STATUS.too_large;
  const aligned = alignedBy(p);
  const { W } = inst;
  const u32 = inst.m.HEAPU32;
  const rank = u32[W.alignedRank];
  const dims = (at) => (aligned ? Array.from({ length: rank }, (_, i) => u32[at + i]) : null);
  const dimsA = dims(W.alignedA), dimsB = dims(W.alignedB);
  const stretched = (own, other) => (own === null ? [] : own.flatMap((d, i) => (d === 1 && other[i] !== 1 ? [i] : [])));
  const conflicts = [];
  for (let i = 0, bits = u32[W.conflicts]; i < 32; ++i) if ((bits >>> i) & 1) conflicts.push(i);
  return {
    shape: broadcasts ? p.shape : null,
    error: broadcasts ? null : broadcastError(p.status, shapeA, shapeB, mode, p.conflict),
    rank,
    a: { start: u32[W.startA] | 0, dims: dimsA, stretched: stretched(dimsA, dimsB) },
    b: { start: u32[W.startB] | 0, dims: dimsB, stretched: stretched(dimsB, dimsA) },
    conflicts,
  };
}

// Chunks of this many bytes per operand, three (two inputs, one output) in cache; larger ones
// took less time here than 128 KiB ones (docs/performance.md, "Where the time goes").
const CHUNK_BYTES = 512 * 1024;
const STREAM_MIN_BYTES = 512 * 1024;

/**
 * @param call { fn, core, info, a, b, mode, out, zeroIsError }: the entry point's name (for
 *   messages), the core op's code, the dtype's record, the operands as tensors and `out`
 *   (arguments.js), the broadcast mode, and whether an integer x/0 throws (onZeroDivision)
 */
export function compute(call) {
  const inst = instanceFor(call);
  return withStaging(run, inst, call);
}

/**
 * The build an op runs in: the one whose memory holds `out` when it is a wasm tensor (or a view
 * of one), else the one that holds the larger operand in wasm memory, else the single-threaded
 * build, where every op on JS arrays runs (copies into a shared memory cost more:
 * docs/threads.md). An operand in the other build's memory is then copied in like a JS array.
 */
export function instanceFor({ a, b, out }) {
  if (builds.shared === null) return builds.plain;
  if (testing.allShared) return builds.shared;
  if (out !== null) {
    const inst = out.kind === 'resident' ? out.inst : out.source.heapInst;
    if (inst !== null) return inst;
  }
  const ia = a.kind === 'resident' ? a.inst : a.source.heapInst;
  const ib = b.kind === 'resident' ? b.inst : b.source.heapInst;
  if (ia !== null && (ib === null || a.n >= b.n)) return ia;
  return ib ?? builds.plain;
}

/** An operand held in another build's memory, as a JS array over that memory (copied in). */
export function foreign(inst, x) {
  if (x.kind === 'resident') {
    if (x.inst === inst) return x;
    const info = DTYPES[x.dtype];
    const buffer = heapBuffer(x.inst);
    const view = new info.Storage(buffer, x.ptr, x.n);
    return {
      kind: 'host', dtype: x.dtype, shape: x.shape, n: x.n, carrier: null, source: {
        Class: info.Storage, size: info.bytes, view, fixed: view, buffer, byteOffset: x.ptr, length: x.n,
        heapAddress: -1, heapInst: null, fromCaller: false, defaulted: false,
      },
      strides: null, first: 0, span: x.n, base: 0,
    };
  }
  if (x.source.heapInst !== null && x.source.heapInst !== inst) {
    x.source.heapAddress = -1; // a view of the other memory: read like any JS array
    x.source.heapInst = null;
  }
  return x;
}

/** How many tiles the pool (the module's functions) shares this op in (1: the calling thread runs it alone). */
function tilesOf(P, bytes, heavy) {
  const test = P.testHook();
  if (test.mode === 'policy') return tilesFor(bytes, heavy, 1 + P.liveWorkers());
  return test.mode === 'always' ? ceil(bytes / test.tileBytes) : 1;
}

function run(inst, call) {
  const { fn, core, info, mode, out, zeroIsError } = call;
  const a = foreign(inst, call.a);
  const b = foreign(inst, call.b);
  let p = corePlan(inst, a.shape, b.shape, mode, core, info.code, stridesOf(a), stridesOf(b), false);
  if (p.status === STATUS.too_large) {
    throw new RangeError(`the result of shape ${formatShape(p.shape)} is too large for wasm memory`);
  }
  if (p.status !== STATUS.ok) throw broadcastError(p.status, a.shape, b.shape, mode, p.conflict);
  const shape = resultShape(a, b, p.shape);
  const n = elementCount(shape);
  const es = info.bytes;
  if (out !== null) {
    const length = out.kind === 'resident' ? out.n : out.source.length;
    if (length !== n) {
      throw new RangeError(`${fn}: out holds ${length} elements but the result of shape ${formatShape(shape)} has ${n}`);
    }
  }
  if (n * es > MAX_BYTES) throw noRoom(info, shape, n * es);

  if (a.kind === 'host' && b.kind === 'host') {
    const small = runSmall(call, a, b, shape, n);
    if (small !== null) return small;
  }
  if (p !== inst.lastPlan) p = corePlan(inst, a.shape, b.shape, mode, core, info.code, stridesOf(a), stridesOf(b), true);
  if (n * es < STREAM_MIN_BYTES && !inst.shared && !zeroIsError && isJsArray(a) && isJsArray(b) && (out === null || isJsArray(out))) {
    return runStaged(inst, call, a, b, shape, n);
  }

  // Where each tensor lives during the call: resident tensors in place; a host operand whole in
  // the block, staged before the first chunk, or (when streaming) a window of `chunk` elements
  // copied per chunk (only an operand laid out like the output); the output in a window
  // delivered per chunk (the whole output when there is one chunk), or in place when resident.
  // A view of wasm memory as `out` (it may overlap a resident operand) takes one chunk and is
  // moved into place at the end.
  const outInHeap = out?.kind === 'host' && out.source.heapAddress >= 0;
  // Streaming needs something to stream: a JS array in or out.
  const hostData = out?.kind !== 'resident' || a.kind === 'host' || b.kind === 'host';
  const chunkable = n * es >= STREAM_MIN_BYTES && !zeroIsError && !outInHeap && hostData;
  // A large op in the shared memory may be shared with the pool's threads (share-policy.js); JS
  // arrays are then staged whole, not streamed. If wasm memory cannot hold them whole, they are
  // streamed on this thread alone.
  const P = inst.shared ? sharing.pool : null;
  let tiles = P !== null && n > 0 ? tilesOf(P, n * es, p.heavy) : 1;
  if (tiles === 1 && out?.kind === 'resident' && a.kind === 'resident' && b.kind === 'resident') {
    return runResident(inst, call, a, b, n);
  }
  let chunk, A, B, yBytes, block;
  for (;;) {
    chunk = chunkable && tiles === 1 ? CHUNK_BYTES / es : n;
    A = placeOperand(PLACE_A, a, n, chunk, out);
    B = placeOperand(PLACE_B, b, n, chunk, out);
    yBytes = out?.kind === 'resident' ? 0 : align16(chunk * es);
    const total = A.bytes + B.bytes + yBytes;
    const what = tiles > 1 && chunkable ? null : () => resultName(info, shape);
    block = total > 0 ? acquireBlock(inst, total, what) : 0;
    if (block !== 0 || total === 0) break;
    tiles = 1;
  }
  try {
    A.ptr = A.bytes > 0 ? block : A.ptr;
    B.ptr = B.bytes > 0 ? block + A.bytes : B.ptr;
    const yPtr = out?.kind === 'resident' ? out.ptr : block + A.bytes + B.bytes;
    const { u8, u32 } = heapNow(inst); // after the call's last allocation: growth would replace them
    if (A.whole) copyIn(inst, u8, a.source, A.ptr, a.first, a.span);
    if (B.whole) copyIn(inst, u8, b.source, B.ptr, b.first, b.span);
    // Element 0 of each operand: a view's may lie inside what was staged (base).
    const zeroA = A.ptr + baseBytes(a, es), zeroB = B.ptr + baseBytes(b, es);
    if (zeroIsError && checkDivisors(inst, u32, zeroB, b.n) === STATUS.division_by_zero) throw zeroDivisionError(call);
    const Carrier = out?.kind === 'host' ? out.source.Class : a.carrier ?? defaultCarrier(info);
    const data = out === null ? newResult(fn, Carrier, n, shape) : out.kind === 'host' && !outInHeap ? out.source.fixed : null;
    const { W } = inst;
    for (let begin = 0; begin < n; begin += chunk) {
      const len = min(chunk, n - begin);
      if (A.window) copyIn(inst, u8, a.source, A.ptr, a.first + begin, len);
      if (B.window) copyIn(inst, u8, b.source, B.ptr, b.first + begin, len);
      // A window holds elements [begin, begin + len): the core is given where element 0 would be
      // (wrapping, see src/binary.h) so that one plan serves every chunk.
      u32[W.a] = A.window ? A.ptr - begin * es : zeroA;
      u32[W.b] = B.window ? B.ptr - begin * es : zeroB;
      u32[W.y] = yBytes > 0 ? yPtr - begin * es : yPtr;
      if (tiles > 1) checkRun(P.runShared(n, p.row, es, tiles));
      else checkRun(inst.core.runRange(begin, begin + len));
      if (data !== null) copyOut(inst, u8, Carrier, yPtr, len, data, begin);
    }
    if (outInHeap) inst.core.move(out.source.heapAddress, yPtr, n * es);
    if (out?.kind === 'resident') return out.tensor;
    return { data: out === null ? data : out.source.view, shape, dtype: info.name };
  } finally {
    if (block !== 0) releaseBlock(inst, block);
  }
}

/** An op on wasm tensors into a wasm tensor, on this thread: nothing to stage or deliver. */
function runResident(inst, call, a, b, n) {
  const { W } = inst;
  const { u32 } = heapNow(inst);
  if (call.zeroIsError && checkDivisors(inst, u32, b.ptr, b.n) === STATUS.division_by_zero) throw zeroDivisionError(call);
  u32[W.a] = a.ptr;
  u32[W.b] = b.ptr;
  u32[W.y] = call.out.ptr;
  checkRun(inst.core.runRange(0, n));
  return call.out.tensor;
}

/**
 * A small op on JS arrays in the single-threaded build, the most common call: both operands and
 * the result staged whole in one block, one run, one copy out (what run() does for it, without
 * the choices a large or resident op needs).
 */
function runStaged(inst, call, a, b, shape, n) {
  const { info, out } = call;
  const es = info.bytes;
  const bytesA = align16(a.span * es);
  const bytesB = align16(b.span * es);
  const bytes = bytesA + bytesB + n * es;
  const block = bytes > 0 ? acquireBlock(inst, bytes, null) : 0; // nothing to stage: an empty op
  if (block === 0 && bytes > 0) throw noRoom(info, shape, bytes);
  try {
    const { u8, u32 } = heapNow(inst); // after the call's last allocation: growth would replace them
    copyIn(inst, u8, a.source, block, a.first, a.span);
    copyIn(inst, u8, b.source, block + bytesA, b.first, b.span);
    const { W } = inst;
    const y = block + bytesA + bytesB;
    u32[W.a] = block + a.base * es;
    u32[W.b] = block + bytesA + b.base * es;
    u32[W.y] = y;
    checkRun(inst.core.runRange(0, n));
    const Carrier = out === null ? a.carrier ?? defaultCarrier(info) : out.source.Class;
    // A small result: if V8 cannot allocate it, the process is out of memory and V8's own
    // RangeError says so (newResult's advice, and its try block, are for large results).
    if (out === null && n * es <= SMALL_BYTES) return { data: smallResult(inst, u8, Carrier, y, n), shape, dtype: info.name };
    const data = out === null ? resultArray(Carrier, n) : out.source.fixed;
    copyOut(inst, u8, Carrier, y, n, data, 0);
    return { data: out === null ? data : out.source.view, shape, dtype: info.name };
  } finally {
    if (block !== 0) releaseBlock(inst, block);
  }
}

const stridesOf = (x) => (x.kind === 'host' ? x.strides : null);
const baseBytes = (x, es) => (x.kind === 'host' ? x.base * es : 0);

// A JS array that is not a view of wasm memory (such a view is moved within the memory instead).
const isJsArray = (x) => x.kind === 'host' && x.source.heapAddress < 0;

// The core runs a plan it made (or a conversion it lists); any other status is a bug of this
// package, never the caller's.
export function checkRun(status) {
  if (status !== STATUS.ok) throw new Error(`tensorwise: unexpected core status ${status}`);
}

const resultName = (info, shape) => `${withArticle(info.name)} result of shape ${formatShape(shape)}`;

// As memory.js's allocate() says it, for a result that cannot be staged.
function noRoom(info, shape, bytes) {
  return new RangeError(`${resultName(info, shape)} needs ${bytes} bytes, more than wasm memory can provide`);
}

function zeroDivisionError({ fn, info }) {
  return new RangeError(`integer division by zero in ${withArticle(info.name)} ${fn} (onZeroDivision: 'error'); ` +
    'no output was written');
}

export function newResult(fn, Carrier, n, shape) {
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
  const es = x.source.size;
  const windowed = chunk < n && x.n === n && x.strides === null && x.source.heapAddress < 0 && chunkSafe(x.source, out);
  place.ptr = 0;
  place.bytes = align16((windowed ? chunk : x.span) * es);
  place.whole = !windowed;
  place.window = windowed;
  return place;
}

// Chunk k of the output may be written before chunk k + 1 of an input is read: safe when the
// two occupy the same bytes (element i of the output needs element i of the input only) or
// none in common. Two different SharedArrayBuffer objects may be one memory: not known safe.
export function chunkSafe(source, out) {
  if (out === null || out.kind !== 'host' || !source.fromCaller) return true;
  const o = out.source;
  const ob = bufferOf(o), sb = bufferOf(source);
  if (ob !== sb) return !(isShared(ob) && isShared(sb));
  const size = source.size;
  const start = source.byteOffset, end = start + source.length * size;
  const oStart = o.byteOffset, oEnd = oStart + o.length * o.size;
  return (start === oStart && end === oEnd) || end <= oStart || oEnd <= start;
}

// The core's onZeroDivision 'error' rule on the planned op's count divisors at ptr: ok, or
// division_by_zero (an integer division, an output, a zero divisor).
function checkDivisors(inst, u32, ptr, count) {
  const { W } = inst;
  u32[W.b] = ptr;
  u32[W.count] = count;
  const status = inst.core.checkDivisors();
  if (status !== STATUS.ok && status !== STATUS.division_by_zero) {
    throw new Error(`tensorwise: unexpected core status ${status} checking divisors`);
  }
  return status;
}
