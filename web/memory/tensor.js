// Wasm-resident tensors: data kept in wasm memory between ops, freed by dispose(). Their
// instance (the build whose memory holds them: instance.js), pointer, dtype, shape and length
// are private: only tensor() and empty() make one, and an op reads them from the private fields,
// whatever own properties a caller adds.
import { enter } from '../lifecycle.js';
import { DTYPES, defaultCarrier } from '../dtypes/dtypes.js';
import { isForeignTensor, markWasmTensor, isWasmTensor } from '../tensor-brand.js';
import { describe } from '../format.js';
import { allocate, heapBuffer } from './memory.js';
import { freeze } from '../intrinsics.js';

const disposeSymbol = Symbol.dispose ?? Symbol.for('Symbol.dispose');
const MAKE = Symbol('tensorwise: make a WasmTensor');

/**
 * A wasm tensor as an operand record { kind: 'resident', dtype, shape, n, tensor, ptr, inst };
 * ptr is 0 once disposed. `shape` is frozen: the tensor's own, not a copy.
 */
export let readTensor;
/** A wasm tensor's address now (0 once disposed). */
export let tensorPointer;

export class WasmTensor {
  #inst;
  #ptr;
  #dtype;
  #shape;
  #length;

  /** @internal tensor() and empty() make tensors; `new WasmTensor()` is a TypeError. */
  constructor(key, inst, ptr, dtype, shape, length) {
    if (key !== MAKE) throw new TypeError('a WasmTensor is made by tensor() or empty(), not by new');
    this.#inst = inst;
    this.#ptr = ptr;
    this.#dtype = dtype;
    this.#shape = freeze(shape);
    this.#length = length;
    markWasmTensor(this);
    // The blocks of live tensors, address -> bytes: a view of wasm memory given as data or `out`
    // is used only inside one of them (a view of a freed block would reach the allocator's memory).
    inst.live[ptr] = length * DTYPES[dtype].bytes;
  }

  get dtype() { return checked(this, 'dtype').#dtype; }
  get shape() { return checked(this, 'shape').#shape.slice(); }
  get length() { return checked(this, 'length').#length; }
  get disposed() { return checked(this, 'disposed').#ptr === 0; }

  /** A view on the tensor's wasm memory, made fresh on each read (memory may have grown). */
  get data() {
    const t = checked(this, 'data');
    enter();
    if (t.#ptr === 0) throw new TypeError('this wasm tensor was disposed; its data cannot be read');
    const Carrier = defaultCarrier(DTYPES[t.#dtype]);
    return new Carrier(heapBuffer(t.#inst), t.#ptr, t.#length);
  }

  /** Frees the wasm memory; calling it again does nothing. */
  dispose() {
    const t = checked(this, 'dispose()');
    if (t.#ptr === 0) return;
    enter();
    delete t.#inst.live[t.#ptr];
    t.#inst.core.free(t.#ptr);
    t.#ptr = 0;
  }

  [disposeSymbol]() { this.dispose(); }

  static {
    readTensor = (t) => ({
      kind: 'resident', dtype: t.#dtype, shape: t.#shape, n: t.#length, tensor: t, ptr: t.#ptr, inst: t.#inst,
    });
    tensorPointer = (t) => t.#ptr;
  }
}

function checked(x, use) {
  if (isWasmTensor(x)) return x;
  if (isForeignTensor(x)) throw new TypeError(`WasmTensor ${use}: called on ${describe(x)}, which only that copy can use`);
  throw new TypeError(`WasmTensor ${use}: called on something that is not a wasm tensor`);
}

/**
 * A new tensor of `dtype`, `shape` and n elements in a block allocated now in the instance's
 * memory (allocate: `what` names it if there is no room), which fill(ptr, bytes) fills (none:
 * whoever has the tensor writes it); a fill that throws frees the block. Runs while staging.
 */
export function newTensor(inst, dtype, shape, n, what, fill) {
  const bytes = n * DTYPES[dtype].bytes;
  const ptr = allocate(inst, bytes, what);
  try {
    fill?.(ptr, bytes);
  } catch (error) {
    inst.core.free(ptr);
    throw error;
  }
  return new WasmTensor(MAKE, inst, ptr, dtype, shape, n);
}

/** Whether bytes [address, address + bytes) of the instance's memory lie inside one live tensor's block. */
export function insideLiveTensor(inst, address, bytes) {
  const live = inst.live;
  // (for-in over a null-prototype table: no built-in is called, nothing inherited is listed.)
  for (const key in live) if (address >= +key && address + bytes <= +key + live[key]) return true;
  return false;
}
