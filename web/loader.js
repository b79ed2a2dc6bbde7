// Loads the wasm module once. Emscripten 3.1.6's own loader would fetch() file paths in Node
// and its ES6 output has no Node support, so the glue is built for the web only and this file
// hands it the module: the bytes read from disk in Node, fetched in browsers, embedded (the
// inline entries), or given by the caller; compiled here, so that a failure (a page whose
// Content-Security-Policy forbids compiling WebAssembly) gets a message a user can act on.
import createTensorwiseModule from '../dist/tensorwise.js';
import { embeddedWasm, nodeFs, wasmUrl } from './wasm-file.js';

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
  let bytes;
  if (wasmBinary !== undefined) {
    bytes = toBytes(wasmBinary);
  } else if (locateFile !== undefined) {
    if (typeof locateFile !== 'function') throw new TypeError('init({ locateFile }): locateFile must be a function');
    const url = wasmUrl();
    bytes = await readBytes(String(locateFile('tensorwise.wasm', url === undefined ? '' : new URL('./', url).href)));
  } else {
    bytes = embeddedWasm() ?? (await readBytes(wasmUrl()));
  }
  return instantiate(bytes);
}

function toBytes(binary) {
  if (binary instanceof ArrayBuffer) return new Uint8Array(binary);
  if (ArrayBuffer.isView(binary)) return new Uint8Array(binary.buffer, binary.byteOffset, binary.byteLength);
  throw new TypeError('init({ wasmBinary }): wasmBinary must be an ArrayBuffer or a typed array');
}

const MOVED = "If a bundler moved the code without the .wasm, import from 'tensorwise/inline' (the .wasm " +
  'inside the JS), or tell init() where it is: init({ locateFile: () => url }) or init({ wasmBinary: bytes })';

async function readBytes(url) {
  if (url.startsWith('file:')) {
    try {
      // Node, Deno, Bun. Without process.getBuiltinModule (Node < 20.16), an import whose computed
      // specifier keeps bundlers from trying to pack node:fs for the browser.
      const fs = nodeFs();
      if (fs !== undefined) return fs.readFileSync(new URL(url));
      const fsModule = 'node:fs/promises';
      const { readFile } = await import(/* @vite-ignore */ /* webpackIgnore: true */ fsModule);
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
const compileSync = typeof globalThis.process?.versions?.node === 'string';

function instantiate(bytes) {
  return new Promise((resolve, reject) => {
    createTensorwiseModule({
      instantiateWasm(imports, receiveInstance) {
        if (compileSync) {
          try {
            const compiled = new WebAssembly.Module(bytes);
            const instance = new WebAssembly.Instance(compiled, imports);
            receiveInstance(instance, compiled);
            return instance.exports;
          } catch (error) {
            reject(explain(error));
            return {};
          }
        }
        WebAssembly.instantiate(bytes, imports)
          .then((result) => receiveInstance(result.instance, result.module))
          .catch((error) => reject(explain(error)));
        return {}; // the exports arrive through receiveInstance
      },
    }).then(resolve, reject);
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
