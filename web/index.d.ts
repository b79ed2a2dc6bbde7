// Type declarations of tensorwise, by hand but for the regions marked generated (scripts/types.mjs).
// Results are typed by dtype: the dtype comes from the operand's `dtype`, else from its typed
// array's class (Uint16Array alone is uint16), else, for a number or bigint operand, from the
// other operand. The result's array is the built-in class of operand A's typed array, else the
// dtype's carrier (Carriers below).

declare global {
  interface SymbolConstructor {
    /** `Symbol.dispose`, declared for projects whose TypeScript `lib` predates it (Node 20 has it). */
    readonly dispose: unique symbol;
  }
}

// <generated: dtypes>
/** The 12 element types, in the core's order. */
export type DType =
  | 'float32'
  | 'float64'
  | 'float16'
  | 'bfloat16'
  | 'int8'
  | 'int16'
  | 'int32'
  | 'int64'
  | 'uint8'
  | 'uint16'
  | 'uint32'
  | 'uint64';

/** What a dtype is: an IEEE float, a narrower float computed through float32, or a signed or unsigned integer. */
export type DTypeKind = 'floating' | 'narrow_float' | 'signed_integer' | 'unsigned_integer';

/** The integer dtypes: no float casts into one (numpy's same_kind). */
export type IntegerDType = 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64';
// </generated>

/**
 * `Float16Array` where your TypeScript `lib` declares it (`esnext`, TypeScript 5.9+), else
 * `never`. At run time Chromium, Bun and Deno have it (float16 results are Float16Arrays there);
 * Node 20 does not (Uint16Arrays of raw bits).
 */
export type Float16ArrayIfDeclared = typeof globalThis extends { Float16Array: { prototype: infer P } } ? P : never;

// <generated: carriers>
/**
 * The typed arrays that carry each dtype. A narrow float is the raw bits in an unsigned integer
 * array, or a `Float16Array` where the platform has one and the format is IEEE binary16.
 */
export interface Carriers {
  float32: Float32Array;
  float64: Float64Array;
  float16: Float16ArrayIfDeclared | Uint16Array;
  bfloat16: Uint16Array;
  int8: Int8Array;
  int16: Int16Array;
  int32: Int32Array;
  int64: BigInt64Array;
  uint8: Uint8Array;
  uint16: Uint16Array;
  uint32: Uint32Array;
  uint64: BigUint64Array;
}

/** Any typed array tensorwise accepts as data. */
export type TypedArray = Carriers[DType] | Uint8ClampedArray;
// </generated>

/**
 * A tensor given by value.
 *
 * - `data`: a typed array (its class gives the dtype unless `dtype` is set), or a plain array
 *   of numbers or bigints, which hold values (also for float16/bfloat16) and are rounded to
 *   nearest even into the dtype; without `dtype` numbers are float32 and bigints int64.
 * - `shape`: the dims, outermost first; defaults to `[data.length]`. `[]` is a scalar.
 * - `strides` (or `stride`, as a scijs ndarray names it) and `offset`: a strided view of `data`
 *   (transposed, sliced, reversed), in elements: element `[i, j, ...]` is
 *   `data[offset + i * strides[0] + j * strides[1] + ...]`. Strides may be negative or 0.
 */
export interface TensorLike<D extends DType = DType> {
  data: TypedArray | ArrayLike<number> | ArrayLike<bigint>;
  shape?: readonly number[];
  dtype?: D;
  strides?: readonly number[];
  stride?: readonly number[];
  offset?: number;
  /** An object with `type` and `dims` is an onnxruntime tensor ({@link OrtTensorLike}). */
  type?: never;
  dims?: never;
}

/**
 * An onnxruntime-web `ort.Tensor` (CPU data), passed as it is: its `data`, `dims` and `type` are
 * read once. Types other than tensorwise's dtypes (`bool`, `string`, `int4`) are refused.
 */
export interface OrtTensorLike {
  readonly data: unknown;
  readonly dims: readonly number[];
  readonly type: string;
}

/**
 * A TensorFlow.js tensor, passed as it is: its values are read once through `dataSync()` (a
 * synchronous read, also from a GPU backend). float32 and int32 tensors; others are refused at
 * run time.
 */
export interface TfTensorLike {
  readonly dataId: object;
  readonly shape: readonly number[];
  readonly dtype: string;
  dataSync(): ArrayLike<number>;
}

/**
 * A stdlib ndarray (`@stdlib/ndarray`), passed as it is: its class's `data`, `shape`, `strides`
 * and `offset` are read once; the dtype is its data's (a typed array).
 */
export interface StdlibNdarrayLike {
  readonly data: ArrayLike<unknown>;
  /** stdlib declares these as any array-like; its getters give arrays. */
  readonly shape: ArrayLike<number>;
  readonly strides: ArrayLike<number>;
  readonly offset: number;
  readonly order: string;
  readonly dtype: string;
}

/**
 * An operand: a tensor by value (or a strided view), an `ort.Tensor`, a TensorFlow.js tensor, a
 * stdlib ndarray, a wasm-resident tensor, or a number/bigint (a rank-0 tensor of the other
 * operand's dtype).
 */
export type Operand = TensorLike | OrtTensorLike | TfTensorLike | StdlibNdarrayLike | WasmTensor | number | bigint;

// <generated: dtypeOfData>
/** The dtype a typed array (or a plain array) implies on its own: Uint16Array is uint16, numbers float32, bigints int64. */
export type DTypeOfData<A> =
  A extends Float32Array ? 'float32' :
  A extends Float64Array ? 'float64' :
  A extends Int8Array ? 'int8' :
  A extends Int16Array ? 'int16' :
  A extends Int32Array ? 'int32' :
  A extends BigInt64Array ? 'int64' :
  A extends Uint8Array ? 'uint8' :
  A extends Uint8ClampedArray ? 'uint8' :
  A extends Uint16Array ? 'uint16' :
  A extends Uint32Array ? 'uint32' :
  A extends BigUint64Array ? 'uint64' :
  A extends Float16ArrayIfDeclared ? 'float16' :
  A extends ArrayLike<bigint> ? 'int64' :
  A extends ArrayLike<number> ? 'float32' :
  DType;
// </generated>

/** The dtype of an operand, or `never` for a number/bigint (which takes the other operand's). */
export type DTypeOf<T> =
  T extends WasmTensor<infer D> ? D :
  T extends { dims: readonly number[]; type: infer D } ? Extract<D, DType> :
  T extends { dataId: object; dtype: infer D } ? Extract<D, DType> :
  T extends { order: string; strides: ArrayLike<number>; dtype: infer D } ? ([Extract<D, DType>] extends [never] ? DType : Extract<D, DType>) :
  T extends { dtype: infer D extends DType } ? D :
  T extends { data: infer A } ? DTypeOfData<A> :
  never;

/**
 * `unknown` when the operands can go together; else a type no value has, which makes the call a
 * compile error: operands whose dtypes are known and differ, or an ort.Tensor of a type
 * tensorwise does not compute (`bool`, `string`).
 */
export type OperandsCheck<A, B> =
  A extends { dims: readonly number[]; type: infer T } ? ([Extract<T, DType>] extends [never] ? { 'operand A: an ort.Tensor of a type tensorwise does not compute': T } : SameDType<A, B>) :
  B extends { dims: readonly number[]; type: infer T } ? ([Extract<T, DType>] extends [never] ? { 'operand B: an ort.Tensor of a type tensorwise does not compute': T } : SameDType<A, B>) :
  SameDType<A, B>;

type SameDType<A, B> =
  [DTypeOf<A>] extends [never] ? unknown :
  [DTypeOf<B>] extends [never] ? unknown :
  [DTypeOf<A> & DTypeOf<B>] extends [never] ? { 'operands have different dtypes': [DTypeOf<A>, DTypeOf<B>] } :
  unknown;

/**
 * `unknown` when an operand of dtype F casts to D under numpy's `same_kind` rule (an integer to
 * any dtype, a float to a float; a number or bigint is a value of D); else a type no value has.
 */
export type CastsTo<F, D extends DType> = [F] extends [never] ? unknown : D extends IntegerDType ? ([F] extends [IntegerDType] ? unknown : { 'a float does not cast to an integer dtype': [F, D] }) : unknown;

/** Both operands cast to D (the `dtype` option), and neither is an ort.Tensor of a type tensorwise does not compute. */
export type CastCheck<A, B, D extends DType> = CastsTo<DTypeOf<A>, D> & CastsTo<DTypeOf<B>, D>;

/** The dtype of `op(a, b)`: A's, or B's when A is a number/bigint. */
export type ResultDType<A, B> =
  [DTypeOf<A>] extends [never] ? ([DTypeOf<B>] extends [never] ? DType : DTypeOf<B>) : DTypeOf<A>;

// <generated: builtinOf>
/** The built-in class of a typed array: a subclass gives its built-in base; a class that only carries input gives its dtype's result class. */
export type BuiltinOf<A> =
  A extends Float32Array ? Float32Array :
  A extends Float64Array ? Float64Array :
  A extends Int8Array ? Int8Array :
  A extends Int16Array ? Int16Array :
  A extends Int32Array ? Int32Array :
  A extends BigInt64Array ? BigInt64Array :
  A extends Uint8Array ? Uint8Array :
  A extends Uint8ClampedArray ? Uint8Array :
  A extends Uint16Array ? Uint16Array :
  A extends Uint32Array ? Uint32Array :
  A extends BigUint64Array ? BigUint64Array :
  A extends Float16ArrayIfDeclared ? Float16ArrayIfDeclared :
  never;
// </generated>

/** The array class of `op(a, b).data`: operand A's built-in typed-array class, else the dtype's carrier. */
export type ResultData<A, D extends DType> =
  A extends WasmTensor ? Carriers[D] :
  A extends { data: infer X } ? ([BuiltinOf<X>] extends [never] ? Carriers[D] : BuiltinOf<X>) :
  Carriers[D];

/** A result: `data` is a new JS-owned typed array (or the `out` array you passed). */
export interface Result<D extends DType = DType, T extends TypedArray = Carriers[D]> {
  data: T;
  shape: number[];
  dtype: D;
}

/** What `op(a, b)` returns without `out`. */
export type ResultOf<A, B> = Result<ResultDType<A, B>, ResultData<A, ResultDType<A, B>>>;

/**
 * Broadcasting options shared by every op and {@link broadcastShapes}. For these and every other
 * option and attribute of the package, a key whose value is `undefined` is left out (its
 * default); `null` is not: like any value outside an option's set it is an error naming the option.
 *
 * - `autoBroadcast`: `'numpy'` (default): multidirectional, right-aligned. `'none'`: identical
 *   shapes only. `'pdpd'`: B broadcast onto A from `axis` (PaddlePaddle style). `'legacy'`:
 *   ONNX's opsets 1 and 6 with `broadcast=1` (B's shape a contiguous run of A's from `axis`, or
 *   A's suffix; the output is A's shape). Anything else (`null` too) is a `RangeError`.
 * - `axis`: for `'pdpd'` and `'legacy'` only (with another mode a `TypeError`, and a compile
 *   error here; not an integer, `null` too, a `RangeError` in any mode): where B starts in A. In `'pdpd'`, `-1` (the default) means `rank(A) - rank(B)`;
 *   in `'legacy'` a negative axis counts from A's end, and without one B is A's suffix.
 */
export type BroadcastOptions =
  | { autoBroadcast?: 'numpy' | 'none'; axis?: undefined }
  | { autoBroadcast: 'pdpd' | 'legacy'; axis?: number };

/** The broadcast modes (docs/contract.md, "Broadcasting"). */
export type BroadcastMode = 'numpy' | 'none' | 'pdpd' | 'legacy';

/**
 * The options of multiply, add and subtract. `out`: write the result here instead of
 * allocating: a typed array of the result's dtype and length (it may be an operand's own
 * array), or a wasm tensor of that dtype. Wrong class: `TypeError`; wrong length: `RangeError`.
 * `dtype`: the dtype to compute in, and the result's: both operands are cast to it as they are
 * loaded (numpy's `same_kind`: an integer to any dtype, a float to a float; a float to an
 * integer is a `TypeError`), so operands of different dtypes go together:
 * `divide(uint8Image, 255, { dtype: 'float32' })`.
 */
export type MultiplyOptions = BroadcastOptions & { out?: TypedArray | WasmTensor; dtype?: DType };

/**
 * divide's options: those of multiply, and `pythondiv` (integer rounding: `true`, the default,
 * floors like Python `//`; `false` truncates toward zero; no effect on floats) and
 * `onZeroDivision` (integer `x / 0`: `'zero'`, the default, gives 0; `'error'` throws a
 * `RangeError` and writes nothing).
 */
export type DivideOptions = MultiplyOptions & { pythondiv?: boolean; onZeroDivision?: 'zero' | 'error' };

/** The options of mod and fmod: those of multiply, and `onZeroDivision` as divide's (integer `x % 0`). */
export type RemainderOptions = MultiplyOptions & { onZeroDivision?: 'zero' | 'error' };

/** What `out` may be for a result of dtype D. */
export type OutFor<D extends DType> = Carriers[D] | WasmTensor<D>;

/**
 * WebAssembly.Module where the compilation's lib declares it (dom, webworker, @types/node);
 * nothing where it does not, so that these types need no lib of their own.
 */
type CompiledWasm = typeof globalThis extends { WebAssembly: { Module: abstract new (...args: any[]) => infer M } } ? M : never;

export interface InitOptions {
  /**
   * The bytes of `tensorwise.wasm`, for apps that load it themselves (an `ArrayBuffer` or any
   * `ArrayBufferView`: a typed array of any class or a `DataView`), or the module compiled from
   * them (hosts that forbid compiling WebAssembly from bytes, such as Cloudflare Workers, give
   * one for `import wasm from 'tensorwise/tensorwise.wasm'`). A module that is not this
   * version's `tensorwise.wasm` (another program's, `tensorwise-mt.wasm`, another version's)
   * rejects with a `TypeError` that says what it is, before it is instantiated.
   */
  wasmBinary?: ArrayBuffer | ArrayBufferView | CompiledWasm;
  /**
   * Where `tensorwise.wasm` is: called with the file name and the folder URL it would be loaded
   * from by default (the package's `dist/`, or where a bundler put it; `''` in the inline build),
   * returns its URL. In Node a `file:` URL is read from disk.
   */
  locateFile?: (name: string, dir: string) => string;
  /**
   * How many threads large ops may use, the calling thread included: `'auto'` (the default)
   * uses the cores there are, at most 16, in Node.js and in cross-origin-isolated pages (served
   * with `Cross-Origin-Opener-Policy: same-origin` and `Cross-Origin-Embedder-Policy:
   * require-corp`), and 1 elsewhere. More than the platform allows warns once on the console
   * and runs with 1; more than 16 runs 16. With more than 1, the threaded build
   * (`tensorwise-mt.wasm`, which locateFile is asked for) is loaded and the workers started: in
   * Node when the first wasm tensor large enough for a shared op is made (the workers boot while
   * your code runs and take part in ops as soon as they run); in a page by init(), which waits
   * for them. Large ops on large wasm tensors are shared (docs/threads.md). Results
   * never depend on the thread count. A positive integer, else a `RangeError`.
   */
  threads?: 'auto' | number;
}

/**
 * Loads the wasm module once. Called again, it checks its options and applies `threads` as
 * setThreads does; `wasmBinary` or `locateFile` given again must name the module that was
 * loaded (the same wasmBinary, a locateFile giving the same URL), else the promise rejects with
 * a `TypeError` saying where the module came from (a loaded module is never swapped). Every
 * other function throws an `Error` telling you to await this until it has resolved.
 *
 * @example
 * ```js
 * import { init, multiply } from 'tensorwise';
 * await init();
 * ```
 */
export function init(options?: InitOptions): Promise<void>;

/**
 * Sets how many threads large ops may use from now on, the calling thread included: `'auto'` or
 * a positive integer; `1` turns threads off (the workers stop). Resolves once the workers it
 * starts run. Threads need the threaded build, which init() loads only when it is given threads
 * (or `'auto'` where threads are possible). More than the platform allows warns once on the
 * console and runs with 1 thread; more than 16 runs 16.
 *
 * @example
 * ```js
 * await setThreads(1); // everything on the calling thread
 * ```
 */
export function setThreads(threads: 'auto' | number): Promise<void>;

/** How many threads large ops may use now, the calling thread included: those that run or are starting (1 before init()). */
export function threads(): number;

/**
 * The most threads setThreads() can give on this platform, and why no more (for example a page
 * that is not cross-origin isolated, or a build without threads).
 */
export function threadLimit(): { threads: number; reason: string };

/** Wasm memory now, in bytes, summed over the loaded builds ({@link memoryUsage}). */
export interface MemoryUsage {
  /** Handed out: live wasm tensors, the staging block small calls keep between calls, allocator overhead. */
  inUse: number;
  /** What the memories have grown to (wasm memory never shrinks). */
  size: number;
  /** What each memory may grow to. */
  maximum: number;
}

/**
 * How much wasm memory is in use and how large it is: for finding wasm tensors you forgot to
 * dispose, and for knowing how close a large op is to the limit.
 *
 * @example
 * ```js
 * const before = memoryUsage().inUse;
 * const t = tensor(new Float32Array(1024));
 * memoryUsage().inUse - before; // about 4096
 * t.dispose();
 * ```
 */
export function memoryUsage(): MemoryUsage;

/** One dtype as the core describes it ({@link dtypes}). */
export interface DTypeInfo {
  name: DType;
  /** Bytes per element. */
  bytes: number;
  kind: DTypeKind;
  /** The typed arrays accepted as its data; a result without operand A's class gets the first. */
  carriers: readonly string[];
  /** Whether its values are bigints (64-bit integers). */
  bigint: boolean;
  /** Floats: stored significand bits (without the implicit one). */
  mantissaBits?: number;
  /** Floats: exponent bits. */
  exponentBits?: number;
  /** Integers: the smallest value (a bigint for 64-bit integers). */
  min?: number | bigint;
  /** Integers: the largest value. */
  max?: number | bigint;
  /** Narrow floats: the number that bits (an element of the storage array) stand for. */
  toNumber?: (bits: number) => number;
  /** Narrow floats: the bits of a number, rounded once to nearest even. */
  fromNumber?: (value: number) => number;
  /** The first ONNX opset whose Add, Sub, Mul and Div take it (0 where none does). */
  onnxSince: number;
}

/** The dtypes, in the core's order, with what each is. */
export function dtypes(): readonly DTypeInfo[];

/** One op ({@link ops}). */
export interface OpInfo {
  /** The function's name (`'multiply'`) and its alias (`'mul'`). */
  name: string;
  alias: string;
  /** ONNX's operator (null where ONNX has none) and OpenVINO's operation (`onnx[...]`, `openvino[...]`). */
  onnx: string | null;
  openvino: string;
  /** The operator's sign (`'×'`, `'÷'`), or null for an op written as a call (`maximum(a, b)`). */
  sign: string | null;
  /** Whether `op(a, b)` equals `op(b, a)`. */
  commutes: boolean;
  /** Whether it divides (it takes `onZeroDivision`: divide, mod, fmod). */
  divides: boolean;
  /** Whether integers may round down or toward zero (it takes `pythondiv`: divide). */
  pythondiv: boolean;
}

/** The ops, in the order their functions are exported. */
export function ops(): readonly OpInfo[];

// The ops' declarations, from the op list and the documentation above each line there
// (web/api/ops.js), written by scripts/types.mjs.
// <generated: ops>
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
export const multiply: BinaryOp;

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
export const divide: BinaryOp<DivideOptions>;

/**
 * Element-wise `a + b` with broadcasting, options as {@link multiply}. Integers wrap modulo
 * 2^bits; float16/bfloat16 are computed in float32 and rounded once to nearest even.
 *
 * @example
 * ```js
 * add({ data: new Float32Array([1, 2, 3, 4]), shape: [2, 2] }, { data: new Float32Array([10, 20]), shape: [2] });
 * // { data: Float32Array [11, 22, 13, 24], shape: [2, 2], dtype: 'float32' }
 * ```
 */
export const add: BinaryOp;

/**
 * Element-wise `a - b` with broadcasting, options as {@link multiply}. Integers wrap modulo
 * 2^bits; float16/bfloat16 are computed in float32 and rounded once to nearest even.
 *
 * @example
 * ```js
 * // Normalising an image, (x - mean) / std, per channel of an HWC float32 tensor:
 * divide(subtract(image, { data: mean, shape: [3] }), { data: std, shape: [3] });
 * ```
 */
export const subtract: BinaryOp;

/**
 * Element-wise maximum with broadcasting, options as {@link multiply}: IEEE 754-2019's
 * `maximum` (WebAssembly's `f32.max`, JavaScript's `Math.max`): NaN if either is NaN, and
 * `+0` above `-0`. Exact for every dtype.
 *
 * @example
 * ```js
 * maximum({ data: new Float32Array([-2, 0.5, NaN]), shape: [3] }, 0); // ReLU: [0, 0.5, NaN]
 * ```
 */
export const maximum: BinaryOp;

/**
 * Element-wise minimum with broadcasting, options as {@link multiply}: IEEE 754-2019's
 * `minimum`: NaN if either is NaN, and `-0` below `+0`. Exact for every dtype.
 *
 * @example
 * ```js
 * minimum(maximum(x, 0), 6); // ReLU6, or clamp to [lo, hi]: minimum(maximum(x, lo), hi)
 * ```
 */
export const minimum: BinaryOp;

/**
 * Element-wise remainder with broadcasting, options as {@link multiply} and `onZeroDivision`:
 * the divisor's sign (numpy's `mod`, Python's `%`, OpenVINO's `FloorMod`). Floats: `fmod(a, b)`,
 * then `+ b` where it is non-zero and its sign is not b's (float16/bfloat16 in float32, rounded
 * once); `x % 0` is NaN. Integers: `x % 0` is 0 (or a `RangeError` with `onZeroDivision:
 * 'error'`), `MIN % -1` is 0. Never traps.
 *
 * @example
 * ```js
 * mod({ data: new Int32Array([-7, 7]), shape: [2] }, 3); // [2, 1]
 * mod(angle, 2 * Math.PI);                                // wrapped into [0, 2π)
 * ```
 */
export const mod: BinaryOp<RemainderOptions>;

/**
 * Element-wise remainder with broadcasting, options as {@link mod}: the dividend's sign (C's
 * `fmod`, JavaScript's `%`, OpenVINO's `Mod`), exact for floats; `x % 0` as {@link mod}'s.
 *
 * @example
 * ```js
 * fmod({ data: new Int32Array([-7, 7]), shape: [2] }, 3); // [-1, 1]
 * ```
 */
export const fmod: BinaryOp<RemainderOptions>;

/**
 * Element-wise `(a - b) * (a - b)` with broadcasting, options as {@link multiply}: each step
 * rounded to the dtype (float16/bfloat16: the difference rounded, then the square), integers
 * wrapping modulo 2^bits (TensorFlow's `squaredDifference`).
 *
 * @example
 * ```js
 * squaredDifference({ data: new Float32Array([1, 5]), shape: [2] }, 3); // [4, 4]
 * ```
 */
export const squaredDifference: BinaryOp;
// </generated>


/**
 * An element-wise op's function: `(a, b, options?)`, typed like {@link multiply}: the result's
 * dtype follows the operands, its array operand A's class; with `out` it returns `out`'s.
 */
export interface BinaryOp<Options extends MultiplyOptions = MultiplyOptions> {
  <A extends Operand, B extends Operand, D extends DType>(a: A, b: B & CastCheck<A, B, D>, options: Options & { dtype: D; out?: undefined }): Result<D>;
  <A extends Operand, B extends Operand, D extends DType, T extends WasmTensor<D>>(a: A, b: B & CastCheck<A, B, D>, options: Options & { dtype: D; out: T }): T;
  <A extends Operand, B extends Operand, D extends DType, O extends Carriers[D]>(a: A, b: B & CastCheck<A, B, D>, options: Options & { dtype: D; out: O }): Result<D, O>;
  <A extends Operand, B extends Operand>(a: A, b: B & OperandsCheck<A, B>, options?: Options & { out?: undefined; dtype?: undefined }): ResultOf<A, B>;
  <A extends Operand, B extends Operand, T extends WasmTensor<ResultDType<A, B>>>(a: A, b: B & OperandsCheck<A, B>, options: Options & { out: T; dtype?: undefined }): T;
  <A extends Operand, B extends Operand, O extends Carriers[ResultDType<A, B>]>(a: A, b: B & OperandsCheck<A, B>, options: Options & { out: O; dtype?: undefined }): Result<ResultDType<A, B>, O>;
  <A extends Operand, B extends Operand>(a: A, b: B & OperandsCheck<A, B>, options?: Options & { out?: OutFor<ResultDType<A, B>>; dtype?: undefined }): Result | WasmTensor;
  <A extends Operand, B extends Operand, D extends DType>(a: A, b: B & CastCheck<A, B, D>, options: Options & { dtype: D; out?: OutFor<D> }): Result<D> | WasmTensor<D>;
}


// The aliases, from the op list (web/api/ops.js), written by scripts/types.mjs.
// <generated: aliases>
/** Alias of {@link multiply}. */
export const mul: typeof multiply;
/** Alias of {@link divide}. */
export const div: typeof divide;
/** Alias of {@link subtract}. */
export const sub: typeof subtract;
/** Alias of {@link mod}. */
export const remainder: typeof mod;
// </generated>

/** expr()'s options, for the whole expression. */
export interface ExprOptions {
  /** The dtype to compute in, and the result's: every input is cast to it as it is loaded (as the ops' `dtype`). Without it, the inputs' one dtype. */
  dtype?: DType;
  /** `'numpy'` (default): every input's shape broadcast with every other's; `'none'`: all the same shape. */
  autoBroadcast?: 'numpy' | 'none';
  /** Integer division: `true` (default) floors, `false` truncates, as divide's. */
  pythondiv?: boolean;
  /** Integer `x / 0`: `'zero'` (default) gives 0; `'error'` throws a `RangeError` and writes nothing. */
  onZeroDivision?: 'zero' | 'error';
}

/**
 * A compiled expression: call it with an object holding each input by name (every operand form
 * an op takes), and optionally `{ out }`. Its result has the expression's dtype.
 */
export interface Expression<D extends DType = DType> {
  (inputs: Readonly<Record<string, Operand>>, options?: { out?: undefined }): Result<D>;
  <T extends WasmTensor<D>>(inputs: Readonly<Record<string, Operand>>, options: { out: T }): T;
  <O extends Carriers[D]>(inputs: Readonly<Record<string, Operand>>, options: { out: O }): Result<D, O>;
  /** The source, as given. */
  readonly source: string;
  /** The input names, in order of first appearance: the keys the inputs object must have, and no others. */
  readonly inputs: readonly string[];
  /** The `dtype` option, or `undefined` (the inputs' dtype). */
  readonly dtype: D | undefined;
}

/**
 * Compiles an element-wise expression once: `+ - * /`, unary `-`, parentheses, numbers, input
 * names and the ops as functions of two arguments (`multiply(a, b)`), with JavaScript's
 * precedence. The whole expression runs in one pass over the output, in blocks that stay in
 * cache, every input cast to the dtype as it is loaded; each step gives the bits the single op
 * would (`x / 255` is not `x * (1 / 255)`).
 *
 * @throws SyntaxError for a malformed source (the message gives the column); TypeError for a source
 *   that is not a string or an unknown option; RangeError for a bad option value. The function
 *   throws as the ops do, and TypeError for a missing or extra input.
 * @example
 * ```js
 * const normalize = expr('(x / 255 - mean) / std', { dtype: 'float32' });
 * normalize({ x: { data: rgba, shape: [1, 3, 224, 224], strides: [0, 1, 896, 4] }, mean, std }, { out });
 * ```
 */
export function expr<D extends DType>(source: string, options: ExprOptions & { dtype: D }): Expression<D>;
export function expr(source: string, options?: ExprOptions): Expression;

/** broadcastShapes' own options, beside the ops'. */
export interface ShapeOptions {
  /**
   * Dims may be -1: unknown, as OpenVINO's IR and ONNX's symbolic dims write a dynamic dim. The
   * shapes are accepted when some filling-in of the unknown dims broadcasts; the result (and each
   * field of `explain: true`) is what every accepted filling agrees on, -1 where they differ (an
   * unknown dim met a 1, nothing, or another unknown dim). Default `false`: -1 is a RangeError,
   * as in the ops.
   */
  dynamic?: boolean;
}

/**
 * The shape two shapes broadcast to, under the same options as the ops (the non-broadcasting
 * ones are checked and ignored).
 *
 * @throws RangeError naming both shapes, the mode and the first conflicting axis.
 * @example
 * ```js
 * broadcastShapes([8, 1, 6, 1], [7, 1, 5]); // [8, 7, 6, 5]
 * broadcastShapes([-1, 3], [4, 1, 3], { dynamic: true }); // [4, -1, 3]
 * ```
 */
export function broadcastShapes(a: readonly number[], b: readonly number[], options?: DivideOptions & ShapeOptions & { explain?: false }): number[];
/**
 * How two shapes broadcast, without throwing when they do not: both shapes right-aligned (or
 * placed at `axis`) to the output's rank, each padded with 1s, and which axes each stretches.
 *
 * @example
 * ```js
 * broadcastShapes([8, 1, 6, 1], [7, 1, 5], { explain: true });
 * // { shape: [8, 7, 6, 5], error: null, rank: 4,
 * //   a: { start: 0, dims: [8, 1, 6, 1], stretched: [1, 3] },
 * //   b: { start: 1, dims: [1, 7, 1, 5], stretched: [0, 2] }, conflicts: [] }
 * ```
 */
export function broadcastShapes(a: readonly number[], b: readonly number[], options: DivideOptions & ShapeOptions & { explain: true }): BroadcastExplanation;
export function broadcastShapes(a: readonly number[], b: readonly number[], options?: DivideOptions & ShapeOptions & { explain?: boolean }): number[] | BroadcastExplanation;

/** One operand in a {@link BroadcastExplanation}. */
export interface AlignedOperand {
  /** The output axis where the operand's first axis sits. */
  start: number;
  /** Its dims at every output axis (1 where it has none), or null where the shapes could not be placed at all (a bad `axis`, ranks that differ in `'none'`). */
  dims: number[] | null;
  /** The output axes where it has 1 and the other operand another dim, 0 included: where its values repeat (against a 0, none is read). */
  stretched: number[];
}

/** What `broadcastShapes(a, b, { explain: true })` returns. */
export interface BroadcastExplanation {
  /** The output shape, or null when the shapes do not broadcast. */
  shape: number[] | null;
  /** The BroadcastError the ops would throw, or null. */
  error: BroadcastError | null;
  /** The number of aligned axes (the output's rank when they broadcast). */
  rank: number;
  a: AlignedOperand;
  b: AlignedOperand;
  /** Every aligned axis where the dims differ and neither is 1. */
  conflicts: number[];
}

/**
 * A tensor kept in wasm memory, for chains of ops without copies. Free it with `dispose()`
 * (or `using`); wasm memory is not garbage-collected. Using it after `dispose()` is a `TypeError`.
 * It belongs to the copy of the package that made it (the ESM and the CommonJS file, or two
 * installs, are two copies, each with its own wasm memory): given to another copy it is a
 * `TypeError` naming both; `{ data: t.data, shape: t.shape }` passes its values.
 */
export class WasmTensor<D extends DType = DType> {
  private constructor();
  readonly dtype: D;
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
  readonly data: Carriers[D];
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
export function tensor<D extends DType>(data: TensorLike['data'], shape: readonly number[] | undefined, dtype: D): WasmTensor<D>;
export function tensor<A extends TensorLike['data']>(data: A, shape?: readonly number[]): WasmTensor<DTypeOfData<A>>;

/** A new zero-filled wasm tensor. @throws RangeError when it does not fit in wasm memory. */
export function empty<D extends DType>(shape: readonly number[], dtype: D): WasmTensor<D>;

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
  readonly mode: BroadcastMode;
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

/**
 * A bulk conversion from dtype `F` to dtype `T`, a whole array at once in the core's SIMD kernels
 * (docs/float16-conversions.md). `x`: a typed array that carries `F` (its elements read as bits
 * for a narrow float, a `Float16Array`'s too), or a wasm tensor of dtype `F`.
 *
 * - A typed array gives a new typed array of `x`'s length: float16 in a `Float16Array` where the
 *   platform has one, else a `Uint16Array` of bits; bfloat16 in a `Uint16Array` of bits; float32
 *   in a `Float32Array`.
 * - A wasm tensor gives a new wasm tensor of dtype `T` and `x`'s shape, to `dispose()`.
 * - `out`: a typed array that carries `T`, of `x`'s length, or a wasm tensor of dtype `T` and
 *   `x`'s size (any shape), written and returned instead. It may overlap `x`.
 *
 * @throws TypeError when `x` or `out` is of another class or dtype (or a disposed tensor), or the
 *   options have a key other than `out`.
 * @throws RangeError when `out` has another length than `x`.
 */
export interface Conversion<F extends DType, T extends DType> {
  (x: Carriers[F], options?: { out?: undefined }): Carriers[T];
  (x: WasmTensor<F>, options?: { out?: undefined }): WasmTensor<T>;
  <O extends Carriers[T] | WasmTensor<T>>(x: Carriers[F] | WasmTensor<F>, options: { out: O }): O;
}
/**
 * float32 values to float16 bits, each rounded once to nearest even (subnormals kept, overflow
 * to ±Infinity, NaN to the one quiet NaN 0x7E00): the bits {@link numberToFloat16} gives for
 * each element, for a whole array at once. See {@link Conversion}.
 */
export const float32ToFloat16: Conversion<'float32', 'float16'>;
/**
 * float16 bits to float32 values, exactly: the value {@link float16ToNumber} gives for each
 * element (a NaN keeps its sign and payload, as numpy's `astype(float32)`). See {@link Conversion}.
 */
export const float16ToFloat32: Conversion<'float16', 'float32'>;
/**
 * float32 values to bfloat16 bits, each rounded once to nearest even (subnormals kept, overflow
 * to ±Infinity, NaN to the one quiet NaN 0x7FC0): the bits {@link numberToBfloat16} gives for
 * each element. See {@link Conversion}.
 */
export const float32ToBfloat16: Conversion<'float32', 'bfloat16'>;
/**
 * bfloat16 bits to float32 values, exactly (the bits shifted up 16, NaN payloads included): the
 * value {@link bfloat16ToNumber} gives for each element. See {@link Conversion}.
 */
export const bfloat16ToFloat32: Conversion<'bfloat16', 'float32'>;

/**
 * ONNX node attributes: `broadcast`, `axis` (opsets 1 and 6; `axis` is checked also where
 * `broadcast: 0` ignores it), `consumed_inputs` (opset 1, an array, ignored).
 */
export interface OnnxAttributes {
  broadcast?: 0 | 1 | boolean;
  axis?: number;
  consumed_inputs?: readonly number[];
}

/**
 * ONNX's operators by opset, each running one of the ops (`ops()` gives each op's; the README's
 * table of the ops; docs/contract.md, "ONNX and OpenVINO", each operator's versions): binary
 * operators `(a, b, attributes?, opset = 14)`, variadic ones (`Max`, `Min`) `([a, b, ...],
 * attributes?, opset = 14)`, all inputs broadcast together. An opset uses the latest version at
 * or below it; each version's broadcasting, attributes and type constraints are enforced (a
 * type it does not list, or an attribute it does not have: `TypeError`; an opset before the
 * operator's first version: `RangeError`). Integer `Div` truncates toward zero.
 */
export const onnx: {
// <generated: onnx>
  Mul: OnnxOp;
  Div: OnnxOp;
  Add: OnnxOp;
  Sub: OnnxOp;
  Max: OnnxVariadicOp;
  Min: OnnxVariadicOp;
  Mod: OnnxOp<OnnxModAttributes>;
// </generated>
};

/** An ONNX operator's function ({@link onnx}). */
export type OnnxOp<Attributes = OnnxAttributes> = <A extends Operand, B extends Operand>(a: A, b: B, attributes?: Attributes, opset?: number) => ResultOf<A, B>;

/** ONNX `Mod`'s attribute: `fmod` 0 (the divisor's sign, integers only; the default) or 1 (the dividend's, C's fmod). */
export interface OnnxModAttributes {
  fmod?: 0 | 1 | boolean;
}

/** A variadic ONNX operator's function (`Max`, `Min`): an array of one input or more, all of one dtype. */
export type OnnxVariadicOp = <A extends Operand>(inputs: readonly [A, ...Operand[]], attributes?: Record<string, never>, opset?: number) => ResultOf<A, A>;

/** OpenVINO `auto_broadcast` values (the IR writes them in lower case). */
export type OpenVinoAutoBroadcast = 'none' | 'numpy' | 'pdpd' | 'NONE' | 'NUMPY' | 'PDPD';

/** OpenVINO IR attributes; string values as in IR XML (`"numpy"`, `"1"`, `"true"`) are accepted. */
export interface OpenVinoAttributes {
  auto_broadcast?: OpenVinoAutoBroadcast;
  /** With `auto_broadcast: 'pdpd'`: an integer, or its IR string (`"1"`). */
  axis?: number | `${number}`;
}

export interface OpenVinoDivideAttributes extends OpenVinoAttributes {
  /** Floor division for integers; default true. */
  m_pythondiv?: boolean | 'true' | 'false' | '1' | '0' | 0 | 1;
  /** Accepted for `m_pythondiv`. */
  pythondiv?: boolean | 'true' | 'false' | '1' | '0' | 0 | 1;
}

/** What an OpenVINO IR layer asks for ({@link openvino}.readAttributes). */
export interface OpenVinoReading {
  /** The public function that runs it (`'multiply'`, ...). */
  op: string;
  autoBroadcast: 'none' | 'numpy' | 'pdpd';
  /** With `'pdpd'`, the axis given (undefined when none is). */
  axis: number | undefined;
  /** Whether integers floor (divisions; true otherwise). */
  pythondiv: boolean;
}

/** An OpenVINO operation's function ({@link openvino}). */
export type OpenVinoOp<Attributes = OpenVinoAttributes> = <A extends Operand, B extends Operand>(a: A, b: B, attributes?: Attributes) => ResultOf<A, B>;

/** OpenVINO's arithmetic operations (version 1), each running one of the ops (`ops()` gives each op's). */
export const openvino: {
// <generated: openvino>
  Multiply: OpenVinoOp;
  Divide: OpenVinoOp<OpenVinoDivideAttributes>;
  Add: OpenVinoOp;
  Subtract: OpenVinoOp;
  Maximum: OpenVinoOp;
  Minimum: OpenVinoOp;
  FloorMod: OpenVinoOp;
  Mod: OpenVinoOp;
  SquaredDifference: OpenVinoOp;
// </generated>
  /**
   * What an IR layer of this type (`'Multiply'`, ...) with these attributes asks for, read as
   * the operation reads them (the same errors for unknown or bad attributes).
   */
  readAttributes(type: string, attributes?: OpenVinoDivideAttributes): OpenVinoReading;
};
