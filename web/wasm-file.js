// Where init() finds tensorwise.wasm when it is given neither wasmBinary nor locateFile. This
// version serves the repository's own sources (the demo, the tests: web/ beside dist/). The build
// (scripts/bundle.mjs) gives each published file its own version of this module: the .wasm next
// to the file (dist/index.mjs, through a new URL(..., import.meta.url) that bundlers recognise),
// next to it through __dirname and require('fs') (dist/index.cjs), or the bytes inside it (the
// inline entries).

/** The .wasm's URL, or undefined when the bytes are embedded. */
export const wasmUrl = () => new URL('../dist/tensorwise.wasm', import.meta.url).href;

/** The embedded .wasm bytes, or undefined. */
export const embeddedWasm = () => undefined;

/** Node's fs module without an import (Node ≥ 20.16, Deno, Bun), or undefined. */
export const nodeFs = () => globalThis.process?.getBuiltinModule?.('fs');
