// The op list: one line per public op, naming the core op that runs it (src/ops.h, where its
// semantics, traits and domain, the dtypes it takes, live) and the names it goes by (the JS
// function and its alias, OpenVINO's operation), with its documentation above it. Data only:
// ops.js makes the functions from it, and scripts/types.mjs, which writes ops.js's exports, the
// package's declarations and the contract's table of the ops, reads it here (never a file it
// writes). What an op is comes from the core at init (web/module/abi.js): whether it divides,
// its floor twin, its domain and its arity, which the line restates (the expression parser needs
// it before init) and init checks.
//
// name: [core op, alias, OpenVINO's operation, the operator's sign (null: written as a call,
// name(a, b)), arity (absent: 2)]. Each op's ONNX operator is found in onnx-operators.js; its
// declaration in index.d.ts is written by scripts/types.mjs from the comment above its line.
export const OP_LIST = {
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
  multiply: ['mul', 'mul', 'Multiply', '×'],
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
  divide: ['div', 'div', 'Divide', '÷'],
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
  add: ['add', 'add', 'Add', '+'],
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
  subtract: ['sub', 'sub', 'Subtract', '−'],
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
  maximum: ['max', 'maximum', 'Maximum', null],
  /**
   * Element-wise minimum with broadcasting, options as {@link multiply}: IEEE 754-2019's
   * `minimum`: NaN if either is NaN, and `-0` below `+0`. Exact for every dtype.
   *
   * @example
   * ```js
   * minimum(maximum(x, 0), 6); // ReLU6, or clamp to [lo, hi]: minimum(maximum(x, lo), hi)
   * ```
   */
  minimum: ['min', 'minimum', 'Minimum', null],
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
  mod: ['mod', 'remainder', 'FloorMod', null],
  /**
   * Element-wise remainder with broadcasting, options as {@link mod}: the dividend's sign (C's
   * `fmod`, JavaScript's `%`, OpenVINO's `Mod`), exact for floats; `x % 0` as {@link mod}'s.
   *
   * @example
   * ```js
   * fmod({ data: new Int32Array([-7, 7]), shape: [2] }, 3); // [-1, 1]
   * ```
   */
  fmod: ['fmod', 'fmod', 'Mod', null],
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
  squaredDifference: ['sqdiff', 'squaredDifference', 'SquaredDifference', null],
  /**
   * Element-wise bitwise and of integers with broadcasting, options as {@link multiply}: on the
   * two's complement bits (numpy's `bitwise_and`, ONNX's `BitwiseAnd`, OpenVINO's `BitwiseAnd`).
   *
   * @example
   * ```js
   * bitwiseAnd({ data: new Uint8Array([0b1100, 0xff]), shape: [2] }, 0b1010); // [0b1000, 0b1010]
   * ```
   */
  bitwiseAnd: ['bit_and', 'bitwiseAnd', 'BitwiseAnd', null],
  /**
   * Element-wise bitwise or of integers with broadcasting, options as {@link multiply}: on the
   * two's complement bits (numpy's `bitwise_or`, ONNX's `BitwiseOr`, OpenVINO's `BitwiseOr`).
   *
   * @example
   * ```js
   * bitwiseOr({ data: new Int8Array([0b1100, -128]), shape: [2] }, 1); // [0b1101, -127]
   * ```
   */
  bitwiseOr: ['bit_or', 'bitwiseOr', 'BitwiseOr', null],
  /**
   * Element-wise bitwise exclusive or of integers with broadcasting, options as {@link multiply}:
   * on the two's complement bits (numpy's `bitwise_xor`, ONNX's `BitwiseXor`, OpenVINO's `BitwiseXor`).
   *
   * @example
   * ```js
   * bitwiseXor({ data: new Int32Array([0b1100, -1]), shape: [2] }, 0b1010); // [0b0110, -11]
   * ```
   */
  bitwiseXor: ['bit_xor', 'bitwiseXor', 'BitwiseXor', null],
  /**
   * Element-wise bitwise not of integers, `~x`, with the options `out` and `dtype` (one operand:
   * nothing to broadcast): on the two's complement bits (numpy's `invert`, ONNX's `BitwiseNot`,
   * OpenVINO's `BitwiseNot`).
   *
   * @example
   * ```js
   * bitwiseNot({ data: new Int16Array([0, 5, -1]), shape: [3] }); // [-1, -6, 0]
   * ```
   */
  bitwiseNot: ['bit_not', 'bitwiseNot', 'BitwiseNot', null, 1],
  /**
   * Element-wise absolute value, with the options `out` and `dtype` (one operand: nothing to
   * broadcast): a float's magnitude (its sign bit cleared), an integer's wrapped in its width, so
   * `abs(-128)` of int8 is -128 (numpy's `absolute`, ONNX's `Abs`, OpenVINO's `Abs`).
   *
   * @example
   * ```js
   * abs({ data: new Float32Array([-1.5, 2, -0]), shape: [3] }); // [1.5, 2, 0]
   * ```
   */
  abs: ['abs', 'abs', 'Abs', null, 1],
  /**
   * Element-wise negation, `-x`, with the options `out` and `dtype`: a float's sign flipped, an
   * integer's wrapped in its width, 2^bits - x for unsigned integers (numpy's `negative`, ONNX's
   * `Neg`, OpenVINO's `Negative`; in `expr`, `negative(x)` or `-x`).
   *
   * @example
   * ```js
   * negative({ data: new Int8Array([1, -128]), shape: [2] }); // [-1, -128]
   * ```
   */
  negative: ['neg', 'negative', 'Negative', null, 1],
  /**
   * Element-wise square root of floats, with the options `out` and `dtype` (an integer operand
   * needs `{ dtype: 'float32' }` or another float): IEEE's, correctly rounded in every float dtype;
   * a negative number gives NaN, `sqrt(-0)` is -0 (numpy's `sqrt`, ONNX's `Sqrt`, OpenVINO's `Sqrt`).
   *
   * @example
   * ```js
   * sqrt({ data: new Float64Array([4, 2, -1]), shape: [3] }); // [2, 1.4142135623730951, NaN]
   * ```
   */
  sqrt: ['sqrt', 'sqrt', 'Sqrt', null, 1],
  /**
   * Element-wise e^x of floats, with the options `out` and `dtype` (an integer operand needs
   * `{ dtype: 'float32' }` or another float): correctly rounded for float32, float16 and bfloat16,
   * within one unit in the last place for float64, the same bits on every machine; `exp(-Infinity)`
   * is 0 and overflow gives Infinity (numpy's `exp`, ONNX's `Exp`, OpenVINO's `Exp`).
   *
   * @example
   * ```js
   * exp({ data: new Float32Array([0, 1, -Infinity]), shape: [3] }); // [1, 2.7182817459106445, 0]
   * ```
   */
  exp: ['exp', 'exp', 'Exp', null, 1],
  /**
   * Element-wise natural logarithm of floats, with the options `out` and `dtype`: correctly
   * rounded for float32, float16 and bfloat16, within one unit in the last place for float64;
   * `log(0)` is -Infinity and a negative number gives NaN (numpy's `log`, ONNX's `Log`,
   * OpenVINO's `Log`).
   *
   * @example
   * ```js
   * log({ data: new Float64Array([1, Math.E, 0]), shape: [3] }); // [0, 1, -Infinity]
   * ```
   */
  log: ['log', 'log', 'Log', null, 1],
};
