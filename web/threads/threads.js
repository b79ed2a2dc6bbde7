// The thread settings: what init({ threads }) and setThreads(n) accept, what they come to on this
// platform, how many threads run, and the library's one warning channel (each reason warned
// once a session, never from inside an op).
import { describe } from '../format.js';
import { atomics, pageWorker } from '../intrinsics.js';

/** The most threads the pool runs, the calling thread included; 'auto' uses the cores there are, at most this many. */
export const MAX_THREADS = 16;

/**
 * The pool (web/threads/pool.js), loaded with the threaded build only: null while every op runs on the
 * calling thread, so that pages that never use threads never load it. `planned`: the threads
 * asked for while the pool waits to start (Node.js starts it when a wasm tensor first needs it).
 */
export const sharing = { pool: null, planned: 1 };

// The threads the platform allows (1: none) and why not more, set by init().
const platform = { max: 1, why: 'tensorwise is not initialised' };
const warned = new Set();

/** A threads value as given: 'auto' or a positive integer; a RangeError for anything else. */
export function checkThreads(value, fn) {
  if (value === 'auto' || (typeof value === 'number' && Number.isInteger(value) && value >= 1)) return value;
  throw new RangeError(`${fn}: threads must be 'auto' or a positive integer, got ${describe(value)}`);
}

/** Whether this is Node.js (or Deno, Bun: a runtime with process.versions.node). */
export const isNode = typeof globalThis.process?.versions?.node === 'string';

/**
 * How many threads this platform allows and why no more, and `worker()`, which gives the Worker
 * class to start them with (a promise of it): in Node.js the cores there are and worker_threads'
 * Worker (loaded only when asked for: it takes a millisecond); in a cross-origin-isolated page
 * the cores the browser reports. Node's modules come through the loader's helpers, which keep
 * bundlers from packing them for the browser.
 */
export async function threadPlatform(nodeBuiltin, importBuiltin) {
  if (atomics === null) return { max: 1, why: 'this platform has no Atomics' };
  if (isNode) {
    const os = nodeBuiltin('os') ?? (await importBuiltin('node:os'));
    const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
    const worker = async () => (nodeBuiltin('worker_threads') ?? (await importBuiltin('node:worker_threads'))).Worker;
    return { max: Math.max(1, cores), why: `this machine has ${cores} cores`, worker };
  }
  if (typeof pageWorker.Worker !== 'function') return { max: 1, why: 'this platform has no Worker' };
  const cores = globalThis.navigator?.hardwareConcurrency || 1;
  return { max: cores, why: `this device reports ${cores} cores`, worker: async () => pageWorker.Worker };
}

export function setPlatform(max, why) {
  platform.max = max;
  platform.why = why;
}

/**
 * What a threads value comes to: 'auto' the cores there are (at most MAX_THREADS); a number itself,
 * at most MAX_THREADS (more warns), or 1 with a warning when it asks for more than the platform
 * allows.
 */
export function threadsFor(value) {
  if (value === 'auto') return Math.min(MAX_THREADS, platform.max);
  if (value > platform.max) {
    warnOnce('platform', `${value} threads were asked for, but ${platform.why}; running on 1 thread`);
    return 1;
  }
  if (value > MAX_THREADS) {
    warnOnce('most', `${value} threads were asked for; tensorwise runs at most ${MAX_THREADS}`);
    return MAX_THREADS;
  }
  return value;
}

/**
 * Warns on the console, once a session for each reason: threads not used are never silent, nor
 * repeated. Called outside ops only (init, setThreads, worker events), so the console a caller
 * has set up is the one used, and nothing it does can reach into an op.
 */
export function warnOnce(reason, message) {
  if (warned.has(reason)) return;
  warned.add(reason);
  try {
    globalThis.console?.warn?.(`tensorwise: ${message}`);
  } catch { /* a console that throws is the caller's; the library goes on */ }
}

/** The most threads setThreads() can give here, and why no more (the public threadLimit()). */
export function threadLimit() {
  if (platform.max > MAX_THREADS) return { threads: MAX_THREADS, reason: `tensorwise runs at most ${MAX_THREADS}` };
  return { threads: platform.max, reason: platform.why };
}

/**
 * How many threads large ops may use now, the calling thread included: those that run or start,
 * or those planned until the pool starts.
 */
export function threads() {
  return sharing.pool === null ? sharing.planned : 1 + sharing.pool.liveWorkers();
}
