// Which objects are wasm tensors: a WeakSet that tensor.js fills, so that any module can tell
// one (a Proxy of one is not) without importing tensor.js and without running caller code.
import { uncurry } from './intrinsics.js';

const tensors = new WeakSet();
const add = uncurry(WeakSet.prototype.add);
const has = uncurry(WeakSet.prototype.has);

export function markWasmTensor(t) {
  add(tensors, t);
}

export function isWasmTensor(x) {
  return has(tensors, x);
}
