// tensorwise: element-wise Multiply and Divide with broadcasting, in WebAssembly SIMD.
//
// Every entry point reads its arguments once (arguments.js), checks them, and only then stages
// anything in wasm memory (engine.js); see SPEC §4 "Arguments are read once".
import { enter, withStaging } from './loader.js';
import { readHost, readOperand, settle } from './arguments.js';
import { DTYPES, dtypeInfo } from './dtypes.js';
import { broadcastShape } from './engine.js';
import { formatShape } from './format.js';
import { MAX_BYTES, allocate, copyIn } from './memory.js';
import { readOpOptions } from './options.js';
import { elementCount, readShape } from './shapes.js';
import { WasmTensor, adoptBlock } from './tensor.js';
import { checkThreads, setCurrent, sharing, threadsFor } from './threads.js';

export { init } from './loader.js';
export * from './ops.js';
export { BroadcastError } from './errors.js';
export { bfloat16ToNumber, float16ToNumber, numberToBfloat16, numberToFloat16 } from './bits.js';
export { WasmTensor };
export { threads } from './threads.js';

/**
 * Sets how many threads large ops may use, the calling thread included: 'auto' or a positive
 * integer; 1 turns threads off. More than the platform (or the build init() loaded) allows warns
 * once and runs on 1 thread.
 */
export async function setThreads(n) {
  enter();
  checkThreads(n, 'setThreads');
  const effective = threadsFor(n);
  setCurrent(effective);
  await sharing.pool?.setWorkers(effective - 1);
}

export function broadcastShapes(shapeA, shapeB, options) {
  enter();
  const a = readShape(shapeA, 'broadcastShapes: shape A');
  const b = readShape(shapeB, 'broadcastShapes: shape B');
  // The ops' options are accepted so one options object can serve both; only the broadcasting
  // ones matter here (the others are checked, `out` is not read).
  const { mode } = readOpOptions(options, 'broadcastShapes', true, false);
  return broadcastShape(a, b, mode);
}

export function tensor(data, shape, dtype) {
  enter();
  const host = readHost(data, shape, dtype, 'tensor()');
  settle(host, 'tensor()', 'data');
  return withStaging(residentCopy, host);
}

function residentCopy(m, host) {
  const bytes = host.n * DTYPES[host.dtype].bytes;
  const ptr = allocate(m, bytes, () => `tensor() of shape ${formatShape(host.shape)}`);
  try {
    copyIn(m.HEAPU8, host.source, ptr, 0, host.n); // after the allocation: growth moves the heap, not the source
  } catch (error) {
    m._free(ptr);
    throw error;
  }
  return adoptBlock(ptr, host.dtype, host.shape, host.n);
}

export function empty(shape, dtype) {
  const m = enter();
  const dims = readShape(shape, 'empty()');
  if (dtype === undefined) throw new TypeError('empty(shape, dtype): dtype is required');
  const info = dtypeInfo(dtype, 'empty()');
  const n = elementCount(dims);
  if (n * info.bytes > MAX_BYTES) throw new RangeError(`empty(): shape ${formatShape(dims)} is too large for wasm memory`);
  return withStaging(zeroFilled, { dims, info, n });
}

function zeroFilled(m, { dims, info, n }) {
  const bytes = n * info.bytes;
  const ptr = allocate(m, bytes, () => `empty() of shape ${formatShape(dims)}`);
  m.HEAPU8.fill(0, ptr, ptr + bytes);
  return adoptBlock(ptr, info.name, dims, n);
}
