// Type declarations of tensorwise (hand-written; the contract is ../shared/SPEC.md §4-§6).

declare global {
  interface SymbolConstructor {
    /** `Symbol.dispose`, declared for projects whose TypeScript `lib` predates it (Node 20 has it). */
    readonly dispose: unique symbol;
  }
}

/** The 12 element types. */
export type DType =
  | 'float32' | 'float64' | 'float16' | 'bfloat16'
  | 'int8' | 'int16' | 'int32' | 'int64'
  | 'uint8' | 'uint16' | 'uint32' | 'uint64';

/**
 * The typed arrays that carry each dtype. float16 is a `Float16Array` where the platform has
 * one, or a `Uint16Array` of raw bits; bfloat16 is always a `Uint16Array` of raw bits.
 */
export interface Carriers {
  float32: Float32Array;
  float64: Float64Array;
  float16: Uint16Array; // or Float16Array where the platform has it
  bfloat16: Uint16Array;
  int8: Int8Array;
  int16: Int16Array;
  int32: Int32Array;
  int64: BigInt64Array;
  uint8: Uint8Array; // Uint8ClampedArray is accepted as input
  uint16: Uint16Array;
  uint32: Uint32Array;
  uint64: BigUint64Array;
}

/** Any typed array tensorwise accepts as data. */
export type TypedArray = Carriers[DType] | Uint8ClampedArray;

/**
 * A tensor given by value.
 *
 * - `data`: a typed array (its class gives the dtype unless `dtype` is set), or a plain array
 *   of numbers or bigints, which hold values (also for float16/bfloat16) and are rounded to
 *   nearest even into the dtype; without `dtype` numbers are float32 and bigints int64.
 * - `shape`: the dims, outermost first; defaults to `[data.length]`. `[]` is a scalar.
 */
export interface TensorLike {
  data: TypedArray | ArrayLike<number> | ArrayLike<bigint>;
  shape?: readonly number[];
  dtype?: DType;
}

/** An operand: a tensor by value, a wasm-resident tensor, or a number/bigint (a rank-0 tensor of the other operand's dtype). */
export type Operand = TensorLike | WasmTensor | number | bigint;

/** A result: `data` is a new JS-owned typed array (or the `out` array you passed). */
export interface Result<D extends DType = DType> {
  data: Carriers[D];
  shape: number[];
  dtype: D;
}

/** Broadcasting options shared by every op and {@link broadcastShapes}. */
export interface BroadcastOptions {
  /**
   * `'numpy'` (default): multidirectional, right-aligned. `'none'`: identical shapes only.
   * `'pdpd'`: B broadcast onto A from `axis` (PaddlePaddle style). Anything else is a `RangeError`.
   */
  autoBroadcast?: 'numpy' | 'none' | 'pdpd';
  /** For `'pdpd'` only (a `TypeError` with another mode): where B starts in A; `-1` (default) means `rank(A) - rank(B)`. */
  axis?: number;
}

export interface MultiplyOptions extends BroadcastOptions {
  /**
   * Write the result here instead of allocating: a typed array of the result's dtype and length
   * (it may be an operand's own array), or a wasm tensor. Wrong class: `TypeError`; wrong length: `RangeError`.
   */
  out?: TypedArray | WasmTensor;
}

export interface DivideOptions extends MultiplyOptions {
  /** Integer rounding: `true` (default) floors like Python `//`; `false` truncates toward zero. No effect on floats. */
  pythondiv?: boolean;
  /** Integer `x / 0`: `'zero'` (default) gives 0; `'error'` throws a `RangeError` and writes nothing. */
  onZeroDivision?: 'zero' | 'error';
}

export interface InitOptions {
  /** The bytes of `tensorwise.wasm`, for apps that load it themselves. */
  wasmBinary?: ArrayBuffer | ArrayBufferView;
  /** Where `tensorwise.wasm` is: called with the file name and the package's `dist/` URL, returns a URL. */
  locateFile?: (name: string, dir: string) => string;
}

/**
 * Loads the wasm module once; later calls return the same promise (idempotent). Every other
 * function throws an `Error` telling you to await this until it has resolved.
 *
 * @example
 * ```js
 * import { init, multiply } from 'tensorwise';
 * await init();
 * ```
 */
export function init(options?: InitOptions): Promise<void>;

/**
 * Element-wise `a * b` with broadcasting. Integers wrap modulo 2^bits; float16/bfloat16 are
 * computed in float32 and rounded once to nearest even.
 *
 * @returns `{ data, shape, dtype }`; `data` has operand A's typed-array class, or the dtype's carrier.
 * @throws TypeError for a wrong kind of input (unknown dtype/option, different dtypes, bad carrier, disposed tensor).
 * @throws RangeError for a wrong value (bad shape, length mismatch, shapes that do not broadcast, result too large).
 * @example
 * ```js
 * multiply({ data: new Float32Array(48), shape: [8, 1, 6, 1] }, { data: new Float32Array(35), shape: [7, 1, 5] });
 * // { data: Float32Array(1680), shape: [8, 7, 6, 5], dtype: 'float32' }
 * ```
 */
export function multiply(a: Operand, b: Operand, options: MultiplyOptions & { out: WasmTensor }): WasmTensor;
export function multiply(a: Operand, b: Operand, options?: MultiplyOptions): Result;

/**
 * Element-wise `a / b` with broadcasting. Integers floor (`pythondiv: true`, default) or
 * truncate; `x / 0` is 0 (or a `RangeError` with `onZeroDivision: 'error'`); `MIN / -1` is MIN.
 * Never traps.
 *
 * @throws TypeError, RangeError as {@link multiply}; RangeError for integer division by zero with `onZeroDivision: 'error'`.
 * @example
 * ```js
 * divide({ data: new Int32Array([-7]), shape: [1] }, 2);                     // [-4]
 * divide({ data: new Int32Array([-7]), shape: [1] }, 2, { pythondiv: false }); // [-3]
 * ```
 */
export function divide(a: Operand, b: Operand, options: DivideOptions & { out: WasmTensor }): WasmTensor;
export function divide(a: Operand, b: Operand, options?: DivideOptions): Result;

/** Alias of {@link multiply}. */
export const mul: typeof multiply;
/** Alias of {@link divide}. */
export const div: typeof divide;

/**
 * The shape two shapes broadcast to, under the same options as the ops (the non-broadcasting
 * ones are checked and ignored).
 *
 * @throws RangeError naming both shapes, the mode and the first conflicting axis.
 * @example
 * ```js
 * broadcastShapes([8, 1, 6, 1], [7, 1, 5]); // [8, 7, 6, 5]
 * ```
 */
export function broadcastShapes(a: readonly number[], b: readonly number[], options?: DivideOptions): number[];

/**
 * A tensor kept in wasm memory, for chains of ops without copies. Free it with `dispose()`
 * (or `using`); wasm memory is not garbage-collected. Using it after `dispose()` is a `TypeError`.
 */
export class WasmTensor {
  private constructor();
  readonly dtype: DType;
  /** A copy of the shape. */
  readonly shape: number[];
  /** Number of elements. */
  readonly length: number;
  /** Whether `dispose()` was called. */
  readonly disposed: boolean;
  /**
   * A view on the tensor's wasm memory, made fresh on each read: do not keep it across calls
   * that may grow wasm memory. float16 views are `Float16Array` where the platform has it.
   */
  readonly data: TypedArray;
  /** Frees the wasm memory; calling it twice is harmless. */
  dispose(): void;
  [Symbol.dispose](): void;
}

/**
 * Copies `data` into a new wasm tensor.
 *
 * @param shape defaults to `[data.length]`.
 * @param dtype taken from the typed array when omitted (plain arrays: float32 for numbers, int64 for bigints).
 */
export function tensor(data: TensorLike['data'], shape?: readonly number[], dtype?: DType): WasmTensor;

/** A new zero-filled wasm tensor. @throws RangeError when it does not fit in wasm memory. */
export function empty(shape: readonly number[], dtype: DType): WasmTensor;

/**
 * Thrown when two shapes cannot be broadcast: a `RangeError` whose fields say what failed.
 *
 * @example
 * ```js
 * try { broadcastShapes([3], [2]); } catch (e) { if (e instanceof BroadcastError) console.log(e.axis); } // 0
 * ```
 */
export class BroadcastError extends RangeError {
  private constructor();
  readonly name: 'BroadcastError';
  /** Shape of A, as given. */
  readonly shapeA: number[];
  /** Shape of B, as given. */
  readonly shapeB: number[];
  /** The broadcast mode that refused: `'numpy'`, `'none'`, `'pdpd'` or `'legacy'` (ONNX opsets 1 and 6). */
  readonly mode: 'numpy' | 'none' | 'pdpd' | 'legacy';
  /** The first conflicting axis of the output (A's axis in the pdpd and legacy modes), or -1 when no single axis is to blame. */
  readonly axis: number;
}

/** The number that float16 bits (a `Uint16Array` element) stand for. */
export function float16ToNumber(bits: number): number;
/** The number that bfloat16 bits stand for. */
export function bfloat16ToNumber(bits: number): number;
/** float16 bits of a number, rounded once to nearest even (overflow gives ±Infinity). */
export function numberToFloat16(value: number): number;
/** bfloat16 bits of a number, rounded once to nearest even. */
export function numberToBfloat16(value: number): number;

/** ONNX node attributes: `broadcast`, `axis` (opsets 1 and 6), `consumed_inputs` (opset 1, ignored). */
export interface OnnxAttributes {
  broadcast?: 0 | 1 | boolean;
  axis?: number;
  consumed_inputs?: readonly number[];
}

/**
 * ONNX `Mul` and `Div` by opset (1, 6, 7, 13, 14; opsets in between use the latest version at
 * or below them). Opsets 1 and 6 broadcast the legacy way (`broadcast`, `axis`); 7 and later
 * numpy-style. Each version's type constraints are enforced (`TypeError`); so is an attribute
 * the version does not have. Integer `Div` truncates toward zero.
 */
export const onnx: {
  Mul(a: Operand, b: Operand, attributes?: OnnxAttributes, opset?: number): Result;
  Div(a: Operand, b: Operand, attributes?: OnnxAttributes, opset?: number): Result;
};

/** OpenVINO IR attributes; string values as in IR XML (`"numpy"`, `"1"`, `"true"`) are accepted. */
export interface OpenVinoAttributes {
  auto_broadcast?: 'none' | 'numpy' | 'pdpd' | string;
  axis?: number | string;
}

export interface OpenVinoDivideAttributes extends OpenVinoAttributes {
  /** Floor division for integers; default true. */
  m_pythondiv?: boolean | 'true' | 'false' | '1' | '0' | 0 | 1;
  /** Accepted for `m_pythondiv`. */
  pythondiv?: boolean | 'true' | 'false' | '1' | '0' | 0 | 1;
}

/** OpenVINO `Multiply-1` and `Divide-1`. */
export const openvino: {
  Multiply(a: Operand, b: Operand, attributes?: OpenVinoAttributes): Result;
  Divide(a: Operand, b: Operand, attributes?: OpenVinoDivideAttributes): Result;
};
