// The ops, one descriptor each, and every public function made from them: multiply and divide
// (and their aliases), ONNX's Mul and Div, OpenVINO's Multiply and Divide. Adding an op is a
// descriptor and its exports here (and its core op in src/ops.h).
//
// A descriptor names the core op that runs (by its name in src/ops.h; its code, coreCode, comes
// from the module) and says whether the op divides: a division takes the options pythondiv and
// onZeroDivision, floors integers when pythondiv is true (floorCore), and its OpenVINO form has
// the attribute m_pythondiv; ONNX Div truncates.
import { OP_CODE, onAbi, requires } from './abi.js';
import { readOperand } from './arguments.js';
import { callOp } from './call.js';
import { enter } from './loader.js';
import { readOpOptions } from './options.js';
import { onnxEntry, openvinoEntry } from './spec.js';

const OPS = {
  multiply: { name: 'multiply', core: 'mul', divides: false, onnx: 'Mul', openvino: 'Multiply' },
  divide: { name: 'divide', core: 'div', floorCore: 'div_floor', divides: true, onnx: 'Div', openvino: 'Divide' },
};
requires('op', Object.values(OPS).flatMap((d) => (d.divides ? [d.core, d.floorCore] : [d.core])));
onAbi(() => {
  for (const d of Object.values(OPS)) {
    d.coreCode = OP_CODE[d.core];
    d.floorCode = d.divides ? OP_CODE[d.floorCore] : -1;
  }
});

const OPERANDS = ['operand A', 'operand B'];

/** The public function of an op: (a, b, options?) => result (SPEC §4). */
function publicOp(d) {
  const fn = d.name;
  const whatA = `${fn}: ${OPERANDS[0]}`;
  const whatB = `${fn}: ${OPERANDS[1]}`;
  const op = {
    [fn](a, b, options) {
      enter();
      const A = readOperand(a, whatA);
      const B = readOperand(b, whatB);
      const { mode, out, pythondiv, zeroIsError } = readOpOptions(options, fn, d.divides);
      return callOp({
        fn, op: d, floor: d.divides && pythondiv, zeroIsError, mode, out, a: A, b: B, names: OPERANDS, types: null,
        info: null, core: 0, divides: false,
      });
    },
  };
  return op[fn];
}

export const multiply = publicOp(OPS.multiply);
export const divide = publicOp(OPS.divide);
export const mul = multiply;
export const div = divide;

/** ONNX Mul and Div by opset (SPEC §5). */
export const onnx = Object.freeze(Object.fromEntries(Object.values(OPS).map((d) => [d.onnx, onnxEntry(d)])));
/** OpenVINO Multiply-1 and Divide-1 with the IR's attribute names (SPEC §5). */
export const openvino = Object.freeze(Object.fromEntries(Object.values(OPS).map((d) => [d.openvino, openvinoEntry(d)])));
