// Runs a case through the package: the output shape or the BroadcastError, how the shapes align,
// which cell of A and B each result cell reads, and the values. Everything about broadcasting
// here is an answer of the package; this file only asks the questions.
import * as tensorwise from 'tensorwise';
import { broadcastShapes, BroadcastError, dtypes, ops } from 'tensorwise';
import { parseShape, countOf } from './shapes.js';
import { demoValues, ownValues } from './operand-values.js';

/** Tensors of up to this many elements are drawn cell by cell; larger ones fold into a summary. */
export const DRAW_LIMIT = 16384;
// The page computes cases of up to this many elements per tensor (a few MB per array).
const COMPUTE_LIMIT = 1 << 20;

/**
 * The ops the page teaches broadcasting with: those of two operands (ops() says each one's arity;
 * one that takes integers only shows its TypeError on a float dtype, as a call would).
 */
export const binaryOps = () => ops().filter((op) => op.arity === 2);
/** The package's ops and dtypes by name (after init()). */
export const opByName = (name) => binaryOps().find((op) => op.name === name) ?? binaryOps()[0];
export const dtypeByName = (name) => dtypes().find((d) => d.name === name) ?? dtypes()[0];

// The case's broadcasting options, as the ops and broadcastShapes take them.
const broadcastOptions = (c, axis) => ({ autoBroadcast: c.mode, ...(axis === undefined ? {} : { axis }) });

// The call that broadcasts the case: the op's public function with the case's options.
function callerOf(c, axis) {
  const options = broadcastOptions(c, axis);
  return (op, x, y) => tensorwise[op.name](x, y, op.pythondiv ? { ...options, pythondiv: c.pythondiv } : options);
}

// Which element of A and of B every result cell reads, as the module computes it: A's flat
// indices times ones gives, in each result cell, the index of the A element it read (and the
// same for B). float64 holds the indices exactly.
function sourceMaps(call, shapeA, shapeB) {
  const iota = (n) => new Float64Array(n).map((_, i) => i);
  const ones = (n) => new Float64Array(n).fill(1);
  const nA = countOf(shapeA), nB = countOf(shapeB);
  const multiply = opByName('multiply');
  const a = call(multiply, { data: iota(nA), shape: shapeA }, { data: ones(nB), shape: shapeB });
  const b = call(multiply, { data: ones(nA), shape: shapeA }, { data: iota(nB), shape: shapeB });
  return { shape: a.shape, a: a.data, b: b.data };
}

// The numbers a result's data stand for: narrow floats carried as bits decoded by the package.
function numbersOf(data, dtype) {
  const bits = dtype.toNumber !== undefined && data.constructor.name === dtype.carriers.at(-1);
  return bits ? Array.from(data, dtype.toNumber) : Array.from(data);
}

// The values the module reads from an operand given as a plain array (it rounds them to the
// dtype): the narrow floats through the package's codecs, float32 by Math.fround.
function asRead(list, dtype) {
  if (dtype.fromNumber !== undefined) return list.map((v) => dtype.toNumber(dtype.fromNumber(v)));
  if (dtype.kind === 'floating' && dtype.bytes === 4) return list.map(Math.fround);
  return list;
}

const TOO_LARGE = `not computed: the page computes up to ${COMPUTE_LIMIT.toLocaleString('en')} elements per tensor`;

// An operand's values: the case's own (a link may carry them) or the demo's.
function valuesOf(c, role, count, dtype, op) {
  if (!c.values) return demoValues(count, dtype, role, op);
  const own = c.values[role];
  if (own.length !== count) throw new RangeError(`the case gives ${own.length} values for ${role.toUpperCase()}, whose shape holds ${count}`);
  return ownValues(own, dtype);
}

/**
 * The case run through the package:
 * - `shapeA`, `shapeB`, `axis`: the case's numbers; `op`, `dtype`: the package's records of them;
 * - `outShape`: the package's output shape, or null with `error` (a BroadcastError for shapes that
 *   do not broadcast, another error for input the package refuses);
 * - `aligned`: how the package aligns the shapes (broadcastShapes with explain), also when they
 *   do not broadcast;
 * - `maps`: per result cell, the flat index of the A and B element it reads (tensors up to DRAW_LIMIT);
 * - `values`: { a, b, result } as numbers (bigints for 64-bit integers); `result` is null with
 *   `computeError` (the op refused) or `note` (too large for the page), and all of `values` is
 *   null when the operands are too large.
 */
export function runCase(c) {
  const run = { case: c, op: opByName(c.op), dtype: dtypeByName(c.dtype), shapeA: null, shapeB: null, axis: undefined,
    outShape: null, aligned: null, error: null, computeError: null, maps: null, values: null, note: null };
  try {
    run.shapeA = parseShape(c.a);
    run.shapeB = parseShape(c.b);
    run.axis = c.axis === '' ? undefined : Number(c.axis);
    const call = callerOf(c, run.axis);
    const nA = countOf(run.shapeA), nB = countOf(run.shapeB);
    // The operands' values: the page's input, drawn even when the shapes do not broadcast.
    const a = nA <= COMPUTE_LIMIT ? valuesOf(c, 'a', nA, run.dtype, run.op) : null;
    const b = nB <= COMPUTE_LIMIT ? valuesOf(c, 'b', nB, run.dtype, run.op) : null;
    if (a && b) run.values = { a: asRead(a, run.dtype), b: asRead(b, run.dtype), result: null };
    run.aligned = broadcastShapes(run.shapeA, run.shapeB, { ...broadcastOptions(c, run.axis), explain: true });
    if (run.aligned.error) throw run.aligned.error;
    run.outShape = run.aligned.shape;
    const nOut = countOf(run.outShape);
    if (!run.values || nOut > COMPUTE_LIMIT) {
      run.note = TOO_LARGE;
      return run;
    }
    if (nOut <= DRAW_LIMIT) run.maps = sourceMaps(call, run.shapeA, run.shapeB);
    try {
      const result = call(run.op, { data: a, shape: run.shapeA, dtype: c.dtype }, { data: b, shape: run.shapeB, dtype: c.dtype });
      run.values.result = numbersOf(result.data, run.dtype);
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
