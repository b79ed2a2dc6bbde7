// Loads the wasm module once. Emscripten 3.1.6's own loader would fetch() file paths in Node
// and its ES6 output has no Node support, so the glue is built for the web only and this file
// hands it the module: the bytes read from disk in Node, fetched in browsers, embedded (the
// inline entries), or given by the caller; compiled here, so that a failure (a page whose
// Content-Security-Policy forbids compiling WebAssembly) gets a message a user can act on.
import createTensorwiseModule from '../dist/tensorwise.js';
import { readAbi } from './abi.js';
import { describe } from './format.js';
import {
  TYPED_ARRAY_CLASSES, bufferKind, typedArrayBuffer, typedArrayByteOffset, typedArrayKind, typedArrayLength,
} from './intrinsics.js';
import { readRecord } from './records.js';
import { checkThreads, setCurrent, setPlatform, sharing, threadsFor, warnOnce } from './threads.js';
import { embeddedWasm, loadPool, nodeBuiltin, threadedWasmUrl, wasmUrl } from './wasm-file.js';

let module = null;
let pending = null;
// True from the first byte a call stages in wasm memory until it returns. No caller code runs in
// that window, so no call can start in it; if one ever did, it is refused rather than run on
// memory in use.
let staging = false;

/** The loaded module, for a public entry point; throws if init() has not resolved. */
export function enter() {
  if (module === null) {
    throw new Error('tensorwise is not initialised: call `await init()` before using it');
  }
  if (staging) {
    throw new Error('tensorwise: a call was made while another one was using wasm memory; it was refused');
  }
  return module;
}

/** Runs fn(module, arg) as the staging window of a call (see `staging`). */
export function withStaging(fn, arg) {
  staging = true;
  try {
    return fn(module, arg);
  } finally {
    staging = false;
  }
}

export function init(options = {}) {
  if (module !== null) return Promise.resolve();
  if (pending === null) {
    pending = load(options).then(
      (m) => {
        module = m;
      },
      (error) => {
        pending = null; // a failed load may be retried
        throw error;
      },
    );
  }
  return pending;
}

async function load(options) {
  const { wasmBinary, locateFile, threads = 'auto' } = readRecord(options, ['wasmBinary', 'locateFile', 'threads'], 'init');
  checkThreads(threads, 'init');
  if (locateFile !== undefined && typeof locateFile !== 'function') {
    throw new TypeError(`init: locateFile must be a function, got ${describe(locateFile)}`);
  }
  // The file of a build: where locateFile says, else beside this file (or embedded).
  const where = (name, url) => (locateFile === undefined ? url : String(locateFile(name, url === undefined ? '' : new URL('./', url).href)));
  setCurrent(1);
  // Threads need the threaded build (not embedded in the inline entries) and a platform whose
  // workers can share memory: Node.js, or a cross-origin-isolated page.
  const single = "init() loaded the single-threaded build (ask init() for threads, with no wasmBinary)";
  const isolated = isNode || globalThis.crossOriginIsolated === true;
  setPlatform(1, threadedWasmUrl() === undefined ? "the inline build has no threads (import 'tensorwise/file' for them)"
    : isolated ? single : 'this page is not cross-origin isolated (serve it with Cross-Origin-Opener-Policy: same-origin ' +
      'and Cross-Origin-Embedder-Policy: require-corp)');
  if (wasmBinary === undefined && threadedWasmUrl() !== undefined && threads !== 1 && isolated) {
    try {
      const pool = await loadPool();
      const platform = await pool.threadPlatform(nodeBuiltin, importBuiltin);
      setPlatform(platform.max, platform.why);
      const n = threadsFor(threads);
      if (n > 1) {
        const m = await pool.loadThreaded(await readBytes(where('tensorwise-mt.wasm', threadedWasmUrl())), platform.loadWorker, n,
          instantiate, readAbi);
        sharing.pool = { ...pool }; // a plain object: calls through a module namespace are slower
        setCurrent(n);
        return m;
      }
    } catch (error) {
      warnOnce(`the threaded build did not load (${error?.message ?? error}); running on 1 thread`);
    }
    // Resident tensors live in one build's memory: the build cannot change after init().
    setPlatform(1, single);
  }
  threadsFor(threads); // more than 1 asked for: a warning
  let bytes;
  if (wasmBinary !== undefined) bytes = toBytes(wasmBinary);
  else bytes = (locateFile === undefined ? embeddedWasm() : undefined) ?? (await readBytes(where('tensorwise.wasm', wasmUrl())));
  const { m } = await instantiate(bytes);
  readAbi(m);
  return m;
}

// A computed specifier keeps bundlers from trying to pack Node's modules for the browser.
function importBuiltin(name) {
  return import(/* @vite-ignore */ /* webpackIgnore: true */ name);
}

// The bytes are copied: the caller's buffer may change (or be transferred) while the module
// compiles.
function toBytes(binary) {
  if (typedArrayKind(binary) !== undefined) {
    const size = TYPED_ARRAY_CLASSES.get(typedArrayKind(binary)).BYTES_PER_ELEMENT;
    return new Uint8Array(typedArrayBuffer(binary), typedArrayByteOffset(binary), typedArrayLength(binary) * size).slice();
  }
  if (bufferKind(binary) === 'ArrayBuffer' || bufferKind(binary) === 'SharedArrayBuffer') return new Uint8Array(binary).slice();
  throw new TypeError(`init: wasmBinary must be an ArrayBuffer or a typed array, got ${describe(binary)}`);
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
      return new Uint8Array(await readFile(new URL(url)));
    } catch (error) {
      // Node's error code (ENOENT...) stays on the error, as on the one from fs.
      throw Object.assign(new Error(`tensorwise: could not read ${url}: ${error?.message ?? error}. ${MOVED}`,
        { cause: error }), error?.code === undefined ? {} : { code: error.code });
    }
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`tensorwise: could not load ${url}: HTTP ${response.status}. ${MOVED}`);
  return new Uint8Array(await response.arrayBuffer());
}

// Node, Deno and Bun compile synchronously: a cold start here was ~1 ms shorter than with
// WebAssembly.instantiate. Browsers restrict synchronous compilation on their main thread.
const isNode = typeof globalThis.process?.versions?.node === 'string';
const compileSync = isNode;

/**
 * Instantiates a build from its bytes: { m, compiled } (the glue's module and the compiled
 * WebAssembly.Module). `memory`, when given, is the threaded build's shared memory; the default
 * build's glue makes its own.
 */
function instantiate(bytes, memory) {
  let compiled = null;
  return new Promise((resolve, reject) => {
    createTensorwiseModule({
      ...(memory === undefined ? {} : { wasmMemory: memory }),
      instantiateWasm(imports, receiveInstance) {
        if (compileSync) {
          try {
            compiled = new WebAssembly.Module(bytes);
            const instance = new WebAssembly.Instance(compiled, imports);
            receiveInstance(instance, compiled);
            return instance.exports;
          } catch (error) {
            reject(explain(error));
            return {};
          }
        }
        WebAssembly.instantiate(bytes, imports)
          .then((result) => {
            compiled = result.module;
            receiveInstance(result.instance, result.module);
          })
          .catch((error) => reject(explain(error)));
        return {}; // the exports arrive through receiveInstance
      },
    }).then((m) => resolve({ m, compiled }), reject);
  });
}

// A Content-Security-Policy without 'wasm-unsafe-eval' (or 'unsafe-eval') in script-src makes
// browsers refuse to compile any WebAssembly.
function explain(error) {
  const message = String(error?.message ?? error);
  if (/Content.Security.Policy|unsafe-eval|\bCSP\b/i.test(message)) {
    return new Error("tensorwise: this page's Content-Security-Policy does not allow WebAssembly to compile. " +
      "Add 'wasm-unsafe-eval' to its script-src directive, e.g. script-src 'self' 'wasm-unsafe-eval'. " +
      `(The browser said: ${message})`, { cause: error });
  }
  return error;
}
