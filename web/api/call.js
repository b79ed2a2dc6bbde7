// An op call after its arguments were read: settle the dtypes, check `out` against the result,
// check that nothing read has changed since, then run the op's operator (engine.js).
import { asTensor, checkCast, checkOutDtype, commonDtype, inputsDtype, settle } from '../arguments/arguments.js';
import { DTYPES } from '../dtypes/dtypes.js';
import { execute } from '../execution/engine.js';
import { broadcastError, inputsBroadcastError } from './errors.js';
import { opOperator } from '../execution/program.js';

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
  const unary = b === null;
  let info = cast;
  if (info === null) {
    info = DTYPES[commonDtype(a, unary ? a : b, fn)];
  } else {
    checkCast(a, info, fn, names[0]);
    if (!unary) checkCast(b, info, fn, names[1]);
  }
  if (types !== null) types(info.name);
  checkDomain(fn, op, info, cast === null ? 'the operands are' : 'the dtype option is');
  const dtype = info.name;
  const A = asTensor(a, dtype, fn, names[0]);
  const B = unary ? null : asTensor(b, dtype, fn, names[1]);
  const inputs = unary ? OPERAND : OPERANDS;
  inputs[0] = A;
  if (!unary) inputs[1] = B;
  // The op's operator, made once (a descriptor keeps it: no lookup on later calls).
  const operator = floor && info.integer ? (op.floorOperator ??= opOperator(op.floorCode, op.arity)) : (op.operator ??= opOperator(op.coreCode, op.arity));
  return runProgram(fn, operator, info, inputs, names, mode, out, zeroIsError, refusedOp);
}

/**
 * The end of every call of a program (an op's, an expression's, a variadic operator's), its
 * inputs tensors of the dtype `info` (asTensor): `out` checked against the result (the dtype
 * it is stored in), the inputs and `out` settled (`names` name the inputs), then the operator run.
 */
export function runProgram(fn, operator, info, inputs, names, mode, out, zeroIsError, refused) {
  const store = checkOutDtype(out, info, fn, true);
  for (let i = 0; i < inputs.length; ++i) settle(inputs[i], fn, names[i]);
  settle(out, fn, 'out');
  return execute({
    fn, operator, info, store, inputs, mode, out, zeroIsError, refused, literals: null,
  });
}

// The operands of the op call in progress, as the engine takes them: one array for every call
// (nothing runs between here and the engine's return that could start another).
const OPERANDS = [null, null];
const OPERAND = [null];

/**
 * An op's domain, the one check in JS (the core refuses such a program too): a TypeError where
 * the op (a descriptor of ops.js) does not take the dtype computed in (`info`), naming the ones
 * it takes; `where` says how the dtype came to be for an expression ('the expression computes in').
 */
export function checkDomain(fn, op, info, where = 'the operands are') {
  if (op.takes[info.code] !== 1) {
    // An op of floats on integers: the dtype option casts them as they are loaded.
    const hint = info.integer && op.takes[DTYPES.float32.code] === 1 ? " (for integers, pass { dtype: 'float32' })" : '';
    throw new TypeError(`${fn}: ${op.name} does not take ${info.name} (${where} ${info.name}); it takes ${op.domain.join(', ')}${hint}`);
  }
}

// Operands whose shapes do not broadcast under the call's mode.
function refusedOp(c, p) {
  return broadcastError(p, c.inputs[0].shape, c.inputs[1].shape, c.mode);
}

// ---- variadic operators (ONNX Max, Min) ------------------------------------------------------

/**
 * A variadic operator's call, its inputs read (readOperand): every input of one dtype (scalars
 * take it), `types` its check of that dtype, then the op's operator over all of them.
 */
export function callVariadic(fn, op, inputs, mode, types) {
  const names = inputs.map((x, i) => `input ${i}`);
  const info = inputsDtype(inputs, (_, first, i) => {
    throw new TypeError(`${fn}: inputs have different dtypes: input 0 is ${inputs[first].dtype} and ${names[i]} is ${inputs[i].dtype} (all must be the same)`);
  });
  types(info.name);
  checkDomain(fn, op, info);
  const tensors = inputs.map((x, i) => asTensor(x, info.name, fn, names[i]));
  return runProgram(fn, opOperator(op.coreCode, 2, tensors.length), info, tensors, names, mode, null, false,
    (c, p) => inputsBroadcastError(c, p, names));
}
