// The pool of workers that share large ops with the calling thread, over the threaded build's
// shared memory. init() and setThreads() start the workers; each says it runs through its word
// in the control block (a SharedArrayBuffer of its own, which growth of wasm memory never
// replaces), so synchronous code uses a worker from the moment it has started, with no event to
// wait for. An op the policy shares (share-policy.js) is published in the control block; the
// calling thread and every running worker then claim its tiles one by one until none is left,
// and the call returns once every claimed tile is done, also when something throws. The calling
// thread may also spin to the end, so a page's main thread (which may not block) runs this
// unchanged. Workers sleep in Atomics.wait between ops; an op wakes them.
//
// Tile boundaries fall on whole rows of the plan, or at multiples of the core's tile alignment
// from a row's start (pool-protocol.js), so results are the same bits whatever the thread count.
//
// Nothing here runs caller code once an op has started: Atomics, Math, the Worker class and the
// warning channel are the ones captured when the package loaded (intrinsics.js), handed over by
// createPool, so that this file depends on nothing but the protocol and the worker's source.
// Warnings are emitted by init(), setThreads() and worker events, never inside an op.
import { poolProtocol } from './pool-protocol.js';
import { WORKER_SOURCE } from './pool-worker.js';

let W, tileBegin, tileEnd, claim, close; // the protocol, made with the captured Atomics
let load, store, add, notify, wait, ceil, min, max, pageWorker, warnOnce;

// How long the calling thread spins for the tiles workers still hold when it has none left to
// claim, before it sleeps until they are done (where it may: a page's main thread may not, and
// spins). Sleeping lets a worker that the system placed on this thread's CPU finish its tile.
const CALLER_SPINS = 2000;
const STACK_BYTES = 64 * 1024;
// A page's worker starts only when the page's main thread yields: init() and setThreads() wait
// for it this long at most, then go on without it.
const START_TIMEOUT_MS = 10000;

const isNode = typeof globalThis.process?.versions?.node === 'string';

let pool = null; // { inst, compiled, memory, names, ctl, Worker, maxThreads, workers, slots, seq, test, canWait }

// Whether this thread may block in Atomics.wait (a page's main thread may not).
function canWait() {
  try {
    wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes the pool on the threaded build's shared memory and starts `workers` workers, of at most
 * maxThreads - 1: their threads boot, then wait for attach(). `intrinsics`: { atomics, ceil, min, max, pageWorker,
 * warnOnce } of the main bundle.
 */
export function createPool({ memory, Worker, workers, maxThreads, intrinsics }) {
  ({ W, tileBegin, tileEnd, claim, close } = poolProtocol(intrinsics.atomics));
  ({ load, store, add, notify, wait } = intrinsics.atomics);
  ({ ceil, min, max, pageWorker, warnOnce } = intrinsics);
  const ctl = new Int32Array(new SharedArrayBuffer(4 * (W.SLOT + W.SLOT_WORDS * maxThreads)));
  pool = {
    inst: null, compiled: null, memory, names: null, ctl, Worker, maxThreads, workers: [], slots: new Set(), seq: 0,
    test: NO_TEST, canWait: canWait(),
  };
  for (let slot = 0; slot < min(workers, maxThreads - 1); ++slot) {
    const w = spawn(slot);
    if (w === null) break;
    pool.workers.push(w);
  }
}

/**
 * Gives the pool the threaded build (its instance and compiled WebAssembly.Module) and the
 * workers their stacks and module. Resolves once they run in a page; in Node at once, the
 * workers starting in parallel with the caller's code and ops using each one as soon as it runs.
 */
export async function attach(inst, compiled) {
  const m = inst.m;
  // The workers call the instance's exports by their (minified) names, found by identity.
  const names = {};
  for (const key of Object.keys(m.asm)) {
    if (m.asm[key] === inst.core.run) names.run = key;
    if (m.asm[key] === inst.core.setStack) names.setStack = key;
  }
  if (names.run === undefined || names.setStack === undefined) {
    throw new Error('tensorwise: the threaded module does not export what its workers need');
  }
  Object.assign(pool, { inst, compiled, names });
  for (const w of [...pool.workers]) launch(w);
  if (!isNode) await Promise.all(pool.workers.map(running));
}

/** Ends every worker (the threaded build did not load after all). */
export async function dismantle() {
  if (pool === null) return;
  const workers = pool.workers.splice(0);
  await Promise.all(workers.map((w) => Promise.resolve(w.handle.terminate()).catch(() => {})));
  pool = null;
}

const NO_TEST = { mode: 'policy', tileBytes: 0 };

/** The tests' and the bench's setting (configurePoolForTests). */
export function testHook() {
  return pool === null ? NO_TEST : pool.test;
}

/** Workers that run or are starting (not failed, not stopped): the threads are one more. */
export function liveWorkers() {
  return pool === null ? 0 : pool.workers.length;
}

/**
 * How many workspaces a shared op needs: one per thread that may claim a tile, numbered as they
 * are (the calling thread 0, a worker its slot + 1; slots may have gaps).
 */
export function workspaces() {
  let n = 1;
  if (pool === null) return n;
  const { workers } = pool;
  for (let i = 0; i < workers.length; ++i) n = max(n, workers[i].slot + 2); // a loop, not for-of: it runs while a call stages
  return n;
}

/** Starts or stops workers until `n` are live; resolves once those it started run (or failed). */
export async function setWorkers(n) {
  if (pool === null) return;
  const want = min(n, pool.maxThreads - 1);
  const stopping = pool.workers.splice(want);
  const started = [];
  for (let slot = 0; pool.workers.length < want && slot < pool.maxThreads - 1; ++slot) {
    if (pool.slots.has(slot)) continue; // a stopped worker's slot is free once its stack is
    const w = spawn(slot);
    if (w === null || !launch(w)) break; // warned; not retried
    pool.workers.push(w);
    started.push(w);
  }
  await Promise.all([...stopping.map(stop), ...started.map(running)]);
}

// Starts a worker's thread, which boots and waits for launch().
function spawn(slot) {
  const { ctl, Worker } = pool;
  const base = W.SLOT + W.SLOT_WORDS * slot;
  ctl.fill(0, base, base + W.SLOT_WORDS);
  const w = { slot, base, stack: 0, handle: null, state: 'starting' };
  try {
    if (isNode) {
      // No flags of this process (--input-type=module would make the source a module without
      // require; --import would load the caller's preloads into a thread that only computes);
      // its output not piped (it prints nothing), which makes it quicker to start.
      w.handle = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], stdout: true, stderr: true });
      w.handle.unref(); // a script whose last op has run exits by itself
      w.handle.on('error', (error) => failed(w, error?.message ?? error));
      w.handle.on('exit', () => failed(w, 'it exited'));
    } else {
      const url = pageWorker.createObjectURL(new pageWorker.Blob([WORKER_SOURCE], { type: 'text/javascript' }));
      w.handle = new Worker(url);
      w.handle.onerror = (event) => failed(w, event?.message ?? 'it could not start');
    }
  } catch (error) {
    warnOnce('worker', `a worker thread could not be started (${error?.message ?? error}); running on fewer threads`);
    return null;
  }
  pool.slots.add(slot);
  return w;
}

// Gives a booting worker its stack (from wasm memory) and the module; false when it cannot.
function launch(w) {
  const stack = pool.inst.core.malloc(STACK_BYTES);
  if (stack === 0) {
    failed(w, 'wasm memory is full: no stack for it');
    return false;
  }
  w.stack = stack;
  w.handle.postMessage({
    module: pool.compiled, memory: pool.memory, ctl: pool.ctl, slot: w.base, stackTop: stack + STACK_BYTES, names: pool.names,
  });
  return true;
}

// Resolves when w runs (its STATE word says so) or has failed.
async function running(w) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (w.state === 'starting' && load(pool.ctl, w.base + W.STATE) === W.STARTING) {
    if (Date.now() > deadline) {
      failed(w, `it did not start within ${START_TIMEOUT_MS / 1000} s`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  if (w.state === 'starting') w.state = 'running';
}

// A worker that failed (it could not start, or its thread ended): it claims nothing, so ops run
// without it; it is not started again. Its stack is freed once its thread is gone.
function failed(w, message) {
  if (w.state !== 'starting' && w.state !== 'running') return; // stopped by stop(), or failed already
  w.state = 'failed';
  const p = pool;
  const i = p.workers.indexOf(w);
  if (i >= 0) p.workers.splice(i, 1);
  warnOnce('worker', `a worker thread failed (${message}); running on ${p.workers.length + 1} thread(s)`);
  Promise.resolve(w.handle?.terminate?.()).catch(() => {}).then(() => {
    if (pool === p) release(w);
  });
}

// Stops w between ops: it finishes any tile in hand, claims no more and says it exited; then its
// thread is ended and its stack freed.
async function stop(w) {
  if (w.state !== 'starting' && w.state !== 'running') return;
  w.state = 'stopping';
  store(pool.ctl, w.base + W.QUIT, 1);
  notify(pool.ctl, W.SEQ);
  const deadline = Date.now() + START_TIMEOUT_MS;
  // A worker still starting is ended by terminate() below before it runs anything.
  while (load(pool.ctl, w.base + W.STATE) !== W.EXITED && load(pool.ctl, w.base + W.STATE) !== W.STARTING) {
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.resolve(w.handle.terminate()).catch(() => {});
  w.state = 'stopped';
  release(w);
}

function release(w) {
  if (w.stack !== 0) pool.inst.core.free(w.stack);
  w.stack = 0;
  pool.slots.delete(w.slot);
}

/** Resolves once every live worker runs (for the tests: ops never wait). */
export async function poolReady() {
  if (pool !== null) await Promise.all(pool.workers.map(running));
}

/** For the tests: the workers live, the ops shared so far and the tiles workers ran in them. */
export function poolStats() {
  if (pool === null) return { workers: 0, sharedOps: 0, workerTiles: 0 };
  return { workers: pool.workers.length, sharedOps: pool.seq, workerTiles: load(pool.ctl, W.WORKED) };
}

/**
 * For the tests and the bench: mode 'always' shares every op of two tiles or more, in tiles of
 * `tileBytes` (the suites compare every path with one thread's bits); 'never' shares none (one
 * thread, the workers up); 'policy' is what users get.
 */
export function configurePoolForTests({ mode = 'policy', tileBytes = 0 } = {}) {
  if (pool !== null) pool.test = { mode, tileBytes };
}

/** Lays the op's n elements (rows of `row` elements, tiles starting at multiples of `align` in a row) out in `tiles` tiles; returns how many. */
function geometry(ctl, n, row, align, tiles) {
  ctl[W.END] = n;
  ctl[W.ROW] = row;
  ctl[W.ALIGN] = align;
  ctl[W.PIECE] = max(ceil(n / min(tiles, W.MAX_TILES)), align);
  return ceil(n / ctl[W.PIECE]);
}

/**
 * Output elements [0, n) of the plan at `plan` (the inputs' and output's addresses at `bases`), in
 * rows of `row` elements where a tile starts at a multiple of `align`, in `tiles` tiles on the
 * calling thread and the pool, waking `helpers` workers at most; thread t's workspace is the
 * wsBytes at ws + t * wsBytes. Returns a core status. Returns (or throws) only once every tile any thread claimed is done.
 */
export function runShared(n, row, align, tiles, helpers, plan, bases, ws, wsBytes) {
  const ctl = pool.ctl;
  const count = geometry(ctl, n, row, align, tiles);
  ctl[W.PLAN] = plan;
  ctl[W.BASES] = bases;
  ctl[W.WS] = ws;
  ctl[W.WS_BYTES] = wsBytes;
  const seq = (pool.seq = (pool.seq + 1) | 0);
  const tag = seq & W.TAG_MASK;
  store(ctl, W.DONE, 0);
  store(ctl, W.STATUS, 0);
  store(ctl, W.TILES, count);
  store(ctl, W.NEXT, tag << W.TAG_SHIFT);
  store(ctl, W.SEQ, seq); // publishes everything above and the scratch area
  // Wakes `helpers` sleepers at most: a worker still awake from the op before may join too.
  const workers = pool.workers;
  for (let i = 0; i < workers.length; ++i) {
    if (load(ctl, workers[i].base + W.STATE) === W.ASLEEP) {
      notify(ctl, W.SEQ, helpers);
      break;
    }
  }
  const run = pool.inst.core.run;
  let status = 0;
  try {
    for (let c; (c = claim(ctl, tag)) >= 0;) {
      try {
        status |= run(plan, bases, ws, tileBegin(ctl, c), tileEnd(ctl, c));
      } finally {
        add(ctl, W.DONE, 1);
      }
    }
  } finally {
    // No tile can be claimed from here; the call ends when every claimed one is done (a tile is
    // tens of µs of work at most).
    const claimed = close(ctl, tag);
    for (let k = 0, done; (done = load(ctl, W.DONE)) !== claimed; ++k) {
      if (k >= CALLER_SPINS && pool.canWait) {
        store(ctl, W.WAITING, 1);
        if (load(ctl, W.DONE) === done) wait(ctl, W.DONE, done, 1);
        store(ctl, W.WAITING, 0);
      }
    }
  }
  return status | load(ctl, W.STATUS);
}
