// The public functions of the ops, made from the op list (op-list.js). Whatever an op is comes
// from the core at init (abi.js): whether it divides (it takes onZeroDivision), its floor twin
// (an op with one takes pythondiv, its OpenVINO form the attribute m_pythondiv; ONNX Div
// truncates), its arity and the dtypes it takes. Adding an op is a line in op-list.js (and its
// core op in src/ops.h, its ONNX operator in onnx-operators.js); its exports below are written
// from that list (scripts/types.mjs).
import { OPS as CORE_OPS } from '../module/abi.js';
import { readOperand } from '../arguments/arguments.js';
import { callOp } from './call.js';
import { enter } from '../lifecycle.js';
import { readOpOptions } from '../arguments/options.js';
import { onnxEntry, openvinoEntry, readIrAttributes } from './spec.js';
import { ONNX_OPERATORS } from './onnx-operators.js';
import { OPS } from './op-descriptors.js';


const OPERANDS = ['operand A', 'operand B'];

/**
 * The public function of an op: (a, b, options?) => result, or (x, options?) for a unary op
 * (docs/contract.md, "The API").
 */
function publicOp(d) {
  const fn = d.name;
  const unary = d.arity === 1;
  const names = unary ? OPERAND : OPERANDS;
  const whatA = `${fn}: ${names[0]}`;
  const whatB = `${fn}: ${OPERANDS[1]}`;
  const run = (a, b, options) => {
    enter();
    const A = readOperand(a, whatA);
    const B = unary ? null : readOperand(b, whatB);
    const { mode, out, pythondiv, zeroIsError, dtype } = readOpOptions(options, fn, d);
    return callOp(fn, d, pythondiv, zeroIsError, mode, out, A, B, names, null, dtype);
  };
  const op = unary ? { [fn]: (x, options) => run(x, null, options) } : { [fn]: (a, b, options) => run(a, b, options) };
  return op[fn];
}
const OPERAND = ['the operand'];

// Each op's function and alias, from the op list, written by scripts/types.mjs (ES modules name their
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
export const bitwiseAnd = publicOp(OPS.bitwiseAnd);
export const bitwiseOr = publicOp(OPS.bitwiseOr);
export const bitwiseXor = publicOp(OPS.bitwiseXor);
export const bitwiseNot = publicOp(OPS.bitwiseNot);
export const abs = publicOp(OPS.abs);
export const negative = publicOp(OPS.negative);
export const sqrt = publicOp(OPS.sqrt);
export const exp = publicOp(OPS.exp);
export const log = publicOp(OPS.log);
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
 * operator (or null), OpenVINO's operation, its sign (or null), its arity, the dtypes it takes
 * (a frozen list), whether it commutes, whether it divides (takes onZeroDivision) and whether it
 * takes pythondiv.
 */
export function ops() {
  enter();
  return Object.values(OPS).map((d) => Object.freeze({
    name: d.name, alias: d.alias, onnx: d.onnx, openvino: d.openvino, sign: d.sign, arity: d.arity, dtypes: d.domain,
    commutes: CORE_OPS[d.core].commutes, divides: d.divides, pythondiv: d.floors,
  }));
}
