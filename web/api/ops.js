// The public functions of the ops: one line per op naming the core op that runs (src/ops.h) and
// the names it goes by (the JS function and its alias, ONNX's operator, OpenVINO's), and the
// exports made from it. Whatever an op is comes from the core at init (abi.js): whether it
// divides (a division takes the options pythondiv and onZeroDivision, and its OpenVINO form the
// attribute m_pythondiv) and its floor twin (what pythondiv runs for integers; ONNX Div
// truncates). Adding an op is a line here (and its core op in src/ops.h, its declaration in
// index.d.ts); its exports below and the rest of its declarations are written from this list.
import { OPS as CORE_OPS, onAbi, requires } from '../module/abi.js';
import { readOperand } from '../arguments/arguments.js';
import { callOp } from './call.js';
import { enter } from '../module/loader.js';
import { readOpOptions } from '../arguments/options.js';
import { opOperator } from '../execution/program.js';
import { onnxEntry, openvinoEntry, readIrAttributes } from './spec.js';

// name: [core op, alias, ONNX operator, OpenVINO operation, the operator's sign]
const PUBLIC = {
  multiply: ['mul', 'mul', 'Mul', 'Multiply', '×'],
  divide: ['div', 'div', 'Div', 'Divide', '÷'],
  add: ['add', 'add', 'Add', 'Add', '+'],
  subtract: ['sub', 'sub', 'Sub', 'Subtract', '−'],
};

/**
 * The ops' descriptors by public name: { name, alias, onnx, openvino, sign, core } and, from the core
 * at init, divides, coreCode and floorCode (the floor twin's code; coreCode where none), and the
 * operators that run each (program.js).
 */
export const OPS = Object.fromEntries(Object.entries(PUBLIC).map(([name, [core, alias, onnx, openvino, sign]]) => [name, {
  name, alias, onnx, openvino, sign, core, divides: false, coreCode: -1, floorCode: -1, operator: null, floorOperator: null,
}]));
requires('op', Object.values(OPS).map((d) => d.core));
onAbi(() => {
  for (const d of Object.values(OPS)) {
    const op = CORE_OPS[d.core];
    d.divides = op.divides;
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
      const { mode, out, pythondiv, zeroIsError, dtype } = readOpOptions(options, fn, d.divides);
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
export const mul = multiply;
export const div = divide;
export const sub = subtract;
// </generated>

/** ONNX's operators by opset (docs/contract.md, "ONNX and OpenVINO"). */
export const onnx = Object.freeze(Object.fromEntries(Object.values(OPS).map((d) => [d.onnx, onnxEntry(d)])));
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
 * operator, OpenVINO's operation, its sign, whether it commutes and whether it divides.
 */
export function ops() {
  enter();
  return Object.values(OPS).map((d) => Object.freeze({
    name: d.name, alias: d.alias, onnx: d.onnx, openvino: d.openvino, sign: d.sign, commutes: CORE_OPS[d.core].commutes,
    divides: d.divides,
  }));
}
