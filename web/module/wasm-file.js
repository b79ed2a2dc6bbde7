import * as pool from '../threads/pool.js';

// Where init() finds tensorwise.wasm when it is given neither wasmBinary nor locateFile. This
// version serves the repository's own sources (the demo, the tests: web/ beside dist/). The build
// (scripts/bundle.mjs) gives each published file its own version of this module: the .wasm next
// to the file (dist/index.mjs, through a new URL(..., import.meta.url) that bundlers recognise),
// next to it through __dirname and require('fs') (dist/index.cjs), in webpack's output folder
// (dist/webpack-node.mjs, for webpack's Node builds, whose asset URLs are a site's), or the bytes
// inside it (the inline entries).

/** The .wasm's URL, or undefined when the bytes are embedded. */
export const wasmUrl = () => new URL('../../dist/tensorwise.wasm', import.meta.url).href;

/** The threaded build's .wasm's URL, or undefined where there is none (the inline entries). */
export const threadedWasmUrl = () => new URL('../../dist/tensorwise-mt.wasm', import.meta.url).href;

/**
 * The pool's module (web/threads/pool.js), for the threaded build, or a promise of it (the ES
 * module entries import it from dist/pool.mjs when threads start); undefined where there is none
 * (the inline entries).
 */
export const poolModule = () => pool;

/** The embedded .wasm bytes, or undefined. */
export const embeddedWasm = () => undefined;

/** A Node built-in module ('fs', 'os', 'worker_threads') without an import (Node ≥ 20.16, Deno, Bun), or undefined. */
export const nodeBuiltin = (name) => globalThis.process?.getBuiltinModule?.(name);
