// Loads the wasm module once, without Emscripten's glue: the bytes read from disk in Node,
// fetched in browsers, embedded (the inline entries), or given by the caller; compiled and
// instantiated here, so that a failure (a page whose Content-Security-Policy forbids compiling
// WebAssembly) gets a message a user can act on. (Emscripten 3.1.6's glue would fetch() file
// paths in Node, and its ES6 output has no Node support.)
import { ABI, EXPORT_NAMES, MEMORY_PAGES } from '../../dist/wasm-interface.js';
import { readAbi, sameAbi } from './abi.js';
import { builds, testing } from '../lifecycle.js';
import { describe } from '../format.js';
import { makeInstance } from './instance.js';
import {
  Uint8ArrayClass as Bytes, WebAssemblyIntrinsics, atomics, bytesOf, ceil, hasOwn, isCompiledModule, isDetached, max, min,
  objectKeys, pageWorker, typedArraySet,
} from '../intrinsics.js';
import { growHeap, setSharedInstance } from '../memory/memory.js';
import { checkModule } from './wasm-check.js';
import { readRecord } from '../records.js';
import { smallestShared } from '../threads/share-policy.js';
import { MAX_THREADS, checkThreads, isNode, setPlatform, sharing, threadPlatform, threads, threadsFor, warnOnce } from '../threads/threads.js';
import { embeddedWasm, nodeBuiltin, poolModule, threadedWasmUrl, wasmUrl } from './wasm-file.js';

let pending = null;

/**
 * Loads the module once. Called again (while it loads or after), it checks its options the same
 * way and applies `threads` as setThreads would. wasmBinary and locateFile say where the module
 * comes from: given again, they must name the module that was loaded (the same wasmBinary, a
 * locateFile giving the same URL), else the call rejects saying so (a module cannot be swapped).
 */
export function init(options = {}) {
  let o;
  try {
    o = readInitOptions(options);
    if (pending !== null) checkSameSource(o);
  } catch (error) {
    return Promise.reject(error); // a bad option rejects, as a failed load does
  }
  if (pending === null) {
    source = { binary: o.rawBinary, locateFile: o.locateFile };
    pending = load(o).catch((error) => {
      pending = null; // a failed load may be retried
      throw error;
    });
    return pending;
  }
  return pending.then(() => (o.threads === undefined ? undefined : applyThreads(o.threads)));
}

// Where the loaded module came from: the caller's wasmBinary (as given) or locateFile, if any.
let source = { binary: undefined, locateFile: undefined };

// Where locateFile puts a build's file: asked with its name and the folder of its default URL.
const located = (locateFile, name, url) => String(locateFile(name, url === undefined ? '' : new URL('./', url).href));
const locatedUrl = (locateFile) => located(locateFile, 'tensorwise.wasm', wasmUrl());

function checkSameSource(o) {
  const first = source.binary === undefined && source.locateFile !== undefined ? locatedUrl(source.locateFile) : undefined;
  const from = source.binary !== undefined ? 'the wasmBinary given first' : first ?? "the package's own file";
  const refuse = (what) => {
    throw new TypeError(`init: the module is already loaded (from ${from}) and is loaded once; ${what} ` +
      '(call init() again without it: threads are applied)');
  };
  if (o.rawBinary !== undefined && o.rawBinary !== source.binary) refuse('this call gives another wasmBinary');
  if (o.locateFile !== undefined && o.wasmBinary === undefined && o.locateFile !== source.locateFile) {
    const url = locatedUrl(o.locateFile);
    if (url !== first) refuse(`this call's locateFile gives ${url}`);
  }
}

function readInitOptions(options) {
  const o = readRecord(options, ['wasmBinary', 'locateFile', 'threads'], 'init');
  if (o.threads !== undefined) checkThreads(o.threads, 'init');
  if (o.locateFile !== undefined && typeof o.locateFile !== 'function') {
    throw new TypeError(`init: locateFile must be a function, got ${describe(o.locateFile)}`);
  }
  o.rawBinary = o.wasmBinary;
  if (o.wasmBinary !== undefined) o.wasmBinary = toBytes(o.wasmBinary);
  return o;
}

/** How many threads to run after init: setThreads(n) and a second init({ threads }). */
export async function applyThreads(value) {
  let n = threadsFor(value);
  if (n > 1 && sharing.pool === null && deferred === null) {
    warnOnce('platform', `${value} threads were asked for, but ${SINGLE}; running on 1 thread`);
    n = 1;
  }
  if (sharing.pool === null && deferred !== null) sharing.planned = n;
  await sharing.pool?.setWorkers(n - 1);
}

// Node.js: where the threaded build is when init() leaves it for later (its file's URL, and the
// fs module init() found to read it with), until startThreads() loads it; null once loaded, or
// where there is none.
let deferred = null;

/**
 * The build for a new wasm tensor of `bytes`: the threaded one when an op on it may be shared
 * (share-policy.js) with the threads asked for, loading it now if init() left it for later; else
 * the single-threaded one, which V8 copies into and out of faster (docs/threads.md).
 */
export function buildFor(bytes) {
  if (!testing.allShared && bytes < smallestShared(threads())) return builds.plain;
  startThreads();
  return builds.shared ?? builds.plain;
}

/**
 * Loads the threaded build and starts its workers, where init() left them for later (Node.js:
 * a process that makes no large wasm tensor never pays for them). Synchronous: the file is read,
 * compiled and instantiated on this thread, and the workers boot in parallel with the caller,
 * each taking tiles from the moment it runs. A failure warns once and leaves 1 thread.
 */
export function startThreads() {
  if (deferred === null || sharing.planned < 2) return;
  const { url, fs, pool } = deferred;
  deferred = null;
  try {
    const memory = sharedMemory();
    const shared = finishBuild(instantiate(compile(fs.readFileSync(new URL(url))), memory, 'tensorwise-mt.wasm'), memory);
    startPool(pool, shared, memory, nodeBuiltin('worker_threads').Worker, sharing.planned);
  } catch (error) {
    pool.dismantle();
    noThreads(error);
  }
}

function noThreads(error) {
  warnOnce('threaded', `the threaded build did not load (${error?.message ?? error}); running on 1 thread`);
  setPlatform(1, SINGLE);
  sharing.planned = 1;
}

const sharedMemory = () => new WebAssemblyIntrinsics.Memory({ ...MEMORY_PAGES, shared: true });

// Starts n - 1 workers on the threaded build (their threads boot; attach() gives them the module)
// and makes it the build large wasm tensors and their ops use.
function startPool(pool, shared, memory, Worker, n) {
  pool.createPool({
    memory, Worker, workers: n - 1, maxThreads: MAX_THREADS,
    intrinsics: { atomics, ceil, min, max, pageWorker, warnOnce },
  });
  const attached = pool.attach(shared, shared.compiled);
  builds.shared = shared;
  setSharedInstance(shared);
  sharing.pool = { ...pool }; // a plain object: calls through a module namespace are slower
  return attached;
}

const SINGLE = 'init() loaded the single-threaded build (ask init() for threads, with no wasmBinary)';

const NOT_ISOLATED = 'this page is not cross-origin isolated (serve it with Cross-Origin-Opener-Policy: same-origin ' +
  'and Cross-Origin-Embedder-Policy: require-corp)';
const INLINE = "the inline build has no threads (import 'tensorwise/file' for them)";

async function load({ wasmBinary, locateFile, threads = 'auto' }) {
  // The file of a build: where locateFile says, else beside this file (or embedded).
  const where = (name, url) => (locateFile === undefined ? url : located(locateFile, name, url));
  // A build's module as a message names it (wasm-check.js).
  const named = (name) => (locateFile === undefined ? name : `the file locateFile gave for ${name}`);
  const plainName = wasmBinary !== undefined ? 'wasmBinary' : named('tensorwise.wasm');
  const plainBytes = async () => wasmBinary
    ?? (locateFile === undefined ? embeddedWasm() : undefined) ?? readBytes(where('tensorwise.wasm', wasmUrl()));
  // Threads need the threaded build (not embedded in the inline entries), a platform whose
  // workers can share memory (Node.js, or a cross-origin-isolated page) and no wasmBinary.
  const isolated = isNode || globalThis.crossOriginIsolated === true;
  const why = threadedWasmUrl() === undefined ? INLINE : !isolated ? NOT_ISOLATED
    : wasmBinary !== undefined || threads === 1 ? SINGLE : null;
  // A page isolated so that it can run threads, given the inline build by its bundler's
  // conditions, would run on one thread with nothing said: it is said, once.
  if (why === INLINE && !isNode && globalThis.crossOriginIsolated === true && threads === 'auto') {
    warnOnce('inline', `this page is cross-origin isolated, but ${INLINE}; running on 1 thread`);
  }
  let platform = null;
  // The pool's module (a file of its own in the ES module entries) on its way from the start,
  // beside the rest of init()'s work.
  const poolLoading = why === null ? Promise.resolve(poolModule()) : null;
  poolLoading?.catch(() => {}); // awaited below: a failure is reported there, not as unhandled
  if (why === null) {
    platform = await threadPlatform(nodeBuiltin, importBuiltin);
    setPlatform(platform.max, platform.why);
  } else {
    setPlatform(1, why);
  }
  const n = threadsFor(threads); // more than the platform allows: a warning, and 1
  if (n === 1) {
    builds.plain = await loadBuild(await plainBytes(), null, plainName);
    // Resident tensors live in one build's memory: the threaded one cannot come later.
    if (platform !== null && platform.max > 1) setPlatform(1, SINGLE);
    return;
  }
  sharing.planned = n;
  // Node.js, with the threaded build in a file: it is loaded when a wasm tensor first needs it
  // (startThreads), which keeps init() as short as with one thread (docs/threads.md).
  const url = threadedWasmUrl();
  const fs = compileSync && locateFile === undefined && url.startsWith('file:') ? nodeBuiltin('fs') : undefined;
  if (fs !== undefined) {
    builds.plain = await loadBuild(await plainBytes(), null, plainName);
    // The pool's module now, as startThreads runs synchronously (the ES module entries have it in
    // a file of their own, dist/pool.mjs, which a program on one thread never loads).
    try {
      deferred = { url, fs, pool: await poolLoading };
    } catch (error) {
      noThreads(error);
    }
    return;
  }
  // Both builds, side by side: ops on JS arrays run in the single-threaded one, whose memory V8
  // copies into and out of faster than into a shared one (docs/threads.md). A page compiles the
  // threaded build off its main thread while it loads the other (Node compiles it in 0.5 ms on
  // this thread: an async compile's result came ~1 ms later, when the event loop turned). The
  // workers start last: a Node worker takes a core for ~17 ms as it boots, which slowed the
  // compile when it came first.
  let pool = null;
  try {
    const threadedBytes = readBytes(where('tensorwise-mt.wasm', url));
    const compiling = compileSync ? threadedBytes : threadedBytes.then(compile);
    compiling.catch(() => {}); // awaited below: a failure is reported there, not as unhandled
    builds.plain = await loadBuild(await plainBytes(), null, plainName);
    const Worker = await platform.worker();
    const memory = sharedMemory();
    const shared = await loadBuild(await compiling, memory, named('tensorwise-mt.wasm'));
    pool = await poolLoading;
    await startPool(pool, shared, memory, Worker, n);
  } catch (error) {
    await pool?.dismantle();
    noThreads(error);
    builds.plain ??= await loadBuild(await plainBytes(), null, plainName);
  }
}

// Compiles on this thread where it may (Node, Deno, Bun: compileSync below), else off it (V8
// compiles in the background, so that another build can be instantiated meanwhile: a promise);
// a CSP refusal gets the same advice either way.
function compile(bytes) {
  if (!compileSync) return WebAssemblyIntrinsics.compile(bytes).then(undefined, fail);
  try {
    return new WebAssemblyIntrinsics.Module(bytes);
  } catch (error) {
    fail(error);
  }
}

// A build's instance from its bytes (or its compiled WebAssembly.Module); `memory` is the threaded
// build's shared memory (null for the other, which gets its own). `what` names the module in
// messages.
async function loadBuild(bytes, memory, what) {
  const module = isCompiledModule(bytes) ? bytes : await compile(bytes);
  return finishBuild(await instantiate(module, memory, what), memory);
}

// The instance (instance.js) of an instantiated build, after the ABI check (its facts' hash).
function finishBuild({ m, compiled, heap }, memory) {
  if (memory === null) readAbi(m, ABI);
  else sameAbi(m, ABI);
  const inst = makeInstance(m, memory !== null, heap);
  inst.compiled = compiled;
  return inst;
}

// A computed specifier keeps bundlers from trying to pack Node's modules for the browser.
function importBuiltin(name) {
  return import(/* @vite-ignore */ /* webpackIgnore: true */ name);
}

// The bytes are copied: the caller's buffer may change (or be transferred) while the module
// compiles. Any ArrayBufferView (a typed array of any class, a DataView) or buffer is read
// through the built-in getters, as every argument is. A compiled WebAssembly.Module (what hosts
// that forbid compiling from bytes, such as Cloudflare Workers, give for `import wasm from
// '../tensorwise.wasm'`) is taken as it is.
function toBytes(binary) {
  if (isCompiledModule(binary)) return binary;
  const view = bytesOf(binary);
  if (view === null) {
    throw new TypeError('init: wasmBinary must be an ArrayBuffer, an ArrayBufferView (a typed array or a DataView) or a ' +
      `WebAssembly.Module, got ${describe(binary)}`);
  }
  if (view.byteLength === 0 && isDetached(view.buffer)) {
    throw new TypeError('init: wasmBinary\'s ArrayBuffer is detached (it was transferred)');
  }
  const bytes = new Bytes(view.byteLength);
  typedArraySet(bytes, new Bytes(view.buffer, view.byteOffset, view.byteLength), 0);
  return bytes;
}

const MOVED = "If a bundler moved the code without the .wasm, import from 'tensorwise/inline' (the .wasm " +
  'inside the JS), or tell init() where it is: init({ locateFile: () => url }) or init({ wasmBinary: bytes })';

async function readBytes(url) {
  if (url.startsWith('file:')) {
    try {
      // Node, Deno, Bun. Without process.getBuiltinModule (Node < 20.16), an import whose computed
      // specifier keeps bundlers from trying to pack node:fs for the browser.
      const fs = nodeBuiltin('fs');
      if (fs !== undefined) return fs.readFileSync(new URL(url));
      const { readFile } = await importBuiltin('node:fs/promises');
      return new Bytes(await readFile(new URL(url)));
    } catch (error) {
      // Node's error code (ENOENT...) stays on the error, as on the one from fs.
      throw Object.assign(new Error(`tensorwise: could not read ${url}: ${error?.message ?? error}. ${MOVED}`,
        { cause: error }), error?.code === undefined ? {} : { code: error.code });
    }
  }
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    // A URL fetch cannot take (a bundler's bare asset path in Node) or a network failure.
    throw new Error(`tensorwise: could not load ${url}: ${error?.message ?? error}. ${MOVED}`, { cause: error });
  }
  if (!response.ok) throw new Error(`tensorwise: could not load ${url}: HTTP ${response.status}. ${MOVED}`);
  return new Bytes(await response.arrayBuffer());
}

// Node, Deno and Bun compile synchronously: a cold start here was ~1 ms shorter than with
// WebAssembly.instantiate. Browsers restrict synchronous compilation on their main thread.
const compileSync = isNode;

/**
 * Instantiates a compiled build: { m, compiled, heap }: its exports by C name (`m._malloc`; `m.asm`
 * holds them by their minified names), the WebAssembly.Module and the module's memory, after
 * checking it (wasm-check.js; `what` names it in the message). `memory`: the threaded build's
 * shared memory, or null (one is made). The module's one function import, the heap's growth, is
 * growHeap (memory.js), which runs only built-ins captured at load: it runs inside a call (the
 * core's allocator asks for it). Node.js, Deno and Bun instantiate on this thread; elsewhere
 * (browsers restrict instantiating on their main thread) it gives a promise. Emscripten's glue
 * did this; what it knew (the exports' names, the memory's size) is in dist/wasm-interface.js.
 */
function instantiate(compiled, memory, what) {
  checkModule(compiled, memory === null ? 'plain' : 'shared', what);
  const heap = memory ?? new WebAssemblyIntrinsics.Memory(MEMORY_PAGES);
  const grow = (requested) => (growHeap(heap, requested, MEMORY_PAGES.maximum * 65536) ? 1 : 0);
  const imports = {};
  for (const { module, name, kind } of WebAssemblyIntrinsics.imports(compiled)) {
    (imports[module] ??= {})[name] = kind === 'memory' ? heap : grow;
  }
  const started = (instance) => {
    const m = { asm: instance.exports };
    for (const name of objectKeys(EXPORT_NAMES)) m[name] = m.asm[EXPORT_NAMES[name]];
    m.___wasm_call_ctors();
    return { m, compiled, heap };
  };
  if (!compileSync) return WebAssemblyIntrinsics.instantiate(compiled, imports).then(started, fail);
  try {
    return started(new WebAssemblyIntrinsics.Instance(compiled, imports));
  } catch (error) {
    fail(error);
  }
}

// A Content-Security-Policy without 'wasm-unsafe-eval' (or 'unsafe-eval') in script-src makes
// browsers refuse to compile any WebAssembly: that failure is thrown with advice, any other as it is.
function fail(error) {
  const message = String(error?.message ?? error);
  if (/Content.Security.Policy|unsafe-eval|\bCSP\b/i.test(message)) {
    throw new Error("tensorwise: this page's Content-Security-Policy does not allow WebAssembly to compile. " +
      "Add 'wasm-unsafe-eval' to its script-src directive, e.g. script-src 'self' 'wasm-unsafe-eval'. " +
      `(The browser said: ${message})`, { cause: error });
  }
  throw error;
}
