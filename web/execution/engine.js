// The one way an operator (an op or an expression, plans.js) runs in the core: pick the build
// whose memory it runs in, take its plan for the inputs, stage what is not in that memory, run
// the plan over the output (in chunks on this thread, or in tiles shared with the pool), deliver
// the result. A large op on JS arrays streams through chunks that stay in cache (copy in,
// compute, copy out: RAM sees each input and the result once). Every block of the call is freed
// in one finally.
//
// The caller has read and settled its arguments (arguments.js) before calling execute(): from
// here to the return no caller code runs (withStaging refuses any call that would start, and
// every global used here was captured when the package loaded).
import { builds, later, testing, withStaging } from '../lifecycle.js';
import { STATUS, requires } from '../module/abi.js';
import { formatShape, withArticle } from '../format.js';
import { Uint32ArrayClass, Uint8ArrayClass, ceil, isShared } from '../intrinsics.js';
import {
  MAX_BYTES, SMALL_BYTES, acquireBlock, align16, bufferOf, copyIn, copyOut, heapBuffer, heapNow, noRoom, releaseBlock, resultArray,
  smallResult,
} from '../memory/memory.js';
import { ownOperand } from '../arguments/arguments.js';
import { DTYPES, resultClass } from '../dtypes/dtypes.js';
import { ownCopy, planFor, sameDims } from './plans.js';
import { elementCount } from '../arguments/shapes.js';
import { TILE_BYTES, sharedThreads } from '../threads/share-policy.js';
import { sharing } from '../threads/threads.js';

requires('status', ['ok', 'too_large', 'division_by_zero']);

/**
 * Runs an operator. `call`: { fn, operator, info, store, inputs, mode, out, zeroIsError, refused }:
 * the entry point's name (for messages), the operator, the computation dtype's record and the
 * one the result is stored in (out's, where it is converted as it is stored), the inputs as
 * tensors and `out` (arguments.js), the broadcast mode, whether an integer x/0 throws
 * (onZeroDivision), and refused(call, plan), the error for inputs whose shapes do not broadcast.
 */
export function execute(call) {
  const inst = instanceFor(call);
  // The literals in the call's dtype, made now if they never were: not while staging.
  call.literals = call.operator.program.literalsOf(call.info);
  return withStaging(run, inst, call);
}

/**
 * The build an operator runs in: the one whose memory holds `out` when it is a wasm tensor (or
 * a view of one), else the one that holds the largest input in wasm memory, else the
 * single-threaded build, where every op on JS arrays runs (copies into a shared memory cost
 * more: docs/threads.md). An input in the other build's memory is then copied in like a JS array.
 */
export function instanceFor({ inputs, out }) {
  if (builds.shared === null) return builds.plain;
  if (testing.allShared) return builds.shared;
  if (out !== null && home(out) !== null) return home(out);
  let best = null, size = -1;
  for (let i = 0; i < inputs.length; ++i) {
    const x = inputs[i];
    if (home(x) !== null && x.n > size) {
      best = home(x);
      size = x.n;
    }
  }
  return best ?? builds.plain;
}

// The build whose memory holds a tensor, or a view of it; null for any other JS array.
const home = (x) => (x.kind === 'resident' ? x.inst : x.source.heapInst);

/** An operand held in another build's memory, as a JS array over that memory (copied in). */
export function foreign(inst, x) {
  if (x.kind === 'resident') {
    if (x.inst === inst) return x;
    const info = DTYPES[x.dtype];
    const buffer = heapBuffer(x.inst);
    return ownOperand(new info.Storage(buffer, x.ptr, x.n), info, x.shape, x.n, buffer, x.ptr);
  }
  if (x.source.heapInst !== null && x.source.heapInst !== inst) {
    x.source.heapAddress = -1; // a view of the other memory: read like any JS array
    x.source.heapInst = null;
  }
  return x;
}

// How many threads the pool (the module's functions) shares this op with, the calling thread
// included (1: it runs it alone), and in how many tiles (share.tiles).
const share = { threads: 1, tiles: 1 };
function shareOf(P, bytes, heavy) {
  const test = P.testHook();
  const all = 1 + P.liveWorkers();
  share.threads = test.mode === 'policy' ? sharedThreads(bytes, heavy, all) : test.mode === 'always' ? all : 1;
  share.tiles = share.threads < 2 ? 1 : ceil(bytes / (test.mode === 'policy' ? TILE_BYTES : test.tileBytes));
  if (share.tiles < 2) share.threads = 1;
}

// Chunks of this many bytes of output, each input's window and the output's in cache; larger
// ones took less time here than 128 KiB ones (docs/performance.md, "Where the time goes").
const CHUNK_BYTES = 512 * 1024;
const STREAM_MIN_BYTES = 512 * 1024;

// How each input is staged during the call in progress, by input: read where it is (IN_PLACE:
// a resident tensor), staged WHOLE before the first chunk, or a WINDOW of each chunk; its bytes in
// the call's block and its address. One set for all calls: no call can start while another
// stages (withStaging); grown as calls have more inputs.
const IN_PLACE = 0, WHOLE = 1, WINDOW = 2;
let stageHow = new Uint8ArrayClass(8);
let stageBytes = new Uint32ArrayClass(8);
let stageAt = new Uint32ArrayClass(8);
let stageRoom = 8; // their length (a typed array's length getter is a built-in a caller can replace)

function run(inst, call) {
  const { fn, info, store, mode, out, zeroIsError, inputs } = call;
  const count = inputs.length;
  // Streaming needs something to stream: a JS array in or out.
  let hostData = out === null || out.kind !== 'resident';
  for (let i = 0; i < count; ++i) {
    const x = foreign(inst, inputs[i]);
    inputs[i] = x;
    if (x.kind === 'host') hostData = true;
  }
  const p = planFor(call.operator, inst, info, store, inputs, mode, call.literals);
  const outResident = out !== null && out.kind === 'resident';
  if (p.status !== STATUS.ok) {
    if (p.status === STATUS.too_large) throw later(() => new RangeError(`the result of shape ${formatShape(p.shape)} is too large for wasm memory`));
    throw later(() => call.refused(call, p));
  }
  // The result's shape: the plan's (not to be changed; a result of JS arrays gets a copy), or a
  // host input's own dims when they are the output's (readOperand made them for this call alone).
  const shape = outResident ? p.shape : resultShape(inputs, p.shape);
  const n = elementCount(shape);
  const es = store.bytes; // the output's elements
  if (out !== null) {
    const length = outResident ? out.n : out.source.length;
    if (length !== n) {
      throw later(() => new RangeError(`${fn}: out holds ${length} elements but the result of shape ${formatShape(shape)} has ${n}`));
    }
  }
  if (n * es > MAX_BYTES) throw later(() => noRoomFor(store, shape, n * es));

  // Where each tensor lives during the call: resident tensors in place; a host input whole in
  // the block, staged before the first chunk, or (when streaming) a window of the chunk's
  // elements copied per chunk (only an input laid out like the output); the output in a window
  // delivered per chunk (the whole output when there is one chunk), or in place when resident.
  // A view of wasm memory as `out` (it may overlap a resident input) takes one chunk and is
  // moved into place at the end.
  const outInHeap = out !== null && !outResident && out.source.heapAddress >= 0;
  // (A reduction's input is not laid out like its output: staged whole.)
  const chunkable = n * es >= STREAM_MIN_BYTES && !zeroIsError && !outInHeap && hostData && call.operator.program.reduce === null;
  // A large op in the shared memory may be shared with the pool's threads (share-policy.js); JS
  // arrays are then staged whole, not streamed. If wasm memory cannot hold them whole, they are
  // streamed on this thread alone.
  const P = inst.shared ? sharing.pool : null;
  share.threads = share.tiles = 1;
  if (P !== null && n > 0) shareOf(P, n * es, p.heavy);
  let tiles = share.tiles;
  // A plan of whole rows runs without a workspace (src/plan.h).
  const wsBytes = p.rows ? 0 : align16(p.workspaceBytes);
  if (stageRoom < count) {
    stageHow = new Uint8ArrayClass(count);
    stageBytes = new Uint32ArrayClass(count);
    stageAt = new Uint32ArrayClass(count);
    stageRoom = count;
  }
  let chunk, yBytes, block;
  for (;;) {
    chunk = chunkable && tiles === 1 ? CHUNK_BYTES / es : n;
    let total = 0;
    for (let i = 0; i < count; ++i) total += stageInput(i, inputs[i], n, chunk, out);
    yBytes = outResident ? 0 : align16(chunk * es);
    // A workspace for each thread that may run a tile.
    total += yBytes + wsBytes * (tiles > 1 ? P.workspaces() : 1);
    block = total > 0 ? acquireBlock(inst, total) : 0;
    if (block !== 0 || total === 0) break;
    if (tiles === 1 || !chunkable) throw later(() => noRoomFor(store, shape, total));
    tiles = 1;
  }
  try {
    const { u8, u32 } = heapNow(inst); // after the call's last allocation: growth would replace them
    const bases = inst.W.bases;
    let at = block;
    // Element 0 of each input: a view's may lie inside what was staged (base).
    for (let i = 0; i < count; ++i) {
      const x = inputs[i];
      if (stageHow[i] === IN_PLACE) {
        u32[bases + i] = x.ptr;
        continue;
      }
      stageAt[i] = at;
      at += stageBytes[i];
      if (stageHow[i] === WHOLE) copyIn(inst, u8, x.source, stageAt[i], x.first, x.span);
      u32[bases + i] = stageAt[i] + x.base * x.source.size;
    }
    const yPtr = outResident ? out.ptr : at;
    const ws = at + yBytes;
    const plan = p.address;
    if (zeroIsError && inst.core.checkDivisors(plan, bases * 4, ws) === STATUS.division_by_zero) throw later(() => zeroDivisionError(call));
    // The result's class: out's, or the first input's where it has the result's dtype, or the dtype's own.
    const Carrier = outResident ? null : out !== null ? out.source.Class : resultClass(inputs[0], info);
    const small = out === null && n * es <= SMALL_BYTES;
    const data = out === null ? (small ? null : newResult(fn, Carrier, n, shape)) : !outResident && !outInHeap ? out.source.fixed : null;
    for (let begin = 0, end; begin < n; begin = end) {
      end = chunk >= n ? n : cut(p, begin + chunk, n);
      if (!(end > begin && end <= n)) throw later(() => new Error(`tensorwise: a chunk of [${begin}, ${end}) in ${n} elements; wasm memory is not as it should be`));
      const len = end - begin;
      // A window holds elements [begin, end): the core is given where element 0 would be
      // (wrapping, see src/plan.h) so that one plan serves every chunk.
      for (let i = 0; i < count; ++i) {
        if (stageHow[i] !== WINDOW) continue;
        const x = inputs[i];
        copyIn(inst, u8, x.source, stageAt[i], x.first + begin, len);
        u32[bases + i] = stageAt[i] - begin * x.source.size;
      }
      u32[bases + count] = yBytes > 0 ? yPtr - begin * es : yPtr;
      if (tiles > 1) checkRun(P.runShared(n, p.row, p.align, tiles, share.threads - 1, plan, bases * 4, ws, wsBytes));
      else checkRun(inst.core.run(plan, bases * 4, ws, begin, end));
      if (small) return { data: smallResult(inst, u8, Carrier, yPtr, n), shape, dtype: store.name };
      if (data !== null) copyOut(inst, u8, Carrier, yPtr, len, data, begin);
    }
    if (outInHeap) inst.core.move(out.source.heapAddress, yPtr, n * es);
    if (outResident) return out.tensor;
    return { data: out === null ? data ?? resultArray(Carrier, 0) : out.source.view, shape, dtype: store.name };
  } finally {
    if (block !== 0) releaseBlock(inst, block);
  }
}

// Where a chunk that would end at q may end: moved back to where a range of the plan may start
// (a multiple of its align from the start of a row), so that every element takes the path it
// takes when one call runs the output. Chunks are far longer than align, so this moves forward.
const cut = (p, q, n) => (q >= n ? n : q - ((q % p.row) % p.align));

// The shape of a result of JS arrays: a host input's own dims when they are the output's
// (readOperand made them for this call alone), else a copy of the plan's (ownCopy, made while
// staging: no index written through a prototype).
function resultShape(inputs, planned) {
  for (let i = 0; i < inputs.length; ++i) {
    const x = inputs[i];
    if (x.kind === 'host' && x.source.fromCaller && sameDims(x.shape, planned)) return x.shape;
  }
  return ownCopy(planned);
}

/**
 * How input i is staged (stageHow, stageBytes); returns its bytes in the call's block. Streaming
 * (chunk < n) copies an input laid out like the output per chunk, unless `out` overlaps it in a
 * way that a chunk's result would overwrite input that a later chunk still needs.
 */
function stageInput(i, x, n, chunk, out) {
  if (x.kind === 'resident') {
    stageHow[i] = IN_PLACE;
    stageBytes[i] = 0;
    return 0;
  }
  const windowed = chunk < n && x.n === n && x.strides === null && x.source.heapAddress < 0 && chunkSafe(x.source, out);
  stageHow[i] = windowed ? WINDOW : WHOLE;
  return (stageBytes[i] = align16((windowed ? chunk : x.span) * x.source.size));
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

// The core runs a plan it made (or a conversion it lists); any other status is a bug of this
// package, never the caller's.
export function checkRun(status) {
  if (status !== STATUS.ok) throw later(() => new Error(`tensorwise: unexpected core status ${status}`));
}

// memory.js's noRoom, for a result that cannot be staged.
const noRoomFor = (info, shape, bytes) => noRoom(`${withArticle(info.name)} result of shape ${formatShape(shape)}`, bytes);

function zeroDivisionError({ fn, info }) {
  return new RangeError(`integer division by zero in ${withArticle(info.name)} ${fn} (onZeroDivision: 'error'); ` +
    'no output was written');
}

export function newResult(fn, Carrier, n, shape) {
  try {
    return resultArray(Carrier, n);
  } catch {
    const bytes = n * Carrier.BYTES_PER_ELEMENT;
    throw later(() => new RangeError(`${fn}: the result of shape ${formatShape(shape)} (${bytes} bytes) ` +
      'could not be allocated in JavaScript memory; pass `out` or use wasm tensors'));
  }
}
