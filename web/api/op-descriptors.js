// The ops' descriptors (internal: the package exports the functions ops.js makes from them, and
// ops()'s frozen copies, never these records, which calls read and fill in).
import { OPS as CORE_OPS, onAbi, requires } from '../module/abi.js';
import { onnxOperatorOf } from './onnx-operators.js';
import { OP_LIST } from './op-list.js';

/**
 * The ops' descriptors by public name: { name, alias, onnx (its ONNX operator, or null),
 * openvino, sign, arity, core } and, from the core at init, divides (integer x / 0 is an error
 * under onZeroDivision: 'error'), floors (it has a floor twin: it takes pythondiv), coreCode and
 * floorCode (the floor twin's code; coreCode where none), takes (by dtype code, 1 where the op
 * takes the dtype) and domain (the names of the dtypes it takes, in the core's order); operator
 * and floorOperator, which run the op and its floor twin, made on the first call that needs each
 * (call.js), not at init.
 */
export const OPS = Object.fromEntries(Object.entries(OP_LIST).map(([name, [core, alias, openvino, sign, arity = 2]]) => [name, {
  name, alias, onnx: onnxOperatorOf(name), openvino, sign, arity, core, divides: false, floors: false, coreCode: -1, floorCode: -1,
  takes: null, domain: null, operator: null, floorOperator: null,
}]));
requires('op', Object.values(OPS).map((d) => d.core));
onAbi(() => {
  for (const d of Object.values(OPS)) {
    const op = CORE_OPS[d.core];
    if (op.arity !== d.arity) throw new Error(`tensorwise: the wasm module and the JS layer disagree: op ${d.core} takes ${op.arity} operands, not ${d.arity}`);
    d.divides = op.divides;
    d.floors = op.floorTwin !== d.core;
    d.coreCode = op.code;
    d.floorCode = CORE_OPS[op.floorTwin].code;
    d.takes = op.takes;
    d.domain = op.domain;
    d.operator = null; // made on the op's first call (call.js), then kept here
    d.floorOperator = null;
  }
});
