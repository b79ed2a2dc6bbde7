// Loads the wasm module once. Emscripten 3.1.6's own loader would fetch() file paths in Node
// and its ES6 output has no Node support, so the glue is built for the web only and this file
// hands it the bytes: read from disk in Node, fetched in browsers, or given by the caller.
import createTensorwiseModule from '../dist/tensorwise.js';

let module = null;
let pending = null;

/** The loaded module; throws if init() has not resolved. */
export function wasm() {
  if (module === null) {
    throw new Error('tensorwise is not initialised: call `await init()` before using it');
  }
  return module;
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
  if (options === null || typeof options !== 'object') {
    throw new TypeError('init(options): options must be an object');
  }
  const { wasmBinary, locateFile } = options;
  const bytes = wasmBinary !== undefined ? toBytes(wasmBinary) : await fetchBytes(wasmUrl(locateFile));
  return createTensorwiseModule({ wasmBinary: bytes });
}

function toBytes(binary) {
  if (binary instanceof ArrayBuffer) return new Uint8Array(binary);
  if (ArrayBuffer.isView(binary)) return new Uint8Array(binary.buffer, binary.byteOffset, binary.byteLength);
  throw new TypeError('init({ wasmBinary }): wasmBinary must be an ArrayBuffer or a typed array');
}

function wasmUrl(locateFile) {
  if (locateFile === undefined) return new URL('../dist/tensorwise.wasm', import.meta.url).href;
  if (typeof locateFile !== 'function') throw new TypeError('init({ locateFile }): locateFile must be a function');
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
