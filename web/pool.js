// The pool of workers that share large ops with the calling thread, over the threaded build's
// shared memory (SPEC §4 "Threads"). The calling thread publishes an op in a control block (a
// SharedArrayBuffer of its own, which growth of wasm memory never replaces), then it and the
// workers claim chunks of the output with a compare-and-swap until none is left; it counts the
// chunks done and returns when all are. It never waits in Atomics.wait, so a page's main thread
// runs it unchanged. Workers spin a while after an op, then sleep in Atomics.wait; the calling
// thread wakes them only when it publishes an op that pays for waking them (costs.js).
//
// Chunk boundaries fall on whole rows of the plan, or at multiples of 64 bytes from a row's
// start (pool-protocol.js), so results are the same bits whatever the thread count.
import { ASLEEP_US, AWAKE_US, awakeUs, copiedGains, estimateUs } from './costs.js';
import { poolProtocol } from './pool-protocol.js';
import { WORKER_SOURCE } from './pool-worker.js';

const { W, chunkRange, claim } = poolProtocol();
const MAX_CHUNKS = 1 << (W.TAG_SHIFT - 1); // NEXT's index may pass CHUNKS by one, never into the tag

const SPIN_MS = 0.5;
const BURST_GAP_MS = 0.05;
const STACK_BYTES = 64 * 1024;
const CHUNKS_PER_THREAD = 4;
const MIN_CHUNK_BYTES = 32 * 1024;

const isNode = typeof globalThis.process?.versions?.node === 'string';

let pool = null; // setupPool's record: the module, the workers, the control block, the last ops' ends
let wantedWorkers = 0;
let test = { splitAll: false, paused: false, minChunkBytes: MIN_CHUNK_BYTES };
let warned = false;

function warnOnce(message) {
  if (warned) return;
  warned = true;
  console.warn(`tensorwise: ${message}`);
}

/**
 * How many threads this platform allows, why no more, and (Node) how to load the Worker class:
 * the cores there are in Node.js, and in a cross-origin-isolated page (the only kind that loads
 * this file) the cores the browser reports. Node's modules come through the loader's
 * helpers, which keep bundlers from packing them for the browser.
 */
export async function threadPlatform(nodeBuiltin, importBuiltin) {
  if (isNode) {
    const os = nodeBuiltin('os') ?? (await importBuiltin('node:os'));
    // worker_threads is imported when the first worker starts: it takes a few ms, which a process
    // whose ops are all small never spends.
    const loadWorker = async () => (nodeBuiltin('worker_threads') ?? (await importBuiltin('node:worker_threads'))).Worker;
    const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
    return { max: Math.max(1, cores), why: `this machine has ${cores} cores`, loadWorker };
  }
  const cores = globalThis.navigator?.hardwareConcurrency || 1;
  return { max: cores, why: `this device reports ${cores} cores` };
}

/**
 * Loads the threaded build from its bytes on a shared memory (its maximum must be the module's:
 * 2 GiB), with the loader's instantiate and readAbi, and sets the pool up for n threads (the
 * workers start on the first op that would split). Returns the glue's module.
 */
export async function loadThreaded(bytes, loadWorker, n, instantiate, readAbi) {
  const memory = new WebAssembly.Memory({ initial: 256, maximum: 32768, shared: true });
  const { m, compiled } = await instantiate(bytes, memory);
  readAbi(m);
  setupPool(m, compiled, memory, loadWorker);
  await setWorkers(n - 1);
  return m;
}

/**
 * Takes the threaded build (its module, compiled WebAssembly.Module and shared memory) for the
 * pool; workers start later, on the first op that would split. `loadWorker` (Node) resolves to
 * worker_threads' Worker class, loaded then; undefined in a page.
 */
function setupPool(m, compiled, memory, loadWorker) {
  // The glue's Module._tw_x replaces itself by the raw export on its first call; workers need
  // the exports' (minified) names, found by identity among the instance's exports.
  m._tw_run_range(0, 0);
  const sp = m._tw_set_stack(0); // swapped and put back at once: no wasm code runs in between
  m._tw_set_stack(sp);
  const names = {};
  for (const [key, value] of Object.entries(m.asm)) {
    if (value === m._tw_run_range) names.runRange = key;
    if (value === m._tw_set_stack) names.setStack = key;
  }
  if (names.runRange === undefined || names.setStack === undefined) {
    throw new Error('tensorwise: the threaded module does not export what its workers need');
  }
  const ctl = new Int32Array(new SharedArrayBuffer(4 * (W.SLOT + W.SLOT_WORDS * 64)));
  ctl[W.SPIN_US] = SPIN_MS * 1000;
  pool = {
    m, compiled, memory, names, runRange: m._tw_run_range, loadWorker, Worker: null, loadingWorker: null, ctl, workers: [],
    seq: 0, lastEnd: -1e9, lastBigEnd: -1e9,
  };
}

/** Sets how many workers ops may use (threads - 1); stops those beyond it. */
export async function setWorkers(n) {
  wantedWorkers = pool === null ? 0 : Math.min(n, 63);
  if (pool === null) return;
  const stopping = pool.workers.splice(wantedWorkers);
  await Promise.all(stopping.map(stop));
}

async function stop(w) {
  await w.handle.terminate(); // between ops: a worker holds no chunk then
  pool.m._free(w.stack);
}

function spawn(index) {
  const { m, Worker } = pool; // Node's, loaded by startWorkers; null in a page
  const stack = m._malloc(STACK_BYTES);
  if (stack === 0) return null;
  let handle;
  try {
    if (isNode) {
      // No flags of this process (--input-type=module would make the source a module without
      // require; --import would load the caller's preloads into a thread that only computes).
      handle = new Worker(WORKER_SOURCE, { eval: true, execArgv: [] });
      handle.unref(); // a script whose last op has run exits by itself
    } else {
      handle = new globalThis.Worker(URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' })));
    }
  } catch (error) {
    m._free(stack);
    warnOnce(`could not start a worker thread (${error?.message ?? error}); running on one thread`);
    return null;
  }
  const w = { handle, stack, ready: false };
  const onMessage = (data) => {
    if (data?.type === 'ready') w.ready = true;
    else if (data?.type === 'error') failed(w, data.message);
    // A listener on a Node worker's messages holds the process open, unref() or not; after
    // its one message the worker has nothing more to say.
    if (isNode) handle.off('message', onMessage);
  };
  if (isNode) {
    handle.on('message', onMessage);
    handle.on('error', (error) => failed(w, error?.message ?? error));
  } else {
    handle.onmessage = (event) => onMessage(event.data);
    handle.onerror = (event) => failed(w, event?.message ?? 'error');
  }
  const slot = W.SLOT + W.SLOT_WORDS * index;
  pool.ctl.fill(0, slot, slot + W.SLOT_WORDS);
  handle.postMessage({ module: pool.compiled, memory: pool.memory, ctl: pool.ctl, slot, stackTop: stack + STACK_BYTES, names: pool.names });
  return w;
}

// A worker that could not start: it claims nothing, so ops simply run without it.
function failed(w, message) {
  warnOnce(`a worker thread failed (${message}); running on fewer threads`);
  const i = pool.workers.indexOf(w);
  if (i >= 0) pool.workers.splice(i, 1);
  Promise.resolve(w.handle.terminate()).catch(() => {});
}

function startWorkers() {
  if (isNode && pool.Worker === null) {
    const p = pool;
    p.loadingWorker ??= p.loadWorker().then((Worker) => {
      p.Worker = Worker;
      if (pool === p) startWorkers();
    }, (error) => {
      wantedWorkers = 0;
      warnOnce(`could not load worker_threads (${error?.message ?? error}); running on one thread`);
    });
    return;
  }
  while (pool.workers.length < wantedWorkers) {
    const w = spawn(pool.workers.length);
    if (w === null) {
      wantedWorkers = pool.workers.length;
      return;
    }
    pool.workers.push(w);
  }
}

/** Resolves once the workers ops may use have started (for the tests; ops never wait). */
export async function poolReady() {
  if (pool === null) return;
  startWorkers();
  await pool.loadingWorker;
  while (pool.workers.some((w) => !w.ready)) await new Promise((resolve) => setTimeout(resolve, 2));
}

/** For the tests: the workers running and the ops shared so far (the op sequence number). */
export function poolStats() {
  return pool === null ? { workers: 0, sharedOps: 0 } : { workers: pool.workers.length, sharedOps: pool.seq };
}

/**
 * For the tests and the benchmark: `splitAll` splits every op of two chunks or more, in chunks
 * of `minChunkBytes`; `paused` splits none (the workers stay up), to compare with one thread.
 */
export function configurePoolForTests(options) {
  test = { ...test, ...options };
}

let lastBig = false; // the last op was worth sharing (whether it was shared or not)

// What ops of each kind took when they ran on the calling thread, as a factor on costs.js's
// estimate: the table was measured on one machine, on data that takes the kernels' usual path,
// with three arrays moving through memory. An op that costs less (a broadcast that stays in
// cache, a division by a power of two, a faster machine) or more is seen for what it is after
// it has run once alone. Kept for ops in wasm memory whose estimate is below ASLEEP_US: larger
// ones are shared anyway, and the calling thread's copies would be in a JS array's timing.
const factors = new Map(); // kind of op -> measured time / estimate, within [1/16, 2]
let timing = null; // { kind, estimate, start } of the op running alone now, or null

/**
 * Whether an op of n output elements, whose operands hold `inputs` elements together, should be
 * shared: only when the workers are up, and, if they have gone to sleep, only when the op pays
 * for waking them. `copied`: its operands or result are JS arrays, copied through wasm memory by
 * the calling thread: then only work bound by arithmetic gains, and only when long (costs.js).
 */
export function shouldShare(divides, dtype, n, inputs, copied) {
  timing = null;
  const estimate = !copied || copiedGains(divides, dtype) ? estimateUs(divides, dtype, n, inputs) : 0;
  if (estimate < AWAKE_US / 4) { // never shared, even at twice the estimate: nothing more to do
    lastBig = false;
    return false;
  }
  const kind = `${divides} ${dtype} ${inputs === 2 * n ? 0 : inputs}`;
  const us = copied ? estimate : estimate * (factors.get(kind) ?? 1);
  const awake = awakeUs(divides, dtype);
  lastBig = us >= awake;
  if (decide(us, copied ? ASLEEP_US : awake)) return true;
  if (!copied && estimate < ASLEEP_US) timing = { kind, estimate, start: performance.now() };
  return false;
}

// `threshold`: the µs from which an op is worth sharing with the workers awake.
function decide(us, threshold) {
  if (pool === null || wantedWorkers === 0 || test.paused || us === 0) return false;
  if (!test.splitAll && us < threshold) return false;
  if (pool.workers.length < wantedWorkers) {
    startWorkers(); // in the background: this op runs on the calling thread
    return false;
  }
  if (!pool.workers.some((w) => w.ready)) return false;
  if (test.splitAll || us >= ASLEEP_US) return true;
  // Awake from the last shared op; or this op follows another of this size at once (ops back to
  // back): then waking the workers pays over the ops that follow.
  const now = performance.now();
  return now - pool.lastEnd < 0.8 * SPIN_MS || now - pool.lastBigEnd < BURST_GAP_MS;
}

/** The engine says an op it ran on the calling thread alone has ended. */
export function inlineEnded() {
  if (timing === null && !lastBig) return;
  const now = performance.now();
  if (timing !== null) {
    const f = ((now - timing.start) * 1000) / timing.estimate; // ms, µs
    factors.set(timing.kind, Math.min(2, Math.max(1 / 16, f)));
    timing = null;
  }
  if (lastBig && pool !== null) pool.lastBigEnd = now;
}

/** Lays out the op's n elements (rows of `row` elements of `es` bytes) in chunks; returns how many. */
function geometry(ctl, n, row, es) {
  const align = Math.max(1, 64 / es);
  ctl[W.END] = n;
  ctl[W.ROW] = row;
  ctl[W.ALIGN] = align;
  ctl[W.PIECE] = Math.max(Math.ceil(n / ((pool.workers.length + 1) * CHUNKS_PER_THREAD)), Math.ceil(test.minChunkBytes / es),
    align, Math.ceil(n / MAX_CHUNKS));
  return Math.ceil(n / ctl[W.PIECE]);
}

/**
 * Output elements [0, n) of the plan in the core (a, b and y in the scratch area), in rows of
 * `row` elements of `es` bytes, on the calling thread and the pool. Returns a core status.
 */
export function runShared(n, row, es) {
  const ctl = pool.ctl;
  const chunks = geometry(ctl, n, row, es);
  const seq = (pool.seq = (pool.seq + 1) | 0);
  const tag = seq & W.TAG_MASK;
  Atomics.store(ctl, W.DONE, 0);
  Atomics.store(ctl, W.CHUNKS, chunks);
  Atomics.store(ctl, W.NEXT, tag << W.TAG_SHIFT);
  Atomics.store(ctl, W.SEQ, seq); // publishes everything above and the scratch area
  for (let i = 0; i < pool.workers.length; ++i) {
    if (Atomics.load(ctl, W.SLOT + W.SLOT_WORDS * i) === 1) {
      Atomics.notify(ctl, W.SEQ);
      break;
    }
  }
  let status = 0;
  for (let c; (c = claim(ctl, tag)) >= 0;) {
    const [begin, end] = chunkRange(ctl, c);
    status |= pool.runRange(begin, end);
    Atomics.add(ctl, W.DONE, 1);
  }
  // The chunks workers hold: a share of one op, so far less than a second unless a worker died.
  const started = performance.now();
  for (let k = 1; Atomics.load(ctl, W.DONE) !== chunks; ++k) {
    if ((k & 0xffff) === 0 && performance.now() - started > 10000) {
      wantedWorkers = 0;
      throw new Error('tensorwise: a worker thread did not finish its share of an op; threads are turned off');
    }
  }
  pool.lastEnd = performance.now();
  for (let i = 0; i < pool.workers.length; ++i) status |= ctl[W.SLOT + W.SLOT_WORDS * i + 2];
  return status;
}
