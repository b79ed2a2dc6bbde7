// An op call after its arguments were read: settle the dtypes, check `out` against the result,
// check that nothing read has changed since, then run the op's operator (engine.js).
import { asTensor, checkCast, checkOutDtype, commonDtype, settle } from '../arguments/arguments.js';
import { DTYPES } from '../dtypes/dtypes.js';
import { execute } from '../execution/engine.js';
import { broadcastError } from './errors.js';

/**
 * An op's call, its arguments read: `fn` the entry point's name (for messages), `op` the op's
 * descriptor (ops.js), `floor` whether integers round down (pythondiv), `zeroIsError` whether an
 * integer x/0 throws (onZeroDivision), the broadcast `mode`, `out` (arguments.js), a and b as
 * readOperand gave them, `names` the operands' names in messages ([A's, B's]), `types`, when not
 * null, a check of the dtype (ONNX versions' constraints), and `cast` the record of the dtype to
 * compute in (the `dtype` option; operands of another dtype are cast to it as they are loaded)
 * or null (the operands' common dtype). Settles the dtype and the operands, then runs the op's
 * operator (its floor twin's when integers round down) as the engine runs every operator.
 */
export function callOp(fn, op, floor, zeroIsError, mode, out, a, b, names, types, cast) {
  let info = cast;
  if (info === null) {
    info = DTYPES[commonDtype(a, b, fn)];
  } else {
    checkCast(a, info, fn, names[0]);
    checkCast(b, info, fn, names[1]);
  }
  if (types !== null) types(info.name);
  const dtype = info.name;
  const A = asTensor(a, dtype, fn, names[0]);
  const B = asTensor(b, dtype, fn, names[1]);
  checkOutDtype(out, info, fn);
  settle(A, fn, names[0]);
  settle(B, fn, names[1]);
  settle(out, fn, 'out');
  OPERANDS[0] = A;
  OPERANDS[1] = B;
  return execute({
    fn, operator: floor && info.integer ? op.floorOperator : op.operator, info, inputs: OPERANDS, mode, out, zeroIsError,
    refused: refusedOp, literals: null,
  });
}

// The operands of the op call in progress, as the engine takes them: one array for every call
// (nothing runs between here and the engine's return that could start another).
const OPERANDS = [null, null];

// Operands whose shapes do not broadcast under the call's mode.
function refusedOp(c, p) {
  return broadcastError(p.status, c.inputs[0].shape, c.inputs[1].shape, c.mode, p.conflict);
}
