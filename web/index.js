// tensorwise: element-wise arithmetic with broadcasting, in WebAssembly SIMD (the ops: api/ops.js).
//
// Every entry point reads its arguments once (arguments.js), checks them, and only then stages
// anything in wasm memory (engine.js); see docs/contract.md, "Arguments are read once".
import { applyThreads, buildFor } from './module/loader.js';
import { builds, enter, withStaging } from './lifecycle.js';
import { readHost, readOperand, settle } from './arguments/arguments.js';
import { DTYPES, dtypeInfo, dtypeTable } from './dtypes/dtypes.js';
import { DTYPE_FACTS, LIMITS } from './module/abi.js';
import { broadcastDynamicShape, broadcastShape } from './api/broadcast.js';
import { foreign } from './execution/engine.js';
import { ONNX_OPERATORS, onnxSince } from './api/onnx-operators.js';
import { formatShape } from './format.js';
import { MAX_BYTES, copyIn, heapNow } from './memory/memory.js';
import { readOpOptions } from './arguments/options.js';
import { checkStatic, elementCount, readShape } from './arguments/shapes.js';
import { WasmTensor, newTensor } from './memory/tensor.js';
import { typedArrayLength } from './intrinsics.js';
import { checkThreads, threadLimit as limit } from './threads/threads.js';

export { init } from './module/loader.js';
export * from './api/ops.js';
export { expr } from './api/expr.js';
export { logSoftmax, max, mean, min, prod, softmax, sum } from './api/reductions.js';
export { BroadcastError } from './api/errors.js';
export { bfloat16ToNumber, float16ToNumber, numberToBfloat16, numberToFloat16 } from './api/bits.js';
export { bfloat16ToFloat32, float16ToFloat32, float32ToBfloat16, float32ToFloat16 } from './api/convert.js';
export { WasmTensor };
export { threads } from './threads/threads.js';

/** The most threads setThreads() can give on this platform, and why no more: { threads, reason }. */
export function threadLimit() {
  enter();
  return limit();
}

/**
 * Wasm memory now, summed over the loaded builds (the threaded one has its own memory):
 * { inUse, size, maximum } in bytes. inUse counts the live wasm tensors, the staging block that
 * small calls keep between calls, and allocator overhead; size is what the memories have grown
 * to (they never shrink); maximum is what each memory may grow to.
 */
export function memoryUsage() {
  enter();
  let inUse = 0, size = 0;
  for (const inst of [builds.plain, builds.shared]) {
    if (inst === null) continue;
    inUse += inst.core.memoryInUse();
    size += typedArrayLength(heapNow(inst).u8);
  }
  return { inUse, size, maximum: LIMITS.memoryMaximumPages * 65536 };
}

/** The dtypes, in the core's order, as the core describes them (docs/contract.md, "dtypes"). */
export function dtypes() {
  enter();
  return dtypeTable(DTYPE_FACTS, (name) => onnxSince(ONNX_OPERATORS.Mul.versions, name)); // Add, Sub, Mul and Div alike
}

/**
 * Sets how many threads large ops may use, the calling thread included: 'auto' or a positive
 * integer; 1 turns threads off. More than the platform (or the build init() loaded) allows warns
 * once and runs on 1 thread. Resolves once the threads it starts run.
 */
export async function setThreads(n) {
  enter();
  checkThreads(n, 'setThreads');
  await applyThreads(n);
}

/**
 * The shape two shapes broadcast to; with `explain: true`, how they align (docs/contract.md,
 * "Broadcasting"), also when they do not broadcast, in place of a BroadcastError; with
 * `dynamic: true`, dims may be -1 (unknown), and so may the result's.
 */
export function broadcastShapes(shapeA, shapeB, options) {
  enter();
  const a = readShape(shapeA, 'broadcastShapes: shape A', true);
  const b = readShape(shapeB, 'broadcastShapes: shape B', true);
  // The ops' options are accepted so one options object can serve both; only the broadcasting
  // ones matter here (the others, `out` included, are checked and ignored).
  const { mode, explain, dynamic } = readOpOptions(options, 'broadcastShapes', null, true);
  if (dynamic && (a.includes(-1) || b.includes(-1))) return broadcastDynamicShape(a, b, mode, explain);
  checkStatic(a, 'broadcastShapes: shape A');
  checkStatic(b, 'broadcastShapes: shape B');
  return broadcastShape(a, b, mode, explain);
}

export function tensor(data, shape, dtype) {
  enter();
  const host = readHost(data, shape, dtype, 'tensor()', null);
  settle(host, 'tensor()', 'data');
  const inst = buildFor(host.n * DTYPES[host.dtype].bytes);
  return withStaging(residentCopy, inst, foreign(inst, host));
}

function residentCopy(inst, host) {
  // (The copy after the allocation: growth moves the heap, not the source.)
  return newTensor(inst, host.dtype, host.shape, host.n, () => `tensor() of shape ${formatShape(host.shape)}`,
    (ptr) => copyIn(inst, heapNow(inst).u8, host.source, ptr, 0, host.n));
}

export function empty(shape, dtype) {
  enter();
  const dims = readShape(shape, 'empty()');
  if (dtype === undefined) throw new TypeError('empty(shape, dtype): dtype is required');
  const info = dtypeInfo(dtype, 'empty()');
  const n = elementCount(dims);
  if (n * info.bytes > MAX_BYTES) throw new RangeError(`empty(): shape ${formatShape(dims)} is too large for wasm memory`);
  return withStaging(zeroFilled, buildFor(n * info.bytes), { dims, info, n });
}

// Zeroed by wasm (memory.fill), which is as fast on a shared memory as on another.
function zeroFilled(inst, { dims, info, n }) {
  return newTensor(inst, info.name, dims, n, () => `empty() of shape ${formatShape(dims)}`, (ptr, bytes) => inst.core.zero(ptr, bytes));
}
