// init({ wasmBinary }) takes a compiled WebAssembly.Module where the lib declares one (dom here),
// as hosts that forbid compiling from bytes (Cloudflare Workers) import a .wasm. (lib.dom's
// WebAssembly.Module has no members, so TypeScript cannot tell it from other objects.)
import { init } from 'tensorwise';

export async function main(module: WebAssembly.Module, bytes: Uint8Array): Promise<void> {
  await init({ wasmBinary: module });
  await init({ wasmBinary: bytes });
}
