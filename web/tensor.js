// Wasm-resident tensors: data kept in wasm memory between ops, freed by dispose().
import { wasm } from './loader.js';
import { defaultCarrier, dtypeInfo } from './dtypes.js';
import { allocate, bytesOf } from './memory.js';
import { checkShape, elementCount, formatShape } from './shapes.js';

const disposeSymbol = Symbol.dispose ?? Symbol.for('Symbol.dispose');

export class WasmTensor {
  #ptr;
  #dtype;
  #shape;
  #length;

  /** @internal use tensor() or empty() */
  constructor(ptr, dtype, shape, length) {
    this.#ptr = ptr;
    this.#dtype = dtype;
    this.#shape = shape;
    this.#length = length;
  }

  get dtype() { return this.#dtype; }
  get shape() { return this.#shape.slice(); }
  get length() { return this.#length; }
  get disposed() { return this.#ptr === 0; }

  /** A view on the tensor's wasm memory, made fresh on each read (memory may have grown). */
  get data() {
    const info = dtypeInfo(this.#dtype);
    const Carrier = defaultCarrier(info);
    return new Carrier(wasm().HEAPU8.buffer, pointerOf(this, 'data'), this.#length);
  }

  dispose() {
    if (this.#ptr !== 0) {
      wasm()._free(this.#ptr);
      this.#ptr = 0;
    }
  }

  [disposeSymbol]() { this.dispose(); }

  static pointer(t) { return t.#ptr; }
  static shapeOf(t) { return t.#shape; }
}

export function isWasmTensor(x) {
  return x instanceof WasmTensor;
}

function pointerOf(t, use) {
  const ptr = WasmTensor.pointer(t);
  if (ptr === 0) throw new TypeError(`this wasm tensor was disposed; it cannot be used (${use})`);
  return ptr;
}

/**
 * The tensor with its pointer, checked not to be disposed. `shape` is the tensor's own array,
 * not a copy (the getter's slice showed in tiny-op profiles): read it, never change it.
 */
export function liveTensor(t, what) {
  return { ptr: pointerOf(t, what), dtype: t.dtype, shape: WasmTensor.shapeOf(t), length: t.length, tensor: t };
}

/** Allocates a zero-filled tensor of the shape and dtype. */
export function allocateTensor(shape, dtype, what) {
  const info = dtypeInfo(dtype);
  const dims = checkShape(shape, what);
  const n = elementCount(dims);
  if (n === Infinity) throw new RangeError(`${what}: shape ${formatShape(dims)} is too large for wasm memory`);
  const m = wasm();
  const bytes = n * info.bytes;
  const ptr = allocate(m, bytes, () => `${what} of shape ${formatShape(dims)}`);
  m.HEAPU8.fill(0, ptr, ptr + bytes);
  return new WasmTensor(ptr, dtype, dims, n);
}

export function residentFromHost(host, what) {
  const t = allocateTensor(host.shape, host.dtype, what);
  wasm().HEAPU8.set(bytesOf(host.storage), WasmTensor.pointer(t));
  return t;
}
