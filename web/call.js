// An op call after its arguments were read: settle the dtypes, check `out` against the result,
// check that nothing read has changed since, then compute.
import { asTensor, checkOutDtype, commonDtype, settle } from './arguments.js';
import { DTYPES } from './dtypes.js';
import { OP, compute } from './engine.js';

/** The core op code of a division: integers round by `pythondiv`; floats have one division. */
function divisionOp(info, pythondiv) {
  return (info.kind === 'int' || info.kind === 'bigint') && pythondiv ? OP.divFloor : OP.divTrunc;
}

/**
 * @param m the module (from enter())
 * @param c the call: { fn, divides, pythondiv, zeroIsError, mode, out, a, b, names, types }
 *   with a and b as readOperand gave them, `names` the operands' names in messages ([A's, B's])
 *   and `types`, when not null, a check of the dtype (ONNX versions' constraints). callOp
 *   completes it (op, info, operands as tensors) and hands it to the engine.
 */
export function callOp(m, c) {
  const dtype = commonDtype(c.a, c.b, c.fn);
  if (c.types !== null) c.types(dtype);
  const info = DTYPES[dtype];
  c.a = asTensor(c.a, dtype, c.fn, c.names[0]);
  c.b = asTensor(c.b, dtype, c.fn, c.names[1]);
  checkOutDtype(c.out, info, c.fn);
  settle(m, c.a, c.fn, c.names[0]);
  settle(m, c.b, c.fn, c.names[1]);
  settle(m, c.out, c.fn, 'out');
  c.info = info;
  c.op = c.divides ? divisionOp(info, c.pythondiv) : OP.mul;
  return compute(c);
}
