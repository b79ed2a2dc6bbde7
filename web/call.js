// An op call after its arguments were read: settle the dtypes, check `out` against the result,
// check that nothing read has changed since, then compute.
import { asTensor, checkOutDtype, commonDtype, settle } from './arguments.js';
import { DTYPES } from './dtypes.js';
import { compute } from './engine.js';

/**
 * @param c the call: { fn, op, floor, zeroIsError, mode, out, a, b, names, types, info, core }
 *   (the last two, null and 0, are callOp's to set) with `op` the op's descriptor (ops.js),
 *   `floor` whether integers round down (pythondiv), a and b as readOperand gave them, `names`
 *   the operands' names in messages ([A's, B's]) and `types`, when not null, a check of the dtype
 *   (ONNX versions' constraints). callOp completes it (the dtype's record `info`, operands as
 *   tensors, the core op's code `core`: its floor twin's when integers round down) and hands it
 *   to the engine.
 */
export function callOp(c) {
  const dtype = commonDtype(c.a, c.b, c.fn);
  if (c.types !== null) c.types(dtype);
  const info = DTYPES[dtype];
  c.a = asTensor(c.a, dtype, c.fn, c.names[0]);
  c.b = asTensor(c.b, dtype, c.fn, c.names[1]);
  checkOutDtype(c.out, info, c.fn);
  settle(c.a, c.fn, c.names[0]);
  settle(c.b, c.fn, c.names[1]);
  settle(c.out, c.fn, 'out');
  c.info = info;
  c.core = c.floor && info.integer ? c.op.floorCode : c.op.coreCode;
  return compute(c);
}
