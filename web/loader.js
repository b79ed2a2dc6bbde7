// Loads the wasm module once. Emscripten 3.1.6's own loader would fetch() file paths in Node
// and its ES6 output has no Node support, so the glue is built for the web only and this file
// hands it the bytes: read from disk in Node, fetched in browsers, or given by the caller.
import createTensorwiseModule from '../dist/tensorwise.js';
import { readAbi } from './abi.js';
import { describe } from './format.js';
import {
  TYPED_ARRAY_CLASSES, bufferKind, typedArrayBuffer, typedArrayByteOffset, typedArrayKind, typedArrayLength,
} from './intrinsics.js';
import { readRecord } from './records.js';

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
  const { wasmBinary, locateFile } = readRecord(options, ['wasmBinary', 'locateFile'], 'init');
  const bytes = wasmBinary !== undefined ? toBytes(wasmBinary) : await fetchBytes(wasmUrl(locateFile));
  const m = await createTensorwiseModule({ wasmBinary: bytes });
  readAbi(m);
  return m;
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

function wasmUrl(locateFile) {
  if (locateFile === undefined) return new URL('../dist/tensorwise.wasm', import.meta.url).href;
  if (typeof locateFile !== 'function') throw new TypeError(`init: locateFile must be a function, got ${describe(locateFile)}`);
  return String(locateFile('tensorwise.wasm', new URL('../dist/', import.meta.url).href));
}

async function fetchBytes(url) {
  if (url.startsWith('file:')) {
    // Node: a computed specifier keeps bundlers from trying to pack node:fs for the browser.
    const fsModule = 'node:fs/promises';
    const { readFile } = await import(/* @vite-ignore */ /* webpackIgnore: true */ fsModule);
    return new Uint8Array(await readFile(new URL(url)));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`tensorwise: could not load ${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}
