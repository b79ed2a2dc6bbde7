// tensorwise: element-wise Multiply and Divide with broadcasting, in WebAssembly SIMD.
import { wasm } from './loader.js';
import { dtypeInfo } from './dtypes.js';
import { OP, broadcast, compute, divisionOp } from './engine.js';
import { hostTensor, readOperand, resolveOperands } from './operands.js';
import { readOpOptions } from './options.js';
import { checkShape } from './shapes.js';
import { WasmTensor, allocateTensor, residentFromHost } from './tensor.js';

export { init } from './loader.js';
export { onnx, openvino } from './spec.js';
export { BroadcastError } from './errors.js';
export { fromFloat16Bits as float16ToNumber, fromBfloat16Bits as bfloat16ToNumber, toFloat16Bits as numberToFloat16, toBfloat16Bits as numberToBfloat16 } from './half.js';
export { WasmTensor, divisionOp };

export function multiply(a, b, options) {
  wasm();
  const { mode, out } = readOpOptions(options, 'multiply', false);
  const [A, B] = resolveOperands(readOperand(a, 'multiply: operand A'), readOperand(b, 'multiply: operand B'));
  return compute(OP.mul, A, B, mode, out, false);
}

export function divide(a, b, options) {
  wasm();
  const { mode, out, pythondiv, zeroIsError } = readOpOptions(options, 'divide', true);
  const [A, B] = resolveOperands(readOperand(a, 'divide: operand A'), readOperand(b, 'divide: operand B'));
  return compute(divisionOp(A.dtype, pythondiv), A, B, mode, out, zeroIsError);
}

export const mul = multiply;
export const div = divide;

export function broadcastShapes(shapeA, shapeB, options) {
  wasm();
  // The ops' options are accepted so one options object can serve both; only the
  // broadcasting ones matter here (the others are still checked, `out` is not used).
  const { mode } = readOpOptions(options, 'broadcastShapes', true);
  return broadcast(checkShape(shapeA, 'broadcastShapes: shape A'), checkShape(shapeB, 'broadcastShapes: shape B'), mode);
}

export function tensor(data, shape, dtype) {
  wasm();
  return residentFromHost(hostTensor(data, shape, dtype, 'tensor()'), 'tensor()');
}

export function empty(shape, dtype) {
  wasm();
  if (dtype === undefined) throw new TypeError('empty(shape, dtype): dtype is required');
  dtypeInfo(dtype);
  return allocateTensor(shape, dtype, 'empty()');
}
