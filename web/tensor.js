// Wasm-resident tensors: data kept in wasm memory between ops, freed by dispose(). Their
// pointer, dtype, shape and length are private: only tensor() and empty() make one, and an op
// reads them from the private fields, whatever own properties a caller adds.
import { enter } from './loader.js';
import { DTYPES, defaultCarrier } from './dtypes.js';
import { markWasmTensor, isWasmTensor } from './tensor-brand.js';
import { heapBuffer } from './memory.js';

const disposeSymbol = Symbol.dispose ?? Symbol.for('Symbol.dispose');
const MAKE = Symbol('tensorwise: make a WasmTensor');

// Live tensors' blocks, address -> bytes: a view of wasm memory given as data or `out` is used
// only inside one of them (a view of a freed block would read or write the allocator's memory).
const live = new Map();

let residentRecord;
let pointerOf;

export class WasmTensor {
  #ptr;
  #dtype;
  #shape;
  #length;

  /** @internal tensor() and empty() make tensors; `new WasmTensor()` is a TypeError. */
  constructor(key, ptr, dtype, shape, length) {
    if (key !== MAKE) throw new TypeError('a WasmTensor is made by tensor() or empty(), not by new');
    this.#ptr = ptr;
    this.#dtype = dtype;
    this.#shape = Object.freeze(shape);
    this.#length = length;
    markWasmTensor(this);
    live.set(ptr, length * DTYPES[dtype].bytes);
  }

  get dtype() { return checked(this, 'dtype').#dtype; }
  get shape() { return checked(this, 'shape').#shape.slice(); }
  get length() { return checked(this, 'length').#length; }
  get disposed() { return checked(this, 'disposed').#ptr === 0; }

  /** A view on the tensor's wasm memory, made fresh on each read (memory may have grown). */
  get data() {
    const t = checked(this, 'data');
    const m = enter();
    if (t.#ptr === 0) throw new TypeError('this wasm tensor was disposed; its data cannot be read');
    const Carrier = defaultCarrier(DTYPES[t.#dtype]);
    return new Carrier(heapBuffer(m), t.#ptr, t.#length);
  }

  /** Frees the wasm memory; calling it again does nothing. */
  dispose() {
    const t = checked(this, 'dispose()');
    if (t.#ptr === 0) return;
    const m = enter();
    live.delete(t.#ptr);
    m._free(t.#ptr);
    t.#ptr = 0;
  }

  [disposeSymbol]() { this.dispose(); }

  static {
    residentRecord = (t) => ({ kind: 'resident', dtype: t.#dtype, shape: t.#shape, n: t.#length, tensor: t, ptr: t.#ptr });
    pointerOf = (t) => t.#ptr;
  }
}

function checked(x, use) {
  if (!isWasmTensor(x)) throw new TypeError(`WasmTensor ${use}: called on something that is not a wasm tensor`);
  return x;
}

/**
 * A wasm tensor as an operand record { kind: 'resident', dtype, shape, n, tensor, ptr }; ptr is
 * 0 once disposed. `shape` is frozen: the tensor's own, not a copy.
 */
export function readTensor(t) {
  return residentRecord(t);
}

/** A wasm tensor's address now (0 once disposed). */
export function tensorPointer(t) {
  return pointerOf(t);
}

/** A new tensor over a block the caller allocated (and will no longer free). */
export function adoptBlock(ptr, dtype, shape, length) {
  return new WasmTensor(MAKE, ptr, dtype, shape, length);
}

/** Whether bytes [address, address + bytes) lie inside one live tensor's block. */
export function insideLiveTensor(address, bytes) {
  for (const [ptr, size] of live) {
    if (address >= ptr && address + bytes <= ptr + size) return true;
  }
  return false;
}
