// An op call after its arguments were read: settle the dtypes, check `out` against the result,
// check that nothing read has changed since, then run the op's operator (engine.js).
import { asTensor, checkCast, checkOutDtype, commonDtype, settle } from './arguments.js';
import { DTYPES } from './dtypes.js';
import { execute } from './engine.js';
import { broadcastError } from './errors.js';

/**
 * @param c the call: { fn, op, floor, zeroIsError, mode, out, a, b, names, types, cast, info,
 *   core, operator, inputs, refused } (the last five, null, 0, null, null and null, are callOp's
 *   to set) with `op` the op's descriptor (ops.js), `floor` whether integers round down
 *   (pythondiv), a and b as readOperand gave them, `names` the operands' names in messages
 *   ([A's, B's]), `types`, when not null, a check of the dtype (ONNX versions' constraints), and
 *   `cast` the record of the dtype to compute in (the `dtype` option; operands of another dtype
 *   are cast to it as they are loaded) or null (the operands' common dtype).
 *   callOp completes it (the dtype's record `info`, the core op's code `core`: its floor twin's
 *   when integers round down, and its operator, the operands as tensors in `inputs`) and hands
 *   it to the engine.
 */
export function callOp(c) {
  let info = c.cast;
  if (info === null) {
    info = DTYPES[commonDtype(c.a, c.b, c.fn)];
  } else {
    checkCast(c.a, info, c.fn, c.names[0]);
    checkCast(c.b, info, c.fn, c.names[1]);
  }
  if (c.types !== null) c.types(info.name);
  const dtype = info.name;
  const a = asTensor(c.a, dtype, c.fn, c.names[0]);
  const b = asTensor(c.b, dtype, c.fn, c.names[1]);
  checkOutDtype(c.out, info, c.fn);
  settle(a, c.fn, c.names[0]);
  settle(b, c.fn, c.names[1]);
  settle(c.out, c.fn, 'out');
  c.info = info;
  c.core = c.floor && info.integer ? c.op.floorCode : c.op.coreCode;
  c.operator = c.floor && info.integer ? c.op.floorOperator : c.op.operator;
  OPERANDS[0] = a;
  OPERANDS[1] = b;
  c.inputs = OPERANDS;
  c.refused = refusedOp;
  return execute(c);
}

// The operands of the op call in progress, as the engine takes them: one array for every call
// (nothing runs between here and the engine's return that could start another).
const OPERANDS = [null, null];

// Operands whose shapes do not broadcast under the call's mode.
function refusedOp(c, p) {
  return broadcastError(p.status, c.inputs[0].shape, c.inputs[1].shape, c.mode, p.conflict);
}
