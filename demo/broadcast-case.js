// Runs a case through the package: the output shape or the BroadcastError, which cell of A and B
// each result cell reads, and the values. Everything about broadcasting here is an answer of the
// package; this file only asks the questions.
import {
  multiply, divide, onnx, broadcastShapes, BroadcastError,
  float16ToNumber, bfloat16ToNumber, numberToFloat16, numberToBfloat16,
} from 'tensorwise';
import { parseShape, countOf } from './shapes.js';
import { demoValues, ownValues } from './operand-values.js';

/** Tensors of up to this many elements are drawn cell by cell; larger ones fold into a summary. */
export const DRAW_LIMIT = 16384;
// The page computes cases of up to this many elements per tensor (a few MB per array).
const COMPUTE_LIMIT = 1 << 20;
const LEGACY_OPSET = 6; // ONNX Mul/Div-6: the last version with broadcast=1 and axis

// The call that broadcasts the case: ONNX legacy mode through onnx.Mul/Div of opset 6, the
// other modes through multiply/divide with autoBroadcast.
function callerOf(c, axis) {
  if (c.mode === 'legacy') {
    const attrs = { broadcast: 1, ...(axis === undefined ? {} : { axis }) };
    return (op, x, y) => (op === 'divide' ? onnx.Div : onnx.Mul)(x, y, attrs, LEGACY_OPSET);
  }
  const options = { autoBroadcast: c.mode, ...(axis === undefined ? {} : { axis }) };
  return (op, x, y) => (op === 'divide' ? divide(x, y, { ...options, pythondiv: c.pythondiv }) : multiply(x, y, options));
}

// Which element of A and of B every result cell reads, as the module computes it: A's flat
// indices times ones gives, in each result cell, the index of the A element it read (and the
// same for B). float64 holds the indices exactly.
function sourceMaps(call, shapeA, shapeB) {
  const iota = (n) => new Float64Array(n).map((_, i) => i);
  const ones = (n) => new Float64Array(n).fill(1);
  const nA = countOf(shapeA), nB = countOf(shapeB);
  const a = call('multiply', { data: iota(nA), shape: shapeA }, { data: ones(nB), shape: shapeB });
  const b = call('multiply', { data: ones(nA), shape: shapeA }, { data: iota(nB), shape: shapeB });
  return { shape: a.shape, a: a.data, b: b.data };
}

// The numbers a result's data stand for: float16/bfloat16 bits decoded by the package.
function numbersOf(data, dtype) {
  if (dtype === 'bfloat16') return Array.from(data, bfloat16ToNumber);
  if (dtype === 'float16' && data instanceof Uint16Array) return Array.from(data, float16ToNumber);
  return Array.from(data);
}

// The values the module reads from an operand given as a plain array (it rounds them to the dtype).
function asRead(list, dtype) {
  if (dtype === 'float16') return list.map((v) => float16ToNumber(numberToFloat16(v)));
  if (dtype === 'bfloat16') return list.map((v) => bfloat16ToNumber(numberToBfloat16(v)));
  if (dtype === 'float32') return list.map(Math.fround);
  return list;
}

const TOO_LARGE = `not computed: the page computes up to ${COMPUTE_LIMIT.toLocaleString('en')} elements per tensor`;

// An operand's values: the case's own (a link may carry them) or the demo's.
function valuesOf(c, role, count) {
  if (!c.values) return demoValues(count, c.dtype, role, c.op);
  const own = c.values[role];
  if (own.length !== count) throw new RangeError(`the case gives ${own.length} values for ${role.toUpperCase()}, whose shape holds ${count}`);
  return ownValues(own, c.dtype);
}

/**
 * The case run through the package:
 * - `shapeA`, `shapeB`, `axis`: the case's numbers;
 * - `outShape`: the package's output shape, or null with `error` (a BroadcastError for shapes that
 *   do not broadcast, another error for input the package refuses);
 * - `maps`: per result cell, the flat index of the A and B element it reads (tensors up to DRAW_LIMIT);
 * - `values`: { a, b, result } as numbers (bigints for 64-bit integers); `result` is null with
 *   `computeError` (the op refused, e.g. a dtype ONNX Mul-6 does not take) or `note` (too large
 *   for the page), and all of `values` is null when the operands are too large.
 */
export function runCase(c) {
  const run = { case: c, shapeA: null, shapeB: null, axis: undefined, outShape: null, error: null,
    computeError: null, maps: null, values: null, note: null };
  try {
    run.shapeA = parseShape(c.a);
    run.shapeB = parseShape(c.b);
    run.axis = c.axis === '' ? undefined : Number(c.axis);
    const call = callerOf(c, run.axis);
    const nA = countOf(run.shapeA), nB = countOf(run.shapeB);
    // The operands' values: the page's input, drawn even when the shapes do not broadcast.
    const a = nA <= COMPUTE_LIMIT ? valuesOf(c, 'a', nA) : null;
    const b = nB <= COMPUTE_LIMIT ? valuesOf(c, 'b', nB) : null;
    if (a && b) run.values = { a: asRead(a, c.dtype), b: asRead(b, c.dtype), result: null };
    if (c.mode === 'legacy') {
      // No shape-only call takes the legacy mode: the op itself answers, on indices.
      if (nA > COMPUTE_LIMIT || nB > COMPUTE_LIMIT) throw new RangeError(`the page checks ONNX legacy cases by running the op, on up to ${COMPUTE_LIMIT.toLocaleString('en')} elements per tensor`);
      run.maps = sourceMaps(call, run.shapeA, run.shapeB);
      run.outShape = run.maps.shape;
    } else {
      run.outShape = broadcastShapes(run.shapeA, run.shapeB, { autoBroadcast: c.mode, ...(run.axis === undefined ? {} : { axis: run.axis }) });
    }
    const nOut = countOf(run.outShape);
    if (nOut > DRAW_LIMIT) run.maps = null; // only drawn cells are linked
    if (!run.values || nOut > COMPUTE_LIMIT) {
      run.note = TOO_LARGE;
      return run;
    }
    if (!run.maps && nOut <= DRAW_LIMIT) run.maps = sourceMaps(call, run.shapeA, run.shapeB);
    try {
      const result = call(c.op, { data: a, shape: run.shapeA, dtype: c.dtype }, { data: b, shape: run.shapeB, dtype: c.dtype });
      run.values.result = numbersOf(result.data, c.dtype);
    } catch (e) {
      run.computeError = e;
    }
  } catch (e) {
    run.error = e;
    run.maps = null;
    if (!(e instanceof BroadcastError)) run.values = null;
  }
  return run;
}

