// Which objects are wasm tensors: a WeakSet that tensor.js fills, so that any module can tell
// one (a Proxy of one is not) without importing tensor.js and without running caller code.
import { uncurry } from './intrinsics.js';

const tensors = new WeakSet();
const add = uncurry(WeakSet.prototype.add);
const has = uncurry(WeakSet.prototype.has);

// Every copy of the library in this realm (its ESM and its CommonJS file in one program, two
// installs) has its own wasm memory and its own set above, so another copy's tensor is none of
// this one's. So that messages can say what it is, every copy also puts its tensors in one set
// they share, on globalThis under a registered symbol (made by the first copy, neither writable
// nor enumerable; a set of this copy's own where none can be made). Only messages read it. A
// Proxy of a tensor is in neither set.
const ALL = Symbol.for('tensorwise: the wasm tensors of every copy');
const everyCopy = (() => {
  const found = Object.getOwnPropertyDescriptor(globalThis, ALL)?.value;
  try {
    has(found, found);
    return found;
  } catch { /* none yet, or not a WeakSet */ }
  const made = new WeakSet();
  try {
    Object.defineProperty(globalThis, ALL, { __proto__: null, value: made });
  } catch { /* a frozen globalThis */ }
  return made;
})();

export function markWasmTensor(t) {
  add(tensors, t);
  add(everyCopy, t);
}

export function isWasmTensor(x) {
  return has(tensors, x);
}

/** Whether x is a wasm tensor of another copy of the library (for messages only). */
export function isForeignTensor(x) {
  return !has(tensors, x) && has(everyCopy, x);
}
