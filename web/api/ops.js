// The public functions of the ops: one line per op naming the core op that runs (src/ops.h) and
// the names it goes by (the JS function and its alias, OpenVINO's operation), with its
// documentation above it, and the exports made from it. Whatever an op is comes from the core
// at init (abi.js): whether it divides (it takes onZeroDivision) and its floor twin (an op with
// one takes pythondiv, its OpenVINO form the attribute m_pythondiv; ONNX Div truncates).
// Adding an op is a line here (and its core op in src/ops.h, its ONNX operator in
// onnx-operators.js); its exports below and its declarations in index.d.ts are written from
// this list (scripts/types.mjs).
import { OPS as CORE_OPS, onAbi, requires } from '../module/abi.js';
import { readOperand } from '../arguments/arguments.js';
import { callOp } from './call.js';
import { enter } from '../lifecycle.js';
import { readOpOptions } from '../arguments/options.js';
import { opOperator } from '../execution/program.js';
import { onnxEntry, openvinoEntry, readIrAttributes } from './spec.js';
import { ONNX_OPERATORS, onnxOperatorOf } from './onnx-operators.js';

// name: [core op, alias, OpenVINO's operation, the operator's sign (null: written as a call,
// name(a, b))]. Each op's ONNX operator is found in onnx-operators.js; its declaration in
// index.d.ts is written by scripts/types.mjs from the comment above its line.
const PUBLIC = {
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
};

/**
 * The ops' descriptors by public name: { name, alias, onnx (its ONNX operator, or null),
 * openvino, sign, core } and, from the core at init, divides (integer x / 0 is an error under
 * onZeroDivision: 'error'), floors (it has a floor twin: it takes pythondiv), coreCode and
 * floorCode (the floor twin's code; coreCode where none), and the operators that run each
 * (program.js).
 */
export const OPS = Object.fromEntries(Object.entries(PUBLIC).map(([name, [core, alias, openvino, sign]]) => [name, {
  name, alias, onnx: onnxOperatorOf(name), openvino, sign, core, divides: false, floors: false, coreCode: -1, floorCode: -1,
  operator: null, floorOperator: null,
}]));
requires('op', Object.values(OPS).map((d) => d.core));
onAbi(() => {
  for (const d of Object.values(OPS)) {
    const op = CORE_OPS[d.core];
    d.divides = op.divides;
    d.floors = op.floorTwin !== d.core;
    d.coreCode = op.code;
    d.floorCode = CORE_OPS[op.floorTwin].code;
    d.operator = opOperator(d.coreCode);
    d.floorOperator = opOperator(d.floorCode);
  }
});

const OPERANDS = ['operand A', 'operand B'];

/** The public function of an op: (a, b, options?) => result (docs/contract.md, "The API"). */
function publicOp(d) {
  const fn = d.name;
  const whatA = `${fn}: ${OPERANDS[0]}`;
  const whatB = `${fn}: ${OPERANDS[1]}`;
  const op = {
    [fn](a, b, options) {
      enter();
      const A = readOperand(a, whatA);
      const B = readOperand(b, whatB);
      const { mode, out, pythondiv, zeroIsError, dtype } = readOpOptions(options, fn, d);
      return callOp(fn, d, pythondiv, zeroIsError, mode, out, A, B, OPERANDS, null, dtype);
    },
  };
  return op[fn];
}

// Each op's function and alias, from PUBLIC, written by scripts/types.mjs (ES modules name their
// exports in the source).
// <generated: exports>
export const multiply = publicOp(OPS.multiply);
export const divide = publicOp(OPS.divide);
export const add = publicOp(OPS.add);
export const subtract = publicOp(OPS.subtract);
export const maximum = publicOp(OPS.maximum);
export const minimum = publicOp(OPS.minimum);
export const mod = publicOp(OPS.mod);
export const fmod = publicOp(OPS.fmod);
export const squaredDifference = publicOp(OPS.squaredDifference);
export const mul = multiply;
export const div = divide;
export const sub = subtract;
export const remainder = mod;
// </generated>

/** ONNX's operators by opset (docs/contract.md, "ONNX and OpenVINO"). */
export const onnx = Object.freeze(Object.fromEntries(Object.keys(ONNX_OPERATORS).map((name) => [name, onnxEntry(name, OPS)])));
/**
 * OpenVINO's operations with the IR's attribute names (docs/contract.md, "ONNX and OpenVINO"),
 * and readAttributes(type, attributes): what an IR layer asks for, read as they read it.
 */
export const openvino = Object.freeze({
  ...Object.fromEntries(Object.values(OPS).map((d) => [d.openvino, openvinoEntry(d)])),
  readAttributes: (type, attributes) => readIrAttributes(OPS, type, attributes),
});

/**
 * The ops (docs/contract.md, "The API"): for each, its function's name and alias, ONNX's
 * operator (or null), OpenVINO's operation, its sign (or null), whether it commutes, whether it
 * divides (takes onZeroDivision) and whether it takes pythondiv.
 */
export function ops() {
  enter();
  return Object.values(OPS).map((d) => Object.freeze({
    name: d.name, alias: d.alias, onnx: d.onnx, openvino: d.openvino, sign: d.sign, commutes: CORE_OPS[d.core].commutes,
    divides: d.divides, pythondiv: d.floors,
  }));
}
